//! The resolution of an action: "macro stack, micro queue".
//!
//! Resolving event E: its *before* listeners run in order (each may modify E, cancel it, emit
//! events or ask a player); unless cancelled, the rules apply E; then its *after* listeners run.
//! The events emitted meanwhile are E's children: they resolve in emission order, each fully
//! (with its own children) before the next one, and all before E's next sibling. The whole
//! state of a resolution lives in the [`Resolution`] resource, so a resolution can stop for a
//! player's decision, be snapshotted, and resume.

use bevy_ecs::prelude::*;
use serde::Serialize;

use super::listener::{Timing, listener_order};
use super::{Ctx, Effect, Flow, Listener, Mode, PipelineError};
use crate::chance::ActionChance;
use crate::kernel::{
    Decision, Game, GameEvent, HandlerFn, Inspector, Rules, Seat, StableId, Table,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Stage {
    Before,
    Apply,
    After,
}

#[derive(Clone, Debug)]
struct InFlight<E> {
    event: E,
    depth: u16,
    origin: Origin,
    stage: Stage,
    next: u16,
    /// How many events waited below this one's children: the events it emitted so far are
    /// `waiting[base..]`, in emission order (not hashed: the hash of the resolution names
    /// the split, see [`ResolutionState`]'s `Hash`).
    base: u32,
}

impl<E: std::hash::Hash> std::hash::Hash for InFlight<E> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.event.hash(state);
        self.depth.hash(state);
        self.origin.hash(state);
        self.stage.hash(state);
        self.next.hash(state);
    }
}

impl<E> InFlight<E> {
    /// The finished event as the log records it, and where its children start in the stack
    /// of waiting events (what [`finish`] takes).
    fn finished(self, cancelled: bool) -> (LoggedEvent<E>, usize) {
        let done = LoggedEvent {
            depth: self.depth,
            cancelled,
            origin: self.origin,
            event: self.event,
        };
        (done, self.base as usize)
    }
}

/// Who produced an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Origin {
    /// A player's action ([`Game::translate`]).
    Action,
    /// Queued from outside a resolution: by the setup or [`Sim::emit`](crate::kernel::Sim::emit).
    Root,
    /// The rules of its parent event ([`Game::apply`]).
    Rules,
    /// A listener's handler (or AI hook), at `timing` of its parent event.
    Listener {
        /// The listener entity's stable id ([`Rules::entity`] finds the entity).
        id: StableId,
        /// Before or after the parent's rules.
        timing: Timing,
    },
}

/// An event waiting to resolve.
#[derive(Clone, Debug, Hash)]
pub(crate) struct Queued<E> {
    pub(crate) event: E,
    pub(crate) depth: u16,
    pub(crate) origin: Origin,
}

type OrderKey = (Timing, i32, u16, u16, u32);

/// Pushes an emitted event. Out of line on purpose: a small event arrives whole in a register
/// and is stored with one write, which the event loop's read of it, right after, takes from
/// the store buffer. Inlined, an enum's fields are stored one by one and that wider read waits
/// until they reach the cache (a store-forwarding stall on every emitted event).
#[inline(never)]
pub(crate) fn push_waiting<E>(waiting: &mut Vec<Queued<E>>, event: E, depth: u16, origin: Origin) {
    let Some(slot) = waiting.spare_capacity_mut().first_mut() else {
        return grow_and_push(waiting, event, depth, origin);
    };
    slot.write(Queued {
        event,
        depth,
        origin,
    });
    // SAFETY: the element just past the length was written above, within the capacity.
    // (`Vec::push` would keep its growth path, and the registers it saves, on every push.)
    unsafe { waiting.set_len(waiting.len() + 1) };
}

/// Turns over the events pushed onto `waiting` from `base` on (in the order they were pushed),
/// so that the first pushed is on top: an event's children when it finishes, an action's root
/// events once translated.
#[inline(always)]
pub(crate) fn turn_over<E>(waiting: &mut [Queued<E>], base: usize) {
    debug_assert!(base <= waiting.len(), "pushed events start past the stack");
    if waiting.len() > base + 1 {
        waiting[base..].reverse();
    }
}

/// [`push_waiting`] when the stack is full.
#[cold]
#[inline(never)]
fn grow_and_push<E>(waiting: &mut Vec<Queued<E>>, event: E, depth: u16, origin: Origin) {
    waiting.push(Queued {
        event,
        depth,
        origin,
    });
}

