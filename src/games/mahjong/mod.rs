//! Mahjong: the reference abilities (the riichi and sichuan rulesets join them here).

pub mod abilities;
