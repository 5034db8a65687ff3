//! The cards: names, suits, ranks and the deck, read from `assets/sgs/cards.ron`, and the
//! card notation `name/SR`.

use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

/// The most cards a deck may hold (card indices are `u8`; the state keeps fixed arrays).
pub const MAX_CARDS: usize = 128;

/// The embedded deck, `assets/sgs/cards.ron`.
pub const DECK_RON: &str = include_str!("../../../assets/sgs/cards.ron");

/// A card's suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♠ (black).
    Spade,
    /// ♥ (red).
    Heart,
    /// ♣ (black).
    Club,
    /// ♦ (red).
    Diamond,
}

impl Suit {
    /// Spades and clubs are black.
    pub fn is_black(self) -> bool {
        matches!(self, Suit::Spade | Suit::Club)
    }

    fn letter(self) -> char {
        match self {
            Suit::Spade => 'S',
            Suit::Heart => 'H',
            Suit::Club => 'C',
            Suit::Diamond => 'D',
        }
    }
}

/// What a card is. Its behaviour lives in `cards/<name>.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardName {
    /// Basic: 1 damage to a seat in range, once per play phase; a jink answers it.
    Slash,
    /// Basic: answers a slash.
    Jink,
    /// Basic: recover 1 (oneself when wounded, or whoever is dying).
    Peach,
    /// Basic: the next slash this turn +1 damage; recover 1 when used on oneself while dying.
    Analeptic,
    /// Trick: discard a card of another seat.
    Dismantlement,
    /// Trick: take a card of a seat at distance 1.
    Snatch,
    /// Trick: draw 2.
    ExNihilo,
    /// Trick: cancels a trick's effect (or another nullification).
    Nullification,
    /// Weapon (range 1): no slash limit.
    Crossbow,
    /// Weapon (range 2): the wearer's slashes ignore armor.
    QinggangSword,
    /// Armor: black slashes have no effect on the wearer.
    NiohShield,
}

/// The broad class of a card: how it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardClass {
    /// Slash, jink, peach, analeptic.
    Basic,
    /// A trick (nullifiable).
    Trick,
    /// Goes to the equipment area's weapon slot.
    Weapon,
    /// Goes to the equipment area's armor slot.
    Armor,
}

impl CardName {
    /// Every card name, in declaration order.
    pub const ALL: [CardName; 11] = [
        CardName::Slash,
        CardName::Jink,
        CardName::Peach,
        CardName::Analeptic,
        CardName::Dismantlement,
        CardName::Snatch,
        CardName::ExNihilo,
        CardName::Nullification,
        CardName::Crossbow,
        CardName::QinggangSword,
        CardName::NiohShield,
    ];

    /// The name as written in notation and assets (`qinggang_sword`).
    pub fn as_str(self) -> &'static str {
        match self {
            CardName::Slash => "slash",
            CardName::Jink => "jink",
            CardName::Peach => "peach",
            CardName::Analeptic => "analeptic",
            CardName::Dismantlement => "dismantlement",
            CardName::Snatch => "snatch",
            CardName::ExNihilo => "ex_nihilo",
            CardName::Nullification => "nullification",
            CardName::Crossbow => "crossbow",
            CardName::QinggangSword => "qinggang_sword",
            CardName::NiohShield => "nioh_shield",
        }
    }

    /// The card's class.
    pub fn class(self) -> CardClass {
        match self {
            CardName::Slash | CardName::Jink | CardName::Peach | CardName::Analeptic => {
                CardClass::Basic
            }
            CardName::Dismantlement
            | CardName::Snatch
            | CardName::ExNihilo
            | CardName::Nullification => CardClass::Trick,
            CardName::Crossbow | CardName::QinggangSword => CardClass::Weapon,
            CardName::NiohShield => CardClass::Armor,
        }
    }

    /// True for weapons and armor.
    pub fn is_equipment(self) -> bool {
        matches!(self.class(), CardClass::Weapon | CardClass::Armor)
    }
}

impl std::fmt::Display for CardName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for CardName {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        CardName::ALL
            .into_iter()
            .find(|n| n.as_str() == s)
            .ok_or_else(|| {
                let known: Vec<&str> = CardName::ALL.iter().map(|n| n.as_str()).collect();
                format!(
                    "unknown card name {s:?} (expected one of {})",
                    known.join(", ")
                )
            })
    }
}

/// One card: its name, suit and rank (1 = A, 11 = J, 12 = Q, 13 = K).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// What it is.
    pub name: CardName,
    /// Its suit.
    pub suit: Suit,
    /// Its rank, 1..=13.
    pub rank: u8,
}

