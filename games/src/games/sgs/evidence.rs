//! Evidence: what a seat's passes have shown about its hand, and how likely a dealt hand is
//! given them — the opponent model of the posterior fill
//! ([`determinize_posterior`](super::determinize_posterior)).
//!
//! TrustAI and SmartAI answer a slash with a jink whenever they hold one, and save themselves
//! when dying with a peach or an analeptic whenever they hold one. So a seat that passes its
//! jink question held no jink among the cards in its hand then (a [`Denial::Jink`]), and a
//! dying seat that passes its own peach question held no peach and no analeptic
//! ([`Denial::Save`]). Per seat and denial, [`Evidence`] counts the cards of the hand *now*
//! that were certainly in it at the pass: the hand's size at the pass, less one for every card
//! since gone from the hand that could have been one of them (any card but a denied one) —
//! a lower bound, since a card gone may have been drawn after. It follows from the actions
//! and the public moves alone, so it is public: a card snatched blind into another hand, whose
//! name only two seats see, counts as any card. A card the viewer knows arrived after the pass
//! (one snatched from it) still counts as possibly old: the inference is weaker there, never
//! told what the table did not see.
//!
//! The likelihood of a dealt hand of `h` cards holding `j` denied cards, `c` of its cards
//! cleared: the `c` old cards are taken to be any `c` of the hand, equally likely, and none of
//! them may be denied — `C(h − j, c) / C(h, c)` — softened by a [`LAPSE`]: a seat may pass
//! holding the card (another player, a plan) with that probability.

use super::deck::CardName;
use super::phase::{MAX_SEATS, Question};
use alea::kernel::Seat;

/// The probability that a seat passes a question it could answer (the model's slack: a
/// dealt hand that contradicts a pass keeps this weight instead of none).
pub const LAPSE: f64 = 0.05;

/// Deals drawn per posterior determinization, one kept in proportion to its likelihood.
pub const CANDIDATES: usize = 16;

/// What a pass denies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Denial {
    /// A passed jink question: no jink.
    Jink,
    /// A dying seat's passed question: no peach, no analeptic.
    Save,
}

impl Denial {
    /// Both denials, in index order.
    pub const ALL: [Denial; 2] = [Denial::Jink, Denial::Save];

    /// True when a card named `name` is one the pass denies.
    pub fn denies(self, name: CardName) -> bool {
        match self {
            Denial::Jink => name == CardName::Jink,
            Denial::Save => matches!(name, CardName::Peach | CardName::Analeptic),
        }
    }
}

/// Per seat and denial, the hand cards known to be from a hand that denied it (see
/// [the module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Evidence {
    cleared: [[u8; 2]; MAX_SEATS],
}

impl Evidence {
    /// `seat` passed `question` holding `hand` cards.
    pub fn passed(&mut self, seat: Seat, question: Question, hand: usize) {
        let denial = match question {
            Question::Jink { to, .. } if to == seat => Denial::Jink,
            Question::Peach { dying } if dying == seat => Denial::Save,
            _ => return,
        };
        if let Some(cleared) = self.cleared.get_mut(seat.index()) {
            cleared[denial as usize] = hand.min(usize::from(u8::MAX)) as u8;
        }
    }

    /// A card left `seat`'s hand, which now holds `hand` cards: named `name` when the table
    /// saw it, `None` when only some seats did (a card snatched blind into another hand: any
    /// card, for the evidence, so it stays public).
    pub fn left(&mut self, seat: Seat, name: Option<CardName>, hand: usize) {
        let Some(cleared) = self.cleared.get_mut(seat.index()) else {
            return;
        };
        for denial in Denial::ALL {
            let count = &mut cleared[denial as usize];
            if !name.is_some_and(|name| denial.denies(name)) {
                *count = count.saturating_sub(1);
            }
            *count = (*count).min(hand.min(usize::from(u8::MAX)) as u8);
        }
    }

    /// The cards of `seat`'s hand known to be from a hand that denied `denial`.
    pub fn cleared(&self, seat: Seat, denial: Denial) -> u8 {
        self.cleared
            .get(seat.index())
            .map_or(0, |c| c[denial as usize])
    }

