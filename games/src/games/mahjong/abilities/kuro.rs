//! Kuro (玄, Achiga): dora hoarding. 34 plans, one per dora kind: `Four` on the dora, `Any` on
//! its indicator. The indicator goes to B and the first Dorahyou slot pulls it out; in the
//! monkey stage the dora and the red fives go to her and away from the others; she wants 1–2
//! doras and 1–3 reds at the start (perseverance 100). In play she draws doras and reds, the
//! others do not.

use super::{four_with_indicator, light, params, pull_from_b, reds};
use crate::dealer::{AbilityCtx, AbilityHooks, BargainHooks, Claim, DrawView, TableView};
use crate::mount::{Exit, Mount, Presence};
use crate::tiles::{TileCounts, TileKind};
use alea::kernel::Seat;

/// Kuro's hooks.
pub static KURO: AbilityHooks = AbilityHooks {
    bargain: Some(BargainHooks {
        plans: |_| 34,
        claim,
        describe: |_, plan| format!("dora {}", dora_of(plan).tile()),
        on_bargained,
    }),
    on_monkey: Some(on_monkey),
    check_init: Some(check_init),
    on_draw: Some(on_draw),
    ..AbilityHooks::named("kuro")
};

fn dora_of(plan: u16) -> TileKind {
    TileKind::new(plan as u8).expect("34 plans")
}

fn claim(_: &AbilityCtx, _: &Mount, plan: u16, kind: TileKind) -> Claim {
    four_with_indicator(dora_of(plan), kind)
}

fn on_bargained(ctx: &AbilityCtx, mount: &mut Mount) {
    let Some(plan) = ctx.plan else {
        return;
    };
    let indicator = dora_of(plan).indicator();
    pull_from_b(
        mount,
        Exit::Dorahyou,
        0,
        indicator,
        params().kuro.indicator_mk,
    );
}

/// The dora of the first revealed indicator, else the planned one (no indicators: sichuan).
fn first_dora(ctx: &AbilityCtx, mount: &Mount) -> Option<TileKind> {
    match mount.dora_indicators().first() {
        Some(indicator) => Some(indicator.kind().dora()),
        None => ctx.plan.map(dora_of),
    }
}

fn on_monkey(ctx: &AbilityCtx, view: &TableView<'_>, presence: &mut [Presence]) {
    let p = &params().kuro;
    let Some(dora) = first_dora(ctx, view.mount) else {
        return;
    };
    for (seat, exist) in presence.iter_mut().enumerate() {
        let mine = seat == usize::from(ctx.seat.0);
        exist.inc(
            dora.tile(),
            if mine { p.monkey_dora_mk } else { -p.eject_mk },
        );
        for red in reds() {
            exist.inc(red, if mine { p.monkey_red_mk } else { -p.eject_mk });
        }
    }
}

fn check_init(
    ctx: &AbilityCtx,
    seat: Seat,
    hand: &TileCounts,
    iter: u32,
    view: &TableView<'_>,
) -> bool {
    let p = &params().kuro;
    if seat != ctx.seat || iter > p.perseverance {
        return true;
    }
    let doras = first_dora(ctx, view.mount).map_or(0, |d| hand.of_kind(d));
    let red_count: u8 = reds().map(|r| hand[r]).sum();
    (p.dora_at_start.0..=p.dora_at_start.1).contains(&doras)
        && (p.reds_at_start.0..=p.reds_at_start.1).contains(&red_count)
}

fn on_draw(ctx: &AbilityCtx, view: &DrawView<'_>, mount: &mut Mount) {
    let p = &params().kuro;
    let doras: Vec<TileKind> = mount
        .dora_indicators()
        .iter()
        .map(|i| i.kind().dora())
        .collect();
    if view.drawer == ctx.seat {
        let hand = &view.hands[usize::from(ctx.seat.0)];
        let turn = view
            .turns
            .get(usize::from(ctx.seat.0))
            .copied()
            .unwrap_or(0);
        let expect = if turn < p.late_turn {
            p.dora_expect
        } else {
            p.dora_expect_late
        };
        for (at, &dora) in doras.iter().enumerate() {
            if hand.of_kind(dora) < expect {
                light(
                    mount,
                    dora,
                    if at == 0 {
                        p.first_dora_mk
                    } else {
                        p.other_dora_mk
                    },
                );
            }
        }
        let red_expect = match turn {
            0..5 => 2,
            5..10 => 3,
            _ => 4,
        };
        let held: u8 = reds().map(|r| hand[r]).sum();
        let mk = if held < red_expect {
            p.red_short_mk
        } else {
            p.red_mk
        };
        for red in reds() {
            let _ = mount.light_a(red, mk);
        }
    } else {
        for &dora in &doras {
            light(mount, dora, -p.eject_mk);
        }
        for red in reds() {
            let _ = mount.light_a(red, -p.eject_mk);
        }
    }
}
