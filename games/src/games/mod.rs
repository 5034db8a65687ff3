//! Reference rulesets, one folder each.

pub mod duel;
pub mod leduc;
pub mod mahjong;
pub mod pig;
pub mod sgs;
