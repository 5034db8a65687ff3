//! Controllable chance: seeded streams per purpose, chance points backed by
//! [`CaseGenerator`]s, and the [`Case`] resource that forces a branch.

mod case;
mod die;
mod stream;
mod weighted;

pub use case::{ActionChance, Case, CaseGenerator, ChanceRecord, case_probabilities};
pub use die::Die;
pub use stream::{Purpose, Streams, derive_stream, sub_seed};
pub use weighted::pick_weighted;
