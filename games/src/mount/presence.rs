//! The draw rule: presence per identity from the stock and one slot's deltas, and
//! the exact weight of every (zone, identity) for the next tile out of that slot.
//!
//! Presence of a kind in a zone = base × copies + the kind's delta (base 10 mk in A, 0 in B).
//! A five's presence is shared by its red and black copies in proportion to the copies, and a
//! delta that names the red five adds to the red copies only. Weights are kept as exact integers:
//! presences are multiplied by [`SCALE`] = 12, so every share `presence × copies / n` (n ≤ 4
//! copies of a kind) is whole.

use rand::{Rng, RngExt};

use super::MountZone;
use crate::tiles::{MAX_COPIES, Tile, TileCounts, TileKind};

/// Base presence of one copy in zone A, in mk (1000 mk = 1 k).
pub const BASE_MK_A: i32 = 10;

/// lcm(1, 2, 3, 4): makes every share of a kind's presence among up to 4 copies an integer.
const SCALE: i64 = 12;

/// One slot's presence deltas in mk, per zone, indexed like [`Tile`]: a black tile's index
/// holds its kind's delta, a red five's index the delta named on the red five.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deltas {
    mk: [[i32; Tile::COUNT]; 2],
    /// Per zone, a bit for each kind that has a delta (on the kind or on its red five).
    touched: [u64; 2],
}

impl Deltas {
    pub(crate) const ZERO: Deltas = Deltas {
        mk: [[0; Tile::COUNT]; 2],
        touched: [0; 2],
    };

    /// Adds `mk` for `tile` (a black tile names its kind) in `zone`.
    #[inline]
    pub(crate) fn add(&mut self, zone: MountZone, tile: Tile, mk: i32) {
        let zone = zone.index();
        self.mk[zone][tile.index()] = self.mk[zone][tile.index()].saturating_add(mk);
        self.touched[zone] |= 1 << tile.kind().index();
    }
}

/// Presence deltas in mk for dealing one seat's starting hand from zone A (libsaki's per-seat
/// `Exist` of the monkey stage): like [`Mount::inc_mk`](super::Mount::inc_mk), a black tile
/// names its kind (a five's red and black copies share it by count) and a red five names the red
/// copies only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Presence {
    mk: [i32; Tile::COUNT],
    touched: u64,
}

impl Default for Presence {
    fn default() -> Self {
        Presence::NONE
    }
}

impl Presence {
    /// No deltas: dealing is uniform by count.
    pub const NONE: Presence = Presence {
        mk: [0; Tile::COUNT],
        touched: 0,
    };

    /// Adds `mk` for `tile` (a black tile names its kind).
    pub fn inc(&mut self, tile: Tile, mk: i32) {
        self.mk[tile.index()] = self.mk[tile.index()].saturating_add(mk);
        self.touched |= 1 << tile.kind().index();
    }

    /// The delta named on `tile`.
    pub fn get(&self, tile: Tile) -> i32 {
        self.mk[tile.index()]
    }

    /// True when no delta was added.
    pub fn is_none(&self) -> bool {
        self.touched == 0
    }

    /// The same deltas as a slot's, in zone A.
    pub(crate) fn deltas(&self) -> Deltas {
        Deltas {
            mk: [self.mk, [0; Tile::COUNT]],
            touched: [self.touched, 0],
        }
    }
}

/// `SCALE / n` for a kind with `n` copies in a zone (index 0 unused).
const SHARE: [i64; MAX_COPIES as usize + 1] = [0, 12, 6, 4, 3];

/// For each kind, the index of its red five, or 0 for kinds without one.
const RED_OF: [usize; TileKind::COUNT] = {
    let mut red = [0; TileKind::COUNT];
    let mut kind = 0;
    while kind < TileKind::COUNT {
        if let Some(tile) = TileKind::new(kind as u8).unwrap().red() {
            red[kind] = tile.index();
        }
        kind += 1;
    }
    red
};

/// The copies of each kind in `counts`, and the kind's presence (base × copies + delta).
fn kind_presence(
    counts: &TileCounts,
    base: i64,
    delta: &[i32; Tile::COUNT],
    kind: usize,
) -> (u8, i64) {
    let red = RED_OF[kind];
    let copies = counts.0[kind] + if red > 0 { counts.0[red] } else { 0 };
    debug_assert!(copies <= MAX_COPIES, "tile sets hold at most 4 of a kind");
    (copies, base * i64::from(copies) + i64::from(delta[kind]))
}

