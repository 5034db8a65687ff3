//! The players' shared heuristics: what a seat can see and greedy tile efficiency, under the
//! cautious player (`defense.rs`), the search's rollouts (`search.rs`) and the players
//! (`players.rs`).

use super::state::{Kyoku, Phase};
use super::{Riichi, RiichiAction};
use crate::games::mahjong::HandTable;
use crate::mount::Mount;
use crate::tiles::{KindCounts, ShantenProbe, Tile, TileKind, shanten, ukeire};
use alea::kernel::{Seat, Sim};

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
