//! [`Resolved`]: the Bevy message of one resolved event, and the system that writes them.

use bevy_ecs::message::{Message, Messages};
use bevy_ecs::prelude::*;

use crate::kernel::{Game, GameRules, Inbox, Seat};
use crate::pipeline::{Observer, Origin, Timing};

/// One event the rules resolved in answer to an accepted action, written by the plugin in
/// resolution order (the order of [`Sim::events`](crate::kernel::Sim::events) for the same
/// game). An event is reported once its rules and listeners have run (its follow-up events
/// come after it).
pub struct Resolved<G: Game> {
    /// The event as resolved (after listeners changed it). Everything in it may be private:
    /// show a seat [`seen_by`](Self::seen_by) that seat.
    pub event: G::Event,
    /// Nesting depth: 1 for the events of the action itself, 2 for what they caused, ...
    pub depth: u16,
    /// True when a listener or the rules cancelled it.
    pub cancelled: bool,
    /// The seat whose action (or answer to a question) was accepted.
    pub seat: Option<Seat>,
    /// The listener whose handler emitted it (`None`: the action or the rules did).
    pub listener: Option<Entity>,
    /// When that listener ran: before or after its own event's rules.
    pub timing: Option<Timing>,
    /// Who produced it, by stable id (the same in every world built by the same builder).
    pub origin: Origin,
    /// Bit `s`: seat `s` does not see the action's own events (another seat's private
    /// answer), so [`seen_by`](Self::seen_by) does not tell it who acted.
    hidden_from: u64,
}

impl<G: Game> Message for Resolved<G> {}

impl<G: Game> Clone for Resolved<G> {
    fn clone(&self) -> Self {
        Resolved {
            event: self.event.clone(),
            ..*self
        }
    }
}

impl<G: Game> std::fmt::Debug for Resolved<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resolved")
            .field("event", &self.event)
            .field("depth", &self.depth)
            .field("cancelled", &self.cancelled)
            .field("seat", &self.seat)
            .field("listener", &self.listener)
            .field("timing", &self.timing)
            .field("origin", &self.origin)
            .finish()
    }
}

impl<G: Game> Resolved<G> {
    /// The message as `viewer` may see it ([`Game::seen_by`]): another seat's hidden cards
    /// unknown; `None` when `viewer` does not see the event at all. When `viewer` did not see
    /// the action itself (another seat's private answer), `seat` is `None` too: who was asked
    /// can tell what a seat holds.
    pub fn seen_by(&self, viewer: Seat) -> Option<Resolved<G>> {
        let event = G::seen_by(&self.event, viewer)?;
        let unseen_actor = self.hidden_from & (1u64 << viewer.0.min(63)) != 0;
        Some(Resolved {
            event,
            seat: self.seat.filter(|_| !unseen_actor),
            ..*self
        })
    }
}

/// Writes a [`Resolved`] message per event the accepted action resolved (the plugin adds it
/// to [`PipelineSystems::Resolve`](crate::kernel::PipelineSystems::Resolve), after the rules).
/// A failed action, rolled back, reports nothing.
pub fn report_resolved<G: Game>(world: &mut World) {
    let inbox = world.resource::<Inbox<G>>();
    match inbox.result {
        Some(Ok(())) => write_resolved::<G>(world, inbox.acted),
        _ => world.resource_mut::<Observer<G>>().events.clear(),
    }
}

/// Writes a [`Resolved`] message per event recorded since the last call, `seat` acting
/// (`None`: the setup's events), and empties the record.
pub(crate) fn write_resolved<G: Game>(world: &mut World, seat: Option<Seat>) {
    let mut events = std::mem::take(&mut world.resource_mut::<Observer<G>>().events);
    if !events.is_empty() {
        let rules = world.resource::<GameRules<G>>().0.clone();
        let seats = rules.game.seats().min(64);
        let hidden_from = events
            .iter()
            .filter(|logged| logged.origin == Origin::Action)
            .flat_map(|logged| (0..seats).filter(|&s| G::seen_by(&logged.event, Seat(s)).is_none()))
            .fold(0u64, |bits, s| bits | 1 << s);
        let mut messages = world.resource_mut::<Messages<Resolved<G>>>();
        messages.write_batch(events.drain(..).map(|logged| {
            let (listener, timing) = match logged.origin {
                Origin::Listener { id, timing } => (rules.entity(id), Some(timing)),
                _ => (None, None),
            };
            Resolved {
                event: logged.event,
                depth: logged.depth,
                cancelled: logged.cancelled,
                seat,
                listener,
                timing,
                origin: logged.origin,
                hidden_from,
            }
        }));
    }
    events.clear();
    world.resource_mut::<Observer<G>>().events = events;
}
