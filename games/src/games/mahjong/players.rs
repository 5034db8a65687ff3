//! The kinds of player both rulesets seat ([`PlayerKind`]), by name (`random`, `greedy`,
//! `cautious`, `ismcts:N`, ...); each ruleset's `choose` plays them.

use rand_chacha::ChaCha8Rng;

use super::fill::Inference;
use alea::kernel::{Game, Sim};
use alea::search::{Policy, SearchError};

/// Iterations of the `ismcts` player when none are given (a riichi hand takes about a second).
pub const DEFAULT_ITERATIONS: u32 = 100;

/// A kind of player.
/// Serialized as its name (`"ismcts:50"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A uniformly random legal action.
    Random,
    /// Greedy tile efficiency (each ruleset's `greedy_action`).
    Greedy,
    /// Greedy tile efficiency that folds against a riichi when far from ready (riichi's
    /// `cautious_action`); riichi only.
    Cautious,
    /// ISMCTS with this many iterations per decision over worlds consistent with what the
    /// table has shown (each ruleset's `ismcts_search`).
    Ismcts(u32),
    /// ISMCTS over uniform worlds, whatever the table has shown (the baseline).
    IsmctsUniform(u32),
    /// ISMCTS over constrained worlds weighted by the opponents' play
    /// ([`Inference::Posterior`]).
    IsmctsBayes(u32),
}

impl PlayerKind {
    /// The iterations and the inference of a search player (`None` for the others).
    pub fn search(self) -> Option<(u32, Inference)> {
        match self {
            PlayerKind::Ismcts(n) => Some((n, Inference::Constrained)),
            PlayerKind::IsmctsUniform(n) => Some((n, Inference::Uniform)),
            PlayerKind::IsmctsBayes(n) => Some((n, Inference::Posterior)),
            PlayerKind::Random | PlayerKind::Greedy | PlayerKind::Cautious => None,
        }
    }
}

/// The search players' names by inference.
const SEARCH_NAMES: [(&str, Inference); 3] = [
    ("ismcts", Inference::Constrained),
    ("ismcts-uniform", Inference::Uniform),
    ("ismcts-bayes", Inference::Posterior),
];

/// Not the name of a player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown player {0:?}: expected random, greedy, cautious, ismcts, ismcts-uniform or \
     ismcts-bayes (each search as ismcts:N for N iterations > 0)"
)]
pub struct UnknownPlayer(pub String);

impl std::str::FromStr for PlayerKind {
    type Err = UnknownPlayer;
    fn from_str(name: &str) -> Result<PlayerKind, UnknownPlayer> {
        match name.trim() {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            "cautious" => Ok(PlayerKind::Cautious),
            other => SEARCH_NAMES
                .iter()
                .find_map(|&(player, inference)| {
                    let n = alea::search::named_iterations(other, player, DEFAULT_ITERATIONS)?;
                    Some(match inference {
                        Inference::Constrained => PlayerKind::Ismcts(n),
                        Inference::Uniform => PlayerKind::IsmctsUniform(n),
                        Inference::Posterior => PlayerKind::IsmctsBayes(n),
                    })
                })
                .ok_or_else(|| UnknownPlayer(name.to_string())),
        }
    }
}

impl std::fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Greedy => f.write_str("greedy"),
            PlayerKind::Cautious => f.write_str("cautious"),
            PlayerKind::Ismcts(n) | PlayerKind::IsmctsUniform(n) | PlayerKind::IsmctsBayes(n) => {
                let (_, inference) = self.search().unwrap_or((*n, Inference::Constrained));
                let name = SEARCH_NAMES.iter().find(|(_, i)| *i == inference);
                let name = name.map_or("ismcts", |(name, _)| name);
                alea::search::write_named(f, name, *n, DEFAULT_ITERATIONS)
            }
        }
    }
}

impl serde::Serialize for PlayerKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A ruleset's `choose`: the action of the seat to move, played by `players[seat]`.
pub type Choose<G> = fn(&mut Sim<G>, &[PlayerKind], &mut ChaCha8Rng) -> Option<<G as Game>::Action>;

/// One seat's player as a [`Policy`] ([`Encode::player`](alea::encode::Encode::player)): its
/// ruleset's `choose` with its kind, its choices and searches drawn from its seed.
pub struct SeatPlayer<G: Game> {
    kinds: [PlayerKind; 4],
    rng: ChaCha8Rng,
    choose: Choose<G>,
}

impl<G: Game> SeatPlayer<G> {
    /// The player named `name` of the ruleset that `choose` plays, its choices drawn from
    /// `seed`; `cautious` only where `cautious` is true (riichi).
    pub fn named(
        name: &str,
        seed: u64,
        choose: Choose<G>,
        cautious: bool,
    ) -> Result<SeatPlayer<G>, alea::search::UnknownPlayer> {
        let unknown = |e: UnknownPlayer| alea::search::UnknownPlayer(e.to_string());
        let kind: PlayerKind = name.parse().map_err(unknown)?;
        if kind == PlayerKind::Cautious && !cautious {
            return Err(alea::search::UnknownPlayer(format!(
                "{name:?} is a riichi player: sichuan seats random, greedy, ismcts, \
                 ismcts-uniform and ismcts-bayes"
            )));
        }
        Ok(SeatPlayer {
            kinds: [kind; 4],
            rng: alea::kernel::playout::random_player_rng(seed),
            choose,
        })
    }
}

impl<G: Game> Policy<G> for SeatPlayer<G> {
    fn act(&mut self, sim: &mut Sim<G>) -> Result<G::Action, SearchError> {
        (self.choose)(sim, &self.kinds, &mut self.rng).ok_or(SearchError::GameOver)
    }
}
