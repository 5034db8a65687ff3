#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod benefit;
pub mod chance;
pub mod cli;
pub mod dealer;
pub mod dice;
pub mod games;
pub mod kernel;
pub mod mount;
pub mod pipeline;
pub mod scoring;
pub mod search;
pub mod snapshot;
pub mod tiles;

#[cfg(feature = "bevy")]
pub mod plugin;

/// The names most users need.
pub mod prelude {
    pub use crate::chance::{Case, CaseGenerator, Purpose, Streams};
    pub use crate::kernel::{
        Decision, DecisionSchedule, Game, GameEvent, GameRules, PipelineSystems, Rollback, Rules,
        RunMode, Seat, Setup, Sim, SimBuilder, SimError, Table, Turn, Zone,
    };
    pub use crate::pipeline::{Ctx, Flow, Listener, PipelineError, Timing};
    pub use crate::snapshot::{Snapshot, SnapshotError};
}
