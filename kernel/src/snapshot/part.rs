//! One registered type's share of a snapshot: how to save, verify, restore and hash it.

use std::any::{Any, TypeId};
use std::hash::{Hash, Hasher};

use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryState;

use super::error::SnapshotError;
use crate::kernel::{ResourceSlot, StableId};

/// A part's buffer inside a [`Snapshot`](super::Snapshot).
pub(crate) type PartBuffer = Box<dyn Any + Send + Sync>;

/// Saves and restores one component or resource type.
pub(crate) trait Part: Send + Sync {
    /// The registered type's name (for errors and fingerprints).
    fn type_name(&self) -> &'static str;
    /// The registered type.
    fn type_id(&self) -> TypeId;
    /// An empty buffer for this part.
    fn new_buffer(&self) -> PartBuffer;
    /// The same part for another world built by the same builder (`None` when that world
    /// lacks the type).
    fn for_world(&self, world: &World) -> Option<Box<dyn Part>>;
    /// Copies the world's values into `buf`, reusing its capacity. `kept`: `buf` was saved
    /// from this world in its current table layout, so only the values need copying (each in
    /// place, reusing what it holds).
    fn save(&mut self, world: &World, buf: &mut PartBuffer, kept: bool);
    /// Checks that `buf` fits the world's current table layout (the fast path), changing nothing.
    fn verify(&mut self, world: &World, buf: &PartBuffer) -> Result<(), SnapshotError>;
    /// [`verify`](Self::verify) of what a world's unchanged table layout does not vouch for:
    /// nothing for a component part (its columns are where they were saved from), the
    /// resource's presence for a resource part (a resource removed or inserted again keeps
    /// its entity's table and row).
    fn verify_kept(&mut self, world: &World, buf: &PartBuffer) -> Result<(), SnapshotError>;
    /// Writes `buf` back in place, bypassing change detection. Call only after `verify`.
    fn load(&mut self, world: &mut World, buf: &PartBuffer);
    /// Swaps the world's values with `buf`'s, bypassing change detection: each then holds
    /// what the other held (twice is nothing). Only for a `buf` saved from this world in
    /// its current table layout, no archetype added since (which vouches for a component
    /// part's columns and its query's tables): false, changing nothing, when it does not fit
    /// anyway (a resource present on one side only).
    fn exchange(&mut self, world: &mut World, buf: &mut PartBuffer) -> bool;
    /// [`exchange`](Self::exchange) with `out`, then with `into`, in one pass: `out` takes
    /// the world's values, the world `into`'s, and `into` what `out` held. The same
    /// conditions hold for both buffers; false, changing nothing, when it does not fit (a
    /// resource present on some of the three sides only). Trading back is `trade(into, out)`.
    fn trade(&mut self, world: &mut World, out: &mut PartBuffer, into: &mut PartBuffer) -> bool;
    /// Checks that `buf` can be written back entity by entity, matched by [`StableId`]
    /// (`keys[id]` is the entity holding `StableId(id)` in `world`), changing nothing.
    fn verify_keyed(
        &mut self,
        world: &World,
        keys: &[Entity],
        buf: &PartBuffer,
    ) -> Result<(), SnapshotError>;
    /// Writes `buf` back entity by entity, matched by [`StableId`]. Call only after
    /// `verify_keyed`.
    fn load_keyed(&mut self, world: &mut World, keys: &[Entity], buf: &PartBuffer);
    /// Feeds the world's values to `hasher` in [`StableId`] order.
    fn hash(&mut self, world: &World, hasher: &mut dyn Hasher);
}

/// Values of one component type, table by table, with the entities they belong to and
/// their stable ids.
struct ColumnBuffer<T> {
    entities: Vec<Entity>,
    ids: Vec<StableId>,
    values: Vec<T>,
    rows: Vec<u32>,
}

/// What a component part reads and writes: the entities the builder spawned (they carry a
/// [`StableId`]); a client's own entities are not game state.
type Columns<T> = (Entity, &'static StableId, &'static mut T);

