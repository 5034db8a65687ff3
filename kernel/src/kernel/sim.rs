//! [`Sim`]: the headless simulator — build from a seed, apply actions, snapshot, restore, fork.

use bevy_ecs::prelude::*;

use super::journal::{Journal, Marks};
use super::step::{self, DecisionSchedule, Inbox, Pick, Played, SimError};
use std::sync::Arc;

use super::{Decision, Game, Rollback, Rules, RunMode, SimBuilder, Table, Turn};
use crate::chance::{Case, ChanceRecord, Forced, ListedCase};
use crate::determinize::{self, DeterminizeError};
use crate::pipeline::{Effect, LoggedEvent, Mode, Observer, Resolution, Watch};
use crate::snapshot::{Snapshot, SnapshotRegistry};

const RESOLUTION: &str = "the game's world has its Resolution resource";

/// A game world and its snapshot registry, driven one decision at a time.
///
/// ```
/// use alea::prelude::*;
/// use alea_games::games::pig::{Pig, PigAction};
///
/// let mut sim = SimBuilder::new(Pig::default()).seed(7).build();
/// let start = sim.snapshot();
/// while !sim.is_terminal() {
///     let action = sim.legal_actions()[0]; // always roll while rolling is legal
///     sim.apply(action).unwrap();
/// }
/// let end = sim.checksum();
/// sim.restore(&start).unwrap();
/// assert_eq!(sim.legal_actions(), &[PigAction::Roll, PigAction::Stop]);
/// assert_ne!(sim.checksum(), end);
/// ```
pub struct Sim<G: Game> {
    world: World,
    rules: Arc<Rules<G>>,
    registry: SnapshotRegistry,
    builder: SimBuilder<G>,
    journal: Journal<G::Action>,
    schedule: Option<Schedule>,
}

/// Deals [`Sim::determinize`] draws at most to find one that leaves the seat to move a choice.
pub const DETERMINIZE_TRIES: u32 = 64;

/// Building a [`Sim`] (the builder's settings are in `builder.rs`).
impl<G: Game> SimBuilder<G> {
    /// Builds the headless simulator.
    ///
    /// # Panics
    /// If the setup fails (its events nest deeper than the depth limit, it
    /// [fails](super::Setup::fail): a first deal a user's ability cannot make, or it leaves
    /// game state no snapshot covers): see [`try_build`](Self::try_build).
    pub fn build(&self) -> Sim<G> {
        self.try_build()
            .unwrap_or_else(|e| panic!("the {} setup fails: {e}", self.game.name()))
    }

    /// Builds the headless simulator, or says why the setup failed: the events it emits (a
    /// depth limit below what the game's start needs), the setup itself
    /// ([`Setup::fail`](super::Setup::fail)), or game state no snapshot covers
    /// ([`SnapshotError::Unregistered`](crate::snapshot::SnapshotError::Unregistered), checked
    /// once setup and the events it emitted are done).
    pub fn try_build(&self) -> Result<Sim<G>, SimError> {
        Sim::from_builder(self.clone())
    }
}

impl<G: Game> Sim<G> {
    pub(crate) fn from_builder(builder: SimBuilder<G>) -> Result<Self, SimError> {
        let mut world = World::new();
        let (rules, registry) = builder.build_rules_into(&mut world, builder.record_events)?;
        let schedule = (builder.run_mode == RunMode::Schedule).then(|| {
            world.insert_resource(Inbox::<G>::default());
            let mut schedule = Schedule::new(DecisionSchedule);
            step::add_stages::<G>(&mut schedule);
            schedule
        });
        Ok(Sim {
            world,
            rules,
            registry,
            builder,
            journal: Journal::new(),
            schedule,
        })
    }

    /// A search `Sim` in the game state of `world` — a Bevy app's world built by `AleaPlugin`,
    /// whatever client components and entities it also holds, or another `Sim`'s: a fresh
    /// build from the world's builder, then its state copied over, matched by
    /// [`StableId`](super::StableId). The copy has the same [`checksum`](Self::checksum) as
    /// [`world_checksum`](crate::snapshot::world_checksum)`(world)`; what it records and its
    /// benefit settings are its own. Costs a world build (tens of microseconds): make one per
    /// AI decision, or keep one and [`restore`](Self::restore) snapshots of the app into it.
    ///
    /// Call it between decisions (the plugin's stages are not running), as a system or an
    /// exclusive system does.
    pub fn from_world(world: &World) -> Result<Sim<G>, SimError> {
        let source =
            world
                .get_resource::<super::SimSource<G>>()
                .ok_or(SimError::NotAGameWorld {
                    game: std::any::type_name::<G>(),
                })?;
        let snapshot = source.with_registry(|registry| registry.snapshot(world));
        let mut sim = source.builder.try_build()?;
        sim.restore(&snapshot)?;
        Ok(sim)
    }

