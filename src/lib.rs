//! The `alea` command line (package `alea-cli`): play, simulate, replay, search, deal and
//! profile the games of `alea-games` on the `alea` kernel. See `alea --help`, the README and the book (`docs/`).
#![warn(missing_docs)]

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The book's Rust examples (`docs/src`), run as doc tests; the tutorial's are the example
/// crate's own code, checked word for word by `tests/integration/readme.rs`.
#[cfg(doctest)]
pub mod book {
    #[doc = include_str!("../docs/src/library.md")]
    pub struct Library;
    #[doc = include_str!("../docs/src/benefit.md")]
    pub struct Benefit;
    #[doc = include_str!("../docs/src/bevy.md")]
    pub struct Bevy;
    #[doc = include_str!("../docs/src/dealer-and-abilities.md")]
    pub struct DealerAndAbilities;
    #[doc = include_str!("../docs/src/inference.md")]
    pub struct Inference;
    #[doc = include_str!("../docs/src/games/duel.md")]
    pub struct Duel;
    #[doc = include_str!("../docs/src/games/index.md")]
    pub struct Games;
    #[doc = include_str!("../docs/src/games/mahjong.md")]
    pub struct Mahjong;
    #[doc = include_str!("../docs/src/games/sgs.md")]
    pub struct Sgs;
}

pub mod cli;
