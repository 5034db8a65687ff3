//! The sgs [`Game::State`](alea::kernel::Game::State): seats, the turn, the question being
//! asked, the draw pile's order and who knows where each card is. Card *locations* are the
//! cards' [`Zone`](alea::kernel::Zone) components; this is everything else that changes.

use serde::{Deserialize, Serialize};

use super::SgsAction;
use super::deck::MAX_CARDS;
use super::evidence::Evidence;
use super::holdings::Holdings;
use alea::kernel::Seat;

pub use super::phase::{MAX_SEATS, Phase, Question};

/// Everyone's hp and max hp at the start.
pub const START_HP: i8 = 4;
/// Cards everyone draws at the start.
pub const START_HAND: u8 = 4;
/// Cards drawn in the draw phase.
pub const DRAW_PHASE: u8 = 2;
/// A slash limit that never runs out (the crossbow's).
pub const UNLIMITED: u8 = u8::MAX;
/// An unused entry of the pile array.
pub const NO_CARD: u8 = u8::MAX;

/// A seat's role. Only the lord's is public until a seat dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Public, moves first; wins with the loyalists.
    Lord,
    /// Wins with the lord.
    Loyalist,
    /// Wins when the lord dies.
    Rebel,
    /// Wins by being the last one standing.
    Renegade,
}

impl Role {
    /// The role as written (`lord`, `loyalist`, `rebel`, `renegade`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Lord => "lord",
            Role::Loyalist => "loyalist",
            Role::Rebel => "rebel",
            Role::Renegade => "renegade",
        }
    }

    /// The side this role wins with.
    pub fn faction(self) -> Faction {
        match self {
            Role::Lord | Role::Loyalist => Faction::Lord,
            Role::Rebel => Faction::Rebels,
            Role::Renegade => Faction::Renegade,
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A side that can win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    /// The lord and the loyalists.
    Lord,
    /// The rebels.
    Rebels,
    /// The renegade.
    Renegade,
}

/// How the game stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Still being played.
    #[default]
    Playing,
    /// A side won.
    Won(Faction),
    /// Both piles ran out, or `max_rounds` rounds were played.
    Draw,
}

impl Outcome {
    /// True once the game is over.
    pub fn is_over(self) -> bool {
        self != Outcome::Playing
    }
}

/// One seat: vitals, role, and the limits its equipment sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatState {
    /// Hit points (below 1: dying).
    pub hp: i8,
    /// Maximum hit points.
    pub max_hp: i8,
    /// Its role (hidden from others unless `revealed`).
    pub role: Role,
    /// Alive.
    pub alive: bool,
    /// Everyone knows its role (the lord; anyone dead).
    pub revealed: bool,
    /// Slashes allowed per play phase (set by `Limits` events: 1, or [`UNLIMITED`]).
    pub slash_limit: u8,
    /// Attack range (set by `Limits` events: 1, or the weapon's).
    pub range: u8,
}

impl Default for SeatState {
    fn default() -> Self {
        SeatState {
            hp: START_HP,
            max_hp: START_HP,
            role: Role::Rebel,
            alive: false,
            revealed: false,
            slash_limit: 1,
            range: 1,
        }
    }
}

/// The trick being resolved (public: it was used face up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    /// Who used it.
    pub user: Seat,
    /// The card.
    pub card: u8,
    /// Its target (the user for ex nihilo).
    pub target: Seat,
}

