//! [`Weights`]: what the ledger counts per property point and per card moved, read from RON
//! (`assets/benefit.ron`, FreeKill's numbers, embedded).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::kernel::Zone;
use crate::pipeline::Property;

/// The embedded weights.
pub const WEIGHTS_RON: &str = include_str!("../../assets/benefit.ron");

/// Per property and per zone kind, what a change is worth to its owner.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Per [`Property`] number (`properties[p]`: worth of one point; a game's own properties by
    /// number in the asset, `"70": 5`).
    properties: Vec<f64>,
    /// A card entering a hand (leaving: the opposite).
    pub hand: f64,
    /// A card entering an equipment area.
    pub equipment: f64,
    /// A card entering a judge area.
    pub judge: f64,
    /// A card entering a private pile.
    pub private: f64,
}

/// The asset's shape.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    properties: BTreeMap<String, f64>,
    zones: BTreeMap<String, f64>,
}

/// Why weights cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// Not RON of the right shape.
    #[error("the benefit weights are not valid RON: {0}")]
    Ron(String),
    /// A property or zone no one knows.
    #[error("unknown {kind} {name:?} in the benefit weights (expected one of {expected})")]
    Unknown {
        /// `property` or `zone`.
        kind: &'static str,
        /// The name.
        name: String,
        /// The names known.
        expected: &'static str,
    },
}

const PROPERTIES: [(&str, Property); 5] = [
    ("hp", Property::HP),
    ("shield", Property::SHIELD),
    ("armor", Property::ARMOR),
    ("chained", Property::CHAINED),
    ("turned_over", Property::TURNED_OVER),
];

impl Weights {
    /// The embedded weights (parsed once).
    pub fn embedded() -> Weights {
        static WEIGHTS: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
        WEIGHTS
            .get_or_init(|| {
                Weights::from_ron(WEIGHTS_RON).expect("the embedded benefit weights are valid")
            })
            .clone()
    }

    /// Weights written like `assets/benefit.ron`.
    pub fn from_ron(text: &str) -> Result<Weights, WeightsError> {
        let file: File = ron::from_str(text).map_err(|e| WeightsError::Ron(e.to_string()))?;
        let mut weights = Weights {
            properties: vec![0.0; usize::from(Property::FIRST_CUSTOM)],
            hand: 0.0,
            equipment: 0.0,
            judge: 0.0,
            private: 0.0,
        };
        for (name, value) in file.properties {
            let named = PROPERTIES.iter().find(|(n, _)| *n == name).map(|p| p.1);
            // A game's own properties by number (`Property(64)` and up).
            let numbered = name.parse::<u16>().ok().map(Property);
            let property = named.or(numbered).ok_or(WeightsError::Unknown {
                kind: "property",
                name: name.clone(),
                expected: "hp, shield, armor, chained, turned_over, or a property number",
            })?;
            let index = usize::from(property.0);
            if weights.properties.len() <= index {
                weights.properties.resize(index + 1, 0.0);
            }
            weights.properties[index] = value;
        }
        for (name, value) in file.zones {
            let slot = match name.as_str() {
                "hand" => &mut weights.hand,
                "equipment" => &mut weights.equipment,
                "judge" => &mut weights.judge,
                "private" => &mut weights.private,
                _ => {
                    return Err(WeightsError::Unknown {
                        kind: "zone",
                        name,
                        expected: "hand, equipment, judge, private",
                    });
                }
            };
            *slot = value;
        }
        Ok(weights)
    }

    /// The worth of one point of `property` (0 for properties without a weight).
    pub fn property(&self, property: Property) -> f64 {
        self.properties
            .get(usize::from(property.0))
            .copied()
            .unwrap_or(0.0)
    }

    /// The worth to its owner of a card entering `zone` (0 for zones without a weight:
    /// stock, piles, discards, the table...).
    pub fn entering(&self, zone: Zone) -> f64 {
        match zone {
            Zone::Hand(_) => self.hand,
            Zone::Equipment(_) => self.equipment,
            Zone::Judge(_) => self.judge,
            Zone::Private(_) => self.private,
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Seat;

    #[test]
    fn the_embedded_weights_are_freekills() {
        let w = Weights::embedded();
        assert_eq!(w.property(Property::HP), 200.0);
        assert_eq!(w.property(Property::SHIELD), 150.0);
        assert_eq!(w.property(Property::ARMOR), 150.0);
        assert_eq!(w.property(Property::CHAINED), -80.0);
        assert_eq!(w.property(Property::TURNED_OVER), -330.0);
        assert_eq!(w.property(Property::SCORE), 0.0);
        assert_eq!(w.entering(Zone::Hand(Seat(1))), 90.0);
        assert_eq!(w.entering(Zone::Equipment(Seat(0))), 110.0);
        assert_eq!(w.entering(Zone::Judge(Seat(0))), -180.0);
        assert_eq!(w.entering(Zone::Private(Seat(0))), 60.0);
        assert_eq!(w.entering(Zone::DiscardPile), 0.0);
        assert_eq!(w.entering(Zone::Stock), 0.0);
    }

    #[test]
    fn unknown_names_are_refused() {
        let custom = Weights::from_ron("(properties: {\"70\": 5}, zones: {})").unwrap();
        assert_eq!(custom.property(Property(70)), 5.0);
        assert_eq!(custom.property(Property::HP), 0.0);
        let err = Weights::from_ron("(properties: {\"mana\": 1}, zones: {})").unwrap_err();
        assert!(
            err.to_string().contains("unknown property \"mana\""),
            "{err}"
        );
        let err = Weights::from_ron("(properties: {}, zones: {\"deck\": 1})").unwrap_err();
        assert!(err.to_string().contains("unknown zone \"deck\""), "{err}");
        assert!(matches!(Weights::from_ron("("), Err(WeightsError::Ron(_))));
    }
}
