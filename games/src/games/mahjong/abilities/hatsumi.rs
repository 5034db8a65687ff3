//! Hatsumi (初美, Eisui): the four winds (裏鬼門), only at the north seat. The raid takes an East
//! pair and a North pair into her hand (Low priority: after the teacup) and loads the South and
//! West triplets into zone B; she bargains one plan, `Any` on East and North (those zone A still
//! holds; libsaki keeps the claim, and its whole bargain then fails); rivals must not start
//! with an East or a North pair (perseverance 100). In play a rival's normal draw (libsaki bends
//! replacement draws too) disfavours the winds it holds or has called (`rival_held_mk`) and
//! favours the others
//! (`rival_free_mk`, `rival_riichi_mk` once its riichi stands): floating winds, never pairs.
//! Her own draws, once she has two pons or kans (libsaki counts chis too) among them East and
//! North and fewer than five
//! South/West tiles (up to three of each counted), pull South and West out of zone B
//! (`pull_mk` in B, `push_mk` on everything else); with three East (or North) in hand after two
//! pons or kans, the fourth is favoured (`kan_mk`) for a closed kan.

use super::{kinds, params};
use crate::dealer::{
    AbilityCtx, AbilityHooks, BargainHooks, Claim, DrawView, RaidFix, RaidPriority, TableView,
};
use crate::mount::Mount;
use crate::tiles::{TileCounts, TileKind};
use alea::kernel::Seat;

/// Hatsumi's hooks.
pub static HATSUMI: AbilityHooks = AbilityHooks {
    raid: Some(raid),
    bargain: Some(BargainHooks {
        plans: |ctx| u16::from(at_north(ctx)),
        claim,
        describe: |_, _| "east and north".into(),
        on_bargained: |_, _| {},
    }),
    check_init: Some(check_init),
    on_draw: Some(on_draw),
    ..AbilityHooks::named("hatsumi")
};

const EAST: TileKind = TileKind::wind(0);
const SOUTH: TileKind = TileKind::wind(1);
const WEST: TileKind = TileKind::wind(2);
const NORTH: TileKind = TileKind::wind(3);

fn at_north(ctx: &AbilityCtx) -> bool {
    ctx.seat_wind() == NORTH
}

fn raid(ctx: &AbilityCtx, _: &Mount) -> Option<RaidFix> {
    at_north(ctx).then(|| RaidFix {
        priority: RaidPriority::Low,
        take: [EAST, EAST, NORTH, NORTH].map(TileKind::tile).to_vec(),
        load_b: vec![(SOUTH.tile(), 3), (WEST.tile(), 3)],
    })
}

fn claim(_: &AbilityCtx, mount: &Mount, _: u16, kind: TileKind) -> Claim {
    if (kind == EAST || kind == NORTH) && mount.remain_a(kind.tile()) > 0 {
        Claim::Any
    } else {
        Claim::None
    }
}

fn check_init(
    ctx: &AbilityCtx,
    seat: Seat,
    hand: &TileCounts,
    iter: u32,
    _: &TableView<'_>,
) -> bool {
    seat == ctx.seat
        || iter > params().hatsumi.perseverance
        || !at_north(ctx)
        || (hand.of_kind(EAST) <= 1 && hand.of_kind(NORTH) <= 1)
}

