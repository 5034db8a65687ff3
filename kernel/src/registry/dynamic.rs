//! The interface every registered game offers, whatever its Rust type: a game
//! ([`DynGame`]) and its states ([`DynState`]) addressed by action ids, in OpenSpiel's shape.
//! The Python bindings, the command line's generic commands and the tests read games through
//! it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::encode::Bounds;
use crate::kernel::Zone;

/// OpenSpiel's player id of a chance node.
pub const CHANCE: i64 = -1;
/// OpenSpiel's player id of a terminal state.
pub const TERMINAL: i64 = -4;

/// Why an operation on a state failed (the state is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// The caller asked for something the state cannot do (an illegal id, a bad seat).
    #[error("{0}")]
    Usage(String),
    /// The game failed (a pipeline or snapshot error).
    #[error("{0}")]
    Game(String),
}

impl From<crate::kernel::SimError> for StateError {
    fn from(error: crate::kernel::SimError) -> Self {
        StateError::Game(error.to_string())
    }
}

/// What [`DynGame::play_random`] keeps of the game besides its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// Nothing (a simulation's tally).
    Nothing,
    /// The action ids (a replay record).
    Actions,
    /// The action ids and each action in words (a game's log).
    Log,
}

/// A random game played to its end ([`DynGame::play_random`]) or replayed
/// ([`DynGame::replay`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RandomGame {
    /// Each seat's return.
    pub returns: Vec<f64>,
    /// Player actions made.
    pub moves: u32,
    /// The action ids, in order (empty with [`Record::Nothing`]).
    pub actions: Vec<u32>,
    /// Each action in words, with the seat that made it (`P0 roll`; [`Record::Log`] only).
    pub log: Vec<String>,
    /// True when the game ended (a replay can stop short of the end).
    pub terminal: bool,
    /// The final world's checksum.
    pub checksum: u64,
}

impl RandomGame {
    /// The returns as a replay record's integer scores (rounded; the checksum checks the
    /// world exactly).
    pub fn scores(&self) -> Vec<i64> {
        self.returns.iter().map(|r| r.round() as i64).collect()
    }

    /// The winner: the only seat with the highest return (`None` on a tie, or before the
    /// end, when every return is 0).
    pub fn winner(&self) -> Option<u8> {
        let best = self
            .returns
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let mut at = self.returns.iter().enumerate().filter(|(_, r)| **r == best);
        match (at.next(), at.next()) {
            (Some((seat, _)), None) => u8::try_from(seat).ok(),
            _ => None,
        }
    }
}

/// A game played to its end by the game's own players, seat by seat
/// ([`DynGame::play_seated`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatedGame {
    /// Each seat's return.
    pub returns: Vec<f64>,
    /// The game's per-seat measures of the finished game ([`Encode::measures`](crate::encode::Encode::measures)).
    pub measures: Vec<crate::encode::Measure>,
    /// Player actions made.
    pub moves: u32,
}

/// One step of a state's history, enough to replay it from the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// A player's action id.
    Action(u32),
    /// A chance node's outcome.
    Outcome(u32),
    /// `determinize(viewer, seed)`.
    Determinize(u8, u64),
    /// `place_cards(zone, cards, on_top)`.
    Place(Zone, Vec<u16>, bool),
    /// `set_die_face(index, face)`.
    DieFace(u16, u8),
    /// `set_zone(zone, cards)`.
    SetZone(Zone, Vec<u16>),
    /// `set_dice(zone, faces)`.
    SetDice(Zone, Vec<u8>),
}

/// A game, type-erased: what a registry entry builds.
pub trait DynGame: Send + Sync {
    /// Seats.
    fn seats(&self) -> usize;
    /// Action ids are `0..num_actions`.
    fn num_actions(&self) -> u32;
    /// The observation tensor's shape.
    fn shape(&self) -> Vec<usize>;
    /// What the observation's indices hold ([`Encode::observation_layout`](crate::encode::Encode::observation_layout)).
    fn observation_layout(&self) -> Vec<crate::encode::Part>;
    /// What the action ids name ([`Encode::action_layout`](crate::encode::Encode::action_layout)).
    fn action_layout(&self) -> Vec<crate::encode::Part>;
    /// Bounds (utilities, chance outcomes, length).
    fn bounds(&self) -> Bounds;
    /// True when seats hold hidden information.
    fn hidden(&self) -> bool;
    /// The game's name ([`Game::name`](crate::kernel::Game::name)).
    fn name(&self) -> &'static str;
    /// The shape of the information-state tensor, when the game writes one
    /// ([`Encode::information_state_shape`](crate::encode::Encode::information_state_shape)).
    fn information_state_shape(&self) -> Option<Vec<usize>>;
    /// The initial state of the game seeded with `seed`: dealt (the setup's chance points
    /// sampled from the seed's streams), a player to move.
    fn new_state(self: Arc<Self>, seed: u64) -> Result<Box<dyn DynState>, StateError>;
    /// The chance root of the game seeded with `seed`: a chance node on the setup's first
    /// chance point (Leduc's first private card), its outcomes the deal's, one node per point
    /// the setup meets; the same as [`new_state`](Self::new_state) for a game whose setup
    /// meets none. `seed` keys the streams of the randomness that is not a chance node.
    fn new_chance_root(self: Arc<Self>, seed: u64) -> Result<Box<dyn DynState>, StateError>;
    /// Plays the game dealt from `seed` to its end with uniformly random players (their
    /// choices drawn from `seed`'s AI stream, chance from the game's streams), keeping what
    /// `record` asks for.
    fn play_random(&self, seed: u64, record: Record) -> Result<RandomGame, StateError>;
    /// Plays the game dealt from `seed` to its end, seat `s` played by the game's player named
    /// `players[s]` ([`Encode::player`](crate::encode::Encode::player)), seeded from
    /// `sub_seed(players_seed, s)`; chance from the game's streams, so two calls with one
    /// `seed` meet the same randomness wherever the seats' choices let them (an arena's
    /// rotations).
    fn play_seated(
        &self,
        seed: u64,
        players: &[String],
        players_seed: u64,
    ) -> Result<SeatedGame, StateError>;
    /// `Ok` when `name` is one of the game's players; the error lists them.
    fn check_player(&self, name: &str) -> Result<(), StateError>;
    /// Plays `actions` (ids) from the game dealt from `seed` (chance from the game's
    /// streams, as [`DynGame::play_random`] met it).
    fn replay(&self, seed: u64, actions: &[u32]) -> Result<RandomGame, StateError>;
    /// `num_envs` games stepped together on `threads` threads (0: one per core), env `i`'s
    /// `k`-th episode dealt from [`episode_seed`](crate::vector::episode_seed)`(seed, i, k)`.
    #[cfg(feature = "vector")]
    fn vector(
        &self,
        num_envs: usize,
        seed: u64,
        threads: usize,
    ) -> Result<Box<dyn crate::vector::DynVector>, crate::vector::VectorError>;
    /// The same batch made single-agent
    /// ([`VectorEnv::against`](crate::vector::VectorEnv::against)): the caller plays seat
    /// `learner`, the game's players named `opponents` play the other seats inside each env.
    #[cfg(feature = "vector")]
    fn vector_against(
        &self,
        num_envs: usize,
        seed: u64,
        threads: usize,
        learner: u8,
        opponents: &[String],
    ) -> Result<Box<dyn crate::vector::DynVector>, crate::vector::VectorError>;
    /// Searches the position `moves` (the game's actions by their JSON names) reach in the
    /// game dealt from `request.seed` ([`search_game`](super::search_game)).
    fn search(
        &self,
        moves: &[String],
        request: &crate::search::SearchRequest,
    ) -> Result<super::SearchReport, super::SearchRefused>;
}

