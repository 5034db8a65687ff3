//! Sichuan bloody-battle scoring (血战到底): which hands win (no honors, no tile of the missing
//! suit, the standard shape or seven pairs) and what a win is worth under a [`FanTable`].
//!
//! Fans add up: full flush + all pungs is 清对, seven pairs + a root is 龙七对. A win is worth
//! `base × 2^min(fan, cap)` from each payer; a self-drawn win adds one `base` per payer or the
//! table's self-draw fan, as the table says.
//!
//! ```
//! use alea_games::scoring::sichuan::{FanTable, SelfDrawBonus, SichuanHand, SichuanWin, evaluate};
//! use alea_games::tiles::{Suit, TileCounts, parse_tiles};
//! let table = FanTable {
//!     all_pungs: 1, full_flush: 2, seven_pairs: 2, root: 1, golden_single: 1,
//!     win_after_kan: 1, discard_after_kan: 1, robbing_kan: 1, last_tile: 1,
//!     self_draw: SelfDrawBonus::Base, cap: 3, base: 1,
//! };
//! let concealed = TileCounts::from_tiles(parse_tiles("11223344556677m").unwrap()).kinds();
//! let hand = SichuanHand { concealed, melds: &[], missing: Suit::Sou };
//! let score = evaluate(&hand, &SichuanWin::default(), &table).unwrap();
//! assert_eq!(score.fan, 4); // seven pairs 2 + full flush 2
//! assert_eq!(score.per_payer, 8); // capped at 3 fan
//! ```

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::meld::{Meld, MeldKind};
use super::shape::{for_each_standard, is_seven_pairs};
use crate::tiles::{KindCounts, Suit, TileKind};

/// A scoring pattern of the fan table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fan {
    /// 对对胡: every set a triplet or a kan.
    AllPungs,
    /// 清一色: every tile of one suit.
    FullFlush,
    /// 七对: seven pairs (four of a kind counts as two pairs).
    SevenPairs,
    /// 根: each kind held four times (a kan, or four concealed copies, or a pon and the fourth).
    Root,
    /// 金钩钓: four melds, won on the single tile left.
    GoldenSingle,
    /// 杠上开花: won on a kan's replacement tile.
    WinAfterKan,
    /// 杠上炮: won on the discard that followed the discarder's kan.
    DiscardAfterKan,
    /// 抢杠胡: won on the tile another player added to a pon.
    RobbingKan,
    /// 海底: won on the last tile of the wall.
    LastTile,
    /// 自摸加番: the self-draw fan (when the table pays self-draws in fan).
    SelfDraw,
}

/// How a self-drawn win is rewarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SelfDrawBonus {
    /// 自摸加底: each payer pays one more `base`.
    Base,
    /// 自摸加番: this many more fan.
    Fan(u8),
}

/// The fan each pattern is worth, the cap and the base (a preset's `scoring`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FanTable {
    /// 对对胡.
    pub all_pungs: u8,
    /// 清一色.
    pub full_flush: u8,
    /// 七对.
    pub seven_pairs: u8,
    /// 根, per root.
    pub root: u8,
    /// 金钩钓.
    pub golden_single: u8,
    /// 杠上开花.
    pub win_after_kan: u8,
    /// 杠上炮.
    pub discard_after_kan: u8,
    /// 抢杠胡.
    pub robbing_kan: u8,
    /// 海底.
    pub last_tile: u8,
    /// The self-draw reward.
    pub self_draw: SelfDrawBonus,
    /// 封顶: the most fan a win is paid for.
    pub cap: u8,
    /// 底分: the points of a 0-fan win, per payer.
    pub base: i32,
}

