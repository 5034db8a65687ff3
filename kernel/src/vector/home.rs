//! Where an env's game lives between steps ([`Layout`]): its own `Sim`, or a snapshot that
//! trades places with its block's worker `Sim`'s game to step it, and back.

use crate::encode::Encode;
use crate::kernel::{Sim, SimError};
use crate::snapshot::Snapshot;

/// Envs in a batch from which [`Layout::Auto`] parks them (counted over the whole batch:
/// its threads share the last-level cache). On the reference machine, one thread, a parked
/// batch of 512 steps 1.4–1.6× faster for sichuan, the duel and sgs, about as fast for
/// riichi; Leduc gains from 1 024 (1.7×); Pig, whose world is small, is faster resident at
/// every size (`benches/vector.rs`, table in the book's Performance page).
pub const PARK_FROM: usize = 512;

/// Where each env's game lives between steps. Every layout gives the same rows, bit for
/// bit; they differ in speed only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// [`Parked`](Self::Parked) for a batch of at least [`PARK_FROM`] envs, else
    /// [`Resident`](Self::Resident).
    #[default]
    Auto,
    /// Each env keeps its own `Sim`: the fastest while the batch's worlds fit the caches
    /// (a world is tens to hundreds of kilobytes).
    Resident,
    /// Each env keeps a snapshot of its game, and each thread one `Sim` whose game trades
    /// places with the env's to step it, and back ([`Sim::exchange`]: nothing copied, the
    /// env's random generators carried along; between two envs of a block, [`Sim::trade`]
    /// gives one game back and takes the next in one pass): a step then visits one hot
    /// world and a compact snapshot, so a big batch keeps a small one's speed per env. What a `Sim`
    /// keeps outside its snapshot (its logs of events and effects) is the thread's, shared
    /// by the envs it steps.
    Parked,
}

impl Layout {
    /// The layouts with their names (`auto`, `resident`, `parked`).
    const NAMED: [(Layout, &'static str); 3] = [
        (Layout::Auto, "auto"),
        (Layout::Resident, "resident"),
        (Layout::Parked, "parked"),
    ];

    /// The layout's name: `auto`, `resident` or `parked`.
    pub fn name(self) -> &'static str {
        Self::NAMED
            .iter()
            .find(|(layout, _)| *layout == self)
            .map_or("auto", |(_, name)| name)
    }

    /// `Resident` or `Parked` for a batch of `envs` envs.
    pub(super) fn resolve(self, envs: usize) -> Layout {
        match self {
            Layout::Auto if envs >= PARK_FROM => Layout::Parked,
            Layout::Auto => Layout::Resident,
            chosen => chosen,
        }
    }
}

/// A layout by its name; the error names it and the names there are:
/// `layout "packed": expected "auto", "resident" or "parked"`.
impl std::str::FromStr for Layout {
    type Err = String;

    fn from_str(name: &str) -> Result<Layout, String> {
        Layout::NAMED
            .iter()
            .find(|(_, known)| *known == name)
            .map(|(layout, _)| *layout)
            .ok_or_else(|| {
                format!("layout {name:?}: expected \"auto\", \"resident\" or \"parked\"")
            })
    }
}

/// An env's game.
pub(super) enum Home<G: Encode> {
    /// Its own `Sim` ([`Layout::Resident`]; boxed: a `Sim` is kilobytes, a snapshot's handle
    /// a few words).
    Resident(Box<Sim<G>>),
    /// A snapshot of it ([`Layout::Parked`]).
    Parked(Snapshot),
}

impl<G: Encode> Home<G> {
    /// The game kept as `layout` (resolved) keeps it, when that changes its home: a resident
    /// game saved, a parked one restored into a `Sim` that `builder` builds. `self` is
    /// untouched.
    pub(super) fn relayout(
        &mut self,
        layout: Layout,
        builder: &crate::kernel::SimBuilder<G>,
    ) -> Result<Option<Home<G>>, SimError> {
        match (self, layout) {
            (Home::Resident(sim), Layout::Parked) => Ok(Some(Home::Parked(sim.snapshot()))),
            (Home::Parked(snapshot), Layout::Resident) => {
                let mut sim = builder.try_build()?;
                sim.restore(snapshot)?;
                Ok(Some(Home::Resident(Box::new(sim))))
            }
            _ => Ok(None),
        }
    }

    /// The layout this home is in.
    pub(super) fn layout(&self) -> Layout {
        match self {
            Home::Resident(_) => Layout::Resident,
            Home::Parked(_) => Layout::Parked,
        }
    }

