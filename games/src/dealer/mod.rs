//! The staged dealer (from libsaki's Princess): **raid → bargain → flip indicators →
//! beg → monkey**, each a named system in [`DealerSystems`] inside the [`DealSchedule`].
//!
//! Abilities are listener entities ([`Ability`]) bound to a seat, with optional hooks
//! ([`AbilityHooks`]: plain `fn` pointers) and what they remember from earlier hands
//! ([`AbilityMemory`]); every hook sees where the hand stands in its match ([`DealRound`]: round
//! wind and number, dealer, all-last). Before the stages each ability's `on_hand_start` updates
//! its memory. The mount starts with every tile in zone A; the stages take the starting hands
//! out of it:
//! - **raid**: fixes with absolute priority (High before Low; without priority: dropped);
//! - **bargain**: plans and claims, a joint plan chosen uniformly among the feasible ones
//!   ([`choose_joint_plan`]); each ability is told its plan and enforces it on the mount;
//! - **flip indicators**: the dora indicators, drawn from [`Exit::Dorahyou`](crate::mount::Exit);
//! - **beg**: tiles wanted from zone A, except kinds another ability claimed `All`/`Four`;
//! - **monkey**: per seat, fill the hand to 13 from A with the abilities' `on_monkey` presence,
//!   ask every ability's `check_init`, and retry from a restored mount until all accept.
//!
//! [`install`] sets up any World for dealing and [`run_deal`] runs the schedule once;
//! [`Dealer`] owns such a World, and [`Dealer::deal`] runs one deal and leaves the result in the
//! [`DealTable`] resource (the four starting hands, the revealed indicators, each ability's plan),
//! from which a game takes over. A failed deal leaves the World exactly as it was.
//!
//! ```
//! use alea_games::dealer::{DealConfig, Dealer};
//! use alea_games::games::mahjong::abilities;
//! use alea::kernel::Seat;
//!
//! let kuro = abilities::by_name("kuro").unwrap();
//! let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(0), kuro)], 7).unwrap();
//! let table = dealer.deal(0).unwrap();
//! assert!(table.hands.iter().all(|h| h.total() == 13));
//! assert_eq!(table.dora_indicators.len(), 1);
//! ```

mod ability;
mod bargain;
mod deal;
mod stages;
mod trace;

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SystemSet};

pub use ability::{
    Ability, AbilityCtx, AbilityHooks, AbilityMemory, AbilityPlan, BargainHooks, DealRound,
    DiscardView, DrawView, RaidFix, RaidPriority, TableView,
};
pub use bargain::{Bargainer, Claim, Infeasible, choose_joint_plan, count_joint_plans};
pub(crate) use deal::DealStatus;
pub use deal::{AbilityList, DealConfig, DealError, DealTable, PlanRecord, refused_to};
pub use trace::{AbilityAct, AbilityTrace, Act, LitTile};

use crate::mount::Mount;
use alea::chance::Streams;
use alea::kernel::Seat;
use alea::snapshot::{Snapshot, SnapshotRegistry};

/// The schedule that runs one deal.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DealSchedule;

/// The dealing stages, chained in this order. Order your own systems around them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DealerSystems {
    /// Fixes with absolute priority.
    Raid,
    /// Plans and claims; a uniform feasible joint plan.
    Bargain,
    /// The dora indicators.
    FlipIndicators,
    /// Tiles wanted from what is left.
    Beg,
    /// Rejection sampling of the rest of the hands.
    Monkey,
}

/// A World set up for dealing: the mount, the random streams, the deal table and one listener
/// entity per ability, with the [`DealSchedule`] and a snapshot registry of the deal's state.
pub struct Dealer {
    world: World,
    registry: SnapshotRegistry,
    before: Snapshot,
}