impl FanTable {
    /// The fan `pattern` is worth once.
    pub fn fan_of(&self, pattern: Fan) -> u8 {
        match pattern {
            Fan::AllPungs => self.all_pungs,
            Fan::FullFlush => self.full_flush,
            Fan::SevenPairs => self.seven_pairs,
            Fan::Root => self.root,
            Fan::GoldenSingle => self.golden_single,
            Fan::WinAfterKan => self.win_after_kan,
            Fan::DiscardAfterKan => self.discard_after_kan,
            Fan::RobbingKan => self.robbing_kan,
            Fan::LastTile => self.last_tile,
            Fan::SelfDraw => match self.self_draw {
                SelfDrawBonus::Fan(fan) => fan,
                SelfDrawBonus::Base => 0,
            },
        }
    }

    /// What `fan` fan are paid by each payer, self-drawn or not (the cap applied).
    pub fn points(&self, fan: u8, self_draw: bool) -> i32 {
        let bonus = match self.self_draw {
            SelfDrawBonus::Base if self_draw => self.base,
            _ => 0,
        };
        self.base
            .saturating_mul(1 << fan.min(self.cap).min(30))
            .saturating_add(bonus)
    }
}

/// A hand to score: the concealed tiles (the winning tile included), the melds and the suit
/// the player declared missing (定缺).
#[derive(Clone, Copy, Debug)]
pub struct SichuanHand<'a> {
    /// Concealed tiles per kind, the winning tile included: `14 − 3 × melds`.
    pub concealed: KindCounts,
    /// Pons and kans.
    pub melds: &'a [Meld],
    /// The missing suit: no tile of it may be in a winning hand.
    pub missing: Suit,
}

/// How the hand won. `Default` is a plain win on a discard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SichuanWin {
    /// Self-drawn (自摸), else on a discard.
    pub self_draw: bool,
    /// On a kan's replacement tile.
    pub after_kan: bool,
    /// On the discard that followed the discarder's kan.
    pub discard_after_kan: bool,
    /// On a tile added to a pon (robbing the kan).
    pub robbing_kan: bool,
    /// On the last tile of the wall.
    pub last_tile: bool,
}

/// What a win is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SichuanScore {
    /// The patterns with the fan each earned (a root counted once per root), in table order.
    pub fans: Vec<(Fan, u8)>,
    /// The fan before the cap.
    pub fan: u8,
    /// What each payer pays (the cap and the self-draw bonus applied).
    pub per_payer: i32,
}

/// True when the hand's tiles are all suited, none of the missing suit, in four sets and a
/// pair or seven pairs.
pub fn is_win(hand: &SichuanHand<'_>) -> bool {
    allowed(hand) && shape_fan(hand, &zero_table()).is_some()
}

/// The score of a winning hand, `None` when it does not win (see [`is_win`]).
pub fn evaluate(
    hand: &SichuanHand<'_>,
    win: &SichuanWin,
    table: &FanTable,
) -> Option<SichuanScore> {
    if !allowed(hand) {
        return None;
    }
    let (shape, _) = shape_fan(hand, table)?;
    let mut fans = Vec::with_capacity(6);
    let mut add = |pattern: Fan, times: u8| {
        let fan = table.fan_of(pattern) * times;
        if times > 0 && fan > 0 {
            fans.push((pattern, fan));
        }
    };
    add(Fan::AllPungs, u8::from(shape == Shape::AllPungs));
    add(Fan::FullFlush, u8::from(is_full_flush(hand)));
    add(Fan::SevenPairs, u8::from(shape == Shape::SevenPairs));
    add(Fan::Root, roots(hand));
    add(
        Fan::GoldenSingle,
        u8::from(hand.melds.len() == 4 && hand.concealed.total() == 2),
    );
    add(Fan::WinAfterKan, u8::from(win.after_kan));
    add(Fan::DiscardAfterKan, u8::from(win.discard_after_kan));
    add(Fan::RobbingKan, u8::from(win.robbing_kan));
    add(Fan::LastTile, u8::from(win.last_tile));
    add(Fan::SelfDraw, u8::from(win.self_draw));
    let fan = fans.iter().map(|&(_, fan)| fan).sum();
    Some(SichuanScore {
        per_payer: table.points(fan, win.self_draw),
        fans,
        fan,
    })
}

