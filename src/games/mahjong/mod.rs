//! Mahjong: the reference abilities and the rulesets, riichi and sichuan.

pub mod abilities;
pub mod riichi;
pub mod sichuan;
