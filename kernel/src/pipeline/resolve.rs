//! The resolution of an action: "macro stack, micro queue".
//!
//! Resolving event E: its *before* listeners run in order (each may modify E, cancel it, emit
//! events or ask a player); unless cancelled, the rules apply E; then its *after* listeners run.
//! The events emitted meanwhile are E's children: they resolve in emission order, each fully
//! (with its own children) before the next one, and all before E's next sibling. The whole
//! state of a resolution lives in the [`Resolution`](super::Resolution) resource (`state.rs`),
//! so a resolution can stop for a player's decision, be snapshotted, and resume. This file is
//! the driver that runs it.

use bevy_ecs::prelude::*;

use super::listener::{Timing, listener_order};
use super::observer::{LoggedEvent, Observer};
use super::stack::{Origin, Queued, turn_over};
use super::state::{InFlight, OrderKey, ResolutionState, Stage, clear_parts};
use super::watch::Watch;
use super::{Ctx, Flow, Listener, Mode, PipelineError};
use crate::kernel::{Game, GameEvent, HandlerFn, Inspector, Rules, Seat, StableId};

/// How a run of the pipeline ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Every event resolved.
    Idle,
    /// A handler asked a player; the next action resumes the resolution.
    Asked,
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
