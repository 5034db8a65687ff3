//! [`Rules`]: a game's static data — its configuration, handler registry, listener index,
//! pipeline limits and the roster of its fixed entities. Fixed at setup, so never part of a
//! snapshot; shared (behind an [`Arc`]) by the world's [`GameRules`] resource and the [`Sim`](super::Sim).

use std::sync::Arc;

use bevy_ecs::prelude::*;

use super::{EventKind, Game, KernelSlots, Seat};
use crate::pipeline::{Ctx, Flow, HandlerId};

/// A listener handler or AI hook: a plain function, so it can live in a static registry.
pub type HandlerFn<G> = fn(&mut Ctx<'_, G>, &mut <G as Game>::Event) -> Flow;

/// A function shown the world, the [`Table`](super::Table) and the game's
/// [`State`](Game::State) after every resolved event ([`SimBuilder::inspect`](super::SimBuilder::inspect)).
pub type Inspector<G> = fn(&World, &super::Table, &<G as Game>::State);

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

/// The static part of a game: configuration, handlers, listener index, depth limit, and the
/// entities spawned at setup by kind (the entity set is fixed during play).
pub struct Rules<G: Game> {
    /// The game's configuration.
    pub game: G,
    /// Events nested deeper than this fail with `PipelineError::TooDeep`.
    pub depth_limit: u16,
    pub(crate) handlers: Vec<Handler<G>>,
    /// Listener entities per event kind.
    pub(crate) by_event: Vec<Vec<Entity>>,
    /// Each listener entity's kind and position in `by_event` (its bit in the census).
    pub(crate) listener_slots: std::collections::HashMap<Entity, (EventKind, usize)>,
    /// Bit `k` set when some listener listens to event kind `k` (bit 63: kind 63 or above).
    pub(crate) listened: u64,
    /// The same for listeners with [`Timing::After`](crate::pipeline::Timing::After).
    pub(crate) listened_after: u64,
    /// Every entity spawned at setup, by [`StableId`](super::StableId).
    pub(crate) entities: Vec<Entity>,
    pub(crate) players: Vec<Entity>,
    pub(crate) cards: Vec<Entity>,
    pub(crate) dice: Vec<Entity>,
    pub(crate) pools: Vec<Vec<Entity>>,
    pub(crate) groups: Vec<Vec<Entity>>,
    /// Called on the world after every resolved event
    /// ([`SimBuilder::inspect`](super::SimBuilder::inspect)).
    pub(crate) inspect: Option<Inspector<G>>,
    pub(crate) slots: KernelSlots<G>,
    /// Reads the cards' zones in one pass (built once setup has spawned the cards).
    pub(crate) card_zones: Option<super::CardZones>,
    /// What the snapshots cover, checked when setup ended.
    pub(crate) coverage: std::sync::OnceLock<crate::snapshot::Coverage>,
}

impl<G: Game> Rules<G> {
    pub(crate) fn new(game: G, depth_limit: u16, slots: KernelSlots<G>) -> Self {
        Rules {
            slots,
            game,
            depth_limit,
            handlers: Vec::new(),
            by_event: Vec::new(),
            listener_slots: std::collections::HashMap::new(),
            listened: 0,
            listened_after: 0,
            entities: Vec::new(),
            players: Vec::new(),
            cards: Vec::new(),
            dice: Vec::new(),
            pools: Vec::new(),
            groups: Vec::new(),
            inspect: None,
            card_zones: None,
            coverage: std::sync::OnceLock::new(),
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

    /// The kind and position (in [`listeners_of`](Self::listeners_of)) of listener `entity`.
    pub(crate) fn listener_slot(&self, entity: Entity) -> Option<(EventKind, usize)> {
        self.listener_slots.get(&entity).copied()
    }

    /// True when some listener subscribes to `kind` (a fast check before collecting them).
    pub fn is_listened(&self, kind: EventKind) -> bool {
        self.listened & (1 << kind.min(63)) != 0
    }

    /// True when some listener subscribes to `kind` after its rules.
    pub fn is_listened_after(&self, kind: EventKind) -> bool {
        self.listened_after & (1 << kind.min(63)) != 0
    }

    /// The entity spawned at setup with stable id `id` (`None` past the last one).
    pub fn entity(&self, id: super::StableId) -> Option<Entity> {
        self.entities.get(id.0 as usize).copied()
    }

    /// The player entity at `seat`.
    ///
    /// # Panics
    /// If the game spawned no player for `seat`.
    pub fn player(&self, seat: Seat) -> Entity {
        self.players[seat.index()]
    }

    /// The player entities, by seat.
    pub fn players(&self) -> &[Entity] {
        &self.players
    }

    /// The card entities, in spawn order.
    pub fn cards(&self) -> &[Entity] {
        &self.cards
    }

    /// Writes the [`Zone`](super::Zone) of card `i` ([`cards`](Self::cards)`()[i]`) into
    /// `out[i]` for the first `out.len()` cards, in one pass over the cards' table column
    /// ([`CardZones`](super::CardZones)): the cheap way to see where every card is.
    pub fn card_zones(&self, world: &World, out: &mut [super::Zone]) {
        match &self.card_zones {
            Some(reader) => reader.read(world, out),
            None => {
                for (slot, &card) in out.iter_mut().zip(&self.cards) {
                    *slot = world
                        .get::<super::Zone>(card)
                        .copied()
                        .unwrap_or(super::Zone::Removed);
                }
            }
        }
    }

    /// The members of `pool`, in spawn order (empty for a pool never spawned).
    pub fn pool(&self, pool: super::Pool) -> &[Entity] {
        self.pools
            .get(usize::from(pool.0))
            .map_or(&[], Vec::as_slice)
    }

    /// The members of `group`, in spawn order (empty for a group never spawned).
    pub fn group(&self, group: super::Group) -> &[Entity] {
        self.groups
            .get(usize::from(group.0))
            .map_or(&[], Vec::as_slice)
    }

    /// The dice entities, in spawn order.
    pub fn dice(&self) -> &[Entity] {
        &self.dice
    }
}

/// The world's handle on the game's [`Rules`] (systems and Bevy apps read them here).
#[derive(Resource)]
pub struct GameRules<G: Game>(pub Arc<Rules<G>>);

impl<G: Game> std::ops::Deref for GameRules<G> {
    type Target = Rules<G>;
    fn deref(&self) -> &Rules<G> {
        &self.0
    }
}