    /// The builder this simulator was made from.
    pub fn builder(&self) -> &SimBuilder<G> {
        &self.builder
    }

    /// The game's static data: configuration, handlers, the entities spawned at setup.
    pub fn rules(&self) -> &Rules<G> {
        &self.rules
    }

    /// The game's static data, shared: to hold beside the world while changing it.
    pub fn shared_rules(&self) -> Arc<Rules<G>> {
        self.rules.clone()
    }

    /// The world (read).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world (write). Changes made here are outside the pipeline: keep the fixed entity set.
    pub fn world_mut(&mut self) -> &mut World {
        self.journal.forget();
        &mut self.world
    }

    /// In [`RunMode::Schedule`], the schedule run per decision (add your own systems to it).
    pub fn schedule_mut(&mut self) -> Option<&mut Schedule> {
        self.journal.forget();
        self.schedule.as_mut()
    }

    /// The pending decision: who must choose, and the legal choices.
    pub fn pending_decision(&self) -> &Decision<G::Action> {
        &self.resolution().decision
    }

    /// The legal choices of the pending decision, in a stable order.
    pub fn legal_actions(&self) -> &[G::Action] {
        &self.pending_decision().choices
    }

    /// Who must choose.
    pub fn turn(&self) -> Turn {
        self.pending_decision().turn
    }

    /// True once the game is over.
    pub fn is_terminal(&self) -> bool {
        self.pending_decision().is_terminal()
    }

    /// Each seat's payoff (meaningful once the game is over).
    pub fn returns(&self) -> Vec<f64> {
        let mut out = Vec::new();
        self.returns_into(&mut out);
        out
    }

    /// Each seat's payoff, written into `out` (reusing its capacity).
    pub fn returns_into(&self, out: &mut Vec<f64>) {
        let res = self.resolution();
        G::returns(&self.rules, &self.world, &res.table, &res.state, out);
    }

    /// The game's own state ([`Game::State`]).
    pub fn state(&self) -> &G::State {
        &self.resolution().state
    }

    /// Enables or disables the listener on `entity` (setting up a position), keeping the
    /// pipeline's census of enabled listeners; true when it changed. See
    /// [`pipeline::set_enabled`](crate::pipeline::set_enabled).
    pub fn set_enabled(&mut self, entity: Entity, on: bool) -> bool {
        self.journal.forget();
        crate::pipeline::set_enabled::<G>(&mut self.world, entity, on)
    }

    /// The game's own state, to change by hand (a scenario); call
    /// [`refresh_decision`](Self::refresh_decision) afterwards.
    pub fn state_mut(&mut self) -> &mut G::State {
        &mut self.resolution_mut().state
    }

    /// The [`Table`]: seats, the active seat, the round.
    pub fn table(&self) -> &Table {
        &self.resolution().table
    }

    /// The [`Table`], to change by hand (a scenario, a new deal); call
    /// [`refresh_decision`](Self::refresh_decision) afterwards.
    pub fn table_mut(&mut self) -> &mut Table {
        &mut self.resolution_mut().table
    }

    /// Runs `f` on the world and the [`Table`] at once: code shared with the pipeline's
    /// handlers (which get both from [`Ctx::world_and_table`](crate::pipeline::Ctx::world_and_table)),
    /// such as dealing a new hand by hand. Call [`refresh_decision`](Self::refresh_decision)
    /// afterwards if it changed whose turn it is.
    pub fn with_world_and_table<R>(&mut self, f: impl FnOnce(&mut World, &mut Table) -> R) -> R {
        self.journal.forget();
        step::with_resolution(&mut self.world, &self.rules, |world, res| {
            f(world, &mut res.table)
        })
    }

    #[inline(always)]
    fn resolution(&self) -> &Resolution<G> {
        self.rules
            .slots
            .resolution
            .get(&self.world)
            .expect(RESOLUTION)
    }

    fn resolution_mut(&mut self) -> &mut Resolution<G> {
        self.journal.forget();
        self.rules
            .slots
            .resolution
            .get_mut(&mut self.world)
            .expect(RESOLUTION)
    }

