//! Players, as plain functions choosing among [`Sim::legal_actions`]: uniformly random,
//! greedy tile efficiency, cautious (greedy that folds, see `defense.rs`), and ISMCTS (see
//! [`super::search`]).

use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use super::defense::cautious_action;
use super::search::{DEFAULT_ITERATIONS, ismcts_search_with};
use super::state::{Kyoku, Phase};
use super::{Riichi, RiichiAction, RiichiEvent};
use crate::games::mahjong::abilities::{
    Foresee, SeatedAbility, TAKAMI, takami_choice, toki_choice,
};
use crate::games::mahjong::fill::Inference;
use crate::kernel::{Seat, Sim, Turn};
use crate::mount::Exit;
use crate::mount::Mount;
use crate::tiles::{KindCounts, ShantenProbe, Tile, TileKind, shanten, ukeire};

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
                    let n = crate::search::named_iterations(other, player, DEFAULT_ITERATIONS)?;
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
                crate::search::write_named(f, name, *n, DEFAULT_ITERATIONS)
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

/// Copies of each kind `seat` can see: its own concealed tiles, every meld, every discard and
/// the dora indicators.
pub(super) fn visible(kyoku: &Kyoku, mount: &Mount, seat: Seat) -> KindCounts {
    let mut seen = kyoku.hands[seat.index()].kinds();
    for s in 0..super::SEATS as u8 {
        for meld in kyoku.melds_of(Seat(s)) {
            meld.meld.add_kinds(&mut seen);
        }
    }
    for (_, t) in &kyoku.river {
        if !t.called {
            seen[t.tile.kind()] += 1;
        }
    }
    for t in mount.dora_indicators() {
        seen[t.kind()] += 1;
    }
    seen
}

/// Greedy tile efficiency: win whenever possible; discard the tile that leaves the lowest
/// shanten, then the most unseen effective tiles (a black five before a red one); declare
/// riichi with that discard whenever allowed; take closed kans that keep the shanten and
/// added kans; call pon on value honors (a yaku) and, once open, any call that lowers the
/// shanten; otherwise pass. Nine terminals and honors are declared unless the hand is two
/// or fewer tiles from ready (shanten ≤ 2, thirteen orphans included).
pub fn greedy_action(sim: &Sim<Riichi>, seat: Seat, choices: &[RiichiAction]) -> RiichiAction {
    let world = sim.world();
    let kyoku = world.resource::<Kyoku>();
    let mount = world.resource::<Mount>();
    let table = world.resource::<super::Match>();
    if let Some(&win) = choices
        .iter()
        .find(|a| matches!(a, RiichiAction::Tsumo | RiichiAction::Ron))
    {
        return win;
    }
    let hand = kyoku.hands[seat.index()].kinds();
    let probe = ShantenProbe::new(&hand);
    let now = probe.shanten();
    if let Phase::Claims { tile, .. } = kyoku.phase {
        let kind = tile.kind();
        let value = kind.index() >= 31
            || kind == table.round_wind().kind()
            || kind == table.seat_wind(seat).kind();
        let open = !kyoku.is_closed(seat);
        let mut best = RiichiAction::Pass;
        let mut best_shanten = now;
        for &action in choices {
            let used: [TileKind; 2] = match action {
                RiichiAction::Pon(a, b) | RiichiAction::Chi(a, b) => [a.kind(), b.kind()],
                _ => continue,
            };
            let mut after = hand;
            after[used[0]] -= 1;
            after[used[1]] -= 1;
            // The best discard after the call.
            let after_discard = ShantenProbe::new(&after).best_discard().unwrap_or(8);
            let is_pon = matches!(action, RiichiAction::Pon(..));
            let worth = (is_pon && value && after_discard <= now) || (open && after_discard < now);
            if worth && (best == RiichiAction::Pass || after_discard < best_shanten) {
                best = action;
                best_shanten = after_discard;
            }
        }
        return best;
    }
    if now > 2 && choices.contains(&RiichiAction::NineTerminals) {
        return RiichiAction::NineTerminals;
    }
    for &action in choices {
        match action {
            RiichiAction::AddedKan(_) => return action,
            RiichiAction::ClosedKan(t) => {
                let mut after = hand;
                after[t.kind()] -= 4;
                if kyoku.riichi[seat.index()] || shanten(&after) <= now {
                    return action;
                }
            }
            _ => {}
        }
    }
    let seen = visible(kyoku, mount, seat);
    // Shanten after each discard (per kind), then ukeire only for the discards at the lowest.
    let mut after_shanten = [i8::MAX; TileKind::COUNT];
    for &action in choices {
        if let RiichiAction::Discard(tile) = action {
            let kind = tile.kind();
            if after_shanten[kind.index()] == i8::MAX {
                after_shanten[kind.index()] = probe.with(kind, false);
            }
        }
    }
    let lowest = after_shanten.iter().copied().min().unwrap_or(i8::MAX);
    let mut after_ukeire = [None; TileKind::COUNT];
    let mut best: Option<(u32, bool, Tile)> = None;
    for &action in choices {
        let RiichiAction::Discard(tile) = action else {
            continue;
        };
        let kind = tile.kind();
        if after_shanten[kind.index()] != lowest {
            continue;
        }
        let u = *after_ukeire[kind.index()].get_or_insert_with(|| {
            let mut after = hand;
            after[kind] -= 1;
            ukeire(&after, &seen)
        });
        let black = !tile.is_red();
        if best.is_none_or(|(bu, bb, _)| (u, black) > (bu, bb)) {
            best = Some((u, black, tile));
        }
    }
    let Some((.., tile)) = best else {
        return choices[0];
    };
    if choices.contains(&RiichiAction::Riichi(tile)) {
        return RiichiAction::Riichi(tile);
    }
    RiichiAction::Discard(tile)
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
