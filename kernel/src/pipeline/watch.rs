//! What a resolution watches for: which records the pipeline keeps, and play or benefit mode.

use super::Mode;

/// What the pipeline records into the [`Observer`](super::Observer), and whether listeners run in benefit mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    /// Record resolved events into [`Observer::events`](super::Observer::events).
    pub record_events: bool,
    /// Record effects into [`Observer::effects`](super::Observer::effects).
    pub record_effects: bool,
    /// Play or benefit simulation.
    pub mode: Mode,
    /// In [`Mode::Benefit`], events nested deeper than this are *prevented*: skipped (with
    /// whatever they would have caused) and counted in [`Observer::prevented`](super::Observer::prevented), not an error
    /// (default [`DEFAULT_BENEFIT_CAP`]).
    pub benefit_cap: u16,
}

/// The default nesting cap of benefit simulation.
pub const DEFAULT_BENEFIT_CAP: u16 = 30;

impl Default for Watch {
    fn default() -> Self {
        Watch {
            record_events: false,
            record_effects: false,
            mode: Mode::Play,
            benefit_cap: DEFAULT_BENEFIT_CAP,
        }
    }
}
