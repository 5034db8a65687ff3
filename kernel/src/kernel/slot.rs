//! [`ResourceSlot`] and [`ComponentSlot`]: the kernel's cached access to what it touches on
//! every action.
//!
//! `World::resource_mut` finds a resource by hashing its type, then its entity's location,
//! then reads its change ticks. The pipeline touches the same few resources on every action
//! (the [`Resolution`], the random streams), so it keeps their component ids, checked against
//! the world's id, and reads them from their sparse set directly. Change detection is
//! bypassed for them (as snapshots restore it). `World::get_mut` hashes the component's type
//! too: the components the pipeline writes ([`DieFace`](crate::kernel::DieFace),
//! [`Zone`](crate::kernel::Zone)) are reached by their ids, with change detection kept (a
//! Bevy client sees a die turn).
//!
//! [`Resolution`]: crate::pipeline::Resolution

use std::marker::PhantomData;
use std::panic::Location;
use std::ptr::NonNull;

use bevy_ecs::change_detection::{AtomicTick, MaybeLocation, Tick};
use bevy_ecs::component::{ComponentId, Mutable, StorageType};
use bevy_ecs::prelude::*;
use bevy_ecs::ptr::Ptr;
use bevy_ecs::world::WorldId;
use bevy_ecs::world::unsafe_world_cell::UnsafeWorldCell;

/// Where resource `R` lives in one world.
pub struct ResourceSlot<R> {
    world: WorldId,
    id: ComponentId,
    _resource: PhantomData<fn() -> R>,
}

impl<R> Clone for ResourceSlot<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for ResourceSlot<R> {}

impl<R: Resource<Mutability = Mutable>> ResourceSlot<R> {
    /// The slot of `R` in `world` (registering the type if needed).
    pub fn register(world: &mut World) -> Self {
        ResourceSlot {
            world: world.id(),
            id: world.register_component::<R>(),
            _resource: PhantomData,
        }
    }

    /// The slot of `R` in `world` if its type is registered there (`None` otherwise).
    pub fn find(world: &World) -> Option<Self> {
        Some(ResourceSlot {
            world: world.id(),
            id: world.component_id::<R>()?,
            _resource: PhantomData,
        })
    }

    /// The resource (`None` if it is absent). In another world it falls back to a lookup by type.
    #[inline(always)]
    pub fn get<'w>(&self, world: &'w World) -> Option<&'w R> {
        if world.id() != self.world {
            return Self::find(world)?.get(world);
        }
        // SAFETY: `&World` gives read access to everything and no `&mut` into it can exist.
        // `self.id` is the component id of `R` in this world (ids are fixed once registered,
        // and `WorldId`s are unique), so the pointer points to an `R`.
        unsafe {
            self.pointer(world.as_unsafe_world_cell_readonly())
                .map(|ptr| ptr.deref::<R>())
        }
    }

    /// The resource, mutably, bypassing change detection (`None` if it is absent). In another
    /// world it falls back to a lookup by type.
    #[inline(always)]
    pub fn get_mut<'w>(&self, world: &'w mut World) -> Option<&'w mut R> {
        // SAFETY: `&mut World` is exclusive access to everything for `'w`, so this is the only
        // reference to the value.
        self.locate(world)
            .map(|value| unsafe { &mut *value.as_ptr() })
    }

    /// Where the resource's value is in `world`'s storage (`None` if it is absent). The
    /// pointer stays valid until the world's structure changes (an entity spawned, despawned
    /// or given a component, a resource inserted or removed): the pipeline keeps it while it
    /// runs (see `Cells`). In another world it falls back to a lookup by type.
    #[inline(always)]
    pub(crate) fn locate(&self, world: &mut World) -> Option<NonNull<R>> {
        if world.id() != self.world {
            return Self::find(world)?.locate(world);
        }
        // SAFETY: `&mut World` may read and write everything; `self.id` is the component id
        // of `R` in this world (see `get`), so the value is an `R`.
        let value = unsafe { self.pointer(world.as_unsafe_world_cell()) }?;
        NonNull::new(value.as_ptr().cast_mut().cast::<R>())
    }

    /// Where the resource's value is. A resource is a component of its own entity, stored in
    /// a sparse set (what `#[derive(Resource)]` makes): the value is read from the set by the
    /// entity the world names for it, without the entity's location and archetype that the
    /// general lookup goes through. Any other storage takes the general lookup.
    ///
    /// # Safety
    /// `world` may read the resource `self.id` (see `get` and `get_mut`).
    #[inline(always)]
    unsafe fn pointer<'w>(&self, world: UnsafeWorldCell<'w>) -> Option<Ptr<'w>> {
        if R::STORAGE_TYPE != StorageType::SparseSet {
            // SAFETY: the caller's.
            return unsafe { world.get_resource_by_id(self.id) };
        }
        // SAFETY: the resource entities and the storages are read only, as the caller may.
        let entity = unsafe { world.resource_entities() }.get(self.id)?;
        unsafe { world.storages() }
            .sparse_sets
            .get(self.id)?
            .get(entity)
    }
}

