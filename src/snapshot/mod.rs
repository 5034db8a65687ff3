//! In-place snapshots (DESIGN §5): a registry of snapshot-able types, plain-data snapshots,
//! restore by whole table columns without change detection, and a stable checksum.

mod checksum;
mod part;
mod registry;

pub use checksum::StableHasher;
pub use registry::{Snapshot, SnapshotRegistry};

/// Why a snapshot could not be restored. The world is unchanged in every case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// The snapshot was made by a registry with other types (another game or build).
    #[error("the snapshot was taken from a world with other registered types")]
    OtherRegistry,
    /// The world's entities changed since the snapshot (something spawned, despawned or
    /// changed archetype), so the saved columns no longer line up.
    #[error("the entities holding {type_name} changed since the snapshot")]
    LayoutChanged {
        /// The type whose layout differs.
        type_name: &'static str,
    },
}
