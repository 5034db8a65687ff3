//! The state of a resolution, one resource ([`Resolution`]): the pending decision, the game's
//! own state and the table, the event in flight and its stage, the events waiting, the
//! listener order of the stage and a pending answer. Part of every snapshot.

use bevy_ecs::prelude::*;

use super::listener::Timing;
use super::observer::LoggedEvent;
use super::stack::{Origin, Queued};
use super::watch::Watch;
use crate::chance::ActionChance;
use crate::kernel::{Decision, Game, Table};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Stage {
    Before,
    Apply,
    After,
}

#[derive(Clone, Debug)]
pub(super) struct InFlight<E> {
    pub(super) event: E,
    pub(super) depth: u16,
    pub(super) origin: Origin,
    pub(super) stage: Stage,
    pub(super) next: u16,
    /// How many events waited below this one's children: the events it emitted so far are
    /// `waiting[base..]`, in emission order (not hashed: the hash of the resolution names
    /// the split, see [`ResolutionState`]'s `Hash`).
    pub(super) base: u32,
}

impl<E: std::hash::Hash> std::hash::Hash for InFlight<E> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.event.hash(state);
        self.depth.hash(state);
        self.origin.hash(state);
        self.stage.hash(state);
        self.next.hash(state);
    }
}

impl<E> InFlight<E> {
    /// The finished event as the log records it, and where its children start in the stack
    /// of waiting events (what the driver's `finish` in `resolve.rs` takes).
    pub(super) fn finished(self, cancelled: bool) -> (LoggedEvent<E>, usize) {
        let done = LoggedEvent {
            depth: self.depth,
            cancelled,
            origin: self.origin,
            event: self.event,
        };
        (done, self.base as usize)
    }
}

pub(super) type OrderKey = (Timing, i32, u16, u16, u32);

/// The pipeline's state, one resource so an action touches it once: the pending decision,
/// the game's own state and the [`Table`], the event in flight, the stack of events waiting,
/// the listener order of the current stage and the answer to a question asked mid-resolution.
/// Part of every snapshot.
///
/// The state is boxed so the pipeline can take it out of the world while it runs (a pointer
/// move, see [`with_resolution`](crate::kernel::step::with_resolution)); it reads through
/// [`Deref`](std::ops::Deref) as a [`ResolutionState`].
///
/// # Panics
/// Reading it from a handler while the pipeline runs panics: the state is out of the world
/// then (handlers reach the table, the game's state, the pending decision and chance through
/// [`Ctx`](super::Ctx); an inspector gets the table and the state as arguments).
#[derive(Resource, Debug)]
pub struct Resolution<G: Game>(Option<Box<ResolutionState<G>>>);

impl<G: Game> Default for Resolution<G> {
    fn default() -> Self {
        Resolution(Some(Box::default()))
    }
}

impl<G: Game> Clone for Resolution<G> {
    fn clone(&self) -> Self {
        Resolution(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        match (&mut self.0, &source.0) {
            (Some(mine), Some(theirs)) => mine.as_mut().clone_from(theirs),
            (mine, theirs) => *mine = theirs.clone(),
        }
    }
}

impl<G: Game> std::hash::Hash for Resolution<G> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        if let Some(inner) = &self.0 {
            inner.hash(state);
        }
    }
}

impl<G: Game> std::ops::Deref for Resolution<G> {
    type Target = ResolutionState<G>;
    fn deref(&self) -> &ResolutionState<G> {
        self.0.as_deref().expect(DETACHED)
    }
}

impl<G: Game> std::ops::DerefMut for Resolution<G> {
    fn deref_mut(&mut self) -> &mut ResolutionState<G> {
        self.0.as_deref_mut().expect(DETACHED)
    }
}

const DETACHED: &str = "the Resolution is out of the world while the pipeline runs";

impl<G: Game> Resolution<G> {
    /// Takes the state out (the pipeline runs on it outside the world).
    pub(crate) fn detach(&mut self) -> Box<ResolutionState<G>> {
        self.0.take().expect(DETACHED)
    }

    /// Swaps two states, each keeping its own [`Watch`] (as `clone_from` keeps it: what the
    /// pipeline records is a setting of the world, not game state).
    pub(crate) fn exchange(a: &mut Self, b: &mut Self) {
        std::mem::swap(a, b);
        if let (Some(a), Some(b)) = (&mut a.0, &mut b.0) {
            std::mem::swap(&mut a.watch, &mut b.watch);
        }
    }

    /// Puts the state back.
    pub(crate) fn attach(&mut self, state: Box<ResolutionState<G>>) {
        self.0 = Some(state);
    }
}

