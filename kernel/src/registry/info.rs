//! A registry entry: [`GameInfo`], what a game is called, what options and players it takes,
//! and how it is built.

use std::sync::Arc;

use serde::Serialize;

use super::dynamic::DynGame;
use super::options::{OptionDefault, OptionError, OptionKind, OptionSpec, OptionValue, Options};

/// A kind of player a game's `--players` (or Python's `players=`) names.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PlayerSpec {
    /// The name (`random`, `ismcts:N`, ...).
    pub name: &'static str,
    /// What it does, in one sentence.
    pub description: &'static str,
}

/// One registered game: its name, typed options and player kinds, and its builder. Each
/// game writes one (beside the game), and a registry is a slice of them.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The name (`pig`, `leduc`, `riichi`, ...): Python's `load_game(name)` and the CLI's.
    pub name: &'static str,
    /// The game in one sentence.
    pub description: &'static str,
    /// The options it takes.
    pub options: &'static [OptionSpec],
    /// The players its rich commands (`play`, `simulate`) seat; every game also plays
    /// uniformly random players through [`DynGame::play_random`].
    pub players: &'static [PlayerSpec],
    /// Builds the game from checked options ([`GameInfo::load`] checks them first).
    pub build: fn(&Options) -> Result<Arc<dyn DynGame>, OptionError>,
}

impl GameInfo {
    /// Checks `given` against the game's options (defaults filled in).
    pub fn options(
        &self,
        given: impl IntoIterator<Item = (String, OptionValue)>,
    ) -> Result<Options, OptionError> {
        Options::check(self.name, self.options, given)
    }

    /// Checks `given` and builds the game.
    pub fn load(
        &self,
        given: impl IntoIterator<Item = (String, OptionValue)>,
    ) -> Result<(Options, Arc<dyn DynGame>), OptionError> {
        let options = self.options(given)?;
        let game = (self.build)(&options)?;
        Ok((options, game))
    }

    /// The game's numbers with its default options, when it builds with them.
    fn encoding(&self) -> Option<Encoding> {
        let game = (self.build)(&self.options([]).ok()?).ok()?;
        Some(Encoding {
            observation_shape: game.shape(),
            observation: game.observation_layout(),
            num_actions: game.num_actions(),
            actions: game.action_layout(),
        })
    }

    /// The entry as `alea games --json` lists it.
    pub fn listing(&self) -> Listing {
        Listing {
            name: self.name,
            description: self.description,
            options: self
                .options
                .iter()
                .map(|spec| OptionListing {
                    name: spec.name,
                    kind: spec.kind.name(),
                    default: match spec.default {
                        OptionDefault::Absent => None,
                        default => default.value(),
                    },
                    allowed: spec.kind.expected(),
                    range: match spec.kind {
                        OptionKind::Int { min, max } => Some([min, max]),
                        _ => None,
                    },
                    description: spec.description,
                })
                .collect(),
            players: self.players.to_vec(),
            encoding: self.encoding(),
        }
    }
}

/// The entry named `name` in `registry`, or an error listing the names it has.
pub fn find<'a>(registry: &'a [GameInfo], name: &str) -> Result<&'a GameInfo, OptionError> {
    registry
        .iter()
        .find(|info| info.name == name)
        .ok_or_else(|| OptionError::UnknownGame {
            name: name.into(),
            known: names(registry).join(", "),
        })
}

/// The names of `registry`'s games, in order.
pub fn names(registry: &[GameInfo]) -> Vec<&'static str> {
    registry.iter().map(|info| info.name).collect()
}

/// A registered game as `alea games --json` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    /// The name.
    pub name: &'static str,
    /// The game in one sentence.
    pub description: &'static str,
    /// Its options.
    pub options: Vec<OptionListing>,
    /// Its player kinds.
    pub players: Vec<PlayerSpec>,
    /// Its observation and action ids with the default options (`null` when it needs an
    /// option to be built).
    pub encoding: Option<Encoding>,
}

/// A game's numbers as `alea games --json` lists them: what the observation's indices and the
/// action ids mean ([`Encode::observation_layout`](crate::encode::Encode::observation_layout),
/// [`Encode::action_layout`](crate::encode::Encode::action_layout)).
#[derive(Clone, Debug, Serialize)]
pub struct Encoding {
    /// The observation tensor's shape.
    pub observation_shape: Vec<usize>,
    /// Its parts, over the flattened indices.
    pub observation: Vec<crate::encode::Part>,
    /// Action ids are `0..num_actions`.
    pub num_actions: u32,
    /// Their parts.
    pub actions: Vec<crate::encode::Part>,
}

/// One option as `alea games --json` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct OptionListing {
    /// The name.
    pub name: &'static str,
    /// `int`, `choice`, `text` or `list`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The default (`null`: absent unless given).
    pub default: Option<OptionValue>,
    /// The values it takes, in words.
    pub allowed: String,
    /// An integer option's smallest and largest values.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<[i64; 2]>,
    /// What it sets.
    pub description: &'static str,
}
