//! Reference rulesets, one folder each.

pub mod pig;
