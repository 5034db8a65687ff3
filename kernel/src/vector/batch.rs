//! [`VectorEnv`]: the envs of one game, stepped together over a thread pool.

use std::sync::Arc;

use crate::encode::{Encode, size};
use crate::kernel::{Rollback, Seat, Sim, SimBuilder};

use super::env::Env;
use super::episodes::{Dealer, Episodes, first_failure};
use super::home::Layout;
use super::outputs::{Outputs, Row, Sizes};
use super::seating::Seating;
use super::{EnvError, VectorError, episode_seed};

/// `N` games of `G`, stepped together (see the [module](super) docs).
pub struct VectorEnv<G: Encode> {
    builder: SimBuilder<G>,
    envs: Vec<Env<G>>,
    /// One `Sim` per block of envs (a thread's share: block `k` of `t` holds envs
    /// `k·B/t .. (k+1)·B/t`), which a parked env's game is restored into to step.
    workers: Vec<Sim<G>>,
    seed: u64,
    sizes: Sizes,
    shape: Vec<usize>,
    /// `None` with one thread: the envs are stepped on the caller's.
    pool: Option<rayon::ThreadPool>,
    threads: usize,
    started: bool,
    /// The actions of [`step_random`](Self::step_random) (reused).
    random: Vec<u32>,
    /// The learner's seat and its opponents ([`against`](Self::against)).
    seating: Option<Seating>,
}

impl<G: Encode> VectorEnv<G> {
    /// `num_envs` games of `game`, seeded `seed`, stepped on `threads` threads (0: one per
    /// core), laid out by [`Layout::Auto`]. Call [`reset`](Self::reset) before the first step.
    pub fn new(game: G, num_envs: usize, seed: u64, threads: usize) -> Result<Self, VectorError> {
        Self::from_builder(SimBuilder::new(game), num_envs, seed, threads)
    }

    /// The same, each env built by `builder` (its seed replaced by each episode's, its
    /// rollback [`Rollback::Caller`]: a game that fails is dealt its next episode).
    pub fn from_builder(
        builder: SimBuilder<G>,
        num_envs: usize,
        seed: u64,
        threads: usize,
    ) -> Result<Self, VectorError> {
        if num_envs == 0 {
            return Err(VectorError::Setup("a batch needs at least one env".into()));
        }
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
        .min(num_envs);
        let pool = thread_pool(threads)?;
        let layout = Layout::Auto.resolve(num_envs);
        let builder = builder.rollback(Rollback::Caller);
        let game = builder.game();
        let shape = game.observation_shape();
        let sizes = Sizes {
            envs: num_envs,
            observation: size(&shape),
            actions: game.num_actions() as usize,
            players: usize::from(game.seats()),
        };
        // Every env restarts from one start (a restart deals from its seed alone): one
        // snapshot, hot in the caches, for the whole batch.
        let first = builder.clone().seed(episode_seed(seed, 0, 0));
        let start = Arc::new(first.try_build().map_err(building)?.snapshot());
        let mut workers = workers(&builder, threads)?;
        let envs = (0..num_envs as u64)
            .map(|i| Env::new(&builder, seed, i, layout, &start, &mut workers[0]))
            .collect::<Result<Vec<_>, _>>()
            .map_err(building)?;
        Ok(VectorEnv {
            builder,
            envs,
            workers,
            seed,
            sizes,
            shape,
            pool,
            threads,
            started: false,
            random: Vec::with_capacity(num_envs),
            seating: None,
        })
    }

    /// The batch made single-agent: the caller plays seat `learner` of every env, and the
    /// other seats, in seat order, are played inside each env by the game's own players named
    /// `opponents` ([`Encode::player`]; a shorter list repeats its last name: `["smart"]` at
    /// a four-seat table is three SmartAIs). Each step then plays the learner's action and
    /// the opponents' moves up to the learner's next; every row is the learner's (an episode
    /// the opponents end before the learner's first move is dealt again, unseen). Seat `s`'s
    /// player in env `i`'s `k`-th episode is seeded from that episode's seed and `s`, so the
    /// rows are identical for any thread count. Call [`reset`](Self::reset) before the first
    /// step.
    ///
    /// [`Encode::player`]: crate::encode::Encode::player
    pub fn against(mut self, learner: u8, opponents: &[String]) -> Result<Self, VectorError> {
        self.seating = Some(Seating::new(self.builder.game(), learner, opponents)?);
        self.started = false;
        Ok(self)
    }

