//! The mahjong table view both rulesets implement: [`HandTable`] for the hand in play
//! (riichi's `Kyoku`, sichuan's `Battle`) and [`MatchState`] for the match (`Match`,
//! `Standings`), with what is written once through them: the deal into a fresh hand
//! ([`deal_into`]), a draw ([`draw_into`] at a deal, [`draw_into_at_point`] in play) and what the abilities see of it ([`DrawTable`]),
//! each seat's melds, tiles and log line.

use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;
use serde::Serialize;

use crate::dealer::{DrawView, has_abilities};
use crate::mount::{Exit, draw_at_point, draw_in_world};
use crate::scoring::meld::{Meld, MeldKind};
use crate::tiles::{Tile, TileCounts, TileKind, format_tiles};
use alea::kernel::{Game, Seat, Table};
use alea::pipeline::Ctx;

/// Counts over a match, for summaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct MatchTally {
    /// Hands played.
    pub hands: u32,
    /// Wins by seat.
    pub wins: [u32; 4],
    /// Discards another seat won on, by seat.
    pub deal_ins: [u32; 4],
    /// Hands that ran out of tiles.
    pub draws: u32,
}

/// `seat` and its tiles in notation, then its melds in brackets.
pub fn seat_line(
    seat: Seat,
    concealed: &crate::tiles::TileCounts,
    melds: &[(String, Vec<crate::tiles::Tile>)],
) -> String {
    let tiles: Vec<_> = concealed.tiles().collect();
    let mut line = format!("{seat} {}", format_tiles(&tiles));
    for (kind, tiles) in melds {
        line.push_str(&format!(" [{kind} {}]", format_tiles(tiles)));
    }
    line
}

/// Scores by seat, space-separated (`25000 25000 25000 25000`).
pub fn score_line(scores: &[i32; SEATS]) -> String {
    scores.map(|s| s.to_string()).join(" ")
}

/// The tiles of a meld, as counts.
pub fn meld_tiles(meld: &Meld) -> TileCounts {
    let mut counts = TileCounts::new();
    let low = meld.low();
    let mut reds = meld.reds();
    let mut put = |kind: TileKind, counts: &mut TileCounts| match kind.red() {
        Some(red) if reds > 0 => {
            reds -= 1;
            counts[red] += 1;
        }
        _ => counts[kind.tile()] += 1,
    };
    if meld.kind() == MeldKind::Chi {
        for at in 0..3u8 {
            let kind = TileKind::new(low.index() as u8 + at).expect("a chi stays in its suit");
            put(kind, &mut counts);
        }
    } else {
        for _ in 0..meld.kind().size() {
            put(low, &mut counts);
        }
    }
    counts
}

/// The kinds of the pons and kans among `melds`, as [`DrawView::sets`] holds them.
fn set_bits<'a>(melds: impl Iterator<Item = &'a Meld>) -> u64 {
    melds
        .filter(|m| m.kind() != crate::scoring::meld::MeldKind::Chi)
        .fold(0, |bits, m| bits | 1 << m.low().index())
}

/// What the abilities' `on_draw` sees of a table, copied out of the game's state (the hooks
/// then edit the mount in the same World). Both rulesets build it the same way.
pub struct DrawTable {
    hands: [TileCounts; 4],
    turns: [u16; 4],
    sets: [u64; 4],
    riichi: [bool; 4],
}

impl DrawTable {
    /// The table from the concealed `hands`, the seat of every discard in the river, each
    /// seat's melds and riichi flags.
    pub(crate) fn new<'a, M: Iterator<Item = &'a Meld>>(
        hands: [TileCounts; 4],
        river: impl Iterator<Item = Seat>,
        melds: impl Fn(Seat) -> M,
        riichi: [bool; 4],
    ) -> DrawTable {
        let mut turns = [0u16; 4];
        for seat in river {
            turns[seat.index()] = turns[seat.index()].saturating_add(1);
        }
        let sets = std::array::from_fn(|s| set_bits(melds(Seat(s as u8))));
        DrawTable {
            hands,
            turns,
            sets,
            riichi,
        }
    }

