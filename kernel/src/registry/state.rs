//! A game's states as snapshots over one shared `Sim` per thread ([`SimState`]).
//!
//! An [`Erased`] game holds its builder; every [`SimState`] of it is a [`Snapshot`] plus what
//! Python reads often (whose turn, the legal ids, the returns), cached after each change.
//! Work on a state restores its snapshot into the thread's `Sim` for that table, unless the
//! `Sim` already holds it (each distinct content has a version number; a clone shares its
//! original's), works, and snapshots the result back. A clone copies the snapshot: no World
//! is built after a thread's first state.
//!
//! Chance points with cases ([`alea::chance::CaseGenerator`]) become OpenSpiel chance nodes: a
//! player action whose resolution meets a branching chance point leaves the state *before* the
//! action, pending, with that point's cases as its outcomes ([`alea::search::chance_node`]);
//! applying outcome `k` resolves the action with case `k` forced
//! ([`alea::search::apply_cases`]). When the action then meets another branching point, the
//! state stays pending on it — the next chance node, its cases given the ones chosen
//! ([`alea::search::chance_outcomes_after`]) — until the action's last point has its case
//! (at most [`MAX_FORCED`](alea::chance::MAX_FORCED) nodes an action: later points are
//! sampled). Sampled points (mahjong draws, dice) are resolved from the state's own seeded
//! streams.
//!
//! A state at the chance root ([`DynGame::new_chance_root`]) waits on the setup's chance
//! points the same way, one node each (Leduc's two private cards): its outcomes are probed by
//! dealing again with the cases forced ([`SimBuilder::setup_cases`](crate::kernel::SimBuilder::setup_cases),
//! or [`Encode::restart`] in place). Until the last of them has its case, nothing is dealt a
//! seat could observe: the observation tensors are zeros and the strings name the node.

use std::sync::Arc;

use crate::chance::{ChanceRecord, Forced, ListedCase};
use crate::determinize::DeterminizeError;
use crate::encode::{Bounds, Encode, action_of, legal_ids, size};
use crate::kernel::playout::{random_action, random_player_rng};
use crate::kernel::{CardId, Seat, Sim, Turn, Zone};
use crate::search::{
    SearchError, apply_cases, chance_node, chance_point, forced_probability, took,
};
use crate::snapshot::Snapshot;

use super::dynamic::{
    CHANCE, DynGame, DynState, RandomGame, Record, SeatedGame, StateError, Step, TERMINAL,
};
use super::erased::{Erased, Worker, new_version};
use super::search::{SearchRefused, SearchReport, search_game};

/// A state's steps, shared with its clones: a list that grows at its end, so a clone copies
/// one pointer however long the game (a `Vec` copy per clone was 16 bytes a step).
#[derive(Clone, Default)]
struct History {
    last: Option<Arc<Entry>>,
}

struct Entry {
    step: Step,
    before: Option<Arc<Entry>>,
}

impl History {
    fn push(&mut self, step: Step) {
        let before = self.last.take();
        self.last = Some(Arc::new(Entry { step, before }));
    }

    /// The actions and chance outcomes among the steps (not `determinize`), counted without
    /// copying the list.
    fn moves(&self) -> usize {
        let mut moves = 0;
        let mut at = self.last.as_deref();
        while let Some(entry) = at {
            moves += usize::from(matches!(entry.step, Step::Action(_) | Step::Outcome(_)));
            at = entry.before.as_deref();
        }
        moves
    }

    /// The steps, oldest first.
    fn steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut at = self.last.as_deref();
        while let Some(entry) = at {
            steps.push(entry.step.clone());
            at = entry.before.as_deref();
        }
        steps.reverse();
        steps
    }
}

impl Drop for History {
    /// One entry at a time: dropping a long list by recursion could overflow the stack.
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(entry) = at {
            at = match Arc::try_unwrap(entry) {
                Ok(mut entry) => entry.before.take(),
                Err(_) => None,
            };
        }
    }
}

impl<G: Encode> DynGame for Erased<G> {
    fn seats(&self) -> usize {
        usize::from(self.game().seats())
    }

