//! The rules stages of one decision, as functions and as named systems.
//!
//! A decision runs two stages, in this order, once per player action (not per event):
//! [`PipelineSystems::Accept`] checks the action, consumes [`Case`](crate::chance::Case) and
//! starts the resolution;
//! [`PipelineSystems::Resolve`] runs the event pipeline until it is idle or asks a player, then
//! computes the next decision. [`Sim`](super::Sim) calls the functions directly
//! (or runs [`DecisionSchedule`] in [`RunMode::Schedule`](super::RunMode)); a Bevy app runs the
//! systems (see the `bevy` feature's `AleaPlugin`).

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SystemSet};

use super::{Game, GameRules, Rules, Seat, Turn};
use crate::chance::ChanceRecord;
use crate::pipeline::{Driver, PipelineError, Resolution, ResolutionState, with_driver};
use crate::snapshot::{Snapshot, SnapshotError, SnapshotRegistry};

/// Why an action was refused or failed. In every case the world is as it was before.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// The game is over: no action is legal.
    #[error("the game is over")]
    GameOver,
    /// The action is not among the pending decision's choices.
    #[error("{action} is not a legal choice for {seat}")]
    Illegal {
        /// The seat that had to choose.
        seat: Seat,
        /// The refused action, as text.
        action: String,
    },
    /// The pipeline failed; the action was rolled back.
    #[error(transparent)]
    Pipeline(#[from] PipelineError),
    /// A snapshot did not fit this world, or setup left game state no snapshot covers.
    #[error(transparent)]
    Snapshot(#[from] SnapshotError),
    /// Events were emitted from outside ([`Sim::emit`](super::Sim::emit)) while a resolution
    /// waits on a player's answer.
    #[error("a resolution is waiting on a player's answer")]
    InFlight,
    /// More forced cases than one action can take ([`Sim::set_cases`](super::Sim::set_cases)).
    #[error("{given} forced cases: an action takes at most {max}", max = crate::chance::MAX_FORCED)]
    TooManyCases {
        /// How many were given.
        given: usize,
    },
    /// [`Sim::from_world`](super::Sim::from_world) was given a world that holds no game of
    /// this type (not built by a [`SimBuilder`](super::SimBuilder) or `AleaPlugin` for it).
    #[error("the world holds no {game} game (build it with SimBuilder or AleaPlugin)")]
    NotAGameWorld {
        /// The game type asked for.
        game: &'static str,
    },
}

/// The schedule that runs once per decision.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DecisionSchedule;

/// The rules stages, chained in this order. Order your own systems around them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PipelineSystems {
    /// Check the action against the pending decision, consume [`Case`](crate::chance::Case),
    /// start resolving.
    Accept,
    /// Resolve events until idle or a player is asked; then compute the next decision.
    Resolve,
}

/// Runs `f` with the [`Resolution`]'s state taken out of the world (a pointer move each way,
/// no allocation). The state goes back even when `f` panics (the panic then goes on), so a
/// caller that catches it still has a usable world.
pub fn with_resolution<G: Game, R>(
    world: &mut World,
    rules: &Rules<G>,
    f: impl FnOnce(&mut World, &mut ResolutionState<G>) -> R,
) -> R {
    let slot = rules.slots.resolution;
    let mut res = resolution_mut(world, slot).detach();
    let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(world, &mut res)));
    resolution_mut(world, slot).attach(res);
    out.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

#[inline(always)]
fn resolution_mut<G: Game>(
    world: &mut World,
    slot: crate::kernel::ResourceSlot<Resolution<G>>,
) -> &mut Resolution<G> {
    slot.get_mut(world)
        .expect("the game's world has its Resolution resource")
}

/// Checks `action` against the pending decision and starts resolving it, its first chance
/// point forced by [`Case`](crate::chance::Case) (which it resets); returns the case it took.
/// Changes nothing when the action is refused.
pub fn accept<G: Game>(
    world: &mut World,
    rules: &Rules<G>,
    res: &mut ResolutionState<G>,
    action: G::Action,
) -> Result<Option<u32>, SimError> {
    with_driver(world, rules, res, |driver| {
        accept_reading(driver, Pick::Action(action), true).map(|(_, case)| case)
    })
}

/// What a chooser of [`play_actions`] picks from a decision.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Pick<A> {
    /// An action, checked against the decision's choices.
    Action(A),
    /// The choice at this index (legal when it is in range: a random playout's draw).
    Choice(usize),
}

impl<A: Copy + PartialEq + std::fmt::Debug> Pick<A> {
    /// The seat that acts and the action picked, when it is legal in `decision`.
    #[inline(always)]
    pub(crate) fn legal(self, decision: &super::Decision<A>) -> Result<(Seat, A), SimError> {
        let Turn::Player(seat) = decision.turn else {
            return Err(SimError::GameOver);
        };
        let action = match self {
            Pick::Action(action) if decision.choices.contains(&action) => Some(action),
            Pick::Action(_) => None,
            Pick::Choice(index) => decision.choices.get(index).copied(),
        };
        action
            .map(|action| (seat, action))
            .ok_or_else(|| SimError::Illegal {
                seat,
                action: match self {
                    Pick::Action(action) => format!("{action:?}"),
                    Pick::Choice(index) => {
                        format!("choice {index} of {}", decision.choices.len())
                    }
                },
            })
    }
}

