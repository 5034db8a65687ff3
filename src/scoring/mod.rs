//! Mahjong hand scoring. [`shape`] finds win shapes (every reading of sets and a pair, seven
//! pairs, thirteen orphans) on per-kind counts and serves any ruleset; [`riichi`] scores riichi
//! hands (yaku, fu, han, points).

pub mod riichi;
pub mod shape;
