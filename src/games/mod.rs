//! Reference rulesets, one folder each.

pub mod duel;
pub mod leduc;
pub mod pig;
