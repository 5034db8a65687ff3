//! The decisions the game waits on when no event is in flight: the play phase (every legal
//! use of every hand card, then ending the phase) and the discard phase (one hand card at a
//! time). Questions asked mid-resolution are made by the rules that ask them.

use bevy_ecs::prelude::*;

use super::cards::{self, View};
use super::state::{Phase, SgsState};
use super::{Sgs, SgsAction};
use alea::kernel::{Decision, Rules, Table, Turn};

/// Fills `decision` for the current seat, or ends the game.
pub(super) fn decide(
    rules: &Rules<Sgs>,
    _: &World,
    table: &Table,
    state: &SgsState,
    decision: &mut Decision<SgsAction>,
) {
    let seat = state.current;
    if state.outcome.is_over() || !state.alive(seat) {
        decision.finish();
        return;
    }
    let hand = state.holdings.hand(seat);
    decision.turn = Turn::Player(seat);
    decision.choices.clear();
    match state.phase {
        Phase::Play => {
            let view = View {
                deck: &rules.game.deck,
                state,
                seats: table.seats,
            };
            for card in hand {
                cards::uses(&view, seat, card, &mut decision.choices);
            }
            decision.choices.push(SgsAction::End);
        }
        Phase::Discard => decision
            .choices
            .extend(hand.map(|card| SgsAction::Discard { card })),
        // Every other phase moves on by itself: idle there, the game cannot go on.
        _ => decision.finish(),
    }
}
