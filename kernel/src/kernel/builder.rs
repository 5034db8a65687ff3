//! [`SimBuilder`]: the deterministic recipe for a game world.

use bevy_ecs::prelude::*;

use super::KernelSlots;
use super::step::with_resolution;
use std::sync::Arc;

use super::{DEFAULT_DEPTH_LIMIT, Game, GameRules, Inspector, Rules, Setup, Table, Zone};
use crate::chance::{Case, Forced, Streams};
use crate::pipeline::{Listener, Observer, Resolution};
use crate::snapshot::{Coverage, SnapshotRegistry};

/// What a game world was built from: its [`SimBuilder`] and a snapshot registry of its own.
/// Inserted by the builder into every world it builds (a [`Sim`](super::Sim)'s, or a Bevy
/// app's through `AleaPlugin`), it is how [`Sim::from_world`](super::Sim::from_world) copies a
/// live world into a search `Sim` and [`world_checksum`](crate::snapshot::world_checksum)
/// hashes one from a `&World`.
#[derive(Resource)]
pub struct SimSource<G: Game> {
    pub(crate) builder: SimBuilder<G>,
    /// Behind a lock so a `&World` can snapshot and hash (the registry caches its queries).
    pub(crate) registry: std::sync::Mutex<SnapshotRegistry>,
}

impl<G: Game> SimSource<G> {
    /// The builder the world was built with.
    pub fn builder(&self) -> &SimBuilder<G> {
        &self.builder
    }

    /// Runs `f` with the world's snapshot registry.
    pub(crate) fn with_registry<R>(&self, f: impl FnOnce(&mut SnapshotRegistry) -> R) -> R {
        let mut registry = self
            .registry
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut registry)
    }
}

/// What happens to the world when an action fails (the pipeline nests too deep).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rollback {
    /// A failed action leaves the world exactly as it was: a checkpoint snapshot every 64
    /// actions (and after anything else changed the world) and a journal of the actions since,
    /// replayed onto it on failure (see [`Sim::apply`](super::Sim::apply)); in
    /// [`RunMode::Schedule`] and benefit mode, a snapshot before every action.
    #[default]
    PerAction,
    /// No per-action snapshot: after a failure the world is half-applied and the caller must
    /// restore its own snapshot (search loops do anyway). The fastest setting for playouts.
    Caller,
}

/// How [`Sim::apply`](super::Sim::apply) drives the rules stages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunMode {
    /// Call the stage functions directly, in [`PipelineSystems`](super::PipelineSystems)
    /// order: the same code the systems run, without the scheduler's overhead.
    #[default]
    Direct,
    /// Run the [`DecisionSchedule`](super::DecisionSchedule) once per decision, so systems the
    /// user added around the sets run too, and the `trace` feature shows every system's span.
    Schedule,
}

/// A game configuration, a seed and kernel options: everything needed to build the same world
/// again (which is how [`Sim::fork`](super::Sim::fork) makes a world for another thread).
#[derive(Clone, Debug)]
pub struct SimBuilder<G: Game> {
    pub(crate) game: G,
    pub(crate) seed: u64,
    pub(crate) depth_limit: u16,
    pub(crate) rollback: Rollback,
    pub(crate) run_mode: RunMode,
    pub(crate) inspect: Option<Inspector<G>>,
    pub(crate) record_events: bool,
    pub(crate) setup_cases: Forced,
}

impl<G: Game> SimBuilder<G> {
    /// A builder for `game` with seed 0, depth limit 64, per-action rollback, direct run mode.
    pub fn new(game: G) -> Self {
        SimBuilder {
            game,
            seed: 0,
            depth_limit: DEFAULT_DEPTH_LIMIT,
            rollback: Rollback::default(),
            run_mode: RunMode::default(),
            inspect: None,
            record_events: false,
            setup_cases: Forced::NONE,
        }
    }

    /// Sets the game seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Sets the pipeline's depth limit.
    pub fn depth_limit(mut self, limit: u16) -> Self {
        self.depth_limit = limit;
        self
    }

    /// Sets the rollback policy.
    pub fn rollback(mut self, rollback: Rollback) -> Self {
        self.rollback = rollback;
        self
    }

    /// Sets the run mode.
    pub fn run_mode(mut self, mode: RunMode) -> Self {
        self.run_mode = mode;
        self
    }

    /// Calls `inspect` after every resolved event (each event's rules and listeners have run;
    /// its children have not) with the world, the [`Table`](super::Table) and the game's
    /// [`State`](Game::State) — the pipeline's own state is out of the world meanwhile, so
    /// reading the `Resolution` from the world there panics. Tests check invariants with it.
    pub fn inspect(mut self, inspect: Inspector<G>) -> Self {
        self.inspect = Some(inspect);
        self
    }

