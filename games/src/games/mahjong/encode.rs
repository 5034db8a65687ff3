//! The mahjong observation both rulesets share: planes of 34 columns, one per tile kind
//! ([`PLANES`] × 34, row-major). Seats are counted from the viewer on (0 is the viewer, 1 the
//! seat after it).
//!
//! What each plane holds is [`layout`] (the book's table and `alea games --json` are made
//! from it).

use crate::tiles::{Suit, Tile, TileCounts, TileKind};
use alea::encode::{Part, parts};
use alea::kernel::Seat;

/// Planes of the observation.
pub const PLANES: usize = 20;

/// Mahjong's bounds: returns are the score change in thousands of points (riichi) or in
/// units of a capped win (sichuan, its `point_unit`); a draw in play is a chance point of the
/// mount's 74 (zone, identity) cells ([`NextDraw`](crate::mount::NextDraw)).
pub const BOUNDS: alea::encode::Bounds = alea::encode::Bounds {
    min_utility: -1_000.0,
    max_utility: 1_000.0,
    zero_sum: false,
    max_chance_outcomes: 2 * Tile::COUNT as u32,
    max_game_length: 100_000,
};

/// A finished match's measures ([`Encode::measures`](alea::encode::Encode::measures)):
/// `points` (each seat's score less `start`), and each seat's `win_rate` and `deal_in_rate`
/// (wins and discards dealt into, per hand of the match).
pub fn measures(
    scores: [i32; 4],
    start: i32,
    tally: &super::MatchTally,
) -> Vec<alea::encode::Measure> {
    let per_hand = |counts: [u32; 4]| {
        let hands = f64::from(tally.hands.max(1));
        counts.iter().map(|&c| f64::from(c) / hands).collect()
    };
    vec![
        alea::encode::Measure {
            name: "points",
            seats: scores.iter().map(|&s| f64::from(s - start)).collect(),
        },
        alea::encode::Measure {
            name: "win_rate",
            seats: per_hand(tally.wins),
        },
        alea::encode::Measure {
            name: "deal_in_rate",
            seats: per_hand(tally.deal_ins),
        },
    ]
}

/// The observation's shape.
pub fn shape() -> Vec<usize> {
    vec![PLANES, TileKind::COUNT]
}

/// What the planes hold (the table above), over the flattened indices: plane `p` is
/// `p × 34..(p + 1) × 34`, a column per tile kind (`1m..9m 1p..9p 1s..9s 1z..7z`).
pub fn layout() -> Vec<Part> {
    const W: usize = TileKind::COUNT;
    parts([
        (
            4 * W,
            "planes 0-3: the viewer's concealed tiles, at least 1, 2, 3, 4 of the kind",
        ),
        (
            W,
            "plane 4: red fives the viewer holds (at the five's column)",
        ),
        (
            4 * W,
            "planes 5-8: each seat's river from the viewer on, copies discarded / 4",
        ),
        (
            4 * W,
            "planes 9-12: each seat's melds from the viewer on, copies / 4",
        ),
        (W, "plane 13: dora indicators shown, copies / 4 (riichi)"),
        (
            W,
            "plane 14: the tile in focus (the viewer's drawn tile, or the discard open to claims)",
        ),
        (
            4 * W,
            "planes 15-18: each seat's flag across the row: riichi declared (riichi), out of the hand (sichuan)",
        ),
        (
            W,
            "plane 19: columns 0-3 each seat's score / 100 000, 4-7 the dealer one hot, 8 tiles left in the wall / 136, 9-11 the viewer's missing suit (sichuan)",
        ),
    ])
}

/// What one seat sees at a mahjong table, gathered by a ruleset for [`write_planes`].
pub struct TableView<'a> {
    /// The viewer.
    pub viewer: Seat,
    /// Its concealed tiles.
    pub hand: &'a TileCounts,
    /// Each seat's discards, by seat.
    pub rivers: [TileCounts; 4],
    /// Each seat's meld tiles, by seat.
    pub melds: [TileCounts; 4],
    /// The dora indicators shown.
    pub indicators: &'a [Tile],
    /// The tile in focus (see the table above).
    pub focus: Option<Tile>,
    /// Each seat's flag, by seat.
    pub flags: [bool; 4],
    /// Scores by seat.
    pub scores: [i32; 4],
    /// The dealer.
    pub dealer: Seat,
    /// Tiles left to draw.
    pub wall_left: u32,
    /// The viewer's missing suit (sichuan).
    pub missing: Option<Suit>,
}

