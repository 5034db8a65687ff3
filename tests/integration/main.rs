//! All integration tests, in one binary (each test binary re-links bevy_ecs).

mod alloc_count;
#[cfg(feature = "bevy")]
mod bevy;
mod chance;
mod dealer;
mod determinism;
mod dice;
mod duel;
mod mount;
mod pipeline;
mod probe;
mod riichi;
mod scoring;
mod search;
mod snapshot;
