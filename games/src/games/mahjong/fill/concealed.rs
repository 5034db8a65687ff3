//! What a fill knows of the seats: each seat's concealed tiles with what the table has shown of
//! them ([`Concealed`], [`KindMask`]), the sizes the rules give them, the errors of a position
//! a fill cannot work from, and the uniform draws every fill shares.

use rand::{Rng, RngExt};

use crate::mount::MountError;
use crate::tiles::{KindMask, Tile, TileCounts};
use alea::kernel::Seat;

/// Most tiles a fill handles (the 136-tile riichi set and the 108-tile sichuan set fit).
pub(super) const MAX_UNSEEN: usize = 160;
/// Most seats a fill handles (a mahjong table).
pub const MAX_SEATS: usize = 4;

/// One seat's concealed tiles as a fill sees them, with what the table has shown of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Concealed {
    /// The seat's concealed tiles (replaced for an opponent still playing).
    pub tiles: TileCounts,
    /// How many it holds by the rules: [`concealed_size`].
    pub size: u8,
    /// Still playing (a seat that has left keeps its tiles, which count as seen).
    pub playing: bool,
    /// The seat holds a drawn tile among its `size` (in), the tile dealt as that draw (out).
    /// The drawn tile is the one the constraints do not bind: a clean sichuan seat may have
    /// just drawn its missing suit, a riichi declarer is ready without it.
    pub drawn: Option<Tile>,
    /// Kinds the seat cannot hold (its drawn tile aside).
    pub forbidden: KindMask,
    /// The seat's tiles (its drawn tile aside) are ready: shanten 0 (a riichi declarer).
    pub ready: bool,
}

impl Concealed {
    /// True when the table has shown something of this seat's tiles.
    pub fn constrained(&self) -> bool {
        !self.forbidden.is_empty() || self.ready
    }

    /// Tiles the constraints bind: all but the drawn one.
    pub(super) fn bound(&self) -> u8 {
        self.size - u8::from(self.drawn.is_some() && self.size > 0)
    }
}

/// Concealed tiles a seat holds by the rules: 13 − 3 × melds (a kan counts 3, its replacement
/// tile being drawn), + 1 while it holds a drawn or called tile it has not discarded.
pub fn concealed_size(melds: u8, holding_extra: bool) -> u8 {
    (13 + u8::from(holding_extra)).saturating_sub(3 * melds)
}

/// A position a fill cannot work from. Nothing has changed when one is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FillError {
    /// The viewer is not a seat of the table.
    #[error("viewer {viewer} is not a seat: the table has {seats}")]
    NoSuchViewer {
        /// The viewer asked for.
        viewer: Seat,
        /// Seats at the table.
        seats: usize,
    },
    /// A seat's concealed tiles do not number what the rules say.
    #[error("{seat} holds {held} concealed tiles where the rules say {expected}")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Tiles held.
        held: u32,
        /// [`Concealed::size`].
        expected: u8,
    },
    /// More copies of a tile are seen than the tile set holds.
    #[error("{seen} copies of {tile} are seen but the tile set holds {held}")]
    Overseen {
        /// The tile.
        tile: Tile,
        /// Copies seen.
        seen: u32,
        /// Copies in the set.
        held: u8,
    },
    /// The unseen tiles are not exactly the opponents' hands and the undrawn stock.
    #[error("{unseen} tiles are unseen but the opponents hold {hands} and the stock {stock}")]
    Unaccounted {
        /// Unseen tiles.
        unseen: u32,
        /// Opponents' concealed tiles.
        hands: u32,
        /// Undrawn copies in the mount.
        stock: u32,
    },
    /// More seats than a fill handles ([`MAX_SEATS`]).
    #[error("{seats} seats: a fill handles at most {MAX_SEATS}")]
    TooManySeats {
        /// Seats given.
        seats: usize,
    },
    /// No deal gives `seat` its tiles without a kind the table has shown it cannot hold.
    #[error("no deal of the unseen tiles keeps {seat} clear of the kinds it cannot hold")]
    Inconsistent {
        /// The first seat constrained.
        seat: Seat,
    },
    /// The mount refused the new stock.
    #[error("the mount refused the new stock: {0}")]
    Mount(#[from] MountError),
}

/// A partial Fisher–Yates shuffle: the first `n` tiles of `pool` become a uniform draw
/// without replacement from all of it.
pub(super) fn shuffle_front<R: Rng + ?Sized>(pool: &mut [Tile], n: usize, rng: &mut R) {
    for i in 0..n.min(pool.len()) {
        let j = rng.random_range(i..pool.len());
        pool.swap(i, j);
    }
}

/// A tile of `hand` drawn uniformly over its copies (`None` when it is empty): an opponent's
/// last drawn tile after a fill.
pub fn uniform_tile<R: Rng + ?Sized>(hand: &TileCounts, rng: &mut R) -> Option<Tile> {
    let total = hand.total();
    if total == 0 {
        return None;
    }
    nth_copy(hand, rng.random_range(0..total))
}

/// The `at`-th copy of `hand` in tile order (`hand.tiles().nth(at)`), found count by count.
fn nth_copy(hand: &TileCounts, mut at: u32) -> Option<Tile> {
    for (tile, count) in hand.iter() {
        match at.checked_sub(u32::from(count)) {
            Some(rest) => at = rest,
            None => return Some(tile),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::parse_tiles;

    #[test]
    fn nth_copy_lists_the_copies_in_tile_order() {
        for text in ["1m505m0p50s9s7z", "11112222333344445555m", "0m0p0s", ""] {
            let hand: TileCounts = parse_tiles(text).unwrap().into_iter().collect();
            let listed: Vec<Tile> = hand.tiles().collect();
            let found: Vec<Tile> = (0..hand.total())
                .filter_map(|k| nth_copy(&hand, k))
                .collect();
            assert_eq!(found, listed, "{text}");
            assert_eq!(nth_copy(&hand, hand.total()), None, "{text}");
        }
    }
}
