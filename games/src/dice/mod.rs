//! Dice and dice generation expressions: the eight faces, the DGE parser, and the
//! roll and black generators, which are [`CaseGenerator`](alea::chance::CaseGenerator)s.
//!
//! ```
//! use alea_games::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, Team};
//!
//! let expr: DiceExpr = "pyro@3, cryo@1, black@2, white@2".parse().unwrap();
//! let team = Team::new(&[Face::Pyro, Face::Hydro, Face::Cryo], 0);
//! let generator = DiceGenerator::new(&expr, 8, GeneratorKind::Roll, &team).unwrap();
//! let dice = generator.sample(&mut alea::chance::derive_stream(7, 3, 0));
//! assert_eq!(dice.len(), 8);
//! assert_eq!(&dice[..4], &[Face::Pyro, Face::Pyro, Face::Pyro, Face::Cryo]);
//! ```

mod expr;
mod face;
mod generate;

pub use expr::{DiceExpr, DiceExprError, ExprReason, FaceSpec, Term};
pub use face::{BASIC, Face, UnknownFace};
pub use generate::{DiceError, DiceGenerator, GeneratorKind, MAX_DICE, Team};
