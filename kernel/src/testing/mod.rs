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
//!   ([`Sim::info_key`]), what it holds and sees (cards and dice in its own and the public
//!   zones), its observation, and — when it moves — the legal actions;
//! - **the views agree**: after the same action in worlds a seat cannot tell apart (the one
//!   determinized for it and the real one with the same random streams, the real one with
//!   other streams), positions that leave it equal information keys show it equal events
//!   ([`Game::seen_by`]), observations and visible zones ([`Conformance::sees`]); re-dealing
//!   for another seat that changes what this seat holds changes its key and its observation;
//!   with [`Conformance::perfect_recall`], equal keys come from equal histories of the
//!   actions it saw.
//!
//! At the end, replaying the recorded actions from the seed gives the same checksum. A
//! failure names the game, the seed, the action (its index in the game: 0 is the first) and
//! the property ([`Failure`]).

mod check;
mod mark;
mod recall;
mod views;

pub use crate::pipeline::check_census;
pub use views::sees_by_default;

use crate::encode::Encode;
use crate::kernel::{Game, Seat, Sim};

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

/// The suite's settings: the game, the seeds, how long a game may last and how often the
/// costly checks run.
pub struct Conformance<G: Game> {
    game: G,
    seeds: Vec<u64>,
    max_actions: u32,
    every: u32,
    simulations: u64,
    perfect_recall: bool,
    sees: fn(Seat, crate::kernel::Zone) -> bool,
    encoded: Option<check::Encoded<G>>,
}

impl<G: Game> Conformance<G> {
    /// The suite for `game`: seeds 0 to 4, games of at most 20 000 actions, the costly checks
    /// every 8 decisions with searches of 24 simulations.
    pub fn new(game: G) -> Self {
        Conformance {
            game,
            seeds: (0..5).collect(),
            max_actions: 20_000,
            every: 8,
            simulations: 24,
            perfect_recall: false,
            sees: sees_by_default,
            encoded: None,
        }
    }

    /// Plays one game from each of `seeds`.
    pub fn seeds(mut self, seeds: impl IntoIterator<Item = u64>) -> Self {
        self.seeds = seeds.into_iter().collect();
        self
    }

    /// A game still running after `actions` decisions fails "games end".
    pub fn max_actions(mut self, actions: u32) -> Self {
        self.max_actions = actions;
        self
    }

    /// Runs the search, determinization and view checks at every `n`-th decision (1: at each).
    pub fn every(mut self, n: u32) -> Self {
        self.every = n.max(1);
        self
    }

    /// The simulations of each search the suite runs.
    pub fn simulations(mut self, simulations: u64) -> Self {
        self.simulations = simulations.max(1);
        self
    }

    /// Checks perfect recall too (hidden-information games): a seat's information key is
    /// never the same after two different histories of the actions it saw (another seat's
    /// private answer counts as "that seat acted"), over all the games of the run. OpenSpiel's
    /// information states have it (Leduc's and sgs's keys here too); a key that keeps the
    /// position only (the duel's, riichi's, sichuan's: a pass in a claim window changes no key)
    /// does not, and search then pools positions reached differently. A game whose `observe`
    /// is meant to remember the history — the bids, the bets — turns it on: forgetting a
    /// public action or a public value the rules keep is the bug it catches.
    pub fn perfect_recall(mut self) -> Self {
        self.perfect_recall = true;
        self
    }

    /// Which zones a seat sees the cards and dice of, for the determinization and view
    /// checks (default [`sees_by_default`]): a game with face-down cards on the table, or
    /// open hands, says so here.
    pub fn sees(mut self, sees: fn(Seat, crate::kernel::Zone) -> bool) -> Self {
        self.sees = sees;
        self
    }

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
    /// [`Bounds::max_chance_outcomes`](crate::encode::Bounds::max_chance_outcomes).
    pub fn encoded(mut self) -> Self {
        self.encoded = Some(check::Encoded::of());
        self
    }
}

/// What a passing run checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub seeds: u64,
    /// Decisions taken (each with the per-decision checks).
    pub decisions: u64,
    /// Chance nodes the actions taken led to.
    pub chance_nodes: u64,
    /// Outcomes of those nodes applied.
    pub outcomes: u64,
    /// Searches run.
    pub searches: u64,
    /// Determinizations checked (one per seat per checked decision).
    pub determinizations: u64,
    /// Determinizations for seats not to move that found no deal asking the mover again
    /// ([`Sim::try_determinize`] gave up); a game fails when more than half of these fail.
    pub failed_determinizations: u64,
    /// Pairs of worlds whose views were compared.
    pub views: u64,
}

/// A property the suite checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// The game builds (its setup passes the snapshot coverage check), and again alike.
    Setup,
    /// Games end, and legal actions apply.
    Ends,
    /// Snapshot, play, restore: the same checksum and the same world.
    RoundTrip,
    /// Every listed chance outcome applies, with probabilities summing to 1.
    ChanceOutcomes,
    /// A search leaves the world as it found it.
    Search,
    /// Determinize keeps what the viewer knows, holds and may do.
    Determinize,
    /// Information keys, `seen_by` events, observations and visible zones agree.
    ViewsAgree,
    /// Action ids and observations keep their promises.
    Encoding,
    /// Replaying the actions from the seed gives the same game.
    Replay,
}

impl std::fmt::Display for Property {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Property::Setup => "the game builds alike from its seed",
            Property::Ends => "games end and legal actions apply",
            Property::RoundTrip => "snapshot, play, restore gives the same world",
            Property::ChanceOutcomes => "every listed chance outcome applies",
            Property::Search => "a search leaves the world as it found it",
            Property::Determinize => "determinize keeps the viewer's information",
            Property::ViewsAgree => "the views of a seat agree",
            Property::Encoding => "encode ids and observations keep their promises",
            Property::Replay => "replaying the actions from the seed gives the same game",
        })
    }
}

/// A broken property: where and what.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The game's name.
    pub game: &'static str,
    /// The seed of the game that broke it.
    pub seed: u64,
    /// The index of the action (0: the first) at whose decision it broke; `None` before the
    /// first or after the last.
    pub action: Option<u32>,
    /// The property.
    pub property: Property,
    /// What was seen, in words.
    pub detail: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "conformance of {}: seed {}", self.game, self.seed)?;
        if let Some(action) = self.action {
            write!(f, ", action {action}")?;
        }
        write!(f, ": {}: {}", self.property, self.detail)
    }
}

impl std::error::Error for Failure {}

/// Where the suite is: which game, seed and decision, to name in a failure.
#[derive(Clone, Copy)]
struct At {
    game: &'static str,
    seed: u64,
    decision: Option<u32>,
}

impl At {
    fn fail(self, property: Property, detail: impl Into<String>) -> Failure {
        Failure {
            game: self.game,
            seed: self.seed,
            action: self.decision,
            property,
            detail: detail.into(),
        }
    }
}

/// A seat's observation tensor, when the suite checks encodings.
fn observation<G: Game>(conformance: &Conformance<G>, sim: &Sim<G>, seat: Seat) -> Vec<f32> {
    conformance
        .encoded
        .as_ref()
        .map_or_else(Vec::new, |encoded| (encoded.observe)(sim, seat))
}