    /// Lays the envs' games out as `layout` says (resolved for this batch: [`Layout::Auto`]
    /// by its size). The rows are the same in every layout; the envs keep their
    /// positions. On error nothing changes.
    pub fn set_layout(&mut self, layout: Layout) -> Result<(), VectorError> {
        let layout = layout.resolve(self.sizes.envs);
        let homes = self
            .envs
            .iter_mut()
            .map(|env| env.home.relayout(layout, &self.builder))
            .collect::<Result<Vec<_>, _>>()
            .map_err(building)?;
        for (env, home) in self.envs.iter_mut().zip(homes) {
            if let Some(home) = home {
                env.home = home;
            }
        }
        Ok(())
    }

    /// Where the envs' games live between steps ([`Layout::Resident`] or
    /// [`Layout::Parked`]).
    pub fn layout(&self) -> Layout {
        self.envs[0].home.layout()
    }

    /// The learner's seat of a single-agent batch ([`against`](Self::against)).
    pub fn learner(&self) -> Option<Seat> {
        self.seating.as_ref().map(|seating| seating.learner)
    }

    /// The batch's sizes.
    pub fn sizes(&self) -> Sizes {
        self.sizes
    }

    /// Envs in the batch.
    pub fn num_envs(&self) -> usize {
        self.sizes.envs
    }

    /// Action ids (`0..num_actions`).
    pub fn num_actions(&self) -> usize {
        self.sizes.actions
    }

    /// Players of each game.
    pub fn num_players(&self) -> usize {
        self.sizes.players
    }

    /// One env's observation shape.
    pub fn observation_shape(&self) -> &[usize] {
        &self.shape
    }

    /// Threads the envs are stepped on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Env `i`'s game (`None` past the last env). A parked env's is restored into a worker
    /// `Sim` to be read (hence `&mut self`): its position is env `i`'s, but what a `Sim`
    /// keeps outside its snapshot (its logs of events and effects, its builder's seed) is
    /// the worker's.
    pub fn sim(&mut self, i: usize) -> Option<&Sim<G>> {
        let env = self.envs.get(i)?;
        env.home.sim(&mut self.workers[0]).ok()
    }

    /// Deals every env its next episode (with `seed`: the batch is seeded `seed` and each env
    /// starts over at its episode 0) and writes the rows (rewards 0, nothing ended).
    pub fn reset(&mut self, seed: Option<u64>, out: &mut Outputs<'_>) -> Result<(), VectorError> {
        out.check(self.sizes)?;
        if let Some(seed) = seed {
            self.seed = seed;
            for env in &mut self.envs {
                env.episodes.rewind();
            }
        }
        let dealt = self.each(out, |_, env, sim, row, dealer| {
            let dealt = env.deal(sim, dealer);
            write_quiet(env, sim, row);
            first_failure(dealt)
        });
        // A game that failed while dealt was given up and the next one dealt: the batch can
        // step unless some env found no episode to deal.
        self.started = self.envs.iter().all(Env::playable);
        dealt
    }

    /// Writes every env's row for its position as it is (rewards 0, nothing ended).
    pub fn observe(&mut self, out: &mut Outputs<'_>) -> Result<(), VectorError> {
        out.check(self.sizes)?;
        self.each(out, |_, env, sim, row, _| {
            write_quiet(env, sim, row);
            Ok(())
        })
    }

    /// Plays `actions[i]` in env `i`, for every env; checks them all first (a refused step
    /// changes no env).
    pub fn step(&mut self, actions: &[u32], out: &mut Outputs<'_>) -> Result<(), VectorError> {
        if !self.started {
            return Err(VectorError::NotReset);
        }
        out.check(self.sizes)?;
        if actions.len() != self.sizes.envs {
            return Err(VectorError::WrongLength {
                what: "actions",
                expected: self.sizes.envs,
                got: actions.len(),
            });
        }
        let num_actions = self.sizes.actions as u32;
        for (i, (env, &id)) in self.envs.iter().zip(actions).enumerate() {
            env.check(i, id, num_actions)?;
        }
        self.each(out, |i, env, sim, row, dealer| {
            env.step(sim, dealer, actions[i], row)
        })
    }

