//! The stage systems of the [`DealSchedule`](super::DealSchedule) and the play-time `on_draw`.
//!
//! Each stage is an exclusive system: it takes the deal table out of the World, works on the
//! mount and the deal stream, and puts the table back. After an error (kept in `DealStatus`)
//! the later stages do nothing and [`Dealer::deal`](super::Dealer::deal) restores the snapshot.

use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;

use super::ability::{
    Ability, AbilityCtx, AbilityMemory, AbilityPlan, DealRound, DiscardView, DrawView,
    RaidPriority, TableView,
};
use super::bargain::{Bargainer, choose_joint_plan};
use super::deal::{
    AbilityList, DealConfig, DealError, DealStatus, DealTable, PlanRecord, refused_to,
};
use super::trace::{AbilityTrace, Act, lit};
use crate::mount::{Exit, Mount, Presence};
use crate::tiles::{TileCounts, TileKind};
use alea::chance::{Purpose, Streams};
use alea::kernel::Seat;

/// An ability with its entity, current plan and memory.
struct Entry {
    entity: Entity,
    ability: Ability,
    plan: Option<u16>,
    memory: AbilityMemory,
}

impl Entry {
    fn ctx(&self, config: &DealConfig, round: DealRound) -> AbilityCtx {
        AbilityCtx {
            seat: self.ability.seat,
            plan: self.plan,
            round,
            seats: config.seats,
            memory: self.memory,
        }
    }
}

fn entry(world: &World, entity: Entity) -> Entry {
    Entry {
        entity,
        ability: *world.get::<Ability>(entity).expect("ability entity"),
        plan: world.get::<AbilityPlan>(entity).expect("ability plan").0,
        memory: *world.get::<AbilityMemory>(entity).expect("ability memory"),
    }
}

fn entries(world: &World) -> Vec<Entry> {
    let list = &world.resource::<AbilityList>().0;
    list.iter().map(|&entity| entry(world, entity)).collect()
}

/// Writes the entries' plans and memories back to their entities.
fn write_back(world: &mut World, entries: &[Entry]) {
    for e in entries {
        world
            .get_mut::<AbilityPlan>(e.entity)
            .expect("ability plan")
            .0 = e.plan;
    }
    write_memories(world, entries);
}

/// Writes the entries' memories back to their entities (only those that changed).
fn write_memories(world: &mut World, entries: &[Entry]) {
    for e in entries {
        let mut memory = world.get_mut::<AbilityMemory>(e.entity).expect("memory");
        if *memory != e.memory {
            *memory = e.memory;
        }
    }
}

/// What a stage works on, taken out of the World for the stage's duration.
struct Parts<'a> {
    config: DealConfig,
    round: DealRound,
    table: DealTable,
    mount: Mut<'a, Mount>,
    entries: Vec<Entry>,
    /// The World's [`AbilityTrace`], if it has one.
    trace: Option<AbilityTrace>,
}

impl Parts<'_> {
    /// Records what the ability at `at` did, if the World keeps a trace.
    fn record(&mut self, at: usize, act: Act) {
        if let Some(trace) = self.trace.as_mut() {
            let ability = &self.entries[at].ability;
            trace.push(ability.label(), ability.seat, act);
        }
    }
}

impl Parts<'_> {
    fn ctx(&self, at: usize) -> AbilityCtx {
        self.entries[at].ctx(&self.config, self.round)
    }
}

