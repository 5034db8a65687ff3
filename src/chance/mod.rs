//! Controllable chance (DESIGN §4): seeded streams per purpose, chance points backed by
//! [`CaseGenerator`]s, and the [`Case`] resource that forces a branch.

mod case;
mod stream;

pub use case::{Case, CaseGenerator, ChanceLog, ChanceRecord, case_probabilities, resolve_chance};
pub use stream::{Purpose, Streams, derive_stream};
