//! Multisets of tiles as count arrays: [`TileCounts`] per identity (37), [`KindCounts`] per
//! kind (34, what hand evaluation works on).

use std::ops::{Index, IndexMut};

use super::notation::serde_as_notation;
use super::{NotationError, Suit, Tile, TileKind, format_tiles, parse_tiles};

/// How many copies of each of the 37 identities (a red five apart from the black ones).
/// Serialized as sorted notation (`"1112345678999m"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileCounts(pub [u8; Tile::COUNT]);

impl Default for TileCounts {
    fn default() -> Self {
        Self::new()
    }
}

impl TileCounts {
    /// No tiles.
    pub const fn new() -> Self {
        TileCounts([0; Tile::COUNT])
    }

    /// The counts of `tiles`.
    pub fn from_tiles(tiles: impl IntoIterator<Item = Tile>) -> Self {
        let mut counts = Self::new();
        for tile in tiles {
            counts[tile] += 1;
        }
        counts
    }

    /// How many tiles in all.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// Copies of `kind`, red fives included.
    pub fn of_kind(&self, kind: TileKind) -> u8 {
        self.0[kind.index()] + kind.red().map_or(0, |red| self[red])
    }

    /// The identities present and their counts, in tile order.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, u8)> + '_ {
        Tile::ALL
            .iter()
            .map(|&t| (t, self[t]))
            .filter(|&(_, c)| c > 0)
    }

    /// The tiles one by one, in tile order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.iter()
            .flat_map(|(t, c)| std::iter::repeat_n(t, usize::from(c)))
    }

    /// The same tiles counted per kind.
    #[inline]
    pub fn kinds(&self) -> KindCounts {
        // Black identities share their kind's index; the three red fives follow them.
        let mut kinds = KindCounts::default();
        kinds.0.copy_from_slice(&self.0[..TileKind::COUNT]);
        for (at, five) in [4usize, 13, 22].into_iter().enumerate() {
            kinds.0[five] += self.0[TileKind::COUNT + at];
        }
        kinds
    }

    /// Adds `other`'s counts (saturating at 255).
    pub fn add(&mut self, other: &TileCounts) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine = mine.saturating_add(theirs);
        }
    }
}

impl Index<Tile> for TileCounts {
    type Output = u8;
    fn index(&self, tile: Tile) -> &u8 {
        &self.0[tile.index()]
    }
}

impl IndexMut<Tile> for TileCounts {
    fn index_mut(&mut self, tile: Tile) -> &mut u8 {
        &mut self.0[tile.index()]
    }
}

impl FromIterator<Tile> for TileCounts {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        Self::from_tiles(iter)
    }
}

/// How many copies of each of the 34 kinds (red fives counted as fives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KindCounts(pub [u8; TileKind::COUNT]);

impl Default for KindCounts {
    fn default() -> Self {
        KindCounts([0; TileKind::COUNT])
    }
}

impl KindCounts {
    /// How many tiles in all.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }
}

impl FromIterator<Tile> for KindCounts {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut kinds = KindCounts::default();
        for tile in iter {
            kinds[tile.kind()] += 1;
        }
        kinds
    }
}

impl Index<TileKind> for KindCounts {
    type Output = u8;
    fn index(&self, kind: TileKind) -> &u8 {
        &self.0[kind.index()]
    }
}

impl IndexMut<TileKind> for KindCounts {
    fn index_mut(&mut self, kind: TileKind) -> &mut u8 {
        &mut self.0[kind.index()]
    }
}

impl std::fmt::Display for TileCounts {
    /// Sorted notation: `123m406p11z`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tiles: Vec<Tile> = self.tiles().collect();
        f.write_str(&format_tiles(&tiles))
    }
}

impl std::str::FromStr for TileCounts {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Self, NotationError> {
        Ok(parse_tiles(text)?.into_iter().collect())
    }
}

serde_as_notation!(TileCounts);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::parse_tiles;

    #[test]
    fn counts_per_identity_and_per_kind() {
        let counts: TileCounts = parse_tiles("550p5s77z").unwrap().into_iter().collect();
        assert_eq!(counts.total(), 6);
        let five_pin = "5p".parse::<Tile>().unwrap();
        assert_eq!(counts[five_pin], 2);
        assert_eq!(counts.of_kind(five_pin.kind()), 3);
        let kinds = counts.kinds();
        assert_eq!(kinds[five_pin.kind()], 3);
        assert_eq!(kinds.total(), 6);
        let tiles: Vec<String> = counts.tiles().map(|t| t.to_string()).collect();
        assert_eq!(tiles, ["5p", "5p", "0p", "5s", "7z", "7z"]);
        let json = serde_json::to_string(&counts).unwrap();
        assert_eq!(json, r#""550p5s77z""#);
        assert_eq!(serde_json::from_str::<TileCounts>(&json).unwrap(), counts);
    }

    #[test]
    fn kinds_fold_every_red_five_into_its_kind() {
        let counts: TileCounts = parse_tiles("1m505m0p50s9s7z")
            .unwrap()
            .into_iter()
            .collect();
        let kinds = counts.kinds();
        for kind in TileKind::all() {
            assert_eq!(kinds[kind], counts.of_kind(kind), "{}", kind.tile());
        }
        assert_eq!(kinds.total(), counts.total());
    }
}

/// Tile kinds as bits (bit `k` is the kind of index `k`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindMask(pub u64);

impl KindMask {
    /// No kind.
    pub const NONE: KindMask = KindMask(0);

    /// The nine kinds of `suit` (the seven honors for [`Suit::Honor`]).
    pub fn suit(suit: Suit) -> KindMask {
        KindMask(
            TileKind::all()
                .filter(|k| k.suit() == suit)
                .fold(0, |m, k| m | 1 << k.index()),
        )
    }

    /// True when `kind` is in the mask.
    pub fn contains(self, kind: TileKind) -> bool {
        self.0 >> kind.index() & 1 == 1
    }

    /// True when the mask holds no kind.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for KindMask {
    type Output = KindMask;
    fn bitor(self, other: KindMask) -> KindMask {
        KindMask(self.0 | other.0)
    }
}
