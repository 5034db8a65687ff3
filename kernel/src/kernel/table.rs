//! The [`Table`]: how many seats, whose turn, which round.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use super::Seat;

/// Seats, the active seat and the round number. Listener order measures seat distance from
/// [`Table::active`]. It lives in the pipeline's state
/// ([`ResolutionState::table`](crate::pipeline::ResolutionState::table)), next to the game's
/// own [`Game::State`](super::Game::State): handlers reach it through [`Ctx::table`](crate::pipeline::Ctx::table),
/// [`Game::translate`](super::Game::translate), [`Game::next_decision`](super::Game::next_decision) and [`Game::returns`](super::Game::returns) receive it, and outside
/// the pipeline [`Sim::table`](super::Sim::table) and [`Sim::table_mut`](super::Sim::table_mut)
/// reach it. Change the round with [`Ctx::start_round`](crate::pipeline::Ctx::start_round) (or
/// [`start_round`]), which re-keys the chance streams to it too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Table {
    /// Number of seats.
    pub seats: u8,
    /// The seat whose turn it is.
    pub active: Seat,
    /// The round (hand, deal) number, from 0.
    pub round: u32,
}

impl Table {
    /// A table of `seats` seats, seat 0 active, round 0.
    pub fn new(seats: u8) -> Self {
        Table {
            seats,
            active: Seat(0),
            round: 0,
        }
    }

    /// Makes the next seat active and returns it.
    pub fn pass_turn(&mut self) -> Seat {
        self.active = self.active.next(self.seats);
        self.active
    }
}

/// Starts round `round` on `table`: sets [`Table::round`] and re-keys every chance stream of
/// `world` to `(seed, purpose, round)`, so a round's randomness does not depend on how much
/// earlier rounds drew (a replay or a search can start at any round). Inside the pipeline the
/// table comes from [`Ctx::world_and_table`](crate::pipeline::Ctx::world_and_table) (or call
/// [`Ctx::start_round`](crate::pipeline::Ctx::start_round)); outside it from
/// [`Sim::with_world_and_table`](super::Sim::with_world_and_table) or
/// [`Setup::with_world_and_table`](super::Setup::with_world_and_table).
pub fn start_round(world: &mut World, table: &mut Table, round: u32) {
    table.round = round;
    world
        .resource_mut::<crate::chance::Streams>()
        .start_round(round);
}