    fn num_actions(&self) -> u32 {
        self.game().num_actions()
    }

    fn shape(&self) -> Vec<usize> {
        self.game().observation_shape()
    }

    fn observation_layout(&self) -> Vec<crate::encode::Part> {
        self.game().observation_layout()
    }

    fn action_layout(&self) -> Vec<crate::encode::Part> {
        self.game().action_layout()
    }

    fn bounds(&self) -> Bounds {
        self.game().bounds()
    }

    fn hidden(&self) -> bool {
        G::HIDDEN_INFORMATION
    }

    fn name(&self) -> &'static str {
        self.game().name()
    }

    fn information_state_shape(&self) -> Option<Vec<usize>> {
        self.game().information_state_shape()
    }

    fn new_state(self: Arc<Self>, seed: u64) -> Result<Box<dyn DynState>, StateError> {
        self.start_state(seed, false)
    }

    fn new_chance_root(self: Arc<Self>, seed: u64) -> Result<Box<dyn DynState>, StateError> {
        self.start_state(seed, true)
    }

    fn play_random(&self, seed: u64, record: Record) -> Result<RandomGame, StateError> {
        self.with_worker(|worker| {
            self.deal(worker, seed, Forced::NONE)?;
            let mut rng = random_player_rng(seed);
            self.play(worker, record, |sim| Ok(random_action(sim, &mut rng)))
        })
    }

    fn play_seated(
        &self,
        seed: u64,
        players: &[String],
        players_seed: u64,
    ) -> Result<SeatedGame, StateError> {
        if players.len() != self.seats() {
            return Err(StateError::Usage(format!(
                "{} players for the {} seats of {}",
                players.len(),
                self.seats(),
                self.name()
            )));
        }
        let mut seated = Vec::with_capacity(players.len());
        for (seat, name) in players.iter().enumerate() {
            let seed = crate::chance::sub_seed(players_seed, seat as u64);
            let player = self.game().player(name, seed);
            seated.push(player.map_err(|e| StateError::Usage(e.to_string()))?);
        }
        let limit = self.game().bounds().max_game_length;
        self.with_worker(|worker| {
            self.deal(worker, seed, Forced::NONE)?;
            let mut moves = 0u32;
            let game = self.play(worker, Record::Nothing, |sim| {
                let Turn::Player(seat) = sim.turn() else {
                    return Ok(None);
                };
                moves += 1;
                if moves > limit {
                    return Err(StateError::Game(format!(
                        "the game passed its bound of {limit} moves"
                    )));
                }
                let player = seated.get_mut(seat.index()).ok_or_else(|| {
                    StateError::Game(format!("{seat} is to move at a table of {}", players.len()))
                })?;
                let action = player
                    .act(sim)
                    .map_err(|e| StateError::Game(e.to_string()))?;
                Ok(Some(action))
            })?;
            Ok(SeatedGame {
                returns: game.returns,
                measures: G::measures(&worker.sim),
                moves: game.moves,
            })
        })
    }

    fn check_player(&self, name: &str) -> Result<(), StateError> {
        match self.game().player(name, 0) {
            Ok(_) => Ok(()),
            Err(e) => Err(StateError::Usage(e.to_string())),
        }
    }

    fn replay(&self, seed: u64, actions: &[u32]) -> Result<RandomGame, StateError> {
        self.with_worker(|worker| {
            self.deal(worker, seed, Forced::NONE)?;
            let mut ids = actions.iter().enumerate();
            self.play(worker, Record::Nothing, |sim| match ids.next() {
                None => Ok(None),
                Some((at, &id)) => action_of(sim, id).map(Some).ok_or_else(|| {
                    StateError::Usage(format!("action {at} of the record, id {id}, is not legal"))
                }),
            })
        })
    }

    fn search(
        &self,
        moves: &[String],
        request: &crate::search::SearchRequest,
    ) -> Result<SearchReport, SearchRefused> {
        search_game(&self.builder, moves, request)
    }

    #[cfg(feature = "vector")]
    fn vector(
        &self,
        num_envs: usize,
        seed: u64,
        threads: usize,
    ) -> Result<Box<dyn crate::vector::DynVector>, crate::vector::VectorError> {
        let env =
            crate::vector::VectorEnv::from_builder(self.builder.clone(), num_envs, seed, threads)?;
        Ok(Box::new(env))
    }

    #[cfg(feature = "vector")]
    fn vector_against(
        &self,
        num_envs: usize,
        seed: u64,
        threads: usize,
        learner: u8,
        opponents: &[String],
    ) -> Result<Box<dyn crate::vector::DynVector>, crate::vector::VectorError> {
        let env =
            crate::vector::VectorEnv::from_builder(self.builder.clone(), num_envs, seed, threads)?;
        Ok(Box::new(env.against(learner, opponents)?))
    }
}

