//! Search over a [`Sim`]: exact and sampled expectimax over
//! chance cases, MCTS (UCT) for perfect information, ISMCTS for hidden information, and root
//! parallelism with one forked `Sim` per thread.
//!
//! The `Sim` is the game view: [`Sim::turn`](crate::kernel::Sim::turn) (a player or the end),
//! [`Sim::legal_actions`](crate::kernel::Sim::legal_actions) in a stable order,
//! [`Sim::apply`](crate::kernel::Sim::apply), [`chance_outcomes`] and
//! [`chance_outcomes_after`] (the cases an action's chance points can take, one after another,
//! with probabilities), [`Sim::returns`](crate::kernel::Sim::returns),
//! [`Sim::info_key`](crate::kernel::Sim::info_key) per player and
//! [`Sim::determinize`](crate::kernel::Sim::determinize). Chance happens inside actions: an
//! action that meets chance points leads to chance nodes, one per branching point, whose
//! outcomes search enumerates by forcing [`Sim::set_cases`](crate::kernel::Sim::set_cases).
//!
//! Every algorithm is reproducible from its seed: each iteration re-seeds the streams from
//! `(seed, iteration)`. Searches restore the `Sim` to the root when they return, and reuse their
//! buffers: a second search of the same size allocates nothing. Build search `Sim`s with
//! [`Rollback::Caller`](crate::kernel::Rollback::Caller): searches restore snapshots anyway.
//!
//! Exact expectimax over Pig's rolls, and ISMCTS for Leduc's hidden cards; a search restores
//! the world it was given:
//!
//! ```
//! use alea::prelude::*;
//! use alea::search::{Expectimax, Ismcts, RandomRollouts};
//! use alea_games::games::leduc::Leduc;
//! use alea_games::games::pig::Pig;
//!
//! let mut pig = SimBuilder::new(Pig::default()).seed(2).build();
//! let before = pig.checksum();
//! // Three moves deep, every roll's six cases weighted, leaves valued by 20 random playouts.
//! let best = Expectimax::new(3, RandomRollouts::new(20, 1)).search(&mut pig, 7)?;
//! assert!(pig.legal_actions().contains(&best.action));
//! assert_eq!(pig.checksum(), before);
//!
//! // ISMCTS keys its nodes by what the mover has seen: the opponent's card is resampled.
//! let mut leduc = SimBuilder::new(Leduc::default()).seed(4).build();
//! let result = Ismcts::new(2.0, RandomRollouts::new(1, 0)).search(&mut leduc, 1_000, 9)?;
//! assert_eq!(result.simulations, 1_000);
//! assert_eq!(result.stats.iter().map(|s| s.visits).sum::<u64>(), 1_000);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod evaluate;
mod expectimax;
mod ismcts;
mod mcts;
mod parallel;
mod policy;
mod request;

pub use evaluate::{Evaluator, Heuristic, RandomRollouts};
pub use expectimax::{ChanceMode, Expectimax};
pub use ismcts::{
    Candidates, Determinize, Ismcts, iterations_of, named_iterations, write_name, write_named,
};
pub use mcts::Mcts;
pub use parallel::{RootSearch, root_parallel};
pub use policy::{Policy, RandomPolicy, UnknownPlayer};
pub use request::{Algorithm, SearchRequest, UCT_C};

use crate::chance::ChanceRecord;
use crate::kernel::{Game, Seat, Sim, SimError, Turn};
use crate::snapshot::Snapshot;

/// The most seats a search handles (values are fixed-size arrays, so nodes allocate nothing).
pub const MAX_SEATS: usize = 16;

/// One value per seat.
pub type Values = [f64; MAX_SEATS];

/// Sees a search's progress: called with the number of simulations done since its last call
/// (every [`Limits::EVERY`] simulations, and once at the end); returning `false` stops the
/// search (a time limit, a user's interrupt).
pub type Monitor = std::sync::Arc<dyn Fn(u64) -> bool + Send + Sync>;

/// What bounds an MCTS or ISMCTS search besides its simulation count: a cap on its tree
/// (its memory: past the cap, new leaves are valued without being added) and a [`Monitor`].
/// One call runs at most `u32::MAX` simulations (a node's visit count).
#[derive(Clone)]
pub struct Limits {
    /// Tree nodes at most (MCTS: nodes; ISMCTS: information sets).
    pub max_nodes: usize,
    /// Progress and early stop.
    pub monitor: Option<Monitor>,
}

impl Limits {
    /// The default tree cap: 4 194 304 nodes (MCTS: about 50 bytes each; ISMCTS: an
    /// information set of 12 bytes, its index entry, and an edge of about 24 bytes per action —
    /// over 1 GB at 10 actions a set, so lower it for wide games).
    pub const MAX_NODES: usize = 1 << 22;
    /// How often the monitor is called, in simulations.
    pub const EVERY: u64 = 256;

    /// The simulations one call runs at most.
    fn simulations(simulations: u64) -> u64 {
        simulations.min(u64::from(u32::MAX))
    }

