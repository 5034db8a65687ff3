//! Mahjong tiles: the 34 kinds and the red fives (37 identities), count arrays,
//! the riichi and sichuan tile sets, the notation `123m406p11z` (`0` = red five), and shanten.
//!
//! ```
//! use alea_games::tiles::{Tile, TileSet, parse_tiles};
//! let red: Tile = "0p".parse().unwrap();
//! assert!(red.is_red() && red.kind() == "5p".parse::<Tile>().unwrap().kind());
//! assert_eq!(TileSet::riichi(true).counts()[red], 1);
//! assert_eq!(parse_tiles("406p").unwrap()[1], red);
//! ```

mod counts;
mod notation;
mod set;
mod shanten;
mod tile;

pub use counts::{KindCounts, KindMask, TileCounts};
pub use notation::{NotationError, format_tiles, parse_tiles};
pub use set::{MAX_COPIES, TileSet, TileSetError};
pub use shanten::{
    ShantenProbe, effective_kinds, shanten, shanten_seven_pairs, shanten_standard,
    shanten_thirteen_orphans, ukeire, warm_up_shanten,
};
pub use tile::{Suit, Tile, TileKind};