    /// Asks the game for the pending decision again. Call it after editing the world
    /// directly (a scenario set up by hand) while no resolution is in flight; does nothing
    /// while one is (a handler's question is pending).
    pub fn refresh_decision(&mut self) {
        self.journal.forget();
        let rules = &self.rules;
        step::with_resolution(&mut self.world, rules, |world, res| {
            if !res.in_flight() {
                G::next_decision(rules, world, &res.table, &res.state, &mut res.decision);
            }
        });
    }

    /// Puts the cards `cards` into the concealed `zone` ([`Game::concealed_zone`]), each trading
    /// places with one of the zone's cards not asked for (see [`crate::determinize`]); the
    /// game keeps its own records with [`Game::swapped`], and the pending decision is asked
    /// again. Between actions only ([`DeterminizeError::InFlight`] while a question is
    /// pending mid-resolution). Checked first: on an error nothing changed.
    pub fn place_cards(
        &mut self,
        zone: super::Zone,
        cards: &[super::CardId],
    ) -> Result<(), DeterminizeError> {
        self.place(zone, cards, false)
    }

    /// [`place_cards`](Self::place_cards), then `cards` on top of the ordered `zone`, the first
    /// drawn first ([`Game::put_on_top`]; [`DeterminizeError::Unordered`] in a game that keeps
    /// no order there). Checked first: on an error nothing changed.
    pub fn place_on_top(
        &mut self,
        zone: super::Zone,
        cards: &[super::CardId],
    ) -> Result<(), DeterminizeError> {
        self.place(zone, cards, true)
    }

    /// [`place_cards`](Self::place_cards), and with `on_top` [`place_on_top`](Self::place_on_top).
    fn place(
        &mut self,
        zone: super::Zone,
        cards: &[super::CardId],
        on_top: bool,
    ) -> Result<(), DeterminizeError> {
        if self.in_flight() {
            return Err(DeterminizeError::InFlight);
        }
        let all = self.rules.cards();
        let swaps = determinize::plan(&self.world, all, zone, cards, G::concealed_zone)?;
        if swaps.is_empty() && !on_top {
            return Ok(());
        }
        let top: Vec<Entity> = cards
            .iter()
            .filter_map(|&card| determinize::entity_of(&self.world, all, card))
            .filter(|_| on_top)
            .collect();
        // A game that keeps no order says so only once asked: it is rolled back then.
        let start = on_top.then(|| self.snapshot());
        self.journal.forget();
        determinize::apply(&mut self.world, &swaps);
        let rules = &self.rules;
        let placed = step::with_resolution(&mut self.world, rules, |world, res| {
            G::swapped(rules, world, &mut res.state, &swaps);
            !on_top || G::put_on_top(rules, world, &mut res.state, zone, &top)
        });
        if let (false, Some(start)) = (placed, start) {
            self.restore(&start).expect("a snapshot of this game");
            return Err(DeterminizeError::Unordered { zone });
        }
        self.refresh_decision();
        Ok(())
    }

    /// Turns die `index` (of [`Rules::dice`]) to show `face` (`0..faces`), then asks the
    /// pending decision again. Between actions only, as [`place_cards`](Self::place_cards).
    /// Checked first: on an error nothing changed.
    pub fn set_die_face(&mut self, index: usize, face: u8) -> Result<(), DeterminizeError> {
        self.edit_between_actions(|rules, world, _| {
            determinize::set_die_face(world, rules.dice(), index, face)
        })
    }

    /// Makes `zone` hold exactly `cards`, the first on top where the zone keeps an order
    /// ([`Game::set_zone`]: by default trading places with the zone's cards, so as many cards
    /// as it holds, each from a concealed zone; the duel rewrites its card slots instead), then
    /// asks the pending decision again. Between actions only, as
    /// [`place_cards`](Self::place_cards). Checked first: on an error nothing changed.
    pub fn set_zone(
        &mut self,
        zone: super::Zone,
        cards: &[super::CardId],
    ) -> Result<(), DeterminizeError> {
        self.edit_between_actions(|rules, world, state| {
            G::set_zone(rules, world, state, zone, cards)
        })
    }

    /// Makes the dice in `zone` show `faces`, in dice order ([`Game::set_dice`]: by default one
    /// face per die there; the duel takes dice from its pool or puts them back), then asks the
    /// pending decision again. Between actions only. Checked first: on an error nothing
    /// changed.
    pub fn set_dice(&mut self, zone: super::Zone, faces: &[u8]) -> Result<(), DeterminizeError> {
        self.edit_between_actions(|rules, world, state| {
            G::set_dice(rules, world, state, zone, faces)
        })
    }

