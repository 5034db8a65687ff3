//! The event pipeline: listeners, their order, nesting, cancellation, questions
//! to players mid-resolution, the depth limit and observable effects.
//!
//! An action becomes root events ([`Game::translate`](crate::kernel::Game::translate)); each
//! resolves through its listeners and rules, which may emit more, nested one level deeper. With
//! event recording on, the [`Sim`](crate::kernel::Sim) keeps what resolved, in order:
//!
//! ```
//! use alea::prelude::*;
//! use alea_games::games::pig::{Pig, PigAction, PigEvent};
//!
//! let mut sim = SimBuilder::new(Pig::default()).seed(1).record_events(true).build();
//! sim.set_case(Some(4)); // the die shows 5
//! sim.apply(PigAction::Roll)?;
//! let events: Vec<(u16, &PigEvent)> = sim.events().iter().map(|e| (e.depth, &e.event)).collect();
//! // The roll is the root event (depth 1); what it rolled resolves inside it, one deeper.
//! assert!(matches!(events[0], (1, PigEvent::Roll { seat: Seat(0) })));
//! assert!(matches!(events[1], (2, PigEvent::Rolled { face: 5, .. })));
//! assert!(sim.events().iter().all(|e| !e.cancelled));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod ctx;
mod effect;
mod listener;
mod observer;
mod resolve;
mod root;
mod stack;
mod state;
mod watch;

pub use ctx::{AskToken, Ctx, Flow};
pub use effect::{Effect, Mode, Property};
pub(crate) use listener::Census;
pub use listener::{HandlerId, Listener, Timing, listener_order};
pub use observer::{LoggedEvent, Observer};
pub(crate) use resolve::{Driver, with_driver};
pub use resolve::{Progress, run};
pub use root::{RootEvents, translate};
pub use stack::Origin;
pub use state::{Resolution, ResolutionState};
pub use watch::{DEFAULT_BENEFIT_CAP, Watch};

/// Enables or disables the listener on `entity` of `world`'s game `G` from outside the
/// pipeline (setting up a position; a `Sim` has [`Sim::set_enabled`](crate::kernel::Sim::set_enabled));
/// handlers use [`Ctx::set_enabled`]. True when it changed; false for an entity that is not one
/// of the game's listeners.
///
/// # Panics
/// If `world` is not a world built for `G`, or while the pipeline's state is out of the world:
/// inside a handler, or inside a `with_world_and_table` closure.
pub fn set_enabled<G: crate::kernel::Game>(
    world: &mut bevy_ecs::world::World,
    entity: bevy_ecs::entity::Entity,
    on: bool,
) -> bool {
    let rules = world
        .get_resource::<crate::kernel::GameRules<G>>()
        .expect("a world built for this game")
        .0
        .clone();
    let slot = rules.slots.resolution;
    const PLACED: &str = "a world built for this game, its pipeline state in place";
    let mut census = std::mem::take(&mut slot.get_mut(world).expect(PLACED).census);
    let changed = listener::switch(&rules, world, &mut census, entity, on);
    slot.get_mut(world).expect(PLACED).census = census;
    changed
}

/// Why the pipeline failed. The action that caused it is rolled back
/// ([`Sim::apply`](crate::kernel::Sim::apply)); a build or a restart that fails is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PipelineError {
    /// Events nested deeper than the limit (a listener loop, usually).
    #[error("events nested deeper than the limit of {limit}")]
    TooDeep {
        /// The configured depth limit.
        limit: u16,
    },
    /// A rule or handler refused to go on ([`Ctx::fail`]): a deal its abilities cannot
    /// make, for instance.
    #[error("a rule failed: {message}")]
    Failed {
        /// What failed, as the rule said it.
        message: String,
    },
}