    /// Runs `f` on the game: its own `Sim`, or `worker` holding it, whatever `f` returns.
    /// A parked game trades places with the worker's (no copy: the snapshot holds the
    /// worker's game meanwhile), in the same pass as the game `held` goes back to its own
    /// snapshot (the env stepped before, whose game the worker still holds), and stays in
    /// the worker after, `held` for the next env, unless `f` panics: then it goes back first
    /// (the game keeps what the panic left, as a resident one does). A snapshot the worker
    /// did not save in its current layout is restored and saved instead (a restore that
    /// fails runs nothing; a panic then leaves the snapshot as it was before the step).
    pub(super) fn enter<'a, R, E: From<SimError>>(
        &'a mut self,
        held: &mut Held<'a>,
        worker: &mut Sim<G>,
        f: impl FnOnce(&mut Sim<G>) -> Result<R, E>,
    ) -> Result<R, E> {
        match self {
            Home::Resident(sim) => {
                held.release(worker);
                f(sim)
            }
            Home::Parked(snapshot) => enter_parked(snapshot, held, worker, f),
        }
    }

    /// A parked copy of the game (a snapshot: no new game is built, whatever the layout of
    /// `self`), that `f` changes first in `worker` (`self` is untouched; `f` also returns
    /// what it reads of the copy).
    pub(super) fn parked_copy_with<R, E: From<SimError>>(
        &mut self,
        worker: &mut Sim<G>,
        f: impl FnOnce(&mut Sim<G>) -> Result<R, E>,
    ) -> Result<(Home<G>, R), E> {
        let mut copy = match self {
            Home::Resident(sim) => {
                let saved = sim.snapshot();
                worker.restore(&saved)?;
                saved
            }
            Home::Parked(snapshot) => {
                worker.restore(snapshot)?;
                Snapshot::default()
            }
        };
        let read = f(worker)?;
        worker.snapshot_into(&mut copy);
        Ok((Home::Parked(copy), read))
    }

    /// The game, to read (restored into `worker` when parked).
    pub(super) fn sim<'a>(&'a self, worker: &'a mut Sim<G>) -> Result<&'a Sim<G>, SimError> {
        match self {
            Home::Resident(sim) => Ok(sim),
            Home::Parked(snapshot) => {
                worker.restore(snapshot)?;
                Ok(worker)
            }
        }
    }
}

/// The parked game a block's worker still holds after stepping it (its snapshot holding the
/// worker's game meanwhile): it goes back when the next parked env's game trades places with
/// it ([`Home::enter`]: one pass for both), or when released.
#[derive(Default)]
pub(super) struct Held<'a>(Option<&'a mut Snapshot>);

impl Held<'_> {
    /// Gives the held game back to its snapshot (nothing when none is held).
    pub(super) fn release<G: Encode>(&mut self, worker: &mut Sim<G>) {
        if let Some(snapshot) = self.0.take() {
            give_back(snapshot, worker);
        }
    }
}

/// A block's worker and the parked game it holds between two envs' steps, given back when
/// the block is done (or a panic unwinds it), so that no game is left in a worker.
pub(super) struct Holding<'a, 'w, G: Encode> {
    pub(super) held: Held<'a>,
    pub(super) worker: &'w mut Sim<G>,
}

impl<'w, G: Encode> Holding<'_, 'w, G> {
    /// `worker`, holding no env's game yet.
    pub(super) fn new(worker: &'w mut Sim<G>) -> Self {
        Holding {
            held: Held::default(),
            worker,
        }
    }
}

impl<G: Encode> Drop for Holding<'_, '_, G> {
    fn drop(&mut self) {
        self.held.release(self.worker);
    }
}

/// [`Home::enter`] of a parked game.
fn enter_parked<'a, G: Encode, R, E: From<SimError>>(
    snapshot: &'a mut Snapshot,
    held: &mut Held<'a>,
    worker: &mut Sim<G>,
    f: impl FnOnce(&mut Sim<G>) -> Result<R, E>,
) -> Result<R, E> {
    let traded = match held.0.take() {
        Some(before) => {
            worker.trade(before, snapshot) || {
                give_back(before, worker);
                worker.exchange(snapshot)
            }
        }
        None => worker.exchange(snapshot),
    };
    if !traded {
        worker.restore(snapshot)?;
        let done = f(worker);
        worker.snapshot_into(snapshot);
        return done;
    }
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(worker))) {
        Ok(done) => {
            held.0 = Some(snapshot);
            done
        }
        Err(panic) => {
            give_back(snapshot, worker);
            std::panic::resume_unwind(panic)
        }
    }
}

/// Gives the game `worker` holds back to the parked `snapshot` it came from: traded back, or
/// copied when a step changed the world's layout.
fn give_back<G: Encode>(snapshot: &mut Snapshot, worker: &mut Sim<G>) {
    if !worker.exchange(snapshot) {
        worker.snapshot_into(snapshot);
    }
}