    /// After `done` simulations: false when the monitor stops the search.
    fn go_on(&self, done: u64) -> bool {
        match &self.monitor {
            Some(monitor) if done.is_multiple_of(Self::EVERY) => monitor(Self::EVERY),
            _ => true,
        }
    }

    /// At the end, after `done` simulations: the monitor sees those not reported yet.
    fn finish(&self, done: u64) {
        if let Some(monitor) = &self.monitor {
            monitor(done % Self::EVERY);
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: Self::MAX_NODES,
            monitor: None,
        }
    }
}

/// Why a search failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// There is nothing to decide.
    #[error("the game is over: there is no move to search")]
    GameOver,
    /// The game has more seats than [`MAX_SEATS`].
    #[error("the game has {seats} seats; search handles at most {MAX_SEATS}")]
    TooManySeats {
        /// The game's seats.
        seats: usize,
    },
    /// An action met several chance points where one was expected. No longer returned:
    /// exact expectimax enumerates every branching point of an action, one after another
    /// (kept so that code matching it still compiles).
    #[error("{action} meets {points} chance points where one was expected")]
    ManyChancePoints {
        /// The action, as text.
        action: String,
        /// How many chance points it met.
        points: usize,
    },
    /// A seat is asked to choose, but the game offers it no legal action (a game's bug).
    #[error("{seat} is asked to choose among no legal action")]
    NoChoices {
        /// The seat asked.
        seat: Seat,
    },
    /// ISMCTS found another set of legal actions in the same information set.
    #[error("the legal actions differ between two worlds of one information set")]
    InconsistentActions,
    /// A simulation step failed.
    #[error(transparent)]
    Sim(#[from] SimError),
}

/// What a search found for one root action.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ActionStats<A> {
    /// The action.
    pub action: A,
    /// Simulations through it (expectimax: 1).
    pub visits: u64,
    /// Its value for the player to move.
    pub value: f64,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SearchResult<A> {
    /// The chosen action.
    pub action: A,
    /// Its value for the player to move.
    pub value: f64,
    /// Simulations run (MCTS, ISMCTS) or nodes evaluated (expectimax).
    pub simulations: u64,
    /// Every root action, in legal order (a search with a prior: in candidate order).
    pub stats: Vec<ActionStats<A>>,
}

impl<A: Copy> SearchResult<A> {
    /// Picks the action with the most visits, then the best value (earliest on ties).
    pub(crate) fn from_stats(stats: Vec<ActionStats<A>>, simulations: u64) -> Option<Self> {
        let best = stats.iter().enumerate().max_by(|(i, a), (j, b)| {
            a.visits
                .cmp(&b.visits)
                .then(a.value.total_cmp(&b.value))
                .then(j.cmp(i))
        })?;
        Some(SearchResult {
            action: best.1.action,
            value: best.1.value,
            simulations,
            stats,
        })
    }
}

/// The outcomes of the chance node `action` leads to in the current position — the first
/// branching chance point it meets — with their probabilities, in case order (empty when it
/// meets none): [`chance_outcomes_after`] with no earlier case. The `Sim` is left as it was.
pub fn chance_outcomes<G: Game>(
    sim: &mut Sim<G>,
    action: G::Action,
) -> Result<Vec<(u32, f64)>, SearchError> {
    chance_outcomes_after(sim, action, &[])
}

/// The outcomes of the chance node `action` leads to after `cases` — its branching chance
/// point number `cases.len()`, met when its earlier branching points take `cases` (see
/// [`Forced`](crate::chance::Forced)) — with their probabilities given those cases, in case
/// order; empty when the action meets no such point (its chance nodes end there). An action's
/// chance nodes come one after another this way. The `Sim` is left as it was.
pub fn chance_outcomes_after<G: Game>(
    sim: &mut Sim<G>,
    action: G::Action,
    cases: &[u32],
) -> Result<Vec<(u32, f64)>, SearchError> {
    let start = sim.snapshot();
    let mut probe = cases.to_vec();
    probe.push(0);
    let applied = sim
        .set_cases(&probe)
        .map_err(SearchError::from)
        .and_then(|()| {
            sim.apply(action)?;
            Ok(chance_point(sim.chance_log(), cases.len()))
        });
    sim.restore(&start)?;
    let Some(node) = applied? else {
        return Ok(Vec::new());
    };
    if node.uniform {
        let p = 1.0 / f64::from(node.max_case);
        return Ok((0..node.max_case).map(|k| (k, p)).collect());
    }
    (0..node.max_case)
        .map(|case| {
            probe[cases.len()] = case;
            let p = apply_cases(sim, action, &probe);
            sim.restore(&start)?;
            Ok((case, p?))
        })
        .collect()
}

/// The chance node of an action's chance points `log`: its first branching point, if it met
/// one ([`chance_point`] 0).
pub fn chance_node(log: &[ChanceRecord]) -> Option<ChanceRecord> {
    chance_point(log, 0)
}

