//! The duel's data: characters, cards, summons and decks, loaded from RON (`assets/duel/`).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::dice::Face;

/// The dice a skill or card costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Cost {
    /// Dice of the active character's element (omni pays too).
    pub matching: u8,
    /// Dice of one same element, any element (omni pays too).
    pub same: u8,
    /// Any dice.
    pub any: u8,
}

impl Cost {
    /// The number of dice.
    pub fn total(&self) -> u8 {
        self.matching + self.same + self.any
    }
}

/// A normal attack, elemental skill or burst.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skill {
    /// Its name.
    pub name: String,
    /// What it costs (a burst also needs full energy).
    pub cost: Cost,
    /// Damage to the opposing active character.
    #[serde(default)]
    pub damage: u8,
    /// The damage's element (`None`: physical).
    #[serde(default)]
    pub element: Option<Face>,
    /// A summon it creates, by name.
    #[serde(default)]
    pub summon: Option<String>,
    /// Shield points it gives the user.
    #[serde(default)]
    pub shield: u8,
    /// Hit points it heals the user.
    #[serde(default)]
    pub heal: u8,
}

/// A character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    /// Its name (decks refer to it).
    pub name: String,
    /// Its element.
    pub element: Face,
    /// Maximum hit points.
    pub hp: u8,
    /// The energy its burst needs.
    pub energy: u8,
    /// Normal attack, elemental skill, burst.
    pub skills: [Skill; 3],
}

/// What kind of card, also the tag a draw may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardTag {
    /// Played once, then discarded.
    Event,
    /// Attached to the active character until it is defeated.
    Equipment,
    /// Kept in the support zone for some rounds.
    Support,
    /// Can only be tuned (converted into a die), never played: fills a pile in determinization.
    Dummy,
}

/// One outcome of a random effect or a summon's end-phase effect.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Outcome {
    /// Damage to the opposing active character.
    pub damage: u8,
    /// Its element (`None`: physical).
    pub element: Option<Face>,
    /// Hit points healed on the own active character.
    pub heal: u8,
}

/// What a card does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// Nothing (the dummy).
    Nothing,
    /// Heal the active character, or every living one.
    Heal {
        /// Hit points.
        amount: u8,
        /// Every living character instead of the active one.
        all: bool,
    },
    /// Draw cards (of one tag when given).
    Draw {
        /// How many.
        count: u8,
        /// Only cards of this tag.
        tag: Option<CardTag>,
    },
    /// Damage to the opposing active character.
    Damage(Outcome),
    /// One outcome at random, with these weights (a chance point with one case per entry).
    Random(Vec<(u32, Outcome)>),
    /// Energy for the active character.
    Energy(u8),
    /// Shield points for the active character.
    Shield(u8),
    /// Switch to the next living character (a fast action).
    SwitchNext,
    /// Turn up to this many non-omni dice into omni.
    Omni(u8),
    /// Create dice through the black generator (distinct basic elements by default).
    CreateDice(u8),
    /// Create a summon, by name.
    Summon(String),
    /// The active character's next skill deals this much more damage (a buff).
    Empower(u8),
    /// Equipment: the character's skills deal this much more damage.
    DamageBonus(u8),
    /// Equipment: the character takes this much less damage per hit.
    Guard(u8),
    /// Equipment: the character gains this much more energy per skill.
    EnergyBonus(u8),
    /// Support: at each round start, create this many omni dice.
    RoundOmni {
        /// Dice per round.
        count: u8,
        /// Rounds it lasts.
        rounds: u8,
    },
    /// Support: at each end phase, draw this many cards.
    EndDraw {
        /// Cards per round.
        count: u8,
        /// Rounds it lasts.
        rounds: u8,
    },
    /// Support: at each end phase, heal the active character.
    EndHeal {
        /// Hit points per round.
        amount: u8,
        /// Rounds it lasts.
        rounds: u8,
    },
}

/// A card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its name (decks refer to it).
    pub name: String,
    /// Its kind.
    pub tag: CardTag,
    /// What it costs.
    #[serde(default)]
    pub cost: Cost,
    /// What it does.
    pub effect: Effect,
}

/// A summon: acts at each end phase, for some rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summon {
    /// Its name.
    pub name: String,
    /// End phases it acts in.
    pub usages: u8,
    /// What it does at the end phase: one of these, equally likely (a chance point when
    /// there are several).
    pub end_phase: Vec<Outcome>,
}

/// Every character, card and summon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalog {
    /// Characters.
    pub characters: Vec<Character>,
    /// Cards.
    pub cards: Vec<Card>,
    /// Summons.
    pub summons: Vec<Summon>,
}

/// A deck as written: three character names and the card names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckList {
    /// The three characters.
    pub characters: [String; 3],
    /// The cards (repeat a name for copies).
    pub cards: Vec<String>,
}

/// A deck resolved against a catalog.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deck {
    /// Character indices.
    pub characters: [u8; 3],
    /// Card indices.
    pub cards: Vec<u16>,
}

/// The most cards a deck holds.
pub const MAX_DECK: usize = 40;

