//! Fu: the minipoints of a reading.

use super::reading::{Reading, Shape, Wait};
use crate::tiles::TileKind;

/// Fu of seven pairs (fixed, not rounded).
pub const CHIITOITSU_FU: u32 = 25;

/// Fu of a pinfu tsumo (fixed: no tsumo fu).
pub const PINFU_TSUMO_FU: u32 = 20;

/// Fu of a pair: 2 for a dragon, 2 for the seat wind plus 2 for the round wind (a double wind
/// pair is 4).
pub fn pair_fu(pair: TileKind, seat: TileKind, round: TileKind) -> u32 {
    let dragon = pair.index() >= 31;
    2 * (u32::from(dragon) + u32::from(pair == seat) + u32::from(pair == round))
}

/// Fu of a group: sequences 0; triplets 2, doubled when concealed and doubled for terminals
/// and honors; kans four times the triplet (open simple kan 8 … closed terminal kan 32).
pub fn group_fu(shape: Shape, kind: TileKind, concealed: bool) -> u32 {
    let base = match shape {
        Shape::Sequence => return 0,
        Shape::Triplet => 2,
        Shape::Kan => 8,
    };
    base << (u32::from(concealed) + u32::from(kind.is_terminal_or_honor()))
}

/// Fu of a wait: 2 for kanchan, penchan and tanki, 0 for ryanmen and shanpon.
pub fn wait_fu(wait: Wait) -> u32 {
    match wait {
        Wait::Kanchan | Wait::Penchan | Wait::Tanki => 2,
        Wait::Ryanmen | Wait::Shanpon => 0,
    }
}

/// Fu of a standard reading: 20, +10 for a closed ron, +2 for tsumo (not with pinfu: a pinfu
/// tsumo is 20), the groups, the pair and the wait, rounded up to 10; an open hand that would
/// have 20 (no fu at all, on ron) gets 30.
pub fn standard_fu(
    reading: &Reading,
    closed: bool,
    tsumo: bool,
    pinfu: bool,
    seat: TileKind,
    round: TileKind,
) -> u32 {
    if pinfu && tsumo {
        return PINFU_TSUMO_FU;
    }
    let mut fu = 20;
    if closed && !tsumo {
        fu += 10;
    }
    if tsumo {
        fu += 2;
    }
    for group in &reading.groups {
        fu += group_fu(group.shape, group.kind, group.concealed);
    }
    fu += pair_fu(reading.pair, seat, round) + wait_fu(reading.wait);
    if fu == 20 {
        return 30;
    }
    fu.div_ceil(10) * 10
}
