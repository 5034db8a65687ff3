//! Riichi mahjong scoring: yaku, fu, han and points of a winning hand.
//!
//! [`evaluate`] takes a [`Hand`] (concealed tiles with the winning tile, melds), a
//! [`WinContext`] and the [`RiichiRules`], reads the hand every possible way (standard shape
//! with each placement of the winning tile, seven pairs, thirteen orphans) and scores the reading
//! worth most. [`HandRequest`] is the JSON form `alea score` reads.
//!
//! ```
//! use alea_games::scoring::riichi::{HandRequest, RiichiRules, evaluate};
//! let request: HandRequest = serde_json::from_str(
//!     r#"{"tiles": "234m456p678s23466s", "win_tile": "2s", "riichi": true, "tsumo": true}"#,
//! )?;
//! let (hand, context) = request.parse()?;
//! let score = evaluate(&hand, &context, &RiichiRules::default())?;
//! // riichi, menzen tsumo, pinfu, tanyao: 4 han 20 fu, 1300/2600 from a non-dealer tsumo.
//! assert_eq!((score.han, score.fu, score.points.total), (4, 20, 5200));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod evaluate;
mod fu;
mod hand;
mod points;
mod reading;
mod rules;
mod yaku;

pub use evaluate::{MAX_COUNTER, Score, dora_of, evaluate};
pub use fu::{CHIITOITSU_FU, PINFU_TSUMO_FU, group_fu, pair_fu, standard_fu, wait_fu};
pub use hand::{
    Hand, HandError, HandRequest, Meld, MeldError, MeldKind, MeldRequest, WinContext, Wind,
};
pub use points::{Limit, Payments, basic_points};
pub use reading::{Group, Reading, Shape, Wait, for_each_reading};
pub use rules::RiichiRules;
pub use yaku::{Yaku, YakuSet};

use crate::scoring::shape::{is_seven_pairs, is_standard, is_thirteen_orphans};
use crate::tiles::KindCounts;

/// True when concealed tiles complete a riichi win shape beside `melds` declared melds:
/// `14 - 3 × melds` tiles in the standard shape, or (without melds) seven distinct pairs or
/// thirteen orphans. Says nothing about yaku.
pub fn is_agari(concealed: &KindCounts, melds: usize) -> bool {
    if melds > 4 || concealed.total() + 3 * melds as u32 != 14 {
        return false;
    }
    is_standard(concealed)
        || (melds == 0 && (is_seven_pairs(concealed, true) || is_thirteen_orphans(concealed)))
}
