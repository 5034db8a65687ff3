//! The benefit stage as named systems: [`BenefitSystems::Score`], after the pipeline.
//!
//! The systems run when the world runs its schedule (a `Sim` in
//! [`RunMode::Schedule`](crate::kernel::RunMode), or a Bevy app): there a user's systems can sit
//! between the pipeline and the scoring. A [`Simulator`](super::Simulator) scores with the same
//! function directly, whatever the run mode (the ledger keeps its place, so nothing is counted
//! twice).

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::SystemSet;

use super::score_system;
use crate::kernel::{Game, PipelineSystems};

/// The benefit stage, after the pipeline's.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BenefitSystems {
    /// Score the effects the pipeline recorded into the [`Ledger`](super::Ledger).
    Score,
}

/// Adds the benefit stage to `schedule`, after [`PipelineSystems::Resolve`].
pub fn add_stages<G: Game>(schedule: &mut Schedule) {
    schedule.configure_sets(BenefitSystems::Score.after(PipelineSystems::Resolve));
    schedule.add_systems(score_system::<G>.in_set(BenefitSystems::Score));
}
