//! Melds, shared by every mahjong ruleset: [`MeldKind`] (how a meld was formed) and [`Meld`]
//! (a checked meld: kind, lowest kind, red fives).

use serde::{Deserialize, Serialize};

use crate::tiles::{KindCounts, Tile, TileKind};

/// How a meld was formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// Three of a kind called from a discard.
    Pon,
    /// A sequence called from the left player's discard.
    Chi,
    /// Four of a kind called from a discard (daiminkan).
    OpenKan,
    /// Four of a kind from one's own tiles (ankan): still a closed hand.
    ClosedKan,
    /// A pon upgraded with the fourth tile (shouminkan): open.
    AddedKan,
}

impl MeldKind {
    /// True for every meld but the closed kan.
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::ClosedKan)
    }

    /// True for the three kans.
    pub const fn is_kan(self) -> bool {
        matches!(
            self,
            MeldKind::OpenKan | MeldKind::ClosedKan | MeldKind::AddedKan
        )
    }

    /// The number of tiles the meld holds.
    pub const fn size(self) -> usize {
        if self.is_kan() { 4 } else { 3 }
    }
}

impl std::fmt::Display for MeldKind {
    /// The JSON name: `pon`, `chi`, `open_kan`, `closed_kan`, `added_kan`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MeldKind::Pon => "pon",
            MeldKind::Chi => "chi",
            MeldKind::OpenKan => "open_kan",
            MeldKind::ClosedKan => "closed_kan",
            MeldKind::AddedKan => "added_kan",
        })
    }
}

/// Why tiles do not form the meld they are declared as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    /// Not 3 tiles (pon, chi) or 4 (kans).
    #[error("{kind} needs {expected} tiles, got {found}")]
    TileCount {
        /// The meld kind.
        kind: MeldKind,
        /// The tiles it needs.
        expected: usize,
        /// The tiles given.
        found: usize,
    },
    /// A pon or kan whose tiles are not all one kind.
    #[error("a {kind} needs copies of one tile")]
    NotSameKind {
        /// The meld kind.
        kind: MeldKind,
    },
    /// A chi that is not three consecutive numbers of one suit.
    #[error("a chi needs three consecutive numbers of one suit")]
    NotSequence,
}

/// A declared meld: its kind, its lowest tile kind and how many red fives it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    low: TileKind,
    reds: u8,
}

impl Meld {
    /// Checks that `tiles` (in any order) form a meld of `kind`.
    pub fn new(kind: MeldKind, tiles: &[Tile]) -> Result<Meld, MeldError> {
        if tiles.len() != kind.size() {
            return Err(MeldError::TileCount {
                kind,
                expected: kind.size(),
                found: tiles.len(),
            });
        }
        // Three or four tiles (checked above): sorted on the stack.
        let mut buffer = [tiles[0].kind(); 4];
        for (slot, tile) in buffer.iter_mut().zip(tiles) {
            *slot = tile.kind();
        }
        let kinds = &mut buffer[..tiles.len()];
        kinds.sort_unstable();
        let low = kinds[0];
        let ok = match kind {
            MeldKind::Chi => {
                !low.is_honor()
                    && kinds
                        .iter()
                        .enumerate()
                        .all(|(at, k)| k.index() == low.index() + at && k.suit() == low.suit())
            }
            _ => kinds.iter().all(|&k| k == low),
        };
        if !ok {
            return Err(match kind {
                MeldKind::Chi => MeldError::NotSequence,
                _ => MeldError::NotSameKind { kind },
            });
        }
        let reds = tiles.iter().filter(|t| t.is_red()).count() as u8;
        Ok(Meld { kind, low, reds })
    }

    /// The meld kind.
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The lowest tile kind (the only one for pon and kans).
    pub const fn low(&self) -> TileKind {
        self.low
    }

    /// How many red fives the meld holds.
    pub const fn reds(&self) -> u8 {
        self.reds
    }

    /// Adds the meld's tiles to per-kind counts.
    pub fn add_kinds(&self, counts: &mut KindCounts) {
        if self.kind == MeldKind::Chi {
            for at in 0..3 {
                counts.0[self.low.index() + at] += 1;
            }
        } else {
            counts[self.low] += self.kind.size() as u8;
        }
    }
}