/// A state of a [`DynGame`], type-erased.
pub trait DynState: Send + Sync {
    /// A copy, sharing the snapshot until one of them changes: no World is built.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// The seat to move, [`CHANCE`] or [`TERMINAL`].
    fn current_player(&self) -> i64;
    /// Legal action ids (a chance node's: its outcomes with a positive probability).
    fn legal(&mut self) -> Result<&[u32], StateError>;
    /// Applies an action id or a chance outcome.
    fn apply(&mut self, id: u32) -> Result<(), StateError>;
    /// A chance node's outcomes and their probabilities (empty elsewhere).
    fn chance_outcomes(&mut self) -> Result<Vec<(u32, f64)>, StateError>;
    /// Each seat's return (zeros until the game is over).
    fn returns(&self) -> &[f64];
    /// An id in words (the game's notation).
    fn action_string(&mut self, id: u32) -> String;
    /// What `seat` has observed, as a string equal exactly when `seat` cannot tell two states
    /// apart (at a player's node; at a chance node it is the view of the position before the
    /// action that waits, and at the deal's nodes the node's depth alone).
    fn information_state(&mut self, seat: u8) -> Result<String, StateError>;
    /// What `seat` observes as numbers.
    fn observation(&mut self, seat: u8, out: &mut [f32]) -> Result<(), StateError>;
    /// What `seat` has observed so far as numbers (perfect recall, the game's
    /// information-state tensor); a usage error when the game writes none.
    fn information_state_tensor(&mut self, seat: u8, out: &mut [f32]) -> Result<(), StateError>;
    /// What `seat` observes, in words (nothing another seat hides).
    fn observation_string(&mut self, seat: u8) -> Result<String, StateError>;
    /// Actions and chance outcomes applied since the initial state.
    fn move_number(&self) -> usize;
    /// True when the state's initial state was the chance root
    /// ([`DynGame::new_chance_root`]), false when it was dealt ([`DynGame::new_state`]).
    fn started_at_chance_root(&self) -> bool;
    /// The position in words.
    fn describe(&mut self) -> String;
    /// Re-deals what `viewer` cannot see from `seed`.
    fn determinize(&mut self, viewer: u8, seed: u64) -> Result<(), StateError>;
    /// Puts the cards with ids `cards` into the concealed `zone` (on top of it, the first
    /// drawn first, with `on_top`): [`Sim::place_cards`](crate::kernel::Sim::place_cards),
    /// [`Sim::place_on_top`](crate::kernel::Sim::place_on_top). At a player's node only.
    fn place_cards(&mut self, zone: Zone, cards: &[u16], on_top: bool) -> Result<(), StateError>;
    /// Turns die `index` to show `face` ([`Sim::set_die_face`](crate::kernel::Sim::set_die_face)).
    /// At a player's node only.
    fn set_die_face(&mut self, index: u16, face: u8) -> Result<(), StateError>;
    /// Makes `zone` hold exactly the cards with ids `cards`, the first on top
    /// ([`Sim::set_zone`](crate::kernel::Sim::set_zone)). At a player's node only.
    fn set_zone(&mut self, zone: Zone, cards: &[u16]) -> Result<(), StateError>;
    /// Makes the dice in `zone` show `faces` ([`Sim::set_dice`](crate::kernel::Sim::set_dice)).
    /// At a player's node only.
    fn set_dice(&mut self, zone: Zone, faces: &[u8]) -> Result<(), StateError>;
    /// The steps from the initial state, oldest first.
    fn history(&self) -> Vec<Step>;
    /// The seed of the initial state.
    fn seed(&self) -> u64;
}