/// Writes the positive part of the scaled presence weight of every identity of one zone into
/// `cells` (0 for identities not in it): a kind's presence shared among its copies, plus the red
/// five's own delta on red copies. Without deltas that is `SCALE × base` per copy, so only the
/// kinds in `touched` are worked out in full.
fn zone_weights(
    counts: &TileCounts,
    base: i64,
    delta: &[i32; Tile::COUNT],
    touched: u64,
    cells: &mut [u64; Tile::COUNT],
) {
    let per_copy = (SCALE * base) as u64;
    for (cell, &copies) in cells.iter_mut().zip(&counts.0) {
        *cell = per_copy * u64::from(copies);
    }
    let mut kinds = touched;
    while kinds != 0 {
        let kind = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        touched_kind_weights(counts, base, delta, kind, cells);
    }
}

/// The cells of one kind with deltas (its black and red identities).
#[inline]
fn touched_kind_weights(
    counts: &TileCounts,
    base: i64,
    delta: &[i32; Tile::COUNT],
    kind: usize,
    cells: &mut [u64; Tile::COUNT],
) {
    let (copies, presence) = kind_presence(counts, base, delta, kind);
    let red = RED_OF[kind];
    if copies == 0 {
        cells[kind] = 0;
        if red > 0 {
            cells[red] = 0;
        }
        return;
    }
    let share = SHARE[usize::from(copies)];
    cells[kind] = (presence * i64::from(counts.0[kind]) * share).max(0) as u64;
    if red > 0 {
        let weight = if counts.0[red] > 0 {
            presence * i64::from(counts.0[red]) * share + SCALE * i64::from(delta[red])
        } else {
            0
        };
        cells[red] = weight.max(0) as u64;
    }
}

/// The weights of dealing a starting hand from zone A with one seat's [`Presence`], kept up to
/// date one kind at a time as copies leave A (a kind's weight depends only on its own copies).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HandFill {
    cells: [u64; Tile::COUNT],
}

impl HandFill {
    /// The weights for zone A holding `a`.
    pub(crate) fn new(a: &TileCounts, presence: &Presence) -> HandFill {
        let mut cells = [0; Tile::COUNT];
        zone_weights(
            a,
            i64::from(BASE_MK_A),
            &presence.mk,
            presence.touched,
            &mut cells,
        );
        HandFill { cells }
    }

    /// Updates the cells of `kind` after A changed there.
    #[inline]
    pub(crate) fn update(&mut self, a: &TileCounts, presence: &Presence, kind: TileKind) {
        let k = kind.index();
        if presence.touched & (1 << k) != 0 {
            touched_kind_weights(a, i64::from(BASE_MK_A), &presence.mk, k, &mut self.cells);
        } else {
            let per_copy = (SCALE * i64::from(BASE_MK_A)) as u64;
            self.cells[k] = per_copy * u64::from(a.0[k]);
            let red = RED_OF[k];
            if red > 0 {
                self.cells[red] = per_copy * u64::from(a.0[red]);
            }
        }
    }

    /// A copy by weight, or `None` when no weight is positive (the maximum rule then decides).
    #[inline]
    pub(crate) fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Tile> {
        let total: u64 = self.cells.iter().sum();
        if total == 0 {
            return None;
        }
        let point = rng.random_range(0..total);
        let mut running = 0;
        let mut index = 0;
        for (i, &w) in self.cells.iter().enumerate() {
            running += w;
            if point < running {
                index = i;
                break;
            }
        }
        Tile::new(index as u8)
    }
}

/// The presence compared in the maximum step, for every identity in the zone (`None` if
/// absent): the kind's presence, plus the red five's own delta for red copies.
fn zone_levels(
    counts: &TileCounts,
    base: i64,
    delta: &[i32; Tile::COUNT],
) -> [Option<i64>; Tile::COUNT] {
    let mut level = [None; Tile::COUNT];
    for kind in 0..TileKind::COUNT {
        let (_, presence) = kind_presence(counts, base, delta, kind);
        if counts.0[kind] > 0 {
            level[kind] = Some(presence);
        }
        let red = RED_OF[kind];
        if red > 0 && counts.0[red] > 0 {
            level[red] = Some(presence + i64::from(delta[red]));
        }
    }
    level
}

/// One cell per (zone, identity): cell `zone × 37 + tile index`.
pub(crate) const CELLS: usize = 2 * Tile::COUNT;

/// The exact weight of each (zone, identity) for one draw, as running totals over the cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    cumulative: [u64; CELLS],
}