/// The pipeline's state, one resource so an action touches it once: the pending decision,
/// the game's own state and the [`Table`], the event in flight, the stack of events waiting,
/// the listener order of the current stage and the answer to a question asked mid-resolution.
/// Part of every snapshot.
///
/// The state is boxed so the pipeline can take it out of the world while it runs (a pointer
/// move, see [`with_resolution`](crate::kernel::step::with_resolution)); it reads through
/// [`Deref`](std::ops::Deref) as a [`ResolutionState`].
///
/// # Panics
/// Reading it from a handler while the pipeline runs panics: the state is out of the world
/// then (handlers reach the table, the game's state, the pending decision and chance through
/// [`Ctx`]; an inspector gets the table and the state as arguments).
#[derive(Resource, Debug)]
pub struct Resolution<G: Game>(Option<Box<ResolutionState<G>>>);

impl<G: Game> Default for Resolution<G> {
    fn default() -> Self {
        Resolution(Some(Box::default()))
    }
}

impl<G: Game> Clone for Resolution<G> {
    fn clone(&self) -> Self {
        Resolution(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        match (&mut self.0, &source.0) {
            (Some(mine), Some(theirs)) => mine.as_mut().clone_from(theirs),
            (mine, theirs) => *mine = theirs.clone(),
        }
    }
}

impl<G: Game> std::hash::Hash for Resolution<G> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        if let Some(inner) = &self.0 {
            inner.hash(state);
        }
    }
}

impl<G: Game> std::ops::Deref for Resolution<G> {
    type Target = ResolutionState<G>;
    fn deref(&self) -> &ResolutionState<G> {
        self.0.as_deref().expect(DETACHED)
    }
}

impl<G: Game> std::ops::DerefMut for Resolution<G> {
    fn deref_mut(&mut self) -> &mut ResolutionState<G> {
        self.0.as_deref_mut().expect(DETACHED)
    }
}

const DETACHED: &str = "the Resolution is out of the world while the pipeline runs";

impl<G: Game> Resolution<G> {
    /// Takes the state out (the pipeline runs on it outside the world).
    pub(crate) fn detach(&mut self) -> Box<ResolutionState<G>> {
        self.0.take().expect(DETACHED)
    }

    /// Puts the state back.
    pub(crate) fn attach(&mut self, state: Box<ResolutionState<G>>) {
        self.0 = Some(state);
    }
}

/// The content of [`Resolution`].
#[derive(Debug)]
pub struct ResolutionState<G: Game> {
    /// The decision the game waits on.
    pub decision: Decision<G::Action>,
    /// The game's own state ([`Game::State`]).
    pub state: G::State,
    /// The seats, the active seat and the round ([`Table`]); the builder sets
    /// `Table::new(game.seats())` before the game's setup.
    pub table: Table,
    /// The events waiting, the next on top; while an event is in flight, the events it
    /// emitted so far are on top, in emission order (from its `base`), and are turned over
    /// when it finishes, so the first one emitted resolves first.
    waiting: Vec<Queued<G::Event>>,
    current: Option<InFlight<G::Event>>,
    /// The listeners of the current stage, by order key (its last part the listener's
    /// [`StableId`]: no `Entity`, so the state means the same in every world).
    order: Vec<OrderKey>,
    answer: Option<G::Action>,
    /// Enabled listeners per event kind (derived from the listeners: not part of checksums).
    pub(crate) census: super::Census,
    /// The current action's forced case and chance points (transient: not part of checksums).
    pub chance: ActionChance,
    /// What the pipeline records and how listeners run: a setting, not game state (not part
    /// of checksums, kept when a snapshot is restored).
    pub watch: Watch,
}

/// What the pipeline records into the [`Observer`], and whether listeners run in benefit mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    /// Record resolved events into [`Observer::events`].
    pub record_events: bool,
    /// Record effects into [`Observer::effects`].
    pub record_effects: bool,
    /// Play or benefit simulation.
    pub mode: Mode,
    /// In [`Mode::Benefit`], events nested deeper than this are *prevented*: skipped (with
    /// whatever they would have caused) and counted in [`Observer::prevented`], not an error
    /// (default [`DEFAULT_BENEFIT_CAP`]).
    pub benefit_cap: u16,
}

