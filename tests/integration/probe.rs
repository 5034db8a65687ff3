//! A probe ruleset for pipeline tests: events form a tree given by the configuration,
//! listeners come from a table, and every handler leaves a trace.

use alea::kernel::{
    Decision, EventKind, Game, GameEvent, Pool, Rules, Seat, Setup, Sim, SimBuilder, Table,
};
use alea::pipeline::{Ctx, Flow, Listener, RootEvents, Timing};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// What a listener's handler does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Does {
    /// Appends its label to the trace.
    Trace,
    /// Doubles the event's value.
    Double,
    /// Cancels the event.
    Cancel,
    /// Emits node 9.
    Emit9,
    /// Asks seat 1 yes/no; on yes doubles the value.
    Ask,
}

/// One listener of the configuration.
#[derive(Clone, Debug)]
pub struct Spec {
    pub label: char,
    pub timing: Timing,
    pub priority: i16,
    pub seat: Option<u8>,
    pub slot: u16,
    pub does: Does,
    /// Only nodes with this id trigger it (None: all).
    pub on: Option<u8>,
    /// What it does instead in benefit simulation (its AI hook).
    pub hook: Option<Does>,
}

impl Spec {
    pub fn new(label: char, timing: Timing, priority: i16, seat: Option<u8>, slot: u16) -> Self {
        Spec {
            label,
            timing,
            priority,
            seat,
            slot,
            does: Does::Trace,
            on: None,
            hook: None,
        }
    }
    pub fn does(mut self, does: Does) -> Self {
        self.does = does;
        self
    }
    pub fn hook(mut self, hook: Does) -> Self {
        self.hook = Some(hook);
        self
    }
    pub fn on(mut self, node: u8) -> Self {
        self.on = Some(node);
        self
    }
}

