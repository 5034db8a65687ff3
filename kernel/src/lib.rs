//! alea: an ECS kernel (bevy_ecs) for card, dice and tile games whose randomness is
//! *controllable* — enumerated into cases, fixed, biased by abilities, resampled for hidden
//! information — so that search can explore thousands of what-if worlds per second.
//!
//! This is the kernel crate (package `alea-kernel`, library `alea`). A game is a
//! [`kernel::Game`]: its players, cards, dice, mount slots and listeners are entities of a
//! `World`; an action resolves through the event [`pipeline`] (listeners before and after each
//! event's rules); [`snapshot`]s restore a world in place; [`chance`] keys every random stream
//! to `(seed, purpose, round)` and lets a search force or enumerate outcomes. The concepts, one
//! folder each:
//!
//! - [`kernel`]: [`Sim`](kernel::Sim), [`SimBuilder`](kernel::SimBuilder), [`Game`](kernel::Game),
//!   the decision schedule; [`pipeline`]: events, listeners, [`Ctx`](pipeline::Ctx);
//! - [`snapshot`], [`chance`]: rollback and controllable randomness;
//! - [`search`]: expectimax, Monte Carlo, MCTS, ISMCTS, root parallelism; [`benefit`]: benefit
//!   simulation (FreeKill's AI); [`encode`]: fixed-size observations and action ids;
//! - [`registry`]: a game described once ([`GameInfo`](registry::GameInfo): name, typed
//!   options, builder) and played, replayed and searched through one type-erased interface;
//! - `vector` (feature `vector`): many games of one kind stepped in one call, over threads;
//! - `plugin` (feature `bevy`): embedding in a Bevy `App`; `testing` (feature `testing`): the
//!   conformance suite every game's tests call.
//!
//! The tile machinery (tiles, the mount, the staged dealer, scoring, dice expressions) and the
//! six reference games are the crate `alea-games`; the `alea` command is `alea-cli`. The book
//! in the repository's `docs/` walks through writing a game of your own.
//!
//! # Using alea as a library
//!
//! Add it to `Cargo.toml` (`alea = { package = "alea-kernel", path = "../alea/kernel" }`, or a
//! git dependency), then build a game, play, snapshot and search (Pig, from `alea-games`):
//!
//! ```
//! use alea::prelude::*;
//! use alea::search::{Mcts, RandomRollouts};
//! use alea_games::games::pig::{Pig, PigAction};
//!
//! // A game in its own World, seeded: the same seed plays the same game.
//! let mut sim = SimBuilder::new(Pig::default()).seed(7).build();
//! // An action resolves through the pipeline until the next decision.
//! sim.apply(PigAction::Roll)?;
//! // A snapshot is plain data; restoring it is in place.
//! let (here, checksum) = (sim.snapshot(), sim.checksum());
//! // 2 000 MCTS simulations from here, each a what-if world restored in place.
//! let best = Mcts::new(2.0, RandomRollouts::new(1, 0)).search(&mut sim, 2_000, 1)?;
//! assert!(sim.legal_actions().contains(&best.action));
//! assert_eq!(best.simulations, 2_000);
//! // Play it out (the first legal action each time), then go back.
//! while let Turn::Player(_) = sim.turn() {
//!     let action = sim.legal_actions()[0];
//!     sim.apply(action)?;
//! }
//! assert!(sim.is_terminal() && sim.returns().len() == 2);
//! sim.restore(&here)?;
//! assert_eq!(sim.checksum(), checksum);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

// The derive macros name the crate `::alea`, inside it too.
extern crate self as alea;

pub mod arena;
pub mod benefit;
pub mod chance;
pub mod determinize;
pub mod encode;
pub mod kernel;
pub mod pipeline;
pub mod registry;
pub mod search;
pub mod snapshot;
#[cfg(feature = "vector")]
pub mod vector;

#[cfg(feature = "bevy")]
pub mod plugin;

#[cfg(feature = "testing")]
pub mod testing;

/// The names most users need: every name the signatures of a [`Game`](kernel::Game) or
/// [`Encode`](encode::Encode) impl use, what their bodies reach for most, and the
/// [`GameEvent`](kernel::GameEvent) derive.
pub mod prelude {
    pub use crate::chance::{Case, CaseGenerator, Die, Purpose, Streams};
    pub use crate::encode::{Bounds, Encode};
    pub use crate::kernel::{
        CardId, Decision, DecisionSchedule, DieFace, EventKind, Faces, Game, GameEvent, GameRules,
        Kind, PipelineSystems, Rollback, Rules, RunMode, Seat, Setup, Sim, SimBuilder, SimError,
        Table, Turn, Zone,
    };
    pub use crate::pipeline::{
        Ctx, Flow, HandlerId, Listener, PipelineError, Property, RootEvents, Timing,
    };
    pub use crate::snapshot::{Snapshot, SnapshotError};
    pub use bevy_ecs::entity::Entity;
    pub use bevy_ecs::world::World;
    pub use rand_chacha::ChaCha8Rng;
    pub use std::hash::Hasher;
}
