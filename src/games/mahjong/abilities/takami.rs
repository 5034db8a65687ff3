//! Takami (尭深, Shiraitodai): the teacup (ハーベストタイム). She remembers her first discard of
//! every hand (at most 13 tiles, at most 4 of one identity, as libsaki keeps them); in all-last
//! the raid gives them back to her with High priority (before the four winds): each remembered
//! tile is taken from zone A — a red five falls back to a black one, a black five to the red
//! one, when A has none of it. In all-last her own draws favour the teacup's kinds she holds one
//! or two of (`need_mk`): what her hand needs to turn them into triplets. No bargain.

use super::{kinds, light, params};
use crate::dealer::{
    AbilityCtx, AbilityHooks, AbilityMemory, DiscardView, DrawView, RaidFix, RaidPriority,
};
use crate::mount::Mount;
use crate::tiles::Tile;

/// Takami's hooks.
pub static TAKAMI: AbilityHooks = AbilityHooks {
    raid: Some(raid),
    on_draw: Some(on_draw),
    on_discard: Some(on_discard),
    ..AbilityHooks::named("takami")
};

/// The teacup holds at most a starting hand.
const TEACUP: u32 = 13;

fn on_discard(ctx: &AbilityCtx, discard: &DiscardView, memory: &mut AbilityMemory) {
    let teacup = &mut memory.tiles;
    if discard.seat == ctx.seat
        && discard.nth == 1
        && teacup.total() < TEACUP
        && teacup[discard.tile] < 4
    {
        teacup[discard.tile] += 1;
    }
}

/// The other identity of a five (red for black, black for red); any other tile is itself.
fn other_five(tile: Tile) -> Tile {
    if tile.is_red() {
        tile.black()
    } else {
        tile.kind().red().unwrap_or(tile)
    }
}

fn raid(ctx: &AbilityCtx, mount: &Mount) -> Option<RaidFix> {
    if !ctx.round.all_last || ctx.memory.tiles.total() == 0 {
        return None;
    }
    let mut stock = *mount.stock_a();
    let mut take = Vec::new();
    for tile in ctx.memory.tiles.tiles() {
        let bud = if stock[tile] > 0 {
            tile
        } else {
            other_five(tile)
        };
        if stock[bud] > 0 {
            stock[bud] -= 1;
            take.push(bud);
        }
    }
    Some(RaidFix {
        priority: RaidPriority::High,
        take,
        load_b: Vec::new(),
    })
}

fn on_draw(ctx: &AbilityCtx, view: &DrawView<'_>, mount: &mut Mount) {
    if view.drawer != ctx.seat || !ctx.round.all_last {
        return;
    }
    let hand = kinds(&view.hands[usize::from(ctx.seat.0)]);
    let teacup = kinds(&ctx.memory.tiles);
    for kind in crate::tiles::TileKind::all() {
        if teacup[kind] > 0 && (1..=2).contains(&hand[kind]) {
            light(mount, kind, params().takami.need_mk);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::DealRound;
    use crate::kernel::Seat;
    use crate::mount::WallLayout;
    use crate::tiles::{TileCounts, TileSet};

    fn ctx(all_last: bool, teacup: &str) -> AbilityCtx {
        AbilityCtx {
            seat: Seat(0),
            plan: None,
            round: DealRound {
                all_last,
                ..DealRound::default()
            },
            seats: 4,
            memory: AbilityMemory {
                tiles: teacup.parse().unwrap(),
                flags: 0,
            },
        }
    }

    fn discard(seat: u8, tile: &str, nth: u16) -> DiscardView {
        DiscardView {
            seat: Seat(seat),
            tile: tile.parse().unwrap(),
            nth,
        }
    }

    #[test]
    fn she_keeps_only_her_first_discard_at_most_four_of_a_tile() {
        let me = ctx(false, "");
        let mut memory = AbilityMemory::default();
        on_discard(&me, &discard(0, "5z", 1), &mut memory);
        on_discard(&me, &discard(0, "6z", 2), &mut memory);
        on_discard(&me, &discard(1, "7z", 1), &mut memory);
        assert_eq!(memory.tiles, "5z".parse::<TileCounts>().unwrap());
        for _ in 0..5 {
            on_discard(&me, &discard(0, "5z", 1), &mut memory);
        }
        assert_eq!(memory.tiles, "5555z".parse::<TileCounts>().unwrap());
    }

    #[test]
    fn the_raid_waits_for_all_last_and_swaps_a_missing_five() {
        let mut mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        assert_eq!(raid(&ctx(false, "0p5z"), &mount), None);
        // The only red 5p is gone: her red five comes back black; the 5z as it was.
        assert!(mount.deal_tile("0p".parse().unwrap()));
        let fix = raid(&ctx(true, "0p5z"), &mount).unwrap();
        assert_eq!(fix.priority, RaidPriority::High);
        let taken: TileCounts = fix.take.into_iter().collect();
        assert_eq!(taken, "5p5z".parse::<TileCounts>().unwrap());
    }
}
