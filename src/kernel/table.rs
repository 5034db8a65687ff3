//! The [`Table`] resource: how many seats, whose turn, which round.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use super::Seat;

/// Seats, the active seat and the round number. Listener order measures seat distance from
/// [`Table::active`]; chance streams are re-keyed by [`Table::round`].
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
