//! [`Setup`]: what a ruleset's [`Game::setup`] uses to spawn its fixed entity set.

use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;

use super::{
    CardId, DieFace, Faces, Game, Group, Handler, HandlerFn, Kind, Pool, Rules, Seat, StableId,
    Table, Zone,
};
use crate::pipeline::{HandlerId, Listener};
use crate::snapshot::SnapshotRegistry;

/// Spawns entities in a deterministic order (each gets the next [`StableId`]), inserts
/// resources and registers handlers and snapshot types.
pub struct Setup<'w, G: Game> {
    pub(crate) world: &'w mut World,
    pub(crate) rules: &'w mut Rules<G>,
    pub(crate) registry: &'w mut SnapshotRegistry,
    pub(crate) next_id: u32,
    pub(crate) seed: u64,
    /// Set by [`fail`](Self::fail): the build fails with this message.
    pub(crate) failure: Option<String>,
    /// The types declared not game state ([`not_game_state`](Self::not_game_state)).
    pub(crate) client: Vec<std::any::TypeId>,
}

impl<G: Game> Setup<'_, G> {
    /// Fails the build: [`SimBuilder::try_build`](super::SimBuilder::try_build) returns
    /// [`PipelineError::Failed`](crate::pipeline::PipelineError::Failed) naming `error` (the
    /// first failure is kept). For what the game's options or abilities can cause (a first
    /// deal its abilities cannot make), never for bugs.
    pub fn fail(&mut self, error: impl std::fmt::Display) {
        self.failure.get_or_insert_with(|| error.to_string());
    }

    /// The game seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The world being built.
    pub fn world(&mut self) -> &mut World {
        self.world
    }

    /// The rules built so far: the game, the handlers registered, the pools and groups
    /// spawned (their entities in spawn order).
    pub fn rules(&self) -> &Rules<G> {
        self.rules
    }

    /// The rules built so far and the world at once: code shared with play that reads the
    /// rules while it changes the world (dealing the opening hands, say).
    pub fn rules_and_world(&mut self) -> (&Rules<G>, &mut World) {
        (self.rules, self.world)
    }

    /// The game's own [`State`](Game::State) (its `Default` when setup starts), to set up.
    pub fn state(&mut self) -> &mut G::State {
        &mut self
            .rules
            .slots
            .resolution
            .get_mut(self.world)
            .expect("the game's world has its Resolution resource")
            .state
    }

    /// Runs `f` on the world and the [`Table`] (`Table::new(game.seats())` when setup starts)
    /// at once: code shared with the pipeline's handlers (which get both from
    /// [`Ctx::world_and_table`](crate::pipeline::Ctx::world_and_table)).
    pub fn with_world_and_table<R>(&mut self, f: impl FnOnce(&mut World, &mut Table) -> R) -> R {
        super::step::with_resolution(self.world, self.rules, |world, res| {
            f(world, &mut res.table)
        })
    }

    /// Queues a root event: once setup is over (and the card reader is built), the queued
    /// events resolve in order — listeners, rules and follow-up events, as for an action —
    /// before the first decision is asked. A game deals, starts its first turn or loads a
    /// position this way, with the same rules it plays by.
    pub fn emit(&mut self, event: G::Event) {
        self.rules
            .slots
            .resolution
            .get_mut(self.world)
            .expect("the game's world has its Resolution resource")
            .push_root(event);
    }

    /// Spawns `bundle` with the next [`StableId`].
    pub fn spawn(&mut self, bundle: impl Bundle) -> Entity {
        let id = StableId(self.next_id);
        self.next_id += 1;
        let entity = self.world.spawn((id, bundle)).id();
        self.rules.entities.push(entity);
        entity
    }

    /// Gives `entities`, spawned into the world some other way (a shared installer such as
    /// `alea_games::dealer::install`), the next [`StableId`]s, in order: only
    /// entities with a stable id are game state (snapshots, checksums, `Sim::from_world`).
    pub fn adopt(&mut self, entities: &[Entity]) {
        for &entity in entities {
            let id = StableId(self.next_id);
            self.next_id += 1;
            self.world.entity_mut(entity).insert(id);
            self.rules.entities.push(entity);
        }
    }

    /// Spawns the player at `seat` ([`Rules::player`] finds it). Spawn seats in order, from 0.
    ///
    /// # Panics
    /// If `seat` is not the next seat: a setup bug.
    pub fn spawn_player(&mut self, seat: Seat, extra: impl Bundle) -> Entity {
        assert_eq!(
            seat.index(),
            self.rules.players.len(),
            "players must be spawned in seat order"
        );
        let entity = self.spawn((Kind::Player, seat, extra));
        self.rules.players.push(entity);
        entity
    }

    /// Spawns a card (or tile) `card` in `zone` (listed in [`Rules::cards`]). [`CardId`] is
    /// part of snapshots from the first card on (a determinization may swap identities).
    pub fn spawn_card(&mut self, card: CardId, zone: Zone, extra: impl Bundle) -> Entity {
        self.snapshot_component::<CardId>();
        let entity = self.spawn((Kind::Card, card, zone, extra));
        self.rules.cards.push(entity);
        entity
    }

    /// Spawns a die with `faces` faces in `zone`, showing face 0 (listed in [`Rules::dice`]).
    /// [`DieFace`] is part of snapshots from the first die on.
    /// A die without faces fails the build ([`fail`](Self::fail)).
    pub fn spawn_die(&mut self, faces: u8, zone: Zone, extra: impl Bundle) -> Entity {
        if faces == 0 {
            self.fail("a die needs at least one face");
        }
        self.snapshot_component::<DieFace>();
        let entity = self.spawn((Kind::Die, Faces(faces), DieFace(0), zone, extra));
        self.rules.dice.push(entity);
        entity
    }

    /// Spawns `count` free members of `pool` (in [`Zone::Pool`]), each with `make(i)` (listed in
    /// [`Rules::pool`]).
    pub fn spawn_pool<B: Bundle>(
        &mut self,
        pool: Pool,
        count: usize,
        mut make: impl FnMut(usize) -> B,
    ) -> Vec<Entity> {
        let members: Vec<Entity> = (0..count)
            .map(|i| self.spawn((pool, Zone::Pool, make(i))))
            .collect();
        list_in(&mut self.rules.pools, pool.0, &members);
        members
    }

    /// Spawns `count` members of `group`, each with `make(i)` (listed in [`Rules::group`]).
    pub fn spawn_group<B: Bundle>(
        &mut self,
        group: Group,
        count: usize,
        mut make: impl FnMut(usize) -> B,
    ) -> Vec<Entity> {
        let members: Vec<Entity> = (0..count).map(|i| self.spawn(make(i))).collect();
        list_in(&mut self.rules.groups, group.0, &members);
        members
    }

    /// Registers a handler under `name`; listeners refer to it by the returned id.
    pub fn handler(&mut self, name: &'static str, run: HandlerFn<G>) -> HandlerId {
        let id =
            HandlerId(u16::try_from(self.rules.handlers.len()).expect("at most 65 536 handlers"));
        self.rules.handlers.push(Handler { name, run });
        id
    }

    /// Spawns a listener entity (with the seat component when it has an owner).
    pub fn spawn_listener(&mut self, listener: Listener, extra: impl Bundle) -> Entity {
        let entity = self.spawn((Kind::Listener, extra));
        self.add_listener(entity, listener);
        entity
    }

    /// Makes an entity spawned at setup (a pooled summon or status) a listener too: it gets
    /// `listener` (and the seat component when it has an owner) and joins the listener index.
    pub fn add_listener(&mut self, entity: Entity, listener: Listener) {
        assert!(
            usize::from(listener.handler.0) < self.rules.handlers.len(),
            "listener handler {:?} is not registered",
            listener.handler
        );
        self.world.entity_mut(entity).insert(listener);
        if let Some(seat) = listener.seat {
            self.world.entity_mut(entity).insert(seat);
        }
        let kind = usize::from(listener.event);
        if self.rules.by_event.len() <= kind {
            self.rules.by_event.resize_with(kind + 1, Vec::new);
        }
        let index = self.rules.by_event[kind].len();
        if listener.is_enabled() {
            self.rules
                .slots
                .resolution
                .get_mut(self.world)
                .expect("the game's world has its Resolution resource")
                .census
                .set(listener.event, index, true);
        }
        self.rules.by_event[kind].push(entity);
        self.rules
            .listener_slots
            .insert(entity, (listener.event, index));
        self.rules.listened |= 1 << kind.min(63);
        if listener.timing == crate::pipeline::Timing::After {
            self.rules.listened_after |= 1 << kind.min(63);
        }
    }

    /// Inserts a resource.
    pub fn insert_resource(&mut self, resource: impl Resource) {
        self.world.insert_resource(resource);
    }

    /// Makes component `T` part of snapshots and checksums (once: registering it again, or a
    /// component the kernel registers itself, does nothing). Every mutable component a game
    /// entity carries when setup ends must be registered, immutable or
    /// [not game state](Self::not_game_state): setup fails otherwise
    /// ([`SnapshotError::Unregistered`](crate::snapshot::SnapshotError::Unregistered)).
    pub fn snapshot_component<T>(&mut self)
    where
        T: Component<Mutability = Mutable> + Clone + std::hash::Hash,
    {
        if !self.registry.contains::<T>() {
            self.registry.register_component::<T>(self.world);
        }
    }

    /// Makes resource `R` part of snapshots and checksums (once, as
    /// [`snapshot_component`](Self::snapshot_component)). Every mutable resource the setup
    /// inserts must be registered, immutable or not game state. A restore writes it with
    /// `clone_from` and a parked vector env trades it with `std::mem::swap`
    /// ([`Sim::exchange`](crate::kernel::Sim::exchange)): its `clone_from` must copy the
    /// whole value (as [`clone_in_place!`](crate::clone_in_place) does), or the two differ.
    pub fn snapshot_resource<R>(&mut self)
    where
        R: Resource<Mutability = Mutable> + Clone + std::hash::Hash,
    {
        if !self.registry.contains::<R>() {
            self.registry.register_resource::<R>();
        }
    }

    /// Declares `T` (a component or a resource) not game state, so snapshots,
    /// checksums (unless it is also registered) and the end-of-setup check
    /// ([`SnapshotError::Unregistered`](crate::snapshot::SnapshotError::Unregistered)) leave it
    /// out. For presentation a game entity carries from setup on (a name, a sprite handle)
    /// and for caches the rules rebuild (a query's state): the rules' results must never
    /// depend on its value.
    pub fn not_game_state<T: 'static>(&mut self) {
        self.client.push(std::any::TypeId::of::<T>());
    }
}

/// Appends `members` to list `index` of `lists` (a pool's or a group's), making room for it.
fn list_in(lists: &mut Vec<Vec<Entity>>, index: u16, members: &[Entity]) {
    let index = usize::from(index);
    if lists.len() <= index {
        lists.resize_with(index + 1, Vec::new);
    }
    lists[index].extend_from_slice(members);
}
