//! Information-set MCTS (single observer, OpenSpiel's `ISMCTSBot` shape): every iteration
//! determinizes the root for the searching player, then descends through nodes keyed by the
//! information state of the player to move ([`Sim::info_key`]), choosing by UCB1 among the
//! actions of that information set.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::{
    ActionStats, Evaluator, SearchError, SearchResult, Values, load, mover, or_restore, save,
    seats, terminal_values,
};
use crate::chance::sub_seed;
use crate::kernel::{Game, Sim, Turn};
use crate::snapshot::Snapshot;

/// Keys are already hashes: use them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// An information set: its visits and its actions' edges.
#[derive(Clone, Copy, Debug)]
struct InfoNode {
    visits: u32,
    first_edge: u32,
    edges: u32,
}

/// One action of an information set.
#[derive(Clone, Copy, Debug)]
struct Edge<A> {
    action: A,
    visits: u32,
    total: f64,
}

/// An anchored root's evidence: each root action's gain over the first, world by world.
#[derive(Clone, Debug, Default)]
struct Gains {
    /// The root value of each action in the current world.
    world: Vec<f64>,
    /// Per root action: the sum of its gains and of their squares, over whole worlds.
    sums: Vec<(f64, f64)>,
    /// Worlds every root action was searched in.
    worlds: u32,
}

impl Gains {
    fn reset(&mut self, actions: usize) {
        self.world.clear();
        self.world.resize(actions, 0.0);
        self.sums.clear();
        self.sums.resize(actions, (0.0, 0.0));
        self.worlds = 0;
    }

    /// The value of root action `edge` in the current world; the last action closes the world.
    fn record(&mut self, edge: usize, value: f64) {
        let Some(slot) = self.world.get_mut(edge) else {
            return;
        };
        *slot = value;
        if edge + 1 == self.world.len() {
            let anchor = self.world[0];
            for (sum, v) in self.sums.iter_mut().zip(&self.world) {
                sum.0 += v - anchor;
                sum.1 += (v - anchor) * (v - anchor);
            }
            self.worlds += 1;
        }
    }

    /// The root action whose mean gain is largest among those above `z` standard errors
    /// (`None`: keep the first). Needs two worlds.
    fn best(&self, z: f64) -> Option<usize> {
        let n = f64::from(self.worlds);
        if self.worlds < 2 {
            return None;
        }
        let mut best: Option<(usize, f64)> = None;
        for (i, &(sum, squares)) in self.sums.iter().enumerate().skip(1) {
            let mean = sum / n;
            let variance = ((squares - n * mean * mean) / (n - 1.0)).max(0.0);
            let beaten = mean > 0.0 && mean > z * (variance / n).sqrt();
            if beaten && best.is_none_or(|(_, b)| mean > b) {
                best = Some((i, mean));
            }
        }
        best.map(|(i, _)| i)
    }
}

/// Narrows the actions searched at a decision: writes into `out` the candidates among
/// `sim`'s legal actions, in the order searched (with an anchored root, the first is the
/// anchor). It must depend only on what the player to move
/// knows (its information set), or the search leaks.
pub type Candidates<G> = fn(&Sim<G>, &mut Vec<<G as Game>::Action>);

/// The iterations an ISMCTS player named `name` asks for: `ismcts` alone → `default`,
/// `ismcts:N` → N (at least 1); `None` for any other name. Games name their players this way.
pub fn iterations_of(name: &str, default: u32) -> Option<u32> {
    named_iterations(name, "ismcts", default)
}

/// [`iterations_of`] for a search player called `player` (`ismcts-uniform`, `ismcts-bayes`).
pub fn named_iterations(name: &str, player: &str, default: u32) -> Option<u32> {
    let name = name.trim();
    if name == player {
        return Some(default);
    }
    name.strip_prefix(player)
        .and_then(|rest| rest.strip_prefix(':'))
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
}

/// Writes an ISMCTS player's name: `ismcts` for `default` iterations, else `ismcts:N`.
pub fn write_name(
    f: &mut std::fmt::Formatter<'_>,
    iterations: u32,
    default: u32,
) -> std::fmt::Result {
    write_named(f, "ismcts", iterations, default)
}

/// [`write_name`] for a search player called `player`.
pub fn write_named(
    f: &mut std::fmt::Formatter<'_>,
    player: &str,
    iterations: u32,
    default: u32,
) -> std::fmt::Result {
    match iterations == default {
        true => f.write_str(player),
        false => write!(f, "{player}:{iterations}"),
    }
}

/// Re-deals the world for the viewer from a seed, as [`Sim::determinize`] does (which is
/// used when a search is given none): a search's own inference.
pub type Determinize<G> = fn(&mut Sim<G>, crate::kernel::Seat, u64);

