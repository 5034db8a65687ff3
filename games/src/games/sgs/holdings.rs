//! [`Holdings`]: which cards each seat holds in its hand and equipment area, as bit sets —
//! an index of the cards' [`Zone`] components, kept in the game's state by the one function
//! that moves cards (the rules' `move_card`), so the rules ask "what is in
//! this hand?" without reading the world. The invariant tests check it against the zones
//! after every event.

use super::deck::{CardClass, CardName, Deck};
use super::phase::MAX_SEATS;
use alea::kernel::{Seat, Zone};

/// The cards of a bit set (bit `i`: card `i`), in deck order.
#[derive(Clone, Copy, Debug)]
pub struct Cards(pub u128);

impl Iterator for Cards {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let card = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cards {}

/// Each seat's hand and equipment, as bit sets of deck indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Holdings {
    hands: [u128; MAX_SEATS],
    equipment: [u128; MAX_SEATS],
}

impl Holdings {
    /// The holdings of cards in `zones` (card `i` in `zones[i]`).
    pub fn of(zones: impl IntoIterator<Item = Zone>) -> Holdings {
        let mut holdings = Holdings::default();
        for (card, zone) in (0u8..).zip(zones) {
            holdings.set(card, zone, true);
        }
        holdings
    }

    fn set(&mut self, card: u8, zone: Zone, on: bool) {
        let (sets, seat) = match zone {
            Zone::Hand(s) => (&mut self.hands, s),
            Zone::Equipment(s) => (&mut self.equipment, s),
            _ => return,
        };
        if let (Some(set), Some(bit)) = (sets.get_mut(seat.index()), 1u128.checked_shl(card.into()))
        {
            if on {
                *set |= bit;
            } else {
                *set &= !bit;
            }
        }
    }

    /// Card `card` moved from `from` to `to`.
    pub fn moved(&mut self, card: u8, from: Zone, to: Zone) {
        self.set(card, from, false);
        self.set(card, to, true);
    }

    fn of_seat(sets: &[u128; MAX_SEATS], seat: Seat) -> u128 {
        sets.get(seat.index()).copied().unwrap_or(0)
    }

    /// `seat`'s hand, in deck order.
    pub fn hand(&self, seat: Seat) -> Cards {
        Cards(Self::of_seat(&self.hands, seat))
    }

    /// `seat`'s equipment, in deck order.
    pub fn equipment(&self, seat: Seat) -> Cards {
        Cards(Self::of_seat(&self.equipment, seat))
    }

    /// The cards `seat` holds in hand and equipment.
    pub fn held(&self, seat: Seat) -> usize {
        (Self::of_seat(&self.hands, seat) | Self::of_seat(&self.equipment, seat)).count_ones()
            as usize
    }

    /// The first card named `name` in `seat`'s hand (deck order).
    pub fn first_in_hand(&self, deck: &Deck, seat: Seat, name: CardName) -> Option<u8> {
        self.hand(seat).find(|&c| deck.card(c).name == name)
    }

    /// The card in `seat`'s equipment slot for `class` (weapon or armor).
    pub fn equipped(&self, deck: &Deck, seat: Seat, class: CardClass) -> Option<u8> {
        self.equipment(seat)
            .find(|&c| deck.card(c).name.class() == class)
    }
}