/// Writes `view` into `out` (zeroed, [`PLANES`] × 34).
///
/// # Panics
/// If `out` is shorter than [`PLANES`] × 34.
pub fn write_planes(view: &TableView<'_>, out: &mut [f32]) {
    const W: usize = TileKind::COUNT;
    let (rows, _) = out.as_chunks_mut::<W>();
    let planes: &mut [[f32; W]; PLANES] = (&mut rows[..PLANES]).try_into().expect("PLANES rows");
    let relative = |seat: usize| (seat + 4 - view.viewer.index()) % 4;
    let held = view.hand.kinds().0;
    for (plane, row) in planes[..4].iter_mut().enumerate() {
        for (cell, &count) in row.iter_mut().zip(&held) {
            *cell = if usize::from(count) > plane { 1.0 } else { 0.0 };
        }
    }
    for red in Tile::ALL.into_iter().filter(|tile| tile.is_red()) {
        planes[4][red.kind().index()] = f32::from(view.hand[red]);
    }
    for seat in 0..4 {
        let k = relative(seat);
        write_quarters(&mut planes[5 + k], &view.rivers[seat]);
        write_quarters(&mut planes[9 + k], &view.melds[seat]);
        if view.flags[seat] {
            planes[15 + k].fill(1.0);
        }
        planes[19][k] = view.scores[seat] as f32 / 100_000.0;
    }
    for tile in view.indicators {
        planes[13][tile.kind().index()] += 0.25;
    }
    if let Some(tile) = view.focus {
        planes[14][tile.kind().index()] = 1.0;
    }
    planes[19][4 + relative(view.dealer.index())] = 1.0;
    planes[19][8] = view.wall_left as f32 / 136.0;
    if let Some(suit) = view.missing {
        let at = Suit::ALL
            .iter()
            .position(|&s| s == suit)
            .unwrap_or(0)
            .min(2);
        planes[19][9 + at] = 1.0;
    }
}

/// Writes each kind's copies in `counts`, over 4, into `row`.
fn write_quarters(row: &mut [f32; TileKind::COUNT], counts: &TileCounts) {
    for (cell, &count) in row.iter_mut().zip(&counts.kinds().0) {
        *cell = f32::from(count) / 4.0;
    }
}

/// Action ids of a tile (`0..37`, red fives after the 34 kinds) in the block starting at
/// `base`.
pub fn tile_id(base: u32, tile: Tile) -> u32 {
    base + tile.index() as u32
}

/// Action ids of a tile kind (`0..34`) in the block starting at `base`.
pub fn kind_id(base: u32, tile: Tile) -> u32 {
    base + tile.kind().index() as u32
}

/// A mahjong position in words: scores, the hands and melds (the rulesets' deal lines), who
/// moves.
pub fn describe<R: super::Ruleset>(sim: &alea::kernel::Sim<R>) -> String {
    let scores = super::score_line(&R::scores(sim.world()));
    let mover = match sim.turn() {
        alea::kernel::Turn::Player(seat) => format!("{seat} to move"),
        alea::kernel::Turn::Terminal => "over".to_string(),
    };
    let mut lines = vec![format!("scores {scores}, {mover}")];
    lines.extend(R::deal_lines(sim));
    lines.join("\n")
}

/// A draw's outcome in words: "the draw is 5m" ("… from the reserve" for a tile of the
/// mount's zone B; see [`NextDraw`](crate::mount::NextDraw)).
pub fn outcome_string(record: &alea::chance::ChanceRecord) -> String {
    let cell = record.outcome_id() as usize;
    match Tile::new((cell % Tile::COUNT) as u8) {
        Some(tile) if cell >= Tile::COUNT => {
            format!("{} is {tile} from the reserve", record.generator)
        }
        Some(tile) => format!("{} is {tile}", record.generator),
        None => format!("{} {}", record.generator, record.outcome_id()),
    }
}
