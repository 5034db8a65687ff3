//! Sichuan bloody battle (血战到底): 108 tiles (no honors, no red fives), a missing suit
//! declared at the start (定缺), no chi, pon and kan with kan payments, and players who win
//! leave while the others play on. Scoring is [`crate::scoring::sichuan`].

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::scoring::sichuan::FanTable;

/// The rule options of a sichuan game (a preset of `assets/sichuan.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SichuanConfig {
    /// The fan table.
    pub scoring: FanTable,
    /// 查花猪: at an exhaustive draw a hand still holding its missing suit pays every other
    /// player still in the capped amount.
    pub settle_missing_suit: bool,
    /// 查大叫: at an exhaustive draw each unready hand pays each ready hand its best wait.
    pub settle_unready: bool,
    /// 退税: at an exhaustive draw an unready hand gives back what its kans earned.
    pub refund_kans: bool,
}

/// The presets embedded from `assets/sichuan.ron`, by name.
pub fn presets() -> &'static BTreeMap<String, SichuanConfig> {
    static PRESETS: OnceLock<BTreeMap<String, SichuanConfig>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        ron::from_str(include_str!("../../../../assets/sichuan.ron"))
            .expect("assets/sichuan.ron is valid (checked by a test)")
    })
}
