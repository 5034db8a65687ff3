//! The `alea` command line (package `alea-cli`): play, simulate, replay, search, deal and
//! profile the games of `alea-games` on the `alea` kernel. See `alea --help` and the README.
#![warn(missing_docs)]

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub mod cli;
