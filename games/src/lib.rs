//! The tile machinery and the six reference games of alea, on its kernel (the `alea` library,
//! package `alea-kernel`):
//!
//! - [`tiles`], [`mount`], [`dealer`], [`scoring`]: tiles, the dual-space wall, the staged
//!   dealer with abilities, riichi and sichuan scoring; [`dice`]: dice generation expressions;
//! - [`games`]: Pig, Leduc, the duel, riichi and sichuan mahjong, sgs.
//!
//! ```
//! use alea::prelude::*;
//! use alea_games::games::pig::{Pig, PigAction};
//!
//! let mut sim = SimBuilder::new(Pig::default()).seed(7).build();
//! sim.apply(PigAction::Roll)?;
//! assert_eq!(sim.returns().len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

pub mod dealer;
pub mod dice;
pub mod games;
pub mod mount;
pub mod scoring;
pub mod tiles;
