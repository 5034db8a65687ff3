//! Controllable chance: seeded streams per purpose, chance points backed by
//! [`CaseGenerator`]s, and the [`Case`] resource that forces a branch.

mod case;
mod stream;
mod weighted;

pub use case::{ActionChance, Case, CaseGenerator, ChanceRecord, case_probabilities};
pub use stream::{Purpose, Streams, derive_stream, sub_seed};
pub use weighted::pick_weighted;
