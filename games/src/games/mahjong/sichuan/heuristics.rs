//! The players' shared heuristics: what a seat can see and greedy tile efficiency, under the
//! search's rollouts (`search.rs`) and the players (`players.rs`).

use super::state::{Battle, Stage};
use super::{Sichuan, SichuanAction};
use crate::games::mahjong::HandTable;
use crate::tiles::{KindCounts, ShantenProbe, TileKind, shanten, ukeire};
use alea::kernel::{Seat, Sim};

/// Copies of each kind `seat` can see: its own concealed tiles, every meld and every discard.
pub(super) fn visible(battle: &Battle, seat: Seat) -> KindCounts {
    let mut seen = battle.hands[seat.index()].kinds();
    for s in 0..super::SEATS as u8 {
        for meld in battle.melds_of(Seat(s)) {
            meld.meld.add_kinds(&mut seen);
        }
    }
    for &(_, tile, called) in &battle.river {
        if !called {
            seen[tile.kind()] += 1;
        }
    }
    seen
}

/// Greedy tile efficiency: declare the suit it holds fewest of missing; win whenever it can;
/// take every kan; pon when it lowers the shanten; discard the missing suit first, then the
/// tile leaving the lowest shanten and the most unseen effective tiles.
pub fn greedy_action(sim: &Sim<Sichuan>, seat: Seat, choices: &[SichuanAction]) -> SichuanAction {
    let battle = sim.world().resource::<Battle>();
    let hand = battle.hands[seat.index()];
    if let Stage::Declare { .. } = battle.stage {
        let fewest = super::hidden::fewest_suit(&hand);
        return SichuanAction::Declare(fewest);
    }
    for &action in choices {
        if matches!(
            action,
            SichuanAction::Tsumo
                | SichuanAction::Ron
                | SichuanAction::Kan
                | SichuanAction::ClosedKan(_)
                | SichuanAction::AddedKan(_)
        ) {
            return action;
        }
    }
    let kinds = hand.kinds();
    if let Stage::Claims { tile, .. } = battle.stage {
        if choices.contains(&SichuanAction::Pon) {
            let mut after = kinds;
            after[tile.kind()] -= 2;
            let best_after = ShantenProbe::new(&after).best_discard().unwrap_or(i8::MAX);
            if best_after < shanten(&kinds) {
                return SichuanAction::Pon;
            }
        }
        return SichuanAction::Pass;
    }
    let seen = visible(battle, seat);
    let probe = ShantenProbe::new(&kinds);
    // Per kind, the shanten after discarding it and (once asked) the ukeire.
    let mut after_kind = [(i8::MAX, None); TileKind::COUNT];
    let mut best: Option<(i8, u32, SichuanAction)> = None;
    for &action in choices {
        let SichuanAction::Discard(tile) = action else {
            continue;
        };
        let kind = tile.kind();
        let (s, ukeire_after) = &mut after_kind[kind.index()];
        if *s == i8::MAX {
            *s = probe.with(kind, false);
        }
        let s = *s;
        if best.is_some_and(|(bs, ..)| s > bs) {
            continue;
        }
        let u = *ukeire_after.get_or_insert_with(|| {
            let mut after = kinds;
            after[kind] -= 1;
            ukeire(&after, &seen)
        });
        if best.is_none_or(|(bs, bu, _)| s < bs || u > bu) {
            best = Some((s, u, action));
        }
    }
    best.map_or(choices[0], |(.., action)| action)
}
