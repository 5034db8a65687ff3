//! What a card's handlers are written against: the listener an equipment card carries, the card
//! a listener belongs to, the answer that resumed a handler, and what a seat sees to decide.

use bevy_ecs::prelude::*;

use crate::games::sgs::deck::Deck;
use crate::games::sgs::state::{Question, SgsState};
use crate::games::sgs::{Sgs, SgsAction};
use alea::kernel::{HandlerFn, Seat};
use alea::pipeline::{Ctx, Timing};

/// A listener an equipment card carries: it is spawned (disabled) with the card and enabled
/// while the card is worn.
pub(in crate::games::sgs) struct ListenerSpec {
    /// The event kind it listens to.
    pub event: alea::kernel::EventKind,
    /// Before or after the rules.
    pub timing: Timing,
    /// Higher runs first.
    pub priority: i16,
    /// The handler's registered name (spans, logs).
    pub name: &'static str,
    /// The handler.
    pub run: HandlerFn<Sgs>,
}

/// Which equipment card a listener belongs to (its deck index). Fixed at setup.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[component(immutable)]
pub struct OfCard(pub u8);

/// The card a listener belongs to.
pub(in crate::games::sgs) fn card_of(ctx: &mut Ctx<'_, Sgs>) -> Option<u8> {
    let entity = ctx.listener()?;
    ctx.world().get::<OfCard>(entity).map(|c| c.0)
}

/// The answer that resumed this handler, if any, for the seat that was asked: folded into the
/// public history, and the question is over.
pub(in crate::games::sgs) fn take_answer(ctx: &mut Ctx<'_, Sgs>, seat: Seat) -> Option<SgsAction> {
    let answer = ctx.answer()?;
    let state = ctx.state();
    match answer {
        SgsAction::Pass => state.pass(seat, state.question),
        _ => state.remember(seat, answer),
    }
    state.question = Question::None;
    Some(answer)
}

/// What a seat in its play phase sees to decide: the deck and the state.
pub(in crate::games::sgs) struct View<'a> {
    /// The cards.
    pub deck: &'a Deck,
    /// The game's state (its holdings say who holds what).
    pub state: &'a SgsState,
    /// Seats at the table.
    pub seats: u8,
}

impl View<'_> {
    /// The living seats other than `seat`, in seat order.
    pub fn others(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats)
            .map(Seat)
            .filter(move |&s| s != seat && self.state.alive(s))
    }
}
