//! The riichi state: two grouped resources ([`Kyoku`] for the hand in play, [`Match`] for the
//! scores and the round) holding tiles as per-seat counts (few grouped resources,
//! no entities moving between archetypes).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::games::mahjong::claims::ClaimAnswer;
use crate::games::mahjong::table::{HandTable, MatchStanding, MatchState, hand_fields};
use crate::games::mahjong::{MatchTally, meld_tiles};
use crate::scoring::riichi::{Meld, Wind};
use crate::tiles::{Tile, TileCounts};
use alea::kernel::Seat;

/// Seats at a riichi table.
pub const SEATS: usize = 4;

/// A declared meld and where its called tile came from (`None` for a closed kan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MeldRecord {
    /// The meld (kind, lowest kind, red fives).
    pub meld: Meld,
    /// The seat whose discard was called (an added kan keeps its pon's).
    pub from: Option<Seat>,
    /// The called tile (for a closed kan, one of its copies).
    pub called: Tile,
}

impl MeldRecord {
    /// The meld's tiles as counts (red fives by the meld's red count).
    pub fn tiles(&self) -> TileCounts {
        meld_tiles(&self.meld)
    }
}

/// One discard in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RiverTile {
    /// The tile.
    pub tile: Tile,
    /// Discarded with a riichi declaration.
    pub riichi: bool,
    /// Called away by another seat (it now sits in their meld).
    pub called: bool,
}

/// What a seat answered in a claim window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Not asked (no legal call) or not answered yet.
    #[default]
    None,
    /// Declined.
    Pass,
    /// Ron.
    Ron,
    /// Pon with these two tiles of the hand.
    Pon(Tile, Tile),
    /// Chi with these two tiles of the hand.
    Chi(Tile, Tile),
    /// Open kan.
    Kan,
}

impl ClaimAnswer for Answer {
    fn is_ron(&self) -> bool {
        *self == Answer::Ron
    }

    /// Pon and kan before chi.
    fn call_rank(&self) -> Option<u8> {
        match self {
            Answer::Pon(..) | Answer::Kan => Some(0),
            Answer::Chi(..) => Some(1),
            _ => None,
        }
    }
}

/// What the hand is waiting on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `seat` holds 14 − 3 × melds tiles and must act (discard, win, kan, riichi).
    /// `called`: the tiles came from a chi or pon (only a discard is legal).
    /// `rinshan`: the last tile came from the dead wall.
    Turn {
        /// Who acts.
        seat: Seat,
        /// After a chi or pon.
        called: bool,
        /// After a replacement draw.
        rinshan: bool,
    },
    /// Seats may call `tile`, discarded (or, `chankan`, added to a kan) by `from`.
    Claims {
        /// The discarder (or the seat adding to a kan).
        from: Seat,
        /// The tile.
        tile: Tile,
        /// A window on an added kan: only ron is possible.
        chankan: bool,
    },
    /// The match is over.
    #[default]
    Over,
}

/// The hand in play (one kyoku): concealed tiles, melds, rivers, riichi and furiten flags, the
/// claim window. Grouped into one resource so a snapshot copies it in one go.
#[derive(Resource, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kyoku {
    /// Concealed tiles by seat (the tile just drawn included).
    pub hands: [TileCounts; SEATS],
    /// Melds by seat, in declaration order (`meld_count` of them are valid).
    pub melds: [[Option<MeldRecord>; 4]; SEATS],
    /// Melds per seat.
    pub meld_count: [u8; SEATS],
    /// Every discard in order, with its seat.
    pub river: Vec<(Seat, RiverTile)>,
    /// Per seat, a bit per tile kind the seat has discarded (permanent furiten).
    pub discarded_kinds: [u64; SEATS],
    /// The tile `seat` drew last (cleared by its discard or call).
    pub drawn: [Option<Tile>; SEATS],
    /// Riichi declared (accepted: the stick is on the table).
    pub riichi: [bool; SEATS],
    /// Double riichi (declared on the first uninterrupted turn).
    pub double_riichi: [bool; SEATS],
    /// Ippatsu still possible.
    pub ippatsu: [bool; SEATS],
    /// Temporary furiten (passed a winning tile since the seat's last discard).
    pub temporary_furiten: [bool; SEATS],
    /// Riichi furiten (passed a winning tile after riichi: until the hand ends).
    pub riichi_furiten: [bool; SEATS],
    /// Seats that have not discarded yet (first turn: double riichi, tenhou, chiihou).
    pub first_turn: [bool; SEATS],
    /// No call has been made this hand (the first go-around is uninterrupted).
    pub uninterrupted: bool,
    /// The riichi declared on the discard in the claim window (paid when nobody rons).
    pub riichi_pending: Option<Seat>,
    /// Kans declared this hand (at most four).
    pub kans: u8,
    /// An open or added kan's indicator waits for the kan's discard (delayed kan dora).
    pub indicator_pending: bool,
    /// The claim window's answers by seat.
    pub answers: [Answer; SEATS],
    /// The claim window's options by seat: a bit per [`Answer`] kind (see `legal`).
    pub can: [u8; SEATS],
    /// Whose move the hand waits on.
    pub phase: Phase,
}

// Copied in place by snapshots: its lists keep their buffers.
alea::clone_in_place!(Kyoku {
    hands,
    melds,
    meld_count,
    river,
    discarded_kinds,
    drawn,
    riichi,
    double_riichi,
    ippatsu,
    temporary_furiten,
    riichi_furiten,
    first_turn,
    uninterrupted,
    riichi_pending,
    kans,
    indicator_pending,
    answers,
    can,
    phase,
});

impl HandTable for Kyoku {
    hand_fields!(MeldRecord, (Seat, RiverTile));

    fn riichi(&self) -> [bool; SEATS] {
        self.riichi
    }