impl<G: Encode> Erased<G> {
    /// Puts the thread's `Sim` at the start of the game dealt from `seed`, the setup's chance
    /// points forced to `cases` (the rest sampled), its chance log the setup's: restarted in
    /// place when the game can ([`Encode::restart`]) and its restart took the cases, else
    /// built. Nothing stays forced for the first action.
    fn deal(&self, worker: &mut Worker<G>, seed: u64, cases: Forced) -> Result<(), StateError> {
        worker.loaded = 0;
        worker.sim.forget_chance();
        if !cases.is_empty() {
            worker.sim.set_cases(cases.as_slice())?;
        }
        let restarted = G::restart(&mut worker.sim, &worker.start, seed)?
            && took(worker.sim.chance_log(), cases.as_slice());
        if !worker.sim.next_cases().is_empty() {
            worker.sim.set_cases(&[])?;
        }
        if !restarted {
            let builder = self.builder.clone().seed(seed).setup_cases(cases);
            worker.sim = builder.try_build()?;
        }
        Ok(())
    }

    /// The initial state of `seed`: dealt, or at the chance root (`root`) when the setup
    /// meets a branching chance point.
    fn start_state(
        self: Arc<Self>,
        seed: u64,
        root: bool,
    ) -> Result<Box<dyn DynState>, StateError> {
        self.with_worker(|worker| {
            self.deal(worker, seed, Forced::NONE)?;
            let mut state = SimState {
                table: self.clone(),
                snapshot: Arc::new(worker.spare.pop().unwrap_or_default()),
                version: 0,
                turn: Turn::Terminal,
                legal: Vec::new(),
                returns: Vec::new(),
                pending: None,
                history: History::default(),
                seed,
                root,
            };
            state.keep(worker);
            if let Some(point) = chance_point(worker.sim.chance_log(), 0).filter(|_| root) {
                state.wait_on(None, Forced::NONE, &point, None);
                // The sampled deal's end (if its setup ended the game) is not the root's.
                state.returns.fill(0.0);
            }
            Ok(Box::new(state) as Box<dyn DynState>)
        })
    }

    /// Applies `next`'s actions until it has none, from the worker's position.
    fn play(
        &self,
        worker: &mut Worker<G>,
        record: Record,
        mut next: impl FnMut(&mut Sim<G>) -> Result<Option<G::Action>, StateError>,
    ) -> Result<RandomGame, StateError> {
        let sim = &mut worker.sim;
        let (mut moves, mut actions, mut log) = (0, Vec::new(), Vec::new());
        while let Some(action) = next(sim)? {
            if record != Record::Nothing {
                actions.push(self.game().action_id(&action));
            }
            if record == Record::Log {
                let seat = match sim.turn() {
                    Turn::Player(seat) => seat.to_string(),
                    Turn::Terminal => "-".into(),
                };
                log.push(format!("{seat} {}", G::action_string(sim, &action)));
            }
            sim.apply(action)?;
            moves += 1;
        }
        let mut returns = vec![0.0; usize::from(self.game().seats())];
        if sim.is_terminal() {
            sim.returns_into(&mut returns);
        }
        Ok(RandomGame {
            returns,
            moves,
            actions,
            log,
            terminal: sim.is_terminal(),
            checksum: sim.checksum(),
        })
    }
}