/// A component type saved by whole table columns.
pub(crate) struct ComponentPart<T: Component<Mutability = Mutable>> {
    /// One query for saving, checking and loading: it walks the tables in one order (two
    /// queries may match new tables in different orders, and a load would then put each
    /// table's values into another table).
    query: QueryState<Columns<T>>,
    /// (stable id, value hash) rows, reused by `hash`.
    rows: Vec<(u32, u64)>,
}

impl<T: Component<Mutability = Mutable> + Clone + Hash> ComponentPart<T> {
    pub(crate) fn new(world: &mut World) -> Self {
        ComponentPart {
            query: QueryState::new(world),
            rows: Vec::new(),
        }
    }
}

impl<T: Component<Mutability = Mutable>> ComponentPart<T> {
    /// Calls `swap` with each of the world's columns of `T`, table by table, and the range of
    /// a buffer saved in this layout that holds its values, bypassing change detection. Only
    /// for the world this part's last save was from, in its current table layout, no
    /// archetype added since ([`Part::exchange`]'s condition).
    fn swap_columns(
        &mut self,
        world: &mut World,
        mut swap: impl FnMut(&mut [T], std::ops::Range<usize>),
    ) {
        self.query.validate_world(world.id());
        // SAFETY: `&mut World` is exclusive access to everything; the query is this world's
        // (validated). Its matched tables need no update: this part's last save, which
        // updated them, was in the caller's layout, with no archetype added since.
        let query = unsafe {
            self.query
                .query_unchecked_manual(world.as_unsafe_world_cell())
        };
        let Ok(tables) = query.contiguous_iter_inner() else {
            unreachable!("component parts are table-stored (checked at registration)")
        };
        let mut offset = 0usize;
        for (_, _, mut column) in tables {
            let values = column.bypass_change_detection();
            let saved = offset..offset + values.len();
            offset = saved.end;
            swap(values, saved);
        }
    }
}

fn column_buffer<T: 'static>(buf: &PartBuffer) -> &ColumnBuffer<T> {
    buf.downcast_ref()
        .expect("snapshot parts are matched by the registry fingerprint")
}

