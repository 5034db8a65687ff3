//! Mahjong: the reference abilities and the riichi ruleset (the sichuan ruleset joins them here).

pub mod abilities;
pub mod fill;
pub mod riichi;
