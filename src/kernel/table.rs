//! The [`Table`] resource: how many seats, whose turn, which round.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use super::Seat;

/// Seats, the active seat and the round number. Listener order measures seat distance from
/// [`Table::active`]. Change the round with [`start_round`] (or
/// [`Ctx::start_round`](crate::pipeline::Ctx::start_round)), which re-keys the chance streams
/// to it too.
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

/// Starts round `round`: sets [`Table::round`] and re-keys every chance stream to
/// `(seed, purpose, round)`, so a round's randomness does not depend on how much earlier
/// rounds drew (a replay or a search can start at any round).
pub fn start_round(world: &mut World, round: u32) {
    world.resource_mut::<Table>().round = round;
    world
        .resource_mut::<crate::chance::Streams>()
        .start_round(round);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::{Purpose, Streams};
    use rand::Rng;

    #[test]
    fn start_round_sets_the_round_and_rekeys_the_streams() {
        let mut world = World::new();
        world.insert_resource(Table::new(4));
        world.insert_resource(Streams::new(9));
        world
            .resource_mut::<Streams>()
            .rng(Purpose::Deal)
            .next_u64();
        start_round(&mut world, 3);
        assert_eq!(world.resource::<Table>().round, 3);
        let drawn = world
            .resource_mut::<Streams>()
            .rng(Purpose::Deal)
            .next_u64();
        let fresh = Streams::at_round(9, 3).rng(Purpose::Deal).next_u64();
        assert_eq!(drawn, fresh);
    }
}
