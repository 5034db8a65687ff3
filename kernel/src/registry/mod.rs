//! The game registry's building blocks: each game describes itself once in a [`GameInfo`]
//! (name, typed [`OptionSpec`]s with defaults and descriptions, player kinds, a builder), and
//! every consumer — the command line, the Python bindings, the tests — reads games through
//! it and through the type-erased [`DynGame`] / [`DynState`] it builds.
//!
//! A registry is a slice of entries: `alea_games::games::REGISTRY` holds the six reference
//! games; a game of your own writes its own entry (see the guide, "Python").
//!
//! ```
//! use std::sync::Arc;
//! use alea::registry::{
//!     GameInfo, OptionDefault, OptionKind, OptionSpec, OptionValue, Record, erase,
//! };
//! use alea_games::games::pig::Pig;
//!
//! const PIG: GameInfo = GameInfo {
//!     name: "pig",
//!     description: "Pig",
//!     options: &[OptionSpec {
//!         name: "target",
//!         kind: OptionKind::Int { min: 1, max: 1000 },
//!         default: OptionDefault::Int(100),
//!         description: "the score that wins",
//!     }],
//!     players: &[],
//!     build: |options| {
//!         let target = options.int("target").unwrap_or(100) as u32;
//!         Ok(erase(Pig { win_score: target, ..Pig::default() }))
//!     },
//! };
//!
//! let (_, game) = PIG.load([("target".to_string(), OptionValue::Int(20))])?;
//! let played = game.play_random(7, Record::Actions)?;
//! assert_eq!(played.returns.len(), 2);
//! // A record replays to the same end.
//! assert_eq!(game.replay(7, &played.actions)?, game.play_random(7, Record::Nothing)?);
//! let error = PIG.load([("target".to_string(), OptionValue::Int(0))]).err().unwrap();
//! assert_eq!(error.to_string(), "option target = 0: expected an integer from 1 to 1000");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dynamic;
mod erased;
mod info;
mod options;
mod search;
mod state;
mod tally;

pub use dynamic::{
    CHANCE, DynGame, DynState, RandomGame, Record, SeatedGame, StateError, Step, TERMINAL,
};
pub use erased::{Erased, erase};
pub use info::{Encoding, GameInfo, Listing, OptionListing, PlayerSpec, find, names};
pub use options::{OptionDefault, OptionError, OptionKind, OptionSpec, OptionValue, Options};
pub use search::{SearchRefused, SearchReport, search_game};
pub use state::SimState;
pub use tally::{Run, Summary, Wins};
