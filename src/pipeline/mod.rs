//! The event pipeline (DESIGN §3): listeners, their order, nesting, cancellation, questions
//! to players mid-resolution, the depth limit and observable effects.

mod ctx;
mod effect;
mod listener;
mod resolve;

pub use ctx::{AskToken, Ctx, Flow};
pub use effect::{Effect, Mode, Property};
pub(crate) use listener::ListenerReader;
pub use listener::{HandlerId, Listener, Timing, listener_order};
pub use resolve::{
    DEFAULT_BENEFIT_CAP, LoggedEvent, Observer, Origin, Progress, Resolution, ResolutionState,
    Watch, run,
};

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
