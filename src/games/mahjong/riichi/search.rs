//! The ISMCTS player: [`Ismcts`] over worlds from [`fill_unknown`](super::fill_unknown), its
//! leaves valued by greedy rollouts to the end of the hand.

use super::players::greedy_action;
use super::state::Match;
use super::{Riichi, RiichiAction};
use crate::kernel::{Sim, Turn};
use crate::search::{Evaluator, Ismcts, SearchError, SearchResult, Values};

/// Iterations of the `ismcts` player when none are given (a hand takes about a second).
pub const DEFAULT_ITERATIONS: u32 = 100;

/// The exploration constant: values are points / 1000, a hand moves them by a few units.
const UCT_C: f64 = 10.0;

/// Values a position by playing it out with [`greedy_action`] for every seat until the hand
/// ends: each seat's value is then its score minus the starting points, / 1000 (the scale of
/// [`Riichi`]'s returns, so leaves and finished matches compare).
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyRollouts;

impl Evaluator<Riichi> for GreedyRollouts {
    fn evaluate(&mut self, sim: &mut Sim<Riichi>, out: &mut Values) -> Result<(), SearchError> {
        let dealt = sim.world().resource::<Match>().dealt;
        while sim.world().resource::<Match>().dealt == dealt {
            let Turn::Player(seat) = sim.turn() else {
                break;
            };
            let action = greedy_action(sim, seat, sim.legal_actions());
            sim.apply(action)?;
        }
        let start = sim.rules().game.config.start_points;
        *out = [0.0; crate::search::MAX_SEATS];
        for (o, s) in out.iter_mut().zip(sim.world().resource::<Match>().scores) {
            *o = f64::from(s - start) / 1000.0;
        }
        Ok(())
    }
}

/// A fresh ISMCTS searcher for riichi with greedy rollouts.
pub fn ismcts() -> Ismcts<Riichi> {
    Ismcts::new(UCT_C, GreedyRollouts)
}

/// Searches `iterations` determinized worlds for the seat to move (each from `(seed, i)`)
/// and returns the result; the `Sim` is left as it was. The result depends only on that
/// seat's information and `seed`.
pub fn ismcts_search(
    sim: &mut Sim<Riichi>,
    iterations: u32,
    seed: u64,
) -> Result<SearchResult<RiichiAction>, SearchError> {
    ismcts().search(sim, u64::from(iterations.max(1)), seed)
}