/// The default nesting cap of benefit simulation.
pub const DEFAULT_BENEFIT_CAP: u16 = 30;

impl Default for Watch {
    fn default() -> Self {
        Watch {
            record_events: false,
            record_effects: false,
            mode: Mode::Play,
            benefit_cap: DEFAULT_BENEFIT_CAP,
        }
    }
}

impl<G: Game> Default for ResolutionState<G> {
    fn default() -> Self {
        ResolutionState {
            decision: Decision::default(),
            state: G::State::default(),
            table: Table::new(0),
            waiting: Vec::new(),
            current: None,
            order: Vec::new(),
            answer: None,
            census: super::Census::default(),
            chance: ActionChance::default(),
            watch: Watch::default(),
        }
    }
}

impl<G: Game> Clone for ResolutionState<G> {
    fn clone(&self) -> Self {
        ResolutionState {
            decision: self.decision.clone(),
            state: self.state.clone(),
            table: self.table,
            waiting: self.waiting.clone(),
            current: self.current.clone(),
            order: self.order.clone(),
            answer: self.answer,
            census: self.census.clone(),
            chance: self.chance.clone(),
            watch: self.watch,
        }
    }

    /// Copies the state, keeping this one's [`Watch`] (restoring a snapshot does not change
    /// what is being recorded).
    fn clone_from(&mut self, source: &Self) {
        self.decision.clone_from(&source.decision);
        self.state.clone_from(&source.state);
        self.table = source.table;
        self.waiting.clone_from(&source.waiting);
        self.current.clone_from(&source.current);
        self.order.clone_from(&source.order);
        self.answer = source.answer;
        self.census.clone_from(&source.census);
        self.chance.clone_from(&source.chance);
    }
}

impl<G: Game> std::hash::Hash for ResolutionState<G> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.decision.hash(state);
        self.state.hash(state);
        self.table.hash(state);
        // Hashed as two lists, the events waiting below the one in flight and the events it
        // emitted so far with their origins: the same hash as when the emitted events were
        // kept apart, so stored checksums still hold.
        let (below, emitted) = self.waiting.split_at(self.emitted_from());
        below.hash(state);
        self.current.hash(state);
        state.write_usize(emitted.len());
        for queued in emitted {
            queued.event.hash(state);
            queued.origin.hash(state);
        }
        self.order.hash(state);
        self.answer.hash(state);
    }
}

impl<G: Game> ResolutionState<G> {
    /// True while an event is in flight (the game waits on a question asked mid-resolution).
    pub fn in_flight(&self) -> bool {
        self.current.is_some()
    }

    /// Where the events emitted by the event in flight start in `waiting` (its length when
    /// none is in flight).
    fn emitted_from(&self) -> usize {
        self.current
            .as_ref()
            .map_or(self.waiting.len(), |flight| flight.base as usize)
    }

    /// Queues `event` as a root event (depth 1), to resolve after the root events queued
    /// before it: what [`Setup::emit`](crate::kernel::Setup::emit) and
    /// [`Sim::emit`](crate::kernel::Sim::emit) do.
    pub(crate) fn push_root(&mut self, event: G::Event) {
        // Below an event in flight it would shift the children it emitted (from its `base`):
        // callers refuse (`SimError::InFlight`) or run before any resolution (the setup).
        debug_assert!(self.current.is_none(), "a root event queued mid-resolution");
        // `waiting` is a stack (the next event on top): a later root event goes below.
        self.waiting.insert(
            0,
            Queued {
                event,
                depth: 1,
                origin: Origin::Root,
            },
        );
    }

    pub(crate) fn clear(&mut self) {
        clear_parts::<G>(
            &mut self.waiting,
            &mut self.current,
            &mut self.order,
            &mut self.answer,
        );
    }
}

/// Drops a resolution in progress (what a failure leaves): the events waiting (those just
/// emitted too) and in flight, the stage's listeners and a pending answer.
fn clear_parts<G: Game>(
    waiting: &mut Vec<Queued<G::Event>>,
    current: &mut Option<InFlight<G::Event>>,
    order: &mut Vec<OrderKey>,
    answer: &mut Option<G::Action>,
) {
    waiting.clear();
    *current = None;
    order.clear();
    *answer = None;
}

