//! Scenario-test helpers: a game set out from a position file, actions by card notation.

use bevy_ecs::prelude::*;

use crate::games::sgs::board::{Board, CardListeners};
use crate::games::sgs::{Card, Position, Sgs, SgsAction, SgsEvent};
use alea::kernel::{Seat, Sim, SimBuilder, Zone};
use alea::pipeline::LoggedEvent;

/// A game set out from `json` (a position file), recording its events.
pub fn scenario(json: &str) -> Sim<Sgs> {
    let position = Position::from_json(json, &Sgs::default().deck).expect("a valid position");
    let mut sim = SimBuilder::new(Sgs::default().with_position(position))
        .seed(1)
        .build();
    sim.record_events(true);
    sim
}

/// Applies `action`, which must be legal.
pub fn apply(sim: &mut Sim<Sgs>, action: SgsAction) {
    let legal = sim.legal_actions().to_vec();
    sim.apply(action)
        .unwrap_or_else(|e| panic!("{action:?} is refused ({e}); legal: {legal:?}"));
}

/// The deck index of the first copy of `card` (notation).
pub fn card_index(sim: &Sim<Sgs>, card: &str) -> u8 {
    let card: Card = card.parse().expect("notation");
    sim.rules()
        .game
        .deck
        .copies(card)
        .next()
        .expect("in the deck")
}

/// Use (the first copy of) `card` on `target` (`None`: oneself).
fn use_card(card: &str, target: Option<Seat>) -> SgsAction {
    let card: Card = card.parse().expect("notation");
    let card = Sgs::default()
        .deck
        .copies(card)
        .next()
        .expect("in the deck");
    SgsAction::Use { card, target }
}

/// Use `card` on seat `target`.
pub fn use_on(card: &str, target: u8) -> SgsAction {
    use_card(card, Some(Seat(target)))
}

/// Use `card` on oneself.
pub fn use_self(card: &str) -> SgsAction {
    use_card(card, None)
}

/// The seats the legal uses aim at, in order (repeats for several cards).
pub fn targets(sim: &Sim<Sgs>) -> Vec<Seat> {
    sim.legal_actions()
        .iter()
        .filter_map(|a| match a {
            SgsAction::Use { target, .. } => *target,
            _ => None,
        })
        .collect()
}

/// `seat`'s hp.
pub fn hp(sim: &Sim<Sgs>, seat: u8) -> i8 {
    sim.state().seats[usize::from(seat)].hp
}

/// Where the first copy of `card` is.
pub fn zone(sim: &Sim<Sgs>, card: &str) -> Zone {
    Board::read(sim.rules(), sim.world()).zone(card_index(sim, card))
}

/// How many cards are in `zone`.
pub fn count(sim: &Sim<Sgs>, zone: Zone) -> usize {
    Board::read(sim.rules(), sim.world()).count(zone)
}

/// The events recorded so far.
pub fn events(sim: &Sim<Sgs>) -> Vec<LoggedEvent<SgsEvent>> {
    sim.events().to_vec()
}

/// True when some recorded event matches.
pub fn played(sim: &Sim<Sgs>, matches: impl Fn(&SgsEvent) -> bool) -> bool {
    sim.events().iter().any(|e| matches(&e.event))
}

/// The first listener entity of `card`.
pub fn listener_of(sim: &Sim<Sgs>, card: &str) -> Entity {
    let index = card_index(sim, card);
    sim.world()
        .resource::<CardListeners>()
        .0
        .iter()
        .find(|(c, _)| *c == index)
        .map(|&(_, e)| e)
        .expect("an equipment card")
}
