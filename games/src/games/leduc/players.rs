//! Leduc's players besides `random`: [`LeducIsmcts`], information-set MCTS over the
//! opponent's possible cards.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Leduc, LeducAction};
use alea::kernel::Sim;
use alea::kernel::playout::random_player_rng;
use alea::search::{Ismcts, Policy, RandomRollouts, SearchError};

/// Iterations a decision of `ismcts` when none are named.
pub const DEFAULT_ITERATIONS: u32 = 500;

/// The exploration constant: returns are chips, at most 13 either way.
const UCT_C: f64 = 4.0;

/// ISMCTS with random rollouts, `iterations` a decision, each search seeded from the player's
/// seed. Named `ismcts` or `ismcts:N`.
#[derive(Clone, Debug)]
pub struct LeducIsmcts {
    iterations: u32,
    rng: ChaCha8Rng,
}

impl LeducIsmcts {
    /// The player named `name` (`ismcts`, `ismcts:N` with N > 0) seeded from `seed`, or
    /// `None` for another name.
    pub fn named(name: &str, seed: u64) -> Option<LeducIsmcts> {
        let iterations = alea::search::iterations_of(name, DEFAULT_ITERATIONS)?;
        Some(LeducIsmcts {
            iterations,
            rng: random_player_rng(seed),
        })
    }
}

impl Policy<Leduc> for LeducIsmcts {
    fn act(&mut self, sim: &mut Sim<Leduc>) -> Result<LeducAction, SearchError> {
        let seed = self.rng.next_u64();
        let mut search = Ismcts::new(UCT_C, RandomRollouts::new(1, seed));
        Ok(search.search(sim, u64::from(self.iterations), seed)?.action)
    }
}
