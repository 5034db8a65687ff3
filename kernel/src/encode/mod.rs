//! Games as numbers, for learning code and for other tools (the Python package, DESIGN §16):
//! every action has a stable integer id, every seat's view is a fixed-shape tensor.
//!
//! Each game implements [`Encode`] next to its rules (`games/<game>/encode.rs`). An id names
//! an action the same way in every position, so a policy's output layer of
//! [`num_actions`](Encode::num_actions) entries masks with the legal ids
//! ([`legal_ids`]); an id is turned back into the game's action by looking it up among the
//! legal actions ([`action_of`]).

use crate::kernel::{Game, Seat, Sim};

/// One part of a game's observation tensor (flattened, row-major indices) or of its action
/// ids: `start..end` and what it holds. A game lists its parts in order
/// ([`Encode::observation_layout`], [`Encode::action_layout`]), covering every index once;
/// `alea games --json`, Python's `game_info` and `help(alea.load_game)`, and the book's tables
/// are made from them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Part {
    /// The first index (or id) of the part.
    pub start: usize,
    /// One past its last.
    pub end: usize,
    /// What it holds, in words.
    pub meaning: String,
}

impl Part {
    /// The part `start..end` holding `meaning`.
    pub fn new(start: usize, end: usize, meaning: impl Into<String>) -> Self {
        Part {
            start,
            end,
            meaning: meaning.into(),
        }
    }
}

/// Parts laid end to end from 0, each `(length, meaning)`.
pub fn parts<S: Into<String>>(lengths: impl IntoIterator<Item = (usize, S)>) -> Vec<Part> {
    let mut start = 0;
    lengths
        .into_iter()
        .map(|(len, meaning)| {
            let part = Part::new(start, start + len, meaning);
            start += len;
            part
        })
        .collect()
}

/// Stable action ids and observation tensors for a game.
pub trait Encode: Game {
    /// What the observation's indices hold, in order ([`Part`]; empty: undocumented).
    fn observation_layout(&self) -> Vec<Part> {
        Vec::new()
    }

    /// What the action ids name, in order ([`Part`]; empty: undocumented).
    fn action_layout(&self) -> Vec<Part> {
        Vec::new()
    }

    /// How many action ids there are: ids are `0..num_actions`.
    fn num_actions(&self) -> u32;

    /// The id of `action` (`< num_actions`); the same action always has the same id, and two
    /// actions legal in one position never share one.
    fn action_id(&self, action: &Self::Action) -> u32;

    /// The shape of [`observation`](Self::observation)'s tensor (row-major).
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes what `seat` observes into `out` (zeroed, of the shape's size): its own hidden
    /// cards and everything public, nothing another seat hides.
    fn observation(sim: &Sim<Self>, seat: Seat, out: &mut [f32]);

    /// The shape of [`information_state`](Self::information_state)'s tensor, for a game that
    /// writes one; `None` (the default) when it does not (OpenSpiel's
    /// `provides_information_state_tensor` is then false).
    fn information_state_shape(&self) -> Option<Vec<usize>> {
        None
    }

    /// Writes what `seat` has observed *so far* into `out` (zeroed, of
    /// [`information_state_shape`](Self::information_state_shape)'s size): enough to tell
    /// apart any two of its information states (perfect recall, unlike
    /// [`observation`](Self::observation)). Called only when the shape is `Some`.
    fn information_state(sim: &Sim<Self>, seat: Seat, out: &mut [f32]) {
        let _ = (sim, seat, out);
    }

    /// What `seat` observes, in words: its own hidden cards and everything public (nothing
    /// another seat hides). Default: the whole position ([`describe`](Self::describe)) in a
    /// game without hidden information; `None` in a game with hidden information that writes
    /// none (the registry's states then show a hash of the seat's view, [`Sim::info_key`]).
    fn observation_string(sim: &Sim<Self>, seat: Seat) -> Option<String> {
        let _ = seat;
        (!Self::HIDDEN_INFORMATION).then(|| Self::describe(sim))
    }

    /// `action` in words for the seat to move (the game's notation); two actions legal in one
    /// position have different words.
    fn action_string(sim: &Sim<Self>, action: &Self::Action) -> String {
        let _ = sim;
        match serde_json::to_value(action) {
            Ok(serde_json::Value::String(name)) => name,
            Ok(value) => value.to_string(),
            Err(_) => format!("{action:?}"),
        }
    }

    /// Outcome `record` of a chance point in words, for the chance node's
    /// `action_to_string` ("the public card is Qh", "rolls a 5"); `sim` holds the world the
    /// outcome produced. Default: the generator's name and the outcome's id.
    fn outcome_string(sim: &Sim<Self>, record: &crate::chance::ChanceRecord) -> String {
        let _ = sim;
        format!("{} {}", record.generator, record.outcome_id())
    }

    /// Starts a new game in `sim`, in place, exactly as building it with `seed` would (the
    /// same checksum), and returns true; false (the default) when the game cannot, and the
    /// caller builds one. `start` is a snapshot of a game just built by `sim`'s builder (with
    /// any seed). A game whose setup meets chance points replays them (as events emitted by
    /// [`Sim::emit`]) and forces them with the cases the caller set before the call
    /// ([`Sim::next_cases`], read before the restore and set again after it), as
    /// [`SimBuilder::setup_cases`](crate::kernel::SimBuilder::setup_cases) would.
    fn restart(
        sim: &mut Sim<Self>,
        start: &crate::snapshot::Snapshot,
        seed: u64,
    ) -> Result<bool, crate::kernel::SimError> {
        let _ = (sim, start, seed);
        Ok(false)
    }

    /// True at a terminal position that the game's own cap ended (a horizon of moves, a
    /// limit of rounds) rather than its rules: a vector env reports it as `truncated`, not
    /// `terminated`. False (the default) for a game whose every end is by its rules.
    fn truncated(sim: &Sim<Self>) -> bool {
        let _ = sim;
        false
    }

    /// The player named `name` (one of the game's registered player kinds: `random`,
    /// `greedy`, `ismcts:50`, ...), its random choices and searches seeded from `seed`, for
    /// code that seats players by name through the registry (a vector env's opponents).
    /// Default: `random` only ([`RandomPolicy`](crate::search::RandomPolicy)).
    fn player(
        &self,
        name: &str,
        seed: u64,
    ) -> Result<Box<dyn crate::search::Policy<Self>>, crate::search::UnknownPlayer> {
        match name.trim() {
            "random" => Ok(Box::new(crate::search::RandomPolicy::new(seed))),
            other => Err(crate::search::UnknownPlayer::random_only(
                self.name(),
                other,
            )),
        }
    }

    /// Per-seat numbers of a finished game besides its returns, each named (mahjong's
    /// `points`, `win_rate`, `deal_in_rate`), which an [`arena`](crate::arena) reports per
    /// player kind beside the returns: a finite value for each seat, no name twice
    /// ([`check_measures`], which the conformance suite and the arena apply). Default: none.
    fn measures(sim: &Sim<Self>) -> Vec<Measure> {
        let _ = sim;
        Vec::new()
    }

    /// Bounds other tools ask for (OpenSpiel's `GameInfo`).
    fn bounds(&self) -> Bounds;

    /// The whole position in words (every seat's cards included), for logs and `print`.
    fn describe(sim: &Sim<Self>) -> String;
}

/// A per-seat number of a finished game ([`Encode::measures`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// Its name in reports (`win_rate`).
    pub name: &'static str,
    /// Its value at each seat.
    pub seats: Vec<f64>,
}

