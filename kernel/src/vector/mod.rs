//! Vector environments: `N` games of one kind stepped in one call (feature `vector`).
//!
//! A [`VectorEnv`] holds `N` games of one kind. [`VectorEnv::step`] takes one
//! action id per env and writes, into buffers the caller owns ([`Outputs`]), what a learner
//! reads: each env's observation from the view of its player to move, the legal-action mask,
//! the player to move, what each player earned this step, and whether the episode ended
//! (`terminated` by the rules, `truncated` by the game's own cap: [`Encode::truncated`]).
//!
//! - **Autoreset, same step.** An env whose episode ends is dealt its next episode in the same
//!   step: its row then holds the new episode's first position, and its `final_observation` /
//!   `final_rewards` rows hold the ended episode's last observation (from the view of the
//!   player who made the last move) and returns. Env `i`'s `k`-th episode is dealt from
//!   [`episode_seed`]`(seed, i, k)`.
//! - **Chance inside.** Chance points are sampled from each game's own streams; every env is
//!   always at a player's decision.
//! - **Threads.** The envs are split into contiguous blocks, block `k` always stepped on
//!   thread `k` (block 0 on the caller's), whose helpers wait for the next step awake a
//!   moment before they sleep (a batch and its determinized copies share them); each env is
//!   a game of its own, so the buffers are identical for any thread count.
//! - **Layout.** A small batch keeps one [`Sim`](crate::kernel::Sim) per env; a big one
//!   ([`PARK_FROM`] envs or more) keeps a snapshot per env and one `Sim` per thread
//!   whose game trades places with each env's to step it, so its speed per env stays a
//!   small batch's ([`Layout`]; the rows are the same in every layout).
//! - **Checked first.** Every action is checked (length, range, legality) before any env
//!   moves, each block's by its own thread: a refused step changes no env.
//! - **Single agent.** [`VectorEnv::against`] makes the batch one learner's: the other seats
//!   are played inside each env by the game's own players
//!   ([`Encode::player`](crate::encode::Encode::player)), and every row is the learner's.
//! - **No allocation per step** by the vector itself (the games' own rules may allocate, and
//!   a game without [`Encode::restart`] is rebuilt at each reset).
//!
//! ```
//! use alea::vector::{Buffers, VectorEnv};
//! use alea_games::games::pig::Pig;
//!
//! let mut env = VectorEnv::new(Pig::default(), 8, 7, 2)?;
//! let mut out = Buffers::new(&env);
//! env.reset(None, &mut out.outputs())?;
//! // Each env's first legal action (a policy would read out.observation).
//! let first_legal = |out: &Buffers| -> Vec<u32> {
//!     out.legal_action_mask
//!         .chunks(2)
//!         .map(|mask| mask.iter().position(|&legal| legal).unwrap() as u32)
//!         .collect()
//! };
//! for _ in 0..100 {
//!     env.step(&first_legal(&out), &mut out.outputs())?;
//! }
//! assert!(out.current_player.iter().all(|&p| p == 0 || p == 1));
//! // An out-of-range action is refused, naming the env, and nothing moves.
//! let mut bad = first_legal(&out);
//! bad[3] = 99;
//! let before = out.clone();
//! let error = env.step(&bad, &mut out.outputs()).unwrap_err();
//! assert_eq!(error.to_string(), "env 3: action 99 is out of range (the game has 2 action ids)");
//! assert_eq!(out, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Encode::truncated`]: crate::encode::Encode::truncated
//! [`Encode::restart`]: crate::encode::Encode::restart

mod batch;
mod blocks;
mod crew;
mod dynamic;
mod env;
mod episodes;
mod home;
mod outputs;
mod seating;

pub use batch::VectorEnv;
pub use dynamic::DynVector;
pub use home::{Layout, PARK_FROM};
pub use outputs::{Buffers, Outputs, Sizes};
pub use seating::learner_seat;

/// Why a vector operation was refused (no env changed) or failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VectorError {
    /// A buffer or the action list has the wrong length.
    #[error("{what}: expected {expected} values, got {got}")]
    WrongLength {
        /// Which buffer or list.
        what: &'static str,
        /// Its length for this batch.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// An action id is not below the game's number of actions.
    #[error("env {env}: action {action} is out of range (the game has {num_actions} action ids)")]
    OutOfRange {
        /// The env.
        env: usize,
        /// The id given.
        action: u32,
        /// The game's number of action ids.
        num_actions: u32,
    },
    /// An action id is not legal in its env's position.
    #[error("env {env}: action {action} is not legal here")]
    Illegal {
        /// The env.
        env: usize,
        /// The id given.
        action: u32,
    },
    /// `step` before the first `reset`.
    #[error("step before reset: call reset first")]
    NotReset,
    /// The batch would hold no env, or its threads could not start.
    #[error("{0}")]
    Setup(String),
    /// A game failed (a pipeline or setup error): that env's episode is lost — its row says
    /// `truncated`, with nothing earned, and holds its next episode — and the other envs
    /// stepped. A game that fails while it is dealt (at a reset, or the deal after an
    /// episode's end; in a single-agent batch the opponents' first moves are part of it) is
    /// given up too, and the next episode dealt: the batch can step on.
    #[error("env {env}: {message}")]
    Game {
        /// The env.
        env: usize,
        /// What the game said.
        message: String,
    },
}

/// Why one env failed in a step (reported as [`VectorError::Game`], naming the env).
#[derive(Debug, thiserror::Error)]
pub(crate) enum EnvError {
    /// The game failed.
    #[error(transparent)]
    Sim(#[from] crate::kernel::SimError),
    /// An opponent's search failed.
    #[error("an opponent: {0}")]
    Opponent(#[from] crate::search::SearchError),
    /// An opponent's name (checked when the batch was made).
    #[error(transparent)]
    Player(#[from] crate::search::UnknownPlayer),
    /// A seat to move that nobody plays.
    #[error("{0} is to move and nobody plays it")]
    Unseated(crate::kernel::Seat),
    /// The opponents ended every one of this many episodes in a row before the learner's
    /// first move.
    #[error("{0} episodes in a row ended before the learner's first move")]
    NoTurn(u32),
}

/// The most threads a batch is stepped on (a larger request is cut to it).
pub const MAX_THREADS: usize = 256;

/// The seed of env `env`'s `episode`-th episode in a batch seeded `seed`: a stable hash of the
/// three (so episode 0 of env `i` is game `i` of `simulate --seed seed` hashed once more).
pub fn episode_seed(seed: u64, env: u64, episode: u64) -> u64 {
    crate::chance::sub_seed(crate::chance::sub_seed(seed, env), episode)
}
