//! The duel as a replay record holds it: the two decks by name (against the embedded catalog)
//! and the round limit, so a record is plain JSON and rebuilds the same game.

use serde::{Deserialize, Serialize};

use super::Duel;
use super::catalog::{Catalog, CatalogError, DeckList};

/// A duel's configuration as names: what `simulate duel --out` writes as a record's `rules`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuelRecordRules {
    /// Each seat's deck: characters and cards by name in the embedded catalog.
    pub decks: [DeckList; 2],
    /// The game is a draw after this many rounds.
    pub round_limit: u32,
}

impl Duel {
    /// Its decks by name, or `None` when a deck names an index outside its catalog.
    pub fn record_rules(&self) -> Option<DuelRecordRules> {
        let [a, b] = &self.decks;
        Some(DuelRecordRules {
            decks: [self.catalog.deck_list(a)?, self.catalog.deck_list(b)?],
            round_limit: self.round_limit,
        })
    }

    /// The duel `rules` name, from the embedded catalog.
    pub fn from_record_rules(rules: &DuelRecordRules) -> Result<Duel, CatalogError> {
        let catalog = Catalog::embedded();
        let decks = [
            catalog.deck(&rules.decks[0])?,
            catalog.deck(&rules.decks[1])?,
        ];
        Ok(Duel {
            round_limit: rules.round_limit,
            ..Duel::new(catalog, decks)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_duel_round_trips_through_its_names() {
        let duel = Duel::default();
        let rules = duel.record_rules().unwrap();
        assert_eq!(rules.decks[0].characters, ["Ember", "Volt", "Gale"]);
        let text = serde_json::to_string(&rules).unwrap();
        let back: DuelRecordRules = serde_json::from_str(&text).unwrap();
        assert_eq!(Duel::from_record_rules(&back).unwrap(), duel);
    }

    #[test]
    fn unknown_names_and_indices_are_refused() {
        let mut rules = Duel::default().record_rules().unwrap();
        rules.decks[1].cards[0] = "Wand of Wishes".into();
        assert!(Duel::from_record_rules(&rules).is_err());
        let mut duel = Duel::default();
        duel.decks[0].cards[0] = u16::MAX;
        assert_eq!(duel.record_rules(), None);
    }
}