    /// Every ability's `on_draw` before `drawer` draws from the live wall.
    pub(crate) fn before_draw(&self, world: &mut World, drawer: Seat) {
        let view = DrawView {
            drawer,
            hands: &self.hands,
            turns: &self.turns,
            sets: &self.sets,
            riichi: &self.riichi,
        };
        crate::dealer::on_draw_in_world(world, &view);
    }
}

/// Seats at a mahjong table.
const SEATS: usize = 4;

/// The hand in play as both rulesets hold it: concealed tiles, melds, the river, the tiles
/// just drawn and whose turn it is.
pub trait HandTable: Resource<Mutability = Mutable> + Default {
    /// A meld as the ruleset records it (the meld and where its tile came from).
    type MeldRecord: 'static;
    /// One discard in the river, with its seat.
    type Discard: 'static;

    /// Concealed tiles by seat.
    fn hands(&self) -> &[TileCounts; SEATS];
    /// Concealed tiles by seat, to change.
    fn hands_mut(&mut self) -> &mut [TileCounts; SEATS];
    /// The tile each seat drew last, to change.
    fn drawn_mut(&mut self) -> &mut [Option<Tile>; SEATS];
    /// Melds by seat (`meld_counts` of them are valid).
    fn meld_slots(&self) -> &[[Option<Self::MeldRecord>; 4]; SEATS];
    /// Melds per seat.
    fn meld_counts(&self) -> &[u8; SEATS];
    /// The meld of a record.
    fn meld(record: &Self::MeldRecord) -> &Meld;
    /// Every discard in order.
    fn river(&self) -> &Vec<Self::Discard>;
    /// Every discard in order, to change.
    fn river_mut(&mut self) -> &mut Vec<Self::Discard>;
    /// The seat of a discard.
    fn discarder(discard: &Self::Discard) -> Seat;
    /// Riichi declared, by seat (sichuan has none).
    fn riichi(&self) -> [bool; SEATS];
    /// `seat` is on turn after a draw (`replacement`: from the dead wall, after a kan).
    fn to_turn(&mut self, seat: Seat, replacement: bool);

    /// `seat`'s melds.
    fn melds_of(&self, seat: Seat) -> impl Iterator<Item = &Self::MeldRecord> + '_ {
        self.meld_slots()[seat.index()][..usize::from(self.meld_counts()[seat.index()])]
            .iter()
            .flatten()
    }

    /// `seat`'s melds as the scorer takes them.
    fn scoring_melds(&self, seat: Seat) -> Vec<Meld> {
        self.seat_melds(seat).to_vec()
    }

    /// [`scoring_melds`](Self::scoring_melds) on the stack (a seat has at most four melds).
    fn seat_melds(&self, seat: Seat) -> arrayvec::ArrayVec<Meld, 4> {
        self.melds_of(seat).map(|m| *Self::meld(m)).collect()
    }

    /// Every tile `seat` holds or has melded, as counts.
    fn seat_tiles(&self, seat: Seat) -> TileCounts {
        let mut all = self.hands()[seat.index()];
        for record in self.melds_of(seat) {
            all.add(&meld_tiles(Self::meld(record)));
        }
        all
    }

    /// What the abilities' `on_draw` sees of this hand.
    fn draw_table(&self) -> DrawTable {
        DrawTable::new(
            *self.hands(),
            self.river().iter().map(Self::discarder),
            |s| self.melds_of(s).map(Self::meld),
            self.riichi(),
        )
    }

    /// Each seat's concealed tiles and melds, one line each, indented.
    fn seat_lines(&self) -> Vec<String> {
        (0..SEATS as u8)
            .map(|s| {
                let melds: Vec<_> = self
                    .melds_of(Seat(s))
                    .map(|m| {
                        let tiles = meld_tiles(Self::meld(m));
                        (Self::meld(m).kind().to_string(), tiles.tiles().collect())
                    })
                    .collect();
                format!(
                    "  {}",
                    seat_line(Seat(s), &self.hands()[usize::from(s)], &melds)
                )
            })
            .collect()
    }
}