impl Dealer {
    /// A dealer for `config` with `abilities` bound to their seats (one per seat), seeded
    /// `seed`.
    pub fn new(
        config: DealConfig,
        abilities: &[(Seat, &'static AbilityHooks)],
        seed: u64,
    ) -> Result<Dealer, DealError> {
        let mut world = World::new();
        let entities = install(&mut world, config, abilities, seed)?;
        for (id, entity) in (0u32..).zip(entities) {
            world.entity_mut(entity).insert(alea::kernel::StableId(id));
        }
        let mut registry = SnapshotRegistry::new();
        registry.register_resource::<Mount>();
        registry.register_resource::<Streams>();
        registry.register_resource::<DealTable>();
        registry.register_resource::<DealRound>();
        registry.register_component::<AbilityPlan>(&mut world);
        registry.register_component::<AbilityMemory>(&mut world);
        let before = registry.snapshot(&world);
        Ok(Dealer {
            world,
            registry,
            before,
        })
    }

    /// Deals round `round`: a fresh mount, the deal stream keyed to the round, then the
    /// [`DealSchedule`] in the [`DealRound`] set by [`Dealer::set_round`] (East 1, seat 0
    /// dealing, by default). What abilities remember carries over from deal to deal, as in a
    /// match; after [`Dealer::forget`] any round replays alone. On error the World is exactly
    /// as before.
    pub fn deal(&mut self, round: u32) -> Result<&DealTable, DealError> {
        self.registry.save(&self.world, &mut self.before);
        let config = *self.world.resource::<DealConfig>();
        *self.world.resource_mut::<Mount>() = Mount::new(config.set, config.layout);
        self.world.resource_mut::<Streams>().start_round(round);
        if let Err(error) = run_deal(&mut self.world) {
            self.registry
                .restore(&mut self.world, &self.before)
                .expect("the dealer's entities never change");
            return Err(error);
        }
        Ok(self.world.resource::<DealTable>())
    }

    /// Where the next deals stand in a match: round wind and number, dealer, all-last.
    pub fn set_round(&mut self, round: DealRound) {
        *self.world.resource_mut::<DealRound>() = round;
    }

    /// Every ability forgets what it remembered from earlier deals.
    pub fn forget(&mut self) {
        forget_in_world(&mut self.world);
    }

    /// What the ability at `order` (its place in the list given to [`Dealer::new`]) remembers.
    pub fn memory(&self, order: usize) -> Option<AbilityMemory> {
        let entity = *self.world.resource::<AbilityList>().0.get(order)?;
        self.world.get::<AbilityMemory>(entity).copied()
    }

    /// Sets what the ability at `order` remembers (a constructed position; false: no such
    /// ability).
    pub fn set_memory(&mut self, order: usize, memory: AbilityMemory) -> bool {
        let Some(&entity) = self.world.resource::<AbilityList>().0.get(order) else {
            return false;
        };
        *self
            .world
            .get_mut::<AbilityMemory>(entity)
            .expect("ability memory") = memory;
        true
    }

    /// The result of the last successful deal.
    pub fn table(&self) -> &DealTable {
        self.world.resource::<DealTable>()
    }

    /// The mount after the last deal.
    pub fn mount(&self) -> &Mount {
        self.world.resource::<Mount>()
    }

    /// A stable checksum of the deal's state (mount, streams, table, plans).
    pub fn checksum(&mut self) -> u64 {
        self.registry.checksum(&self.world)
    }

    /// The World (abilities, mount, table).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The World, mutably (to add systems to the [`DealSchedule`], or to play on).
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// Every ability's `on_draw` hook, in ability order, before `view.drawer` draws from the
    /// live wall: presence edits on the next [`Exit::Pii`](crate::mount::Exit::Pii) slot.
    pub fn on_draw(&mut self, view: &DrawView<'_>) {
        stages::on_draw(&mut self.world, view);
    }

    /// Every ability's `on_discard` hook, in ability order, after a discard.
    pub fn on_discard(&mut self, view: &DiscardView) {
        stages::on_discard(&mut self.world, view);
    }
}

/// Sets up any World for dealing (a game's, or the one [`Dealer`] owns): the [`DealConfig`],
/// a fresh [`Mount`] of the configured set and layout, [`Streams`] seeded `seed` unless the
/// World has them, the [`DealTable`], the [`DealRound`] (East 1, seat 0 dealing), one listener
/// entity per ability ([`Ability`] + [`AbilityPlan`] + [`AbilityMemory`], in the given order)
/// and the [`DealSchedule`]. Returns the ability entities
/// (without a [`StableId`](alea::kernel::StableId): a game gives them theirs with
/// [`Setup::adopt`](alea::kernel::Setup::adopt), as snapshots save only entities that have one).
/// Checks the seats first: on error nothing is inserted.
pub fn install(
    world: &mut World,
    config: DealConfig,
    abilities: &[(Seat, &'static AbilityHooks)],
    seed: u64,
) -> Result<Vec<Entity>, DealError> {
    let mut taken: Vec<Option<String>> = vec![None; usize::from(config.seats)];
    for &(seat, hooks) in abilities {
        let label = format!("{}@{}", hooks.name, seat.0);
        match taken.get_mut(usize::from(seat.0)) {
            None => {
                return Err(DealError::NoSuchSeat {
                    ability: label,
                    seat,
                    seats: config.seats,
                });
            }
            Some(Some(first)) => {
                return Err(DealError::SeatTaken {
                    seat,
                    first: first.clone(),
                    second: label,
                });
            }
            Some(slot) => *slot = Some(label),
        }
    }
    world.insert_resource(config);
    world.insert_resource(Mount::new(config.set, config.layout));
    if !world.contains_resource::<Streams>() {
        world.insert_resource(Streams::new(seed));
    }
    world.insert_resource(DealTable::default());
    world.insert_resource(DealRound::default());
    world.insert_resource(DealStatus::default());
    let list: Vec<Entity> = abilities
        .iter()
        .enumerate()
        .map(|(order, &(seat, hooks))| {
            let ability = Ability {
                seat,
                order: order as u16,
                hooks,
            };
            world
                .spawn((ability, AbilityPlan(None), AbilityMemory::default()))
                .id()
        })
        .collect();
    world.insert_resource(AbilityList(list.clone()));
    world.add_schedule(deal_schedule());
    Ok(list)
}

/// Every ability's `on_draw` hook on a World set up by [`install`] (a game's), in ability
/// order, before `view.drawer` draws from the live wall: presence edits on the next
/// [`Exit::Pii`](crate::mount::Exit::Pii) slot.
pub fn on_draw_in_world(world: &mut World, view: &DrawView<'_>) {
    stages::on_draw(world, view);
}

/// Every ability's `on_discard` hook on a World set up by [`install`], in ability order, after
/// a discard: what the abilities remember.
pub fn on_discard_in_world(world: &mut World, view: &DiscardView) {
    stages::on_discard(world, view);
}

/// Every ability of a World set up by [`install`] forgets what it remembered (a new match).
pub fn forget_in_world(world: &mut World) {
    // The abilities in the list [`install`] spawned, one at a time (no query built: a vector
    // env calls this at every hand it deals).
    let count = world
        .get_resource::<AbilityList>()
        .map_or(0, |list| list.0.len());
    for at in 0..count {
        let ability = world.resource::<AbilityList>().0[at];
        if let Some(mut memory) = world.get_mut::<AbilityMemory>(ability)
            && *memory != AbilityMemory::default()
        {
            *memory = AbilityMemory::default();
        }
    }
}

/// What the ability with `hooks` at `seat` remembers, in a World set up by [`install`].
pub fn memory_of(world: &World, seat: Seat, hooks: &AbilityHooks) -> Option<AbilityMemory> {
    let list = world.get_resource::<AbilityList>()?;
    list.0.iter().find_map(|&entity| {
        let ability = world.get::<Ability>(entity)?;
        (ability.seat == seat && std::ptr::eq(ability.hooks, hooks))
            .then(|| world.get::<AbilityMemory>(entity).copied())
            .flatten()
    })
}

/// True when a World set up by [`install`] has abilities seated.
pub fn has_abilities(world: &World) -> bool {
    world
        .get_resource::<AbilityList>()
        .is_some_and(|list| !list.0.is_empty())
}

/// Runs the [`DealSchedule`] once on a World set up by [`install`] (on its current mount and
/// deal stream, in its [`DealRound`]) and returns the first stage error. It does not roll
/// back: [`Dealer::deal`] restores a snapshot; a game doing this itself registers [`Mount`],
/// [`Streams`], [`DealTable`], [`DealRound`], [`AbilityPlan`] and [`AbilityMemory`] for its
/// snapshots.
pub fn run_deal(world: &mut World) -> Result<(), DealError> {
    world.run_schedule(DealSchedule);
    match world.resource_mut::<DealStatus>().0.take() {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// The deal schedule: the five stages chained in [`DealerSystems`] order.
pub fn deal_schedule() -> Schedule {
    let mut schedule = Schedule::new(DealSchedule);
    schedule.configure_sets(
        (
            DealerSystems::Raid,
            DealerSystems::Bargain,
            DealerSystems::FlipIndicators,
            DealerSystems::Beg,
            DealerSystems::Monkey,
        )
            .chain(),
    );
    schedule.add_systems((
        stages::start.before(DealerSystems::Raid),
        stages::raid.in_set(DealerSystems::Raid),
        stages::bargain.in_set(DealerSystems::Bargain),
        stages::flip_indicators.in_set(DealerSystems::FlipIndicators),
        stages::beg.in_set(DealerSystems::Beg),
        stages::monkey.in_set(DealerSystems::Monkey),
    ));
    schedule
}
