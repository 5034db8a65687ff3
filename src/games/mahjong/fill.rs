//! `fill_unknown`, shared by the mahjong rulesets: resamples everything a viewer
//! cannot see, uniformly. The unseen multiset is the tile set minus the viewer's concealed
//! tiles, every meld, every discard still in a river, the revealed indicators and the hands of
//! seats that have left; the opponents still playing get hands of their sizes drawn from it
//! without replacement (a uniform partition), and everything left returns to the mount's stock
//! ([`Mount::restock`]), so B-zone contents, collapsed slots and future draws are resampled too.
//!
//! The result depends only on what the viewer sees and on the random stream; nothing is
//! allocated. A check fails before anything changes.

use rand::{Rng, RngExt};

use crate::kernel::Seat;
use crate::mount::{Mount, MountError};
use crate::tiles::{Tile, TileCounts, TileSet};

/// Most tiles a fill handles (the 136-tile riichi set and the 108-tile sichuan set fit).
const MAX_UNSEEN: usize = 160;

/// One seat's concealed tiles as a fill sees them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Concealed {
    /// The seat's concealed tiles (replaced for an opponent still playing).
    pub tiles: TileCounts,
    /// How many it holds by the rules: [`concealed_size`].
    pub size: u8,
    /// Still playing (a seat that has left keeps its tiles, which count as seen).
    pub playing: bool,
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
    /// The mount refused the new stock.
    #[error("the mount refused the new stock: {0}")]
    Mount(#[from] MountError),
}

/// Resamples, for `viewer`, the concealed tiles of the other seats still playing and the
/// mount's undrawn stock. `seen` holds every public tile: melds, discards in the rivers (not
/// those called into melds) and revealed indicators. See [the module docs](self).
pub fn fill_unknown<R: Rng + ?Sized>(
    set: &TileSet,
    viewer: Seat,
    seats: &mut [Concealed],
    seen: &TileCounts,
    mount: &mut Mount,
    rng: &mut R,
) -> Result<(), FillError> {
    if viewer.index() >= seats.len() {
        return Err(FillError::NoSuchViewer {
            viewer,
            seats: seats.len(),
        });
    }
    let mut known = [0u32; Tile::COUNT];
    for (t, &c) in known.iter_mut().zip(&seen.0) {
        *t = u32::from(c);
    }
    let mut hidden = 0u32;
    for (s, seat) in seats.iter().enumerate() {
        let held = seat.tiles.total();
        if seat.playing && held != u32::from(seat.size) {
            return Err(FillError::HandSize {
                seat: Seat(s as u8),
                held,
                expected: seat.size,
            });
        }
        if s == viewer.index() || !seat.playing {
            for (t, &c) in known.iter_mut().zip(&seat.tiles.0) {
                *t += u32::from(c);
            }
        } else {
            hidden += held;
        }
    }
    let mut pool = [Tile::ALL[0]; MAX_UNSEEN];
    let mut unseen = 0usize;
    for tile in Tile::ALL {
        let held = set.counts()[tile];
        let seen = known[tile.index()];
        if seen > u32::from(held) {
            return Err(FillError::Overseen { tile, seen, held });
        }
        for _ in seen..u32::from(held) {
            if unseen < MAX_UNSEEN {
                pool[unseen] = tile;
            }
            unseen += 1;
        }
    }
    let stock = mount.undrawn().total();
    if unseen as u32 != hidden + stock || unseen > MAX_UNSEEN {
        return Err(FillError::Unaccounted {
            unseen: unseen as u32,
            hands: hidden,
            stock,
        });
    }
    // A partial Fisher–Yates shuffle: the first `hidden` tiles are a uniform draw without
    // replacement, dealt to the opponents in seat order; the rest is the stock.
    let hidden = hidden as usize;
    for i in 0..hidden {
        let j = rng.random_range(i..unseen);
        pool.swap(i, j);
    }
    mount.restock(&TileCounts::from_tiles(
        pool[hidden..unseen].iter().copied(),
    ))?;
    let mut next = pool[..hidden].iter().copied();
    for (s, seat) in seats.iter_mut().enumerate() {
        if s != viewer.index() && seat.playing {
            seat.tiles = TileCounts::from_tiles(next.by_ref().take(usize::from(seat.size)));
        }
    }
    Ok(())
}

/// A tile of `hand` drawn uniformly over its copies (`None` when it is empty): an opponent's
/// last drawn tile after a fill.
pub fn uniform_tile<R: Rng + ?Sized>(hand: &TileCounts, rng: &mut R) -> Option<Tile> {
    let total = hand.total();
    if total == 0 {
        return None;
    }
    let mut at = rng.random_range(0..total);
    hand.tiles().find(|_| {
        let here = at == 0;
        at = at.saturating_sub(1);
        here
    })
}

/// After a fill in a claim window on `from`'s tile, sets the claim options `fresh` of the
/// re-dealt hands: a seat that has not answered gets its options (one before `viewer` in the
/// claim order that was not asked stays so); an answer is hidden from the viewer, so every
/// other seat's becomes `pass` (or `none` when the new hand has no option) — no world keeps
/// it or a call the new hand cannot make, whether the seat answers before the viewer or after
/// it (a viewer that is not the one answering now, e.g. the discarder).
pub fn refresh_claims<A: Copy + PartialEq>(
    from: Seat,
    viewer: Seat,
    fresh: &[u8],
    can: &mut [u8],
    answers: &mut [A],
    (none, pass): (A, A),
) {
    let seats = can.len() as u8;
    let viewer_at = (viewer.0 + seats - from.0) % seats;
    for d in 1..seats {
        let s = usize::from((from.0 + d) % seats);
        if d == viewer_at {
            continue;
        }
        if answers[s] != none {
            can[s] = fresh[s];
            answers[s] = if fresh[s] == 0 { none } else { pass };
        } else if d > viewer_at {
            can[s] = fresh[s];
        }
    }
}
