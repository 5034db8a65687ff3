//! [`RiichiRules`]: the rule options scoring depends on.

use serde::{Deserialize, Serialize};

/// Rule options of riichi scoring; the defaults are the common modern ruleset. Deserializes
/// from JSON with any field left out taking its default: `{"double_yakuman": true}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RiichiRules {
    /// Kuitan: tanyao counts in open hands too (default on).
    pub kuitan: bool,
    /// Red fives (`0m 0p 0s`, one per suit) are in play and each is worth one han of dora
    /// (default on). Off, a red five in a hand is an error.
    pub red_fives: bool,
    /// Thirteen-sided kokushi, suuankou tanki, junsei chuuren and daisuushii count as double
    /// yakuman (default off: single yakuman).
    pub double_yakuman: bool,
    /// 13 han or more of ordinary yaku and dora is a (single) yakuman (default on); off, it stays
    /// sanbaiman.
    pub kazoe_yakuman: bool,
    /// Kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan (default off).
    pub kiriage_mangan: bool,
    /// Tenhou and chiihou stand alone: a hand won on either scores that single yakuman,
    /// whatever other yakuman it holds, as libriichi's arena plays (default off: they add up
    /// with the others, as on Tenhou).
    pub first_turn_yakuman_alone: bool,
}

impl Default for RiichiRules {
    fn default() -> Self {
        RiichiRules {
            kuitan: true,
            red_fives: true,
            double_yakuman: false,
            kazoe_yakuman: true,
            kiriage_mangan: false,
            first_turn_yakuman_alone: false,
        }
    }
}
