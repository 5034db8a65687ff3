//! Leaf evaluation: what a search believes a position is worth when it stops looking deeper.

use rand_chacha::ChaCha8Rng;

use super::{SearchError, Values, terminal_values};
use crate::kernel::playout::{random_player_rng, random_playout};
use crate::kernel::{Game, Sim};
use crate::snapshot::Snapshot;

/// Values a non-terminal position for every seat. It may leave the `Sim` anywhere: callers
/// restore their snapshot afterwards.
pub trait Evaluator<G: Game>: Send {
    /// Writes the position's value per seat into `out`.
    fn evaluate(&mut self, sim: &mut Sim<G>, out: &mut Values) -> Result<(), SearchError>;
}

/// The mean returns of uniformly random playouts (OpenSpiel's `RandomRolloutEvaluator`).
pub struct RandomRollouts {
    rollouts: u32,
    rng: ChaCha8Rng,
    start: Option<Snapshot>,
    returns: Vec<f64>,
}

impl RandomRollouts {
    /// `rollouts` playouts per evaluation (at least 1), the players' choices drawn from `seed`.
    pub fn new(rollouts: u32, seed: u64) -> Self {
        RandomRollouts {
            rollouts: rollouts.max(1),
            rng: random_player_rng(seed),
            start: None,
            returns: Vec::new(),
        }
    }
}

impl<G: Game> Evaluator<G> for RandomRollouts {
    fn evaluate(&mut self, sim: &mut Sim<G>, out: &mut Values) -> Result<(), SearchError> {
        *out = [0.0; super::MAX_SEATS];
        if self.rollouts > 1 {
            super::save(sim, &mut self.start);
        }
        for r in 0..self.rollouts {
            if r > 0 {
                super::load(sim, &self.start)?;
            }
            random_playout(sim, &mut self.rng)?;
            let values = terminal_values(sim, &mut self.returns);
            for (o, v) in out.iter_mut().zip(values) {
                *o += v / f64::from(self.rollouts);
            }
        }
        Ok(())
    }
}

/// A hand-written evaluation: `f(sim, out)` writes each seat's value.
pub struct Heuristic<F>(pub F);

impl<G: Game, F: FnMut(&Sim<G>, &mut Values) + Send> Evaluator<G> for Heuristic<F> {
    fn evaluate(&mut self, sim: &mut Sim<G>, out: &mut Values) -> Result<(), SearchError> {
        *out = [0.0; super::MAX_SEATS];
        (self.0)(sim, out);
        Ok(())
    }
}
