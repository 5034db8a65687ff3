//! The registry of snapshot-able types and the [`Snapshot`] data it produces.

use std::any::TypeId;
use std::hash::Hasher;

use bevy_ecs::component::{Mutable, StorageType};
use bevy_ecs::prelude::*;

use super::checksum::StableHasher;
use super::error::SnapshotError;
use super::layout::{Stamp, TableLayout, next_registry_id};
use super::part::{ComponentPart, Part, PartBuffer, ResourcePart};
use crate::chance::Streams;

/// The component and resource types that make up a game's state, in registration order.
///
/// Each ruleset registers its own types at setup; the kernel registers its own. Registration
/// order is part of the format: two registries built by the same builder are interchangeable,
/// which is what lets a snapshot taken in one world be restored into its fork.
pub struct SnapshotRegistry {
    /// This registry's own id: a snapshot remembers who saved it ([`Stamp`]).
    id: u64,
    parts: Vec<Box<dyn Part>>,
    fingerprint: u64,
    /// `keys[id]`: the entity holding `StableId(id)` in this registry's world, found on the
    /// first restore that needs it (the builder's entities never change during play).
    keys: Vec<Entity>,
    /// The world's table layout when this registry last saved from a new one.
    layout: TableLayout,
}

/// Trades part by part, all or none: `trade(at, false)` for each of the `parts` until one
/// refuses; then the parts before it trade back (`trade(at, true)`: each side has what it
/// traded for, so it cannot refuse) and the answer is false.
fn all_or_none(parts: usize, mut trade: impl FnMut(usize, bool) -> bool) -> bool {
    let Some(refused) = (0..parts).find(|&at| !trade(at, false)) else {
        return true;
    };
    for at in 0..refused {
        let traded_back = trade(at, true);
        debug_assert!(traded_back, "a part traded once refused to trade back");
    }
    false
}

/// A saved game state: plain `Send + Sync` data, one buffer per registered type.
///
/// Reuse one with [`SnapshotRegistry::save`] (or [`Sim::snapshot_into`](crate::kernel::Sim::snapshot_into)):
/// after the first save into it, saving and restoring allocate nothing.
pub struct Snapshot {
    fingerprint: u64,
    buffers: Vec<PartBuffer>,
    /// Which registry saved it last, in which of its layouts.
    stamp: Stamp,
}

/// An empty snapshot: it fits no world until something is saved into it, which sizes it.
impl Default for Snapshot {
    fn default() -> Self {
        Snapshot {
            fingerprint: 0,
            buffers: Vec::new(),
            stamp: Stamp::default(),
        }
    }
}

impl Default for SnapshotRegistry {
    fn default() -> Self {
        SnapshotRegistry {
            id: next_registry_id(),
            parts: Vec::new(),
            fingerprint: 0,
            keys: Vec::new(),
            layout: TableLayout::default(),
        }
    }
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("fingerprint", &self.fingerprint)
            .field("parts", &self.buffers.len())
            .finish()
    }
}