/// A chance node: the action waiting on its chance point (`None`: the setup's deal), the
/// cases its earlier points took, and the point's cases.
#[derive(Clone)]
struct Pending<A> {
    action: Option<A>,
    earlier: Forced,
    cases: u32,
    /// Outcomes with a positive probability by id, ascending, and each one's case, once asked
    /// for.
    outcomes: Option<Listed>,
}

/// A chance node's outcomes: `(id, probability)` by id, and the case of each.
#[derive(Clone, Default)]
struct Listed {
    outcomes: Vec<(u32, f64)>,
    cases: Vec<u32>,
}

impl Listed {
    /// Every case, named by its number, each `1 / cases` likely.
    fn uniform(cases: u32) -> Listed {
        Listed {
            outcomes: (0..cases).map(|k| (k, 1.0 / f64::from(cases))).collect(),
            cases: (0..cases).collect(),
        }
    }

    /// The outcomes of a point's listing ([`Sim::chance_listing`]), by id.
    fn of(listing: Option<&[ListedCase]>) -> Option<Listed> {
        let mut listing = listing?.to_vec();
        listing.sort_by_key(|c| c.outcome);
        let total: u64 = listing.iter().map(|c| u64::from(c.weight)).sum();
        if total == 0 {
            return None;
        }
        Some(Listed {
            outcomes: listing
                .iter()
                .map(|c| (c.outcome, f64::from(c.weight) / total as f64))
                .collect(),
            cases: listing.iter().map(|c| c.case).collect(),
        })
    }

    /// The case of outcome `id`.
    fn case_of(&self, id: u32) -> Option<u32> {
        let at = self.outcomes.iter().position(|&(o, _)| o == id)?;
        Some(self.cases[at])
    }
}

/// A state of an [`Erased`] game. Clones share their snapshot until one of them changes
/// (copy on write).
pub struct SimState<G: Encode> {
    table: Arc<Erased<G>>,
    snapshot: Arc<Snapshot>,
    version: u64,
    turn: Turn,
    legal: Vec<u32>,
    returns: Vec<f64>,
    pending: Option<Pending<G::Action>>,
    history: History,
    seed: u64,
    /// Started at the chance root ([`DynGame::new_chance_root`]).
    root: bool,
}

impl<G: Encode> SimState<G> {
    /// Takes the worker's position as this state's, under a new version (into its own
    /// snapshot, or a spare one when a clone shares it).
    fn save(&mut self, worker: &mut Worker<G>) {
        let sim = &mut worker.sim;
        match Arc::get_mut(&mut self.snapshot) {
            Some(snapshot) => sim.snapshot_into(snapshot),
            None => {
                let mut snapshot = worker.spare.pop().unwrap_or_default();
                sim.snapshot_into(&mut snapshot);
                self.snapshot = Arc::new(snapshot);
            }
        }
        self.version = new_version();
        self.turn = sim.turn();
        legal_ids(sim, &mut self.legal);
        self.legal.sort_unstable();
        self.returns.clear();
        self.returns
            .resize(usize::from(sim.rules().game.seats()), 0.0);
        if sim.is_terminal() {
            sim.returns_into(&mut self.returns);
        }
    }

    /// Runs `f` on the thread's `Sim` holding this state's position (restored unless the
    /// `Sim` holds it already).
    fn with_sim<R>(
        &mut self,
        f: impl FnOnce(&mut Self, &mut Worker<G>) -> Result<R, StateError>,
    ) -> Result<R, StateError> {
        let table = self.table.clone();
        table.with_worker(|worker| {
            self.load(worker)?;
            f(self, worker)
        })
    }

    fn load(&self, worker: &mut Worker<G>) -> Result<(), StateError> {
        if worker.loaded != self.version {
            worker.loaded = 0;
            worker.sim.restore(&self.snapshot)?;
            worker.loaded = self.version;
        }
        Ok(())
    }

    /// Takes the worker's position as this state's.
    fn keep(&mut self, worker: &mut Worker<G>) {
        self.save(worker);
        worker.loaded = self.version;
    }

