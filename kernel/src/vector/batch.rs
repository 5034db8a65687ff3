//! [`VectorEnv`]: the envs of one game, stepped together over a thread pool.

use crate::encode::{Encode, size};
use crate::kernel::{Rollback, Seat, SimBuilder};

use super::env::{Dealer, Env, first_failure};
use super::outputs::{Outputs, Row, Sizes};
use super::seating::Seating;
use super::{EnvError, VectorError};

/// `N` games of `G`, stepped together (see the [module](super) docs).
pub struct VectorEnv<G: Encode> {
    builder: SimBuilder<G>,
    envs: Vec<Env<G>>,
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
    /// core). Call [`reset`](Self::reset) before the first step.
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
        let builder = builder.rollback(Rollback::Caller);
        let game = builder.game();
        let shape = game.observation_shape();
        let sizes = Sizes {
            envs: num_envs,
            observation: size(&shape),
            actions: game.num_actions() as usize,
            players: usize::from(game.seats()),
        };
        let envs = (0..num_envs as u64)
            .map(|i| Env::new(&builder, seed, i))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| VectorError::Setup(format!("building the game: {e}")))?;
        Ok(VectorEnv {
            builder,
            envs,
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

    /// Env `i`'s game.
    pub fn sim(&self, i: usize) -> Option<&crate::kernel::Sim<G>> {
        self.envs.get(i).map(|env| &env.sim)
    }

    /// Deals every env its next episode (with `seed`: the batch is seeded `seed` and each env
    /// starts over at its episode 0) and writes the rows (rewards 0, nothing ended).
    pub fn reset(&mut self, seed: Option<u64>, out: &mut Outputs<'_>) -> Result<(), VectorError> {
        out.check(self.sizes)?;
        if let Some(seed) = seed {
            self.seed = seed;
            self.envs.iter_mut().for_each(Env::rewind);
        }
        let dealt = self.each(out, |_, env, row, dealer| {
            let dealt = env.deal(dealer);
            write_quiet(env, row);
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
        self.each(out, |_, env, row, _| {
            write_quiet(env, row);
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
        self.each(out, |i, env, row, dealer| env.step(dealer, actions[i], row))
    }

    /// [`for_each_env`] over this batch's envs, `f` also given what a deal needs.
    fn each(
        &mut self,
        out: &mut Outputs<'_>,
        f: impl Fn(usize, &mut Env<G>, Row<'_>, &Dealer<'_, G>) -> Result<(), EnvError> + Sync,
    ) -> Result<(), VectorError> {
        let dealer = Dealer {
            builder: &self.builder,
            seed: self.seed,
            seating: self.seating.as_ref(),
        };
        for_each_env(
            &mut self.envs,
            self.pool.as_ref(),
            self.sizes,
            out,
            |i, env, row| f(i, env, row, &dealer),
        )
    }

    /// [`step`](Self::step) with a uniformly random legal action in every env, drawn from
    /// `rng` env by env (so the same `rng` gives the same steps on any thread count).
    pub fn step_random(
        &mut self,
        rng: &mut impl rand::Rng,
        out: &mut Outputs<'_>,
    ) -> Result<(), VectorError> {
        if !self.started {
            return Err(VectorError::NotReset);
        }
        let mut actions = std::mem::take(&mut self.random);
        actions.clear();
        for env in &self.envs {
            actions.push(env.random_action(rng));
        }
        let stepped = self.step(&actions, out);
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
        for (i, env) in self.envs.iter_mut().enumerate() {
            let mut sim = env.sim.fork();
            let env_seed = crate::chance::sub_seed(seed, i as u64);
            if let Some(viewer) = env.seat() {
                sim.determinize(viewer, env_seed);
            }
            let copy = env.with_sim(sim, self.seating.as_ref(), env_seed);
            envs.push(copy.map_err(|e| VectorError::Game {
                env: i,
                message: e.to_string(),
            })?);
        }
        Ok(VectorEnv {
            builder: self.builder.clone(),
            envs,
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

/// Runs `f(i, env i, its row)` for every env (a failing env does not stop the others): over
/// contiguous blocks of envs, one per thread of `pool`, in parallel; the first error by env
/// order, naming its env.
fn for_each_env<G: Encode>(
    envs: &mut [Env<G>],
    pool: Option<&rayon::ThreadPool>,
    sizes: Sizes,
    out: &mut Outputs<'_>,
    f: impl Fn(usize, &mut Env<G>, Row<'_>) -> Result<(), EnvError> + Sync,
) -> Result<(), VectorError> {
    let block = |first: usize, envs: &mut [Env<G>], mut rows: Outputs<'_>| {
        let mut failed = Ok(());
        for (k, env) in envs.iter_mut().enumerate() {
            let stepped = f(first + k, env, rows.row(k, sizes)).map_err(|e| VectorError::Game {
                env: first + k,
                message: e.to_string(),
            });
            // Every env steps; the first failure is the one reported.
            failed = failed.and(stepped);
        }
        failed
    };
    let rows = Outputs {
        observation: &mut *out.observation,
        legal_action_mask: &mut *out.legal_action_mask,
        current_player: &mut *out.current_player,
        rewards: &mut *out.rewards,
        terminated: &mut *out.terminated,
        truncated: &mut *out.truncated,
        final_observation: &mut *out.final_observation,
        final_rewards: &mut *out.final_rewards,
    };
    match pool {
        None => block(0, envs, rows),
        Some(pool) => {
            let most = sizes.envs.div_ceil(pool.current_num_threads());
            pool.install(|| split(0, envs, rows, sizes, most, &block))
        }
    }
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
fn write_quiet<G: Encode>(env: &mut Env<G>, row: Row<'_>) {
    row.rewards.fill(0.0);
    *row.terminated = false;
    *row.truncated = false;
    env.write(row);
}

/// Halves `envs` and `rows` until a half is at most `most` envs, the halves in parallel;
/// `block(first env, envs, rows)` runs each.
fn split<G: Encode>(
    first: usize,
    envs: &mut [Env<G>],
    rows: Outputs<'_>,
    sizes: Sizes,
    most: usize,
    block: &(impl Fn(usize, &mut [Env<G>], Outputs<'_>) -> Result<(), VectorError> + Sync),
) -> Result<(), VectorError> {
    if envs.len() <= most {
        return block(first, envs, rows);
    }
    let half = envs.len() / 2;
    let (left, right) = envs.split_at_mut(half);
    let (left_rows, right_rows) = rows.split_at(half, sizes);
    let (a, b) = rayon::join(
        || split(first, left, left_rows, sizes, most, block),
        || split(first + half, right, right_rows, sizes, most, block),
    );
    a.and(b)
}
