//! [`Policy`]: a player a game seats by name ([`Encode::player`](crate::encode::Encode::player)),
//! so that code written for any registered game (a vector env's opponents) can seat the
//! game's own players — `random`, `greedy`, `smart`, `ismcts:50`, whatever it registers.

use rand_chacha::ChaCha8Rng;

use super::SearchError;
use crate::kernel::playout::{random_action, random_player_rng};
use crate::kernel::{Game, Sim};

/// A player: chooses the action of the seat to move. Built per game (an episode) by
/// [`Encode::player`](crate::encode::Encode::player), its random choices and searches seeded
/// from the seed it was built with, so a game replays from its seeds.
pub trait Policy<G: Game>: Send {
    /// The action of the seat to move; `sim` is left as it was (a search restores it).
    fn act(&mut self, sim: &mut Sim<G>) -> Result<G::Action, SearchError>;
}

/// Uniformly random legal actions: the player every game seats as `random`.
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    rng: ChaCha8Rng,
}

impl RandomPolicy {
    /// A random player drawing from `seed`'s AI stream.
    pub fn new(seed: u64) -> RandomPolicy {
        RandomPolicy {
            rng: random_player_rng(seed),
        }
    }
}

impl<G: Game> Policy<G> for RandomPolicy {
    fn act(&mut self, sim: &mut Sim<G>) -> Result<G::Action, SearchError> {
        random_action(sim, &mut self.rng).ok_or(SearchError::GameOver)
    }
}

/// A name that is not one of a game's players: the message names the game's players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UnknownPlayer(pub String);

impl UnknownPlayer {
    /// `name` is not a player of `game`, which seats only `random`.
    pub fn random_only(game: &str, name: &str) -> UnknownPlayer {
        UnknownPlayer(format!("unknown {game} player {name:?}: expected random"))
    }
}