impl<T: Component<Mutability = Mutable> + Clone + Hash> Part for ComponentPart<T> {
    fn type_name(&self) -> &'static str {
        std::any::type_name::<T>()
    }

    fn type_id(&self) -> TypeId {
        TypeId::of::<T>()
    }

    fn new_buffer(&self) -> PartBuffer {
        Box::new(ColumnBuffer::<T> {
            entities: Vec::new(),
            ids: Vec::new(),
            values: Vec::new(),
            rows: Vec::new(),
        })
    }

    fn for_world(&self, world: &World) -> Option<Box<dyn Part>> {
        Some(Box::new(ComponentPart::<T> {
            query: QueryState::try_new(world)?,
            rows: Vec::new(),
        }))
    }

    fn save(&mut self, world: &World, buf: &mut PartBuffer, kept: bool) {
        let buf: &mut ColumnBuffer<T> = buf.downcast_mut().expect("matched by fingerprint");
        let Ok(tables) = self.query.contiguous_iter(world) else {
            unreachable!("component parts are table-stored (checked at registration)")
        };
        if kept {
            let mut offset = 0usize;
            for (_, _, values) in tables {
                buf.values[offset..offset + values.len()].clone_from_slice(values);
                offset += values.len();
            }
            return;
        }
        buf.entities.clear();
        buf.ids.clear();
        buf.values.clear();
        buf.rows.clear();
        for (entities, ids, values) in tables {
            buf.entities.extend_from_slice(entities);
            buf.ids.extend_from_slice(ids);
            buf.values.extend_from_slice(values);
            buf.rows.push(entities.len() as u32);
        }
    }

    fn verify(&mut self, world: &World, buf: &PartBuffer) -> Result<(), SnapshotError> {
        let buf = column_buffer::<T>(buf);
        let layout_changed = || SnapshotError::LayoutChanged {
            type_name: std::any::type_name::<T>(),
        };
        let Ok(tables) = self.query.contiguous_iter(world) else {
            return Err(layout_changed());
        };
        let (mut table, mut offset) = (0usize, 0usize);
        for (entities, _, _) in tables {
            let rows = *buf.rows.get(table).ok_or_else(layout_changed)? as usize;
            if rows != entities.len() || buf.entities[offset..offset + rows] != *entities {
                return Err(layout_changed());
            }
            table += 1;
            offset += rows;
        }
        if table == buf.rows.len() {
            Ok(())
        } else {
            Err(layout_changed())
        }
    }

    fn verify_kept(&mut self, _: &World, _: &PartBuffer) -> Result<(), SnapshotError> {
        Ok(())
    }

    fn load(&mut self, world: &mut World, buf: &PartBuffer) {
        let buf = column_buffer::<T>(buf);
        let Ok(tables) = self.query.contiguous_iter_mut(world) else {
            unreachable!("verified before loading")
        };
        let mut offset = 0usize;
        for (_, _, mut column) in tables {
            let dst = column.bypass_change_detection();
            dst.clone_from_slice(&buf.values[offset..offset + dst.len()]);
            offset += dst.len();
        }
    }

    fn exchange(&mut self, world: &mut World, buf: &mut PartBuffer) -> bool {
        let buf: &mut ColumnBuffer<T> = buf.downcast_mut().expect("matched by fingerprint");
        self.swap_columns(world, |values, saved| {
            values.swap_with_slice(&mut buf.values[saved]);
        });
        true
    }

    fn trade(&mut self, world: &mut World, out: &mut PartBuffer, into: &mut PartBuffer) -> bool {
        let out: &mut ColumnBuffer<T> = out.downcast_mut().expect("matched by fingerprint");
        let into: &mut ColumnBuffer<T> = into.downcast_mut().expect("matched by fingerprint");
        self.swap_columns(world, |values, saved| {
            values.swap_with_slice(&mut out.values[saved.clone()]);
            values.swap_with_slice(&mut into.values[saved]);
        });
        true
    }

    fn verify_keyed(
        &mut self,
        world: &World,
        keys: &[Entity],
        buf: &PartBuffer,
    ) -> Result<(), SnapshotError> {
        let buf = column_buffer::<T>(buf);
        let missing = |id: StableId| SnapshotError::MissingEntity {
            type_name: std::any::type_name::<T>(),
            id: id.0,
        };
        for &id in &buf.ids {
            let entity = *keys.get(id.0 as usize).ok_or_else(|| missing(id))?;
            if world.get::<StableId>(entity) != Some(&id) || world.get::<T>(entity).is_none() {
                return Err(missing(id));
            }
        }
        // Every holder in the world is written back: as many holders as saved values (the
        // saved ids are distinct, so the two sets are equal).
        let holders = self.query.iter(world).count();
        if holders == buf.ids.len() {
            Ok(())
        } else {
            Err(SnapshotError::LayoutChanged {
                type_name: std::any::type_name::<T>(),
            })
        }
    }

    fn load_keyed(&mut self, world: &mut World, keys: &[Entity], buf: &PartBuffer) {
        let buf = column_buffer::<T>(buf);
        for (id, value) in buf.ids.iter().zip(&buf.values) {
            if let Some(mut dst) = world.get_mut::<T>(keys[id.0 as usize]) {
                dst.bypass_change_detection().clone_from(value);
            }
        }
    }

    fn hash(&mut self, world: &World, hasher: &mut dyn Hasher) {
        self.rows.clear();
        self.rows
            .extend(self.query.iter(world).map(|(_, id, value)| {
                let mut h = super::checksum::StableHasher::new();
                value.hash(&mut h);
                (id.0, h.finish())
            }));
        self.rows.sort_unstable();
        hasher.write_usize(self.rows.len());
        for &(id, value) in &self.rows {
            hasher.write_u32(id);
            hasher.write_u64(value);
        }
    }
}

/// A resource type saved by `Clone::clone_from` (so its buffers are reused), reached through
/// a [`ResourceSlot`] found on first use.
pub(crate) struct ResourcePart<R: Resource> {
    slot: Option<ResourceSlot<R>>,
    /// How the world's value and a snapshot's trade places (`std::mem::swap`, unless the
    /// type keeps something of its own when restored, as `clone_from` does).
    swap: fn(&mut R, &mut R),
}