    /// Runs `edit` (checked: an error changes nothing) on the world and the game's state
    /// between actions, then asks the pending decision again.
    fn edit_between_actions(
        &mut self,
        edit: impl FnOnce(&Rules<G>, &mut World, &mut G::State) -> Result<(), DeterminizeError>,
    ) -> Result<(), DeterminizeError> {
        if self.in_flight() {
            return Err(DeterminizeError::InFlight);
        }
        self.journal.forget();
        let rules = &self.rules;
        step::with_resolution(&mut self.world, rules, |world, res| {
            edit(rules, world, &mut res.state)
        })?;
        self.refresh_decision();
        Ok(())
    }

    /// Re-deals everything `viewer` cannot see ([`Game::determinize`]) and re-seeds the random
    /// streams, both from `seed`: a world consistent with `viewer`'s information whose hidden
    /// cards and future chance are sampled afresh. Determined by `viewer`'s information state
    /// and `seed` alone. See [`try_determinize`](Self::try_determinize) for the seat to move.
    pub fn determinize(&mut self, viewer: super::Seat, seed: u64) {
        self.try_determinize(viewer, seed);
    }

    /// [`determinize`](Self::determinize), then the pending decision asked again: the seat to
    /// move may be another whose cards changed. Who moves is public (a seat offered a call
    /// holds one), so a deal that would not ask the same seat, or leave it no choice, is drawn
    /// again, up to [`DETERMINIZE_TRIES`] times (rejection: the deals kept are those consistent
    /// with it). False when none was found: the world then asks no one sensibly, and the
    /// caller restores it. When `viewer` moves, its choices cannot change: one deal, kept.
    pub fn try_determinize(&mut self, viewer: super::Seat, seed: u64) -> bool {
        self.try_determinize_with(viewer, seed, G::determinize)
    }

    /// [`try_determinize`](Self::try_determinize) re-dealing with `deal` (the arguments of
    /// [`Game::determinize`]) instead of [`Game::determinize`] (a search's own inference),
    /// from the same streams.
    pub fn try_determinize_with(
        &mut self,
        viewer: super::Seat,
        seed: u64,
        deal: impl Fn(
            &Rules<G>,
            &mut World,
            &Table,
            &mut G::State,
            super::Seat,
            &mut rand_chacha::ChaCha8Rng,
        ),
    ) -> bool {
        self.journal.forget();
        let mut rng = crate::chance::derive_stream(seed, crate::chance::Purpose::Ai.key(), 1);
        let mover = self.turn();
        let (world, rules) = (&mut self.world, &*self.rules);
        // The viewer's cards are as they were when it moves, and so are its choices (a
        // search's case: one deal, no decision to ask again).
        let tries = if mover == Turn::Player(viewer) {
            1
        } else {
            DETERMINIZE_TRIES
        };
        let found = (0..tries).any(|_| {
            step::with_resolution(world, rules, |world, res| {
                deal(rules, world, &res.table, &mut res.state, viewer, &mut rng);
                if tries == 1 {
                    return true;
                }
                if !res.in_flight() {
                    G::next_decision(rules, world, &res.table, &res.state, &mut res.decision);
                }
                let decision = &res.decision;
                decision.turn == mover && (mover == Turn::Terminal || !decision.choices.is_empty())
            })
        });
        self.reseed(seed);
        found
    }

    /// A hash of what `seat` has observed ([`Game::observe`]); for perfect-information games,
    /// the [`position_key`](Self::position_key).
    pub fn info_key(&mut self, seat: super::Seat) -> u64 {
        if !G::HIDDEN_INFORMATION {
            return self.position_key();
        }
        let mut hasher = crate::snapshot::StableHasher::new();
        std::hash::Hasher::write_u8(&mut hasher, seat.0);
        let res = self.resolution();
        G::observe(
            &self.rules,
            &self.world,
            &res.table,
            &res.state,
            seat,
            &mut hasher,
        );
        std::hash::Hasher::finish(&hasher)
    }