impl Weights {
    /// Applies the rule to the stock `zones` (A, B) and a slot's `deltas`:
    /// - identities with stock in a zone take part in it;
    /// - if any take part with positive presence (in either zone), draw among the positives by
    ///   weight — the zone with probability sumA / (sumA + sumB), then the tile by weight;
    /// - otherwise take the maximum presence: zone A if its maximum beats B's, ties to B; within
    ///   that zone every copy at the maximum is equally likely.
    ///
    /// `None` when both zones are empty.
    #[inline]
    pub(crate) fn new(zones: &[TileCounts; 2], deltas: &Deltas) -> Option<Weights> {
        let mut weights = Weights {
            cumulative: [0; CELLS],
        };
        let (a_cells, b_cells) = weights.cumulative.split_at_mut(Tile::COUNT);
        for (zone, cells) in [(MountZone::A, a_cells), (MountZone::B, b_cells)] {
            let base = if zone == MountZone::A { BASE_MK_A } else { 0 };
            zone_weights(
                &zones[zone.index()],
                i64::from(base),
                &deltas.mk[zone.index()],
                deltas.touched[zone.index()],
                cells.try_into().expect("37 cells per zone"),
            );
        }
        if weights.cumulative.iter().all(|&w| w == 0) {
            weights.cumulative = Self::maximum_step(zones, deltas)?;
        }
        let mut total = 0;
        for cell in &mut weights.cumulative {
            total += *cell;
            *cell = total;
        }
        Some(weights)
    }

    /// The cells when no presence is positive: the copies at the maximum presence of the zone
    /// that wins it (A only when strictly higher than B).
    fn maximum_step(zones: &[TileCounts; 2], deltas: &Deltas) -> Option<[u64; CELLS]> {
        let a = zone_levels(&zones[0], i64::from(BASE_MK_A), &deltas.mk[0]);
        let b = zone_levels(&zones[1], 0, &deltas.mk[1]);
        let (max_a, max_b) = (a.iter().flatten().max(), b.iter().flatten().max());
        let (zone, levels, max) = match (max_a, max_b) {
            (None, None) => return None,
            (Some(&a_max), Some(&b_max)) if a_max > b_max => (MountZone::A, &a, a_max),
            (Some(&a_max), None) => (MountZone::A, &a, a_max),
            (_, Some(&b_max)) => (MountZone::B, &b, b_max),
        };
        let mut cells = [0; CELLS];
        let counts = &zones[zone.index()];
        for (index, level) in levels.iter().enumerate() {
            if *level == Some(max) {
                cells[zone.index() * Tile::COUNT + index] = u64::from(counts.0[index]);
            }
        }
        Some(cells)
    }

    fn total(&self) -> u64 {
        self.cumulative[CELLS - 1]
    }

    /// Draws one (zone, identity) by weight.
    #[inline]
    pub(crate) fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> (MountZone, Tile) {
        let point = rng.random_range(0..self.total());
        let cell = self.cumulative.partition_point(|&c| c <= point);
        let zone = if cell < Tile::COUNT {
            MountZone::A
        } else {
            MountZone::B
        };
        let tile = Tile::new((cell % Tile::COUNT) as u8).expect("37 identities");
        (zone, tile)
    }

    /// The weight of cell `at` (zone A's identities first, then zone B's).
    pub(crate) fn cell(&self, at: usize) -> u64 {
        self.cumulative[at] - if at == 0 { 0 } else { self.cumulative[at - 1] }
    }

    /// The same weights merged over both zones.
    pub(crate) fn odds(&self) -> Odds {
        Odds {
            weights: std::array::from_fn(|i| self.cell(i) + self.cell(Tile::COUNT + i)),
            total: self.total(),
        }
    }
}

/// Draws one copy uniformly from `counts` (whose total is `total > 0`).
///
/// Without data-dependent branches (a draw's position is random, so branches would mispredict):
/// the copy's group of eight identities is the number of groups whose running total does not
/// pass the random point, and likewise the identity within the group.
#[inline]
pub(crate) fn sample_copy<R: Rng + ?Sized>(counts: &TileCounts, total: u32, rng: &mut R) -> Tile {
    copy_at(counts, rng.random_range(0..total))
}

/// The identity of copy number `point` when the copies are laid out in identity order.
#[inline]
fn copy_at(counts: &TileCounts, point: u32) -> Tile {
    let (mut group, mut before, mut running) = (0, 0, 0);
    for chunk in counts.0.chunks(8) {
        let sum: u32 = chunk.iter().map(|&c| u32::from(c)).sum();
        running += sum;
        let passed = u32::from(running <= point);
        group += passed as usize;
        before += passed * sum;
    }
    let left = point - before;
    let (mut index, mut running) = (group * 8, 0);
    for &c in &counts.0[group * 8..(group * 8 + 8).min(Tile::COUNT)] {
        running += u32::from(c);
        index += usize::from(running <= left);
    }
    Tile::new(index as u8).expect("the point is below the total")
}

/// The exact distribution of the next tile out of an exit: P(tile) = `weight(tile) / total()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    weights: [u64; Tile::COUNT],
    total: u64,
}

impl Odds {
    /// A certain outcome (a collapsed slot).
    pub(crate) fn certain(tile: Tile) -> Odds {
        let mut weights = [0; Tile::COUNT];
        weights[tile.index()] = 1;
        Odds { weights, total: 1 }
    }

