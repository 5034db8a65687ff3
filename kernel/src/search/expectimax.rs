//! Depth-limited expectimax (max^n over seats): exact over the cases of each action's chance
//! points (one after another when an action meets several; a
//! [wide](crate::chance::CaseGenerator::wide) point takes the world's own draw), or Monte
//! Carlo with a fixed number of sampled outcomes per chance node.

use std::collections::HashMap;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{
    ActionStats, Evaluator, MAX_SEATS, SearchError, SearchResult, Values, branching_points,
    chance_point, load, mover, outcome_key, save, seats, terminal_values,
};
use crate::chance::{Forced, MAX_FORCED, Purpose, derive_stream};
use crate::kernel::{Game, Sim, SimError};
use crate::snapshot::Snapshot;

/// How expectimax values a chance node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceMode {
    /// Every case of every branching point, weighted by its probability (forcing
    /// [`Sim::set_cases`](crate::kernel::Sim::set_cases)); a
    /// [wide](crate::chance::CaseGenerator::wide) point (a card drawn from a pile) takes the
    /// world's own draw.
    Exact,
    /// The mean over this many sampled outcomes (Monte Carlo; for wide chance points). Each
    /// distinct outcome drawn is searched once, weighted by its frequency.
    Sampled(u32),
}

/// One ply's saved position and legal actions.
struct Frame<A> {
    snapshot: Option<Snapshot>,
    actions: Vec<A>,
}

/// Depth-limited expectimax with a pluggable leaf [`Evaluator`] and an optional
/// transposition table keyed by [`Sim::position_key`] and remaining depth.
pub struct Expectimax<G: Game> {
    depth: u32,
    chance: ChanceMode,
    transpositions: bool,
    evaluator: Box<dyn Evaluator<G>>,
    frames: Vec<Frame<G::Action>>,
    /// Per ply, the sampled outcomes already searched and their values.
    seen: Vec<Vec<(u64, Values)>>,
    table: HashMap<(u64, u32), Values>,
    returns: Vec<f64>,
    rng: ChaCha8Rng,
    nodes: u64,
}

impl<G: Game> Expectimax<G> {
    /// Searches `depth` player moves deep (exact chance, transpositions on), valuing the
    /// positions it stops at with `evaluator`.
    pub fn new(depth: u32, evaluator: impl Evaluator<G> + 'static) -> Self {
        Expectimax {
            depth,
            chance: ChanceMode::Exact,
            transpositions: true,
            evaluator: Box::new(evaluator),
            frames: Vec::new(),
            seen: Vec::new(),
            table: HashMap::new(),
            returns: Vec::new(),
            rng: derive_stream(0, Purpose::Ai.key(), 2),
            nodes: 0,
        }
    }

    /// Sets how chance nodes are valued.
    pub fn chance(mut self, mode: ChanceMode) -> Self {
        self.chance = mode;
        self
    }

    /// Turns the transposition table on or off (on by default).
    pub fn transpositions(mut self, on: bool) -> Self {
        self.transpositions = on;
        self
    }

    /// The value of the current position for every seat. The `Sim` is restored.
    pub fn value(&mut self, sim: &mut Sim<G>, seed: u64) -> Result<Values, SearchError> {
        sim.unrecorded(|sim| {
            self.start(sim, seed)?;
            let value = self.node(sim, self.depth, 0);
            load(sim, &self.frames[0].snapshot)?;
            value
        })
    }

