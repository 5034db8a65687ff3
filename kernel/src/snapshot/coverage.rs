//! What snapshots must cover: the check that ends every setup.
//!
//! A snapshot restores the registered types only, so a game value of another type that changes
//! during play survives a restore: a search would leave the real world changed. Setup therefore
//! refuses to finish ([`SnapshotError::Unregistered`]) while a game entity (one with a
//! [`StableId`](crate::kernel::StableId)) or a resource the game's setup inserted holds a
//! *mutable* type that is neither registered nor declared not game state
//! ([`Setup::not_game_state`](crate::kernel::Setup::not_game_state): a client's presentation, a cache). Immutable types
//! (`#[component(immutable)]`) cannot change in place, so they need no registration; the
//! kernel's own changing components ([`Zone`](crate::kernel::Zone),
//! [`Listener`](crate::pipeline::Listener), [`DieFace`](crate::kernel::DieFace),
//! [`CardId`](crate::kernel::CardId)) are registered by the kernel itself.

use std::any::TypeId;
use std::collections::HashSet;

use bevy_ecs::component::ComponentId;
use bevy_ecs::prelude::*;

use super::error::SnapshotError;
use super::registry::SnapshotRegistry;
use crate::kernel::StableId;

/// The game state outside the snapshots, found when setup ends: what the audit allowed
/// (immutable types, and types declared not game state) and the resources the game inserted.
#[derive(Clone, Debug, Default)]
pub(crate) struct Coverage {
    /// Component ids the registry saves.
    pub(crate) registered: HashSet<ComponentId>,
    /// Types declared not game state ([`Setup::not_game_state`](crate::kernel::Setup::not_game_state)).
    pub(crate) client: HashSet<ComponentId>,
    /// The resources the game's setup inserted.
    pub(crate) game_resources: Vec<ComponentId>,
}

impl Coverage {
    /// Checks `world` once the game's setup and the events it emitted are done: every mutable
    /// type on the game entities (those with a [`StableId`]) and on the resources inserted
    /// since `before` was taken is registered in `registry` or declared not game state
    /// (`client`). The first uncovered type is the error, naming it and its holder.
    pub(crate) fn audit(
        world: &World,
        registry: &SnapshotRegistry,
        client: &[TypeId],
        before: &HashSet<ComponentId>,
    ) -> Result<Coverage, SnapshotError> {
        let components = world.components();
        let ids = |types: &mut dyn Iterator<Item = TypeId>| -> HashSet<ComponentId> {
            types.filter_map(|t| components.get_id(t)).collect()
        };
        let coverage = Coverage {
            registered: ids(&mut registry.type_ids()),
            client: ids(&mut client.iter().copied()),
            game_resources: resource_ids(world)
                .filter(|id| !before.contains(id))
                .collect(),
        };
        // Game entities are the ones with a stable id: one look per archetype of them.
        let Some(stable) = world.component_id::<StableId>() else {
            return coverage.check_resources(world);
        };
        for archetype in world.archetypes().iter() {
            let Some(first) = archetype.entities().first() else {
                continue;
            };
            if !archetype.contains(stable) {
                continue;
            }
            for &id in archetype.components() {
                coverage.check(world, id, || holder(world, first.id()))?;
            }
        }
        coverage.check_resources(world)
    }

    /// The resources the game inserted are covered; then the coverage.
    fn check_resources(self, world: &World) -> Result<Coverage, SnapshotError> {
        for &id in &self.game_resources {
            self.check(world, id, || "a resource the game's setup inserted".into())?;
        }
        Ok(self)
    }

    /// `id` is covered: registered, declared not game state, or immutable.
    fn check(
        &self,
        world: &World,
        id: ComponentId,
        holder: impl FnOnce() -> String,
    ) -> Result<(), SnapshotError> {
        if self.registered.contains(&id) || self.client.contains(&id) {
            return Ok(());
        }
        match world.components().get_info(id) {
            Some(info) if info.mutable() => Err(SnapshotError::Unregistered {
                type_name: info.name().to_string(),
                holder: holder(),
            }),
            _ => Ok(()),
        }
    }

    /// True when game state of type `id` must keep its value between a snapshot and its
    /// restore: neither registered (the restore puts it back) nor declared not game state.
    /// Such types are the immutable ones.
    #[cfg(feature = "testing")]
    pub(crate) fn must_not_change(&self, id: ComponentId) -> bool {
        !self.registered.contains(&id) && !self.client.contains(&id)
    }

    /// The resources the game's setup inserted.
    #[cfg(feature = "testing")]
    pub(crate) fn game_resources(&self) -> &[ComponentId] {
        &self.game_resources
    }
}

/// The component ids of every resource in `world`.
pub(crate) fn resource_ids(world: &World) -> impl Iterator<Item = ComponentId> + '_ {
    world.iter_resources().map(|(id, _, _)| id)
}

/// A game entity in words: its stable id and what it is.
fn holder(world: &World, entity: Entity) -> String {
    let id = world.get::<StableId>(entity).map_or(u32::MAX, |id| id.0);
    match world.get::<crate::kernel::Kind>(entity) {
        Some(kind) => format!("game entity {id} ({kind:?})"),
        None => format!("game entity {id}"),
    }
}
