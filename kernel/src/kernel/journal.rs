//! How [`Sim::apply`](super::Sim::apply) undoes a failed action without a snapshot per action:
//! a checkpoint and the actions applied since, replayed onto it when an action fails.

use bevy_ecs::prelude::*;

use crate::pipeline::{Mode, Watch};
use crate::snapshot::{Snapshot, SnapshotRegistry};

/// Actions applied since a checkpoint, which is retaken once [`SPAN`] actions follow it. The
/// rules are deterministic given the registered state and change nothing outside it (search
/// relies on it too), so restoring the checkpoint and applying the same actions with the same
/// forced cases gives the world as it was before the failed action, bit for bit.
pub(crate) struct Journal<A> {
    /// The world before `actions`, once saved.
    checkpoint: Option<Snapshot>,
    /// False once anything but a journaled action may have changed the world since the
    /// checkpoint (an edit, a restore, a reseed): the next action takes a new one.
    valid: bool,
    /// Each action applied since the checkpoint, with the [`Case`](crate::chance::Case) it
    /// consumed.
    actions: Vec<Journaled<A>>,
    /// Actions per checkpoint: [`SPAN`], or 1 in benefit mode (AI hooks write a ledger the
    /// snapshot does not hold, so nothing is replayed).
    span: usize,
    /// What the pipeline records grows with each action (recording on, or benefit mode's
    /// count of prevented events): a rollback needs its length before the failed one.
    marks: bool,
}

/// What a rollback goes back to besides the checkpoint: the [`Case`](crate::chance::Case)
/// forced for the failed action, and how much the [`Observer`](crate::pipeline::Observer)
/// held before it (`None`: it does not grow).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Marks {
    pub(crate) case: Option<u32>,
    pub(crate) observer: Option<(usize, usize, u32)>,
}

/// An action applied since the checkpoint and the case it consumed.
pub(crate) type Journaled<A> = (A, Option<u32>);

/// The most actions a rollback replays: a checkpoint costs one snapshot per `SPAN` actions.
pub(crate) const SPAN: usize = 64;

impl<A: Copy> Journal<A> {
    pub(crate) fn new() -> Self {
        Journal {
            checkpoint: None,
            valid: false,
            actions: Vec::new(),
            span: SPAN,
            marks: false,
        }
    }

    /// The world changed outside the journal: the next action checkpoints again.
    pub(crate) fn forget(&mut self) {
        self.valid = false;
    }

    /// Before actions: keeps the checkpoint while it is valid and has room, otherwise saves
    /// `world` as the new one (reading its `watch` then); returns how many actions may follow
    /// before the next checkpoint.
    pub(crate) fn room(
        &mut self,
        registry: &mut SnapshotRegistry,
        world: &World,
        watch: impl FnOnce(&World) -> Watch,
    ) -> usize {
        if !self.valid || self.actions.len() >= self.span {
            let watch = watch(world);
            let benefit = watch.mode == Mode::Benefit;
            self.span = if benefit { 1 } else { SPAN };
            self.marks = benefit || watch.record_events || watch.record_effects;
            match self.checkpoint.as_mut() {
                Some(snapshot) => registry.save(world, snapshot),
                None => self.checkpoint = Some(registry.snapshot(world)),
            }
            self.actions.clear();
            self.valid = true;
        }
        self.span - self.actions.len()
    }

    /// True when a rollback needs the observer's length before each action.
    pub(crate) fn needs_marks(&self) -> bool {
        self.marks
    }

    /// An action applied, with the case it consumed.
    pub(crate) fn record(&mut self, action: A, case: Option<u32>) {
        self.actions.push((action, case));
    }

    /// While actions run: a panic caught by the caller leaves the journal invalid (the
    /// world may be half-applied), so the next action checkpoints again.
    pub(crate) fn suspend(&mut self) {
        self.valid = false;
    }

    /// The actions ran to an end (applied, refused or failed): the journal holds again.
    pub(crate) fn resume(&mut self) {
        self.valid = self.checkpoint.is_some();
    }

    /// Runs `replay` on the checkpoint and the actions applied since (a rollback); `None`
    /// when there is no valid checkpoint. The journal holds afterwards only if `replay`
    /// succeeded (a failed or panicking replay leaves a world it does not describe).
    pub(crate) fn replay<E>(
        &mut self,
        replay: impl FnOnce(&Snapshot, &[Journaled<A>]) -> Result<(), E>,
    ) -> Option<Result<(), E>> {
        if !self.valid {
            return None;
        }
        let checkpoint = self.checkpoint.as_ref()?;
        self.valid = false;
        let result = replay(checkpoint, &self.actions);
        self.valid = result.is_ok();
        Some(result)
    }
}
