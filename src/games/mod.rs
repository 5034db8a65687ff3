//! Reference rulesets, one folder each.

pub mod leduc;
pub mod pig;