impl SnapshotRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same registry for `world`, another world built by the same builder (a Bevy app's
    /// world, say): its snapshots are interchangeable with this one's. `None` when `world`
    /// lacks one of the registered types.
    pub fn for_world(&self, world: &World) -> Option<SnapshotRegistry> {
        Some(SnapshotRegistry {
            id: next_registry_id(),
            parts: self
                .parts
                .iter()
                .map(|part| part.for_world(world))
                .collect::<Option<_>>()?,
            fingerprint: self.fingerprint,
            keys: Vec::new(),
            layout: TableLayout::default(),
        })
    }

    fn push(&mut self, part: Box<dyn Part>) {
        let mut h = StableHasher::new();
        h.write_u64(self.fingerprint);
        h.write(part.type_name().as_bytes());
        self.fingerprint = h.finish();
        self.parts.push(part);
    }

    /// Registers component `T`. It must be table-stored (the default) so whole columns can be
    /// copied. Only entities with a [`StableId`](crate::kernel::StableId) count (spawn game
    /// entities with [`Setup::spawn`](crate::kernel::Setup::spawn) or give them one with
    /// [`Setup::adopt`](crate::kernel::Setup::adopt)).
    ///
    /// # Panics
    /// If `T` is registered twice or is sparse-set stored: both are setup bugs.
    pub fn register_component<T>(&mut self, world: &mut World)
    where
        T: Component<Mutability = Mutable> + Clone + std::hash::Hash,
    {
        assert!(
            T::STORAGE_TYPE == StorageType::Table,
            "snapshot component {} must use table storage",
            std::any::type_name::<T>()
        );
        self.assert_new(std::any::type_name::<T>());
        self.push(Box::new(ComponentPart::<T>::new(world)));
    }

    /// Registers resource `R`.
    ///
    /// # Panics
    /// If `R` is registered twice (a setup bug).
    pub fn register_resource<R>(&mut self)
    where
        R: Resource<Mutability = Mutable> + Clone + std::hash::Hash,
    {
        self.register_resource_swapped::<R>(std::mem::swap);
    }

    /// Registers resource `R`, whose value trades places with a snapshot's through `swap`
    /// when a vector env parks a game ([`exchange`](Self::exchange)): for a type whose
    /// `clone_from` keeps part of the value it writes over, `swap` must keep the same part.
    pub(crate) fn register_resource_swapped<R>(&mut self, swap: fn(&mut R, &mut R))
    where
        R: Resource<Mutability = Mutable> + Clone + std::hash::Hash,
    {
        self.assert_new(std::any::type_name::<R>());
        self.push(Box::new(ResourcePart::<R>::new(swap)));
    }

    fn assert_new(&self, name: &str) {
        assert!(
            self.parts.iter().all(|p| p.type_name() != name),
            "{name} registered twice for snapshots"
        );
    }

    /// True when type `T` (a component or a resource) is registered.
    pub fn contains<T: 'static>(&self) -> bool {
        self.parts.iter().any(|p| p.type_id() == TypeId::of::<T>())
    }

    /// The registered types, in order.
    pub(crate) fn type_ids(&self) -> impl Iterator<Item = TypeId> + '_ {
        self.parts.iter().map(|p| p.type_id())
    }

    /// The names of the registered types, in order.
    pub fn type_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.parts.iter().map(|p| p.type_name())
    }

    /// A new snapshot of `world` (allocates its buffers).
    pub fn snapshot(&mut self, world: &World) -> Snapshot {
        let mut snapshot = self.empty_snapshot();
        self.save(world, &mut snapshot);
        snapshot
    }

    fn empty_snapshot(&self) -> Snapshot {
        Snapshot {
            fingerprint: self.fingerprint,
            buffers: self.parts.iter().map(|p| p.new_buffer()).collect(),
            stamp: Stamp::default(),
        }
    }

    /// Saves `world` into `snapshot`, reusing its buffers. Saving again from the same world
    /// in the same table layout copies the values alone.
    pub fn save(&mut self, world: &World, snapshot: &mut Snapshot) {
        if !self.shapes(snapshot) {
            *snapshot = self.empty_snapshot();
        }
        let kept = self.layout.kept(snapshot.stamp, self.id, world);
        if !kept {
            // Stamped again below, once the buffers hold this layout (a save cut short by a
            // panic leaves a snapshot that no layout matches).
            snapshot.stamp = Stamp::default();
        }
        for (part, buf) in self.parts.iter_mut().zip(&mut snapshot.buffers) {
            part.save(world, buf, kept);
        }
        if !kept {
            snapshot.stamp = self.layout.stamp(self.id, world);
        }
    }

    /// Restores `snapshot` into `world` in place. Either everything is restored or, on error,
    /// nothing is changed.
    ///
    /// When the saved entities still sit in the same tables in the same order (always, unless
    /// something changed an entity's components), whole columns are copied (with no check of
    /// each part when this registry saved it from this world in the layout it has now, the
    /// layout the registry saved in last: a worker `Sim` taking turns with many games'
    /// snapshots); otherwise (a client component, another world built by the same builder)
    /// each value goes back to the entity with its [`StableId`](crate::kernel::StableId).
    pub fn restore(&mut self, world: &mut World, snapshot: &Snapshot) -> Result<(), SnapshotError> {
        if !self.shapes(snapshot) {
            return Err(SnapshotError::OtherRegistry);
        }
        let kept = self.layout.kept(snapshot.stamp, self.id, world);
        if self.fits(world, snapshot, kept) {
            for (part, buf) in self.parts.iter_mut().zip(&snapshot.buffers) {
                part.load(world, buf);
            }
            return Ok(());
        }
        self.restore_keyed(world, snapshot)
    }

    /// Trades the world's state for `snapshot`'s, without copying: the world then holds the
    /// game `snapshot` held, and `snapshot` the one the world held (twice is nothing). Only
    /// for a snapshot this registry saved from this world in its current table layout (what
    /// a parked env's is between its steps); false, changing nothing, for any other (then
    /// [`restore`](Self::restore) and [`save`](Self::save) copy).
    pub fn exchange(&mut self, world: &mut World, snapshot: &mut Snapshot) -> bool {
        if !(self.shapes(snapshot) && self.layout.kept(snapshot.stamp, self.id, world)) {
            return false;
        }
        // Trading twice is nothing: an exchange is its own way back.
        all_or_none(self.parts.len(), |at, _| {
            self.parts[at].exchange(world, &mut snapshot.buffers[at])
        })
    }

    /// [`exchange`](Self::exchange) with `out`, then with `into`, in one pass over the parts
    /// and one check of the world's layout: `out` takes the game the world holds (the one
    /// `out` traded in), the world `into`'s, and `into` what `out` held. What a block's
    /// worker does between two parked envs. Both snapshots must be ones `exchange` would
    /// take; false, changing nothing, when either is not (then `exchange` each, or copy).
    pub fn trade(&mut self, world: &mut World, out: &mut Snapshot, into: &mut Snapshot) -> bool {
        if !(self.shapes(out)
            && self.shapes(into)
            && out.stamp == into.stamp
            && self.layout.kept(into.stamp, self.id, world))
        {
            return false;
        }
        all_or_none(self.parts.len(), |at, back| {
            let (out, into) = (&mut out.buffers[at], &mut into.buffers[at]);
            match back {
                false => self.parts[at].trade(world, out, into),
                true => self.parts[at].trade(world, into, out),
            }
        })
    }

    /// True when `snapshot` holds this registry's parts (a fingerprint and a buffer each).
    fn shapes(&self, snapshot: &Snapshot) -> bool {
        snapshot.fingerprint == self.fingerprint && snapshot.buffers.len() == self.parts.len()
    }

    /// True when every part of `snapshot` fits `world`'s table layout as it is. `kept`: this
    /// registry saved it from this world, whose tables hold the same entities in the same
    /// rows, so every component part's columns are where they were saved from and only the
    /// resources' presence is left to check.
    fn fits(&mut self, world: &World, snapshot: &Snapshot, kept: bool) -> bool {
        (self.parts.iter_mut())
            .zip(&snapshot.buffers)
            .all(|(part, buf)| match kept {
                true => part.verify_kept(world, buf).is_ok(),
                false => part.verify(world, buf).is_ok(),
            })
    }

    /// The keyed path of [`restore`](Self::restore): every value to the entity with its stable id.
    fn restore_keyed(
        &mut self,
        world: &mut World,
        snapshot: &Snapshot,
    ) -> Result<(), SnapshotError> {
        if self.keys.is_empty() {
            self.keys = stable_keys(world);
        }
        for (part, buf) in self.parts.iter_mut().zip(&snapshot.buffers) {
            part.verify_keyed(world, &self.keys, buf)?;
        }
        for (part, buf) in self.parts.iter_mut().zip(&snapshot.buffers) {
            part.load_keyed(world, &self.keys, buf);
        }
        Ok(())
    }

    /// A stable 64-bit checksum of every registered value (components keyed by
    /// [`StableId`](crate::kernel::StableId), so equal states in two worlds built by the same
    /// builder hash the same whatever else the worlds hold).
    pub fn checksum(&mut self, world: &World) -> u64 {
        self.checksum_skipping(world, None)
    }

    /// The checksum of the position alone: every registered value except the random streams'
    /// positions, so the same position reached by different chance paths has the same key
    /// (search uses it for transpositions).
    pub fn position_key(&mut self, world: &World) -> u64 {
        self.checksum_skipping(world, Some(TypeId::of::<Streams>()))
    }

    fn checksum_skipping(&mut self, world: &World, skip: Option<TypeId>) -> u64 {
        let mut hasher = StableHasher::new();
        for (index, part) in self.parts.iter_mut().enumerate() {
            if Some(part.type_id()) == skip {
                continue;
            }
            hasher.write_usize(index);
            part.hash(world, &mut hasher);
        }
        hasher.finish()
    }
}

/// The entities of the builder's [`StableId`](crate::kernel::StableId)s: `keys[id]` holds
/// `StableId(id)` (`Entity::PLACEHOLDER` for an id no entity has).
fn stable_keys(world: &mut World) -> Vec<Entity> {
    let mut keys = Vec::new();
    let mut query = world.query::<(Entity, &crate::kernel::StableId)>();
    for (entity, id) in query.iter(world) {
        let index = id.0 as usize;
        if keys.len() <= index {
            keys.resize(index + 1, Entity::PLACEHOLDER);
        }
        keys[index] = entity;
    }
    keys
}