    /// Applies the pending decision's chooser's `action` and resolves it, until the next decision.
    ///
    /// An illegal action changes nothing. A pipeline failure rolls the whole action back under
    /// [`Rollback::PerAction`] (the default), with what it recorded ([`events`](Self::events),
    /// effects); under [`Rollback::Caller`] the caller restores.
    ///
    /// The rollback costs no snapshot per action: in [`RunMode::Direct`] the `Sim` keeps a
    /// checkpoint, taken again after 64 actions (and after anything else changed the world:
    /// an edit, a restore, a reseed), and the actions applied since; a failure restores the
    /// checkpoint and applies them again. The world is then as it was, bit for bit, because the
    /// rules are deterministic given the snapshot's state and change nothing outside it (every
    /// shipped game; a ruleset that keeps state in an unregistered resource or adds
    /// components during play breaks this, as it breaks search). State outside the snapshot (a
    /// client's components, a resource of yours) sees the replayed actions again. If the replay
    /// itself fails (rules that are not deterministic), its error is returned and the next
    /// action checkpoints afresh. In [`RunMode::Schedule`] (user systems run around the stages)
    /// and in benefit mode (AI hooks write a ledger the snapshot does not hold) the checkpoint
    /// is taken before every action instead, and nothing is replayed.
    pub fn apply(&mut self, action: G::Action) -> Result<(), SimError> {
        if self.schedule.is_some() {
            return self.apply_scheduled(action);
        }
        if self.builder.rollback == Rollback::Caller {
            // Nothing to journal: both stages directly, without `run`'s loop.
            return step::decide::<G>(&mut self.world, &self.rules, action);
        }
        self.run(Some(action), |_, _| None).map(|_| ())
    }

    /// [`apply`](Self::apply) in [`RunMode::Schedule`]: the schedule runs the stages (and the
    /// user's systems), a checkpoint before every action.
    fn apply_scheduled(&mut self, action: G::Action) -> Result<(), SimError> {
        let marks = self.checkpoint_now();
        let schedule = self.schedule.as_mut().expect("RunMode::Schedule");
        let mut inbox = self.world.resource_mut::<Inbox<G>>();
        inbox.action = Some(action);
        inbox.result = None;
        schedule.run(&mut self.world);
        let result = self
            .world
            .resource_mut::<Inbox<G>>()
            .result
            .take()
            .unwrap_or(Ok(()));
        if let (Err(_), Some(marks)) = (&result, marks) {
            self.roll_back(marks)?;
        }
        self.journal.forget();
        result
    }

    /// Under [`Rollback::PerAction`], a checkpoint of the world as it is now (nothing journaled
    /// after it) and the marks to go back to; `None` otherwise.
    fn checkpoint_now(&mut self) -> Option<Marks> {
        if self.builder.rollback != Rollback::PerAction {
            return None;
        }
        self.journal.forget();
        self.journal_room();
        let case = self.rules.slots.case.get(&self.world).and_then(|c| c.0);
        Some(Marks {
            case,
            observer: Some(self.observer_marks()),
        })
    }

    /// [`Journal::room`] for this world: a checkpoint if the journal needs one, and how many
    /// actions may follow it.
    fn journal_room(&mut self) -> usize {
        let rules = &self.rules;
        self.journal.room(&mut self.registry, &self.world, |world| {
            rules.slots.resolution.get(world).expect(RESOLUTION).watch
        })
    }

    /// How much the [`Observer`] holds (what a rollback keeps of its records).
    fn observer_marks(&self) -> (usize, usize, u32) {
        let observer = self
            .rules
            .slots
            .observer
            .get(&self.world)
            .expect("the game's world has its Observer");
        (
            observer.events.len(),
            observer.effects.len(),
            observer.prevented,
        )
    }

    /// Puts the world back as it was before the failed action: the checkpoint restored, the
    /// journaled actions applied again with their cases, the failed action's case forced
    /// again, and what the failed action (and the replay) recorded forgotten.
    fn roll_back(&mut self, marks: Marks) -> Result<(), SimError> {
        let Sim {
            world,
            rules,
            registry,
            journal,
            ..
        } = self;
        let replayed = journal.replay(|checkpoint, actions| {
            registry.restore(world, checkpoint)?;
            for &(action, case) in actions {
                world.resource_mut::<Case>().0 = case;
                step::decide::<G>(world, rules, action)?;
            }
            Ok::<_, SimError>(())
        });
        match replayed {
            None => return Ok(()),
            Some(result) => result?,
        }
        self.world.resource_mut::<Case>().0 = marks.case;
        if let Some((events, effects, prevented)) = marks.observer {
            let mut observer = self.world.resource_mut::<Observer<G>>();
            observer.events.truncate(events);
            observer.effects.truncate(effects);
            observer.prevented = observer.prevented.min(prevented);
        }
        Ok(())
    }

