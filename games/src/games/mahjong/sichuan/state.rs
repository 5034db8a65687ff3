//! The sichuan state: [`Battle`] (the hand in play) and [`Standings`] (scores across the
//! match's hands), tiles as per-seat counts like riichi's.

use bevy_ecs::prelude::*;
use serde::Serialize;

use crate::games::mahjong::MatchTally;
use crate::games::mahjong::claims::ClaimAnswer;
use crate::games::mahjong::table::{HandTable, MatchStanding, MatchState, hand_fields};
use crate::scoring::meld::Meld;
use crate::tiles::{Suit, Tile, TileCounts};
use alea::kernel::Seat;

/// Seats at a sichuan table.
pub const SEATS: usize = 4;

/// A pon or kan and the seat whose discard it took (`None` for a closed kan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SichuanMeld {
    /// The meld.
    pub meld: Meld,
    /// The discarder, for a pon or an open kan (an added kan keeps its pon's).
    pub from: Option<Seat>,
}

/// A seat's answer in a claim window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    /// Not asked, or not answered yet.
    #[default]
    None,
    /// Declined.
    Pass,
    /// Win on the tile.
    Ron,
    /// Pon.
    Pon,
    /// Open kan.
    Kan,
}

impl ClaimAnswer for Claim {
    fn is_ron(&self) -> bool {
        *self == Claim::Ron
    }

    fn call_rank(&self) -> Option<u8> {
        matches!(self, Claim::Pon | Claim::Kan).then_some(0)
    }
}

/// What the hand waits on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stage {
    /// `seat` declares its missing suit (in turn from the dealer, who has drawn).
    Declare {
        /// Who declares.
        seat: Seat,
    },
    /// `seat` holds 14 − 3 × melds tiles and acts.
    Turn {
        /// Who acts.
        seat: Seat,
        /// After a pon: only a discard is legal.
        called: bool,
        /// The last tile was a kan's replacement.
        after_kan: bool,
    },
    /// Seats may claim `tile`, discarded (or, `robbing`, added to a kan) by `from`.
    Claims {
        /// The discarder, or the seat adding to its pon.
        from: Seat,
        /// The tile.
        tile: Tile,
        /// A window on an added kan: only ron (robbing the kan).
        robbing: bool,
        /// The discard followed the discarder's kan (杠上炮).
        after_kan: bool,
    },
    /// The match is over.
    #[default]
    Over,
}

/// The hand in play: concealed tiles, melds, rivers, missing suits, who has left, kan
/// payments, the claim window.
#[derive(Resource, Debug, Default, PartialEq, Eq, Hash)]
pub struct Battle {
    /// Concealed tiles by seat (the tile just drawn included).
    pub hands: [TileCounts; SEATS],
    /// Melds by seat (`meld_count` of them are valid).
    pub melds: [[Option<SichuanMeld>; 4]; SEATS],
    /// Melds per seat.
    pub meld_count: [u8; SEATS],
    /// Every discard in order: the seat, the tile and whether it was called away.
    pub river: Vec<(Seat, Tile, bool)>,
    /// The missing suit each seat declared (定缺).
    pub missing: [Option<Suit>; SEATS],
    /// Seats that have won and left (with the tile they won on).
    pub won: [Option<Tile>; SEATS],
    /// `kan_paid[payer][receiver]`: points paid for kans this hand (退税 returns them).
    pub kan_paid: [[i32; SEATS]; SEATS],
    /// The tile `seat` drew last (cleared by its discard or kan).
    pub drawn: [Option<Tile>; SEATS],
    /// The claim window's answers by seat.
    pub claims: [Claim; SEATS],
    /// The claim window's options by seat: a bit per [`Claim`] kind (see `legal`).
    pub can: [u8; SEATS],
    /// Whose move the hand waits on.
    pub stage: Stage,
}

// Copied in place by snapshots: its lists keep their buffers.
alea::clone_in_place!(Battle {
    hands,
    melds,
    meld_count,
    river,
    missing,
    won,
    kan_paid,
    drawn,
    claims,
    can,
    stage,
});

impl HandTable for Battle {
    hand_fields!(SichuanMeld, (Seat, Tile, bool));

    fn riichi(&self) -> [bool; SEATS] {
        [false; SEATS]
    }

    fn to_turn(&mut self, seat: Seat, after_kan: bool) {
        self.stage = Stage::Turn {
            seat,
            called: false,
            after_kan,
        };
    }
}

impl Battle {
    /// True while `seat` has not won.
    pub fn in_play(&self, seat: Seat) -> bool {
        self.won[seat.index()].is_none()
    }

    /// The seats still playing.
    pub fn playing(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..SEATS as u8).map(Seat).filter(|&s| self.in_play(s))
    }

    /// True when `seat` still holds a tile of its missing suit.
    pub fn holds_missing(&self, seat: Seat) -> bool {
        self.missing[seat.index()].is_some_and(|suit| {
            self.hands[seat.index()]
                .iter()
                .any(|(tile, n)| n > 0 && tile.suit() == suit)
        })
    }

    /// The next seat after `seat` still playing (`seat` itself when it is the only one).
    pub fn next_playing(&self, seat: Seat) -> Seat {
        (1..=SEATS as u8)
            .map(|d| Seat((seat.0 + d) % SEATS as u8))
            .find(|&s| self.in_play(s))
            .unwrap_or(seat)
    }
}

/// Per-seat counts over a match, for summaries (both rulesets count the same).
pub use crate::games::mahjong::MatchTally as Tally;

/// The match: scores, the hand counter, tallies.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standings {
    /// Scores by seat.
    pub scores: [i32; SEATS],
    /// Hands dealt so far.
    pub dealt: u32,
    /// Counts for summaries.
    pub tally: MatchTally,
    /// The match is over.
    pub over: bool,
}

impl Standings {
    /// This hand's dealer: the seat after the last dealer, hand by hand.
    pub fn dealer(&self) -> Seat {
        Seat((self.dealt.saturating_sub(1) % SEATS as u32) as u8)
    }
}

impl MatchState for Standings {
    fn standing(&self) -> MatchStanding {
        let Standings {
            scores,
            dealt,
            tally,
            over,
        } = *self;
        MatchStanding {
            scores,
            dealt,
            tally,
            over,
        }
    }
}
