//! [`Simulator`]: values actions by simulating them on the real rules, on a snapshot.

use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::{Ledger, score};
use crate::chance::{Purpose, derive_stream, sub_seed};
use crate::kernel::{Game, Seat, Sim, SimError, Turn};
use crate::pipeline::{Mode, Observer};
use crate::search::{Determinize, MAX_SEATS};
use crate::snapshot::Snapshot;

/// How the questions asked inside a simulation are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Answers {
    /// FreeKill's behaviour: nobody answers — every question that can be declined is (no
    /// jink, no nullification, no peach); one that cannot (which card to take) gets TrustAI's
    /// answer. The simulation runs once, in one world determinized for the deciding seat.
    Optimistic,
    /// The deciding seat's unknowns (other hands, the pile's order, hidden roles) are
    /// determinized `worlds` times; every question is answered by TrustAI's policy in each
    /// world; the benefit is the mean over the worlds.
    Sampled {
        /// Worlds per decision (at least 1).
        worlds: u32,
    },
}

impl Default for Answers {
    /// Sampled, 8 worlds.
    fn default() -> Self {
        Answers::Sampled { worlds: 8 }
    }
}

impl Answers {
    /// The worlds simulated per decision.
    pub fn worlds(self) -> u32 {
        match self {
            Answers::Optimistic => 1,
            Answers::Sampled { worlds } => worlds.max(1),
        }
    }
}

/// What a game gives benefit simulation.
pub trait BenefitGame: Game {
    /// How much each seat's changes count for `seat`: +1 itself and its friends, −1 its
    /// enemies; for a seat whose role `seat` cannot see, the expectation over the roles it may
    /// have. Must depend only on what `seat` knows.
    fn relations(sim: &Sim<Self>, seat: Seat) -> [f64; MAX_SEATS];
    /// TrustAI's answer for the seat to move.
    fn trust(sim: &Sim<Self>, rng: &mut ChaCha8Rng) -> Self::Action;
    /// The pending question's "no" (a pass), if it has one.
    fn decline(sim: &Sim<Self>) -> Option<Self::Action>;
}

/// The most questions answered inside one simulation (a safety net: rules always end).
const MAX_ANSWERS: u32 = 512;

