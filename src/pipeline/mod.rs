//! The event pipeline (DESIGN §3): listeners, their order, nesting, cancellation, questions
//! to players mid-resolution, the depth limit and observable effects.

mod ctx;
mod effect;
mod listener;
mod resolve;

pub use ctx::{AskToken, Ctx, Flow};
pub use effect::{Effect, Mode, Property};
pub(crate) use listener::{Census, ListenerReader};
pub use listener::{HandlerId, Listener, Timing, listener_order};
pub use resolve::{
    DEFAULT_BENEFIT_CAP, LoggedEvent, Observer, Origin, Progress, Resolution, ResolutionState,
    Watch, run,
};

/// Enables or disables the listener on `entity` from outside the pipeline (setting up a
/// position); handlers use [`Ctx::set_enabled`]. True when it changed.
///
/// # Panics
/// If `world` is not a world built for `G`, or from inside a handler (the pipeline's state is
/// in use then).
pub fn set_enabled<G: crate::kernel::Game>(
    rules: &crate::kernel::Rules<G>,
    world: &mut bevy_ecs::world::World,
    entity: bevy_ecs::entity::Entity,
    on: bool,
) -> bool {
    let mut census = std::mem::take(
        &mut rules
            .slots
            .resolution
            .get_mut(world)
            .expect("a world built for this game")
            .census,
    );
    let changed = listener::switch(rules, world, &mut census, entity, on);
    rules
        .slots
        .resolution
        .get_mut(world)
        .expect("a world built for this game")
        .census = census;
    changed
}

/// Why the pipeline failed. The action that caused it is rolled back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PipelineError {
    /// Events nested deeper than the limit (a listener loop, usually).
    #[error("events nested deeper than the limit of {limit}")]
    TooDeep {
        /// The configured depth limit.
        limit: u16,
    },
}