#[derive(Clone, Debug, Default)]
pub struct Probe {
    pub seats: u8,
    pub listeners: Vec<Spec>,
    /// children[id] = the nodes the rules emit when node `id` applies.
    pub children: Vec<Vec<u8>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ProbeAction {
    Fire(u8),
    Loop,
    Yes,
    No,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ProbeEvent {
    Node { id: u8, value: i64 },
    Loop,
}

impl GameEvent for ProbeEvent {
    fn kind(&self) -> EventKind {
        match self {
            ProbeEvent::Node { .. } => 0,
            ProbeEvent::Loop => 1,
        }
    }
}

/// Snapshotted probe state: the sum of applied values and the trace of listener labels.
#[derive(Resource, Debug, Default, Hash, PartialEq, Eq)]
pub struct Probed {
    pub sum: i64,
    pub trace: Vec<char>,
}

impl Clone for Probed {
    fn clone(&self) -> Self {
        Probed {
            sum: self.sum,
            trace: self.trace.clone(),
        }
    }
    fn clone_from(&mut self, source: &Self) {
        self.sum = source.sum;
        self.trace.clone_from(&source.trace);
    }
}

thread_local! {
    /// How many calls of the rules ([`Game::apply`]) saw a listener as running
    /// ([`Ctx::listener`]): always 0 (the rules run as the rules).
    pub static RULES_SAW_A_LISTENER: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Per-listener data: its label, what it does, which node triggers it.
#[derive(Component, Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct Label(pub char, pub Option<u8>);

fn label(ctx: &mut Ctx<'_, Probe>, event: &ProbeEvent) -> Option<char> {
    let entity = ctx.listener()?;
    let Label(label, on) = *ctx.world().get::<Label>(entity)?;
    match (event, on) {
        (ProbeEvent::Node { id, .. }, Some(on)) if *id != on => None,
        _ => Some(label),
    }
}

fn trace(ctx: &mut Ctx<'_, Probe>, event: &mut ProbeEvent) -> Flow {
    if let Some(l) = label(ctx, event) {
        ctx.world().resource_mut::<Probed>().trace.push(l);
    }
    Flow::Continue
}

fn double(ctx: &mut Ctx<'_, Probe>, event: &mut ProbeEvent) -> Flow {
    if label(ctx, event).is_some()
        && let ProbeEvent::Node { value, .. } = event
    {
        *value *= 2;
    }
    Flow::Continue
}

fn cancel(ctx: &mut Ctx<'_, Probe>, event: &mut ProbeEvent) -> Flow {
    if label(ctx, event).is_some() {
        Flow::Cancel
    } else {
        Flow::Continue
    }
}

fn emit9(ctx: &mut Ctx<'_, Probe>, event: &mut ProbeEvent) -> Flow {
    if label(ctx, event).is_some() {
        ctx.emit(ProbeEvent::Node { id: 9, value: 0 });
    }
    Flow::Continue
}

fn ask(ctx: &mut Ctx<'_, Probe>, event: &mut ProbeEvent) -> Flow {
    if label(ctx, event).is_none() {
        return Flow::Continue;
    }
    match ctx.answer() {
        None => ctx.ask(Seat(1), [ProbeAction::Yes, ProbeAction::No]),
        Some(ProbeAction::Yes) => {
            if let ProbeEvent::Node { value, .. } = event {
                *value *= 2;
            }
            Flow::Continue
        }
        Some(_) => Flow::Continue,
    }
}

impl Game for Probe {
    type Action = ProbeAction;
    type Event = ProbeEvent;
    type State = ();

    fn name(&self) -> &'static str {
        "probe"
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        let handlers = [
            setup.handler("trace", trace),
            setup.handler("double", double),
            setup.handler("cancel", cancel),
            setup.handler("emit9", emit9),
            setup.handler("ask", ask),
        ];
        for spec in &self.listeners {
            let handler = handlers[spec.does as usize];
            let mut listener = Listener::new(0, spec.timing, handler).priority(spec.priority);
            if let Some(hook) = spec.hook {
                listener = listener.ai_hook(handlers[hook as usize]);
            }
            if let Some(seat) = spec.seat {
                listener = listener.seat(Seat(seat), spec.slot);
            } else {
                listener.slot = spec.slot;
            }
            setup.spawn_listener(listener, Label(spec.label, spec.on));
        }
        setup.spawn_pool(Pool(7), 3, |_| ());
        setup.insert_resource(Probed::default());
        setup.snapshot_resource::<Probed>();
        setup.snapshot_component::<Label>();
    }

    fn translate(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &(),
        _: Seat,
        action: ProbeAction,
        out: &mut RootEvents<'_, ProbeEvent>,
    ) {
        match action {
            ProbeAction::Fire(id) => out.push(ProbeEvent::Node { id, value: 1 }),
            ProbeAction::Loop => out.push(ProbeEvent::Loop),
            ProbeAction::Yes | ProbeAction::No => {}
        }
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut ProbeEvent) -> Flow {
        if ctx.listener().is_some() {
            RULES_SAW_A_LISTENER.with(|seen| seen.set(seen.get() + 1));
        }
        match *event {
            ProbeEvent::Node { id, value } => {
                ctx.world().resource_mut::<Probed>().sum += value;
                let children = ctx
                    .game()
                    .children
                    .get(usize::from(id))
                    .cloned()
                    .unwrap_or_default();
                for child in children {
                    ctx.emit(ProbeEvent::Node {
                        id: child,
                        value: 1,
                    });
                }
            }
            ProbeEvent::Loop => {
                ctx.world().resource_mut::<Probed>().sum += 1;
                ctx.emit(ProbeEvent::Loop);
            }
        }
        Flow::Continue
    }

    fn next_decision(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &(),
        decision: &mut Decision<ProbeAction>,
    ) {
        decision.ask(
            Seat(0),
            (0..10).map(ProbeAction::Fire).chain([ProbeAction::Loop]),
        );
    }

    fn returns(_: &Rules<Self>, _: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        out.clear();
    }
}

/// A probe simulator.
pub fn probe(game: Probe) -> Sim<Probe> {
    SimBuilder::new(game).seed(1).build()
}

/// The probe state.
pub fn probed(sim: &Sim<Probe>) -> Probed {
    sim.world().resource::<Probed>().clone()
}
