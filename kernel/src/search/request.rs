//! A search named by its algorithm and budget ([`SearchRequest`]), run on any game: what the
//! command line's `search` and the registry's type-erased games run.

use crate::kernel::{Game, Sim};

use super::{
    ChanceMode, Expectimax, Ismcts, Limits, Mcts, RandomRollouts, SearchError, SearchResult,
    root_parallel,
};

/// The exploration constant of MCTS and ISMCTS in a [`SearchRequest`] (OpenSpiel's default).
pub const UCT_C: f64 = 2.0;

/// A search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// Expectimax with Monte Carlo chance nodes: `simulations` sampled outcomes per chance
    /// node, `depth` moves deep, leaves valued by a random playout.
    Mc,
    /// Exact expectimax over chance cases, `depth` moves deep, leaves valued by
    /// `simulations` random playouts.
    Expectimax,
    /// UCT with random playouts (perfect information).
    Mcts,
    /// Information-set MCTS (hidden information).
    Ismcts,
}

impl Algorithm {
    /// True for the tree searches (MCTS, ISMCTS): they run on several threads (root
    /// parallelism) and stop at a monitor's word.
    pub fn is_tree(self) -> bool {
        matches!(self, Algorithm::Mcts | Algorithm::Ismcts)
    }
}

/// One search: the algorithm, its budget, threads and seed.
#[derive(Clone, Default)]
pub struct SearchRequest {
    /// The algorithm (default MCTS).
    pub algorithm: Option<Algorithm>,
    /// Simulations (MCTS, ISMCTS), sampled outcomes per chance node (MC) or playouts per
    /// leaf (expectimax).
    pub simulations: u64,
    /// Depth in moves (MC, expectimax).
    pub depth: u32,
    /// Threads (tree searches; the others run on one).
    pub threads: usize,
    /// The search's seed (playouts, sampled outcomes, determinizations).
    pub seed: u64,
    /// Progress and early stop (tree searches).
    pub limits: Limits,
}

impl SearchRequest {
    /// Runs the search from `sim`'s position (which is left as it was).
    pub fn run<G: Game>(&self, sim: &mut Sim<G>) -> Result<SearchResult<G::Action>, SearchError> {
        let (sims, seed) = (self.simulations, self.seed);
        let threads = self.threads.max(1);
        let rollouts = |t: usize| RandomRollouts::new(1, crate::chance::sub_seed(seed, t as u64));
        let per_node = sims.clamp(1, u64::from(u32::MAX)) as u32;
        match self.algorithm.unwrap_or(Algorithm::Mcts) {
            Algorithm::Mcts => root_parallel(sim, threads, sims, seed, |t| {
                Mcts::new(UCT_C, rollouts(t)).with_limits(self.limits.clone())
            }),
            Algorithm::Ismcts => root_parallel(sim, threads, sims, seed, |t| {
                Ismcts::new(UCT_C, rollouts(t)).with_limits(self.limits.clone())
            }),
            Algorithm::Expectimax => {
                Expectimax::new(self.depth, RandomRollouts::new(per_node, seed)).search(sim, seed)
            }
            Algorithm::Mc => Expectimax::new(self.depth, rollouts(0))
                .chance(ChanceMode::Sampled(per_node))
                .search(sim, seed),
        }
    }
}