    /// True when no seat but `viewer` has denied anything (the viewer's own passes weigh
    /// every deal alike).
    pub fn says_nothing_to(&self, viewer: Seat) -> bool {
        let mut others = self.cleared.iter().enumerate();
        others.all(|(s, c)| s == viewer.index() || c.iter().all(|&c| c == 0))
    }

    /// The likelihood of `seat`'s passes if it holds `hand` cards of which `denied[d]` are
    /// ones denial `d` denies (see [the module docs](self)).
    pub fn likelihood(&self, seat: Seat, hand: usize, denied: [usize; 2]) -> f64 {
        Denial::ALL
            .iter()
            .map(|&d| {
                let cleared = usize::from(self.cleared(seat, d)).min(hand);
                let clean = no_denied_among(hand, denied[d as usize], cleared);
                LAPSE + (1.0 - LAPSE) * clean
            })
            .product()
    }
}

/// The probability that `cleared` cards taken at random from a hand of `hand` cards, `denied`
/// of them denied, include none of those: `C(hand − denied, cleared) / C(hand, cleared)`.
fn no_denied_among(hand: usize, denied: usize, cleared: usize) -> f64 {
    if denied == 0 || cleared == 0 {
        return 1.0;
    }
    if hand < denied + cleared {
        return 0.0;
    }
    (0..cleared)
        .map(|i| (hand - denied - i) as f64 / (hand - i) as f64)
        .product()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_clears_the_hand_and_cards_gone_wear_it_down() {
        let mut e = Evidence::default();
        let jink = |to| Question::Jink { from: Seat(0), to };
        // Another seat's question, or another seat's dying, says nothing about seat 1.
        e.passed(Seat(1), jink(Seat(2)), 4);
        e.passed(Seat(1), Question::Peach { dying: Seat(2) }, 4);
        assert!(e.says_nothing_to(Seat(0)));
        e.passed(Seat(1), jink(Seat(1)), 4);
        assert!(!e.says_nothing_to(Seat(0)));
        assert!(e.says_nothing_to(Seat(1)));
        assert_eq!(e.cleared(Seat(1), Denial::Jink), 4);
        assert_eq!(e.cleared(Seat(1), Denial::Save), 0);
        // A jink played later was drawn later: the four old cards are all still there.
        e.left(Seat(1), Some(CardName::Jink), 5);
        assert_eq!(e.cleared(Seat(1), Denial::Jink), 4);
        // A slash may have been one of them, and so may a card the table did not see.
        e.left(Seat(1), Some(CardName::Slash), 5);
        assert_eq!(e.cleared(Seat(1), Denial::Jink), 3);
        e.left(Seat(1), None, 4);
        assert_eq!(e.cleared(Seat(1), Denial::Jink), 2);
        // Never more than the hand holds.
        e.left(Seat(1), Some(CardName::Jink), 1);
        assert_eq!(e.cleared(Seat(1), Denial::Jink), 1);
        e.passed(Seat(1), Question::Peach { dying: Seat(1) }, 1);
        assert_eq!(e.cleared(Seat(1), Denial::Save), 1);
        assert_eq!(e.cleared(Seat(5), Denial::Save), 0);
    }

    #[test]
    fn the_likelihood_is_hypergeometric_with_a_lapse() {
        let mut e = Evidence::default();
        // No evidence: every hand is as likely.
        assert_eq!(e.likelihood(Seat(1), 4, [2, 1]), 1.0);
        e.passed(
            Seat(1),
            Question::Jink {
                from: Seat(0),
                to: Seat(1),
            },
            2,
        );
        // 2 of 4 cards cleared, 1 jink among the 4: C(3, 2) / C(4, 2) = 3 / 6.
        let half = LAPSE + (1.0 - LAPSE) * 0.5;
        assert!((e.likelihood(Seat(1), 4, [1, 0]) - half).abs() < 1e-12);
        // 3 jinks in 4 cards leave no 2 clean ones: only the lapse.
        assert!((e.likelihood(Seat(1), 4, [3, 0]) - LAPSE).abs() < 1e-12);
        assert_eq!(e.likelihood(Seat(1), 4, [0, 4]), 1.0);
        // C(4, 3) / C(6, 3) = 4 / 20.
        assert!((no_denied_among(6, 2, 3) - 0.2).abs() < 1e-12);
        assert_eq!(no_denied_among(6, 4, 3), 0.0);
    }
}
