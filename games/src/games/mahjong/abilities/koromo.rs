//! Koromo (衣, Ryuumonbuchi): per-draw presence for effective tiles. Her draws favour the tiles
//! that bring her closer to ready; a rival one step from ready (or ready) is held there: the
//! tiles that would improve that rival's hand are disfavoured. At the start she wants a hand 3
//! or fewer steps from ready (a simple ability: perseverance 10). No bargain. Her last draw of
//! the live wall (haitei) favours her effective tiles far more (`last_tile_mk`).

use super::{effective, kinds, light, params};
use crate::dealer::{AbilityCtx, AbilityHooks, DrawView, TableView};
use crate::mount::{Exit, Mount};
use crate::tiles::{TileCounts, shanten};
use alea::kernel::Seat;

/// Koromo's hooks.
pub static KOROMO: AbilityHooks = AbilityHooks {
    check_init: Some(check_init),
    on_draw: Some(on_draw),
    ..AbilityHooks::named("koromo")
};

fn check_init(
    ctx: &AbilityCtx,
    seat: Seat,
    hand: &TileCounts,
    iter: u32,
    _: &TableView<'_>,
) -> bool {
    let p = &params().koromo;
    seat != ctx.seat || iter > p.perseverance || shanten(&kinds(hand)) <= p.own_max_shanten
}

fn on_draw(ctx: &AbilityCtx, view: &DrawView<'_>, mount: &mut Mount) {
    let p = &params().koromo;
    let hand = kinds(&view.hands[usize::from(view.drawer.0)]);
    if view.drawer == ctx.seat {
        let last = mount.slots_left(Exit::Pii) == 1;
        let mk = p.own_effective_mk + if last { p.last_tile_mk } else { 0 };
        for kind in effective(&hand) {
            light(mount, kind, mk);
        }
    } else if shanten(&hand) <= p.rival_stuck_shanten {
        for kind in effective(&hand) {
            light(mount, kind, -p.rival_effective_mk);
        }
    }
}