    /// Resolves `events` as root events — listeners, rules and follow-ups, as if an action
    /// had produced them, with no seat acting — then asks for the next decision: how a game
    /// starts a new deal or game in place (the same events its setup emits). Chance points
    /// follow [`Case`] like an action's. Refused with [`SimError::InFlight`] while a
    /// resolution waits on an answer; a pipeline failure rolls back as in [`apply`](Self::apply).
    ///
    /// The events are not checked against the pending decision (emit only what the rules can
    /// apply in the current state, as with [`world_mut`](Self::world_mut)), and they resolve
    /// directly even in [`RunMode::Schedule`]: systems added around the stages do not run.
    pub fn emit(&mut self, events: impl IntoIterator<Item = G::Event>) -> Result<(), SimError> {
        // Emitted events are not journaled: checkpoint here, and again after.
        let marks = self.checkpoint_now();
        self.journal.suspend();
        let result = step::inject::<G>(&mut self.world, &self.rules, events);
        self.journal.resume();
        if let (Err(SimError::Pipeline(_)), Some(marks)) = (&result, marks) {
            self.roll_back(marks)?;
        }
        self.journal.forget();
        result
    }

    /// Forgets the resolution in flight, if any — the events waiting, the question asked —
    /// and the pending decision (the game waits on nothing until the next
    /// [`emit`](Self::emit) or [`refresh_decision`](Self::refresh_decision)). What the
    /// resolution already changed stays. For starting a new game in place, mid-question.
    pub fn abandon_resolution(&mut self) {
        self.journal.forget();
        step::with_resolution(&mut self.world, &self.rules, |_, res| {
            res.clear();
            res.decision.finish();
        });
    }

    /// Applies the actions `choose` picks from each pending decision, until it returns `None`;
    /// returns how many were applied. The same as [`apply`](Self::apply) in a loop (same
    /// results, same errors and rollbacks, stopping at the first), but in [`RunMode::Direct`]
    /// the pipeline's state stays out of the world between actions: the fast path for playouts.
    pub fn play(
        &mut self,
        mut choose: impl FnMut(&Decision<G::Action>) -> Option<G::Action>,
    ) -> Result<u32, SimError> {
        self.play_reading_chance(
            #[inline(always)]
            |decision, _| choose(decision).map(Pick::Action),
        )
    }

    /// [`play`](Self::play), `choose` also reading the chance points the previous action met
    /// (what [`chance_log`](Self::chance_log) gives between actions), and picking an action or
    /// the index of a choice: a search walks its tree in one call, a random playout draws an
    /// index (no legality check).
    pub(crate) fn play_reading_chance(
        &mut self,
        mut choose: impl FnMut(&Decision<G::Action>, &[ChanceRecord]) -> Option<Pick<G::Action>>,
    ) -> Result<u32, SimError> {
        if self.schedule.is_some() {
            let mut applied = 0;
            while let Some(pick) = choose(self.pending_decision(), self.chance_log()) {
                let action = match pick {
                    Pick::Action(action) => action,
                    Pick::Choice(_) => pick.legal(self.pending_decision())?.1,
                };
                self.apply_scheduled(action)?;
                applied += 1;
            }
            return Ok(applied);
        }
        self.run(None, choose)
    }

    /// [`play`](Self::play) in [`RunMode::Direct`], starting with `first` if given (and then
    /// stopping: [`apply`](Self::apply)), journaling the actions under the default rollback.
    fn run(
        &mut self,
        mut first: Option<G::Action>,
        mut choose: impl FnMut(&Decision<G::Action>, &[ChanceRecord]) -> Option<Pick<G::Action>>,
    ) -> Result<u32, SimError> {
        let single = first.is_some();
        let mut applied = 0;
        let journaled = self.builder.rollback == Rollback::PerAction;
        loop {
            let (room, observer) = if journaled {
                let room = self.journal_room();
                // While the observer grows, one action at a time, to know its length before each.
                match self.journal.needs_marks() {
                    true => (1, Some(self.observer_marks())),
                    false => (room, None),
                }
            } else {
                (usize::MAX, None)
            };
            let room = if single { 1 } else { room };
            if journaled {
                self.journal.suspend();
            }
            let Sim {
                world,
                rules,
                journal,
                ..
            } = self;
            let played = step::with_resolution(world, rules, |world, res| {
                let actions = (first.take(), room);
                step::play_actions(world, rules, res, actions, &mut choose, |action, case| {
                    applied += 1;
                    if journaled {
                        journal.record(action, case);
                    }
                })
            });
            if journaled {
                self.journal.resume();
            }
            match played {
                Played::Done => return Ok(applied),
                Played::Room if single => return Ok(applied),
                Played::Room => {}
                Played::Refused(error) => return Err(error),
                Played::Failed(error, case) => {
                    if journaled {
                        self.roll_back(Marks { case, observer })?;
                    }
                    return Err(error);
                }
            }
        }
    }