/// Where component `T` is registered in one world: a component written on every action
/// (a die's face, a card's zone) is reached by its id, without hashing its type.
pub struct ComponentSlot<T> {
    world: WorldId,
    id: ComponentId,
    _component: PhantomData<fn() -> T>,
}

impl<T> Clone for ComponentSlot<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for ComponentSlot<T> {}

impl<T: Component<Mutability = Mutable>> ComponentSlot<T> {
    /// The slot of `T` in `world` (registering the type if needed).
    pub fn register(world: &mut World) -> Self {
        ComponentSlot {
            world: world.id(),
            id: world.register_component::<T>(),
            _component: PhantomData,
        }
    }

    /// `entity`'s `T`, mutably, with change detection as [`World::get_mut`] (`None` if the
    /// entity has none). In another world it falls back to that lookup by type.
    #[inline(always)]
    pub fn get_mut<'w>(&self, world: &'w mut World, entity: Entity) -> Option<Mut<'w, T>> {
        if world.id() != self.world {
            return world.get_mut::<T>(entity);
        }
        if T::STORAGE_TYPE != StorageType::Table {
            let world = world.as_unsafe_world_cell();
            // SAFETY: `&mut World` is exclusive access to everything for `'w`; `self.id` is
            // the component id of `T` in this world (see `ResourceSlot::get`), and `T` is
            // mutable by its bound, so the value is a `T` and the only reference to it.
            return unsafe {
                world
                    .get_entity(entity)
                    .ok()?
                    .get_mut_assume_mutable_by_id(self.id)
                    .ok()
                    .map(|value| value.with_type::<T>())
            };
        }
        let cell = self.locate_in_table(world.as_unsafe_world_cell(), entity)?;
        // SAFETY: the cell was just made from this world; `&'w mut World` is exclusive access
        // for `'w`, so the `Mut` holds the only references to the value and its ticks.
        Some(unsafe { cell.get_mut(world) })
    }

    /// Where `entity`'s `T` is in `world`'s table storage, with its change ticks (`None` if
    /// the entity has none, `T` is not a table component, or `world` is not the slot's): one
    /// lookup of the column where the general path makes one per tick. The cell stays valid
    /// until the world's structure changes (see [`ResourceSlot::locate`]).
    #[inline(always)]
    pub(crate) fn cell(&self, world: &mut World, entity: Entity) -> Option<ComponentCell<T>> {
        if world.id() != self.world || T::STORAGE_TYPE != StorageType::Table {
            return None;
        }
        self.locate_in_table(world.as_unsafe_world_cell(), entity)
    }

    #[inline(always)]
    fn locate_in_table(
        &self,
        world: UnsafeWorldCell<'_>,
        entity: Entity,
    ) -> Option<ComponentCell<T>> {
        let location = world.entities().get_spawned(entity).ok()?;
        // SAFETY: the callers hold `&mut World`; the storages are only read here.
        let table = unsafe { world.storages() }.tables.get(location.table_id)?;
        let column = table.get_column(self.id)?;
        let row = location.table_row;
        // SAFETY: a spawned entity's row is within its table, whose column for `self.id`
        // holds `T`s (the id of `T` in this world, see `ResourceSlot::get`); only pointers
        // are taken (no reference outlives this call).
        unsafe {
            Some(ComponentCell {
                entity,
                value: NonNull::new(
                    column
                        .get_data_unchecked(row)
                        .as_ptr()
                        .cast_mut()
                        .cast::<T>(),
                )?,
                added: NonNull::new(column.get_added_tick_unchecked(row).get())?,
                changed: NonNull::new(column.get_changed_tick_unchecked(row).get())?,
                summary: column.get_summary_tick().map(NonNull::from),
                changed_by: column
                    .get_changed_by_unchecked(row)
                    .map(|caller| NonNull::new_unchecked(caller.get())),
            })
        }
    }
}

