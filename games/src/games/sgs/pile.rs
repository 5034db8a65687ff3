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

use super::cards::answer::Pick;
use super::holdings::Cards;
use super::state::SgsState;
use alea::chance::{CaseGenerator, Purpose};

/// The next card drawn: case `k` is the `k`-th card of the draw pile in deck order, each
/// with weight 1; its outcome id is the card's deck index.
pub struct NextCard {
    pick: Pick,
    /// The case of the pile's top card (what an unforced draw takes).
    top: u32,
}

impl NextCard {
    /// The point for the next draw from `state`'s pile (which holds at least one card).
    pub fn of(state: &SgsState) -> NextCard {
        let pile = state.pile();
        let set = pile.iter().fold(0u128, |set, &card| set | 1 << card);
        let top = pile
            .last()
            .map_or(0, |&card| (set & ((1u128 << card) - 1)).count_ones());
        NextCard {
            pick: Pick::among("draw", Cards(set)),
            top,
        }
    }
}

impl CaseGenerator for NextCard {
    type Outcome = u8;
    fn name(&self) -> &'static str {
        "draw"
    }
    fn max_case(&self) -> u32 {
        self.pick.max_case()
    }
    fn produce(&self, case: u32) -> u8 {
        self.pick.produce(case)
    }
    /// The card's deck index.
    fn outcome_id(&self, case: u32) -> Option<u32> {
        self.pick.outcome_id(case)
    }
    /// The top card (see the module docs): uniform over the pile's cards across seeds,
    /// and no draw from `rng`, so seeded games keep their streams.
    fn draw_case(&self, _rng: &mut rand_chacha::ChaCha8Rng, _total_weight: u64) -> u32 {
        self.top
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