    /// Re-seeds every random stream (keeping the round): the same state, another future.
    /// Used to play many games from one start snapshot. Like a chance point's draw, it does
    /// not mark the [`Streams`](crate::chance::Streams) resource changed for Bevy systems.
    pub fn reseed(&mut self, seed: u64) {
        self.journal.forget();
        self.rules
            .slots
            .streams
            .get_mut(&mut self.world)
            .expect("the game's world has its Streams")
            .reseed(seed);
    }

    /// Forces the first branching chance point of the next action to case `case` (see
    /// [`Case`]).
    /// Cases set with [`set_cases`](Self::set_cases) are dropped.
    pub fn set_case(&mut self, case: Option<u32>) {
        self.world.resource_mut::<Case>().0 = case;
        if !self.resolution().chance.forced_next().is_empty() {
            self.resolution_mut().chance.force_next(Forced::NONE);
        }
    }

    /// Forces the next action's branching chance points one case each, in the order it meets
    /// them (see [`Forced`]; a [`Case`] set is cleared); `&[]` forces none. More than
    /// [`MAX_FORCED`](crate::chance::MAX_FORCED) cases are refused
    /// ([`SimError::TooManyCases`]) and change nothing. The cases are transient pipeline
    /// state: the next action consumes them, checksums leave them out, and a snapshot taken
    /// before they are set restores them away.
    pub fn set_cases(&mut self, cases: &[u32]) -> Result<(), SimError> {
        let forced = Forced::path(cases).ok_or(SimError::TooManyCases { given: cases.len() })?;
        self.world.resource_mut::<Case>().0 = None;
        // Through `resolution_mut`, which makes the next action checkpoint: the checkpoint
        // holds these cases, so a rollback's replay forces them again.
        self.resolution_mut().chance.force_next(forced);
        Ok(())
    }

    /// Forgets the chance points the last action met and any cases set for the next one: the
    /// log then lists only what comes after (the registry's deal, before a restart that may
    /// not go through the pipeline).
    pub(crate) fn forget_chance(&mut self) {
        let chance = &mut self.resolution_mut().chance;
        chance.force_next(Forced::NONE);
        chance.start(None);
    }

    /// The cases [`set_cases`](Self::set_cases) set for the next action (empty once it took
    /// them).
    pub fn next_cases(&self) -> &[u32] {
        self.resolution().chance.forced_next().as_slice()
    }

    /// The chance points the last action met.
    pub fn chance_log(&self) -> &[ChanceRecord] {
        &self.resolution().chance.log
    }

    /// Lists the cases of each action's branching chance point number `index` from now on
    /// (`None`: stops), for [`chance_listing`](Self::chance_listing): a chance node's outcomes
    /// without applying its action once per case. Snapshots carry the setting.
    pub fn list_chance_point(&mut self, index: Option<usize>) {
        // Not through `resolution_mut`: the setting changes nothing a rollback must undo, so
        // the next action's checkpoint is kept (no snapshot per registry apply).
        self.rules
            .slots
            .resolution
            .get_mut(&mut self.world)
            .expect(RESOLUTION)
            .chance
            .list_point(index);
    }

    /// The cases with a positive weight of the branching point the last action met at the
    /// index [`list_chance_point`](Self::list_chance_point) names, if it met one.
    pub fn chance_listing(&self) -> Option<&[ListedCase]> {
        self.resolution().chance.listing()
    }

    /// Starts or stops recording resolved events (see [`Sim::events`]).
    pub fn record_events(&mut self, on: bool) {
        self.watch_mut().record_events = on;
    }

    /// The events resolved since recording started, in resolution order.
    pub fn events(&self) -> &[LoggedEvent<G::Event>] {
        &self.world.resource::<Observer<G>>().events
    }

    /// Takes the recorded events, leaving the log empty.
    pub fn take_events(&mut self) -> Vec<LoggedEvent<G::Event>> {
        std::mem::take(&mut self.world.resource_mut::<Observer<G>>().events)
    }