/// Where one entity's table component `T` and its change ticks are in a world's storage
/// ([`ComponentSlot::cell`]): the pipeline keeps the cell of the die it last turned while it
/// runs (see `Cells`).
pub(crate) struct ComponentCell<T> {
    entity: Entity,
    value: NonNull<T>,
    added: NonNull<Tick>,
    changed: NonNull<Tick>,
    summary: Option<NonNull<AtomicTick>>,
    changed_by: MaybeLocation<NonNull<&'static Location<'static>>>,
}

impl<T> Clone for ComponentCell<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for ComponentCell<T> {}

impl<T> PartialEq for ComponentCell<T> {
    /// The same entity's value at the same place.
    fn eq(&self, other: &Self) -> bool {
        (self.entity, self.value) == (other.entity, other.value)
    }
}

impl<T> std::fmt::Debug for ComponentCell<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComponentCell")
            .field("entity", &self.entity)
            .field("value", &self.value)
            .finish()
    }
}

impl<T: Component<Mutability = Mutable>> ComponentCell<T> {
    /// The entity whose component this is.
    #[inline(always)]
    pub(crate) fn entity(&self) -> Entity {
        self.entity
    }

    /// The component, with change detection as [`World::get_mut`].
    ///
    /// # Safety
    /// The cell was made from `world`, whose structure has not changed since (no entity
    /// spawned, despawned or given or stripped of a component, no resource inserted or
    /// removed), so its pointers still point to the entity's value and ticks.
    #[inline(always)]
    pub(crate) unsafe fn get_mut<'w>(&self, world: &'w mut World) -> Mut<'w, T> {
        let (last_run, this_run) = (world.last_change_tick(), world.change_tick());
        // SAFETY: the pointers are valid (the caller's promise); `&'w mut World` is exclusive
        // access for `'w`, so these are the only references to the value and its ticks; the
        // ticks are the ones `World::get_mut` passes.
        unsafe {
            Mut::new(
                &mut *self.value.as_ptr(),
                &mut *self.added.as_ptr(),
                &mut *self.changed.as_ptr(),
                self.summary.map(|tick| &*tick.as_ptr()),
                last_run,
                this_run,
                self.changed_by.map(|caller| &mut *caller.as_ptr()),
            )
        }
    }
}

/// The slots of the kernel's per-action resources in the game's world.
pub(crate) struct KernelSlots<G: crate::kernel::Game> {
    /// The pipeline's state.
    pub resolution: ResourceSlot<crate::pipeline::Resolution<G>>,
    /// The random streams.
    pub streams: ResourceSlot<crate::chance::Streams>,
    /// The forced case.
    pub case: ResourceSlot<crate::chance::Case>,
    /// What the pipeline recorded.
    pub observer: ResourceSlot<crate::pipeline::Observer<G>>,
    /// A die's face ([`Ctx::set_face`](crate::pipeline::Ctx::set_face)).
    pub die_face: ComponentSlot<crate::kernel::DieFace>,
    /// A card's or die's zone ([`Ctx::move_to`](crate::pipeline::Ctx::move_to)).
    pub zone: ComponentSlot<crate::kernel::Zone>,
}