    fn seat(&self, seat: u8) -> Result<Seat, StateError> {
        let seats = self.table.seats();
        if usize::from(seat) < seats {
            Ok(Seat(seat))
        } else {
            Err(StateError::Usage(format!(
                "seat {seat} is not at the table: the game has {seats} seats"
            )))
        }
    }

    /// [`Usage`](StateError::Usage) for a zone of a seat not at the table.
    fn check_owner(&self, zone: Zone) -> Result<(), StateError> {
        match zone.owner() {
            Some(owner) => self.seat(owner.0).map(|_| ()),
            None => Ok(()),
        }
    }

    /// A player's action: resolved, or left pending when it meets a branching chance point.
    fn apply_action(&mut self, id: u32) -> Result<(), StateError> {
        self.with_sim(|state, worker| {
            let Some(action) = action_of(&worker.sim, id) else {
                return Err(StateError::Usage(format!("action {id} is not legal here")));
            };
            worker.loaded = 0;
            worker.sim.set_case(None);
            worker.sim.list_chance_point(Some(0));
            let applied = worker.sim.apply(action);
            worker.sim.list_chance_point(None);
            applied?;
            match chance_node(worker.sim.chance_log()) {
                Some(point) => {
                    let listed = Listed::of(worker.sim.chance_listing());
                    state.wait_on(Some(action), Forced::NONE, &point, listed);
                }
                None => state.keep(worker),
            }
            state.history.push(Step::Action(id));
            Ok(())
        })
    }

    /// The pending action (or the deal) resolved with its earlier cases and `case` forced,
    /// from this state, in the worker's `Sim`: the case's probability given the earlier ones,
    /// 0 when it cannot happen.
    fn force(&self, worker: &mut Worker<G>, case: u32) -> Result<f64, StateError> {
        let pending = self.pending.as_ref().expect("a chance node");
        // A pending node always has room for its own case (see `apply_outcome`).
        let cases = pending.earlier.then(case).unwrap_or(pending.earlier);
        let Some(action) = pending.action else {
            self.table.deal(worker, self.seed, cases)?;
            return Ok(forced_probability(
                worker.sim.chance_log(),
                cases.as_slice(),
            ));
        };
        self.load(worker)?;
        worker.loaded = 0;
        // The point after this one is listed on the way (an action's next chance node).
        worker.sim.list_chance_point(Some(cases.len()));
        let applied = apply_cases(&mut worker.sim, action, cases.as_slice());
        worker.sim.list_chance_point(None);
        applied.map_err(|e| match e {
            SearchError::Sim(e) => StateError::from(e),
            e => StateError::Game(e.to_string()),
        })
    }

    /// Edits the position with `edit` (a determinization by hand) at a player's node; an
    /// error leaves it as it was.
    fn edit(
        &mut self,
        what: &str,
        edit: impl FnOnce(&mut Sim<G>) -> Result<(), DeterminizeError>,
    ) -> Result<(), StateError> {
        if self.pending.is_some() {
            return Err(StateError::Usage(format!(
                "{what} at a player's node, not a chance node"
            )));
        }
        self.with_sim(|state, worker| {
            worker.loaded = 0;
            edit(&mut worker.sim).map_err(|e| StateError::Usage(e.to_string()))?;
            state.keep(worker);
            Ok(())
        })
    }

    /// At a chance node of the setup's deal (nothing dealt yet that a seat could observe):
    /// the node's depth, the cases chosen before it.
    fn dealing(&self) -> Option<usize> {
        match &self.pending {
            Some(pending) if pending.action.is_none() => Some(pending.earlier.len()),
            _ => None,
        }
    }

    /// Leaves the state before `action` (`None`: the deal), pending on its chance point
    /// `point`, met after its earlier points took `earlier`.
    fn wait_on(
        &mut self,
        action: Option<G::Action>,
        earlier: Forced,
        point: &ChanceRecord,
        listed: Option<Listed>,
    ) {
        let outcomes = listed.or_else(|| listed_without_probing(point));
        self.legal.clear();
        self.legal.extend(
            outcomes
                .iter()
                .flat_map(|o| o.outcomes.iter().map(|&(id, _)| id)),
        );
        self.pending = Some(Pending {
            action,
            earlier,
            cases: point.max_case,
            outcomes,
        });
    }