/// The content of [`Resolution`].
#[derive(Debug)]
pub struct ResolutionState<G: Game> {
    /// The decision the game waits on.
    pub decision: Decision<G::Action>,
    /// The game's own state ([`Game::State`]).
    pub state: G::State,
    /// The seats, the active seat and the round ([`Table`]); the builder sets
    /// `Table::new(game.seats())` before the game's setup.
    pub table: Table,
    /// The events waiting, the next on top; while an event is in flight, the events it
    /// emitted so far are on top, in emission order (from its `base`), and are turned over
    /// when it finishes, so the first one emitted resolves first.
    pub(super) waiting: Vec<Queued<G::Event>>,
    pub(super) current: Option<InFlight<G::Event>>,
    /// The listeners of the current stage, by order key (its last part the listener's
    /// [`StableId`]: no `Entity`, so the state means the same in every world).
    pub(super) order: Vec<OrderKey>,
    pub(super) answer: Option<G::Action>,
    /// Enabled listeners per event kind (derived from the listeners: not part of checksums).
    pub(crate) census: super::Census,
    /// The current action's forced case and chance points (transient: not part of checksums).
    pub chance: ActionChance,
    /// What the pipeline records and how listeners run: a setting, not game state (not part
    /// of checksums, kept when a snapshot is restored).
    pub watch: Watch,
}

impl<G: Game> Default for ResolutionState<G> {
    fn default() -> Self {
        ResolutionState {
            decision: Decision::default(),
            state: G::State::default(),
            table: Table::new(0),
            waiting: Vec::new(),
            current: None,
            order: Vec::new(),
            answer: None,
            census: super::Census::default(),
            chance: ActionChance::default(),
            watch: Watch::default(),
        }
    }
}

impl<G: Game> Clone for ResolutionState<G> {
    fn clone(&self) -> Self {
        ResolutionState {
            decision: self.decision.clone(),
            state: self.state.clone(),
            table: self.table,
            waiting: self.waiting.clone(),
            current: self.current.clone(),
            order: self.order.clone(),
            answer: self.answer,
            census: self.census.clone(),
            chance: self.chance.clone(),
            watch: self.watch,
        }
    }

    /// Copies the state, keeping this one's [`Watch`] (restoring a snapshot does not change
    /// what is being recorded).
    fn clone_from(&mut self, source: &Self) {
        self.decision.clone_from(&source.decision);
        self.state.clone_from(&source.state);
        self.table = source.table;
        self.waiting.clone_from(&source.waiting);
        self.current.clone_from(&source.current);
        self.order.clone_from(&source.order);
        self.answer = source.answer;
        self.census.clone_from(&source.census);
        self.chance.clone_from(&source.chance);
    }
}

impl<G: Game> std::hash::Hash for ResolutionState<G> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.decision.hash(state);
        self.state.hash(state);
        self.table.hash(state);
        // Hashed as two lists, the events waiting below the one in flight and the events it
        // emitted so far with their origins: the same hash as when the emitted events were
        // kept apart, so stored checksums still hold.
        let (below, emitted) = self.waiting.split_at(self.emitted_from());
        below.hash(state);
        self.current.hash(state);
        state.write_usize(emitted.len());
        for queued in emitted {
            queued.event.hash(state);
            queued.origin.hash(state);
        }
        self.order.hash(state);
        self.answer.hash(state);
    }
}

impl<G: Game> ResolutionState<G> {
    /// True while an event is in flight (the game waits on a question asked mid-resolution).
    pub fn in_flight(&self) -> bool {
        self.current.is_some()
    }

    /// Where the events emitted by the event in flight start in `waiting` (its length when
    /// none is in flight).
    fn emitted_from(&self) -> usize {
        self.current
            .as_ref()
            .map_or(self.waiting.len(), |flight| flight.base as usize)
    }

    /// Queues `event` as a root event (depth 1), to resolve after the root events queued
    /// before it: what [`Setup::emit`](crate::kernel::Setup::emit) and
    /// [`Sim::emit`](crate::kernel::Sim::emit) do.
    pub(crate) fn push_root(&mut self, event: G::Event) {
        // Below an event in flight it would shift the children it emitted (from its `base`):
        // callers refuse (`SimError::InFlight`) or run before any resolution (the setup).
        debug_assert!(self.current.is_none(), "a root event queued mid-resolution");
        // `waiting` is a stack (the next event on top): a later root event goes below.
        self.waiting.insert(
            0,
            Queued {
                event,
                depth: 1,
                origin: Origin::Root,
            },
        );
    }

    pub(crate) fn clear(&mut self) {
        clear_parts::<G>(
            &mut self.waiting,
            &mut self.current,
            &mut self.order,
            &mut self.answer,
        );
    }
}

/// Drops a resolution in progress (what a failure leaves): the events waiting (those just
/// emitted too) and in flight, the stage's listeners and a pending answer.
pub(super) fn clear_parts<G: Game>(
    waiting: &mut Vec<Queued<G::Event>>,
    current: &mut Option<InFlight<G::Event>>,
    order: &mut Vec<OrderKey>,
    answer: &mut Option<G::Action>,
) {
    waiting.clear();
    *current = None;
    order.clear();
    *answer = None;
}
