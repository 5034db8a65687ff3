//! Players: `random` (a uniformly random legal action), `trust` (FreeKill's TrustAI), `smart`,
//! `smart-optimistic` and `smart-bayes` (SmartAI, [`Smart`]; the last in worlds weighted by the
//! seats' passes, [`super::evidence`]) and `ismcts` / `ismcts-bayes` (information-set MCTS over
//! determinized worlds, random rollouts). [`Players`] seats them; [`SeatPlayer`] is one of them
//! as a [`Policy`], what the registry seats by name.

use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

pub use super::trust::trust;
use super::{Sgs, SgsAction, Smart};
use alea::benefit::Answers;
use alea::kernel::{Sim, SimError, Turn};
use alea::search::{
    Ismcts, Policy, RandomRollouts, SearchError, SearchResult, named_iterations, write_named,
};

/// ISMCTS iterations per decision of `ismcts` without a number.
pub const DEFAULT_ITERATIONS: u32 = 100;

/// The UCB exploration constant of the ISMCTS player (returns are ±1).
pub const UCT_C: f64 = 1.4;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A uniformly random legal action.
    Random,
    /// FreeKill's TrustAI: jink whenever asked; a nullification only against another seat's
    /// trick aimed at itself (never against a nullification); a peach or analeptic only when
    /// itself is dying; nothing in its own play phase; discards and takes cards at random.
    Trust,
    /// ISMCTS with this many iterations per decision (random rollouts).
    Ismcts(u32),
    /// ISMCTS in worlds weighted by the seats' passes ([`super::determinize_posterior`]).
    IsmctsBayes(u32),
    /// SmartAI ([`Smart`]): benefit simulation with questions answered so.
    Smart(Answers),
    /// SmartAI sampling this many worlds per decision, weighted by the seats' passes
    /// ([`Smart::with_posterior`]).
    SmartBayes(u32),
}

/// Not the name of an sgs player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown sgs player {0:?}: expected random, trust, smart, smart:K (K worlds > 0), \
     smart-optimistic, smart-bayes, smart-bayes:K, ismcts, ismcts:N, ismcts-bayes or \
     ismcts-bayes:N (N iterations > 0)"
)]
pub struct UnknownPlayer(pub String);

impl std::str::FromStr for PlayerKind {
    type Err = UnknownPlayer;
    fn from_str(name: &str) -> Result<PlayerKind, UnknownPlayer> {
        match name.trim() {
            "random" => Ok(PlayerKind::Random),
            "trust" => Ok(PlayerKind::Trust),
            "smart" => Ok(PlayerKind::Smart(Answers::default())),
            "smart-optimistic" => Ok(PlayerKind::Smart(Answers::Optimistic)),
            other if other.starts_with("smart:") => other["smart:".len()..]
                .parse()
                .ok()
                .filter(|&w| w > 0)
                .map(|worlds| PlayerKind::Smart(Answers::Sampled { worlds }))
                .ok_or_else(|| UnknownPlayer(name.to_string())),
            other => {
                let named = |player, default| named_iterations(other, player, default);
                let worlds = Answers::default().worlds();
                named("smart-bayes", worlds)
                    .map(PlayerKind::SmartBayes)
                    .or_else(|| {
                        named("ismcts-bayes", DEFAULT_ITERATIONS).map(PlayerKind::IsmctsBayes)
                    })
                    .or_else(|| named("ismcts", DEFAULT_ITERATIONS).map(PlayerKind::Ismcts))
                    .ok_or_else(|| UnknownPlayer(name.to_string()))
            }
        }
    }
}

impl std::fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Trust => f.write_str("trust"),
            PlayerKind::Ismcts(n) => write_named(f, "ismcts", *n, DEFAULT_ITERATIONS),
            PlayerKind::IsmctsBayes(n) => write_named(f, "ismcts-bayes", *n, DEFAULT_ITERATIONS),
            PlayerKind::SmartBayes(n) => {
                write_named(f, "smart-bayes", *n, Answers::default().worlds())
            }
            PlayerKind::Smart(Answers::Optimistic) => f.write_str("smart-optimistic"),
            PlayerKind::Smart(answers) if *answers == Answers::default() => f.write_str("smart"),
            PlayerKind::Smart(answers) => write!(f, "smart:{}", answers.worlds()),
        }
    }
}

