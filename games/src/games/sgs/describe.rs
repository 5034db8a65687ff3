//! Words for the log: actions and events with cards in notation.

use super::{Sgs, SgsAction, SgsEvent};
use alea::kernel::Seat;

impl Sgs {
    /// `card` in notation (`slash/S7`), `a hidden card` for
    /// [`UNKNOWN_CARD`](super::UNKNOWN_CARD), or `#n` for another index outside the deck.
    pub fn card_name(&self, card: u8) -> String {
        if card == super::UNKNOWN_CARD {
            "a hidden card".into()
        } else if usize::from(card) < self.deck.len() {
            self.deck.card(card).to_string()
        } else {
            format!("#{card}")
        }
    }

    /// What `seat` does with `action`, for the log (`uses slash/S7 on P1`).
    pub fn describe_action(&self, seat: Seat, action: SgsAction) -> String {
        let card = |c| self.card_name(c);
        match action {
            SgsAction::Use {
                card: c,
                target: Some(t),
            } => format!("{seat} uses {} on {t}", card(c)),
            SgsAction::Use { card: c, .. } => format!("{seat} uses {}", card(c)),
            SgsAction::End => format!("{seat} ends the play phase"),
            SgsAction::Discard { card: c } => format!("{seat} discards {}", card(c)),
            SgsAction::Respond(name) => format!("{seat} answers with a {name}"),
            SgsAction::Pass => format!("{seat} passes"),
            SgsAction::Take { card: c } => format!("{seat} chooses {}", card(c)),
            SgsAction::TakeHand => format!("{seat} chooses a hand card"),
        }
    }

    /// What `action` is, without who takes it (`slash/S7 on P1`, `end the play phase`).
    pub fn action_name(&self, action: SgsAction) -> String {
        let card = |c| self.card_name(c);
        match action {
            SgsAction::Use {
                card: c,
                target: Some(t),
            } => format!("{} on {t}", card(c)),
            SgsAction::Use { card: c, .. } => card(c),
            SgsAction::End => "end the play phase".into(),
            SgsAction::Discard { card: c } => format!("discard {}", card(c)),
            SgsAction::Respond(name) => format!("answer with a {name}"),
            SgsAction::Pass => "pass".into(),
            SgsAction::Take { card: c } => format!("take {}", card(c)),
            SgsAction::TakeHand => "take a hand card".into(),
        }
    }

    /// What `event` says, for the log; `None` for bookkeeping the log leaves out (phases,
    /// limits, cards settling, the nullification window itself).
    pub fn describe(&self, event: &SgsEvent) -> Option<String> {
        let card = |c| self.card_name(c);
        Some(match *event {
            SgsEvent::GameStarted => "the game starts".into(),
            SgsEvent::TurnStarted { seat } => format!("{seat}'s turn"),
            SgsEvent::Draw { seat, count } => format!("{seat} draws {count}"),
            SgsEvent::Reshuffled { cards } => {
                format!("the discard pile ({cards} cards) is shuffled into the draw pile")
            }
            SgsEvent::Use {
                user,
                card: c,
                target: Some(t),
                ..
            } => format!("{user} uses {} on {t}", card(c)),
            SgsEvent::Use { user, card: c, .. } => format!("{user} uses {}", card(c)),
            SgsEvent::SlashEffect {
                from,
                to,
                card: c,
                damage,
                ..
            } => format!("{from}'s {} on {to} ({damage} damage)", card(c)),
            SgsEvent::Played { seat, card: c } => format!("{seat} plays {}", card(c)),
            SgsEvent::Damage { to, amount, .. } => format!("{to} takes {amount} damage"),
            SgsEvent::Recover { seat, amount } => format!("{seat} recovers {amount}"),
            SgsEvent::Dying { seat, .. } => format!("{seat} is dying"),
            SgsEvent::Death { seat, .. } => format!("{seat} dies"),
            SgsEvent::TrickEffect {
                card: c, target, ..
            } => format!("{} takes effect on {target}", card(c)),
            SgsEvent::Lost {
                from,
                card: c,
                to: Some(to),
            } => format!("{to} takes {} from {from}", card(c)),
            SgsEvent::Lost { from, card: c, .. } => format!("{from} loses {}", card(c)),
            SgsEvent::Discard { seat, card: c } => format!("{seat} discards {}", card(c)),
            SgsEvent::Phase { .. }
            | SgsEvent::PlayEnded { .. }
            | SgsEvent::Window { .. }
            | SgsEvent::Limits { .. }
            | SgsEvent::Settle { .. } => return None,
        })
    }
}