fn on_draw(ctx: &AbilityCtx, view: &DrawView<'_>, mount: &mut Mount) {
    if !at_north(ctx) {
        return;
    }
    let p = &params().hatsumi;
    let hand = kinds(&view.hands[usize::from(view.drawer.0)]);
    if view.drawer != ctx.seat {
        let free = if view.in_riichi(view.drawer) {
            p.rival_riichi_mk
        } else {
            p.rival_free_mk
        };
        for kind in [EAST, SOUTH, WEST, NORTH] {
            let held = hand[kind] >= 1 || view.has_set(view.drawer, kind);
            let mk = if held { p.rival_held_mk } else { free };
            let _ = mount.light_a(kind.tile(), mk);
        }
        return;
    }
    // libsaki counts every meld here (chis too); a DrawView shows pons and kans only.
    let sets = view.sets.get(usize::from(ctx.seat.0)).copied().unwrap_or(0);
    if sets.count_ones() < 2 {
        return;
    }
    let south_west = hand[SOUTH].min(3) + hand[WEST].min(3);
    if view.has_set(ctx.seat, EAST) && view.has_set(ctx.seat, NORTH) && south_west < 5 {
        for kind in TileKind::all() {
            let _ = mount.light_a(kind.tile(), p.push_mk);
            let b = if kind == SOUTH || kind == WEST {
                p.pull_mk
            } else {
                p.push_mk
            };
            let _ = mount.light_b(kind.tile(), b);
        }
    } else if hand[EAST] == 3 {
        let _ = mount.light_a(EAST.tile(), p.kan_mk);
    } else if hand[NORTH] == 3 {
        let _ = mount.light_a(NORTH.tile(), p.kan_mk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::{AbilityMemory, DealRound};
    use crate::mount::{Exit, WallLayout};
    use crate::tiles::TileSet;

    /// Hatsumi at seat 3 with seat `dealer` dealing.
    fn ctx(dealer: u8) -> AbilityCtx {
        AbilityCtx {
            seat: Seat(3),
            plan: None,
            round: DealRound {
                dealer: Seat(dealer),
                ..DealRound::default()
            },
            seats: 4,
            memory: AbilityMemory::default(),
        }
    }

    #[test]
    fn only_the_north_seat_raids_and_bargains() {
        let mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let fix = raid(&ctx(0), &mount).unwrap();
        assert_eq!(fix.priority, RaidPriority::Low);
        assert_eq!(fix.take.len(), 4);
        for dealer in 1..4 {
            assert_eq!(raid(&ctx(dealer), &mount), None);
            assert_eq!((HATSUMI.bargain.unwrap().plans)(&ctx(dealer)), 0);
        }
        assert_eq!(claim(&ctx(0), &mount, 0, EAST), Claim::Any);
        assert_eq!(claim(&ctx(0), &mount, 0, SOUTH), Claim::None);
    }

    #[test]
    fn a_rival_draws_the_winds_it_neither_holds_nor_called() {
        let mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let mut hands = [TileCounts::new(); 4];
        hands[1] = "123m456p789s3z".parse().unwrap();
        // Seat 1 holds a West and has called a pon of East; South and North are free.
        let sets = [0, 1 << EAST.index(), 0, 0];
        let view = DrawView {
            drawer: Seat(1),
            hands: &hands,
            turns: &[0; 4],
            sets: &sets,
            riichi: &[false; 4],
        };
        let mut bent = mount.clone();
        on_draw(&ctx(0), &view, &mut bent);
        let (plain, odds) = (
            mount.probabilities(Exit::Pii).unwrap(),
            bent.probabilities(Exit::Pii).unwrap(),
        );
        for (kind, more) in [(EAST, false), (SOUTH, true), (WEST, false), (NORTH, true)] {
            let (p, q) = (
                plain.probability(kind.tile()),
                odds.probability(kind.tile()),
            );
            assert_eq!(q > p, more, "{kind:?}: {p} -> {q}");
        }
    }

    #[test]
    fn with_east_and_north_melded_her_draw_comes_from_zone_b() {
        let mut mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        mount.load_b(SOUTH.tile(), 3).unwrap();
        mount.load_b(WEST.tile(), 3).unwrap();
        let mut all = [TileCounts::new(); 4];
        all[3] = "123m45p2z".parse().unwrap();
        let sets = [0, 0, 0, 1 << EAST.index() | 1 << NORTH.index()];
        let view = DrawView {
            drawer: Seat(3),
            hands: &all,
            turns: &[0; 4],
            sets: &sets,
            riichi: &[false; 4],
        };
        let mut pulled = mount.clone();
        on_draw(&ctx(0), &view, &mut pulled);
        let odds = pulled.probabilities(Exit::Pii).unwrap();
        let sw = odds.probability(SOUTH.tile()) + odds.probability(WEST.tile());
        assert_eq!(sw, 1.0, "only B's South and West have positive presence");
        // Five South/West tiles in hand: no pull.
        let mut five = all;
        five[3] = "123m22233z".parse().unwrap();
        let view = DrawView {
            hands: &five,
            ..view
        };
        let mut plain = mount.clone();
        on_draw(&ctx(0), &view, &mut plain);
        assert_eq!(plain, mount);
    }
}
