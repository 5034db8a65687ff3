//! Where a snapshot was saved: the registry, the world and that world's table layout then.
//! A restore into the same world by the same registry, its layout unchanged, can copy the
//! columns back without checking each part's tables (what makes restoring cheap when a
//! worker `Sim` takes turns holding the games of many envs).

use std::sync::atomic::{AtomicU64, Ordering};

use bevy_ecs::entity::Entity;
use bevy_ecs::world::{World, WorldId};

/// A process-unique id for a [`SnapshotRegistry`](super::SnapshotRegistry) (its parts'
/// queries belong to it: two registries may walk the same tables in different orders).
pub(super) fn next_registry_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The table layout of a world when a snapshot was saved from it: every table's entities,
/// in order, and how many archetypes there were (a part's query only ever matches more
/// tables when archetypes are added).
#[derive(Default)]
pub(super) struct TableLayout {
    registry: u64,
    world: Option<WorldId>,
    archetypes: usize,
    /// The number of entities of each table, in table order.
    lengths: Vec<u32>,
    /// Every table's entities, table after table.
    entities: Vec<Entity>,
}

impl TableLayout {
    /// Records `world`'s layout as `registry` saves from it (reusing the buffers).
    pub(super) fn record(&mut self, registry: u64, world: &World) {
        self.registry = registry;
        self.world = Some(world.id());
        self.archetypes = world.archetypes().len();
        self.lengths.clear();
        self.entities.clear();
        for table in world.storages().tables.iter() {
            self.lengths.push(table.entity_count());
            self.entities.extend_from_slice(table.entities());
        }
    }

    /// True when `registry` saving from or restoring into `world` finds the layout recorded:
    /// the same registry and world, no archetype added, and every table holding the same
    /// entities in the same rows. Each part's query then walks the same tables, and each
    /// table's rows are the rows saved.
    pub(super) fn matches(&self, registry: u64, world: &World) -> bool {
        if self.registry != registry
            || self.world != Some(world.id())
            || self.archetypes != world.archetypes().len()
        {
            return false;
        }
        let tables = &world.storages().tables;
        if tables.len() != self.lengths.len() {
            return false;
        }
        let mut offset = 0usize;
        for (table, &length) in tables.iter().zip(&self.lengths) {
            let entities = table.entities();
            if entities.len() != length as usize
                || self.entities.get(offset..offset + entities.len()) != Some(entities)
            {
                return false;
            }
            offset += entities.len();
        }
        true
    }

    /// Forgets the layout (a snapshot saved anew then records it again).
    pub(super) fn clear(&mut self) {
        self.registry = 0;
        self.world = None;
    }
}
