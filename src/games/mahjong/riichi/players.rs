//! Simple players, as plain functions choosing among [`Sim::legal_actions`]: uniformly random,
//! and greedy tile efficiency.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::state::{Kyoku, Phase};
use super::{Riichi, RiichiAction};
use crate::kernel::{Seat, Sim, Turn};
use crate::mount::Mount;
use crate::tiles::{KindCounts, Tile, TileKind, shanten};

/// A kind of player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A uniformly random legal action.
    Random,
    /// Greedy tile efficiency (see [`greedy_action`]).
    Greedy,
}

/// Not the name of a player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player {0:?}: expected random or greedy")]
pub struct UnknownPlayer(pub String);

impl std::str::FromStr for PlayerKind {
    type Err = UnknownPlayer;
    fn from_str(name: &str) -> Result<PlayerKind, UnknownPlayer> {
        match name {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            _ => Err(UnknownPlayer(name.to_string())),
        }
    }
}

impl std::fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
        })
    }
}

/// The action the seat on turn takes when it is played by `players[seat]` (`None` once the
/// match is over). `rng` serves the random players.
pub fn choose(
    sim: &Sim<Riichi>,
    players: &[PlayerKind],
    rng: &mut ChaCha8Rng,
) -> Option<RiichiAction> {
    let Turn::Player(seat) = sim.turn() else {
        return None;
    };
    let choices = sim.legal_actions();
    if choices.is_empty() {
        return None;
    }
    match players
        .get(seat.index())
        .copied()
        .unwrap_or(PlayerKind::Random)
    {
        PlayerKind::Random => Some(choices[rng.random_range(0..choices.len())]),
        PlayerKind::Greedy => Some(greedy_action(sim, seat, choices)),
    }
}

/// Copies of each kind `seat` can see: its own concealed tiles, every meld, every discard and
/// the dora indicators.
fn visible(kyoku: &Kyoku, mount: &Mount, seat: Seat) -> KindCounts {
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

/// Unseen copies of the kinds that lower `hand`'s shanten (its ukeire).
fn ukeire(hand: &KindCounts, seen: &KindCounts) -> u32 {
    let now = shanten(hand);
    let mut probe = *hand;
    let mut total = 0;
    for kind in TileKind::all() {
        let left = 4u8.saturating_sub(seen[kind]);
        if left == 0 {
            continue;
        }
        probe[kind] += 1;
        if shanten(&probe) < now {
            total += u32::from(left);
        }
        probe[kind] -= 1;
    }
    total
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
    let now = shanten(&hand);
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
            let mut after_discard = 8;
            for k in TileKind::all() {
                if after[k] > 0 {
                    after[k] -= 1;
                    after_discard = after_discard.min(shanten(&after));
                    after[k] += 1;
                }
            }
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
                let mut after = hand;
                after[kind] -= 1;
                after_shanten[kind.index()] = shanten(&after);
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
