//! Reference rulesets, one folder each.

pub mod duel;
pub mod leduc;
pub mod mahjong;
pub mod pig;
pub mod sgs;

use alea::registry::GameInfo;

/// Every reference game, one line each: the registry the command line, the Python package and
/// the tests read (`alea games` lists it).
pub const REGISTRY: &[GameInfo] = &[
    pig::ENTRY,
    leduc::ENTRY,
    mahjong::RIICHI,
    mahjong::SICHUAN,
    duel::ENTRY,
    sgs::ENTRY,
];
