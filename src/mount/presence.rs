//! The draw rule (DESIGN §7): presence per identity from the stock and one slot's deltas, and
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
pub(crate) struct Deltas(pub(crate) [[i32; Tile::COUNT]; 2]);

impl Deltas {
    pub(crate) const ZERO: Deltas = Deltas([[0; Tile::COUNT]; 2]);
}

/// Presence of every identity of one zone, for the two steps of the rule.
struct ZonePresence {
    /// Scaled weight if positive (the positive step).
    weight: [i64; Tile::COUNT],
    /// The presence compared in the maximum step; `i64::MIN` for identities not in the zone.
    level: [i64; Tile::COUNT],
}

impl ZonePresence {
    fn new(counts: &TileCounts, base: i64, delta: &[i32; Tile::COUNT]) -> ZonePresence {
        let mut zone = ZonePresence {
            weight: [0; Tile::COUNT],
            level: [i64::MIN; Tile::COUNT],
        };
        for kind in TileKind::all() {
            let copies = counts.of_kind(kind);
            if copies == 0 {
                continue;
            }
            debug_assert!(copies <= MAX_COPIES, "tile sets hold at most 4 of a kind");
            let presence = base * i64::from(copies) + i64::from(delta[kind.index()]);
            let share = SCALE / i64::from(copies);
            let black = kind.tile();
            if counts[black] > 0 {
                zone.weight[black.index()] = presence * i64::from(counts[black]) * share;
                zone.level[black.index()] = presence;
            }
            if let Some(red) = kind.red().filter(|&r| counts[r] > 0) {
                let named = i64::from(delta[red.index()]);
                zone.weight[red.index()] =
                    presence * i64::from(counts[red]) * share + SCALE * named;
                zone.level[red.index()] = presence + named;
            }
        }
        zone
    }

    fn positive_total(&self) -> u64 {
        self.weight.iter().map(|&w| w.max(0) as u64).sum()
    }

    fn max_level(&self) -> i64 {
        self.level.iter().copied().max().unwrap_or(i64::MIN)
    }
}

/// The exact weight of each (zone, identity) for one draw.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    per_zone: [[u64; Tile::COUNT]; 2],
    total: u64,
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
    pub(crate) fn new(zones: &[TileCounts; 2], deltas: &Deltas) -> Option<Weights> {
        let a = ZonePresence::new(&zones[0], i64::from(BASE_MK_A), &deltas.0[0]);
        let b = ZonePresence::new(&zones[1], 0, &deltas.0[1]);
        let mut weights = Weights {
            per_zone: [[0; Tile::COUNT]; 2],
            total: a.positive_total() + b.positive_total(),
        };
        if weights.total > 0 {
            for (out, zone) in weights.per_zone.iter_mut().zip([&a, &b]) {
                for (w, &p) in out.iter_mut().zip(&zone.weight) {
                    *w = p.max(0) as u64;
                }
            }
            return Some(weights);
        }
        let (max_a, max_b) = (a.max_level(), b.max_level());
        if max_a == i64::MIN && max_b == i64::MIN {
            return None;
        }
        let (zone, presence, max) = if max_a > max_b {
            (MountZone::A, &a, max_a)
        } else {
            (MountZone::B, &b, max_b)
        };
        let counts = &zones[zone.index()];
        for tile in Tile::ALL {
            if presence.level[tile.index()] == max {
                weights.per_zone[zone.index()][tile.index()] = u64::from(counts[tile]);
                weights.total += u64::from(counts[tile]);
            }
        }
        Some(weights)
    }

    /// Draws one (zone, identity) by weight.
    pub(crate) fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> (MountZone, Tile) {
        let mut left = rng.random_range(0..self.total);
        for (zone, weights) in [MountZone::A, MountZone::B].into_iter().zip(&self.per_zone) {
            for (index, &w) in weights.iter().enumerate() {
                if left < w {
                    return (zone, Tile::new(index as u8).expect("37 identities"));
                }
                left -= w;
            }
        }
        unreachable!("the weights sum to the total")
    }

    /// The same weights merged over both zones.
    pub(crate) fn odds(&self) -> Odds {
        let mut weights = [0; Tile::COUNT];
        for (w, (a, b)) in weights
            .iter_mut()
            .zip(self.per_zone[0].iter().zip(&self.per_zone[1]))
        {
            *w = a + b;
        }
        Odds {
            weights,
            total: self.total,
        }
    }
}

/// Draws one copy uniformly from `counts` (whose total is `total > 0`).
pub(crate) fn sample_copy<R: Rng + ?Sized>(counts: &TileCounts, total: u32, rng: &mut R) -> Tile {
    let mut left = rng.random_range(0..total);
    for (index, &c) in counts.0.iter().enumerate() {
        let c = u32::from(c);
        if left < c {
            return Tile::new(index as u8).expect("37 identities");
        }
        left -= c;
    }
    unreachable!("the counts sum to the total")
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
            d.0[zone.index()][tile(t).index()] += mk;
        }
        d
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
