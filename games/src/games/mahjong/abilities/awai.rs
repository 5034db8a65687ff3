//! Awai (淡, Shiraitodai): double riichi with a kan-ura. 25 plans, one per kan-ura kind (the 24
//! suited non-fives, or a guest wind): `Four` on it, `Any` on its indicator. After the bargain
//! one copy of the kan-ura and one of its indicator go to B, the second ura slot pulls that
//! indicator out of B, and the first two dora slots and the first ura slot avoid it. She begs 3
//! copies of the kan-ura and avoids the dora and red fives. Rivals must start at least 5 steps
//! from ready (4 after 300 attempts, anything after 500); her own hand must be 2 or fewer steps
//! from ready until attempt 50. In play, the dealer's first draw avoids the dealer's effective
//! tiles and she does not draw a fourth copy of a kind she holds three of.
//!
//! (libsaki's beg also sketches a one-step-from-ready hand for her; here her own `check_init`
//! plays that part.)

use super::{
    effective, four_with_indicator, kinds, light, load_one, params, pull_from_b, reds, try_inc,
};
use crate::dealer::{AbilityCtx, AbilityHooks, BargainHooks, Claim, DrawView, TableView};
use crate::mount::{Exit, Mount, MountZone, Presence};
use crate::tiles::{Suit, TileCounts, TileKind, shanten};
use alea::kernel::Seat;

/// Awai's hooks.
pub static AWAI: AbilityHooks = AbilityHooks {
    bargain: Some(BargainHooks {
        plans: |_| 25,
        claim,
        describe: |ctx, plan| format!("kan-ura {}", kanura(ctx, plan).tile()),
        on_bargained,
    }),
    // Without a plan (a bargain that could not hold, in play) she begs nothing.
    beg: Some(|ctx, _, _| match ctx.plan {
        Some(plan) => vec![kanura(ctx, plan).tile(); usize::from(params().awai.kanura_in_hand)],
        None => Vec::new(),
    }),
    on_monkey: Some(on_monkey),
    check_init: Some(check_init),
    on_draw: Some(on_draw),
    ..AbilityHooks::named("awai")
};

/// The kan-ura of a plan: the 24 suited non-fives in order, then a guest wind (the last wind
/// that is neither the round wind, east, nor her seat wind).
fn kanura(ctx: &AbilityCtx, plan: u16) -> TileKind {
    if plan < 24 {
        let suit = Suit::ALL[usize::from(plan / 8)];
        let at = (plan % 8) as u8;
        let number = if at < 4 { at + 1 } else { at + 2 };
        TileKind::from_suit(suit, number).expect("a suited kind")
    } else {
        let east = TileKind::from_suit(Suit::Honor, 1).expect("east");
        (1..=4)
            .rev()
            .map(|v| TileKind::from_suit(Suit::Honor, v).expect("a wind"))
            .find(|&w| w != east && w != ctx.seat_wind())
            .expect("two of four winds remain")
    }
}

fn claim(ctx: &AbilityCtx, _: &Mount, plan: u16, kind: TileKind) -> Claim {
    four_with_indicator(kanura(ctx, plan), kind)
}

fn on_bargained(ctx: &AbilityCtx, mount: &mut Mount) {
    let p = &params().awai;
    let Some(plan) = ctx.plan else {
        return;
    };
    let k = kanura(ctx, plan);
    let indicator = k.indicator();
    load_one(mount, k);
    pull_from_b(mount, Exit::Urahyou, 1, indicator, p.indicator_mk);
    for (exit, pos) in [(Exit::Dorahyou, 0), (Exit::Dorahyou, 1), (Exit::Urahyou, 0)] {
        try_inc(mount, exit, pos, indicator, -p.indicator_mk, MountZone::A);
    }
}

fn on_monkey(ctx: &AbilityCtx, view: &TableView<'_>, presence: &mut [Presence]) {
    let p = &params().awai;
    let exist = &mut presence[usize::from(ctx.seat.0)];
    if let Some(indicator) = view.mount.dora_indicators().first() {
        exist.inc(indicator.kind().dora().tile(), -p.eject_mk);
    }
    for red in reds() {
        exist.inc(red, -p.eject_mk);
    }
}

fn check_init(
    ctx: &AbilityCtx,
    seat: Seat,
    hand: &TileCounts,
    iter: u32,
    _: &TableView<'_>,
) -> bool {
    let p = &params().awai;
    if iter > p.perseverance {
        return true;
    }
    let steps = shanten(&kinds(hand));
    if seat == ctx.seat {
        return iter > p.own_perseverance || steps <= p.own_max_shanten;
    }
    let least = if iter > p.relax_at {
        p.relaxed_rival_min_shanten
    } else {
        p.rival_min_shanten
    };
    steps >= least
}

fn on_draw(ctx: &AbilityCtx, view: &DrawView<'_>, mount: &mut Mount) {
    let p = &params().awai;
    let drawer = usize::from(view.drawer.0);
    let first = view.turns.get(drawer).copied().unwrap_or(0) == 0;
    if view.drawer != ctx.seat && view.drawer == ctx.round.dealer && first {
        for kind in effective(&kinds(&view.hands[drawer])) {
            light(mount, kind, -p.accel_mk);
        }
    } else if view.drawer == ctx.seat {
        for (tile, count) in view.hands[drawer].iter() {
            if count >= 3 && !tile.is_red() {
                light(mount, tile.kind(), -p.eject_mk);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::Tile;

    #[test]
    fn kanura_plans_are_the_suited_non_fives_and_a_guest_wind() {
        let ctx = AbilityCtx {
            seat: Seat(1),
            plan: None,
            round: crate::dealer::DealRound::default(),
            seats: 4,
            memory: crate::dealer::AbilityMemory::default(),
        };
        let all: Vec<TileKind> = (0..25).map(|p| kanura(&ctx, p)).collect();
        assert!(all[..24].iter().all(|k| !k.is_honor() && !k.is_five()));
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 25);
        // Seat 1 is south: the guest wind is north.
        assert_eq!(all[24].tile(), "4z".parse::<Tile>().unwrap());
    }
}