/// The branching chance point number `index` of an action's chance points `log` (sampled
/// points aside: search does not branch on them), if it met that many.
pub fn chance_point(log: &[ChanceRecord], index: usize) -> Option<ChanceRecord> {
    log.iter().filter(|p| p.branches()).nth(index).copied()
}

/// How many branching chance points an action's chance points `log` hold.
pub fn branching_points(log: &[ChanceRecord]) -> usize {
    log.iter().filter(|p| p.branches()).count()
}

/// Applies `action` with outcome `case` of its chance node forced (see [`chance_outcomes`])
/// and returns that outcome's probability: [`apply_cases`] with one case.
pub fn apply_outcome<G: Game>(
    sim: &mut Sim<G>,
    action: G::Action,
    case: u32,
) -> Result<f64, SearchError> {
    apply_cases(sim, action, &[case])
}

/// Applies `action` with its branching chance points forced to `cases`, one each (the points
/// after them sampled), and returns the probability of the last case given the ones before
/// it: 0 when it cannot happen — a zero weight (the case is forced all the same: the world
/// shows that impossible outcome), a case out of its point's range (an outcome is sampled)
/// or fewer points than cases. The caller restores the position if it wants it back.
pub fn apply_cases<G: Game>(
    sim: &mut Sim<G>,
    action: G::Action,
    cases: &[u32],
) -> Result<f64, SearchError> {
    sim.set_cases(cases)?;
    sim.apply(action)?;
    Ok(forced_probability(sim.chance_log(), cases))
}

/// The probability of the last of `cases` given the ones before it, when the branching points
/// of `log` (an action's, or a setup's built with
/// [`SimBuilder::setup_cases`](crate::kernel::SimBuilder::setup_cases)) took them, forced, one
/// each; 0 when they did not (as [`apply_cases`] reports).
pub fn forced_probability(log: &[ChanceRecord], cases: &[u32]) -> f64 {
    let last = cases
        .len()
        .checked_sub(1)
        .and_then(|last| chance_point(log, last));
    match last {
        Some(point) if took(log, cases) => point.probability(),
        _ => 0.0,
    }
}

/// True when an action's branching points in `log` took `cases`, forced, one each.
pub(crate) fn took(log: &[ChanceRecord], cases: &[u32]) -> bool {
    cases.iter().enumerate().all(|(i, &case)| {
        chance_point(log, i).is_some_and(|point| point.forced && point.case == case)
    })
}

/// The seat to move, or [`SearchError::GameOver`].
pub(crate) fn mover<G: Game>(sim: &Sim<G>) -> Result<Seat, SearchError> {
    match sim.turn() {
        Turn::Player(seat) => Ok(seat),
        Turn::Terminal => Err(SearchError::GameOver),
    }
}

/// Checks the seat count and returns it.
pub(crate) fn seats<G: Game>(sim: &Sim<G>) -> Result<usize, SearchError> {
    let seats = usize::from(sim.rules().game.seats());
    if seats > MAX_SEATS {
        return Err(SearchError::TooManySeats { seats });
    }
    Ok(seats)
}

/// The terminal returns as [`Values`].
pub(crate) fn terminal_values<G: Game>(sim: &Sim<G>, buf: &mut Vec<f64>) -> Values {
    sim.returns_into(buf);
    let mut values = [0.0; MAX_SEATS];
    for (v, r) in values.iter_mut().zip(buf.iter()) {
        *v = *r;
    }
    values
}

/// A key for the chance cases the last action took (`None` when it met no chance point).
pub(crate) fn outcome_key<G: Game>(sim: &Sim<G>) -> Option<u64> {
    outcome_of(sim.chance_log())
}

/// [`outcome_key`] of an action's chance points `log`.
pub(crate) fn outcome_of(log: &[crate::chance::ChanceRecord]) -> Option<u64> {
    match log {
        [] => None,
        [point] => Some(u64::from(point.case)),
        points => {
            use std::hash::Hasher;
            let mut h = crate::snapshot::StableHasher::new();
            for p in points {
                h.write_u32(p.case);
            }
            Some(h.finish())
        }
    }
}

/// Saves into `slot`, reusing its buffers.
pub(crate) fn save<G: Game>(sim: &mut Sim<G>, slot: &mut Option<Snapshot>) {
    match slot {
        Some(snapshot) => sim.snapshot_into(snapshot),
        None => *slot = Some(sim.snapshot()),
    }
}

/// `result`, restoring `root` first when it is an error: a failed search leaves the `Sim` as
/// it found it, not in the world its iteration had reached.
pub(crate) fn or_restore<G: Game, T>(
    sim: &mut Sim<G>,
    root: &Option<Snapshot>,
    result: Result<T, SearchError>,
) -> Result<T, SearchError> {
    if result.is_err() {
        load(sim, root)?;
    }
    result
}

/// Restores a slot filled by [`save`].
pub(crate) fn load<G: Game>(sim: &mut Sim<G>, slot: &Option<Snapshot>) -> Result<(), SearchError> {
    let snapshot = slot.as_ref().expect("saved before it is restored");
    Ok(sim.restore(snapshot)?)
}