impl<R: Resource<Mutability = Mutable> + Clone + Hash> ResourcePart<R> {
    pub(crate) fn new(swap: fn(&mut R, &mut R)) -> Self {
        ResourcePart { slot: None, swap }
    }

    fn slot(&mut self, world: &World) -> Option<ResourceSlot<R>> {
        if self.slot.is_none() {
            self.slot = ResourceSlot::find(world);
        }
        self.slot
    }

    fn get<'w>(&mut self, world: &'w World) -> Option<&'w R> {
        self.slot(world)?.get(world)
    }
}

impl<R: Resource<Mutability = Mutable> + Clone + Hash> Part for ResourcePart<R> {
    fn type_name(&self) -> &'static str {
        std::any::type_name::<R>()
    }

    fn type_id(&self) -> TypeId {
        TypeId::of::<R>()
    }

    fn new_buffer(&self) -> PartBuffer {
        Box::new(None::<R>)
    }

    fn for_world(&self, _: &World) -> Option<Box<dyn Part>> {
        Some(Box::new(ResourcePart::<R>::new(self.swap)))
    }

    fn save(&mut self, world: &World, buf: &mut PartBuffer, _: bool) {
        let buf: &mut Option<R> = buf.downcast_mut().expect("matched by fingerprint");
        match (self.get(world), buf.as_mut()) {
            (Some(value), Some(saved)) => saved.clone_from(value),
            (value, _) => *buf = value.cloned(),
        }
    }

    fn verify(&mut self, world: &World, buf: &PartBuffer) -> Result<(), SnapshotError> {
        let saved: &Option<R> = buf.downcast_ref().expect("matched by fingerprint");
        if saved.is_some() == self.get(world).is_some() {
            Ok(())
        } else {
            Err(SnapshotError::LayoutChanged {
                type_name: std::any::type_name::<R>(),
            })
        }
    }

    fn verify_kept(&mut self, world: &World, buf: &PartBuffer) -> Result<(), SnapshotError> {
        self.verify(world, buf)
    }

    fn load(&mut self, world: &mut World, buf: &PartBuffer) {
        let saved: &Option<R> = buf.downcast_ref().expect("matched by fingerprint");
        if let (Some(saved), Some(slot)) = (saved, self.slot(world))
            && let Some(value) = slot.get_mut(world)
        {
            value.clone_from(saved);
        }
    }

    fn exchange(&mut self, world: &mut World, buf: &mut PartBuffer) -> bool {
        let saved: &mut Option<R> = buf.downcast_mut().expect("matched by fingerprint");
        let value = self.slot(world).and_then(|slot| slot.get_mut(world));
        match (value, saved) {
            (Some(value), Some(saved)) => (self.swap)(value, saved),
            (None, None) => {}
            _ => return false,
        }
        true
    }

    fn trade(&mut self, world: &mut World, out: &mut PartBuffer, into: &mut PartBuffer) -> bool {
        let out: &mut Option<R> = out.downcast_mut().expect("matched by fingerprint");
        let into: &mut Option<R> = into.downcast_mut().expect("matched by fingerprint");
        let value = self.slot(world).and_then(|slot| slot.get_mut(world));
        match (value, out, into) {
            (Some(value), Some(out), Some(into)) => {
                (self.swap)(value, out);
                (self.swap)(value, into);
            }
            (None, None, None) => {}
            _ => return false,
        }
        true
    }

    fn verify_keyed(
        &mut self,
        world: &World,
        _: &[Entity],
        buf: &PartBuffer,
    ) -> Result<(), SnapshotError> {
        self.verify(world, buf)
    }

    fn load_keyed(&mut self, world: &mut World, _: &[Entity], buf: &PartBuffer) {
        self.load(world, buf);
    }

    fn hash(&mut self, world: &World, hasher: &mut dyn Hasher) {
        match self.get(world) {
            Some(value) => {
                let mut h = super::checksum::StableHasher::new();
                value.hash(&mut h);
                hasher.write_u8(1);
                hasher.write_u64(h.finish());
            }
            None => hasher.write_u8(0),
        }
    }
}
