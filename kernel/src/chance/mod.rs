//! Controllable chance: seeded streams per purpose, chance points backed by
//! [`CaseGenerator`]s, and the [`Case`] resource and [`Forced`] paths that force their
//! branches.

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