impl std::fmt::Display for Card {
    /// `name/SR`, e.g. `slash/S7`, `crossbow/CA`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rank = match self.rank {
            1 => "A".to_string(),
            11 => "J".to_string(),
            12 => "Q".to_string(),
            13 => "K".to_string(),
            n => n.to_string(),
        };
        write!(f, "{}/{}{rank}", self.name, self.suit.letter())
    }
}

/// Parses a suit and rank, `S7`, `H10`, `CA`, `DK`.
fn parse_suit_rank(s: &str) -> Result<(Suit, u8), String> {
    let mut chars = s.chars();
    let suit = match chars.next() {
        Some('S') => Suit::Spade,
        Some('H') => Suit::Heart,
        Some('C') => Suit::Club,
        Some('D') => Suit::Diamond,
        _ => return Err(format!("{s:?}: a suit is S, H, C or D")),
    };
    let rank = match chars.as_str() {
        "A" => 1,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        n => match n.parse::<u8>() {
            Ok(r @ 2..=10) => r,
            _ => return Err(format!("{s:?}: a rank is A, 2..10, J, Q or K")),
        },
    };
    Ok((suit, rank))
}

impl FromStr for Card {
    type Err = String;
    /// `name/SR`.
    fn from_str(s: &str) -> Result<Self, String> {
        let (name, suit_rank) = s
            .split_once('/')
            .ok_or_else(|| format!("{s:?} is not a card: write name/SR, e.g. slash/S7"))?;
        let name: CardName = name.parse()?;
        let (suit, rank) = parse_suit_rank(suit_rank)?;
        Ok(Card { name, suit, rank })
    }
}

/// One entry of a deck as written (the asset, a replay line): a card name, a weapon's range,
/// and one `SR` per copy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    /// The card name (`slash`).
    pub name: String,
    /// A weapon's attack range (0 for other cards).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub range: u8,
    /// What keeping the card is worth to an AI (FreeKill's AI keep value; default 100): the
    /// SmartAI discards the cards worth least.
    #[serde(default = "default_keep", skip_serializing_if = "is_default_keep")]
    pub keep: u16,
    /// Suit and rank of each copy (`S7`, `HQ`).
    pub copies: Vec<String>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn default_keep() -> u16 {
    100
}

fn is_default_keep(n: &u16) -> bool {
    *n == 100
}

/// Why a deck cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// The RON does not parse.
    #[error("the deck is not valid RON: {0}")]
    Ron(String),
    /// An entry is wrong.
    #[error("deck entry {entry} ({name}): {reason}")]
    Entry {
        /// 0-based entry index.
        entry: usize,
        /// Its name as written.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// Too many cards.
    #[error("the deck holds {0} cards; at most {MAX_CARDS}")]
    TooLarge(usize),
}

/// The deck: every card, in deck order (a card's index is its identity), and the weapons'
/// attack ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    cards: Vec<Card>,
    ranges: [u8; CardName::ALL.len()],
    keeps: [u16; CardName::ALL.len()],
}

impl Deck {
    /// The embedded deck (81 cards), parsed once.
    pub fn embedded() -> Arc<Deck> {
        static DECK: OnceLock<Arc<Deck>> = OnceLock::new();
        DECK.get_or_init(|| Arc::new(Deck::from_ron(DECK_RON).expect("the embedded deck is valid")))
            .clone()
    }

    /// Reads a deck written like `assets/sgs/cards.ron`.
    pub fn from_ron(text: &str) -> Result<Deck, DeckError> {
        let entries: Vec<DeckEntry> =
            ron::from_str(text).map_err(|e| DeckError::Ron(e.to_string()))?;
        Deck::from_entries(&entries)
    }

    /// The deck as entries, one per run of copies of a card name in deck order (what
    /// [`from_entries`](Self::from_entries) reads back into the same deck).
    pub fn entries(&self) -> Vec<DeckEntry> {
        let mut entries: Vec<DeckEntry> = Vec::new();
        for card in &self.cards {
            let copy = card.to_string();
            let copy = copy
                .split_once('/')
                .map_or(copy.clone(), |(_, sr)| sr.to_string());
            match entries.last_mut() {
                Some(last) if last.name == card.name.as_str() => last.copies.push(copy),
                _ => entries.push(DeckEntry {
                    name: card.name.as_str().to_string(),
                    range: self.range(card.name),
                    keep: self.keep(card.name),
                    copies: vec![copy],
                }),
            }
        }
        entries
    }