    /// Records resolved events from the start: [`Sim::events`](super::Sim::events) then
    /// begins with the events the setup emitted (the deal, the opening rolls), with no seat
    /// acting. Off by default ([`Sim::record_events`](super::Sim::record_events) turns
    /// recording on later). A `Sim` built from this builder records too: its
    /// [`fork`](super::Sim::fork)s, and a search's root-parallel workers (searches themselves
    /// record nothing).
    pub fn record_events(mut self, on: bool) -> Self {
        self.record_events = on;
        self
    }

    /// Forces the branching chance points the setup's events meet (a deal drawn through chance
    /// points: Leduc's private cards, a game's opening rolls), one case each, as
    /// [`Sim::set_cases`](super::Sim::set_cases) does for an action; the built `Sim`'s
    /// [`chance_log`](super::Sim::chance_log) lists them. Randomness the setup draws from its
    /// streams directly is not a chance point and stays as the seed makes it.
    pub fn setup_cases(mut self, cases: Forced) -> Self {
        self.setup_cases = cases;
        self
    }

    /// The game configuration.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Builds the game into `world` (an empty world, or a Bevy app's world) and returns the
    /// snapshot registry of its state. The first decision is pending when it returns; the
    /// game's [`Rules`] are in the [`GameRules`] resource.
    ///
    /// # Panics
    /// As [`build`](Self::build).
    pub fn build_into(&self, world: &mut World) -> SnapshotRegistry {
        self.build_rules_into(world, self.record_events)
            .unwrap_or_else(|e| panic!("the {} setup fails: {e}", self.game.name()))
            .1
    }

    /// Builds the game into `world`; `record` records events from the setup's on (whatever
    /// the builder says, which the world's [`SimSource`] keeps for `Sim::from_world`).
    pub(crate) fn build_rules_into(
        &self,
        world: &mut World,
        record: bool,
    ) -> Result<(Arc<Rules<G>>, SnapshotRegistry), super::SimError> {
        let mut registry = SnapshotRegistry::new();
        world.insert_resource(Streams::new(self.seed));
        world.insert_resource(Case::default());
        world.insert_resource(Observer::<G>::default());
        let mut resolution = Resolution::<G>::default();
        resolution.table = Table::new(self.game.seats());
        resolution.watch.record_events = record;
        world.insert_resource(resolution);
        let mut rules = Rules::new(
            self.game.clone(),
            self.depth_limit,
            KernelSlots::register(world),
        );
        registry.register_resource::<Streams>();
        registry.register_resource::<Case>();
        registry.register_resource_swapped::<Resolution<G>>(Resolution::exchange);
        registry.register_component::<Zone>(world);
        registry.register_component::<Listener>(world);
        let before: std::collections::HashSet<_> = crate::snapshot::resource_ids(world).collect();
        let mut setup = Setup {
            world,
            rules: &mut rules,
            registry: &mut registry,
            next_id: 0,
            seed: self.seed,
            failure: None,
            client: Vec::new(),
        };
        self.game.setup(&mut setup);
        if let Some(message) = setup.failure.take() {
            return Err(crate::pipeline::PipelineError::Failed { message }.into());
        }
        let client = std::mem::take(&mut setup.client);
        rules.inspect = self.inspect;
        rules
            .slots
            .resolution
            .get_mut(world)
            .expect("the game's world has its Resolution resource")
            .census
            .shape(rules.by_event.iter().map(Vec::len));
        if !rules.cards.is_empty() {
            rules.card_zones = Some(super::CardZones::new(world, &rules.cards));
        }
        let rules = Arc::new(rules);
        world.insert_resource(GameRules(rules.clone()));
        if let Some(own) = registry.for_world(world) {
            world.insert_resource(SimSource {
                builder: self.clone(),
                registry: std::sync::Mutex::new(own),
            });
        }
        // The events the setup emitted resolve now, then the first decision is asked.
        with_resolution(world, &rules, |world, res| {
            res.chance.force_next(self.setup_cases);
            res.chance.start(None);
            super::step::resolve(world, &rules, res)
        })?;
        // What setup and its events made is covered by the snapshots. The kernel's own
        // resources inserted since `before` are not the game's: the rules, the builder, and
        // benefit simulation's ledger (one simulated decision's accounts).
        let kernel = [
            std::any::TypeId::of::<GameRules<G>>(),
            std::any::TypeId::of::<SimSource<G>>(),
            std::any::TypeId::of::<crate::benefit::Ledger>(),
        ]
        .map(|t| world.components().get_id(t));
        let before = before
            .into_iter()
            .chain(kernel.into_iter().flatten())
            .collect();
        let coverage = Coverage::audit(world, &registry, &client, &before)?;
        let _ = rules.coverage.set(coverage);
        Ok((rules, registry))
    }
}