/// How a run of the pipeline ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Every event resolved.
    Idle,
    /// A handler asked a player; the next action resumes the resolution.
    Asked,
}

/// One resolved event, as recorded by the [`Observer`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct LoggedEvent<E> {
    /// Nesting depth (root events are at depth 1).
    pub depth: u16,
    /// True when a listener or the rules cancelled it.
    pub cancelled: bool,
    /// Who produced it (not written in JSON logs).
    #[serde(skip)]
    pub origin: Origin,
    /// The event as resolved (after modifications).
    pub event: E,
}

/// What the pipeline recorded: resolved events and effects (card moves, property changes),
/// each only while switched on in the resolution's [`Watch`]. Observational only: not part of
/// snapshots.
#[derive(Resource, Debug)]
pub struct Observer<G: Game> {
    /// The resolved events, in resolution order.
    pub events: Vec<LoggedEvent<G::Event>>,
    /// The effects, oldest first.
    pub effects: Vec<Effect>,
    /// Events skipped in benefit simulation for nesting deeper than [`Watch::benefit_cap`].
    pub prevented: u32,
}

impl<G: Game> Default for Observer<G> {
    fn default() -> Self {
        Observer {
            events: Vec::new(),
            effects: Vec::new(),
            prevented: 0,
        }
    }
}

/// Runs the pipeline on `res` (taken out of the world by the caller) until every event
/// resolved or a player is asked.
///
/// On an error ([`PipelineError`]) the resolution is cleared; the caller restores the world
/// (see [`Sim::apply`](crate::kernel::Sim::apply)).
pub fn run<G: Game>(
    world: &mut World,
    rules: &Rules<G>,
    res: &mut ResolutionState<G>,
) -> Result<Progress, PipelineError> {
    with_driver(world, rules, res, |driver| driver.run())
}

/// The event loop over one [`ResolutionState`], set up once for any number of actions: a
/// `play` call accepts, resolves and asks for the next decision in one driver, without
/// taking the state apart again for each action.
pub(crate) struct Driver<'a, G: Game> {
    ctx: Ctx<'a, G>,
    current: &'a mut Option<InFlight<G::Event>>,
    order: &'a mut Vec<OrderKey>,
    answer: &'a mut Option<G::Action>,
    limits: Limits<G>,
}

/// What the event loop reads of the rules and the [`Watch`] (fixed while a driver runs).
struct Limits<G: Game> {
    depth_limit: u16,
    benefit: bool,
    benefit_cap: u16,
    seen: Seen<G>,
    /// No benefit simulation, no event log, no inspector: an event resolved by the rules
    /// alone is then only applied.
    plain: bool,
}