    fn to_turn(&mut self, seat: Seat, rinshan: bool) {
        self.phase = Phase::Turn {
            seat,
            called: false,
            rinshan,
        };
    }
}

impl Kyoku {
    /// True when `seat` has no open meld (closed kans keep a hand closed).
    pub fn is_closed(&self, seat: Seat) -> bool {
        self.melds_of(seat).all(|m| !m.meld.kind().is_open())
    }

    /// `seat`'s discards, in order.
    pub fn river_of(&self, seat: Seat) -> impl Iterator<Item = &RiverTile> + '_ {
        self.river
            .iter()
            .filter(move |(s, _)| *s == seat)
            .map(|(_, t)| t)
    }
}

/// How long a match lasts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Length {
    /// One hand.
    Kyoku,
    /// The East round (tonpuusen).
    East,
    /// East and South rounds (hanchan).
    #[default]
    Hanchan,
}

/// Not a match length.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown length {0:?}: expected kyoku, east or hanchan")]
pub struct UnknownLength(pub String);

impl std::str::FromStr for Length {
    type Err = UnknownLength;
    fn from_str(name: &str) -> Result<Length, UnknownLength> {
        match name {
            "kyoku" => Ok(Length::Kyoku),
            "east" => Ok(Length::East),
            "hanchan" => Ok(Length::Hanchan),
            _ => Err(UnknownLength(name.to_string())),
        }
    }
}

impl std::fmt::Display for Length {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Length::Kyoku => "kyoku",
            Length::East => "east",
            Length::Hanchan => "hanchan",
        })
    }
}

impl Length {
    /// Rounds (winds) played: 0 for a single hand.
    pub const fn winds(self) -> u8 {
        match self {
            Length::Kyoku => 0,
            Length::East => 1,
            Length::Hanchan => 2,
        }
    }
}

/// Per-seat results of a match, for summaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Tally {
    /// Hands won.
    pub wins: [u32; SEATS],
    /// Discards another seat won on.
    pub deal_ins: [u32; SEATS],
    /// Hands played.
    pub hands: u32,
    /// Hands ended by exhaustive draw.
    pub draws: u32,
    /// Hands ended by abortive draw.
    pub aborts: u32,
}

/// The match: scores, round wind, dealer, honba and riichi sticks, the hand counter.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Match {
    /// Points by seat.
    pub scores: [i32; SEATS],
    /// The round wind (East, South...).
    pub wind: u8,
    /// The hand within the wind (0..4): the dealer is seat `number`.
    pub number: u8,
    /// Counters (300 points each on a win).
    pub honba: u8,
    /// Riichi sticks on the table.
    pub sticks: u8,
    /// Hands dealt so far (keys each hand's random streams).
    pub dealt: u32,
    /// True once the match is over.
    pub over: bool,
    /// Results so far.
    pub tally: Tally,
}

impl Match {
    /// The dealer's seat.
    pub fn dealer(&self) -> Seat {
        Seat(self.number)
    }

    /// Where the next hand stands, as the dealer's abilities see it: all-last from the last
    /// scheduled hand of `length` on (a single hand is its own all-last).
    pub fn deal_round(&self, length: Length) -> crate::dealer::DealRound {
        let scheduled = u32::from(length.winds()) * SEATS as u32;
        let index = u32::from(self.wind) * SEATS as u32 + u32::from(self.number);
        crate::dealer::DealRound {
            wind: self.wind,
            number: self.number,
            dealer: self.dealer(),
            all_last: index + 1 >= scheduled,
        }
    }

    /// The round wind.
    pub fn round_wind(&self) -> Wind {
        wind(self.wind)
    }

    /// `seat`'s wind.
    pub fn seat_wind(&self, seat: Seat) -> Wind {
        wind((seat.0 + 4 - self.number) % 4)
    }
}

impl MatchState for Match {
    fn standing(&self) -> MatchStanding {
        let t = self.tally;
        let tally = MatchTally {
            hands: t.hands,
            wins: t.wins,
            deal_ins: t.deal_ins,
            draws: t.draws,
        };
        MatchStanding {
            scores: self.scores,
            dealt: self.dealt,
            tally,
            over: self.over,
        }
    }
}

/// The first place: the seat with the most points, a tie going to the earlier seat.
pub fn first_place(scores: &[i32; SEATS]) -> Seat {
    let best = (0..SEATS).fold(0, |best, s| if scores[s] > scores[best] { s } else { best });
    Seat(best as u8)
}

/// The wind with index `i` (0 East .. 3 North).
pub fn wind(i: u8) -> Wind {
    match i % 4 {
        0 => Wind::East,
        1 => Wind::South,
        2 => Wind::West,
        _ => Wind::North,
    }
}

/// The wind's name.
pub fn wind_name(w: Wind) -> &'static str {
    match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All-last from the last scheduled hand on (libsaki's `round + 1 >= roundLimit`): a single
    /// hand is its own all-last, East 4 of an east match, South 4 of a hanchan, and every hand
    /// of an extension.
    #[test]
    fn all_last_starts_at_the_last_scheduled_hand() {
        let at = |wind: u8, number: u8, length: Length| {
            let m = Match {
                wind,
                number,
                ..Match::default()
            };
            let round = m.deal_round(length);
            assert_eq!(round.dealer, Seat(number));
            round.all_last
        };
        assert!(at(0, 0, Length::Kyoku));
        assert!(!at(0, 2, Length::East));
        assert!(at(0, 3, Length::East));
        assert!(at(1, 0, Length::East));
        assert!(!at(0, 3, Length::Hanchan));
        assert!(!at(1, 2, Length::Hanchan));
        assert!(at(1, 3, Length::Hanchan));
        assert!(at(2, 0, Length::Hanchan));
    }
}