/// Why data could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// RON that does not parse.
    #[error("{what}: {message}")]
    Ron {
        /// Which file or text.
        what: String,
        /// The parser's message (with its line and column).
        message: String,
    },
    /// A name not in the catalog.
    #[error("unknown {kind} {name:?}")]
    Unknown {
        /// "character", "card" or "summon".
        kind: &'static str,
        /// The name.
        name: String,
    },
    /// A deck with too many cards.
    #[error("a deck holds at most {MAX_DECK} cards, not {0}")]
    DeckTooLarge(usize),
    /// A random effect without outcomes or with zero total weight.
    #[error("card {0:?}: a random effect needs outcomes with positive total weight")]
    EmptyRandom(String),
    /// A random effect or summon with more outcomes than a chance point holds.
    #[error("{0:?}: at most {MAX_OUTCOMES} outcomes")]
    TooManyOutcomes(String),
}

/// The most outcomes of a random effect or a summon's end phase (one chance point).
pub const MAX_OUTCOMES: usize = 8;

/// The embedded catalog (`assets/duel/catalog.ron`).
pub const CATALOG_RON: &str = include_str!("../../../assets/duel/catalog.ron");
/// The embedded first default deck (`assets/duel/deck_fire.ron`).
pub const DECK_A_RON: &str = include_str!("../../../assets/duel/deck_fire.ron");
/// The embedded second default deck (`assets/duel/deck_tide.ron`).
pub const DECK_B_RON: &str = include_str!("../../../assets/duel/deck_tide.ron");

/// The position of the item named `name` (a `kind`) in `items`.
fn find<T>(
    items: &[T],
    name_of: impl Fn(&T) -> &String,
    kind: &'static str,
    name: &str,
) -> Result<usize, CatalogError> {
    items
        .iter()
        .position(|x| name_of(x) == name)
        .ok_or_else(|| CatalogError::Unknown {
            kind,
            name: name.to_string(),
        })
}

fn ron<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> Result<T, CatalogError> {
    ron::from_str(text).map_err(|e| CatalogError::Ron {
        what: what.to_string(),
        message: e.to_string(),
    })
}

impl Catalog {
    /// Parses a catalog from RON text and checks it (summon names, random effects).
    pub fn from_ron(text: &str) -> Result<Catalog, CatalogError> {
        let catalog: Catalog = ron("catalog", text)?;
        for c in &catalog.characters {
            for s in &c.skills {
                if let Some(name) = &s.summon {
                    catalog.summon(name)?;
                }
            }
        }
        for summon in &catalog.summons {
            if summon.end_phase.len() > MAX_OUTCOMES {
                return Err(CatalogError::TooManyOutcomes(summon.name.clone()));
            }
        }
        for card in &catalog.cards {
            match &card.effect {
                Effect::Random(options) if options.len() > MAX_OUTCOMES => {
                    return Err(CatalogError::TooManyOutcomes(card.name.clone()));
                }
                Effect::Summon(name) => {
                    catalog.summon(name)?;
                }
                Effect::Random(options) if options.iter().map(|o| o.0).sum::<u32>() == 0 => {
                    return Err(CatalogError::EmptyRandom(card.name.clone()));
                }
                _ => {}
            }
        }
        Ok(catalog)
    }

    /// The embedded catalog.
    pub fn embedded() -> Arc<Catalog> {
        Arc::new(Catalog::from_ron(CATALOG_RON).expect("the embedded catalog is valid"))
    }

    /// The index of card `name`.
    pub fn card(&self, name: &str) -> Result<u16, CatalogError> {
        find(&self.cards, |c| &c.name, "card", name).map(|i| i as u16)
    }

    /// The index of summon `name`.
    pub fn summon(&self, name: &str) -> Result<u8, CatalogError> {
        find(&self.summons, |c| &c.name, "summon", name).map(|i| i as u8)
    }

    /// The index of character `name`.
    pub fn character(&self, name: &str) -> Result<u8, CatalogError> {
        find(&self.characters, |c| &c.name, "character", name).map(|i| i as u8)
    }

    /// Resolves a deck list against this catalog.
    pub fn deck(&self, list: &DeckList) -> Result<Deck, CatalogError> {
        if list.cards.len() > MAX_DECK {
            return Err(CatalogError::DeckTooLarge(list.cards.len()));
        }
        let mut characters = [0; 3];
        for (slot, name) in characters.iter_mut().zip(&list.characters) {
            *slot = self.character(name)?;
        }
        let cards = list
            .cards
            .iter()
            .map(|n| self.card(n))
            .collect::<Result<_, _>>()?;
        Ok(Deck { characters, cards })
    }

    /// The names of `deck`'s characters and cards, or `None` when an index is outside this
    /// catalog.
    pub fn deck_list(&self, deck: &Deck) -> Option<DeckList> {
        let character = |&i: &u8| self.characters.get(usize::from(i)).map(|c| c.name.clone());
        let [a, b, c] = &deck.characters;
        Some(DeckList {
            characters: [character(a)?, character(b)?, character(c)?],
            cards: deck
                .cards
                .iter()
                .map(|&i| self.cards.get(usize::from(i)).map(|c| c.name.clone()))
                .collect::<Option<_>>()?,
        })
    }

    /// Parses and resolves a deck written in RON.
    pub fn deck_from_ron(&self, what: &str, text: &str) -> Result<Deck, CatalogError> {
        self.deck(&ron::<DeckList>(what, text)?)
    }
}