    /// The odds of drawing one of `counts`' copies uniformly.
    pub(crate) fn by_count(counts: &TileCounts) -> Odds {
        let weights = std::array::from_fn(|i| u64::from(counts.0[i]));
        Odds {
            weights,
            total: weights.iter().sum::<u64>().max(1),
        }
    }

    /// The probability of `tile` (red and black fives apart).
    pub fn probability(&self, tile: Tile) -> f64 {
        self.weights[tile.index()] as f64 / self.total as f64
    }

    /// `tile`'s integer weight: the probability is exactly `weight / total`.
    pub fn weight(&self, tile: Tile) -> u64 {
        self.weights[tile.index()]
    }

    /// The sum of the weights (at least 1).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The tiles that can come out and their probabilities, in tile order.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, f64)> + '_ {
        Tile::ALL
            .into_iter()
            .filter(|t| self.weight(*t) > 0)
            .map(|t| (t, self.probability(t)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(text: &str) -> Tile {
        text.parse().unwrap()
    }

    fn zones(a: &str, b: &str) -> [TileCounts; 2] {
        [a.parse().unwrap(), b.parse().unwrap()]
    }

    fn deltas(edits: &[(MountZone, &str, i32)]) -> Deltas {
        let mut d = Deltas::ZERO;
        for &(zone, t, mk) in edits {
            d.add(zone, tile(t), mk);
        }
        d
    }

    #[test]
    fn copy_at_lays_copies_out_in_identity_order() {
        for text in [
            "1m",
            "19m19p19s1234567z",
            "0s",
            "5550p99s",
            "11112222333344445555m",
        ] {
            let counts: TileCounts = text.parse().unwrap();
            let mut expected: Vec<Tile> = counts.tiles().collect();
            expected.sort_by_key(|t| t.index());
            let laid_out: Vec<Tile> = (0..counts.total()).map(|p| copy_at(&counts, p)).collect();
            assert_eq!(laid_out, expected, "{text}");
        }
        let full = *crate::tiles::TileSet::riichi(true).counts();
        let mut expected: Vec<Tile> = full.tiles().collect();
        expected.sort_by_key(|t| t.index());
        let laid_out: Vec<Tile> = (0..136).map(|p| copy_at(&full, p)).collect();
        assert_eq!(laid_out, expected);
    }

    #[test]
    fn no_deltas_is_uniform_by_count_from_a_then_b() {
        let odds = Weights::new(&zones("788999p", "1z"), &Deltas::ZERO)
            .unwrap()
            .odds();
        assert_eq!(
            (odds.weight(tile("7p")) * 6, odds.total()),
            (odds.total(), 720)
        );
        assert_eq!(odds.weight(tile("1z")), 0);
        // A empty: B by count (every B identity ties at presence 0).
        let odds = Weights::new(&zones("", "1z22z"), &Deltas::ZERO)
            .unwrap()
            .odds();
        assert_eq!((odds.weight(tile("2z")), odds.total()), (2, 3));
        assert!(Weights::new(&zones("", ""), &Deltas::ZERO).is_none());
    }

    #[test]
    fn a_five_shares_its_presence_by_count_and_the_red_delta_is_its_own() {
        let stock = zones("5550p", "");
        let lit = Weights::new(&stock, &deltas(&[(MountZone::A, "5p", 1000)]))
            .unwrap()
            .odds();
        assert_eq!(lit.weight(tile("5p")), 3 * lit.weight(tile("0p")));
        let red = Weights::new(&stock, &deltas(&[(MountZone::A, "0p", 40)]))
            .unwrap()
            .odds();
        // Kind 5p: 40 mk shared 30 / 10; the red gets +40 more: 30 : 50.
        assert_eq!(red.probability(tile("0p")), 50.0 / 80.0);
    }

    #[test]
    fn maximum_step_prefers_a_only_when_strictly_higher() {
        // Everything non-positive: A at 10 - 20 = -10, B at 0 -> B wins.
        let stock = zones("7p", "9p");
        let odds = Weights::new(&stock, &deltas(&[(MountZone::A, "7p", -20)]))
            .unwrap()
            .odds();
        assert_eq!(odds.probability(tile("9p")), 1.0);
        // A at exactly 0 ties B at 0 -> B.
        let odds = Weights::new(&stock, &deltas(&[(MountZone::A, "7p", -10)]))
            .unwrap()
            .odds();
        assert_eq!(odds.probability(tile("9p")), 1.0);
        // B pushed below A -> A's maximum; among A's ties every copy counts.
        let stock = zones("7p88p", "9p");
        let odds = Weights::new(
            &stock,
            &deltas(&[
                (MountZone::A, "7p", -20),
                (MountZone::A, "8p", -30),
                (MountZone::B, "9p", -50),
            ]),
        )
        .unwrap()
        .odds();
        assert_eq!((odds.weight(tile("7p")), odds.weight(tile("8p"))), (1, 2));
    }
}