    /// Reads a deck from its entries (deck order: entry by entry, copy by copy).
    pub fn from_entries(entries: &[DeckEntry]) -> Result<Deck, DeckError> {
        let mut deck = Deck {
            cards: Vec::new(),
            ranges: [0; CardName::ALL.len()],
            keeps: [100; CardName::ALL.len()],
        };
        for (i, entry) in entries.iter().enumerate() {
            let bad = |reason: String| DeckError::Entry {
                entry: i,
                name: entry.name.clone(),
                reason,
            };
            let name: CardName = entry.name.parse().map_err(bad)?;
            match (name.class(), entry.range) {
                (CardClass::Weapon, range @ 1..) => deck.ranges[name as usize] = range,
                (CardClass::Weapon, _) => {
                    return Err(bad("a weapon needs a range of 1 or more".into()));
                }
                (_, 1..) => return Err(bad("only weapons have a range".into())),
                (_, 0) => {}
            }
            deck.keeps[name as usize] = entry.keep;
            for copy in &entry.copies {
                let (suit, rank) = parse_suit_rank(copy).map_err(bad)?;
                deck.cards.push(Card { name, suit, rank });
            }
        }
        if deck.cards.len() > MAX_CARDS {
            return Err(DeckError::TooLarge(deck.cards.len()));
        }
        Ok(deck)
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True for an empty deck.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Card `index` (its identity).
    ///
    /// # Panics
    /// If `index` is not a card of this deck.
    pub fn card(&self, index: u8) -> Card {
        self.cards[usize::from(index)]
    }

    /// Every card, in deck order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The attack range of a weapon (0 for other cards).
    pub fn range(&self, name: CardName) -> u8 {
        self.ranges[name as usize]
    }

    /// What keeping a card named `name` is worth to an AI (its deck entry's `keep`).
    pub fn keep(&self, name: CardName) -> u16 {
        self.keeps[name as usize]
    }

    /// The indices of the copies of `card` (same name, suit and rank), in deck order.
    pub fn copies(&self, card: Card) -> impl Iterator<Item = u8> + '_ {
        (0u8..)
            .zip(&self.cards)
            .filter(move |(_, c)| **c == card)
            .map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_deck_is_designs_81_cards() {
        let deck = Deck::embedded();
        assert_eq!(deck.len(), 81);
        let count = |name| deck.cards().iter().filter(|c| c.name == name).count();
        let expected = [
            (CardName::Slash, 30),
            (CardName::Jink, 15),
            (CardName::Peach, 8),
            (CardName::Analeptic, 5),
            (CardName::Dismantlement, 6),
            (CardName::Snatch, 5),
            (CardName::ExNihilo, 4),
            (CardName::Nullification, 4),
            (CardName::Crossbow, 2),
            (CardName::QinggangSword, 1),
            (CardName::NiohShield, 1),
        ];
        for (name, n) in expected {
            assert_eq!(count(name), n, "{name}");
        }
        assert_eq!(deck.range(CardName::Crossbow), 1);
        assert_eq!(deck.range(CardName::QinggangSword), 2);
        let s8: Card = "slash/S8".parse().unwrap();
        assert_eq!(deck.copies(s8).count(), 2);
        assert_eq!(deck.copies("nioh_shield/C2".parse().unwrap()).count(), 1);
        assert_eq!(deck.card(0).to_string(), "slash/S7");
        let reds = deck
            .cards()
            .iter()
            .filter(|c| c.name == CardName::Slash && !c.suit.is_black())
            .count();
        assert_eq!(reds, 9);
    }

    #[test]
    fn notation_round_trips_and_names_its_errors() {
        for text in [
            "slash/S7",
            "slash/H10",
            "crossbow/CA",
            "jink/DK",
            "ex_nihilo/HJ",
        ] {
            assert_eq!(text.parse::<Card>().unwrap().to_string(), text);
        }
        assert!("slash/S1".parse::<Card>().unwrap_err().contains("rank"));
        assert!("slash/X7".parse::<Card>().unwrap_err().contains("suit"));
        assert!(
            "sword/S7"
                .parse::<Card>()
                .unwrap_err()
                .contains("unknown card name")
        );
        assert!("slash".parse::<Card>().unwrap_err().contains("name/SR"));
    }

    #[test]
    fn a_bad_deck_is_refused_with_the_entry() {
        let err = Deck::from_ron(r#"[(name: "slash", copies: ["S7", "Z9"])]"#).unwrap_err();
        assert!(err.to_string().contains("entry 0 (slash)"), "{err}");
        let err = Deck::from_ron(r#"[(name: "crossbow", copies: ["CA"])]"#).unwrap_err();
        assert!(err.to_string().contains("range"), "{err}");
        let err = Deck::from_ron(r#"[(name: "jink", range: 2, copies: ["D2"])]"#).unwrap_err();
        assert!(err.to_string().contains("only weapons"), "{err}");
        assert!(matches!(Deck::from_ron("[("), Err(DeckError::Ron(_))));
    }

    #[test]
    fn a_deck_round_trips_through_its_entries() {
        let deck = Deck::embedded();
        assert_eq!(Deck::from_entries(&deck.entries()).unwrap(), *deck);
        assert_eq!(deck.entries().len(), 11);
    }
}