    fn apply_outcome(&mut self, id: u32) -> Result<(), StateError> {
        let listed = self.outcomes()?;
        let ids: Vec<u32> = listed.iter().map(|&(o, _)| o).collect();
        let Some(pending) = self.pending.clone() else {
            return Err(StateError::Usage("not a chance node".into()));
        };
        let Some(case) = pending.outcomes.as_ref().and_then(|l| l.case_of(id)) else {
            return Err(StateError::Usage(format!(
                "outcome {id} is not one of this chance node's outcomes {ids:?}"
            )));
        };
        let table = self.table.clone();
        table.with_worker(|worker| {
            if self.force(worker, case)? <= 0.0 {
                return Err(StateError::Usage(format!(
                    "outcome {id} has probability 0 here"
                )));
            }
            // The action's next branching point, if it meets one and a case can force it.
            let path = pending.earlier.then(case);
            let next = path.and_then(|path| {
                let point = chance_point(worker.sim.chance_log(), path.len())?;
                Some((path, point))
            });
            match next.filter(|(path, _)| path.then(0).is_some()) {
                Some((earlier, point)) => {
                    let listed = pending
                        .action
                        .and_then(|_| Listed::of(worker.sim.chance_listing()));
                    self.wait_on(pending.action, earlier, &point, listed);
                }
                None => {
                    self.pending = None;
                    self.keep(worker);
                }
            }
            self.history.push(Step::Outcome(id));
            Ok(())
        })
    }

    fn outcomes(&mut self) -> Result<&[(u32, f64)], StateError> {
        let Some(pending) = &self.pending else {
            return Ok(&[]);
        };
        if pending.outcomes.is_none() {
            let (cases, at) = (pending.cases, pending.earlier.len());
            let table = self.table.clone();
            let listed = table.with_worker(|worker| {
                let mut found = Vec::with_capacity(cases as usize);
                for case in 0..cases {
                    let p = self.force(worker, case)?;
                    let id =
                        chance_point(worker.sim.chance_log(), at).map_or(case, |r| r.outcome_id());
                    if p > 0.0 {
                        found.push((id, p, case));
                    }
                }
                found.sort_by_key(|&(id, _, _)| id);
                Ok(Listed {
                    outcomes: found.iter().map(|&(id, p, _)| (id, p)).collect(),
                    cases: found.iter().map(|&(_, _, case)| case).collect(),
                })
            })?;
            self.legal.clear();
            self.legal.extend(listed.outcomes.iter().map(|&(id, _)| id));
            if let Some(pending) = self.pending.as_mut() {
                pending.outcomes = Some(listed);
            }
        }
        Ok(self
            .pending
            .as_ref()
            .and_then(|p| p.outcomes.as_ref())
            .map_or(&[], |l| l.outcomes.as_slice()))
    }
}

impl<G: Encode> SimState<G> {
    /// Writes `seat`'s tensor of `shape` into `out` with `write` (zeros while the deal is
    /// dealt: nothing to observe yet), after checking the seat and `out`'s length.
    fn write_tensor(
        &mut self,
        what: &str,
        shape: &[usize],
        seat: u8,
        out: &mut [f32],
        write: fn(&Sim<G>, Seat, &mut [f32]),
    ) -> Result<(), StateError> {
        let seat = self.seat(seat)?;
        let expected = size(shape);
        if out.len() != expected {
            return Err(StateError::Usage(format!(
                "{what} has {expected} numbers, not {}",
                out.len()
            )));
        }
        out.fill(0.0);
        if self.dealing().is_some() {
            return Ok(());
        }
        self.with_sim(|_, worker| {
            write(&worker.sim, seat, out);
            Ok(())
        })
    }

