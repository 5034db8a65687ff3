//! [`Crew`]: the threads a batch is stepped on. Share `k` of every job runs on thread `k` —
//! share 0 on the caller's own thread — so each thread keeps its envs and its worker `Sim` in
//! its own core's caches, step after step; and between jobs a helper stays awake a short
//! while (yielding its core to any thread that needs it) before it sleeps, so a batch
//! stepped in a loop pays no wake-up per step.
//!
//! Why not a work-stealing pool: a step's blocks are known in advance and equal, and stealing
//! moves a block, with its worker's world, to the other core's caches; waking sleeping
//! threads for every step costs tens of microseconds on a virtual machine, as long as a
//! whole step of a small batch.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a helper waits for the next job awake before it sleeps: longer than a
/// caller's usual work between two steps (a policy's numpy on a thousand rows), short enough
/// that a caller busy elsewhere loses little of a core.
const AWAKE: Duration = Duration::from_micros(200);

/// A job: called once with each share's index.
type Job<'a> = dyn Fn(usize) + Sync + 'a;

/// The running job's address, its lifetime erased ([`Crew::run`] waits until every helper is
/// done with it before it returns).
#[derive(Clone, Copy)]
struct JobRef(*const Job<'static>);

// SAFETY: the job is `Sync` (it is called from several threads at once), and `Crew::run`
// keeps it alive while any helper may call it.
unsafe impl Send for JobRef {}

/// What the caller and its helpers share.
struct Shared {
    /// Bumped once per job, and once more to stop.
    epoch: AtomicU64,
    /// The current job (`None` between jobs).
    job: Mutex<Option<JobRef>>,
    /// Helpers done with the current job.
    done: AtomicUsize,
    /// The first panic of a helper's share in the current job.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
    /// `asleep[k]`: helper `k` sleeps, or is about to (index 0, the caller, is never set).
    asleep: Vec<AtomicBool>,
    /// The crew is being dropped: the helpers return.
    stop: AtomicBool,
}

/// A fixed crew of threads: the caller's and `threads - 1` helpers.
pub(super) struct Crew {
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
}

impl Crew {
    /// A crew of `threads` threads (at least one: the caller's alone needs no helper).
    pub(super) fn new(threads: usize) -> std::io::Result<Crew> {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            epoch: AtomicU64::new(0),
            job: Mutex::new(None),
            done: AtomicUsize::new(0),
            panic: Mutex::new(None),
            asleep: (0..threads).map(|_| AtomicBool::new(false)).collect(),
            stop: AtomicBool::new(false),
        });
        let mut crew = Crew {
            shared,
            helpers: Vec::with_capacity(threads - 1),
        };
        for k in 1..threads {
            let shared = Arc::clone(&crew.shared);
            let helper = std::thread::Builder::new()
                .name(format!("alea-vector-{k}"))
                .spawn(move || serve(&shared, k))?;
            // Pushed one by one: a failed spawn drops the crew so far, which stops it.
            crew.helpers.push(helper);
        }
        Ok(crew)
    }

    /// Threads in the crew, the caller's included.
    pub(super) fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Runs `job(k)` for every share `k` in `0..threads()`, share `k` on thread `k` (share 0
    /// on this thread), and returns when all are done. A share that panics does not stop
    /// the others; the panic goes on from here once they are done (this thread's first).
    pub(super) fn run(&mut self, job: &Job<'_>) {
        if self.helpers.is_empty() {
            return job(0);
        }
        let shared = &*self.shared;
        // SAFETY: only the lifetime changes; the helpers call the job only between the epoch
        // bump below and their `done` count, and this function waits for every count before
        // it returns (or goes on with a panic), so the job outlives every call.
        let erased = unsafe { std::mem::transmute::<*const Job<'_>, *const Job<'static>>(job) };
        *lock(&shared.job) = Some(JobRef(erased));
        shared.done.store(0, SeqCst);
        shared.epoch.fetch_add(1, SeqCst);
        for (helper, asleep) in self.helpers.iter().zip(&shared.asleep[1..]) {
            if asleep.load(SeqCst) {
                helper.thread().unpark();
            }
        }
        let mine = catch_unwind(AssertUnwindSafe(|| job(0)));
        // Yielding, not spinning: with more threads than cores, the helpers still at work
        // need this core.
        while shared.done.load(SeqCst) < self.helpers.len() {
            std::thread::yield_now();
        }
        *lock(&shared.job) = None;
        let theirs = lock(&shared.panic).take();
        if let Some(panic) = mine.err().or(theirs) {
            resume_unwind(panic);
        }
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        self.shared.stop.store(true, SeqCst);
        self.shared.epoch.fetch_add(1, SeqCst);
        for helper in self.helpers.drain(..) {
            helper.thread().unpark();
            // A helper never panics outside a job's share (caught there).
            let _ = helper.join();
        }
    }
}

/// Helper `k`'s life: wait for a job, run share `k`, count it done; until the crew stops.
fn serve(shared: &Shared, k: usize) {
    let mut seen = 0;
    loop {
        seen = shared.next_epoch(seen, k);
        if shared.stop.load(SeqCst) {
            return;
        }
        let job = lock(&shared.job).expect("a job is set for as long as its epoch runs");
        // SAFETY: `Crew::run` keeps the job alive until this helper has counted itself done.
        let ran = catch_unwind(AssertUnwindSafe(|| unsafe { (*job.0)(k) }));
        if let Err(panic) = ran {
            let mut first = lock(&shared.panic);
            match first.is_none() {
                true => *first = Some(panic),
                // Leaked, not dropped: a payload whose drop panics would end this helper
                // before it counts itself done, and `run` would wait for ever.
                false => std::mem::forget(panic),
            }
        }
        shared.done.fetch_add(1, SeqCst);
    }
}