/// ISMCTS. Reuse one for many searches: its tables keep their capacity.
pub struct Ismcts<G: Game> {
    uct_c: f64,
    evaluator: Box<dyn Evaluator<G>>,
    candidates: Option<Candidates<G>>,
    determinize: Option<Determinize<G>>,
    paired_root: bool,
    /// The root edge the current iteration must take (paired root).
    forced_root: Option<u32>,
    /// An anchored root's threshold, in standard errors (see [`Ismcts::with_anchored_root`]).
    anchor_z: Option<f64>,
    /// The paired gains over the root's first action (see [`Gains`]).
    gains: Gains,
    /// The actions of the decision being descended through.
    actions: Vec<G::Action>,
    index: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    nodes: Vec<InfoNode>,
    edges: Vec<Edge<G::Action>>,
    /// (node, edge, seat to move) per step of the current iteration.
    path: Vec<(u32, u32, u8)>,
    root: Option<Snapshot>,
    returns: Vec<f64>,
    limits: super::Limits,
}

impl<G: Game> Ismcts<G> {
    /// ISMCTS with exploration constant `uct_c`, leaves valued by `evaluator`.
    pub fn new(uct_c: f64, evaluator: impl Evaluator<G> + 'static) -> Self {
        Ismcts {
            uct_c,
            evaluator: Box::new(evaluator),
            candidates: None,
            determinize: None,
            paired_root: false,
            forced_root: None,
            anchor_z: None,
            gains: Gains::default(),
            actions: Vec::new(),
            index: HashMap::default(),
            nodes: Vec::new(),
            edges: Vec::new(),
            path: Vec::new(),
            root: None,
            returns: Vec::new(),
            limits: super::Limits::default(),
        }
    }

