//! [`Blocks`]: how a batch's envs are split over its [`Crew`]: `count` contiguous blocks as
//! even as can be (block `k` holds envs `k·B/count .. (k+1)·B/count`), block `k` always on
//! thread `k` with worker `Sim` `k`. Whatever a block's thread makes for its envs (their
//! games, snapshots and its worker) it allocates itself, so two threads never write to one
//! cache line.

use std::ops::Range;
use std::sync::Mutex;

use crate::encode::Encode;
use crate::kernel::Sim;

use super::crew::{Crew, Gate};
use super::env::Env;
use super::home::{Held, Holding};
use super::outputs::{Outputs, Row, Sizes};
use super::{EnvError, VectorError};

/// A batch's split into blocks.
#[derive(Clone, Copy)]
pub(super) struct Blocks {
    pub(super) sizes: Sizes,
    pub(super) count: usize,
}

/// What block `k` is given to step: its first env's index, its envs, its worker and its rows.
type Share<'a, G> = (usize, &'a mut [Env<G>], &'a mut Sim<G>, Outputs<'a>);

/// Block `k`'s share of a step, waiting for thread `k`. A step carves the blocks one by one,
/// each link pointing to the one carved before it, so it lends them without allocating.
struct Link<'s, 'a, G: Encode> {
    k: usize,
    share: Mutex<Option<Share<'a, G>>>,
    result: Mutex<Result<(), VectorError>>,
    below: Option<&'s Link<'s, 'a, G>>,
}

impl<'s, 'a, G: Encode> Link<'s, 'a, G> {
    /// Links from this one down to block 0.
    fn chain(&self) -> impl Iterator<Item = &Link<'s, 'a, G>> {
        std::iter::successors(Some(self), |link| link.below)
    }
}

impl Blocks {
    /// The envs of block `k`.
    pub(super) fn range(&self, k: usize) -> Range<usize> {
        self.start(k)..self.start(k + 1)
    }

    fn start(&self, k: usize) -> usize {
        k * self.sizes.envs / self.count
    }

