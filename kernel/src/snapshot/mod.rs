//! In-place snapshots: a registry of snapshot-able types, plain-data snapshots,
//! restore by whole table columns without change detection, and a stable checksum.

mod checksum;
mod coverage;
mod part;
mod registry;

pub use checksum::StableHasher;
pub(crate) use coverage::Coverage;
pub(crate) use coverage::resource_ids;
pub use registry::{Snapshot, SnapshotRegistry};

/// The [`checksum`](crate::kernel::Sim::checksum) of the game in `world` (a Bevy app's world
/// built by `AleaPlugin`, or a `Sim`'s), computed from a `&World`: equal to the checksum of
/// [`Sim::from_world`](crate::kernel::Sim::from_world)`(world)` and of a `Sim` in the same
/// state. Client components and entities do not count.
///
/// # Panics
/// If `world` holds no `G` game (it was not built by a [`SimBuilder`](crate::kernel::SimBuilder)
/// for `G`).
pub fn world_checksum<G: crate::kernel::Game>(world: &bevy_ecs::world::World) -> u64 {
    source::<G>(world).with_registry(|registry| registry.checksum(world))
}

/// A snapshot of the game in `world` (a Bevy app's world built by `AleaPlugin`): restore it
/// with [`restore_world`], or into a search `Sim` built by the same builder with
/// [`Sim::restore`](crate::kernel::Sim::restore).
///
/// # Panics
/// As [`world_checksum`].
pub fn world_snapshot<G: crate::kernel::Game>(world: &bevy_ecs::world::World) -> Snapshot {
    source::<G>(world).with_registry(|registry| registry.snapshot(world))
}

/// Restores `snapshot` into the game in `world` in place, whatever client components and
/// entities the world holds; on error nothing changes. Call it between decisions. Values are
/// written bypassing change detection (as every restore): a client redraws after an undo on
/// its own.
///
/// # Panics
/// As [`world_checksum`].
pub fn restore_world<G: crate::kernel::Game>(
    world: &mut bevy_ecs::world::World,
    snapshot: &Snapshot,
) -> Result<(), SnapshotError> {
    source::<G>(world);
    world.resource_scope(
        |world, source: bevy_ecs::prelude::Mut<crate::kernel::SimSource<G>>| {
            source.with_registry(|registry| registry.restore(world, snapshot))
        },
    )
}

/// The world's [`SimSource`](crate::kernel::SimSource), or a panic naming the game.
fn source<G: crate::kernel::Game>(world: &bevy_ecs::world::World) -> &crate::kernel::SimSource<G> {
    world
        .get_resource::<crate::kernel::SimSource<G>>()
        .unwrap_or_else(|| {
            panic!(
                "the world holds no {} game (build it with SimBuilder or AleaPlugin)",
                std::any::type_name::<G>()
            )
        })
}

/// Why a snapshot could not be restored. The world is unchanged in every case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// The snapshot was made by a registry with other types (another game or build).
    #[error("the snapshot was taken from a world with other registered types")]
    OtherRegistry,
    /// More game entities (with a `StableId`) hold a type than the snapshot saved (something
    /// gave a game entity a registered component it did not have, or spawned an entity with a
    /// `StableId`), or a registered resource was inserted or removed: the values cannot all be
    /// written back.
    #[error("the entities holding {type_name} changed since the snapshot")]
    LayoutChanged {
        /// The type whose layout differs.
        type_name: &'static str,
    },
    /// Setup ended with game state no snapshot covers: a game entity or a resource the game's
    /// setup inserted holds a mutable type that is neither registered nor declared not game
    /// state ([`Setup::not_game_state`](crate::kernel::Setup::not_game_state)). A search or a
    /// determinization would leave such a value changed. The kernel registers the components
    /// it puts on entities that change (`Zone`, `Listener`, `DieFace`, `CardId`); its fixed
    /// ones are immutable. Only resources the game's setup inserts are checked (one already in
    /// the world when setup starts is the caller's).
    #[error(
        "{type_name} on {holder} is game state no snapshot covers: register it \
         (Setup::snapshot_component or Setup::snapshot_resource), make it immutable \
         (#[component(immutable)]) if it never changes, or declare it not game state \
         (Setup::not_game_state) if it is a client's presentation or a cache"
    )]
    Unregistered {
        /// The type's name.
        type_name: String,
        /// What holds it (a game entity's stable id and kind, or a resource).
        holder: String,
    },
    /// The snapshot holds a value for an entity this world lacks (or that lacks the type):
    /// the worlds were not built by the same builder.
    #[error("no entity with stable id {id} holds {type_name} in this world")]
    MissingEntity {
        /// The type of the value.
        type_name: &'static str,
        /// The entity's [`StableId`](crate::kernel::StableId).
        id: u32,
    },
}