/// Runs `f` with a [`Driver`] over `res`.
#[inline(always)]
pub(crate) fn with_driver<G: Game, R>(
    world: &mut World,
    rules: &Rules<G>,
    res: &mut ResolutionState<G>,
    f: impl FnOnce(&mut Driver<'_, G>) -> R,
) -> R {
    let Watch {
        record_effects: recording,
        record_events: logging,
        mode,
        benefit_cap,
    } = res.watch;
    let (benefit, seen) = (
        mode == Mode::Benefit,
        Seen {
            logging,
            inspect: rules.inspect,
        },
    );
    let limits = Limits {
        depth_limit: rules.depth_limit,
        benefit,
        benefit_cap,
        seen,
        plain: !benefit && seen.is_nobody(),
    };
    let ResolutionState {
        decision,
        state,
        table,
        waiting,
        current,
        order,
        answer,
        census,
        chance,
        watch: _,
    } = res;
    // Where a call's `Ctx::fail` leaves its message (a reference keeps `Ctx` small).
    let mut failure: Option<String> = None;
    // One context for every call: each call sets who runs (`listener`, `origin`, `answer`).
    let mut driver = Driver {
        ctx: Ctx {
            world,
            cells: super::ctx::Cells::default(),
            rules,
            waiting,
            decision,
            state,
            table,
            chance,
            census,
            answer: None,
            listener: None,
            origin: Origin::Rules,
            depth: 0,
            recording,
            failure: &mut failure,
        },
        current,
        order,
        answer,
        limits,
    };
    f(&mut driver)
}

impl<'a, G: Game> Driver<'a, G> {
    /// The decision the game waits on.
    #[inline(always)]
    pub(crate) fn decision(&self) -> &crate::kernel::Decision<G::Action> {
        self.ctx.decision
    }

    /// The world, for changes in place only (never its structure: the handler context keeps
    /// places in its storage, see `Ctx::world`).
    #[inline(always)]
    pub(crate) fn world(&mut self) -> &mut World {
        self.ctx.world
    }

    /// The chance points the last action met.
    #[inline(always)]
    pub(crate) fn chance_log(&self) -> &[crate::chance::ChanceRecord] {
        &self.ctx.chance.log
    }

    /// The game's rules.
    #[inline(always)]
    pub(crate) fn rules(&self) -> &'a Rules<G> {
        self.ctx.rules
    }

    /// Starts resolving `seat`'s `action` (translated by [`Game::translate`]) with its first
    /// chance point forced to `case`, or hands the action to the handler that asked, when a
    /// resolution is in flight.
    #[inline(always)]
    pub(crate) fn accept(&mut self, seat: Seat, action: G::Action, case: Option<u32>) {
        self.ctx.chance.start(case);
        if self.current.is_some() {
            *self.answer = Some(action);
            return;
        }
        let ctx = &mut self.ctx;
        let mut roots = super::RootEvents::onto(ctx.waiting);
        G::translate(
            ctx.rules, ctx.world, ctx.table, ctx.state, seat, action, &mut roots,
        );
        roots.close();
    }

    /// Runs the event loop until every event resolved or a player is asked. On an error the
    /// resolution is cleared (the caller restores the world).
    #[inline(always)]
    pub(crate) fn run(&mut self) -> Result<Progress, PipelineError> {
        let result = self.drive();
        if result.is_err() {
            clear_parts::<G>(self.ctx.waiting, self.current, self.order, self.answer);
        }
        result
    }

    /// [`run`](Self::run); when every event resolved, asks the game for the next decision.
    #[inline(always)]
    pub(crate) fn resolve(&mut self) -> Result<(), PipelineError> {
        if self.run()? == Progress::Idle {
            let ctx = &mut self.ctx;
            G::next_decision(ctx.rules, ctx.world, ctx.table, ctx.state, ctx.decision);
        }
        Ok(())
    }

    #[inline(always)]
    fn drive(&mut self) -> Result<Progress, PipelineError> {
        loop {
            let progress = match self.current.is_none() {
                // Without benefit simulation, an event log or an inspector, the loop is
                // compiled without their checks.
                true => match self.limits.plain {
                    true => resolve_unstaged::<G, true>(self),
                    false => resolve_unstaged::<G, false>(self),
                },
                false => self.run_staged(),
            };
            if let Some(progress) = progress? {
                return Ok(progress);
            }
        }
    }

    /// Runs the event in flight stage by stage (its listeners and its rules) until it
    /// finishes (`None`: the events waiting go on) or a player is asked. Out of line: the
    /// events of a game no listener stages never come here, and its event loop stays small.
    #[inline(never)]
    fn run_staged(&mut self) -> Result<Option<Progress>, PipelineError> {
        let rules = self.ctx.rules;
        let Driver {
            ctx,
            current,
            order,
            answer,
            limits,
            ..
        } = self;
        let (benefit, seen) = (limits.benefit, limits.seen);
        while let Some(flight) = current.as_mut() {
            // Who runs next on the event in flight: a listener's handler, or the rules.
            let (run, span): (HandlerFn<G>, _) = match flight.stage {
                Stage::Apply => {
                    ctx.rules_run();
                    (G::apply, Span::Rules)
                }
                Stage::Before | Stage::After => {
                    let Some(&key) = order.get(usize::from(flight.next)) else {
                        if flight.stage == Stage::Before {
                            flight.stage = Stage::Apply;
                        } else if let Some(done) = current.take() {
                            // The listener list is scratch for the event in flight: left behind,
                            // it would make equal positions hash differently.
                            order.clear();
                            let (done, base) = done.finished(false);
                            finish(ctx, seen, done, base);
                        }
                        continue;
                    };
                    let entity = rules.entity(StableId(key.4));
                    let Some(listener) = entity.and_then(|e| ctx.world.get::<Listener>(e)).copied()
                    else {
                        flight.next += 1;
                        continue;
                    };
                    if !listener.is_enabled() {
                        flight.next += 1;
                        continue;
                    }
                    let id = match (benefit, listener.ai_hook) {
                        (true, Some(hook)) => hook,
                        _ => listener.handler,
                    };
                    let handler = rules.handler(id);
                    ctx.listener = entity;
                    ctx.origin = Origin::Listener {
                        id: StableId(key.4),
                        timing: listener.timing,
                    };
                    (handler.run, Span::Listener(handler.name))
                }
            };
            ctx.answer = answer.take();
            ctx.depth = flight.depth + 1;
            let flow = call(run, span, ctx, &mut flight.event)?;
            match (flight.stage, flow) {
                (Stage::Apply, Flow::Continue) => {
                    flight.stage = Stage::After;
                    flight.next = 0;
                    order.clear();
                    let kind = flight.event.kind();
                    if rules.is_listened_after(kind) {
                        collect_listeners(ctx, kind, Timing::After, order);
                    }
                    continue;
                }
                (Stage::Before | Stage::After, Flow::Continue) | (Stage::After, Flow::Cancel) => {
                    flight.next += 1;
                    continue;
                }
                _ => {}
            }
            match flow {
                Flow::Ask(_) => return Ok(Some(Progress::Asked)),
                Flow::Cancel | Flow::Continue => {
                    if let Some(done) = current.take() {
                        order.clear();
                        let (done, base) = done.finished(true);
                        finish(ctx, seen, done, base);
                    }
                }
            }
        }
        Ok(None)
    }
}

