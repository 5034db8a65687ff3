//! Takami (尭深, Shiraitodai): the teacup (ハーベストタイム). She remembers her first discard of
//! every hand (at most 13 tiles, at most 4 of one identity, as libsaki keeps them); in all-last
//! the raid gives them back to her with High priority (before the four winds): each remembered
//! tile is taken from zone A — a red five falls back to a black one, a black five to the red
//! one, when A has none of it. No bargain. alea's addition (libsaki's Takami has no draw hook):
//! in all-last her own draws favour the teacup's kinds she holds one or two of (`need_mk`),
//! what her hand needs to turn them into triplets.
//!
//! Her AI hook ([`teacup_discard`], libsaki's): before all-last, her first discard of a hand is
//! the one the teacup wants back most — an honor scores 1, a dragon 1 more, and a dragon 1 more
//! for each copy short of a triplet in the teacup — whoever plays her seat.

use super::{kinds, light, params};
use crate::dealer::{
    AbilityCtx, AbilityHooks, AbilityMemory, DiscardView, DrawView, RaidFix, RaidPriority,
};
use crate::mount::Mount;
use crate::tiles::{Tile, TileCounts};

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

/// Takami's first discard of a hand before all-last, among `candidates` (in their order; put
/// the drawn tile first, as libsaki does): the highest score (see the module), the first on a
/// tie; `None` when none scores (her player decides).
pub fn teacup_discard(
    teacup: &TileCounts,
    candidates: impl IntoIterator<Item = Tile>,
) -> Option<Tile> {
    let mut best: Option<(u8, Tile)> = None;
    for tile in candidates {
        let kind = tile.kind();
        let dragon = kind.index() >= 31;
        let need = if dragon {
            3u8.saturating_sub(teacup.of_kind(kind))
        } else {
            0
        };
        let score = u8::from(kind.is_honor()) + u8::from(dragon) + need;
        if score > best.map_or(0, |(s, _)| s) {
            best = Some((score, tile));
        }
    }
    best.map(|(_, tile)| tile)
}

/// Takami's choice at `seat`'s turn when she sits there: her first discard of a hand before
/// all-last ([`teacup_discard`] among the legal `discards`); `None` otherwise.
pub fn takami_choice(
    world: &bevy_ecs::world::World,
    seat: alea::kernel::Seat,
    discarded: bool,
    discards: impl IntoIterator<Item = Tile>,
) -> Option<Tile> {
    if discarded || world.get_resource::<crate::dealer::DealRound>()?.all_last {
        return None;
    }
    let memory = crate::dealer::memory_of(world, seat, &TAKAMI)?;
    teacup_discard(&memory.tiles, discards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::{DealRound, DrawView};
    use crate::mount::WallLayout;
    use crate::tiles::TileSet;
    use alea::kernel::Seat;

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
        // Every black 5s gone: her black 5s comes back red.
        for _ in 0..3 {
            assert!(mount.deal_tile("5s".parse().unwrap()));
        }
        let fix = raid(&ctx(true, "5s"), &mount).unwrap();
        assert_eq!(fix.take, vec!["0s".parse::<Tile>().unwrap()]);
    }

    #[test]
    fn in_all_last_her_draws_favour_the_teacup_kinds_she_half_holds() {
        let mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let mut hands = [TileCounts::new(); 4];
        hands[0] = "123m456p789s5z6z".parse().unwrap();
        let view = DrawView {
            drawer: Seat(0),
            hands: &hands,
            turns: &[0; 4],
            sets: &[0; 4],
            riichi: &[false; 4],
        };
        let plain = mount.probabilities(crate::mount::Exit::Pii).unwrap();
        for (all_last, more) in [(true, true), (false, false)] {
            let mut bent = mount.clone();
            on_draw(&ctx(all_last, "55z7z"), &view, &mut bent);
            let odds = bent.probabilities(crate::mount::Exit::Pii).unwrap();
            let white = "5z".parse().unwrap();
            assert_eq!(odds.probability(white) > plain.probability(white), more);
            // 6z is not in the teacup, 7z is not in her hand: unchanged relative to each other.
            let (six, seven) = ("6z".parse().unwrap(), "7z".parse().unwrap());
            assert_eq!(odds.probability(six), odds.probability(seven));
        }
    }
}

#[cfg(test)]
mod ai_tests {
    use super::*;

    fn tiles(text: &str) -> Vec<Tile> {
        crate::tiles::parse_tiles(text).unwrap()
    }

    #[test]
    fn her_first_discard_is_what_the_teacup_wants_back() {
        let empty = TileCounts::new();
        // A dragon (1 + 1 + 3) before a wind (1) before anything suited (0).
        assert_eq!(
            teacup_discard(&empty, tiles("19m1z6z")),
            Some("6z".parse().unwrap())
        );
        // Two white dragons already in the teacup: the green one is wanted more.
        let teacup: TileCounts = "55z".parse().unwrap();
        assert_eq!(
            teacup_discard(&teacup, tiles("5z6z")),
            Some("6z".parse().unwrap())
        );
        assert_eq!(teacup_discard(&empty, tiles("19m55p")), None);
    }
}