    /// Runs `f` with event and effect recording switched off, then switches it back as it
    /// was: look-ahead on this `Sim` (search, a player's simulation) stays out of the logs.
    pub fn unrecorded<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let before = self.watch();
        let watch = self.watch_mut();
        watch.record_events = false;
        watch.record_effects = false;
        let out = f(self);
        *self.watch_mut() = before;
        out
    }

    /// What the pipeline records, and the listener mode.
    pub fn watch(&self) -> Watch {
        self.resolution().watch
    }

    fn watch_mut(&mut self) -> &mut Watch {
        &mut self.resolution_mut().watch
    }

    /// Runs listeners normally ([`Mode::Play`]) or their AI hooks ([`Mode::Benefit`]).
    pub fn set_mode(&mut self, mode: Mode) {
        self.watch_mut().mode = mode;
    }

    /// Sets the nesting cap of benefit simulation ([`Watch::benefit_cap`]).
    pub fn set_benefit_cap(&mut self, cap: u16) {
        self.watch_mut().benefit_cap = cap;
    }

    /// True while a resolution waits on an answer: the pending decision is a question asked
    /// mid-resolution, not a decision between actions.
    pub fn in_flight(&self) -> bool {
        self.resolution().in_flight()
    }

    /// The events skipped so far in benefit simulation for nesting deeper than the cap.
    pub fn prevented(&self) -> u32 {
        self.world.resource::<Observer<G>>().prevented
    }

    /// Starts or stops recording effects (card moves, property changes).
    pub fn record_effects(&mut self, on: bool) {
        self.watch_mut().record_effects = on;
    }

    /// The effects recorded since recording started.
    pub fn effects(&self) -> &[Effect] {
        &self.world.resource::<Observer<G>>().effects
    }

    /// A new snapshot of the game state.
    pub fn snapshot(&mut self) -> Snapshot {
        self.registry.snapshot(&self.world)
    }

    /// Saves the game state into `snapshot`, reusing its buffers (allocation-free after the
    /// first use).
    pub fn snapshot_into(&mut self, snapshot: &mut Snapshot) {
        self.registry.save(&self.world, snapshot);
    }

    /// Restores a snapshot in place. On error nothing changes.
    pub fn restore(&mut self, snapshot: &Snapshot) -> Result<(), SimError> {
        self.journal.forget();
        Ok(self.registry.restore(&mut self.world, snapshot)?)
    }

    /// Trades this game for `parked`'s without copying anything: this `Sim` then plays the
    /// game `parked` held, and `parked` holds the one this `Sim` held (twice is nothing).
    /// What a vector env does to step a parked game in a thread's worker. True when it
    /// did; false, changing nothing, for a snapshot this `Sim` did not save
    /// ([`snapshot_into`](Self::snapshot_into)) in the table layout its world has now (then
    /// [`restore`](Self::restore) copies).
    pub fn exchange(&mut self, parked: &mut Snapshot) -> bool {
        let traded = self.registry.exchange(&mut self.world, parked);
        if traded {
            self.journal.forget();
        }
        traded
    }

    /// [`exchange`](Self::exchange) with `out` (whose game this `Sim` holds: it traded it
    /// in), then with `into`, in one pass: `out` takes its game back, this `Sim` plays
    /// `into`'s, and `into` holds what `out` held. False, changing nothing, when either
    /// snapshot is not one `exchange` would take.
    pub fn trade(&mut self, out: &mut Snapshot, into: &mut Snapshot) -> bool {
        let traded = self.registry.trade(&mut self.world, out, into);
        if traded {
            self.journal.forget();
        }
        traded
    }

    /// A stable checksum of the game state (registered components and resources).
    pub fn checksum(&mut self) -> u64 {
        self.registry.checksum(&self.world)
    }

    /// The checksum of the position without the random streams' positions: equal for equal
    /// positions however they were reached (search keys transpositions by it).
    pub fn position_key(&mut self) -> u64 {
        self.registry.position_key(&self.world)
    }

    /// A new, independent simulator in the same state: rebuilds the world from the builder,
    /// then restores the current state into it. Use one per search thread.
    pub fn fork(&mut self) -> Sim<G> {
        let mut fork = self.builder.build();
        let snapshot = self.snapshot();
        fork.restore(&snapshot)
            .expect("a fork has the same entities and registry as its origin");
        fork
    }
}