/// The best win `concealed` (13 − 3 × melds tiles) waits on, as a win on a discard: the
/// kind and its score, the highest-paying first kind on ties. `None` when not ready.
/// This is what 查大叫 pays at an exhaustive draw.
pub fn best_wait(hand: &SichuanHand<'_>, table: &FanTable) -> Option<(TileKind, SichuanScore)> {
    let mut best: Option<(TileKind, SichuanScore)> = None;
    for kind in TileKind::all().filter(|k| !k.is_honor() && k.suit() != hand.missing) {
        if hand.concealed[kind] + melded(hand.melds)[kind] >= 4 {
            continue;
        }
        let mut with = *hand;
        with.concealed[kind] += 1;
        if let Some(score) = evaluate(&with, &SichuanWin::default(), table)
            && best
                .as_ref()
                .is_none_or(|(_, b)| score.per_payer > b.per_payer)
        {
            best = Some((kind, score));
        }
    }
    best
}

/// The shape a win is read as (the best-paying one when several fit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Plain,
    AllPungs,
    SevenPairs,
}

/// No honors and nothing of the missing suit, concealed or melded.
fn allowed(hand: &SichuanHand<'_>) -> bool {
    TileKind::all().all(|kind| {
        let held = hand.concealed[kind] > 0 || hand.melds.iter().any(|m| m.low() == kind);
        !held || (!kind.is_honor() && kind.suit() != hand.missing)
    })
}

/// The best shape reading and its shape fan, `None` without a winning shape.
fn shape_fan(hand: &SichuanHand<'_>, table: &FanTable) -> Option<(Shape, u8)> {
    let mut best: Option<(Shape, u8)> = None;
    let mut consider = |shape: Shape, fan: u8| {
        if best.is_none_or(|(_, b)| fan > b) {
            best = Some((shape, fan));
        }
    };
    if hand.melds.is_empty() && is_seven_pairs(&hand.concealed, false) {
        consider(Shape::SevenPairs, table.seven_pairs);
    }
    let melds_pungs = hand.melds.iter().all(|m| m.kind() != MeldKind::Chi);
    let _ = for_each_standard(&hand.concealed, |reading| {
        if melds_pungs && reading.sets().iter().all(|set| !set.is_sequence()) {
            consider(Shape::AllPungs, table.all_pungs);
            ControlFlow::Break(())
        } else {
            consider(Shape::Plain, 0);
            ControlFlow::Continue(())
        }
    });
    best
}

fn is_full_flush(hand: &SichuanHand<'_>) -> bool {
    let mut suits = TileKind::all()
        .filter(|&k| hand.concealed[k] > 0)
        .map(TileKind::suit)
        .chain(hand.melds.iter().map(|m| m.low().suit()));
    let first = suits.next();
    suits.all(|s| Some(s) == first)
}

/// Kinds held four times, concealed and melded together.
fn roots(hand: &SichuanHand<'_>) -> u8 {
    let melded = melded(hand.melds);
    TileKind::all()
        .filter(|&k| hand.concealed[k] + melded[k] == 4)
        .count() as u8
}

/// The melds' tiles per kind.
fn melded(melds: &[Meld]) -> KindCounts {
    let mut counts = KindCounts::default();
    for meld in melds {
        meld.add_kinds(&mut counts);
    }
    counts
}

/// A table where nothing is worth anything: shape checks only.
fn zero_table() -> FanTable {
    FanTable {
        all_pungs: 0,
        full_flush: 0,
        seven_pairs: 0,
        root: 0,
        golden_single: 0,
        win_after_kan: 0,
        discard_after_kan: 0,
        robbing_kan: 0,
        last_tile: 0,
        self_draw: SelfDrawBonus::Base,
        cap: 0,
        base: 0,
    }
}
