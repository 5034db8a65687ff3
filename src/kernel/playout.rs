//! Uniformly random play through the public [`Sim`] API (the CLI, benches and tests use it).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::{Decision, Game, Sim, SimError};
use crate::chance::{Purpose, derive_stream};

/// The random stream of the random player for game `seed`: the [`Purpose::Ai`] stream, so it
/// never shifts the game's own streams.
pub fn random_player_rng(seed: u64) -> ChaCha8Rng {
    derive_stream(seed, Purpose::Ai.key(), u32::MAX)
}

/// Picks a uniformly random legal action (`None` once the game is over).
pub fn random_action<G: Game>(sim: &Sim<G>, rng: &mut ChaCha8Rng) -> Option<G::Action> {
    random_choice(sim.pending_decision(), rng)
}

/// A uniformly random choice of `decision` (`None` once the game is over).
pub fn random_choice<A: Copy>(decision: &Decision<A>, rng: &mut ChaCha8Rng) -> Option<A> {
    let choices = &decision.choices;
    (!choices.is_empty()).then(|| choices[rng.random_range(0..choices.len())])
}

/// Plays uniformly random legal actions until the game is over ([`Sim::play`]); returns the
/// number of actions.
pub fn random_playout<G: Game>(sim: &mut Sim<G>, rng: &mut ChaCha8Rng) -> Result<u32, SimError> {
    sim.play(|decision| random_choice(decision, rng))
}