impl<G: crate::kernel::Game> KernelSlots<G> {
    /// Registers the slots in `world`.
    pub fn register(world: &mut World) -> Self {
        KernelSlots {
            resolution: ResourceSlot::register(world),
            streams: ResourceSlot::register(world),
            case: ResourceSlot::register(world),
            observer: ResourceSlot::register(world),
            die_face: ComponentSlot::register(world),
            zone: ComponentSlot::register(world),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource, Debug, PartialEq)]
    struct Score(u32);

    #[derive(Resource)]
    struct Other(#[allow(dead_code)] u64);

    #[test]
    fn reads_and_writes_its_world_and_falls_back_by_type_elsewhere() {
        let mut world = World::new();
        let slot = ResourceSlot::<Score>::register(&mut world);
        assert_eq!(slot.get(&world), None, "registered but absent");
        world.insert_resource(Score(1));
        slot.get_mut(&mut world).unwrap().0 += 1;
        assert_eq!(world.resource::<Score>(), &Score(2));
        assert_eq!(slot.get(&world), Some(&Score(2)));
        // Removed, then inserted again (on another entity): the slot follows the world.
        world.remove_resource::<Score>();
        assert_eq!(slot.get(&world), None, "removed");
        assert!(slot.get_mut(&mut world).is_none());
        world.spawn_empty();
        world.insert_resource(Score(5));
        assert_eq!(slot.get(&world), Some(&Score(5)));
        slot.get_mut(&mut world).unwrap().0 -= 3;
        assert_eq!(world.resource::<Score>(), &Score(2));

        // Another world where `Score` has another component id: the slot looks it up by type.
        let mut other = World::new();
        other.insert_resource(Other(7));
        other.insert_resource(Score(40));
        assert_ne!(other.component_id::<Score>(), world.component_id::<Score>());
        slot.get_mut(&mut other).unwrap().0 += 2;
        assert_eq!(slot.get(&other), Some(&Score(42)));
        assert_eq!(world.resource::<Score>(), &Score(2));
    }

    #[derive(Component, Debug, PartialEq)]
    struct Face(u8);

    #[test]
    fn a_component_slot_writes_with_change_detection_and_falls_back_elsewhere() {
        let mut world = World::new();
        let slot = ComponentSlot::<Face>::register(&mut world);
        let die = world.spawn(Face(1)).id();
        let bare = world.spawn_empty().id();
        world.clear_trackers();
        let mut changed = world.query_filtered::<Entity, Changed<Face>>();
        assert_eq!(changed.iter(&world).count(), 0);
        slot.get_mut(&mut world, die).unwrap().0 = 4;
        assert_eq!(world.get::<Face>(die), Some(&Face(4)));
        assert_eq!(changed.iter(&world).collect::<Vec<_>>(), vec![die]);
        assert!(slot.get_mut(&mut world, bare).is_none(), "no Face");

        // Another world where `Face` has another component id: the slot looks it up by type.
        let mut other = World::new();
        other.register_component::<Score>();
        let elsewhere = other.spawn(Face(2)).id();
        assert_ne!(other.component_id::<Face>(), world.component_id::<Face>());
        slot.get_mut(&mut other, elsewhere).unwrap().0 += 3;
        assert_eq!(other.get::<Face>(elsewhere), Some(&Face(5)));
        assert_eq!(world.get::<Face>(die), Some(&Face(4)));
    }

    #[derive(Component, Debug, PartialEq)]
    #[component(storage = "SparseSet")]
    struct Token(u8);

    /// Slots for a table component and a sparse-set one, and an entity with both.
    fn face_and_token(world: &mut World) -> (ComponentSlot<Face>, ComponentSlot<Token>, Entity) {
        let slots = (
            ComponentSlot::<Face>::register(world),
            ComponentSlot::<Token>::register(world),
        );
        (slots.0, slots.1, world.spawn((Face(1), Token(1))).id())
    }

    #[test]
    fn a_component_slot_refuses_a_despawned_entity_and_reads_sparse_sets() {
        let mut world = World::new();
        let (faces, tokens, gone) = face_and_token(&mut world);
        world.despawn(gone);
        let new = world.spawn((Face(6), Token(6))).id();
        assert!(faces.get_mut(&mut world, gone).is_none());
        assert!(tokens.get_mut(&mut world, gone).is_none());
        world.clear_trackers();
        let mut changed = world.query_filtered::<Entity, Changed<Token>>();
        tokens.get_mut(&mut world, new).unwrap().0 = 2;
        faces.get_mut(&mut world, new).unwrap().0 = 3;
        assert_eq!(changed.iter(&world).collect::<Vec<_>>(), vec![new]);
        assert_eq!(world.get::<Token>(new), Some(&Token(2)));
        assert_eq!(world.get::<Face>(new), Some(&Face(3)));
    }

    #[test]
    fn a_component_slot_refuses_a_stale_entity_whose_index_is_reused() {
        let mut world = World::new();
        let (faces, tokens, gone) = face_and_token(&mut world);
        // The same index, one generation on (what a despawn and a later spawn can give).
        let reborn = world.despawn_no_free(gone).unwrap();
        world.spawn_at(reborn, (Face(6), Token(6))).unwrap();
        assert_eq!(gone.index(), reborn.index());
        assert!(
            faces.get_mut(&mut world, gone).is_none(),
            "stale table entity"
        );
        assert!(
            tokens.get_mut(&mut world, gone).is_none(),
            "stale sparse entity"
        );
        assert_eq!(faces.get_mut(&mut world, reborn).map(|f| f.0), Some(6));
    }

    #[derive(Component, Debug, PartialEq)]
    #[component(summary_tick)]
    struct Summed(u8);

    #[test]
    fn a_component_slot_gives_the_ticks_world_get_mut_gives_and_updates_the_summary_tick() {
        use bevy_ecs::change_detection::{ContiguousRef, DetectChanges};
        let mut world = World::new();
        let slot = ComponentSlot::<Summed>::register(&mut world);
        // Two tables holding `Summed`; the entity written is in the second one, not first row.
        world.spawn(Summed(0));
        world.spawn((Summed(1), Face(1)));
        let target = world.spawn((Summed(2), Face(2))).id();
        world.clear_trackers();
        let mut summary = world.query_filtered::<Ref<Summed>, With<Face>>();
        let changed_in_table = |world: &World, q: &mut QueryState<Ref<Summed>, With<Face>>| {
            let item = q.contiguous_iter(world).unwrap().next().unwrap();
            ContiguousRef::split(item).1.summary_tick_is_changed()
        };
        assert_eq!(changed_in_table(&world, &mut summary), Some(false));
        {
            let reference = world.get_mut::<Summed>(target).unwrap();
            let (added, changed, is_added, is_changed) = (
                reference.added(),
                reference.last_changed(),
                reference.is_added(),
                reference.is_changed(),
            );
            let mine = slot.get_mut(&mut world, target).unwrap();
            assert_eq!(
                (
                    mine.added(),
                    mine.last_changed(),
                    mine.is_added(),
                    mine.is_changed()
                ),
                (added, changed, is_added, is_changed)
            );
        }
        // Freshly spawned, not cleared yet: added and changed, as `World::get_mut` says.
        let fresh = world.spawn((Summed(3), Face(3))).id();
        let expected = world
            .get_mut::<Summed>(fresh)
            .map(|m| (m.is_added(), m.is_changed()));
        let got = slot
            .get_mut(&mut world, fresh)
            .map(|m| (m.is_added(), m.is_changed()));
        assert_eq!(got, expected);
        assert_eq!(got, Some((true, true)));
        world.clear_trackers();
        assert_eq!(changed_in_table(&world, &mut summary), Some(false));
        slot.get_mut(&mut world, target).unwrap().0 = 20;
        assert_eq!(changed_in_table(&world, &mut summary), Some(true));
        assert_eq!(world.get::<Summed>(target), Some(&Summed(20)));
    }
}
