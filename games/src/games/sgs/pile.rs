//! Which card a draw takes: a chance point ([`NextCard`]) over the draw pile's cards, each
//! equally likely, whose outcome is the card's deck index — so a search or an OpenSpiel
//! algorithm branches on the draw instead of reading the pile's order, and a forced draw
//! takes the card it names.
//!
//! The pile is still shuffled when it is made (the deal, a reshuffle) and an unforced draw
//! takes its top card, drawing nothing more from a stream: the top of a uniformly shuffled
//! pile is each of its cards with the same probability, so this is the point's sample, and
//! seeded games play as they did before draws were chance points. The cards whose order was
//! set ([`SgsState::pile_set`]: a position's named top, a `Sim::place_on_top`) are drawn as
//! set, not through the point.

use super::deck::MAX_CARDS;
use super::state::SgsState;
use alea::chance::{CaseGenerator, Purpose};

/// The next card drawn: case `k` is the `k`-th card of the draw pile in deck order, each
/// with weight 1; its outcome id is the card's deck index.
pub struct NextCard {
    /// The pile, bottom first.
    pile: [u8; MAX_CARDS],
    len: u8,
    /// The pile's top card's case (what an unforced draw takes).
    top_case: u32,
}

impl NextCard {
    /// The point for the next draw from `state`'s pile (which holds at least one card).
    pub fn of(state: &SgsState) -> NextCard {
        let pile = state.pile();
        let top = pile.last().copied().unwrap_or(0);
        NextCard {
            pile: state.pile,
            len: state.pile_len,
            // Only the top card's rank is needed to draw it: the cards below are counted, not
            // sorted.
            // (summed in bytes: a pile holds at most 128 cards, and bytes vectorize well).
            top_case: u32::from(pile.iter().map(|&card| u8::from(card < top)).sum::<u8>()),
        }
    }

    fn cards(&self) -> &[u8] {
        &self.pile[..usize::from(self.len)]
    }
}

/// The deck index of the `n`-th set bit of `set` (`n < set.count_ones()`).
fn nth_card(set: u128, n: u32) -> u8 {
    let low = set as u64;
    let (mut bits, mut n, base) = match low.count_ones() {
        below if n < below => (low, n, 0),
        below => ((set >> 64) as u64, n - below, 64),
    };
    while n > 0 {
        bits &= bits - 1;
        n -= 1;
    }
    base + bits.trailing_zeros() as u8
}

impl CaseGenerator for NextCard {
    type Outcome = u8;
    fn name(&self) -> &'static str {
        "draw"
    }
    fn max_case(&self) -> u32 {
        u32::from(self.len)
    }
    fn produce(&self, case: u32) -> u8 {
        let cards = self.cards();
        match cards.last() {
            Some(&top) if case == self.top_case => top,
            _ => nth_card(cards.iter().fold(0, |set, &card| set | 1 << card), case),
        }
    }
    /// The card's deck index.
    fn outcome_id(&self, case: u32) -> Option<u32> {
        Some(u32::from(self.produce(case)))
    }
    /// The top card (see the module docs): uniform over the pile's cards across seeds,
    /// and no draw from `rng`, so seeded games keep their streams.
    fn draw_case(&self, _rng: &mut rand_chacha::ChaCha8Rng, _total_weight: u64) -> u32 {
        self.top_case
    }
    fn weight_summary(&self) -> Option<(u64, bool)> {
        Some((u64::from(self.max_case()), true))
    }
    /// A pile of up to a deck: search takes the world's own draw.
    fn wide(&self) -> bool {
        true
    }
    fn purpose(&self) -> Purpose {
        Purpose::Draw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_the_pile_s_cards_in_deck_order_and_the_top_is_the_sample() {
        let mut state = SgsState::default();
        state.put_under_pile(&[40, 3, 77, 12]);
        let point = NextCard::of(&state);
        let cards: Vec<u8> = (0..point.max_case()).map(|k| point.produce(k)).collect();
        assert_eq!(cards, [3, 12, 40, 77]);
        let mut high = SgsState::default();
        high.put_under_pile(&[127, 0, 64, 63, 65]);
        let high = NextCard::of(&high);
        let cards: Vec<u8> = (0..high.max_case()).map(|k| high.produce(k)).collect();
        assert_eq!(cards, [0, 63, 64, 65, 127]);
        assert_eq!(point.outcome_id(2), Some(40));
        // The top is the last card put under (pile[len - 1] = 12): case 1.
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
        assert_eq!(point.draw_case(&mut rng, 4), 1);
        assert_eq!(point.weight_summary(), Some((4, true)));
    }

    #[test]
    fn taking_a_card_from_the_pile_keeps_the_rest() {
        let mut state = SgsState::default();
        state.put_under_pile(&[40, 3, 77, 12]);
        assert_eq!(state.take_from_pile(3), Some(3));
        let mut rest = state.pile().to_vec();
        rest.sort_unstable();
        assert_eq!(rest, [12, 40, 77]);
        assert_eq!(state.take_from_pile(3), None);
        assert_eq!(state.pile().len(), 3);
    }
}
