//! Which card a draw takes: a chance point ([`NextCard`]) over the cards of the seat's pile a
//! draw may take (of the draw's tag, if it has one), whose outcome is the card's catalog
//! index — so a search or an OpenSpiel algorithm branches on the draw instead of reading the
//! pile's order, and a forced draw takes the card it names.
//!
//! A pile is still shuffled when it is made (the deal, a mulligan) and an unforced draw takes
//! the first card of its tag from the top, drawing nothing more from a stream: in a uniformly
//! shuffled pile that card is each of the tag's cards with the same probability, so this is
//! the point's sample, and seeded games play as they did before draws were chance points. A
//! pile whose order was set ([`DuelControl::pile_set`]: `determinize::set_pile`) is drawn
//! in that order, not through the point.

use super::state::{CARD_SLOTS, DuelControl, HAND_LIMIT};
use super::{Duel, catalog::CardTag, zones};
use alea::chance::{CaseGenerator, Purpose};
use alea::kernel::{Seat, Zone};
use alea::pipeline::Ctx;

/// The next card drawn: case `k` is the `k`-th distinct card (catalog index, ascending) among
/// the cards the draw may take, weighted by its copies there; its outcome id is the catalog
/// index.
pub struct NextCard {
    ids: [u16; CARD_SLOTS],
    copies: [u8; CARD_SLOTS],
    len: u8,
    total: u8,
    /// The case of the first card the draw may take from the top.
    top: u32,
}

impl NextCard {
    /// The point over `cards` (catalog indices, the pile's order: top first).
    pub fn of(cards: impl IntoIterator<Item = u16>) -> NextCard {
        let mut point = NextCard {
            ids: [0; CARD_SLOTS],
            copies: [0; CARD_SLOTS],
            len: 0,
            total: 0,
            top: 0,
        };
        let mut first = None;
        for card in cards {
            first.get_or_insert(card);
            point.total += 1;
            let len = usize::from(point.len);
            match point.ids[..len].binary_search(&card) {
                Ok(at) => point.copies[at] += 1,
                Err(at) => {
                    point.ids.copy_within(at..len, at + 1);
                    point.copies.copy_within(at..len, at + 1);
                    (point.ids[at], point.copies[at]) = (card, 1);
                    point.len += 1;
                }
            }
        }
        if let Some(first) = first {
            let len = usize::from(point.len);
            point.top = point.ids[..len].binary_search(&first).unwrap_or(0) as u32;
        }
        point
    }

    /// True when the draw may take no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl CaseGenerator for NextCard {
    type Outcome = u16;
    fn name(&self) -> &'static str {
        "draw"
    }
    fn max_case(&self) -> u32 {
        u32::from(self.len)
    }
    fn produce(&self, case: u32) -> u16 {
        self.ids[case as usize]
    }
    fn weight(&self, case: u32) -> u32 {
        u32::from(self.copies[case as usize])
    }
    /// The card's catalog index.
    fn outcome_id(&self, case: u32) -> Option<u32> {
        Some(u32::from(self.produce(case)))
    }
    /// The first card the draw may take from the top (see the module docs): no draw from
    /// `rng`, so seeded games keep their streams.
    fn draw_case(&self, _rng: &mut rand_chacha::ChaCha8Rng, _total_weight: u64) -> u32 {
        self.top
    }
    fn weight_summary(&self) -> Option<(u64, bool)> {
        let copies = &self.copies[..usize::from(self.len)];
        let uniform = copies.iter().all(|&c| c == copies[0]);
        Some((u64::from(self.total), uniform))
    }
    /// A pile of up to 30 cards: search takes the world's own draw.
    fn wide(&self) -> bool {
        true
    }
    fn purpose(&self) -> Purpose {
        Purpose::Draw
    }
}

/// Draws up to `count` cards (of `tag` when given) from `seat`'s pile, each the [`NextCard`]
/// chance point (in order when the pile's order is set); returns how many went into the hand
/// (the others, past the hand limit, to the discards).
pub fn draw(ctx: &mut Ctx<'_, Duel>, seat: Seat, count: u8, tag: Option<CardTag>) -> u8 {
    let rules = ctx.rules();
    let world = ctx.world();
    let set = world.resource::<DuelControl>().pile_set[seat.index()];
    let cards = zones::seat_cards(world, seat);
    let (pile, n) = cards.pile(seat);
    // The slots the draw may take, top first; a drawn one is taken out.
    let mut may_take = [0u8; CARD_SLOTS];
    let mut left = 0;
    for &slot in &pile[..n] {
        if tag.is_none_or(|t| zones::tag(rules, cards.card[usize::from(slot)]) == t) {
            may_take[left] = slot;
            left += 1;
        }
    }
    let mut in_hand = cards.slots_in(Zone::Hand(seat)).count();
    let mut kept = 0;
    for _ in 0..count {
        let at = match set {
            _ if left == 0 => break,
            true => 0,
            false => {
                let point =
                    NextCard::of(may_take[..left].iter().map(|&s| cards.card[usize::from(s)]));
                let card = ctx.chance(&point);
                let found = may_take[..left]
                    .iter()
                    .position(|&s| cards.card[usize::from(s)] == card);
                let Some(at) = found else { break };
                at
            }
        };
        let slot = usize::from(may_take[at]);
        may_take.copy_within(at + 1..left, at);
        left -= 1;
        let entity = zones::cards(rules, seat)[slot];
        let to = zones::move_card(ctx.world(), entity, seat, in_hand >= HAND_LIMIT);
        in_hand += usize::from(to == Zone::Hand(seat));
        kept += u8::from(to == Zone::Hand(seat));
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_the_distinct_cards_weighted_by_copies_and_the_top_is_the_sample() {
        let point = NextCard::of([9, 4, 9, 17, 4, 4]);
        let cases: Vec<(u16, u32)> = (0..point.max_case())
            .map(|k| (point.produce(k), point.weight(k)))
            .collect();
        assert_eq!(cases, [(4, 3), (9, 2), (17, 1)]);
        assert_eq!(point.outcome_id(2), Some(17));
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
        assert_eq!(point.draw_case(&mut rng, 6), 1, "the top card, 9");
        assert_eq!(point.weight_summary(), Some((6, false)));
        assert!(NextCard::of([]).is_empty());
    }
}