/// Runs `stage` unless an earlier stage failed; records its error.
fn stage(
    world: &mut World,
    stage: impl FnOnce(&mut Parts<'_>, &mut ChaCha8Rng) -> Result<(), DealError>,
) {
    if world.resource::<DealStatus>().0.is_some() {
        return;
    }
    let config = *world.resource::<DealConfig>();
    let round = *world.resource::<DealRound>();
    let entries = entries(world);
    let table = std::mem::take(&mut *world.resource_mut::<DealTable>());
    let trace = world.remove_resource::<AbilityTrace>();
    let (table, entries, trace, result) = world.resource_scope(|world, mount: Mut<Mount>| {
        let mut streams = world.resource_mut::<Streams>();
        let rng = streams.bypass_change_detection().rng(Purpose::Deal);
        let mut parts = Parts {
            config,
            round,
            table,
            mount,
            entries,
            trace,
        };
        let result = stage(&mut parts, rng);
        (parts.table, parts.entries, parts.trace, result)
    });
    *world.resource_mut::<DealTable>() = table;
    if let Some(trace) = trace {
        world.insert_resource(trace);
    }
    write_back(world, &entries);
    if let Err(error) = result {
        world.resource_mut::<DealStatus>().0 = Some(error);
    }
}

/// Clears the table and the plans for a new deal; each ability's `on_hand_start` updates what
/// it remembers.
pub(super) fn start(world: &mut World) {
    let config = *world.resource::<DealConfig>();
    let round = *world.resource::<DealRound>();
    let seats = usize::from(config.seats);
    let mut entries = entries(world);
    for e in &mut entries {
        e.plan = None;
        if let Some(hook) = e.ability.hooks.on_hand_start {
            let ctx = e.ctx(&config, round);
            hook(&ctx, &mut e.memory);
        }
    }
    let mut table = world.resource_mut::<DealTable>();
    table.hands.clear();
    table.hands.resize(seats, TileCounts::new());
    table.dora_indicators.clear();
    table.plans.clear();
    table.plans.extend(entries.iter().map(|e| PlanRecord {
        ability: e.ability.label(),
        plan: None,
        describe: None,
    }));
    table.monkey_attempts.clear();
    table.monkey_attempts.resize(seats, 0);
    table.exclusive.clear();
    table.exclusive.resize(TileKind::COUNT, None);
    write_back(world, &entries);
    world.resource_mut::<DealStatus>().0 = None;
}

/// Raid: fixes with absolute priority (High, then Low, each in ability order).
pub(super) fn raid(world: &mut World) {
    stage(world, |p, _| {
        let mut fixes = Vec::new();
        for (at, e) in p.entries.iter().enumerate() {
            if let Some(raid) = e.ability.hooks.raid
                && let Some(fix) = raid(&p.ctx(at), &p.mount)
                && fix.priority != RaidPriority::None
            {
                fixes.push((fix.priority, e.ability.order, at, fix));
            }
        }
        fixes.sort_by_key(|&(priority, order, ..)| (priority, order));
        let tracing = p.trace.is_some();
        for (_, _, at, fix) in fixes {
            let seat = p.entries[at].ability.seat;
            let hand = &mut p.table.hands[usize::from(seat.0)];
            let mut taken = Vec::new();
            for tile in fix.take {
                if hand.total() < u32::from(p.config.hand_size) && p.mount.deal_tile(tile) {
                    hand[tile] += 1;
                    taken.extend(Some(tile).filter(|_| tracing));
                }
            }
            let mut loaded_b = Vec::new();
            for (tile, n) in fix.load_b {
                let before = p.mount.stock_a()[tile];
                // Abilities try: a tile outside the set moves nothing.
                let _ = p.mount.load_b(tile, n);
                if tracing {
                    let moved = before.saturating_sub(p.mount.stock_a()[tile]);
                    loaded_b.extend(std::iter::repeat_n(tile, usize::from(moved)));
                }
            }
            if !(taken.is_empty() && loaded_b.is_empty()) {
                p.record(at, Act::Raided { taken, loaded_b });
            }
        }
        Ok(())
    });
}

/// Bargain: a uniform feasible joint plan; each ability is told its plan.
pub(super) fn bargain(world: &mut World) {
    stage(world, |p, rng| {
        let mut bargainers = Vec::new();
        let mut who = Vec::new();
        for (at, e) in p.entries.iter().enumerate() {
            let Some(hooks) = e.ability.hooks.bargain else {
                continue;
            };
            let ctx = p.ctx(at);
            let n = (hooks.plans)(&ctx);
            if n == 0 {
                continue;
            }
            let plans = (0..n)
                .map(|plan| {
                    std::array::from_fn(|k| {
                        let kind = TileKind::new(k as u8).expect("34 kinds");
                        (hooks.claim)(&ctx, &p.mount, plan, kind)
                    })
                })
                .collect();
            bargainers.push(Bargainer {
                label: e.ability.label(),
                plans,
                held: p.table.hands[usize::from(e.ability.seat.0)],
            });
            who.push(at);
        }
        if bargainers.is_empty() {
            return Ok(());
        }
        let chosen =
            match choose_joint_plan(&bargainers, p.mount.stock_a(), p.config.set.counts(), rng) {
                Ok(chosen) => chosen,
                Err(_) if !p.config.strict_bargain => return Ok(()),
                Err(infeasible) => {
                    return Err(DealError::BargainInfeasible {
                        abilities: infeasible.0,
                    });
                }
            };
        for (b, (&at, &plan)) in bargainers.iter().zip(who.iter().zip(&chosen)) {
            p.entries[at].plan = Some(plan);
            let order = p.entries[at].ability.order;
            for (k, claim) in b.plans[usize::from(plan)].iter().enumerate() {
                if matches!(claim, super::Claim::All | super::Claim::Four) {
                    p.table.exclusive[k] = Some(order);
                }
            }
            let hooks = p.entries[at].ability.hooks.bargain.expect("a bargainer");
            let ctx = p.ctx(at);
            p.table.plans[at].plan = Some(plan);
            let plan = (hooks.describe)(&ctx, plan);
            p.table.plans[at].describe = Some(plan.clone());
            p.record(at, Act::Planned { plan });
            (hooks.on_bargained)(&ctx, &mut p.mount);
        }
        Ok(())
    });
}

/// Flip indicators: the configured number of dora indicators from the Dorahyou exit.
pub(super) fn flip_indicators(world: &mut World) {
    stage(world, |p, rng| {
        for _ in 0..p.config.indicators {
            p.mount.draw(Exit::Dorahyou, rng)?;
        }
        p.table.dora_indicators.clear();
        p.table
            .dora_indicators
            .extend_from_slice(p.mount.dora_indicators());
        Ok(())
    });
}

/// Beg: each ability's wanted tiles from A, except kinds another ability claimed All/Four.
pub(super) fn beg(world: &mut World) {
    stage(world, |p, rng| {
        let tracing = p.trace.is_some();
        let mut begged = Vec::new();
        for (at, e) in p.entries.iter().enumerate() {
            let Some(beg) = e.ability.hooks.beg else {
                continue;
            };
            let wanted = beg(&p.ctx(at), &p.mount, rng);
            let seat = usize::from(e.ability.seat.0);
            let mut tiles = Vec::new();
            for tile in wanted {
                if p.table.hands[seat].total() < u32::from(p.config.hand_size)
                    && !refused_to(&p.table, e.ability.order, tile.kind())
                    && p.mount.deal_tile(tile)
                {
                    p.table.hands[seat][tile] += 1;
                    tiles.extend(Some(tile).filter(|_| tracing));
                }
            }
            if !tiles.is_empty() {
                begged.push((at, tiles));
            }
        }
        for (at, tiles) in begged {
            p.record(at, Act::Begged { tiles });
        }
        Ok(())
    });
}

/// Monkey: per seat in order, fill the hand from A with the seat's presence; retry from the
/// restored mount until every ability accepts, up to the cap.
pub(super) fn monkey(world: &mut World) {
    stage(world, |p, rng| {
        let seats = usize::from(p.config.seats);
        let mut presence = vec![Presence::NONE; seats];
        for (at, e) in p.entries.iter().enumerate() {
            if let Some(on_monkey) = e.ability.hooks.on_monkey {
                let view = TableView {
                    mount: &p.mount,
                    hands: &p.table.hands,
                };
                on_monkey(&p.ctx(at), &view, &mut presence);
            }
        }
        let ctxs: Vec<AbilityCtx> = (0..p.entries.len()).map(|at| p.ctx(at)).collect();
        // The per-attempt snapshot: restored in place (no allocation) before each attempt.
        let mut attempt = p.mount.clone();
        let mut refused: Vec<usize> = Vec::new();
        for (seat, exist) in presence.iter().enumerate() {
            let mut accepted = false;
            // The seat's dealing weights on the restored mount, copied per attempt.
            let start = p.mount.hand_fill(exist);
            let missing = u32::from(p.config.hand_size).saturating_sub(p.table.hands[seat].total());
            for iter in 0..p.config.monkey_cap {
                attempt.clone_from(&p.mount);
                let mut fill = start;
                let mut hand = p.table.hands[seat];
                for _ in 0..missing {
                    let tile = attempt.deal_filling(&mut fill, exist, rng)?;
                    hand[tile] += 1;
                }
                refused.clear();
                let view = TableView {
                    mount: &attempt,
                    hands: &p.table.hands,
                };
                for (at, e) in p.entries.iter().enumerate() {
                    if let Some(check) = e.ability.hooks.check_init
                        && !check(&ctxs[at], Seat(seat as u8), &hand, iter, &view)
                    {
                        refused.push(at);
                    }
                }
                if refused.is_empty() {
                    std::mem::swap(&mut *p.mount, &mut attempt);
                    p.table.hands[seat] = hand;
                    p.table.monkey_attempts[seat] = iter + 1;
                    accepted = true;
                    break;
                }
            }
            if !accepted {
                return Err(DealError::MonkeyExhausted {
                    seat: Seat(seat as u8),
                    refused_by: refused
                        .iter()
                        .map(|&at| p.entries[at].ability.label())
                        .collect(),
                });
            }
        }
        Ok(())
    });
}

/// Every ability's `on_draw`, in ability order, on the World's mount (recorded in an
/// [`AbilityTrace`] if the World has one).
pub(super) fn on_draw(world: &mut World, view: &DrawView<'_>) {
    let config = *world.resource::<DealConfig>();
    let round = *world.resource::<DealRound>();
    let entries = entries(world);
    let mut trace = world.remove_resource::<AbilityTrace>();
    let mut mount = world.resource_mut::<Mount>();
    for e in &entries {
        if let Some(hook) = e.ability.hooks.on_draw {
            let before = trace.as_ref().map(|_| mount.mk_at(Exit::Pii, 0));
            hook(&e.ctx(&config, round), view, &mut mount);
            if let (Some(trace), Some(before)) = (trace.as_mut(), before) {
                let tiles = lit(&before, &mount);
                let drawer = view.drawer;
                if !tiles.is_empty() {
                    trace.push(
                        e.ability.label(),
                        e.ability.seat,
                        Act::Lit { drawer, tiles },
                    );
                }
            }
        }
    }
    if let Some(trace) = trace {
        world.insert_resource(trace);
    }
}

/// Every ability's `on_discard`, in ability order: what each remembers.
pub(super) fn on_discard(world: &mut World, view: &DiscardView) {
    let config = *world.resource::<DealConfig>();
    let round = *world.resource::<DealRound>();
    // Runs at every discard: no list is built, and only an ability with the hook is read.
    for at in 0..world.resource::<AbilityList>().0.len() {
        let entity = world.resource::<AbilityList>().0[at];
        let Some(hook) = world
            .get::<Ability>(entity)
            .and_then(|a| a.hooks.on_discard)
        else {
            continue;
        };
        let e = entry(world, entity);
        let mut memory = e.memory;
        hook(&e.ctx(&config, round), view, &mut memory);
        if memory != e.memory {
            *world.get_mut::<AbilityMemory>(entity).expect("memory") = memory;
        }
    }
}
