//! In-place snapshots: a registry of snapshot-able types, plain-data snapshots,
//! restore by whole table columns without change detection, and a stable checksum.
//!
//! A snapshot is plain data (`Send + Sync`): restore it in place, in the same `Sim` or in one
//! forked from it, and the [`checksum`](crate::kernel::Sim::checksum) says the worlds are equal:
//!
//! ```
//! use alea::prelude::*;
//! use alea_games::games::leduc::{Leduc, LeducAction};
//!
//! let mut sim = SimBuilder::new(Leduc::default()).seed(5).build();
//! let (start, checksum) = (sim.snapshot(), sim.checksum());
//! sim.apply(LeducAction::Raise)?;
//! assert_ne!(sim.checksum(), checksum);
//! sim.restore(&start)?; // in place: no World is rebuilt
//! assert_eq!(sim.checksum(), checksum);
//! // Another thread's Sim of the same game takes the same snapshot.
//! let mut other = sim.fork();
//! other.apply(LeducAction::Call)?;
//! std::thread::scope(|s| s.spawn(|| other.restore(&start)).join().unwrap())?;
//! assert_eq!(other.checksum(), checksum);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod checksum;
mod coverage;
mod error;
mod in_place;
mod layout;
mod part;
mod registry;

pub use checksum::StableHasher;
pub(crate) use coverage::Coverage;
pub(crate) use coverage::resource_ids;
pub use error::SnapshotError;
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
