//! A [`Reading`] of a riichi hand: its four groups (concealed sets and melds), its pair and the
//! wait the winning tile completed.

use serde::Serialize;

use super::hand::{Meld, MeldKind};
use crate::scoring::shape::{Arrangement, Set};
use crate::tiles::TileKind;

/// What a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A sequence, named by its lowest tile.
    Sequence,
    /// Three of a kind.
    Triplet,
    /// Four of a kind.
    Kan,
}

/// One of a reading's four groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// Its kind (a sequence's lowest tile).
    pub kind: TileKind,
    /// Sequence, triplet or kan.
    pub shape: Shape,
    /// Concealed: from the concealed tiles (not completed by ron) or a closed kan.
    pub concealed: bool,
}

impl Group {
    /// True when the group holds a terminal or an honor.
    pub fn has_terminal_or_honor(&self) -> bool {
        match self.shape {
            Shape::Sequence => matches!(self.kind.number(), 1 | 7),
            _ => self.kind.is_terminal_or_honor(),
        }
    }

    fn of_set(set: Set) -> Group {
        let shape = if set.is_sequence() {
            Shape::Sequence
        } else {
            Shape::Triplet
        };
        Group {
            kind: set.kind(),
            shape,
            concealed: true,
        }
    }

    fn of_meld(meld: &Meld) -> Group {
        let shape = match meld.kind() {
            MeldKind::Chi => Shape::Sequence,
            MeldKind::Pon => Shape::Triplet,
            _ => Shape::Kan,
        };
        Group {
            kind: meld.low(),
            shape,
            concealed: !meld.kind().is_open(),
        }
    }
}

/// The wait the winning tile completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Wait {
    /// Two-sided sequence wait (`23` waiting 1 or 4).
    Ryanmen,
    /// Closed wait (`13` waiting 2).
    Kanchan,
    /// Edge wait (`12` waiting 3, `89` waiting 7).
    Penchan,
    /// Pair wait.
    Tanki,
    /// Two pairs waiting to become a triplet.
    Shanpon,
}

/// A standard-shape reading of a hand with the winning tile placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The four groups: the concealed sets first, then the melds.
    pub groups: [Group; 4],
    /// The pair.
    pub pair: TileKind,
    /// The wait.
    pub wait: Wait,
}

/// Calls `visit` with each way the winning tile `win` completes `arrangement` (plus `melds`):
/// as the pair, or in each distinct concealed set holding it. On ron, a triplet the winning
/// tile completes counts as open.
pub fn for_each_reading(
    arrangement: &Arrangement,
    melds: &[Meld],
    win: TileKind,
    tsumo: bool,
    mut visit: impl FnMut(&Reading),
) {
    let sets = arrangement.sets();
    if sets.len() + melds.len() != 4 {
        return;
    }
    let placeholder = Group {
        kind: win,
        shape: Shape::Triplet,
        concealed: true,
    };
    let mut groups = [placeholder; 4];
    for (slot, set) in groups.iter_mut().zip(sets) {
        *slot = Group::of_set(*set);
    }
    for (slot, meld) in groups[sets.len()..].iter_mut().zip(melds) {
        *slot = Group::of_meld(meld);
    }
    let pair = arrangement.pair();
    if pair == win {
        visit(&Reading {
            groups,
            pair,
            wait: Wait::Tanki,
        });
    }
    for (at, set) in sets.iter().enumerate() {
        if !set.contains(win) || sets[..at].contains(set) {
            continue;
        }
        let mut placed = groups;
        let wait = match *set {
            Set::Triplet(_) => {
                placed[at].concealed = tsumo;
                Wait::Shanpon
            }
            Set::Sequence(low) => {
                let offset = win.index() - low.index();
                match (offset, low.number()) {
                    (1, _) => Wait::Kanchan,
                    (0, 7) | (2, 1) => Wait::Penchan,
                    _ => Wait::Ryanmen,
                }
            }
        };
        visit(&Reading {
            groups: placed,
            pair,
            wait,
        });
    }
}
