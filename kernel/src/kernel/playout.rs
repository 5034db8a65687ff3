//! Uniformly random play through the public [`Sim`] API (the CLI, benches and tests use it).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::step::Pick;
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
#[inline(always)]
pub fn random_choice<A: Copy>(decision: &Decision<A>, rng: &mut ChaCha8Rng) -> Option<A> {
    random_index(decision, rng).map(|index| decision.choices[index])
}

/// The index of a uniformly random choice of `decision` (`None` once the game is over).
#[inline(always)]
fn random_index<A>(decision: &Decision<A>, rng: &mut ChaCha8Rng) -> Option<usize> {
    // rand draws an index below `u32::MAX` as a `u32` either way (the same value); asked for
    // a `u32`, the draw is small enough to be inlined into a playout's loop.
    match u32::try_from(decision.choices.len()) {
        Ok(0) => None,
        Ok(len) => Some(rng.random_range(0..len) as usize),
        Err(_) => Some(rng.random_range(0..decision.choices.len())),
    }
}

/// Plays uniformly random legal actions until the game is over (as [`Sim::play`] does, the
/// choices drawn as indices: no action is checked against them); returns the number of
/// actions.
pub fn random_playout<G: Game>(sim: &mut Sim<G>, rng: &mut ChaCha8Rng) -> Result<u32, SimError> {
    sim.play_reading_chance(
        #[inline(always)]
        |decision, _| random_index(decision, rng).map(Pick::Choice),
    )
}
