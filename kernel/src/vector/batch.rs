//! [`VectorEnv`]: the envs of one game, stepped together over a crew of threads.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::encode::{Encode, size};
use crate::kernel::{Rollback, Seat, Sim, SimBuilder};

use super::blocks::Blocks;
use super::crew::Crew;
use super::env::Env;
use super::episodes::{Dealer, Episodes, first_failure};
use super::home::Layout;
use super::outputs::{Outputs, Row, Sizes};
use super::seating::Seating;
use super::{EnvError, VectorError};

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
    /// The threads: block `k` of the envs is stepped on thread `k` (block 0 on the caller's).
    /// A batch and its determinized copies share them (their steps take turns).
    crew: Arc<Mutex<Crew>>,
    started: bool,
    /// The learner's seat and its opponents ([`against`](Self::against)).
    seating: Option<Seating>,
}

impl<G: Encode> VectorEnv<G> {
    /// `num_envs` games of `game`, seeded `seed`, stepped on `threads` threads (0: one per
    /// core; at most one per env and [`MAX_THREADS`](super::MAX_THREADS)), laid out by
    /// [`Layout::Auto`]. Call [`reset`](Self::reset) before the first step.
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
        .min(num_envs)
        .min(super::MAX_THREADS);
        let mut crew = crew(threads)?;
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
        // Each block's thread builds its worker and its envs.
        let blocks = Blocks {
            sizes,
            count: threads,
        };
        let built = blocks.each(&mut crew, |_, range| {
            let mut worker = builder.try_build()?;
            // The block's envs restart from their worker's own start (a game just built):
            // a restart then restores a snapshot its worker saved.
            let start = Arc::new(worker.snapshot());
            let envs = range
                .map(|i| Env::new(&builder, seed, i as u64, layout, &start, &mut worker))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((worker, envs))
        });
        let (mut workers, mut envs) = (Vec::with_capacity(threads), Vec::with_capacity(num_envs));
        for block in built {
            let (worker, block_envs) = block.map_err(building)?;
            workers.push(worker);
            envs.extend(block_envs);
        }
        Ok(VectorEnv {
            builder,
            envs,
            workers,
            seed,
            sizes,
            shape,
            crew: Arc::new(Mutex::new(crew)),
            started: false,
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
        let builder = &self.builder;
        // Each block's thread lays out its envs (and allocates what they keep).
        let homes = self.blocks().each_mut(
            &mut lock(&self.crew),
            &mut self.envs,
            &mut self.workers,
            |_, envs, _| {
                envs.iter_mut()
                    .map(|env| env.home.relayout(layout, builder))
                    .collect::<Result<Vec<_>, _>>()
            },
        );
        let homes = homes
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(building)?;
        for (env, home) in self.envs.iter_mut().zip(homes.into_iter().flatten()) {
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
        self.workers.len()
    }

    /// `Ok` once a reset has dealt every env a position to step from, else
    /// [`VectorError::NotReset`].
    fn check_started(&self) -> Result<(), VectorError> {
        match self.started {
            true => Ok(()),
            false => Err(VectorError::NotReset),
        }
    }

    /// How the envs are split over the threads.
    fn blocks(&self) -> Blocks {
        Blocks {
            sizes: self.sizes,
            count: self.workers.len(),
        }
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
        let dealt = self.each(out, unchecked, |_, env, sim, row, dealer| {
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
        self.each(out, unchecked, |_, env, sim, row, _| {
            write_quiet(env, sim, row);
            Ok(())
        })
    }

    /// Plays `actions[i]` in env `i`, for every env; checks them all first (a refused step
    /// changes no env).
    pub fn step(&mut self, actions: &[u32], out: &mut Outputs<'_>) -> Result<(), VectorError> {
        self.check_started()?;
        out.check(self.sizes)?;
        if actions.len() != self.sizes.envs {
            return Err(VectorError::WrongLength {
                what: "actions",
                expected: self.sizes.envs,
                got: actions.len(),
            });
        }
        let num_actions = self.sizes.actions as u32;
        self.each(
            out,
            |i, env| env.check(i, actions[i], num_actions),
            |i, env, sim, row, dealer| env.step(sim, dealer, actions[i], row),
        )
    }

    /// [`Blocks::step`] over this batch's envs: `check(i, env i)` for every env and, when
    /// none refused, `f` given env `i`'s [`Episodes`], its game, its row, and what a deal
    /// needs. An env whose game cannot be restored (never for a
    /// snapshot its own batch saved) is lost: its row says `truncated`, with no legal
    /// action, and the error names it.
    ///
    /// [`Episodes`]: super::episodes::Episodes
    fn each(
        &mut self,
        out: &mut Outputs<'_>,
        check: impl Fn(usize, &Env<G>) -> Result<(), VectorError> + Sync,
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
        self.blocks().step(
            &mut lock(&self.crew),
            &mut self.envs,
            &mut self.workers,
            out,
            check,
            |i, env, held, worker, row| {
                let Env { home, episodes } = env;
                let mut row = Some(row);
                let done = home.enter(held, worker, |sim| match row.take() {
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
    /// a step then refuses) into `actions` (cleared first): what
    /// [`step_random`](Self::step_random) plays with the same `rng`. One number is drawn from
    /// `rng` per call, and env `i` picks from it and `i`, on its block's thread (where its
    /// legal ids are in the core's caches): the same ids on any thread count. A Python loop
    /// gets them in one call instead of reading the mask.
    pub fn random_actions(
        &self,
        rng: &mut impl rand::Rng,
        actions: &mut Vec<u32>,
    ) -> Result<(), VectorError> {
        self.check_started()?;
        let draw = rng.next_u64();
        actions.clear();
        actions.resize(self.sizes.envs, 0);
        let blocks = self.blocks();
        let shares: Vec<_> = blocks.split(actions).into_iter().map(Mutex::new).collect();
        blocks.each(&mut lock(&self.crew), |k, range| {
            let mut share = shares[k].lock().unwrap_or_else(PoisonError::into_inner);
            for (slot, env) in share.iter_mut().zip(&self.envs[range]) {
                *slot = env.random_action(draw);
            }
        });
        Ok(())
    }

    /// [`step`](Self::step) with a uniformly random legal action in every env: one number
    /// drawn from `rng`, env `i`'s action picked from it and `i` by the env's own thread (so
    /// the same `rng` gives the same steps on any thread count, and the ones
    /// [`random_actions`](Self::random_actions) gives). An env at no decision (a game lost
    /// earlier) has no action to pick: the step is refused as `step` refuses the 0 that
    /// `random_actions` gives it, [`VectorError::Illegal`] naming the env, and no env moves.
    pub fn step_random(
        &mut self,
        rng: &mut impl rand::Rng,
        out: &mut Outputs<'_>,
    ) -> Result<(), VectorError> {
        self.check_started()?;
        out.check(self.sizes)?;
        let draw = rng.next_u64();
        let num_actions = self.sizes.actions as u32;
        self.each(
            out,
            // An env at no decision is refused as `step` refuses its action 0.
            |i, env| match env.playable() {
                true => Ok(()),
                false => env.check(i, 0, num_actions),
            },
            |_, env, sim, row, dealer| {
                let id = env.random_action(draw);
                env.step(sim, dealer, id, row)
            },
        )
    }

    /// A new batch in which each env's hidden information is resampled for its player to move
    /// (env `i` from `sub_seed(seed, i)`); `self` is untouched. In a single-agent batch the
    /// copy's opponents are seated afresh from the same `sub_seed(seed, i)` (they keep no
    /// memory of the episode so far). Its rows are not written yet:
    /// [`observe`](Self::observe) writes them.
    ///
    /// The copy is [`Layout::Parked`] whatever this batch's layout (a snapshot per env and a
    /// worker `Sim` per thread, not a `Sim` per env: a copy of a batch of 64 costs about ten
    /// to twenty of its steps, not a hundred; [`set_layout`](Self::set_layout) makes it
    /// resident if it will step long), and it steps on this batch's threads: the two take
    /// turns, never two steps at once. Its envs are copied by this batch's workers (warm from
    /// stepping them) and restart from this batch's starts.
    pub fn determinize(&mut self, seed: u64) -> Result<Self, VectorError> {
        self.check_started()?;
        let seating = self.seating.as_ref();
        // Each block's thread copies its envs with its worker.
        let copies = self.blocks().each_mut(
            &mut lock(&self.crew),
            &mut self.envs,
            &mut self.workers,
            |first, envs, worker| {
                let mut copies = Vec::with_capacity(envs.len());
                for (i, env) in (first..).zip(envs.iter_mut()) {
                    let env_seed = crate::chance::sub_seed(seed, i as u64);
                    let copy = env.determinized(worker, seating, env_seed);
                    copies.push(copy.map_err(|e| VectorError::Game {
                        env: i,
                        message: e.to_string(),
                    })?);
                }
                Ok(copies)
            },
        );
        let envs: Vec<Env<G>> = copies
            .into_iter()
            .collect::<Result<Vec<_>, VectorError>>()?
            .into_iter()
            .flatten()
            .collect();
        let builder = &self.builder;
        let workers = self
            .blocks()
            .each(&mut lock(&self.crew), |_, _| builder.try_build())
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(building)?;
        Ok(VectorEnv {
            builder: self.builder.clone(),
            envs,
            workers,
            seed: self.seed,
            sizes: self.sizes,
            shape: self.shape.clone(),
            crew: Arc::clone(&self.crew),
            started: true,
            seating: self.seating.clone(),
        })
    }
}

/// A game that could not be built, as a setup error.
fn building(error: crate::kernel::SimError) -> VectorError {
    VectorError::Setup(format!("building the game: {error}"))
}

/// The crew, locked. A panic in a step leaves it sound (every share has finished when
/// [`Crew::run`] passes the panic on), so a poisoned lock is taken as it is.
fn lock(crew: &Mutex<Crew>) -> MutexGuard<'_, Crew> {
    crew.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A crew of `threads` threads (the caller's and `threads - 1` helpers).
fn crew(threads: usize) -> Result<Crew, VectorError> {
    Crew::new(threads).map_err(|e| VectorError::Setup(format!("the threads: {e}")))
}

/// The check of a reset or an observation: every env passes.
fn unchecked<G: Encode>(_: usize, _: &Env<G>) -> Result<(), VectorError> {
    Ok(())
}

/// Writes `env`'s row as of its position, with nothing earned or ended.
fn write_quiet<G: Encode>(env: &mut Episodes<G>, sim: &Sim<G>, row: Row<'_>) {
    row.rewards.fill(0.0);
    *row.terminated = false;
    *row.truncated = false;
    env.write(sim, row);
}