/// Values actions for the seat to move by simulating each on a snapshot, in benefit mode;
/// reuses its snapshots, so a repeated evaluation allocates nothing.
pub struct Simulator<G: BenefitGame> {
    /// How questions inside a simulation are answered.
    pub answers: Answers,
    /// A chance point met by the simulated action with at most this many cases is enumerated
    /// exactly (default 16); a larger one, or one met later, is sampled.
    pub exact_cases: u32,
    /// Determinizes each world instead of [`Sim::determinize`] (a posterior), if set.
    determinize: Option<Determinize<G>>,
    root: Option<Snapshot>,
    world: Option<Snapshot>,
    rng: ChaCha8Rng,
    values: Vec<f64>,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: BenefitGame> Simulator<G> {
    /// A simulator answering questions by `answers`.
    pub fn new(answers: Answers) -> Self {
        Simulator {
            answers,
            exact_cases: 16,
            determinize: None,
            root: None,
            world: None,
            rng: derive_stream(0, Purpose::Ai.key(), 0),
            values: Vec::new(),
            _game: std::marker::PhantomData,
        }
    }

    /// Determinizes each simulated world with `determinize` instead of [`Sim::determinize`]
    /// (e.g. a posterior that weights the worlds by the table's play). It must depend only on
    /// the viewer's information and the seed.
    pub fn with_determinize(mut self, determinize: Determinize<G>) -> Self {
        self.determinize = Some(determinize);
        self
    }

    /// The benefit of `action` for the seat to move.
    pub fn value(
        &mut self,
        sim: &mut Sim<G>,
        action: G::Action,
        seed: u64,
    ) -> Result<f64, SimError> {
        let mut out = std::mem::take(&mut self.values);
        let result = self.evaluate(sim, &[action], seed, &mut out);
        let value = out.first().copied().unwrap_or(0.0);
        self.values = out;
        result.map(|()| value)
    }

    /// Writes into `out` the benefit of each of `actions` (legal for the seat to move) for the
    /// seat to move: each world is determinized for it from `(seed, world)`, each action
    /// simulated there until its resolution is over (questions answered as [`Answers`] says),
    /// and its ledger read; the mean over the worlds. `sim` is left as it was (checksum and
    /// logs), whatever the outcome.
    pub fn evaluate(
        &mut self,
        sim: &mut Sim<G>,
        actions: &[G::Action],
        seed: u64,
        out: &mut Vec<f64>,
    ) -> Result<(), SimError> {
        out.clear();
        out.resize(actions.len(), 0.0);
        let Turn::Player(seat) = sim.turn() else {
            return Ok(());
        };
        if !sim.world().contains_resource::<Ledger>() {
            sim.world_mut().init_resource::<Ledger>();
        }
        let relations = G::relations(sim, seat);
        let observer = sim.world().resource::<Observer<G>>();
        let (base, prevented) = (observer.effects.len(), observer.prevented);
        let worlds = self.answers.worlds();
        crate::search::save(sim, &mut self.root);
        let result = sim.unrecorded(|sim| {
            sim.set_mode(Mode::Benefit);
            sim.record_effects(true);
            for w in 0..worlds {
                let seed = sub_seed(seed, u64::from(w));
                if w > 0 {
                    restore(sim, &self.root)?;
                }
                match self.determinize {
                    Some(determinize) => determinize(sim, seat, seed),
                    None => sim.determinize(seat, seed),
                }
                crate::search::save(sim, &mut self.world);
                for (i, &action) in actions.iter().enumerate() {
                    if i > 0 {
                        restore(sim, &self.world)?;
                    }
                    let branch = Branch {
                        seat,
                        relations,
                        base,
                        seed,
                    };
                    let value = self.simulate(sim, branch, action)?;
                    out[i] += value / f64::from(worlds);
                }
            }
            Ok(())
        });
        restore(sim, &self.root)?;
        let mut observer = sim.world_mut().resource_mut::<Observer<G>>();
        observer.effects.truncate(base);
        observer.prevented = prevented;
        result
    }

    /// One action from the current world: its benefit. When the action meets exactly one
    /// small chance point — in every one of its branches — the benefit is the exact
    /// expectation over its cases; otherwise it is the sampled run's.
    fn simulate(
        &mut self,
        sim: &mut Sim<G>,
        branch: Branch,
        action: G::Action,
    ) -> Result<f64, SimError> {
        self.start(sim, branch);
        sim.apply(action)?;
        let cases = match branch_point(sim) {
            Some(point) if (2..=self.exact_cases).contains(&point.max_case) => point.max_case,
            _ => return self.finish(sim),
        };
        let sampled = self.finish(sim)?;
        let mut total = 0.0;
        for case in 0..cases {
            restore(sim, &self.world)?;
            self.start(sim, branch);
            sim.set_case(Some(case));
            sim.apply(action)?;
            // A forced case forces the first chance point only: a branch that meets a second
            // one samples it, so the action keeps its sample rather than mix the two.
            let Some(point) = branch_point(sim) else {
                return Ok(sampled);
            };
            let p = point.probability();
            total += p * self.finish(sim)?;
        }
        Ok(total)
    }

    /// Starts a simulated branch: the ledger for the deciding seat, the recorded effects back
    /// to where the simulation began, and TrustAI's stream re-seeded (so an action's benefit
    /// does not depend on which actions were valued before it).
    fn start(&mut self, sim: &mut Sim<G>, branch: Branch) {
        let world = sim.world_mut();
        world
            .resource_mut::<Observer<G>>()
            .effects
            .truncate(branch.base);
        let mut ledger = world.resource_mut::<Ledger>();
        ledger.start(branch.seat, branch.relations);
        ledger.resume((0.0, branch.base, None));
        self.rng = derive_stream(branch.seed, Purpose::Ai.key(), 2);
    }

    /// Answers the questions the simulated action raises until its resolution is over (or an
    /// AI hook stopped it), then reads the ledger.
    fn finish(&mut self, sim: &mut Sim<G>) -> Result<f64, SimError> {
        let mut answered = 0;
        while sim.in_flight() && !ledger(sim).stopped() && answered < MAX_ANSWERS {
            let answer = match self.answers {
                Answers::Optimistic => G::decline(sim),
                Answers::Sampled { .. } => None,
            };
            let answer = answer.unwrap_or_else(|| G::trust(sim, &mut self.rng));
            sim.apply(answer)?;
            answered += 1;
        }
        score::<G>(sim.world_mut());
        Ok(ledger(sim).total)
    }
}

/// Restores a snapshot taken by `crate::search::save`.
fn restore<G: Game>(sim: &mut Sim<G>, snapshot: &Option<Snapshot>) -> Result<(), SimError> {
    match snapshot {
        Some(snapshot) => sim.restore(snapshot),
        None => Ok(()),
    }
}

/// What every branch of one action's simulation starts from.
#[derive(Clone, Copy)]
struct Branch {
    /// Who decides.
    seat: Seat,
    /// How much each seat's changes count for it.
    relations: [f64; MAX_SEATS],
    /// The effects recorded before the simulation began.
    base: usize,
    /// The world's seed (TrustAI's stream is re-seeded from it).
    seed: u64,
}

fn ledger<G: Game>(sim: &Sim<G>) -> &Ledger {
    sim.world().resource::<Ledger>()
}

/// The only chance point the last action met that can branch (sampled points aside), unless
/// it is [wide](crate::chance::CaseGenerator::wide); `None` when it met none or several.
fn branch_point<G: Game>(sim: &Sim<G>) -> Option<crate::chance::ChanceRecord> {
    let mut points = sim.chance_log().iter().filter(|p| p.branches());
    match (points.next(), points.next()) {
        (Some(point), None) if !point.wide => Some(*point),
        _ => None,
    }
}