    /// Outcome `id` of this chance node in words ([`Encode::outcome_string`]).
    fn outcome_string(&mut self, id: u32) -> Result<String, StateError> {
        self.outcomes()?;
        let pending = self.pending.clone().expect("a chance node");
        let case = pending
            .outcomes
            .as_ref()
            .and_then(|l| l.case_of(id))
            .ok_or_else(|| StateError::Usage(format!("no outcome {id} here")))?;
        let table = self.table.clone();
        table.with_worker(|worker| {
            self.force(worker, case)?;
            let record = chance_point(worker.sim.chance_log(), pending.earlier.len());
            Ok(match record {
                Some(record) => G::outcome_string(&worker.sim, &record),
                None => format!("outcome {id}"),
            })
        })
    }
}

/// The action a chance node waits on, as Rust prints it ("the deal" for the setup's).
fn waiting<A: std::fmt::Debug>(pending: &Pending<A>) -> String {
    pending
        .action
        .as_ref()
        .map_or_else(|| "the deal".to_string(), |a| format!("{a:?}"))
}

/// A node's outcomes when they can be listed without applying each case: equal weights and
/// outcomes named by their case numbers.
fn listed_without_probing(point: &ChanceRecord) -> Option<Listed> {
    (point.uniform && point.outcome.is_none()).then(|| Listed::uniform(point.max_case))
}

impl<G: Encode> Drop for SimState<G> {
    fn drop(&mut self) {
        if let Some(snapshot) = Arc::get_mut(&mut self.snapshot) {
            self.table.recycle(std::mem::take(snapshot));
        }
    }
}