    /// Values every legal action of the player to move and picks the best. The `Sim` is restored,
    /// on error too.
    pub fn search(
        &mut self,
        sim: &mut Sim<G>,
        seed: u64,
    ) -> Result<SearchResult<G::Action>, SearchError> {
        sim.unrecorded(|sim| {
            let seat = mover(sim)?.index();
            self.start(sim, seed)?;
            self.enter(sim, 0);
            let mut stats = Vec::new();
            let searched =
                (0..self.frames[0].actions.len()).try_for_each(|i| -> Result<(), SearchError> {
                    let action = self.frames[0].actions[i];
                    let value = self.action(sim, action, self.depth, 0)?;
                    stats.push(ActionStats {
                        action,
                        visits: 1,
                        value: value[seat],
                    });
                    Ok(())
                });
            // Restored on error too (a search that gave up mid-tree).
            load(sim, &self.frames[0].snapshot)?;
            searched?;
            let best = stats
                .iter()
                .enumerate()
                .max_by(|(i, a), (j, b)| a.value.total_cmp(&b.value).then(j.cmp(i)))
                .map(|(i, _)| i)
                .ok_or(SearchError::NoChoices {
                    seat: crate::kernel::Seat(seat as u8),
                })?;
            Ok(SearchResult {
                action: stats[best].action,
                value: stats[best].value,
                simulations: self.nodes,
                stats,
            })
        })
    }

    fn start(&mut self, sim: &mut Sim<G>, seed: u64) -> Result<(), SearchError> {
        seats(sim)?;
        self.table.clear();
        self.nodes = 0;
        self.rng = derive_stream(seed, Purpose::Ai.key(), 2);
        if self.frames.is_empty() {
            self.frames.push(Frame {
                snapshot: None,
                actions: Vec::new(),
            });
            self.seen.push(Vec::new());
        }
        save(sim, &mut self.frames[0].snapshot);
        Ok(())
    }

    /// Saves the position at `ply` and copies its legal actions.
    fn enter(&mut self, sim: &mut Sim<G>, ply: usize) {
        if self.frames.len() <= ply {
            self.frames.push(Frame {
                snapshot: None,
                actions: Vec::new(),
            });
            self.seen.push(Vec::new());
        }
        let frame = &mut self.frames[ply];
        save(sim, &mut frame.snapshot);
        frame.actions.clear();
        frame.actions.extend_from_slice(sim.legal_actions());
    }

    fn node(&mut self, sim: &mut Sim<G>, depth: u32, ply: usize) -> Result<Values, SearchError> {
        self.nodes += 1;
        if sim.is_terminal() {
            return Ok(terminal_values(sim, &mut self.returns));
        }
        let mut value = [0.0; MAX_SEATS];
        if depth == 0 {
            self.evaluator.evaluate(sim, &mut value)?;
            return Ok(value);
        }
        // Near the leaves, recomputing is cheaper than hashing the position.
        let key = (self.transpositions && depth >= 2).then(|| (sim.position_key(), depth));
        if let Some(found) = key.and_then(|k| self.table.get(&k)) {
            return Ok(*found);
        }
        let seat = mover(sim)?.index();
        self.enter(sim, ply);
        let mut best: Option<Values> = None;
        for i in 0..self.frames[ply].actions.len() {
            let action = self.frames[ply].actions[i];
            let v = self.action(sim, action, depth, ply)?;
            if best.is_none_or(|b| v[seat] > b[seat]) {
                best = Some(v);
            }
        }
        value = best.ok_or(SearchError::NoChoices {
            seat: crate::kernel::Seat(seat as u8),
        })?;
        if let Some(k) = key {
            self.table.insert(k, value);
        }
        Ok(value)
    }

    /// The expected value of `action` from the position saved at `ply`.
    fn action(
        &mut self,
        sim: &mut Sim<G>,
        action: G::Action,
        depth: u32,
        ply: usize,
    ) -> Result<Values, SearchError> {
        match self.chance {
            ChanceMode::Exact => self.exact(sim, action, depth, ply),
            ChanceMode::Sampled(samples) => self.sampled(sim, action, depth, ply, samples.max(1)),
        }
    }

    fn exact(
        &mut self,
        sim: &mut Sim<G>,
        action: G::Action,
        depth: u32,
        ply: usize,
    ) -> Result<Values, SearchError> {
        self.exact_after(sim, action, depth, ply, Forced::NONE)
    }

