//! The dual-space wall (from libsaki's Mount): a stock of counts in zone A (normal)
//! and zone B (reserved), four exits of slots, presence in mk that abilities add per slot and
//! zone, and early collapse.
//!
//! **The draw rule.** A collapsed slot gives its tile. A slot without deltas draws uniformly by
//! count from A (from B if A is empty). Otherwise each identity with stock in a zone takes part
//! there with presence = base × copies + delta (base 10 mk per copy in A, 0 in B):
//! - if any presence is positive, the tile is drawn among the positives by weight (the zone with
//!   probability sumA / (sumA + sumB), then the tile by weight within it);
//! - else the maximum presence wins: zone A if its maximum is higher than B's (ties go to B),
//!   and within the zone each copy at the maximum is equally likely.
//!
//! **Red fives** are decided by count: an operation on a five as a 34-kind is shared by the red
//! and black copies in proportion to the copies remaining; only an operation that names the red
//! five (`0m`, `0p`, `0s`) favours it. (libsaki gives the red five Δ/4; we do not.)
//!
//! In a game, [`install`] puts the [`Mount`] in the World as one snapshot-registered resource
//! and spawns one entity per slot ([`MountSlot`]); [`draw_in_world`] draws with the game's
//! `Purpose::Draw` stream.

mod exit;
mod point;
mod presence;
mod wall;
mod world;

pub use exit::{Exit, MountSlot, MountZone, UnknownExit, WallLayout};
pub use point::{DrawPick, NextDraw};
pub use presence::{BASE_MK_A, Odds, Presence};
pub use wall::Mount;
pub use world::{draw_at_point, draw_in_world, install};

use crate::tiles::Tile;

/// A misuse of the mount API. The mount is unchanged whenever one is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MountError {
    /// The tile (or, for presence, its kind) is not in the mount's tile set.
    #[error("{tile} is not in this mount's tile set")]
    NotInTileSet {
        /// The tile.
        tile: Tile,
    },
    /// The exit has no slot at that position (it has `left` slots left).
    #[error("exit {exit} has no slot at position {pos} ({left} left)")]
    NoSlot {
        /// The exit.
        exit: Exit,
        /// The position asked for (0 = next out).
        pos: u16,
        /// Slots left at the exit.
        left: u16,
    },
    /// Zone A is empty: no tile can be dealt into a starting hand.
    #[error("zone A is empty: no tile can be dealt")]
    EmptyA,
    /// [`Mount::restock`] was given another number of copies than the mount holds.
    #[error("a restock must hold the {undrawn} undrawn copies, not {given}")]
    RestockSize {
        /// Copies not drawn yet.
        undrawn: u32,
        /// Copies given.
        given: u32,
    },
    /// Zone A holds no copy of the tile.
    #[error("zone A holds no {tile}")]
    NotInZoneA {
        /// The tile.
        tile: Tile,
    },
    /// No indicator has been flipped at that position.
    #[error("no dora indicator {index} has been flipped")]
    NoIndicator {
        /// The position asked for.
        index: usize,
    },
    /// A pick that this mount cannot give out of that exit now (one made for another state).
    #[error("{tile} cannot come out of {exit} now")]
    CannotDraw {
        /// The exit drawn from.
        exit: Exit,
        /// The tile picked.
        tile: Tile,
    },
    /// Both zones are empty: no tile can come out.
    #[error("the stock is empty: no tile can come out of {exit}")]
    EmptyStock {
        /// The exit drawn from.
        exit: Exit,
    },
}
