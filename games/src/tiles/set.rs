//! [`TileSet`]: the tiles a game is played with.

use serde::{Deserialize, Serialize};

use super::{Tile, TileCounts, TileKind};

/// The most copies of one kind a tile set may hold (red fives included).
pub const MAX_COPIES: u8 = 4;

/// The tiles a game is played with: at most [`MAX_COPIES`] copies of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TileSet(TileCounts);

/// Why counts are not a tile set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileSetError {
    /// More than four copies of one kind.
    #[error("{copies} copies of {kind}: a tile set holds at most {MAX_COPIES} of a kind")]
    TooManyCopies {
        /// The kind's black tile.
        kind: Tile,
        /// How many copies were asked for.
        copies: u8,
    },
}

impl TileSet {
    /// The riichi set: 4 copies of each of the 34 kinds (136 tiles); with `red_fives`, one copy
    /// of each five is red (`0m`, `0p`, `0s`).
    pub fn riichi(red_fives: bool) -> TileSet {
        let mut counts = TileCounts([MAX_COPIES; Tile::COUNT]);
        for kind in TileKind::all().filter(|k| k.is_five()) {
            let red = kind.red().expect("fives have a red copy");
            counts[red] = u8::from(red_fives);
            counts[kind.tile()] -= u8::from(red_fives);
        }
        TileSet(counts)
    }

    /// The sichuan set: 4 copies of each of the 27 suited kinds (108 tiles), no honors, no reds.
    pub fn sichuan() -> TileSet {
        let mut counts = TileCounts::new();
        for kind in TileKind::all().filter(|k| !k.is_honor()) {
            counts[kind.tile()] = MAX_COPIES;
        }
        TileSet(counts)
    }

    /// Any multiset with at most four copies of each kind (tests, explorers, variants).
    pub fn from_counts(counts: TileCounts) -> Result<TileSet, TileSetError> {
        match TileKind::all().find(|&k| counts.of_kind(k) > MAX_COPIES) {
            Some(kind) => Err(TileSetError::TooManyCopies {
                kind: kind.tile(),
                copies: counts.of_kind(kind),
            }),
            None => Ok(TileSet(counts)),
        }
    }

    /// The copies of each identity.
    pub fn counts(&self) -> &TileCounts {
        &self.0
    }

    /// True when the set has at least one copy of `tile`.
    pub fn contains(&self, tile: Tile) -> bool {
        self.0[tile] > 0
    }

    /// The number of tiles.
    pub fn len(&self) -> u32 {
        self.0.total()
    }

    /// True when the set has no tiles.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::parse_tiles;

    #[test]
    fn standard_sets() {
        let plain = TileSet::riichi(false);
        let red = TileSet::riichi(true);
        assert_eq!((plain.len(), red.len()), (136, 136));
        let five: Tile = "5p".parse().unwrap();
        let red_five: Tile = "0p".parse().unwrap();
        assert_eq!((red.counts()[five], red.counts()[red_five]), (3, 1));
        assert!(!plain.contains(red_five));
        let sichuan = TileSet::sichuan();
        assert_eq!(sichuan.len(), 108);
        assert!(!sichuan.contains("1z".parse().unwrap()));
        assert!(sichuan.contains("9s".parse().unwrap()));
    }

    #[test]
    fn at_most_four_of_a_kind() {
        let counts: TileCounts = parse_tiles("5550p").unwrap().into_iter().collect();
        assert!(TileSet::from_counts(counts).is_ok());
        let counts: TileCounts = parse_tiles("55500p").unwrap().into_iter().collect();
        assert_eq!(
            TileSet::from_counts(counts),
            Err(TileSetError::TooManyCopies {
                kind: "5p".parse().unwrap(),
                copies: 5
            })
        );
    }
}
