//! Simple sichuan players, as plain functions choosing among [`Sim::legal_actions`]: uniformly
//! random, and greedy tile efficiency.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::state::{Battle, Stage};
use super::{Sichuan, SichuanAction};
use crate::games::mahjong::riichi::PlayerKind;
use crate::kernel::{Seat, Sim, Turn};
use crate::tiles::{KindCounts, TileKind, shanten, ukeire};

/// The action the seat to move takes when it is played by `players[seat]` (`None` once the
/// match is over). `rng` serves the random players.
pub fn choose(
    sim: &Sim<Sichuan>,
    players: &[PlayerKind],
    rng: &mut ChaCha8Rng,
) -> Option<SichuanAction> {
    let Turn::Player(seat) = sim.turn() else {
        return None;
    };
    let choices = sim.legal_actions();
    if choices.is_empty() {
        return None;
    }
    match players.get(seat.index()).copied() {
        Some(PlayerKind::Greedy) => Some(greedy_action(sim, seat, choices)),
        _ => Some(choices[rng.random_range(0..choices.len())]),
    }
}

/// Copies of each kind `seat` can see: its own concealed tiles, every meld and every discard.
fn visible(battle: &Battle, seat: Seat) -> KindCounts {
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
        let fewest = super::SUITS
            .into_iter()
            .min_by_key(|&suit| {
                hand.iter()
                    .filter(|(t, _)| t.suit() == suit)
                    .map(|(_, n)| u32::from(n))
                    .sum::<u32>()
            })
            .expect("three suits");
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
            let mut best_after = i8::MAX;
            for k in TileKind::all() {
                if after[k] > 0 {
                    after[k] -= 1;
                    best_after = best_after.min(shanten(&after));
                    after[k] += 1;
                }
            }
            if best_after < shanten(&kinds) {
                return SichuanAction::Pon;
            }
        }
        return SichuanAction::Pass;
    }
    let seen = visible(battle, seat);
    let mut best: Option<(i8, u32, SichuanAction)> = None;
    for &action in choices {
        let SichuanAction::Discard(tile) = action else {
            continue;
        };
        let mut after = kinds;
        after[tile.kind()] -= 1;
        let s = shanten(&after);
        if best.is_some_and(|(bs, ..)| s > bs) {
            continue;
        }
        let u = ukeire(&after, &seen);
        if best.is_none_or(|(bs, bu, _)| s < bs || u > bu) {
            best = Some((s, u, action));
        }
    }
    best.map_or(choices[0], |(.., action)| action)
}
