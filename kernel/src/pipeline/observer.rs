//! What the pipeline recorded: resolved events and effects, while the [`Watch`](super::Watch)
//! asks for them.

use bevy_ecs::prelude::*;
use serde::Serialize;

use super::Effect;
use super::stack::Origin;
use crate::kernel::Game;

/// One resolved event, as recorded by the [`Observer`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct LoggedEvent<E> {
    /// Nesting depth (root events are at depth 1).
    pub depth: u16,
    /// True when a listener or the rules cancelled it.
    pub cancelled: bool,
    /// Who produced it (not written in JSON logs).
    #[serde(skip)]
    pub origin: Origin,
    /// The event as resolved (after modifications).
    pub event: E,
}

/// What the pipeline recorded: resolved events and effects (card moves, property changes),
/// each only while switched on in the resolution's [`Watch`](super::Watch). Observational only: not part of
/// snapshots.
#[derive(Resource, Debug)]
pub struct Observer<G: Game> {
    /// The resolved events, in resolution order.
    pub events: Vec<LoggedEvent<G::Event>>,
    /// The effects, oldest first.
    pub effects: Vec<Effect>,
    /// Events skipped in benefit simulation for nesting deeper than [`Watch::benefit_cap`](super::Watch::benefit_cap).
    pub prevented: u32,
}

impl<G: Game> Default for Observer<G> {
    fn default() -> Self {
        Observer {
            events: Vec::new(),
            effects: Vec::new(),
            prevented: 0,
        }
    }
}
