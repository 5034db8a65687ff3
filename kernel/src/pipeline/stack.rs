//! The stack of events waiting to resolve: who produced each, and pushing and turning over
//! what an event or an action emitted, so that the first emitted resolves first.

use serde::Serialize;

use super::listener::Timing;
use crate::kernel::StableId;

/// Who produced an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Origin {
    /// A player's action ([`Game::translate`](crate::kernel::Game::translate)).
    Action,
    /// Queued from outside a resolution: by the setup or [`Sim::emit`](crate::kernel::Sim::emit).
    Root,
    /// The rules of its parent event ([`Game::apply`](crate::kernel::Game::apply)).
    Rules,
    /// A listener's handler (or AI hook), at `timing` of its parent event.
    Listener {
        /// The listener entity's stable id ([`Rules::entity`](crate::kernel::Rules::entity) finds the entity).
        id: StableId,
        /// Before or after the parent's rules.
        timing: Timing,
    },
}

/// An event waiting to resolve.
#[derive(Clone, Debug, Hash)]
pub(crate) struct Queued<E> {
    pub(crate) event: E,
    pub(crate) depth: u16,
    pub(crate) origin: Origin,
}

/// Pushes an emitted event. Out of line on purpose: a small event arrives whole in a register
/// and is stored with one write, which the event loop's read of it, right after, takes from
/// the store buffer. Inlined, an enum's fields are stored one by one and that wider read waits
/// until they reach the cache (a store-forwarding stall on every emitted event).
#[inline(never)]
pub(crate) fn push_waiting<E>(waiting: &mut Vec<Queued<E>>, event: E, depth: u16, origin: Origin) {
    let Some(slot) = waiting.spare_capacity_mut().first_mut() else {
        return grow_and_push(waiting, event, depth, origin);
    };
    slot.write(Queued {
        event,
        depth,
        origin,
    });
    // SAFETY: the element just past the length was written above, within the capacity.
    // (`Vec::push` would keep its growth path, and the registers it saves, on every push.)
    unsafe { waiting.set_len(waiting.len() + 1) };
}

/// Turns over the events pushed onto `waiting` from `base` on (in the order they were pushed),
/// so that the first pushed is on top: an event's children when it finishes, an action's root
/// events once translated.
#[inline(always)]
pub(crate) fn turn_over<E>(waiting: &mut [Queued<E>], base: usize) {
    debug_assert!(base <= waiting.len(), "pushed events start past the stack");
    if waiting.len() > base + 1 {
        waiting[base..].reverse();
    }
}

/// [`push_waiting`] when the stack is full.
#[cold]
#[inline(never)]
fn grow_and_push<E>(waiting: &mut Vec<Queued<E>>, event: E, depth: u16, origin: Origin) {
    waiting.push(Queued {
        event,
        depth,
        origin,
    });
}
