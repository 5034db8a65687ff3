//! A game behind the type-erased interface ([`Erased`], made by [`erase`]): its builder and
//! one `Sim` of it per thread, which every state of the game restores its snapshot into to
//! work.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::encode::Encode;
use crate::kernel::{Sim, SimBuilder};
use crate::snapshot::Snapshot;

use super::dynamic::StateError;

/// Content versions: a `Sim` holding version `v` holds exactly the states of version `v`.
static VERSIONS: AtomicU64 = AtomicU64::new(1);
/// Game ids (keys of the per-thread `Sim`s).
static TABLES: AtomicU64 = AtomicU64::new(1);

pub(super) fn new_version() -> u64 {
    VERSIONS.fetch_add(1, Ordering::Relaxed)
}

/// A thread's `Sim` of one table, the version it holds (0: none), the position it was built
/// in (for [`Encode::restart`]), and snapshots dropped states left (reused, so that saving a
/// state allocates nothing in a steady loop).
pub(super) struct Worker<G: Encode> {
    pub(super) sim: Sim<G>,
    pub(super) loaded: u64,
    pub(super) start: Snapshot,
    pub(super) spare: Vec<Snapshot>,
}

/// Spare snapshots a worker keeps at most.
const SPARE: usize = 64;

/// A thread's worker for a table, and a handle that dies with the table.
type Slot = (std::sync::Weak<()>, Box<dyn Any>);

thread_local! {
    static WORKERS: RefCell<HashMap<u64, Slot>> = RefCell::new(HashMap::new());
}

/// A game and its builder, a [`DynGame`](super::DynGame) ([`erase`] makes one).
pub struct Erased<G: Encode> {
    id: u64,
    pub(super) builder: SimBuilder<G>,
    /// Held while the table lives: a thread's worker whose table is gone is dropped.
    alive: Arc<()>,
}

impl<G: Encode> Erased<G> {
    /// `game`, erased (see [`erase`]).
    pub fn new(game: G) -> Arc<Erased<G>> {
        Arc::new(Erased {
            id: TABLES.fetch_add(1, Ordering::Relaxed),
            builder: SimBuilder::new(game),
            alive: Arc::new(()),
        })
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.builder.game()
    }

    /// Runs `f` on this thread's `Sim` of the table (built on first use).
    pub(super) fn with_worker<R>(
        &self,
        f: impl FnOnce(&mut Worker<G>) -> Result<R, StateError>,
    ) -> Result<R, StateError> {
        WORKERS.with(|workers| {
            let mut workers = workers.borrow_mut();
            if !workers.contains_key(&self.id) {
                // Tables dropped on other threads leave their workers here: let them go.
                workers.retain(|_, (alive, _)| alive.strong_count() > 0);
                let mut sim = self.builder.try_build()?;
                let start = sim.snapshot();
                let worker = Worker {
                    sim,
                    loaded: 0,
                    start,
                    spare: Vec::new(),
                };
                let alive = Arc::downgrade(&self.alive);
                workers.insert(self.id, (alive, Box::new(worker)));
            }
            let (_, worker) = workers.get_mut(&self.id).expect("inserted above");
            let worker = worker
                .downcast_mut::<Worker<G>>()
                .expect("a table's worker has its game's type");
            f(worker)
        })
    }

    /// Gives `snapshot` to this thread's worker as a spare, if it has one and room.
    pub(super) fn recycle(&self, snapshot: Snapshot) {
        let _ = WORKERS.try_with(|workers| {
            let Ok(mut workers) = workers.try_borrow_mut() else {
                return;
            };
            if let Some(worker) = workers
                .get_mut(&self.id)
                .and_then(|(_, w)| w.downcast_mut::<Worker<G>>())
                && worker.spare.len() < SPARE
            {
                worker.spare.push(snapshot);
            }
        });
    }
}

/// `game` behind the registry's type-erased interface: what a [`GameInfo`](super::GameInfo)'s
/// builder returns.
pub fn erase<G: Encode>(game: G) -> Arc<dyn super::DynGame> {
    Erased::new(game)
}

impl<G: Encode> Drop for Erased<G> {
    fn drop(&mut self) {
        // This thread's Sim goes with the table; another thread's stays until it exits.
        let _ = WORKERS.try_with(|workers| {
            if let Ok(mut workers) = workers.try_borrow_mut() {
                workers.remove(&self.id);
            }
        });
    }
}
