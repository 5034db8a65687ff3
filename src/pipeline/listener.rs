//! Listeners: entities that react to events, and the order they run in (DESIGN §3).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::kernel::{EventKind, Seat, StableId};

/// When a listener runs relative to the event's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// Before the rules: may modify the event's payload or cancel it.
    Before,
    /// After the rules applied the event.
    After,
}

/// An index into the game's handler registry (behaviour is data: never a closure).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandlerId(pub u16);

/// A listener entity's subscription and ordering keys. Its behaviour is a registered handler.
///
/// Order among listeners of one event and timing: higher `priority` first, then seat distance
/// clockwise from the active seat (seatless listeners first, as distance −1), then `slot`, then
/// the entity's [`StableId`]. See [`listener_order`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Listener {
    /// The event kind listened to. Fixed at setup: the pipeline indexes listeners by kind
    /// when the world is built, so changing it during play has no effect.
    pub event: EventKind,
    /// Before or after the rules. Fixed at setup, like `event` (the pipeline only looks for
    /// *after* listeners of kinds that had one when the world was built).
    pub timing: Timing,
    /// Higher runs first.
    pub priority: i16,
    /// The owning seat; `None` for rules-level listeners.
    pub seat: Option<Seat>,
    /// Order within the seat (a character slot, an equipment slot).
    pub slot: u16,
    /// What it does.
    pub handler: HandlerId,
    /// What an AI's benefit simulation runs instead, when set (DESIGN §11).
    pub ai_hook: Option<HandlerId>,
    /// Disabled listeners are skipped (a status that ran out, a dead character's skill).
    pub enabled: bool,
}

impl Listener {
    /// An enabled listener with priority 0, no seat, slot 0 and no AI hook.
    pub fn new(event: EventKind, timing: Timing, handler: HandlerId) -> Self {
        Listener {
            event,
            timing,
            priority: 0,
            seat: None,
            slot: 0,
            handler,
            ai_hook: None,
            enabled: true,
        }
    }

    /// Sets the priority.
    pub fn priority(mut self, priority: i16) -> Self {
        self.priority = priority;
        self
    }

    /// Sets the owning seat and slot.
    pub fn seat(mut self, seat: Seat, slot: u16) -> Self {
        self.seat = Some(seat);
        self.slot = slot;
        self
    }

    /// Sets the AI hook.
    pub fn ai_hook(mut self, hook: HandlerId) -> Self {
        self.ai_hook = Some(hook);
        self
    }
}

/// The sort key of a listener: timing, priority (higher first), seat distance from `active`
/// (seatless first), slot, stable id. Smaller keys run first.
pub fn listener_order(
    listener: &Listener,
    id: StableId,
    active: Seat,
    seats: u8,
) -> (Timing, i32, u16, u16, u32) {
    let distance = match listener.seat {
        None => 0,
        Some(seat) => 1 + u16::from(seat.distance_from(active, seats)),
    };
    (
        listener.timing,
        -i32::from(listener.priority),
        distance,
        listener.slot,
        id.0,
    )
}

/// A cached query over listener entities: reads a listener and its [`StableId`] without a
/// lookup by type (the pipeline reads every candidate listener of an event). Built once setup
/// has spawned the listeners; a cache, not game state.
pub(crate) struct ListenerReader {
    query: QueryState<(&'static Listener, &'static StableId)>,
    world: bevy_ecs::world::WorldId,
}

impl ListenerReader {
    /// A reader for `world`.
    pub(crate) fn new(world: &mut World) -> Self {
        ListenerReader {
            query: world.query(),
            world: world.id(),
        }
    }

    /// The listener on `entity` and its stable id. Falls back to a lookup in another world or
    /// when the entity moved to a table the cache has not seen (a client added components).
    #[inline]
    pub(crate) fn get<'w>(
        &self,
        world: &'w World,
        entity: Entity,
    ) -> Option<(&'w Listener, StableId)> {
        if world.id() == self.world
            && let Ok((listener, id)) = self.query.get_manual(world, entity)
        {
            return Some((listener, *id));
        }
        Some((
            world.get::<Listener>(entity)?,
            *world.get::<StableId>(entity)?,
        ))
    }
}
