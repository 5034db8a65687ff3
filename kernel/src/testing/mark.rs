//! [`Mark`]: the world as a search found it, to tell afterwards whether anything the
//! snapshots do not cover changed.

use bevy_ecs::change_detection::Tick;
use bevy_ecs::component::ComponentId;
use bevy_ecs::prelude::*;

use crate::kernel::{Game, Sim, StableId};

/// What a restore cannot put back, as it was when the mark was made: the components each
/// game entity holds (its structure) and a change tick. Values of registered types are
/// compared by checksum; everything else must not change after the mark (its change ticks
/// stay older).
pub(super) struct Mark {
    tick: Tick,
    checksum: u64,
    structure: Vec<Vec<ComponentId>>,
    resources: Vec<ComponentId>,
    spawned: u32,
}

impl Mark {
    /// Marks `sim`'s world as it is now.
    pub(super) fn new<G: Game>(sim: &mut Sim<G>) -> Mark {
        let checksum = sim.checksum();
        // Changes from now on carry a newer tick than the mark's.
        let tick = sim.world_mut().increment_change_tick();
        Mark {
            tick,
            checksum,
            structure: structure(sim),
            resources: resources(sim.world()),
            spawned: sim.world().entities().count_spawned(),
        }
    }

    /// Checks that `sim`'s world is the marked one: the same checksum, the same components
    /// on every game entity, and no value outside the snapshots (an immutable component
    /// replaced, a game resource the snapshots skip) changed since.
    pub(super) fn same<G: Game>(&self, sim: &mut Sim<G>) -> Result<(), String> {
        let checksum = sim.checksum();
        if checksum != self.checksum {
            return Err(format!(
                "checksum {checksum:016x}, was {:016x}",
                self.checksum
            ));
        }
        let now = structure(sim);
        if let Some(id) = (0..now.len()).find(|&i| now.get(i) != self.structure.get(i)) {
            return Err(format!(
                "game entity {id} holds other components than before (a component inserted or \
                 removed during play)"
            ));
        }
        if resources(sim.world()) != self.resources {
            return Err("a resource was inserted or removed during play".into());
        }
        let spawned = sim.world().entities().count_spawned();
        if spawned != self.spawned {
            return Err(format!(
                "the world holds {spawned} entities, not {} (an entity spawned or despawned \
                 during play)",
                self.spawned
            ));
        }
        self.untouched(sim)
    }

    /// No component or game resource outside the snapshots changed since the mark.
    fn untouched<G: Game>(&self, sim: &Sim<G>) -> Result<(), String> {
        let (world, rules) = (sim.world(), sim.rules());
        let Some(coverage) = rules.coverage.get() else {
            return Ok(());
        };
        let this_run = world.read_change_tick();
        let changed = |ticks: bevy_ecs::change_detection::ComponentTicks| {
            ticks.is_changed(self.tick, this_run) || ticks.is_added(self.tick, this_run)
        };
        let name = |id: ComponentId| {
            world
                .components()
                .get_info(id)
                .map_or_else(|| format!("{id:?}"), |info| info.name().to_string())
        };
        for &entity in &rules.entities {
            let Ok(entity_ref) = world.get_entity(entity) else {
                continue;
            };
            for &id in entity_ref.archetype().components() {
                if !coverage.must_not_change(id) {
                    continue;
                }
                if entity_ref.get_change_ticks_by_id(id).is_some_and(changed) {
                    let stable = entity_ref.get::<StableId>().map_or(u32::MAX, |s| s.0);
                    return Err(format!(
                        "{} on game entity {stable} changed, and no snapshot covers it",
                        name(id)
                    ));
                }
            }
        }
        for &id in coverage.game_resources() {
            if coverage.must_not_change(id)
                && world
                    .get_resource_change_ticks_by_id(id)
                    .is_some_and(changed)
            {
                return Err(format!(
                    "the resource {} changed, and no snapshot covers it",
                    name(id)
                ));
            }
        }
        Ok(())
    }
}

/// The component ids of every game entity, in stable-id order.
fn structure<G: Game>(sim: &Sim<G>) -> Vec<Vec<ComponentId>> {
    let world = sim.world();
    sim.rules()
        .entities
        .iter()
        .map(|&entity| {
            world.get_entity(entity).map_or_else(
                |_| Vec::new(),
                |e| {
                    let mut ids = e.archetype().components().to_vec();
                    ids.sort_unstable();
                    ids
                },
            )
        })
        .collect()
}

/// The component ids of the world's resources, sorted.
fn resources(world: &World) -> Vec<ComponentId> {
    let mut ids: Vec<_> = crate::snapshot::resource_ids(world).collect();
    ids.sort_unstable();
    ids
}
