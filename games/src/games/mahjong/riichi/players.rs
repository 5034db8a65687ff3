//! Players, as plain functions choosing among [`Sim::legal_actions`]: uniformly random,
//! greedy tile efficiency, cautious (greedy that folds, see `defense.rs`), and ISMCTS (see
//! [`super::search`]).

use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use super::defense::cautious_action;
use super::heuristics::greedy_action;
use super::search::{DEFAULT_ITERATIONS, ismcts_search_with};
use super::state::{Kyoku, Phase};
use super::{Riichi, RiichiAction, RiichiEvent};
use crate::games::mahjong::abilities::{
    Foresee, SeatedAbility, TAKAMI, takami_choice, toki_choice,
};
use crate::games::mahjong::fill::Inference;
use crate::mount::Exit;
use crate::tiles::{Tile, shanten};
use alea::kernel::{Seat, Sim, Turn};

/// A kind of player.
/// Serialized as its name (`"ismcts:50"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A uniformly random legal action.
    Random,
    /// Greedy tile efficiency (see [`greedy_action`]).
    Greedy,
    /// Greedy tile efficiency that folds against a riichi when far from ready (see
    /// [`cautious_action`](super::cautious_action)); riichi only.
    Cautious,
    /// ISMCTS with this many iterations per decision over worlds consistent with what the
    /// table has shown (see [`ismcts_search`](super::ismcts_search)).
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

/// The action the seat on turn takes when it is played by `players[seat]` (`None` once the
/// match is over). `rng` serves the random players and seeds each ISMCTS search, so a game is
/// reproducible from the seed of `rng`; a search leaves `sim` as it was.
pub fn choose(
    sim: &mut Sim<Riichi>,
    players: &[PlayerKind],
    rng: &mut ChaCha8Rng,
) -> Option<RiichiAction> {
    let Turn::Player(seat) = sim.turn() else {
        return None;
    };
    if sim.rules().game.has_toki(seat)
        && let Some(action) = toki_choice(sim, seat, rng)
    {
        return Some(action);
    }
    let choices = sim.legal_actions();
    if choices.is_empty() {
        return None;
    }
    if let Some(tile) = teacup_choice(sim, seat) {
        return Some(RiichiAction::Discard(tile));
    }
    let player = players
        .get(seat.index())
        .copied()
        .unwrap_or(PlayerKind::Random);
    match player {
        PlayerKind::Random => Some(choices[rng.random_range(0..choices.len())]),
        PlayerKind::Greedy => Some(greedy_action(sim, seat, choices)),
        PlayerKind::Cautious => Some(cautious_action(sim, seat, choices)),
        PlayerKind::Ismcts(_) | PlayerKind::IsmctsUniform(_) | PlayerKind::IsmctsBayes(_) => {
            let (iterations, inference) = player.search()?;
            // Wins, single choices and claim windows are played cautiously; the search
            // decides what to discard (and whether to riichi or kan).
            let fallback = cautious_action(sim, seat, choices);
            let claims = matches!(sim.world().resource::<Kyoku>().phase, Phase::Claims { .. });
            if choices.len() == 1
                || claims
                || matches!(fallback, RiichiAction::Tsumo | RiichiAction::Ron)
            {
                return Some(fallback);
            }
            let seed = rng.next_u64();
            let found = ismcts_search_with(sim, iterations, seed, inference);
            Some(found.map_or(fallback, |r| r.action))
        }
    }
}

/// Takami's AI hook when she sits at `seat` ([`takami_choice`]): her first discard of a hand
/// (a win is taken first).
fn teacup_choice(sim: &Sim<Riichi>, seat: Seat) -> Option<Tile> {
    if !SeatedAbility::is_seated(&sim.rules().game.abilities, &TAKAMI, seat)
        || sim.legal_actions().contains(&RiichiAction::Tsumo)
    {
        return None;
    }
    let world = sim.world();
    let kyoku = world.resource::<Kyoku>();
    // Only right after a draw (not after a call), before her first discard of the hand.
    let drawn = kyoku.drawn[seat.index()]?;
    let discarded = kyoku.river.iter().any(|(s, _)| *s == seat);
    // The drawn tile first: it wins a tie, as in libsaki.
    let discards =
        std::iter::once(drawn).chain(sim.legal_actions().iter().filter_map(|a| match a {
            RiichiAction::Discard(tile) if *tile != drawn => Some(*tile),
            _ => None,
        }));
    takami_choice(world, seat, discarded, discards)
}

impl Foresee for Riichi {
    fn is_candidate(action: &RiichiAction) -> bool {
        matches!(action, RiichiAction::Discard(_) | RiichiAction::Riichi(_))
    }

    fn rollout_action(sim: &Sim<Riichi>, _: &mut ChaCha8Rng) -> Option<RiichiAction> {
        let Turn::Player(seat) = sim.turn() else {
            return None;
        };
        let choices = sim.legal_actions();
        (!choices.is_empty()).then(|| greedy_action(sim, seat, choices))
    }

    fn drawn(event: &RiichiEvent) -> Option<(Exit, Tile)> {
        match *event {
            RiichiEvent::Draw {
                exit,
                tile: Some(tile),
                ..
            } => Some((exit, tile)),
            _ => None,
        }
    }

    fn ends_hand(event: &RiichiEvent) -> bool {
        matches!(event, RiichiEvent::HandEnd { .. })
    }

    /// Points / 1000, then a quarter per step closer to ready.
    fn outlook(sim: &Sim<Riichi>, seat: Seat) -> f64 {
        let world = sim.world();
        let points = f64::from(world.resource::<super::Match>().scores[seat.index()]) / 1000.0;
        let hand = world.resource::<Kyoku>().hands[seat.index()].kinds();
        points - 0.25 * f64::from(shanten(&hand))
    }
}
