//! Duplicate evaluation of a registered game's players: an [`Arena`] seats the game's own
//! player kinds (`ismcts`, `greedy`, `smart`, ...) and plays each deal once per distinct cyclic
//! rotation of the seating, so every kind sits in every seat of every deal and meets the same
//! randomness there; the kinds are then compared deal by deal ([`ArenaReport`]).
//!
//! A deal is one game of the game's length dealt from `sub_seed(seed, deal)`: every rotation
//! of it starts from the same seed, so its chance streams (walls keyed by round, decks, dice)
//! are the same wherever the players' choices let them be, and seat-bound things (roles,
//! decks, seated abilities) stay with the seat while the players rotate through them. Seat
//! `s`'s player is seeded from `sub_seed(deal seed, s)` in every rotation.
//!
//! Deals are independent and reported in deal order, so a report is the same for any number of
//! threads, and shards of deals ([`Arena::play`] over a range) merge into the report of the
//! whole run ([`ArenaDeals::merge`]).
//!
//! ```
//! use alea::arena::Arena;
//! use alea_games::games::REGISTRY;
//!
//! let (_, leduc) = alea::registry::find(REGISTRY, "leduc")?.load([])?;
//! let arena = Arena::new(leduc, &["random".to_string()])?;
//! let deals = arena.play(0..20, 7, 1, &|_| {})?;
//! let report = deals.report()?;
//! // Every seat is `random`: one kind, its mean the table's (zero-sum: 0).
//! assert_eq!(report.players.len(), 1);
//! assert!(report.players[0].estimate.mean.abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod play;
mod report;
mod seating;

pub use play::{Arena, ArenaDeals, Deal};
pub use report::{ArenaReport, Difference, Estimate, PlayerResult, estimate, running_means, t975};
pub use seating::Seating;

/// Why an arena could not be run (nothing of it is reported).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// The caller asked for something the arena cannot do (no players, an unknown player, more
    /// players than seats, no deals, shards that do not make a run).
    #[error("{0}")]
    Usage(String),
    /// A deal's game failed.
    #[error("deal {deal}, rotation {rotation}: {message}")]
    Game {
        /// The deal.
        deal: u64,
        /// The rotation of its seating.
        rotation: usize,
        /// What failed.
        message: String,
    },
}