/// Resolves the waiting events no enabled listener stages, each by the rules alone, until
/// none is left ([`Progress::Idle`]), the rules ask a player ([`Progress::Asked`]) or an event
/// needs its listeners: it is then in flight, its *before* listeners collected (`None`).
/// `PLAIN`: the limits are [plain](Limits::plain).
#[inline(always)]
fn resolve_unstaged<G: Game, const PLAIN: bool>(
    driver: &mut Driver<'_, G>,
) -> Result<Option<Progress>, PipelineError> {
    let (ctx, current, order, limits) = (
        &mut driver.ctx,
        &mut *driver.current,
        &mut *driver.order,
        &driver.limits,
    );
    let rules = ctx.rules;
    let seen = match PLAIN {
        true => Seen::NOBODY,
        false => limits.seen,
    };
    // Every call here is the rules' (nothing a call can reach changes these).
    ctx.rules_run();
    ctx.answer = None;
    loop {
        let Some(Queued {
            mut event,
            depth,
            origin,
        }) = ctx.waiting.pop()
        else {
            return Ok(Some(Progress::Idle));
        };
        // The events it emits go on top, from here.
        let base = ctx.waiting.len();
        debug_assert!(u32::try_from(base).is_ok(), "over 2^32 events waiting");
        if !PLAIN && limits.benefit && depth > limits.benefit_cap {
            // Too deep to simulate: this branch adds nothing.
            ctx.world.resource_mut::<Observer<G>>().prevented += 1;
            continue;
        }
        if depth > limits.depth_limit {
            return Err(PipelineError::TooDeep {
                limit: limits.depth_limit,
            });
        }
        let kind = event.kind();
        if rules.is_listened(kind) && (rules.is_listened_after(kind) || ctx.census.any(kind)) {
            order.clear();
            collect_listeners(ctx, kind, Timing::Before, order);
            *current = Some(InFlight {
                event,
                depth,
                origin,
                stage: Stage::Before,
                next: 0,
                base: base as u32,
            });
            return Ok(None);
        }
        // Nobody listens, or only before the rules and none of those is enabled: the rules
        // alone, without staging the event.
        ctx.depth = depth + 1;
        let cancelled = match call(G::apply, Span::Rules, ctx, &mut event)? {
            Flow::Ask(_) => {
                *current = Some(InFlight {
                    event,
                    depth,
                    origin,
                    stage: Stage::Apply,
                    next: 0,
                    base: base as u32,
                });
                return Ok(Some(Progress::Asked));
            }
            Flow::Cancel => true,
            Flow::Continue => false,
        };
        let done = LoggedEvent {
            depth,
            cancelled,
            origin,
            event,
        };
        finish(ctx, seen, done, base);
    }
}

