//! [`Rules`]: a game's static data in the World — its configuration, handler registry,
//! listener index and pipeline limits. Fixed at setup, so never part of a snapshot.

use bevy_ecs::prelude::*;

use super::{EventKind, Game};
use crate::pipeline::{Ctx, Flow, HandlerId};

/// A listener handler or AI hook: a plain function, so it can live in a static registry.
pub type HandlerFn<G> = fn(&mut Ctx<'_, G>, &mut <G as Game>::Event) -> Flow;

/// A registered handler: its name (for spans and logs) and its function.
pub struct Handler<G: Game> {
    /// Shown in traces and errors.
    pub name: &'static str,
    /// What it does.
    pub run: HandlerFn<G>,
}

impl<G: Game> Clone for Handler<G> {
    fn clone(&self) -> Self {
        Handler {
            name: self.name,
            run: self.run,
        }
    }
}

/// The default maximum nesting depth of the pipeline.
pub const DEFAULT_DEPTH_LIMIT: u16 = 64;

/// The static part of a game: configuration, handlers, listener index, depth limit.
#[derive(Resource, Clone)]
pub struct Rules<G: Game> {
    /// The game's configuration.
    pub game: G,
    /// Events nested deeper than this fail with `PipelineError::TooDeep`.
    pub depth_limit: u16,
    pub(crate) handlers: Vec<Handler<G>>,
    /// Listener entities per event kind (the entity set is fixed at setup).
    pub(crate) by_event: Vec<Vec<Entity>>,
    /// Bit `k` set when some listener listens to event kind `k` (bit 63: kind 63 or above).
    pub(crate) listened: u64,
}

impl<G: Game> Rules<G> {
    pub(crate) fn new(game: G, depth_limit: u16) -> Self {
        Rules {
            game,
            depth_limit,
            handlers: Vec::new(),
            by_event: Vec::new(),
            listened: 0,
        }
    }

    /// The handler registered under `id`.
    pub fn handler(&self, id: HandlerId) -> &Handler<G> {
        &self.handlers[usize::from(id.0)]
    }

    /// Listener entities subscribed to `kind`.
    pub fn listeners_of(&self, kind: EventKind) -> &[Entity] {
        self.by_event
            .get(usize::from(kind))
            .map_or(&[], Vec::as_slice)
    }
}