    /// The same search with a cap on its information sets and a monitor (default:
    /// [`Limits::default`](super::Limits)).
    pub fn with_limits(mut self, limits: super::Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Searches only the actions `candidates` keeps at each decision (all legal actions
    /// without it): a prior that prunes moves a player would not consider. A decision with one
    /// candidate is followed without branching.
    pub fn with_candidates(mut self, candidates: Candidates<G>) -> Self {
        self.candidates = Some(candidates);
        self
    }

    /// Determinizes each iteration's world with `determinize` instead of [`Sim::determinize`].
    /// It must depend only on the viewer's information and the seed, or the search leaks.
    pub fn with_determinize(mut self, determinize: Determinize<G>) -> Self {
        self.determinize = Some(determinize);
        self
    }

    /// Shares each determinized world among the root's actions (common random numbers):
    /// iterations come in groups of one per root action (its candidates), each group searching
    /// one world and taking every root action once, in order; deeper decisions choose by UCB1
    /// as usual. The root's values then differ by what each action does, not by the worlds
    /// drawn for it. A search runs whole groups: `simulations` rounded up to a multiple of the
    /// root's actions.
    pub fn with_paired_root(mut self) -> Self {
        self.paired_root = true;
        self
    }

    /// A paired root ([`with_paired_root`](Self::with_paired_root)) whose first action (the
    /// first candidate) is the default: the search plays another root action only when its
    /// mean gain over the first, paired world by world, exceeds `z` standard errors (the
    /// largest such gain wins). A prior's choice is then kept where the worlds cannot tell the
    /// actions apart, instead of a pick among near-equal values by noise. The threshold
    /// applies to each alternative separately, as a normal test: with few worlds (fewer than
    /// about 20) or many alternatives, noise overrides the anchor more often than `z` says.
    /// A paired search runs whole worlds: `simulations` rounded up to a multiple of the root's
    /// actions, world `w` from `(seed, w)`. (A root-parallel search merges visits and values
    /// only: it does not keep the anchor.)
    pub fn with_anchored_root(mut self, z: f64) -> Self {
        self.paired_root = true;
        self.anchor_z = Some(z);
        self
    }

    /// Runs `simulations` iterations for the player to move (at most `u32::MAX`, fewer if the
    /// [monitor](super::Monitor) stops it: the result counts those run); iteration `i` searches
    /// the world [`Sim::determinize`]d for that player from `(seed, i)`. Everything it computes depends
    /// only on that player's information state. The `Sim` is restored.
    pub fn search(
        &mut self,
        sim: &mut Sim<G>,
        simulations: u64,
        seed: u64,
    ) -> Result<SearchResult<G::Action>, SearchError> {
        sim.unrecorded(|sim| {
            seats(sim)?;
            let viewer = mover(sim)?;
            self.index.clear();
            self.nodes.clear();
            self.edges.clear();
            save(sim, &mut self.root);
            let root_key = sim.info_key(viewer);
            let group = match self.paired_root {
                true => self.root_actions(sim).max(1) as u64,
                false => 1,
            };
            let total = (super::Limits::simulations(simulations).div_ceil(group) * group)
                .min(u64::from(u32::MAX) / group * group);
            self.gains.reset(group as usize);
            let mut done = 0;
            while done < total {
                load(sim, &self.root)?;
                let world = sub_seed(seed, done / group);
                match self.determinize {
                    Some(determinize) => determinize(sim, viewer, world),
                    None => sim.determinize(viewer, world),
                }
                self.forced_root = self.paired_root.then_some((done % group) as u32);
                done += 1;
                let values = self.descend(sim);
                let values = or_restore(sim, &self.root, values)?;
                if let Some(edge) = self.forced_root {
                    self.gains
                        .record(edge as usize, values[usize::from(viewer.0)]);
                }
                for &(node, edge, seat) in &self.path {
                    self.nodes[node as usize].visits += 1;
                    let edge = &mut self.edges[edge as usize];
                    edge.visits += 1;
                    edge.total += values[usize::from(seat)];
                }
                if !self.limits.go_on(done) {
                    break;
                }
            }
            self.limits.finish(done);
            load(sim, &self.root)?;
            let stats = match self.index.get(&root_key) {
                Some(&root) => {
                    let node = self.nodes[root as usize];
                    let range = node.first_edge as usize..(node.first_edge + node.edges) as usize;
                    self.edges[range]
                        .iter()
                        .map(|e| ActionStats {
                            action: e.action,
                            visits: u64::from(e.visits),
                            value: e.total / f64::from(e.visits.max(1)),
                        })
                        .collect()
                }
                None => Vec::new(),
            };
            // The root's edges come from the first world: a leaking prior could list others.
            if self.anchor_z.is_some() && stats.len() != self.gains.sums.len() {
                return Err(SearchError::InconsistentActions);
            }
            let anchored = self.anchor_z.and_then(|z| self.gains.best(z));
            let mut result = SearchResult::from_stats(stats, done).ok_or(SearchError::GameOver)?;
            if self.anchor_z.is_some()
                && let Some(chosen) = result.stats.get(anchored.unwrap_or(0))
            {
                (result.action, result.value) = (chosen.action, chosen.value);
            }
            Ok(result)
        })
    }

    fn descend(&mut self, sim: &mut Sim<G>) -> Result<Values, SearchError> {
        self.path.clear();
        loop {
            // One read of the pending decision for both questions.
            let seat = match sim.turn() {
                Turn::Terminal => return Ok(terminal_values(sim, &mut self.returns)),
                Turn::Player(seat) => seat,
            };
            let key = sim.info_key(seat);
            if self.root_actions(sim) == 0 {
                return Err(SearchError::NoChoices { seat });
            }
            let node = match self.index.get(&key) {
                Some(&node) => node,
                None if self.path.is_empty() => self.add_node(key),
                None => {
                    // A new leaf, counted on the way back without an edge; past the cap it
                    // is valued without a node.
                    if self.nodes.len() < self.limits.max_nodes {
                        let node = self.add_node(key);
                        self.nodes[node as usize].visits += 1;
                    }
                    let mut values = [0.0; super::MAX_SEATS];
                    self.evaluator.evaluate(sim, &mut values)?;
                    return Ok(values);
                }
            };
            let forced = self.forced_root.filter(|_| self.path.is_empty());
            let edge = self.select(node, forced)?;
            let action = self.edges[edge as usize].action;
            self.path.push((node, edge, seat.0));
            sim.apply(action)?;
        }
    }

    /// Sets `actions` to the actions searched at `sim`'s decision (the candidates, else every
    /// legal action); returns how many.
    fn root_actions(&mut self, sim: &Sim<G>) -> usize {
        self.actions.clear();
        match self.candidates {
            Some(candidates) => candidates(sim, &mut self.actions),
            None => self.actions.extend_from_slice(sim.legal_actions()),
        }
        if self.actions.is_empty() {
            self.actions.extend_from_slice(sim.legal_actions());
        }
        self.actions.len()
    }

    /// A node for information set `key` with an edge per action of the decision.
    fn add_node(&mut self, key: u64) -> u32 {
        let index = self.nodes.len() as u32;
        let first_edge = self.edges.len() as u32;
        self.edges.extend(self.actions.iter().map(|&action| Edge {
            action,
            visits: 0,
            total: 0.0,
        }));
        self.nodes.push(InfoNode {
            visits: 0,
            first_edge,
            edges: self.edges.len() as u32 - first_edge,
        });
        self.index.insert(key, index);
        index
    }

    /// The edge maximising UCB1 (unvisited first, in candidate order), or the `forced` one;
    /// checks that this world's actions (the candidates) are the information set's.
    fn select(&self, node: u32, forced: Option<u32>) -> Result<u32, SearchError> {
        let n = self.nodes[node as usize];
        let range = n.first_edge as usize..(n.first_edge + n.edges) as usize;
        let legal = &self.actions;
        let edges = &self.edges[range.clone()];
        if legal.len() != edges.len() || legal.iter().zip(edges).any(|(a, e)| *a != e.action) {
            return Err(SearchError::InconsistentActions);
        }
        if let Some(i) = forced.filter(|&i| i < n.edges) {
            return Ok(n.first_edge + i);
        }
        let log_parent = f64::from(n.visits.max(1)).ln();
        let (mut best, mut best_score) = (range.start as u32, f64::NEG_INFINITY);
        for (i, e) in edges.iter().enumerate() {
            let i = (range.start + i) as u32;
            if e.visits == 0 {
                return Ok(i);
            }
            let visits = f64::from(e.visits);
            let score = e.total / visits + self.uct_c * (log_parent / visits).sqrt();
            if score > best_score {
                (best, best_score) = (i, score);
            }
        }
        Ok(best)
    }
}