/// What a handler call is named in traces: `rules: <event kind>` or `listener: <handler>`.
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "trace"), allow(dead_code))]
enum Span {
    /// The rules of the event (named by its kind: its variant's name).
    Rules,
    /// A listener's handler (named as registered).
    Listener(&'static str),
}

/// Runs a handler or the rules (`run`, named by `span` in traces) on `event`; a call that
/// [failed](Ctx::fail) is an error.
#[inline(always)]
fn call<G: Game>(
    run: HandlerFn<G>,
    span: Span,
    ctx: &mut Ctx<'_, G>,
    event: &mut G::Event,
) -> Result<Flow, PipelineError> {
    #[cfg(feature = "trace")]
    let _span = match span {
        Span::Rules => tracing::info_span!("rules", name = %KindName(&*event)).entered(),
        Span::Listener(handler) => tracing::info_span!("listener", name = handler).entered(),
    };
    #[cfg(not(feature = "trace"))]
    let _ = span;
    let flow = run(ctx, event);
    // Read, not taken: the common case writes nothing back.
    if ctx.failure.is_none() {
        return Ok(flow);
    }
    Err(PipelineError::Failed {
        message: ctx.failure.take().unwrap_or_default(),
    })
}

/// An event shown as its kind: the start of its `Debug` form, up to the first space, brace or
/// parenthesis (the variant's name, for an enum).
#[cfg(feature = "trace")]
struct KindName<'a, E>(&'a E);

#[cfg(feature = "trace")]
impl<E: std::fmt::Debug> std::fmt::Display for KindName<'_, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        /// Passes text on until the end of the first word.
        struct Head<'a, 'b> {
            out: &'a mut std::fmt::Formatter<'b>,
            done: bool,
        }
        impl std::fmt::Write for Head<'_, '_> {
            fn write_str(&mut self, text: &str) -> std::fmt::Result {
                if self.done {
                    return Ok(());
                }
                match text.find([' ', '{', '(']) {
                    Some(end) => {
                        self.done = true;
                        self.out.write_str(&text[..end])
                    }
                    None => self.out.write_str(text),
                }
            }
        }
        use std::fmt::Write;
        write!(
            Head {
                out: f,
                done: false
            },
            "{:?}",
            self.0
        )
    }
}

/// Who sees a resolved event: the event log (when recording) and the inspector.
struct Seen<G: Game> {
    logging: bool,
    inspect: Option<Inspector<G>>,
}

impl<G: Game> Seen<G> {
    /// Nobody: no log, no inspector.
    const NOBODY: Self = Seen {
        logging: false,
        inspect: None,
    };

    fn is_nobody(&self) -> bool {
        !self.logging && self.inspect.is_none()
    }
}

impl<G: Game> Clone for Seen<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Seen<G> {}

/// Ends an event: schedules its children (the events from `base` up) before its siblings,
/// the first one emitted on top, logs it and shows the world, the table and the game's state
/// to the inspector.
#[inline(always)]
fn finish<G: Game>(ctx: &mut Ctx<'_, G>, seen: Seen<G>, done: LoggedEvent<G::Event>, base: usize) {
    turn_over(ctx.waiting, base);
    if seen.logging {
        ctx.world.resource_mut::<Observer<G>>().events.push(done);
    }
    if let Some(inspect) = seen.inspect {
        inspect(ctx.world, ctx.table, ctx.state);
    }
}

/// Fills `order` with the enabled listeners of `kind` at `timing`, sorted by the listener order.
fn collect_listeners<G: Game>(
    ctx: &Ctx<'_, G>,
    kind: crate::kernel::EventKind,
    timing: Timing,
    order: &mut Vec<OrderKey>,
) {
    let (world, table, census) = (&*ctx.world, &*ctx.table, &*ctx.census);
    let candidates = ctx.rules.listeners_of(kind);
    for entity in census
        .enabled(kind)
        .filter_map(|i| candidates.get(i).copied())
    {
        let found = world
            .get::<Listener>(entity)
            .zip(world.get::<StableId>(entity).copied());
        let Some((listener, id)) = found else {
            continue;
        };
        if listener.timing == timing && listener.is_enabled() {
            order.push(listener_order(listener, id, table.active, table.seats));
        }
    }
    order.sort_unstable();
}