impl Shared {
    /// Waits until the epoch is past `seen` (for [`AWAKE`] awake, yielding the core to any
    /// thread that needs it, then asleep) and returns it.
    fn next_epoch(&self, seen: u64, k: usize) -> u64 {
        let since = Instant::now();
        let mut polls = 0u32;
        loop {
            let epoch = self.epoch.load(SeqCst);
            if epoch != seen {
                return epoch;
            }
            polls = polls.wrapping_add(1);
            if !polls.is_multiple_of(16) || since.elapsed() < AWAKE {
                std::thread::yield_now();
                continue;
            }
            // Asleep first, then the epoch read again: `run` bumps the epoch, then reads
            // `asleep` (all sequentially consistent), so either it sees this helper asleep and
            // unparks it, or this read sees the new epoch.
            self.asleep[k].store(true, SeqCst);
            if self.epoch.load(SeqCst) == seen {
                std::thread::park();
            }
            self.asleep[k].store(false, SeqCst);
        }
    }
}

/// Where the shares of one job meet: none goes past it until every share has arrived, and a
/// share that arrives refusing (or panicking) turns every share back. A step checks each
/// block's actions on the block's own thread, and steps only once every block has passed.
pub(super) struct Gate {
    /// Shares not yet arrived.
    waiting: AtomicUsize,
    /// Some share refused.
    refused: AtomicBool,
}

impl Gate {
    /// A gate for `shares` shares (each must [`pass`](Self::pass) once, or the others wait
    /// for ever).
    pub(super) fn new(shares: usize) -> Gate {
        Gate {
            waiting: AtomicUsize::new(shares),
            refused: AtomicBool::new(false),
        }
    }

    /// Runs `check` (false: refuse), arrives, and waits for every share: true when none
    /// refused. A panicking `check` refuses, and its panic goes on once every share has
    /// arrived.
    pub(super) fn pass(&self, check: impl FnOnce() -> bool) -> bool {
        let checked = catch_unwind(AssertUnwindSafe(check));
        if !matches!(checked, Ok(true)) {
            self.refused.store(true, SeqCst);
        }
        self.waiting.fetch_sub(1, SeqCst);
        // Yielding: with more threads than cores, the shares still checking need this core.
        while self.waiting.load(SeqCst) > 0 {
            std::thread::yield_now();
        }
        if let Err(panic) = checked {
            resume_unwind(panic);
        }
        !self.refused.load(SeqCst)
    }
}

/// The value behind `mutex`, whether or not a panic poisoned it (what it guards stays
/// consistent: each is written whole).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_share_runs_on_its_own_thread_every_time() {
        let mut crew = Crew::new(3).unwrap();
        let names: Vec<Mutex<Vec<String>>> = (0..3).map(|_| Mutex::new(Vec::new())).collect();
        for round in 0..50 {
            if round % 10 == 0 {
                // Long enough for the helpers to fall asleep: they must wake.
                std::thread::sleep(AWAKE * 3);
            }
            crew.run(&|k| {
                let name = std::thread::current().name().unwrap_or("").to_string();
                lock(&names[k]).push(name);
            });
        }
        let caller = std::thread::current().name().unwrap_or("").to_string();
        for (k, names) in names.iter().enumerate() {
            let names = lock(names);
            assert_eq!(names.len(), 50);
            let want = match k {
                0 => caller.clone(),
                k => format!("alea-vector-{k}"),
            };
            assert!(
                names.iter().all(|name| *name == want),
                "share {k}: {names:?}"
            );
        }
    }

    #[test]
    fn a_gate_lets_every_share_through_only_when_none_refuses() {
        let mut crew = Crew::new(3).unwrap();
        for refusing in [None, Some(0), Some(2)] {
            let gate = Gate::new(3);
            let passed = AtomicUsize::new(0);
            let arrived = AtomicUsize::new(0);
            crew.run(&|k| {
                let through = gate.pass(|| {
                    arrived.fetch_add(1, SeqCst);
                    Some(k) != refusing
                });
                // Past the gate, every share has arrived.
                assert_eq!(arrived.load(SeqCst), 3);
                if through {
                    passed.fetch_add(1, SeqCst);
                }
            });
            let want = if refusing.is_none() { 3 } else { 0 };
            assert_eq!(passed.load(SeqCst), want, "share {refusing:?} refusing");
        }
        // A share whose check panics turns the others back, and its panic goes on.
        let gate = Gate::new(2);
        let passed = AtomicUsize::new(0);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            crew.run(&|k| {
                if k < 2 && gate.pass(|| if k == 1 { panic!("check fails") } else { true }) {
                    passed.fetch_add(1, SeqCst);
                }
            })
        }));
        assert!(outcome.is_err());
        assert_eq!(passed.load(SeqCst), 0);
    }

    #[test]
    fn a_panicking_share_lets_the_others_finish_and_goes_on_from_run() {
        let mut crew = Crew::new(2).unwrap();
        let finished = AtomicUsize::new(0);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            crew.run(&|k| {
                if k == 1 {
                    panic!("share 1 fails");
                }
                std::thread::sleep(Duration::from_millis(5));
                finished.fetch_add(1, SeqCst);
            })
        }));
        let panic = outcome.unwrap_err();
        assert_eq!(panic.downcast_ref::<&str>(), Some(&"share 1 fails"));
        assert_eq!(finished.load(SeqCst), 1);
        // The crew still works.
        let sum = AtomicUsize::new(0);
        crew.run(&|k| {
            sum.fetch_add(k + 1, SeqCst);
        });
        assert_eq!(sum.load(SeqCst), 3);
    }
}
