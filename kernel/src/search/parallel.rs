//! Root parallelism: one forked [`Sim`] and one searcher per thread, each running its share of
//! the simulations from its own seed; the root statistics are summed in thread order. The
//! result depends on `(seed, threads)` only.

use super::{ActionStats, Ismcts, Mcts, SearchError, SearchResult};
use crate::chance::sub_seed;
use crate::kernel::{Game, Sim};

/// A search that runs a number of simulations from a seed (MCTS, ISMCTS).
pub trait RootSearch<G: Game>: Send {
    /// Runs `simulations` simulations from the current position.
    fn run(
        &mut self,
        sim: &mut Sim<G>,
        simulations: u64,
        seed: u64,
    ) -> Result<SearchResult<G::Action>, SearchError>;
}

impl<G: Game> RootSearch<G> for Mcts<G> {
    fn run(
        &mut self,
        sim: &mut Sim<G>,
        simulations: u64,
        seed: u64,
    ) -> Result<SearchResult<G::Action>, SearchError> {
        self.search(sim, simulations, seed)
    }
}

impl<G: Game> RootSearch<G> for Ismcts<G> {
    fn run(
        &mut self,
        sim: &mut Sim<G>,
        simulations: u64,
        seed: u64,
    ) -> Result<SearchResult<G::Action>, SearchError> {
        self.search(sim, simulations, seed)
    }
}

/// Runs `simulations` simulations split over `threads` threads (at least 1; the result counts
/// those run, fewer if the searchers' [`Limits`](super::Limits) stop them): thread `t` gets
/// a fork of `sim`, a searcher from `make(t)`, and seed `sub_seed(seed, t)`. Root statistics
/// are merged by action (visits summed, values weighted by visits).
pub fn root_parallel<G, S>(
    sim: &mut Sim<G>,
    threads: usize,
    simulations: u64,
    seed: u64,
    make: impl Fn(usize) -> S,
) -> Result<SearchResult<G::Action>, SearchError>
where
    G: Game,
    S: RootSearch<G>,
{
    let threads = threads.max(1);
    let share = |t: usize| {
        simulations / threads as u64 + u64::from((t as u64) < simulations % threads as u64)
    };
    let mut workers: Vec<(Sim<G>, S)> = (1..threads).map(|t| (sim.fork(), make(t))).collect();
    let mut first = make(0);
    let results: Vec<Result<SearchResult<G::Action>, SearchError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .iter_mut()
            .enumerate()
            .map(|(i, (fork, searcher))| {
                let t = i + 1;
                scope.spawn(move || searcher.run(fork, share(t), sub_seed(seed, t as u64)))
            })
            .collect();
        let mut results = vec![first.run(sim, share(0), sub_seed(seed, 0))];
        results.extend(
            handles
                .into_iter()
                .map(|h| h.join().expect("search threads do not panic")),
        );
        results
    });
    let mut merged: Vec<ActionStats<G::Action>> = Vec::new();
    let mut run = 0;
    for result in results {
        let result = result?;
        run += result.simulations;
        for stat in result.stats {
            match merged.iter_mut().find(|m| m.action == stat.action) {
                Some(m) => {
                    let visits = m.visits + stat.visits;
                    if visits > 0 {
                        m.value = (m.value * m.visits as f64 + stat.value * stat.visits as f64)
                            / visits as f64;
                    }
                    m.visits = visits;
                }
                None => merged.push(stat),
            }
        }
    }
    SearchResult::from_stats(merged, run).ok_or(SearchError::GameOver)
}
