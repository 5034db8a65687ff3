//! The table layout a registry last saved from, and the stamp a snapshot keeps of it. A
//! restore into the same world by the same registry, the layout unchanged since the snapshot
//! was saved, can copy the columns back without checking each part's tables (what makes
//! restoring cheap when a worker `Sim` takes turns holding the games of many envs). The
//! layout lives in the registry, read hot at every save and restore; a snapshot keeps two
//! words (read cold: a batch's snapshots outgrow the caches).

use std::sync::atomic::{AtomicU64, Ordering};

use bevy_ecs::entity::Entity;
use bevy_ecs::world::{World, WorldId};

/// A process-unique id for a [`SnapshotRegistry`](super::SnapshotRegistry) (its parts'
/// queries belong to it: two registries may walk the same tables in different orders).
pub(super) fn next_registry_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Which registry saved a snapshot, and in which of the layouts it recorded (its serial).
/// The default stamp matches no registry (their ids start at 1).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Stamp {
    registry: u64,
    serial: u64,
}

/// The table layout of a registry's world when it last saved from a new one: every table's
/// entities, in order, and how many archetypes there were (a part's query only ever matches
/// more tables when archetypes are added), with a serial that counts the layouts recorded.
#[derive(Default)]
pub(super) struct TableLayout {
    serial: u64,
    world: Option<WorldId>,
    archetypes: usize,
    /// The number of entities of each table, in table order.
    lengths: Vec<u32>,
    /// Every table's entities, table after table.
    entities: Vec<Entity>,
}

impl TableLayout {
    /// The stamp of a snapshot `registry` saves from `world`, recording `world`'s layout first
    /// (under a new serial) unless it is the one recorded last.
    pub(super) fn stamp(&mut self, registry: u64, world: &World) -> Stamp {
        if !self.matches(world) {
            self.record(world);
        }
        Stamp {
            registry,
            serial: self.serial,
        }
    }

    /// True when a snapshot stamped `stamp` was saved by `registry` in the layout recorded
    /// last, and `world` is still in it: each part's query then walks the tables the
    /// snapshot's columns came from, and each table's rows are the rows saved.
    pub(super) fn kept(&self, stamp: Stamp, registry: u64, world: &World) -> bool {
        stamp.registry == registry && stamp.serial == self.serial && self.matches(world)
    }

    /// Records `world`'s layout under a new serial (reusing the buffers).
    fn record(&mut self, world: &World) {
        self.serial += 1;
        self.world = Some(world.id());
        self.archetypes = world.archetypes().len();
        self.lengths.clear();
        self.entities.clear();
        for table in world.storages().tables.iter() {
            self.lengths.push(table.entity_count());
            self.entities.extend_from_slice(table.entities());
        }
    }

    /// True when `world` is the world recorded, no archetype added, and every table holds the
    /// same entities in the same rows.
    fn matches(&self, world: &World) -> bool {
        if self.world != Some(world.id()) || self.archetypes != world.archetypes().len() {
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
}
