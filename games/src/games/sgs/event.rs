//! Actions and events of sgs. Cards are named by their deck index (see
//! [`Deck`](super::deck::Deck)); [`Sgs::describe`](super::Sgs::describe) writes them in
//! notation.

use serde::{Deserialize, Serialize};

use super::deck::CardName;
use super::phase::Phase;
use alea::kernel::{GameEvent, Seat};

/// A player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SgsAction {
    /// Play phase: use hand card `card`, on `target` (slash, dismantlement, snatch) or on
    /// oneself (`None`: peach, analeptic, ex nihilo, equipment).
    Use {
        /// The card (deck index).
        card: u8,
        /// The target seat, for cards aimed at another seat.
        target: Option<Seat>,
    },
    /// Play phase: end it.
    End,
    /// Discard phase: discard hand card `card`.
    Discard {
        /// The card (deck index).
        card: u8,
    },
    /// Answer a question with a card of this name from the hand (jink, peach, analeptic,
    /// nullification; which copy does not matter, the first in deck order is played).
    Respond(CardName),
    /// Decline to answer.
    Pass,
    /// Dismantlement or snatch: take the target's face-up card `card` (equipment).
    Take {
        /// The card (deck index).
        card: u8,
    },
    /// Dismantlement or snatch: take one of the target's hand cards, blind (a chance point).
    TakeHand,
}

/// What happens in sgs. Its kinds (`SgsEvent::GAME_STARTED`, ...) are numbered by the derive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, GameEvent)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SgsEvent {
    /// The game starts: roles are dealt (or a position is set out), everyone draws, the
    /// first turn begins.
    GameStarted,
    /// `seat`'s turn begins.
    TurnStarted {
        /// Whose turn.
        seat: Seat,
    },
    /// `seat` enters `phase`.
    Phase {
        /// Whose turn.
        seat: Seat,
        /// The phase.
        phase: Phase,
    },
    /// `seat` ends its play phase.
    PlayEnded {
        /// Whose turn.
        seat: Seat,
    },
    /// `seat` draws `count` cards.
    Draw {
        /// Who draws.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// The discard pile is shuffled under the draw pile.
    Reshuffled {
        /// Cards shuffled in.
        cards: u8,
    },
    /// `user` uses `card` (listeners may change the payload before the rules run).
    Use {
        /// Who uses it.
        user: Seat,
        /// The card (deck index).
        card: u8,
        /// Its target (`None`: oneself).
        target: Option<Seat>,
        /// A slash's damage (1, +1 per analeptic drunk this turn).
        damage: u8,
        /// A slash that ignores armor (qinggang sword).
        ignore_armor: bool,
    },
    /// A slash takes effect on `to` (nioh shield may cancel it); `to` may answer with a jink.
    SlashEffect {
        /// Who slashed.
        from: Seat,
        /// The target.
        to: Seat,
        /// The slash (deck index).
        card: u8,
        /// Damage if not dodged.
        damage: u8,
        /// Armor does not count.
        ignore_armor: bool,
    },
    /// `seat` plays `card` in answer to a question (jink, peach, analeptic, nullification).
    Played {
        /// Who plays it.
        seat: Seat,
        /// The card (deck index).
        card: u8,
    },
    /// `to` takes `amount` damage from `from`.
    Damage {
        /// The source (`None`: no one).
        from: Option<Seat>,
        /// The target.
        to: Seat,
        /// Hit points.
        amount: u8,
    },
    /// `seat` recovers `amount` hit points (up to its max).
    Recover {
        /// Who.
        seat: Seat,
        /// Hit points.
        amount: u8,
    },
    /// `seat` is below 1 hp: the living are asked for peaches, from the current seat on.
    Dying {
        /// Who is dying.
        seat: Seat,
        /// Who dealt the damage.
        killer: Option<Seat>,
        /// Seats asked so far (in order from the current seat).
        asked: u8,
    },
    /// `seat` dies.
    Death {
        /// Who.
        seat: Seat,
        /// Who killed it.
        killer: Option<Seat>,
    },
    /// The nullification window of the trick in `state.trick`: holders are asked in turn from
    /// the current seat; after each nullification everyone is asked again (about that one).
    Window {
        /// Seats asked since the last nullification.
        asked: u8,
    },
    /// The trick in `state.trick` takes effect (cancelled when nullified).
    TrickEffect {
        /// Who used it.
        user: Seat,
        /// The trick (deck index).
        card: u8,
        /// Its target.
        target: Seat,
    },
    /// `card` leaves `from`'s hand or equipment: to `to`'s hand (snatch) or discarded.
    Lost {
        /// The owner.
        from: Seat,
        /// The card (deck index).
        card: u8,
        /// The taker (`None`: discarded).
        to: Option<Seat>,
    },
    /// `seat` discards `card` in its discard phase.
    Discard {
        /// Who.
        seat: Seat,
        /// The card (deck index).
        card: u8,
    },
    /// `seat`'s slash limit and attack range are worked out again (after its equipment
    /// changed): the rules store what its equipment's listeners leave in the payload.
    Limits {
        /// Whose.
        seat: Seat,
        /// Slashes per play phase (1 unless a listener lifts it).
        slash_limit: u8,
        /// Attack range (1 unless a weapon says).
        range: u8,
    },
    /// A used card leaves the table for the discard pile.
    Settle {
        /// The card (deck index).
        card: u8,
    },
}
