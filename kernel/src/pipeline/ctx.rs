//! [`Ctx`]: what a rules function or listener handler gets while an event resolves.

use std::ptr::NonNull;

use bevy_ecs::prelude::*;

use super::Observer;
use super::effect::{Effect, Property};
use crate::chance::{ActionChance, CaseGenerator, Streams};
use crate::kernel::{
    ComponentCell, Decision, DieFace, Game, Pool, Rules, Seat, Table, Zone, take_from_pool,
};

/// What a handler or rules function tells the pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Cancel the event (from a *before* listener or the rules): its rules and *after*
    /// listeners do not run. Events already emitted still resolve.
    Cancel,
    /// A player must decide first: made only by [`Ctx::ask`]. The pipeline stops; the next
    /// action resumes it by calling the same handler again with [`Ctx::answer`] set.
    Ask(AskToken),
}

/// Proof that [`Ctx::ask`] set the pending decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AskToken(());

/// The context of one handler or rules call.
pub struct Ctx<'a, G: Game> {
    /// The world. The pipeline's code uses it only for changes in place (values, never the
    /// world's structure: no spawn, despawn, component inserted or removed), so the [`Cells`]
    /// stay valid; game code gets it through [`world`](Self::world), which forgets them.
    pub(super) world: &'a mut World,
    /// Places in the world's storage found once per driver.
    pub(crate) cells: Cells,
    pub(crate) rules: &'a Rules<G>,
    /// The events waiting: [`emit`](Self::emit) pushes onto it (see `ResolutionState`).
    pub(crate) waiting: &'a mut Vec<super::stack::Queued<G::Event>>,
    pub(crate) decision: &'a mut Decision<G::Action>,
    pub(crate) state: &'a mut G::State,
    pub(crate) table: &'a mut Table,
    pub(crate) chance: &'a mut ActionChance,
    pub(crate) census: &'a mut super::Census,
    pub(crate) answer: Option<G::Action>,
    pub(crate) listener: Option<Entity>,
    /// Who is running: what the events it emits record as their [`Origin`](super::Origin).
    pub(crate) origin: super::Origin,
    /// The depth of the events it emits (one below the event being resolved).
    pub(crate) depth: u16,
    pub(crate) recording: bool,
    /// Set by [`fail`](Self::fail): the pipeline stops with this message after the call.
    pub(crate) failure: &'a mut Option<String>,
}

impl<'a, G: Game> Ctx<'a, G> {
    /// Sets the context for a call of the rules ([`Game::apply`]).
    #[inline(always)]
    pub(crate) fn rules_run(&mut self) {
        // Written only when they change: a fresh write of an enum stores its tag alone, and
        // `emit`'s whole-word read of `origin` right after would wait for it to reach the
        // cache (a store-forwarding stall) on every action.
        if self.listener.is_some() {
            self.listener = None;
        }
        if self.origin != super::Origin::Rules {
            self.origin = super::Origin::Rules;
        }
    }

    /// The world, to read and change.
    pub fn world(&mut self) -> &mut World {
        self.cells.forget();
        self.world
    }

