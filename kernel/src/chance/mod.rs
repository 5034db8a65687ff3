//! Controllable chance: seeded streams per purpose, chance points backed by
//! [`CaseGenerator`]s, and the [`Case`] resource and [`Forced`] paths that force their
//! branches.
//!
//! A chance point lists its cases with their probabilities, a [`Case`] forces one, and the
//! action's [`ChanceRecord`]s say what happened (Pig: a roll is one point, six faces):
//!
//! ```
//! use alea::prelude::*;
//! use alea::search::chance_outcomes;
//! use alea_games::games::pig::{Pig, PigAction};
//!
//! let mut sim = SimBuilder::new(Pig::default()).seed(3).build();
//! // The outcomes a roll can have, each 1/6, without changing the world.
//! let outcomes = chance_outcomes(&mut sim, PigAction::Roll)?;
//! assert_eq!(outcomes.len(), 6);
//! assert!(outcomes.iter().all(|&(_, p)| (p - 1.0 / 6.0).abs() < 1e-12));
//! // Force case 0 (the die shows 1: the turn passes), and read the record.
//! sim.set_case(Some(0));
//! sim.apply(PigAction::Roll)?;
//! let roll = &sim.chance_log()[0];
//! assert_eq!((roll.case, roll.max_case, roll.forced), (0, 6, true));
//! assert_eq!(sim.table().active, Seat(1));
//! // Unforced, the same seed draws the same case from the seeded streams.
//! let draw = |seed| -> Result<u32, SimError> {
//!     let mut sim = SimBuilder::new(Pig::default()).seed(seed).build();
//!     sim.apply(PigAction::Roll)?;
//!     Ok(sim.chance_log()[0].case)
//! };
//! assert_eq!(draw(9)?, draw(9)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod case;
mod die;
mod stream;
mod weighted;

pub use case::{
    ActionChance, Case, CaseGenerator, ChanceRecord, Forced, ListedCase, MAX_FORCED,
    case_probabilities,
};
pub use die::Die;
pub use stream::{Purpose, Streams, derive_stream, sub_seed};
pub use weighted::pick_weighted;