/// [`accept`] on a driver, reading [`Case`](crate::chance::Case) only if `read_case` (false:
/// the caller knows it is `None`, having just consumed it, and spares the resource lookup);
/// returns the action taken and the case.
#[inline(always)]
fn accept_reading<G: Game>(
    driver: &mut Driver<'_, G>,
    pick: Pick<G::Action>,
    read_case: bool,
) -> Result<(G::Action, Option<u32>), SimError> {
    let (seat, action) = pick.legal(driver.decision())?;
    let rules = driver.rules();
    let case = match read_case {
        true => take_case(driver.world(), rules),
        false => {
            debug_assert!(
                rules
                    .slots
                    .case
                    .get(driver.world())
                    .is_none_or(|c| c.0.is_none()),
                "Case was set by the rules during Sim::play: set it between actions"
            );
            None
        }
    };
    driver.accept(seat, action, case);
    Ok((action, case))
}

/// Takes the forced [`Case`](crate::chance::Case), leaving `None`.
#[inline(always)]
fn take_case<G: Game>(world: &mut World, rules: &Rules<G>) -> Option<u32> {
    rules
        .slots
        .case
        .get_mut(world)
        .and_then(|case| case.0.take())
}

/// Runs the pipeline; when it is idle, asks the game for the next decision.
pub fn resolve<G: Game>(
    world: &mut World,
    rules: &Rules<G>,
    res: &mut ResolutionState<G>,
) -> Result<(), SimError> {
    Ok(with_driver(world, rules, res, |driver| driver.resolve())?)
}

/// Resolves `events` as root events, as if an action had produced them (no seat acts), then
/// asks for the next decision. Refused while a resolution waits on an answer.
pub fn inject<G: Game>(
    world: &mut World,
    rules: &Rules<G>,
    events: impl IntoIterator<Item = G::Event>,
) -> Result<(), SimError> {
    with_resolution(world, rules, |world, res| {
        if res.in_flight() {
            return Err(SimError::InFlight);
        }
        res.chance.start(take_case(world, rules));
        for event in events {
            res.push_root(event);
        }
        resolve(world, rules, res)
    })
}

/// Both stages in order, for one action (what [`Sim::apply`](super::Sim::apply) runs in
/// [`RunMode::Direct`](super::RunMode::Direct)).
pub fn decide<G: Game>(
    world: &mut World,
    rules: &Rules<G>,
    action: G::Action,
) -> Result<(), SimError> {
    with_resolution(world, rules, |world, res| {
        with_driver(world, rules, res, |driver| {
            accept_reading(driver, Pick::Action(action), true)?;
            Ok(driver.resolve()?)
        })
    })
}

/// How [`play_actions`] stopped.
pub(crate) enum Played {
    /// The chooser returned `None`.
    Done,
    /// `room` actions were applied.
    Room,
    /// An action was refused (nothing changed).
    Refused(SimError),
    /// An action failed while resolving, after taking the case in its second field: the world
    /// is half-applied.
    Failed(SimError, Option<u32>),
}

/// Applies up to `room` actions — `first`, then those `choose` picks from the pending decision
/// and the chance points the previous action met — calling `applied_one`
/// with each action and the case it took (a journal records them). [`Case`](crate::chance::Case)
/// is read before the first action only: it is set between calls, never by the rules, so
/// once the first action consumed it, it stays `None` (a lookup an action spared).
#[inline(always)]
pub(crate) fn play_actions<G: Game>(
    world: &mut World,
    rules: &Rules<G>,
    res: &mut ResolutionState<G>,
    (mut first, room): (Option<G::Action>, usize),
    choose: &mut impl FnMut(&super::Decision<G::Action>, &[ChanceRecord]) -> Option<Pick<G::Action>>,
    mut applied_one: impl FnMut(G::Action, Option<u32>),
) -> Played {
    with_driver(world, rules, res, |driver| {
        let mut read_case = true;
        for _ in 0..room {
            let chosen = first
                .take()
                .map(Pick::Action)
                .or_else(|| choose(driver.decision(), driver.chance_log()));
            let Some(pick) = chosen else {
                return Played::Done;
            };
            let (action, case) = match accept_reading(driver, pick, read_case) {
                Ok(taken) => taken,
                Err(error) => return Played::Refused(error),
            };
            read_case = false;
            if let Err(error) = driver.resolve() {
                return Played::Failed(error.into(), case);
            }
            applied_one(action, case);
        }
        Played::Room
    })
}