    /// [`Blocks::run`] over this batch's envs, `f` given env `i`'s [`Episodes`], its game,
    /// its row, and what a deal needs. An env whose game cannot be restored (never for a
    /// snapshot its own batch saved) is lost: its row says `truncated`, with no legal
    /// action, and the error names it.
    ///
    /// [`Episodes`]: super::episodes::Episodes
    fn each(
        &mut self,
        out: &mut Outputs<'_>,
        f: impl Fn(
            usize,
            &mut Episodes<G>,
            &mut Sim<G>,
            Row<'_>,
            &Dealer<'_, G>,
        ) -> Result<(), EnvError>
        + Sync,
    ) -> Result<(), VectorError> {
        let dealer = Dealer {
            builder: &self.builder,
            seed: self.seed,
            seating: self.seating.as_ref(),
        };
        let blocks = Blocks {
            pool: self.pool.as_ref(),
            sizes: self.sizes,
            count: self.workers.len(),
        };
        blocks.run(
            &mut self.envs,
            &mut self.workers,
            out,
            |i, env, worker, row| {
                let Env { home, episodes } = env;
                let mut row = Some(row);
                let done = home.enter(worker, |sim| match row.take() {
                    Some(row) => f(i, episodes, sim, row, &dealer),
                    None => Ok(()),
                });
                // Still here: the game could not be restored, and the env is lost.
                if let Some(row) = row {
                    episodes.lose(row);
                }
                done
            },
        )
    }

    /// A uniformly random legal action id for every env (0 for an env at no decision, which
    /// a step then refuses), drawn from `rng` env by env, into `actions` (cleared first):
    /// what [`step_random`](Self::step_random) plays. A Python loop gets them in one call
    /// instead of reading the mask.
    pub fn random_actions(
        &self,
        rng: &mut impl rand::Rng,
        actions: &mut Vec<u32>,
    ) -> Result<(), VectorError> {
        if !self.started {
            return Err(VectorError::NotReset);
        }
        actions.clear();
        actions.extend(self.envs.iter().map(|env| env.random_action(rng)));
        Ok(())
    }

    /// [`step`](Self::step) with a uniformly random legal action in every env, drawn from
    /// `rng` env by env (so the same `rng` gives the same steps on any thread count).
    pub fn step_random(
        &mut self,
        rng: &mut impl rand::Rng,
        out: &mut Outputs<'_>,
    ) -> Result<(), VectorError> {
        let mut actions = std::mem::take(&mut self.random);
        let stepped = self
            .random_actions(rng, &mut actions)
            .and_then(|()| self.step(&actions, out));
        self.random = actions;
        stepped
    }

    /// A new batch in which each env's hidden information is resampled for its player to move
    /// (env `i` from `sub_seed(seed, i)`); `self` is untouched. In a single-agent batch the
    /// copy's opponents are seated afresh from the same `sub_seed(seed, i)` (they keep no
    /// memory of the episode so far). Its rows are not written yet:
    /// [`observe`](Self::observe) writes them.
    pub fn determinize(&mut self, seed: u64) -> Result<Self, VectorError> {
        if !self.started {
            return Err(VectorError::NotReset);
        }
        let mut envs = Vec::with_capacity(self.envs.len());
        let worker = &mut self.workers[0];
        for (i, env) in self.envs.iter_mut().enumerate() {
            let env_seed = crate::chance::sub_seed(seed, i as u64);
            let copy = env.determinized(worker, self.seating.as_ref(), env_seed);
            envs.push(copy.map_err(|e| VectorError::Game {
                env: i,
                message: e.to_string(),
            })?);
        }
        Ok(VectorEnv {
            builder: self.builder.clone(),
            envs,
            workers: workers(&self.builder, self.workers.len())?,
            seed: self.seed,
            sizes: self.sizes,
            shape: self.shape.clone(),
            pool: thread_pool(self.threads)?,
            threads: self.threads,
            started: true,
            random: Vec::with_capacity(self.sizes.envs),
            seating: self.seating.clone(),
        })
    }
}

