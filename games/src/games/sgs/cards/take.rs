//! Choosing a card of another seat for dismantlement and snatch: any face-up card of its
//! equipment area by name, or one of its hand cards blind — which one is a chance point
//! ([`Pick`]), as a face-down choice is random to the chooser. No question when there is
//! only one way to choose.

use super::answer::Pick;
use super::handler::take_answer;
use crate::games::sgs::board::move_card;
use crate::games::sgs::holdings::Holdings;
use crate::games::sgs::state::Question;
use crate::games::sgs::{Sgs, SgsAction, SgsEvent};
use alea::kernel::{Seat, Zone};
use alea::pipeline::{Ctx, Flow};

/// What choosing came to.
enum Chosen {
    /// This card.
    Card(u8),
    /// The user must choose first (return this flow).
    Asked(Flow),
    /// Nothing to take: a seat is dead or the target holds no card.
    Nothing,
}

/// The effect of dismantlement (`taker` `None`: the card is discarded) and of snatch
/// (`Some(user)`: it goes to the user's hand): `user` chooses one of `target`'s cards.
pub(super) fn take_card(
    ctx: &mut Ctx<'_, Sgs>,
    user: Seat,
    target: Seat,
    taker: Option<Seat>,
) -> Flow {
    match choose(ctx, user, target) {
        Chosen::Card(card) => {
            move_card(ctx, card, taker.map_or(Zone::DiscardPile, Zone::Hand));
            ctx.emit(SgsEvent::Lost {
                from: target,
                card,
                to: taker,
            });
            Flow::Continue
        }
        Chosen::Asked(flow) => flow,
        Chosen::Nothing => Flow::Continue,
    }
}

/// `user` chooses a card of `target`'s hand and equipment: asks when there is a choice,
/// resolves the answer when resumed.
fn choose(ctx: &mut Ctx<'_, Sgs>, user: Seat, target: Seat) -> Chosen {
    let state = ctx.state();
    if !state.alive(user) || !state.alive(target) {
        return Chosen::Nothing;
    }
    let holdings = state.holdings;
    let equipment = holdings.equipment(target);
    let hand = holdings.hand(target).len();
    match take_answer(ctx, user) {
        Some(SgsAction::Take { card }) if equipment.clone().any(|c| c == card) => {
            return Chosen::Card(card);
        }
        Some(SgsAction::TakeHand) if hand > 0 => {
            return Chosen::Card(blind(ctx, &holdings, target));
        }
        _ => {}
    }
    match (equipment.len(), hand) {
        (0, 0) => Chosen::Nothing,
        (0, _) => Chosen::Card(blind(ctx, &holdings, target)),
        (1, 0) => match equipment.clone().next() {
            Some(card) => Chosen::Card(card),
            None => Chosen::Nothing,
        },
        _ => {
            ctx.state().question = Question::Choose;
            let take = equipment.map(|card| SgsAction::Take { card });
            let blind = (hand > 0).then_some(SgsAction::TakeHand);
            Chosen::Asked(ctx.ask(user, take.chain(blind)))
        }
    }
}

/// One of `target`'s hand cards, by the chance point.
fn blind(ctx: &mut Ctx<'_, Sgs>, holdings: &Holdings, target: Seat) -> u8 {
    ctx.chance(&Pick::among("blind_pick", holdings.hand(target)))
}