/// The game's rules, from the world's [`GameRules`] (for systems).
fn shared_rules<G: Game>(world: &World) -> std::sync::Arc<Rules<G>> {
    world.resource::<GameRules<G>>().0.clone()
}

/// The action a scheduled decision will take, and how it went.
#[derive(Resource)]
pub struct Inbox<G: Game> {
    /// The action to apply at the next run of the stages.
    pub action: Option<G::Action>,
    /// The result of the last action taken (`None` until one is).
    pub result: Option<Result<(), SimError>>,
    /// The seat that had to choose when [`PipelineSystems::Accept`] last took an action
    /// (whether or not the action was legal: see `result`).
    pub acted: Option<Seat>,
    /// An accepted action waits for [`PipelineSystems::Resolve`] (set by Accept, cleared by
    /// Resolve: frames without an action resolve nothing).
    pub(crate) pending: bool,
}

impl<G: Game> Default for Inbox<G> {
    fn default() -> Self {
        Inbox {
            action: None,
            result: None,
            acted: None,
            pending: false,
        }
    }
}

/// The undo buffer of scheduled decisions: a snapshot taken at [`PipelineSystems::Accept`]
/// and restored if [`PipelineSystems::Resolve`] fails. Absent: no rollback.
#[derive(Resource, Default)]
pub struct Undo {
    /// The game's snapshot registry.
    pub registry: SnapshotRegistry,
    /// The state before the current action.
    pub snapshot: Option<Snapshot>,
}

fn with_undo(world: &mut World, f: impl FnOnce(&mut World, &mut Undo)) {
    let Some(mut undo) = world
        .get_resource_mut::<Undo>()
        .map(|mut u| std::mem::take(&mut *u))
    else {
        return;
    };
    f(world, &mut undo);
    *world.resource_mut::<Undo>() = undo;
}

/// [`PipelineSystems::Accept`] as a system: takes the [`Inbox`] action.
pub fn accept_system<G: Game>(world: &mut World) {
    let Some(action) = world.resource_mut::<Inbox<G>>().action.take() else {
        return;
    };
    with_undo(world, |world, undo| match undo.snapshot.as_mut() {
        Some(snapshot) => undo.registry.save(world, snapshot),
        None => undo.snapshot = Some(undo.registry.snapshot(world)),
    });
    let rules = shared_rules::<G>(world);
    let (result, seat) = with_resolution(world, &rules, |world, res| {
        let seat = match res.decision.turn {
            Turn::Player(seat) => Some(seat),
            Turn::Terminal => None,
        };
        (accept(world, &rules, res, action).map(|_| ()), seat)
    });
    let mut inbox = world.resource_mut::<Inbox<G>>();
    inbox.acted = seat;
    inbox.pending = result.is_ok();
    if result.is_ok() {
        // The pipeline writes the Resolution (its table and game state too) bypassing change
        // detection; mark it once per action so Bevy systems see the change.
        world.resource_mut::<Resolution<G>>().set_changed();
    }
    world.resource_mut::<Inbox<G>>().result = Some(result);
}

/// [`PipelineSystems::Resolve`] as a system: resolves the accepted action, rolling back on failure.
pub fn resolve_system<G: Game>(world: &mut World) {
    if !std::mem::take(&mut world.resource_mut::<Inbox<G>>().pending) {
        return;
    }
    let rules = shared_rules::<G>(world);
    if let Err(error) = with_resolution(world, &rules, |world, res| resolve(world, &rules, res)) {
        with_undo(world, |world, undo| {
            if let Some(snapshot) = &undo.snapshot {
                let _ = undo.registry.restore(world, snapshot);
            }
        });
        world.resource_mut::<Inbox<G>>().result = Some(Err(error));
    }
}

/// Adds the stages to `schedule`, chained inside their sets.
pub fn add_stages<G: Game>(schedule: &mut Schedule) {
    schedule.configure_sets((PipelineSystems::Accept, PipelineSystems::Resolve).chain());
    schedule.add_systems((
        accept_system::<G>.in_set(PipelineSystems::Accept),
        resolve_system::<G>.in_set(PipelineSystems::Resolve),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Decision;

    #[test]
    fn a_pick_is_legal_when_it_names_a_choice() {
        let mut decision = Decision::default();
        decision.ask(Seat(1), ['a', 'b', 'c']);
        assert_eq!(Pick::Choice(2).legal(&decision), Ok((Seat(1), 'c')));
        assert_eq!(Pick::Action('b').legal(&decision), Ok((Seat(1), 'b')));
        let illegal = |action: &str| {
            Err(SimError::Illegal {
                seat: Seat(1),
                action: action.into(),
            })
        };
        assert_eq!(Pick::Choice(3).legal(&decision), illegal("choice 3 of 3"));
        assert_eq!(Pick::Action('z').legal(&decision), illegal("'z'"));
        decision.finish();
        assert_eq!(Pick::Choice(0).legal(&decision), Err(SimError::GameOver));
        assert_eq!(Pick::Action('a').legal(&decision), Err(SimError::GameOver));
    }
}
