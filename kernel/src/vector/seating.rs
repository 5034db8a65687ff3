//! A single-agent batch ([`VectorEnv::against`](super::VectorEnv::against)): one learner's
//! seat, every other seat played inside the env by the game's own players
//! ([`Encode::player`]).

use std::sync::{Mutex, PoisonError};

use crate::encode::Encode;
use crate::kernel::{Seat, Sim, Turn};
use crate::search::Policy;

use super::{EnvError, VectorError};

/// `seat` as a seat of a game of `seats` seats, or why it is not one (a single-agent batch's
/// learner, as [`VectorEnv::against`](super::VectorEnv::against) and Python check it).
pub fn learner_seat(seat: i64, seats: usize) -> Result<u8, VectorError> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| usize::from(s) < seats)
        .ok_or_else(|| {
            VectorError::Setup(format!(
                "seat {seat}: the game has {seats} seats (0 to {})",
                seats.saturating_sub(1)
            ))
        })
}

/// Who plays which seat: the learner's seat, and the other seats' player names.
#[derive(Clone, Debug)]
pub(super) struct Seating {
    pub(super) learner: Seat,
    /// By seat; `None` at the learner's.
    names: Vec<Option<String>>,
}

impl Seating {
    /// The learner at `learner`; the other seats, in seat order, played by `opponents` (a
    /// shorter list repeats its last name). Every name is checked by building its player.
    pub(super) fn new<G: Encode>(
        game: &G,
        learner: u8,
        opponents: &[String],
    ) -> Result<Seating, VectorError> {
        let seats = game.seats();
        let learner = learner_seat(i64::from(learner), usize::from(seats))?;
        let Some(last) = opponents.last() else {
            return Err(VectorError::Setup(
                "opponents: name at least one player".into(),
            ));
        };
        let others = usize::from(seats) - 1;
        if opponents.len() > others {
            return Err(VectorError::Setup(format!(
                "opponents: {} players for the {others} other seats",
                opponents.len()
            )));
        }
        for name in opponents {
            game.player(name, 0)
                .map_err(|e| VectorError::Setup(format!("opponents: {e}")))?;
        }
        let mut names = opponents.iter().chain(std::iter::repeat(last));
        let names = (0..seats)
            .map(|seat| (seat != learner).then(|| names.next().cloned()).flatten())
            .collect();
        Ok(Seating {
            learner: Seat(learner),
            names,
        })
    }
}

/// One env's opponents for its episode.
pub(super) struct Opponents<G: Encode> {
    /// By seat; `None` at the learner's. Behind a `Mutex` only so that a batch is `Sync`
    /// (a [`Policy`] need only be `Send`): it is reached through `&mut`, never locked.
    players: Mutex<Vec<Option<Box<dyn Policy<G>>>>>,
}

impl<G: Encode> Opponents<G> {
    /// No opponents (a batch every seat of which the caller plays).
    pub(super) fn none() -> Opponents<G> {
        Opponents {
            players: Mutex::new(Vec::new()),
        }
    }

    /// Seats `seating`'s players for an episode, seat `s`'s seeded from `(seed, s)`.
    pub(super) fn seat(&mut self, game: &G, seating: &Seating, seed: u64) -> Result<(), EnvError> {
        let players = self
            .players
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        players.clear();
        for (seat, name) in seating.names.iter().enumerate() {
            let player = match name {
                Some(name) => Some(game.player(name, crate::chance::sub_seed(seed, seat as u64))?),
                None => None,
            };
            players.push(player);
        }
        Ok(())
    }

    /// Plays the opponents' moves until `learner` is to move or the game is over.
    pub(super) fn play(&mut self, sim: &mut Sim<G>, learner: Seat) -> Result<(), EnvError> {
        let players = self
            .players
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        while let Turn::Player(seat) = sim.turn() {
            if seat == learner {
                break;
            }
            let player = players
                .get_mut(seat.index())
                .and_then(Option::as_mut)
                .ok_or(EnvError::Unseated(seat))?;
            let action = player.act(sim)?;
            sim.apply(action)?;
        }
        Ok(())
    }
}
