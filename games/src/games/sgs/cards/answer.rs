//! Answering questions: who is asked, in which order, and which card is played.
//!
//! Only a seat that can answer is asked; a seat that cannot passes unasked, and its pass goes
//! into the public history exactly like a chosen one — so whether a seat was asked reveals
//! nothing about its hand. The copy played in answer (any jink answers a slash) is picked at
//! random among the seat's copies, a chance point ([`Pick`]): a fixed rule (the first copy in
//! deck order) would tell the table which copies the seat does not hold.

use crate::games::sgs::board::move_card;
use crate::games::sgs::deck::{CardName, MAX_CARDS};
use crate::games::sgs::holdings::Cards;
use crate::games::sgs::state::Question;
use crate::games::sgs::{Sgs, SgsAction, SgsEvent};
use alea::chance::{CaseGenerator, Purpose};
use alea::kernel::{Seat, Zone};
use alea::pipeline::{Ctx, Flow};

/// A card picked uniformly at random among a set: case `k` is the `k`-th card in deck order.
pub struct Pick {
    name: &'static str,
    cards: [u8; MAX_CARDS],
    len: usize,
}

impl Pick {
    /// The pick among `cards`, named `name` in chance logs.
    pub fn among(name: &'static str, cards: Cards) -> Self {
        let mut pick = Pick {
            name,
            cards: [0; MAX_CARDS],
            len: 0,
        };
        for card in cards {
            pick.cards[pick.len] = card;
            pick.len += 1;
        }
        pick
    }
}

impl CaseGenerator for Pick {
    type Outcome = u8;
    fn name(&self) -> &'static str {
        self.name
    }
    fn max_case(&self) -> u32 {
        self.len as u32
    }
    fn produce(&self, case: u32) -> u8 {
        self.cards[case as usize]
    }
    /// The card's id: the same card is the same outcome whatever the hand around it.
    fn outcome_id(&self, case: u32) -> Option<u32> {
        Some(u32::from(self.produce(case)))
    }
    fn purpose(&self) -> Purpose {
        Purpose::Effect
    }
}

/// The cards named `name` in `seat`'s hand.
fn copies(ctx: &mut Ctx<'_, Sgs>, seat: Seat, name: CardName) -> Cards {
    let deck = &ctx.game().deck;
    let hand = ctx.state().holdings.hand(seat);
    Cards(
        hand.filter(|&c| deck.card(c).name == name)
            .fold(0, |set, c| set | 1 << c),
    )
}

/// True when `seat` holds a card named `name`.
pub(crate) fn holds(ctx: &mut Ctx<'_, Sgs>, seat: Seat, name: CardName) -> bool {
    copies(ctx, seat, name).0 != 0
}

/// `seat` plays a card named `name` from its hand (a random copy when it holds several) into
/// the discard pile; `None` when it holds none.
pub(crate) fn play(ctx: &mut Ctx<'_, Sgs>, seat: Seat, name: CardName) -> Option<u8> {
    let copies = copies(ctx, seat, name);
    let card = match copies.len() {
        0 => return None,
        1 => copies.clone().next()?,
        _ => ctx.chance(&Pick::among("copy_played", copies)),
    };
    move_card(ctx, card, Zone::DiscardPile);
    ctx.emit(SgsEvent::Played { seat, card });
    Some(card)
}

/// Asks `seat` `question`, to answer with a card named in `names` or pass; a seat with none
/// of them passes unasked (`None`).
pub(crate) fn ask(
    ctx: &mut Ctx<'_, Sgs>,
    seat: Seat,
    question: Question,
    names: [Option<CardName>; 2],
) -> Option<Flow> {
    if names.iter().all(Option::is_none) {
        ctx.state().pass(seat, question);
        return None;
    }
    ctx.state().question = question;
    let answers = names.into_iter().flatten().map(SgsAction::Respond);
    Some(ctx.ask(seat, answers.chain([SgsAction::Pass])))
}

/// Asks the living seats in turn from the current seat, from the `*asked`-th on, what
/// `names(ctx, seat)` says each may answer with: returns the flow of the first question
/// asked, or `None` once every seat has passed (the dead are skipped).
pub(crate) fn ask_in_turn(
    ctx: &mut Ctx<'_, Sgs>,
    asked: &mut u8,
    question: Question,
    mut names: impl FnMut(&mut Ctx<'_, Sgs>, Seat) -> [Option<CardName>; 2],
) -> Option<Flow> {
    let seats = ctx.table().seats;
    while *asked < seats {
        let seat = asked_seat(ctx, *asked);
        if ctx.state().alive(seat) {
            let can = names(ctx, seat);
            if let Some(flow) = ask(ctx, seat, question, can) {
                return Some(flow);
            }
        }
        *asked += 1;
    }
    None
}

/// The seat asked `asked`-th, counting from the current seat.
pub(crate) fn asked_seat(ctx: &mut Ctx<'_, Sgs>, asked: u8) -> Seat {
    let seats = ctx.table().seats;
    let first = ctx.state().current;
    Seat((first.0 + asked) % seats.max(1))
}