    /// The expected value of `action` over the cases of its branching chance point number
    /// `cases.len()`, its earlier points forced to `cases`: each case's world valued on (its
    /// later points in turn), weighted by the case's probability given `cases`.
    fn exact_after(
        &mut self,
        sim: &mut Sim<G>,
        action: G::Action,
        depth: u32,
        ply: usize,
        cases: Forced,
    ) -> Result<Values, SearchError> {
        let mut total = [0.0; MAX_SEATS];
        let mut case = 0;
        loop {
            let path = cases.then(case).ok_or(SimError::TooManyCases {
                given: cases.len() + 1,
            })?;
            load(sim, &self.frames[ply].snapshot)?;
            sim.set_cases(path.as_slice())?;
            sim.apply(action)?;
            let log = sim.chance_log();
            let Some(point) = chance_point(log, cases.len()) else {
                return self.node(sim, depth - 1, ply + 1);
            };
            if point.wide {
                return self.world_draw(sim, action, depth, ply, cases);
            }
            let (max_case, p) = (point.max_case, point.probability());
            if p > 0.0 {
                let v = self.value_after(sim, action, depth, ply, path)?;
                for (t, v) in total.iter_mut().zip(v) {
                    *t += p * v;
                }
            }
            case += 1;
            if case >= max_case {
                return Ok(total);
            }
        }
    }

    /// The value of `action` when its branching point number `cases.len()` is
    /// [wide](crate::chance::CaseGenerator::wide): the world's own draw there (unforced), its
    /// later points enumerated as usual.
    fn world_draw(
        &mut self,
        sim: &mut Sim<G>,
        action: G::Action,
        depth: u32,
        ply: usize,
        cases: Forced,
    ) -> Result<Values, SearchError> {
        load(sim, &self.frames[ply].snapshot)?;
        sim.set_cases(cases.as_slice())?;
        sim.apply(action)?;
        let log = sim.chance_log();
        let drawn = chance_point(log, cases.len()).map_or(0, |point| point.case);
        let path = cases.then(drawn).ok_or(SimError::TooManyCases {
            given: cases.len() + 1,
        })?;
        self.value_after(sim, action, depth, ply, path)
    }

    /// The value of the world `action` just made with its points forced to `path`: its later
    /// branching points enumerated in turn, else the position it reached. Points past the
    /// most a path forces are sampled (as the registry's states do).
    fn value_after(
        &mut self,
        sim: &mut Sim<G>,
        action: G::Action,
        depth: u32,
        ply: usize,
        path: Forced,
    ) -> Result<Values, SearchError> {
        if branching_points(sim.chance_log()) > path.len() && path.len() < MAX_FORCED {
            self.exact_after(sim, action, depth, ply, path)
        } else {
            self.node(sim, depth - 1, ply + 1)
        }
    }

    /// The mean over `samples` sampled outcomes; each distinct outcome's subtree is searched
    /// once and weighted by how often it was drawn.
    fn sampled(
        &mut self,
        sim: &mut Sim<G>,
        action: G::Action,
        depth: u32,
        ply: usize,
        samples: u32,
    ) -> Result<Values, SearchError> {
        let mut total = [0.0; MAX_SEATS];
        let mut seen = std::mem::take(&mut self.seen[ply]);
        seen.clear();
        for _ in 0..samples {
            load(sim, &self.frames[ply].snapshot)?;
            sim.reseed(self.rng.next_u64());
            sim.apply(action)?;
            let Some(outcome) = outcome_key(sim) else {
                self.seen[ply] = seen;
                return self.node(sim, depth - 1, ply + 1);
            };
            let value = match seen.iter().find(|(o, _)| *o == outcome) {
                Some(&(_, value)) => value,
                None => {
                    let value = self.node(sim, depth - 1, ply + 1)?;
                    seen.push((outcome, value));
                    value
                }
            };
            for (t, v) in total.iter_mut().zip(value) {
                *t += v / f64::from(samples);
            }
        }
        self.seen[ply] = seen;
        Ok(total)
    }
}