/// The field accessors of a [`HandTable`] impl, for a struct holding the fields `hands`,
/// `drawn`, `melds`, `meld_count` and `river` (both rulesets name them so), its meld record
/// type and its river's discard type.
macro_rules! hand_fields {
    ($meld:ty, $discard:ty) => {
        type MeldRecord = $meld;
        type Discard = $discard;

        fn hands(&self) -> &[$crate::tiles::TileCounts; 4] {
            &self.hands
        }

        fn hands_mut(&mut self) -> &mut [$crate::tiles::TileCounts; 4] {
            &mut self.hands
        }

        fn drawn_mut(&mut self) -> &mut [Option<$crate::tiles::Tile>; 4] {
            &mut self.drawn
        }

        fn meld_slots(&self) -> &[[Option<$meld>; 4]; 4] {
            &self.melds
        }

        fn meld_counts(&self) -> &[u8; 4] {
            &self.meld_count
        }

        fn meld(record: &$meld) -> &$crate::scoring::meld::Meld {
            &record.meld
        }

        fn river(&self) -> &Vec<$discard> {
            &self.river
        }

        fn river_mut(&mut self) -> &mut Vec<$discard> {
            &mut self.river
        }

        fn discarder(discard: &$discard) -> Seat {
            discard.0
        }
    };
}
pub(crate) use hand_fields;

/// Makes `H` a fresh hand holding `hands` (the river's buffer kept, emptied).
pub(crate) fn deal_into<H: HandTable>(world: &mut World, hands: &[TileCounts]) {
    let mut hand = world.resource_mut::<H>();
    let mut fresh = H::default();
    std::mem::swap(fresh.river_mut(), hand.river_mut());
    fresh.river_mut().clear();
    *hand = fresh;
    for (s, tiles) in hands.iter().enumerate().take(SEATS) {
        hand.hands_mut()[s] = *tiles;
    }
}

/// `seat` draws from `exit` into its hand and is on turn (the active seat of `table`), at a
/// deal: sampled from the draw stream (the deal is not made of chance points). Returns the
/// tile. Seated abilities edit the presence of a normal draw first (`on_draw`: Koromo).
pub(crate) fn draw_into<H: HandTable>(
    world: &mut World,
    table: &mut Table,
    seat: Seat,
    exit: Exit,
) -> Option<Tile> {
    before_draw::<H>(world, seat, exit);
    let tile = draw_in_world(world, exit).ok()?;
    Some(hold::<H>(world, table, seat, exit, tile))
}

/// `seat` draws from `exit` into its hand and is on turn, in play: the draw is a chance point
/// ([`draw_at_point`]), so search and the chance nodes of the registry's states list it.
/// Returns the tile.
pub(crate) fn draw_into_at_point<G: Game, H: HandTable>(
    ctx: &mut Ctx<'_, G>,
    seat: Seat,
    exit: Exit,
) -> Option<Tile> {
    before_draw::<H>(ctx.world(), seat, exit);
    let tile = draw_at_point(ctx, exit).ok()?;
    let (world, table) = ctx.world_and_table();
    Some(hold::<H>(world, table, seat, exit, tile))
}

/// Every seated ability's `on_draw` before `seat` draws from the live wall.
fn before_draw<H: HandTable>(world: &mut World, seat: Seat, exit: Exit) {
    if exit == Exit::Pii && has_abilities(world) {
        let view = world.resource::<H>().draw_table();
        view.before_draw(world, seat);
    }
}

/// `seat` holds `tile`, just drawn from `exit`, and is on turn.
fn hold<H: HandTable>(
    world: &mut World,
    table: &mut Table,
    seat: Seat,
    exit: Exit,
    tile: Tile,
) -> Tile {
    let mut hand = world.resource_mut::<H>();
    hand.hands_mut()[seat.index()][tile] += 1;
    hand.drawn_mut()[seat.index()] = Some(tile);
    hand.to_turn(seat, exit == Exit::Rinshan);
    table.active = seat;
    tile
}

/// Where a match stands, as both rulesets count it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchStanding {
    /// Scores by seat.
    pub scores: [i32; SEATS],
    /// Hands dealt so far (keys each hand's random streams).
    pub dealt: u32,
    /// The counts over the match.
    pub tally: MatchTally,
    /// True once the match is over.
    pub over: bool,
}

/// The match as a ruleset holds it (riichi's `Match`, sichuan's `Standings`).
pub trait MatchState: Resource {
    /// Where it stands.
    fn standing(&self) -> MatchStanding;
}