/// Everything of the game that changes during play apart from where the cards are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SgsState {
    /// Per seat (the first `seats` are used).
    pub seats: [SeatState; MAX_SEATS],
    /// The lord's seat (moves first).
    pub lord: Seat,
    /// Whose turn it is.
    pub current: Seat,
    /// The current seat's phase.
    pub phase: Phase,
    /// Turns started.
    pub turns: u32,
    /// Rounds started (a round starts with the lord's turn).
    pub round: u32,
    /// Slashes used in this play phase.
    pub slashes: u8,
    /// An analeptic was used this turn (outside dying).
    pub analeptic_used: bool,
    /// Extra damage of the current seat's next slash this turn.
    pub drunk: u8,
    /// The trick being resolved.
    pub trick: Option<Trick>,
    /// Nullifications played against the trick being resolved (odd: it is cancelled).
    pub nullifications: u8,
    /// The question being asked.
    pub question: Question,
    /// How the game stands.
    pub outcome: Outcome,
    /// The draw pile, bottom first (the top card is `pile[pile_len - 1]`); unused entries
    /// hold [`NO_CARD`].
    pub pile: [u8; MAX_CARDS],
    /// Cards in the draw pile.
    pub pile_len: u8,
    /// How many cards at the top of the draw pile are in an order that was set (a position's
    /// named top, `Sim::place_on_top`): they are drawn as set; below them each draw is the
    /// [`NextCard`](super::pile::NextCard) chance point.
    pub pile_set: u8,
    /// Per card, a bit per seat that knows where it is (all bits: a public zone).
    pub known: [u8; MAX_CARDS],
    /// A hash of every action taken (public: cards are used face up, discards are seen).
    pub history: u64,
    /// Each seat's hand and equipment (an index of the cards' zones).
    pub holdings: Holdings,
    /// What the seats' passes have shown about their hands (public).
    pub evidence: Evidence,
}

impl Default for SgsState {
    fn default() -> Self {
        SgsState {
            seats: [SeatState::default(); MAX_SEATS],
            lord: Seat(0),
            current: Seat(0),
            phase: Phase::Start,
            turns: 0,
            round: 0,
            slashes: 0,
            analeptic_used: false,
            drunk: 0,
            trick: None,
            nullifications: 0,
            question: Question::None,
            outcome: Outcome::Playing,
            pile: [NO_CARD; MAX_CARDS],
            pile_len: 0,
            pile_set: 0,
            known: [0; MAX_CARDS],
            history: 0,
            holdings: Holdings::default(),
            evidence: Evidence::default(),
        }
    }
}

/// The `known` mask of a card everyone has seen.
pub const EVERYONE: u8 = u8::MAX;

impl SgsState {
    /// Seat `seat`.
    pub fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    /// Seat `seat`, to change.
    pub fn seat_mut(&mut self, seat: Seat) -> &mut SeatState {
        &mut self.seats[seat.index()]
    }

    /// True when `seat` is alive.
    pub fn alive(&self, seat: Seat) -> bool {
        self.seat(seat).alive
    }

    /// The draw pile, bottom first.
    pub fn pile(&self) -> &[u8] {
        &self.pile[..usize::from(self.pile_len)]
    }

    /// Takes the top card of the draw pile.
    pub fn pop_pile(&mut self) -> Option<u8> {
        let len = self.pile_len.checked_sub(1)?;
        self.pile_len = len;
        Some(std::mem::replace(&mut self.pile[usize::from(len)], NO_CARD))
    }

    /// Takes `card` out of the draw pile (the top card fills its place); `None` when the pile
    /// does not hold it.
    pub fn take_from_pile(&mut self, card: u8) -> Option<u8> {
        let len = usize::from(self.pile_len);
        // The top card (an unforced draw) is found first.
        let at = self.pile[..len].iter().rposition(|&c| c == card)?;
        self.pile.swap(at, len - 1);
        self.pop_pile()
    }

    /// Puts `cards` at the bottom of the draw pile (the first of them lowest).
    pub fn put_under_pile(&mut self, cards: &[u8]) {
        let old = usize::from(self.pile_len);
        let total = (old + cards.len()).min(MAX_CARDS);
        self.pile.copy_within(0..old, total - old);
        self.pile[..total - old].copy_from_slice(&cards[..total - old]);
        self.pile_len = total as u8;
    }

    /// True when the trick being resolved is cancelled (an odd number of nullifications).
    pub fn nullified(&self) -> bool {
        self.nullifications % 2 == 1
    }