/// How a batch's envs are split over threads: `count` contiguous blocks as even as can be
/// (block `k` holds envs `k·B/count .. (k+1)·B/count`), each stepped on one thread with its
/// own worker `Sim`.
struct Blocks<'a> {
    pool: Option<&'a rayon::ThreadPool>,
    sizes: Sizes,
    count: usize,
}

impl Blocks<'_> {
    /// Runs `f(i, env i, its block's worker, its row)` for every env (a failing env does not
    /// stop the others), the blocks in parallel; the first error by env order, naming its
    /// env.
    fn run<G: Encode>(
        &self,
        envs: &mut [Env<G>],
        workers: &mut [Sim<G>],
        out: &mut Outputs<'_>,
        f: impl Fn(usize, &mut Env<G>, &mut Sim<G>, Row<'_>) -> Result<(), EnvError> + Sync,
    ) -> Result<(), VectorError> {
        let sizes = self.sizes;
        let block =
            |first: usize, envs: &mut [Env<G>], worker: &mut Sim<G>, mut rows: Outputs<'_>| {
                let mut failed = Ok(());
                for (k, env) in envs.iter_mut().enumerate() {
                    let stepped = f(first + k, env, worker, rows.row(k, sizes)).map_err(|e| {
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
        match self.pool {
            None => block(0, envs, &mut workers[0], rows),
            Some(pool) => pool.install(|| self.split(0, envs, workers, rows, &block)),
        }
    }

    /// The first env of block `k`.
    fn start(&self, k: usize) -> usize {
        k * self.sizes.envs / self.count
    }

    /// Halves `workers` and, at the border of their blocks, `envs` and `rows` (block `first`
    /// the first of them) until one worker is left, the halves in parallel;
    /// `block(first env, envs, worker, rows)` runs each block.
    fn split<G: Encode>(
        &self,
        first: usize,
        envs: &mut [Env<G>],
        workers: &mut [Sim<G>],
        rows: Outputs<'_>,
        block: &(
             impl Fn(usize, &mut [Env<G>], &mut Sim<G>, Outputs<'_>) -> Result<(), VectorError> + Sync
         ),
    ) -> Result<(), VectorError> {
        if let [worker] = workers {
            return block(self.start(first), envs, worker, rows);
        }
        let half = workers.len() / 2;
        let at = self.start(first + half) - self.start(first);
        let (left, right) = envs.split_at_mut(at);
        let (left_workers, right_workers) = workers.split_at_mut(half);
        let (left_rows, right_rows) = rows.split_at(at, self.sizes);
        let (a, b) = rayon::join(
            || self.split(first, left, left_workers, left_rows, block),
            || self.split(first + half, right, right_workers, right_rows, block),
        );
        a.and(b)
    }
}

/// `count` worker `Sim`s built by `builder`.
fn workers<G: Encode>(builder: &SimBuilder<G>, count: usize) -> Result<Vec<Sim<G>>, VectorError> {
    (0..count)
        .map(|_| builder.try_build())
        .collect::<Result<Vec<_>, _>>()
        .map_err(building)
}

/// A game that could not be built, as a setup error.
fn building(error: crate::kernel::SimError) -> VectorError {
    VectorError::Setup(format!("building the game: {error}"))
}

/// A pool of `threads` threads, none for one (the caller's thread steps the envs).
fn thread_pool(threads: usize) -> Result<Option<rayon::ThreadPool>, VectorError> {
    if threads <= 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("alea-vector-{i}"))
        .build()
        .map(Some)
        .map_err(|e| VectorError::Setup(format!("the thread pool: {e}")))
}

/// Writes `env`'s row as of its position, with nothing earned or ended.
fn write_quiet<G: Encode>(env: &mut Episodes<G>, sim: &Sim<G>, row: Row<'_>) {
    row.rewards.fill(0.0);
    *row.terminated = false;
    *row.truncated = false;
    env.write(sim, row);
}
