//! One conformance suite every game passes (cargo feature `testing`): OpenSpiel's
//! `basic_tests.h` in shape. A game's test is one line:
//!
//! ```
//! # #[cfg(feature = "testing")] {
//! use alea_games::games::pig::Pig;
//! let report = alea::testing::conformance_encoded(Pig::default(), 0..3);
//! assert!(report.chance_nodes > 0);
//! # }
//! ```
//!
//! Over a random playout from each seed ([`random_player_rng`](crate::kernel::playout::random_player_rng)),
//! at every decision it checks:
//!
//! - **games end** within [`Conformance::max_actions`], a seat asked has a choice, the action
//!   taken applies, and no panic escapes the game's code;
//! - **snapshot → play → restore** gives the same checksum and the same world: no component
//!   inserted or removed, nothing outside the snapshots changed (see
//!   [`SnapshotError::Unregistered`](crate::snapshot::SnapshotError::Unregistered)) — the trap of a game value a search would leave
//!   changed;
//! - **every listed chance outcome applies**: the chance node an action leads to
//!   ([`chance_outcomes`](crate::search::chance_outcomes)) has probabilities summing to 1, and
//!   each outcome with a positive probability applies when forced, with that probability;
//! - **encodings** (with [`conformance_encoded`]): ids in range, distinct and found again,
//!   observations of the stated shape and finite, words for every action;
//!
//! and every few decisions ([`Conformance::every`]):
//!
//! - **a search leaves the world as it found it** (ISMCTS for hidden-information games, MCTS
//!   otherwise);
//! - **determinize keeps the viewer's information**: for each seat, its information key
//!   ([`Sim::info_key`](crate::kernel::Sim::info_key)), what it holds and sees (cards and dice in its own and the public
//!   zones), its observation, and — when it moves — the legal actions;
//! - **the views agree**: after the same action in worlds a seat cannot tell apart (the one
//!   determinized for it and the real one with the same random streams, the real one with
//!   other streams), positions that leave it equal information keys show it equal events
//!   ([`Game::seen_by`]), observations and visible zones ([`Conformance::sees`]); re-dealing
//!   for another seat that changes what this seat holds changes its key and its observation;
//!   equal keys after setup come from equal setup events shown (`seen_by`, over all the seeds);
//!   with [`Conformance::perfect_recall`], equal keys come from equal histories of the
//!   actions it saw.
//!
//! At the end, replaying the recorded actions from the seed gives the same checksum, and (with
//! [`conformance_encoded`]) a game that restarts in place
//! ([`Encode::restart`]) restarted with the seed is the game
//! built with it: the same checksum and the same decision, and the finished game's measures
//! ([`Encode::measures`]) hold a finite value per seat under
//! distinct names. A
//! failure names the game, the seed, the action (its index in the game: 0 is the first) and
//! the property ([`Failure`]).

mod census;
mod check;
mod conformance;
mod mark;
mod recall;
mod report;
mod views;

pub use census::check_census;
pub use conformance::{Conformance, sees_by_default};
pub use report::{Failure, Property, Report};

use crate::encode::Encode;
use crate::kernel::Game;

/// Runs the suite on `game` over a random playout from each of `seeds`, with the default
/// settings ([`Conformance`]); returns what was checked.
///
/// # Panics
/// With the [`Failure`]'s message when a property is broken.
pub fn conformance<G: Game>(game: G, seeds: impl IntoIterator<Item = u64>) -> Report {
    Conformance::new(game).seeds(seeds).assert()
}

/// [`conformance`], with the [`Encode`] checks too (ids, observations, and the observation in
/// the determinization and view checks).
///
/// # Panics
/// With the [`Failure`]'s message when a property is broken.
pub fn conformance_encoded<G: Encode>(game: G, seeds: impl IntoIterator<Item = u64>) -> Report {
    Conformance::new(game).seeds(seeds).encoded().assert()
}

impl<G: Game> Conformance<G> {
    /// Runs the suite; the first broken property is the error.
    pub fn run(&self) -> Result<Report, Failure> {
        let mut report = Report::default();
        let mut recall = recall::Recall::default();
        for &seed in &self.seeds {
            check::game(self, seed, &mut recall, &mut report)?;
            report.seeds += 1;
        }
        Ok(report)
    }

    /// [`run`](Self::run), panicking with the failure's message.
    ///
    /// # Panics
    /// When a property is broken.
    pub fn assert(&self) -> Report {
        self.run().unwrap_or_else(|failure| panic!("{failure}"))
    }
}

impl<G: Encode> Conformance<G> {
    /// Checks the game's [`Encode`] too: ids and observations at every decision, the
    /// observation in the determinization and view checks, chance nodes within
    /// [`Bounds::max_chance_outcomes`](crate::encode::Bounds::max_chance_outcomes), the
    /// restart and the measures of the finished game.
    pub fn encoded(mut self) -> Self {
        self.encoded = Some(conformance::Encoded::of());
        self
    }
}
