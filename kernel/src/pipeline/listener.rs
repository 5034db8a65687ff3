//! Listeners: entities that react to events, and the order they run in.

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
    /// What an AI's benefit simulation runs instead, when set.
    pub ai_hook: Option<HandlerId>,
    /// Disabled listeners are skipped (a status that ran out, a dead character's skill).
    /// Read it with [`is_enabled`](Self::is_enabled); change it with
    /// [`Ctx::set_enabled`](super::Ctx::set_enabled) in a handler or [`set_enabled`](super::set_enabled)
    /// outside the pipeline, which keep the pipeline's census of enabled listeners. Never
    /// insert or overwrite a `Listener` component after setup: the census would not follow.
    enabled: bool,
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

    /// Spawned disabled (equipment not worn yet, a summon in its pool).
    pub fn disabled(mut self) -> Self {
        self.enabled = false;
        self
    }

    /// True when the listener runs.
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }
}

/// Which listeners of each event kind are enabled: bit `i` of kind `k` stands for the `i`-th
/// entity of [`Rules::listeners_of`](crate::kernel::Rules::listeners_of)`(k)`. The pipeline
/// reads only those. Part of the pipeline's state (restored with it), derived from the
/// listeners (not hashed); shaped once setup is over, so it never allocates afterwards.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Census(Vec<Vec<u64>>);

impl Clone for Census {
    fn clone(&self) -> Self {
        Census(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Census {
    /// Gives every kind room for its listeners (`lens[k]`: how many listen to kind `k`), keeping
    /// the bits set: done once setup has spawned them, so the census never changes shape and
    /// restoring it never allocates.
    pub(crate) fn shape(&mut self, lens: impl ExactSizeIterator<Item = usize>) {
        self.0.resize_with(lens.len().max(self.0.len()), Vec::new);
        for (words, len) in self.0.iter_mut().zip(lens) {
            words.resize(len.div_ceil(64).max(words.len()), 0);
        }
    }

    /// Marks listener `index` of `kind` on or off.
    pub(crate) fn set(&mut self, kind: EventKind, index: usize, on: bool) {
        let kind = usize::from(kind);
        if self.0.len() <= kind {
            self.0.resize_with(kind + 1, Vec::new);
        }
        let words = &mut self.0[kind];
        if words.len() <= index / 64 {
            words.resize(index / 64 + 1, 0);
        }
        let bit = 1u64 << (index % 64);
        if on {
            words[index / 64] |= bit;
        } else {
            words[index / 64] &= !bit;
        }
    }

    /// True when some listener of `kind` is enabled.
    #[inline]
    pub(crate) fn any(&self, kind: EventKind) -> bool {
        self.0
            .get(usize::from(kind))
            .is_some_and(|words| words.iter().any(|&w| w != 0))
    }

    /// The indices of the enabled listeners of `kind`, in index order.
    #[inline]
    pub(crate) fn enabled(&self, kind: EventKind) -> impl Iterator<Item = usize> + '_ {
        let words = self.0.get(usize::from(kind)).map_or(&[][..], Vec::as_slice);
        words.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    w * 64 + bit
                })
            })
        })
    }
}

/// Enables or disables the listener on `entity`, keeping `census` right; true when it changed.
/// The listener's census bit comes from the index setup built (not from its `event` field).
pub(crate) fn switch<G: crate::kernel::Game>(
    rules: &crate::kernel::Rules<G>,
    world: &mut World,
    census: &mut Census,
    entity: Entity,
    on: bool,
) -> bool {
    let Some((kind, index)) = rules.listener_slot(entity) else {
        return false;
    };
    let Some(mut listener) = world.get_mut::<Listener>(entity) else {
        return false;
    };
    if listener.enabled == on {
        return false;
    }
    listener.enabled = on;
    census.set(kind, index, on);
    true
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