impl serde::Serialize for PlayerKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The players of a table, by seat, with what they keep from decision to decision (a
/// SmartAI's simulator).
#[derive(Debug)]
pub struct Players {
    kinds: Vec<PlayerKind>,
    smart: Vec<Option<Smart>>,
}

impl Players {
    /// `kinds[seat]` plays `seat` (a seat past the list plays at random).
    pub fn new(kinds: &[PlayerKind]) -> Players {
        let smart = kinds
            .iter()
            .map(|kind| match *kind {
                PlayerKind::Smart(answers) => Some(Smart::new(answers)),
                PlayerKind::SmartBayes(worlds) => {
                    Some(Smart::new(Answers::Sampled { worlds }).with_posterior())
                }
                _ => None,
            })
            .collect();
        Players {
            kinds: kinds.to_vec(),
            smart,
        }
    }

    /// The players by seat.
    pub fn kinds(&self) -> &[PlayerKind] {
        &self.kinds
    }

    /// The action of the seat to move (`None` once the game is over). `rng` serves the random
    /// choices and seeds each search and simulation, so a game replays from the seed of
    /// `rng`; searches and simulations leave `sim` as it was. Fails only if a SmartAI
    /// simulation does (the rules nest past the depth limit).
    pub fn choose(
        &mut self,
        sim: &mut Sim<Sgs>,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<SgsAction>, SimError> {
        let Turn::Player(seat) = sim.turn() else {
            return Ok(None);
        };
        let choices = sim.legal_actions();
        if choices.is_empty() {
            return Ok(None);
        }
        let kind = self.kinds.get(seat.index()).copied();
        Ok(match kind.unwrap_or(PlayerKind::Random) {
            PlayerKind::Random => Some(choices[rng.random_range(0..choices.len())]),
            PlayerKind::Trust => Some(trust(sim, seat, rng)),
            PlayerKind::Ismcts(_) | PlayerKind::IsmctsBayes(_) if choices.len() == 1 => {
                Some(choices[0])
            }
            PlayerKind::Ismcts(iterations) | PlayerKind::IsmctsBayes(iterations) => {
                let fallback = choices[0];
                let seed = rng.next_u64();
                let posterior = matches!(kind, Some(PlayerKind::IsmctsBayes(_)));
                let search = ismcts_search_with(sim, iterations, seed, posterior);
                Some(search.map_or(fallback, |r| r.action))
            }
            PlayerKind::Smart(_) | PlayerKind::SmartBayes(_) if choices.len() == 1 => {
                Some(choices[0])
            }
            PlayerKind::Smart(_) | PlayerKind::SmartBayes(_) => {
                let seed = rng.next_u64();
                match &mut self.smart[seat.index()] {
                    Some(smart) => smart.choose(sim, seed)?,
                    None => None,
                }
            }
        })
    }
}

/// Searches `iterations` worlds determinized for the seat to move (leaves valued by one random
/// playout each) and returns the result; `sim` is left as it was. The result depends only on
/// that seat's information and `seed`.
pub fn ismcts_search(
    sim: &mut Sim<Sgs>,
    iterations: u32,
    seed: u64,
) -> Result<SearchResult<SgsAction>, SearchError> {
    ismcts_search_with(sim, iterations, seed, false)
}

/// [`ismcts_search`], its worlds weighted by the seats' passes when `posterior`
/// ([`super::determinize_posterior`]).
pub fn ismcts_search_with(
    sim: &mut Sim<Sgs>,
    iterations: u32,
    seed: u64,
    posterior: bool,
) -> Result<SearchResult<SgsAction>, SearchError> {
    let mut search = Ismcts::new(UCT_C, RandomRollouts::new(1, seed));
    if posterior {
        search = search.with_determinize(super::determinize_posterior);
    }
    search.search(sim, u64::from(iterations.max(1)), seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_name_parses_back_to_itself() {
        let names = [
            "random",
            "trust",
            "smart",
            "smart:3",
            "smart-optimistic",
            "smart-bayes",
            "smart-bayes:16",
            "ismcts",
            "ismcts:7",
            "ismcts-bayes",
            "ismcts-bayes:50",
        ];
        for name in names {
            let kind: PlayerKind = name.parse().unwrap();
            assert_eq!(kind.to_string(), name);
        }
        assert_eq!("smart-bayes".parse(), Ok(PlayerKind::SmartBayes(8)));
        assert_eq!(
            "smart-bayes:8".parse::<PlayerKind>().unwrap().to_string(),
            "smart-bayes"
        );
        for bad in ["smart-bayes:0", "smart-bayes:x", "ismcts-bayes:", "bayes"] {
            assert_eq!(bad.parse::<PlayerKind>(), Err(UnknownPlayer(bad.into())));
        }
    }
}

/// One seat's player as a [`Policy`] ([`Encode::player`](alea::encode::Encode::player)): a
/// table of its kind (so a SmartAI keeps its simulator), its choices drawn from its seed.
#[derive(Debug)]
pub struct SeatPlayer {
    players: Players,
    rng: ChaCha8Rng,
}

impl SeatPlayer {
    /// A player of `kind` at a table of `seats`, its choices drawn from `seed`.
    pub fn new(kind: PlayerKind, seats: u8, seed: u64) -> SeatPlayer {
        SeatPlayer {
            players: Players::new(&vec![kind; usize::from(seats)]),
            rng: alea::kernel::playout::random_player_rng(seed),
        }
    }
}

impl Policy<Sgs> for SeatPlayer {
    fn act(&mut self, sim: &mut Sim<Sgs>) -> Result<SgsAction, SearchError> {
        self.players
            .choose(sim, &mut self.rng)?
            .ok_or(SearchError::GameOver)
    }
}