    /// The game's static data: configuration, handlers, the entities spawned at setup.
    pub fn rules(&self) -> &'a Rules<G> {
        self.rules
    }

    /// The game's own state ([`Game::State`]), to read and change.
    pub fn state(&mut self) -> &mut G::State {
        self.state
    }

    /// The [`Table`] (seats, the active seat, the round), to read and change. It lives in
    /// the pipeline's state, next to [`state`](Self::state): no world lookup.
    pub fn table(&mut self) -> &mut Table {
        self.table
    }

    /// The world and the [`Table`] at once, for code shared with callers outside the
    /// pipeline (which get both from [`Sim::with_world_and_table`](crate::kernel::Sim::with_world_and_table)).
    pub fn world_and_table(&mut self) -> (&mut World, &mut Table) {
        self.cells.forget();
        (self.world, self.table)
    }

    /// The game's configuration.
    pub fn game(&self) -> &'a G {
        &self.rules.game
    }

    /// Resolves a chance point of `generator`: the branch forced for it (the action's `i`-th
    /// branching point takes the `i`-th case of [`Sim::set_cases`](crate::kernel::Sim::set_cases), the first
    /// also [`Case`](crate::chance::Case)) when the case is in range, else a sample from the
    /// generator's stream. Search reads the record it leaves to enumerate chance outcomes.
    #[inline(always)]
    pub fn chance<C: CaseGenerator + ?Sized>(&mut self, generator: &C) -> C::Outcome {
        let (world, cells, slot) = (&mut *self.world, &mut self.cells, self.rules.slots.streams);
        self.chance.resolve(
            || {
                let streams = *cells.streams.get_or_insert_with(|| {
                    slot.locate(world)
                        .expect("the game's world has its Streams")
                });
                debug_assert_eq!(slot.locate(world), Some(streams), "the Streams moved");
                // SAFETY: the place was found in this world while this driver runs, and its
                // structure has not changed since (see `Cells`); `self.world` is exclusive
                // access to it, lent to nobody else during this call.
                unsafe { &mut *streams.as_ptr() }
            },
            generator,
        )
    }

    /// Starts round `round` (a new hand or deal): sets [`Table::round`] and re-keys the
    /// chance streams, see [`start_round`](crate::kernel::start_round).
    pub fn start_round(&mut self, round: u32) {
        crate::kernel::start_round(self.world, self.table, round);
    }

    /// The listener entity being run (`None` inside the rules).
    pub fn listener(&self) -> Option<Entity> {
        self.listener
    }

    /// Enables or disables the listener on `entity` (a status taken from its pool, equipment
    /// put on); true when it changed. A listener enabled while an event resolves runs for the
    /// stages of it not collected yet.
    pub fn set_enabled(&mut self, entity: Entity, on: bool) -> bool {
        super::listener::switch(self.rules, self.world, self.census, entity, on)
    }

    /// Queues `event`: it resolves after the current event, before the current event's next
    /// sibling ("macro stack, micro queue"), in emission order.
    pub fn emit(&mut self, event: G::Event) {
        super::stack::push_waiting(self.waiting, event, self.depth, self.origin);
    }

    /// The action that resumed this call after an [`ask`](Self::ask), if any.
    pub fn answer(&self) -> Option<G::Action> {
        self.answer
    }

    /// Stops the pipeline until `seat` picks one of `choices`; return the result from the
    /// handler. The handler is then called again with the answer.
    pub fn ask(&mut self, seat: Seat, choices: impl IntoIterator<Item = G::Action>) -> Flow {
        self.decision.ask(seat, choices);
        Flow::Ask(AskToken(()))
    }

    /// Fails the action: the pipeline stops once this call returns, with
    /// [`PipelineError::Failed`](super::PipelineError::Failed) naming `error`, and
    /// [`Sim::apply`](crate::kernel::Sim::apply) rolls the world back (with
    /// [`Rollback::Caller`](crate::kernel::Rollback::Caller), the caller restores). For
    /// failures a player's input or an ability can cause, never for bugs (those panic). The
    /// first failure of a call is kept.
    pub fn fail(&mut self, error: impl std::fmt::Display) -> Flow {
        self.failure.get_or_insert_with(|| error.to_string());
        Flow::Cancel
    }

    /// Moves a card or die to `to`, recording the move. Returns where it was (`None` if it
    /// has no [`Zone`]).
    pub fn move_to(&mut self, entity: Entity, to: Zone) -> Option<Zone> {
        let mut zone = self.rules.slots.zone.get_mut(self.world, entity)?;
        let from = std::mem::replace(&mut *zone, to);
        self.record(Effect::Moved { entity, from, to });
        Some(from)
    }

    /// Turns `die` to show `face` (`0..faces`, its [`DieFace`](crate::kernel::DieFace)),
    /// recording the change of [`Property::FACE`]. Returns the face it showed (`None` if it is
    /// not a die).
    #[inline(always)]
    pub fn set_face(&mut self, die: Entity, face: u8) -> Option<u8> {
        let before = std::mem::replace(&mut self.die_face(die)?.0, face);
        self.changed(die, Property::FACE, before.into(), face.into());
        Some(before)
    }

    /// Rolls `die`: a chance point of a fair [`Die`](crate::chance::Die) with the die's
    /// [`Faces`](crate::kernel::Faces) (forced by [`Case`](crate::chance::Case) like any
    /// other), turned to show the result ([`set_face`](Self::set_face)). Returns the pips
    /// shown, `1..=faces` (`None`, and no chance point, if `die` is not a die with a face).
    pub fn roll(&mut self, die: Entity) -> Option<u8> {
        // A die (its face cell cached for `set_face` below), or no chance point at all.
        self.die_face(die)?;
        let faces = self.world.get::<crate::kernel::Faces>(die)?.0;
        if faces == 0 {
            return None;
        }
        let pips = self.chance(&crate::chance::Die { faces });
        self.set_face(die, pips - 1)?;
        Some(pips)
    }

    /// `die`'s face, from the cell of the die last turned when it is the same die.
    #[inline(always)]
    fn die_face(&mut self, die: Entity) -> Option<Mut<'_, DieFace>> {
        let slot = self.rules.slots.die_face;
        let cell = match self.cells.face {
            Some(cell) if cell.entity() == die => cell,
            _ => {
                let Some(cell) = slot.cell(self.world, die) else {
                    return slot.get_mut(self.world, die);
                };
                *self.cells.face.insert(cell)
            }
        };
        debug_assert_eq!(slot.cell(self.world, die), Some(cell), "the die moved");
        // SAFETY: the cell was made from this world while this driver runs, and its structure
        // has not changed since (see `Cells`).
        Some(unsafe { cell.get_mut(self.world) })
    }

    /// Takes the first free member of `pool` into `to` (recorded as a move). `None` when the
    /// pool is exhausted.
    pub fn take_from_pool(&mut self, pool: Pool, to: Zone) -> Option<Entity> {
        let entity = take_from_pool(self.world, self.rules.pool(pool), to)?;
        self.record(Effect::Moved {
            entity,
            from: Zone::Pool,
            to,
        });
        Some(entity)
    }

    /// True when effects are being recorded (skip computing what only the record needs).
    pub fn is_recording(&self) -> bool {
        self.recording
    }

    /// Records that `property` of `entity` went from `before` to `after`.
    #[inline]
    pub fn changed(&mut self, entity: Entity, property: Property, before: i64, after: i64) {
        if before != after {
            self.record(Effect::Changed {
                entity,
                property,
                before,
                after,
            });
        }
    }

    #[inline]
    fn record(&mut self, effect: Effect) {
        if self.recording {
            self.push_effect(effect);
        }
    }

    fn push_effect(&mut self, effect: Effect) {
        self.world
            .resource_mut::<Observer<G>>()
            .effects
            .push(effect);
    }
}

/// Places in the world's storage a [`Ctx`] keeps from one call to the next while one driver
/// runs: the random streams, and the die it last turned, each found once instead of on every
/// roll. They point into the storage, which moves only when the world's structure changes;
/// while the pipeline runs that takes game code, which reaches the world only through
/// [`Ctx::world`] (or [`Ctx::world_and_table`]): both forget the cells first.
#[derive(Default)]
pub(crate) struct Cells {
    streams: Option<NonNull<Streams>>,
    face: Option<ComponentCell<DieFace>>,
}

// SAFETY: the pointers point into the world the `Ctx` holding the cells borrows exclusively,
// and are followed only through that `Ctx` (`&mut self`): moving or sharing the cells with
// their `Ctx` moves or shares nothing the `&mut World` does not.
unsafe impl Send for Cells {}
// SAFETY: as for `Send`; a shared `Cells` gives nothing but the pointers' values.
unsafe impl Sync for Cells {}

impl Cells {
    /// Forgets every place (they are found again when next needed).
    #[inline(always)]
    fn forget(&mut self) {
        *self = Cells::default();
    }
}