    /// True when `viewer` knows where `card` is.
    pub fn knows(&self, viewer: Seat, card: u8) -> bool {
        self.known[usize::from(card)] & (1 << viewer.0) != 0
    }

    /// The seat after `seat` clockwise among the living (`seat` itself when alone).
    pub fn next_alive(&self, seat: Seat, seats: u8) -> Seat {
        let mut s = seat;
        for _ in 0..seats {
            s = s.next(seats);
            if self.alive(s) {
                return s;
            }
        }
        seat
    }

    /// The distance from `from` to `to`: seats apart around the living, the shorter way.
    pub fn distance(&self, from: Seat, to: Seat, seats: u8) -> u8 {
        let alive = |s: u8| self.seats[usize::from(s)].alive;
        let clockwise = (1..seats)
            .map(|k| (from.0 + k) % seats)
            .take_while(|&s| s != to.0)
            .filter(|&s| alive(s))
            .count() as u8
            + 1;
        let living = (0..seats)
            .filter(|&s| alive(s) || s == from.0 || s == to.0)
            .count() as u8;
        clockwise.min(living - clockwise)
    }

    /// `seat` passes `question` (asked or not): the pass goes into the public history and
    /// the [`Evidence`].
    pub fn pass(&mut self, seat: Seat, question: Question) {
        self.remember(seat, SgsAction::Pass);
        let hand = self.holdings.hand(seat).len();
        self.evidence.passed(seat, question, hand);
    }

    /// Folds `seat`'s `action` into the public history (a cheap multiply-xorshift mix: the
    /// history only has to tell different sequences apart, and stay the same on every run).
    pub fn remember(&mut self, seat: Seat, action: SgsAction) {
        let code = match action {
            SgsAction::Use { card, target } => {
                1 | u64::from(card) << 8 | u64::from(target.map_or(0xFF, |t| t.0)) << 16
            }
            SgsAction::End => 2,
            SgsAction::Discard { card } => 3 | u64::from(card) << 8,
            SgsAction::Respond(name) => 4 | (name as u64) << 8,
            SgsAction::Pass => 5,
            SgsAction::Take { card } => 6 | u64::from(card) << 8,
            SgsAction::TakeHand => 7,
        } | u64::from(seat.0) << 24;
        let mixed = (self.history ^ code).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.history = mixed ^ (mixed >> 29);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn living(alive: [bool; 4]) -> SgsState {
        let mut st = SgsState::default();
        for (s, a) in st.seats.iter_mut().zip(alive) {
            s.alive = a;
        }
        st
    }

    #[test]
    fn distance_counts_the_living_the_shorter_way() {
        let st = living([true; 4]);
        assert_eq!(st.distance(Seat(0), Seat(1), 4), 1);
        assert_eq!(st.distance(Seat(0), Seat(2), 4), 2);
        assert_eq!(st.distance(Seat(0), Seat(3), 4), 1);
        let st = living([true, false, true, true]);
        assert_eq!(st.distance(Seat(0), Seat(2), 4), 1);
        assert_eq!(st.distance(Seat(0), Seat(3), 4), 1);
        assert_eq!(st.distance(Seat(2), Seat(3), 4), 1);
        let st = living([true, true, false, false]);
        assert_eq!(st.distance(Seat(0), Seat(1), 2), 1);
        assert_eq!(st.distance(Seat(1), Seat(0), 2), 1);
    }

    #[test]
    fn the_pile_pops_from_the_top_and_fills_from_the_bottom() {
        let mut st = SgsState::default();
        st.put_under_pile(&[5, 6]);
        st.put_under_pile(&[7]);
        assert_eq!(st.pile(), &[7, 5, 6]);
        assert_eq!(st.pop_pile(), Some(6));
        assert_eq!(st.pile(), &[7, 5]);
        assert_eq!(st.pile[2], NO_CARD);
        assert_eq!(st.next_alive(Seat(3), 4), Seat(3));
    }
}
