//! Mahjong hand scoring. [`shape`] finds win shapes (every reading of sets and a pair, seven
//! pairs, thirteen orphans) on per-kind counts and [`meld`] checks melds, for any ruleset;
//! [`riichi`] scores riichi hands (yaku, fu, han, points), [`sichuan`] sichuan bloody-battle
//! hands (fan table, cap).

pub mod meld;
pub mod riichi;
pub mod shape;
pub mod sichuan;