impl<G: Encode> DynState for SimState<G> {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(SimState {
            table: self.table.clone(),
            snapshot: self.snapshot.clone(),
            version: self.version,
            turn: self.turn,
            legal: self.legal.clone(),
            returns: self.returns.clone(),
            pending: self.pending.clone(),
            history: self.history.clone(),
            seed: self.seed,
            root: self.root,
        })
    }

    fn current_player(&self) -> i64 {
        if self.pending.is_some() {
            return CHANCE;
        }
        match self.turn {
            Turn::Player(seat) => i64::from(seat.0),
            Turn::Terminal => TERMINAL,
        }
    }

    fn legal(&mut self) -> Result<&[u32], StateError> {
        if self.pending.is_some() {
            self.outcomes()?;
        }
        Ok(&self.legal)
    }

    fn apply(&mut self, id: u32) -> Result<(), StateError> {
        match (self.pending.is_some(), self.turn) {
            (true, _) => self.apply_outcome(id),
            (false, Turn::Player(_)) => self.apply_action(id),
            (false, Turn::Terminal) => Err(StateError::Usage("the game is over".into())),
        }
    }

    fn chance_outcomes(&mut self) -> Result<Vec<(u32, f64)>, StateError> {
        Ok(self.outcomes()?.to_vec())
    }

    fn returns(&self) -> &[f64] {
        &self.returns
    }

    fn action_string(&mut self, id: u32) -> String {
        if self.pending.is_some() {
            return self
                .outcome_string(id)
                .unwrap_or_else(|_| format!("outcome {id} (not one of this chance node's)"));
        }
        self.with_sim(|_, worker| {
            Ok(match action_of(&worker.sim, id) {
                Some(action) => G::action_string(&worker.sim, &action),
                None => format!("action {id} (not legal here)"),
            })
        })
        .unwrap_or_else(|_| format!("action {id}"))
    }

    fn information_state(&mut self, seat: u8) -> Result<String, StateError> {
        let seat = self.seat(seat)?;
        if let Some(node) = self.dealing() {
            return Ok(format!(
                "{} {seat} at the deal, node {node}",
                self.table.name()
            ));
        }
        let pending = self
            .pending
            .as_ref()
            .map(|p| format!(" after {} {:?}", waiting(p), p.earlier.as_slice()));
        let key = self.with_sim(|_, worker| Ok(worker.sim.info_key(seat)))?;
        Ok(format!(
            "{} {seat} {key:016x}{}",
            self.table.game().name(),
            pending.unwrap_or_default()
        ))
    }

    fn observation(&mut self, seat: u8, out: &mut [f32]) -> Result<(), StateError> {
        let shape = self.table.shape();
        self.write_tensor("an observation", &shape, seat, out, G::observation)
    }

    fn information_state_tensor(&mut self, seat: u8, out: &mut [f32]) -> Result<(), StateError> {
        let Some(shape) = self.table.game().information_state_shape() else {
            return Err(StateError::Usage(format!(
                "{} has no information-state tensor",
                self.table.name()
            )));
        };
        let what = "an information-state tensor";
        self.write_tensor(what, &shape, seat, out, G::information_state)
    }

    fn observation_string(&mut self, seat: u8) -> Result<String, StateError> {
        let seat = self.seat(seat)?;
        if let Some(node) = self.dealing() {
            return Ok(format!("{}: the deal, node {node}", self.table.name()));
        }
        let name = self.table.name();
        self.with_sim(|_, worker| {
            Ok(G::observation_string(&worker.sim, seat).unwrap_or_else(|| {
                format!(
                    "{name} as {seat} sees it: {:016x}",
                    worker.sim.info_key(seat)
                )
            }))
        })
    }

    fn move_number(&self) -> usize {
        self.history.moves()
    }

    fn started_at_chance_root(&self) -> bool {
        self.root
    }

    fn describe(&mut self) -> String {
        if let Some(node) = self.dealing() {
            let cases = self.pending.as_ref().map(|p| p.earlier);
            return format!(
                "{}: dealing, chance node {node} (cases so far {:?})",
                self.table.name(),
                cases.as_ref().map_or(&[][..], Forced::as_slice)
            );
        }
        let pending = self
            .pending
            .as_ref()
            .map(|p| format!("\nchance: {} waits on its chance point", waiting(p)));
        let text = self.with_sim(|_, worker| Ok(G::describe(&worker.sim)));
        format!(
            "{}{}",
            text.unwrap_or_else(|e| format!("{e:?}")),
            pending.unwrap_or_default()
        )
    }

    fn determinize(&mut self, viewer: u8, seed: u64) -> Result<(), StateError> {
        let viewer = self.seat(viewer)?;
        if self.pending.is_some() {
            // The waiting action belongs to this world: in another it may not meet its chance
            // point at all.
            return Err(StateError::Usage(
                "determinize a player's node, not a chance node".into(),
            ));
        }
        self.with_sim(|state, worker| {
            worker.loaded = 0;
            if !worker.sim.try_determinize(viewer, seed) {
                return Err(StateError::Usage(format!(
                    "no deal for {viewer} found that keeps the seat to move's choices \
                     (try another seed)"
                )));
            }
            state.keep(worker);
            Ok(())
        })?;
        self.history.push(Step::Determinize(viewer.0, seed));
        Ok(())
    }

    fn place_cards(&mut self, zone: Zone, cards: &[u16], on_top: bool) -> Result<(), StateError> {
        self.check_owner(zone)?;
        let ids: Vec<CardId> = cards.iter().map(|&c| CardId(c)).collect();
        self.edit("place cards", |sim| {
            if on_top {
                sim.place_on_top(zone, &ids)
            } else {
                sim.place_cards(zone, &ids)
            }
        })?;
        self.history.push(Step::Place(zone, cards.into(), on_top));
        Ok(())
    }

    fn set_die_face(&mut self, index: u16, face: u8) -> Result<(), StateError> {
        self.edit("set a die", |sim| {
            sim.set_die_face(usize::from(index), face)
        })?;
        self.history.push(Step::DieFace(index, face));
        Ok(())
    }

    fn set_zone(&mut self, zone: Zone, cards: &[u16]) -> Result<(), StateError> {
        self.check_owner(zone)?;
        let ids: Vec<CardId> = cards.iter().map(|&c| CardId(c)).collect();
        self.edit("set a zone", |sim| sim.set_zone(zone, &ids))?;
        self.history.push(Step::SetZone(zone, cards.into()));
        Ok(())
    }

    fn set_dice(&mut self, zone: Zone, faces: &[u8]) -> Result<(), StateError> {
        self.check_owner(zone)?;
        self.edit("set dice", |sim| sim.set_dice(zone, faces))?;
        self.history.push(Step::SetDice(zone, faces.into()));
        Ok(())
    }

    fn history(&self) -> Vec<Step> {
        self.history.steps()
    }

    fn seed(&self) -> u64 {
        self.seed
    }
}