/// The promises of a game's measures at a finished game of `seats` seats: a finite value for
/// each seat, no name twice (the arena and the conformance suite check them).
pub fn check_measures(measures: &[Measure], seats: usize) -> Result<(), String> {
    for m in measures {
        if m.seats.len() != seats || m.seats.iter().any(|v| !v.is_finite()) {
            return Err(format!(
                "measure {} holds {:?}: expected a finite value for each of {seats} seats",
                m.name, m.seats
            ));
        }
    }
    let mut names: Vec<&str> = measures.iter().map(|m| m.name).collect();
    names.sort_unstable();
    match names.windows(2).find(|w| w[0] == w[1]) {
        Some(twice) => Err(format!("the game names two measures {}", twice[0])),
        None => Ok(()),
    }
}

/// Bounds of a game's returns, chance points and length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The lowest return a seat can get.
    pub min_utility: f64,
    /// The highest return a seat can get.
    pub max_utility: f64,
    /// True when the returns always sum to zero.
    pub zero_sum: bool,
    /// The most cases a branching chance point has (0: none branch).
    pub max_chance_outcomes: u32,
    /// The most player moves a game can take.
    pub max_game_length: u32,
}

/// The ids of the legal actions, in the game's order.
pub fn legal_ids<G: Encode>(sim: &Sim<G>, out: &mut Vec<u32>) {
    let game = &sim.rules().game;
    out.clear();
    out.extend(sim.legal_actions().iter().map(|a| game.action_id(a)));
}

/// The legal action whose id is `id`, if there is one.
pub fn action_of<G: Encode>(sim: &Sim<G>, id: u32) -> Option<G::Action> {
    let game = &sim.rules().game;
    sim.legal_actions()
        .iter()
        .copied()
        .find(|a| game.action_id(a) == id)
}

/// The number of elements of a tensor of `shape`.
pub fn size(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// Checks the encoding's promises on `sim`'s position: every legal action's id is in range,
/// the ids are distinct and so are the actions' words. The first broken promise, in words.
pub fn check_position<G: Encode>(sim: &Sim<G>) -> Result<(), String> {
    let game = &sim.rules().game;
    let mut seen = std::collections::HashSet::new();
    let mut words = std::collections::HashSet::new();
    for action in sim.legal_actions() {
        let id = game.action_id(action);
        if id >= game.num_actions() {
            return Err(format!(
                "{action:?} has id {id}, not below {}",
                game.num_actions()
            ));
        }
        if !seen.insert(id) {
            return Err(format!(
                "{action:?} shares id {id} with another legal action"
            ));
        }
        if !words.insert(G::action_string(sim, action)) {
            return Err(format!(
                "{action:?} shares its words with another legal action"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Measure, check_measures};

    fn measure(name: &'static str, seats: &[f64]) -> Measure {
        Measure {
            name,
            seats: seats.to_vec(),
        }
    }

    #[test]
    fn measures_hold_a_finite_value_per_seat_under_distinct_names() {
        let good = [measure("a", &[1.0, 0.0]), measure("b", &[0.5, 0.5])];
        assert_eq!(check_measures(&good, 2), Ok(()));
        assert_eq!(check_measures(&[], 2), Ok(()));
        let short = check_measures(&[measure("a", &[1.0])], 2).unwrap_err();
        assert!(short.contains("measure a holds [1.0]"), "{short}");
        let infinite = check_measures(&[measure("a", &[f64::INFINITY, 0.0])], 2).unwrap_err();
        assert!(
            infinite.contains("finite value for each of 2 seats"),
            "{infinite}"
        );
        let twice = [measure("b", &[0.0, 0.0]), measure("b", &[1.0, 1.0])];
        assert_eq!(
            check_measures(&twice, 2),
            Err("the game names two measures b".to_string())
        );
    }
}