    /// Runs `check(i, env i)` for every env and, when none refused, `f(i, env i, its block's
    /// worker, its row)` for every env (a failing env does not stop the others), the blocks
    /// in parallel, each checking its own envs; the first error by env order (a refusal, or
    /// else a failure), naming its env.
    pub(super) fn step<G: Encode>(
        &self,
        crew: &mut Crew,
        envs: &mut [Env<G>],
        workers: &mut [Sim<G>],
        out: &mut Outputs<'_>,
        check: impl Fn(usize, &Env<G>) -> Result<(), VectorError> + Sync,
        f: impl for<'e> Fn(
            usize,
            &'e mut Env<G>,
            &mut Held<'e>,
            &mut Sim<G>,
            Row<'_>,
        ) -> Result<(), EnvError>
        + Sync,
    ) -> Result<(), VectorError> {
        // Every block's thread must reach the gate, or the others wait for ever.
        assert_eq!(crew.threads(), self.count, "one thread per block");
        let sizes = self.sizes;
        // Checked by each block's own thread: its envs' legal ids stay in its core's caches.
        let gate = Gate::new(self.count);
        let block = |share: Option<Share<'_, G>>| {
            let mut refused = Ok(());
            // A block's share is taken once; one missing (a bug) turns every block back at the
            // gate, and panics past it.
            let passed = gate.pass(|| {
                let Some((first, envs, ..)) = &share else {
                    return false;
                };
                refused = (*first..)
                    .zip(envs.iter())
                    .try_for_each(|(i, env)| check(i, env));
                refused.is_ok()
            });
            let (first, envs, worker, mut rows) = share.expect("each block's share is taken once");
            if !passed {
                // `Ok` when another block refused.
                return refused;
            }
            let mut failed = Ok(());
            // A parked env's game stays in the worker until the next env's trades places
            // with it; the last goes back when `holding` is dropped.
            let mut holding = Holding::new(worker);
            for (k, env) in envs.iter_mut().enumerate() {
                let row = rows.row(k, sizes);
                let stepped =
                    f(first + k, env, &mut holding.held, holding.worker, row).map_err(|e| {
                        VectorError::Game {
                            env: first + k,
                            message: e.to_string(),
                        }
                    });
                // Every env steps; the first failure is the one reported.
                failed = failed.and(stepped);
            }
            failed
        };
        let rows = out.reborrow();
        match workers {
            [worker] => block(Some((0, envs, worker, rows))),
            _ => self.carve(0, envs, workers, rows, None, &mut |top| {
                crew.run(&|k| {
                    let link = top.chain().find(|link| link.k == k);
                    let link = link.expect("a link for every block");
                    let share = link.share.lock().ok().and_then(|mut share| share.take());
                    let result = block(share);
                    if let Ok(mut slot) = link.result.lock() {
                        *slot = result;
                    }
                })
            }),
        }
    }

    /// Carves block `k` (its first env `self.start(k)`) off `envs`, `workers` and `rows`,
    /// links it above `below`, and carves the next; once every block is carved, `go` runs them
    /// from the top link. The first error by env order.
    fn carve<'s, 'a, G: Encode>(
        &self,
        k: usize,
        envs: &'a mut [Env<G>],
        workers: &'a mut [Sim<G>],
        rows: Outputs<'a>,
        below: Option<&'s Link<'s, 'a, G>>,
        go: &mut dyn FnMut(&Link<'_, 'a, G>),
    ) -> Result<(), VectorError> {
        let n = self.range(k).len();
        let (mine, envs) = envs.split_at_mut(n);
        let (rows_mine, rows) = rows.split_at(n, self.sizes);
        let Some((worker, workers)) = workers.split_first_mut() else {
            unreachable!("one worker per block")
        };
        let link = Link {
            k,
            share: Mutex::new(Some((self.start(k), mine, worker, rows_mine))),
            result: Mutex::new(Ok(())),
            below,
        };
        if k + 1 < self.count {
            return self.carve(k + 1, envs, workers, rows, Some(&link), go);
        }
        go(&link);
        // The lowest block's error is the first by env order.
        link.chain()
            .filter_map(|link| std::mem::replace(&mut *link.result.lock().ok()?, Ok(())).err())
            .last()
            .map_or(Ok(()), Err)
    }

    /// `f(k, envs of block k)` on thread `k`, for every block: what each returns, in block
    /// order (for a batch's setup and work outside a step: it allocates).
    pub(super) fn each<T: Send>(
        &self,
        crew: &mut Crew,
        f: impl Fn(usize, Range<usize>) -> T + Sync,
    ) -> Vec<T> {
        debug_assert_eq!(crew.threads(), self.count, "one thread per block");
        let made: Vec<Mutex<Option<T>>> = (0..self.count).map(|_| Mutex::new(None)).collect();
        crew.run(&|k| {
            let value = f(k, self.range(k));
            if let Ok(mut slot) = made[k].lock() {
                *slot = Some(value);
            }
        });
        made.into_iter()
            .map(|slot| {
                let value = slot.into_inner().ok().flatten();
                value.expect("every block ran (a panic would have gone on from the crew)")
            })
            .collect()
    }

    /// `items` (one per env) cut into the blocks' shares, block order.
    pub(super) fn split<'a, T>(&self, items: &'a mut [T]) -> Vec<&'a mut [T]> {
        let mut shares = Vec::with_capacity(self.count);
        let mut rest = items;
        for k in 0..self.count {
            let (mine, others) = std::mem::take(&mut rest).split_at_mut(self.range(k).len());
            shares.push(mine);
            rest = others;
        }
        shares
    }

    /// `f(first env, envs of block k, worker k)` on thread `k`, for every block: what each
    /// returns, in block order (for work on every env outside a step: it allocates).
    pub(super) fn each_mut<G: Encode, T: Send>(
        &self,
        crew: &mut Crew,
        envs: &mut [Env<G>],
        workers: &mut [Sim<G>],
        f: impl Fn(usize, &mut [Env<G>], &mut Sim<G>) -> T + Sync,
    ) -> Vec<T> {
        let shares: Vec<_> = (self.split(envs).into_iter().zip(workers))
            .enumerate()
            .map(|(k, (mine, worker))| Mutex::new(Some((self.start(k), mine, worker))))
            .collect();
        self.each(crew, |k, _| {
            let share = shares[k].lock().ok().and_then(|mut share| share.take());
            let (first, envs, worker) = share.expect("each block's share is taken once");
            f(first, envs, worker)
        })
    }
}
