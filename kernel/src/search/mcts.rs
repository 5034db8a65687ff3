//! Monte Carlo tree search with UCT for perfect-information games (OpenSpiel's `MCTSBot`
//! without solving): select by UCB1, expand every legal action at once, evaluate the new leaf,
//! back the returns up. An action that meets a chance point is a chance node: its children are
//! the outcomes seen so far, reached by sampling.

use super::{
    ActionStats, Evaluator, SearchError, SearchResult, Values, load, mover, or_restore, outcome_of,
    save, seats, terminal_values,
};
use crate::chance::sub_seed;
use crate::kernel::step::Pick;
use crate::kernel::{Game, Sim, Turn};
use crate::snapshot::Snapshot;

const NONE: u32 = u32::MAX;

/// A tree node: the position after `action` (and, under a chance node, after `outcome`).
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    action: Option<A>,
    outcome: Option<u64>,
    /// The seat that chose `action` (its returns are this node's rewards).
    mover: u8,
    visits: u32,
    total: f64,
    first_child: u32,
    next_sibling: u32,
    expanded: bool,
}

impl<A> Node<A> {
    fn new(action: Option<A>, outcome: Option<u64>, mover: u8) -> Self {
        Node {
            action,
            outcome,
            mover,
            visits: 0,
            total: 0.0,
            first_child: NONE,
            next_sibling: NONE,
            expanded: false,
        }
    }
}

/// UCT search. Reuse one for many searches: its arena keeps its capacity.
pub struct Mcts<G: Game> {
    uct_c: f64,
    evaluator: Box<dyn Evaluator<G>>,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    root: Option<Snapshot>,
    returns: Vec<f64>,
    limits: super::Limits,
}

impl<G: Game> Mcts<G> {
    /// UCT with exploration constant `uct_c` (OpenSpiel's default is 2), leaves valued by
    /// `evaluator`.
    pub fn new(uct_c: f64, evaluator: impl Evaluator<G> + 'static) -> Self {
        Mcts {
            uct_c,
            evaluator: Box::new(evaluator),
            nodes: Vec::new(),
            path: Vec::new(),
            root: None,
            returns: Vec::new(),
            limits: super::Limits::default(),
        }
    }

    /// The same search with a tree cap and a monitor (default: [`Limits::default`](super::Limits)).
    pub fn with_limits(mut self, limits: super::Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Runs `simulations` iterations from the current position (at most `u32::MAX`, fewer if
    /// the [monitor](super::Monitor) stops it: the result counts those run); iteration `i`
    /// re-seeds the streams from `(seed, i)`. The `Sim` is restored.
    pub fn search(
        &mut self,
        sim: &mut Sim<G>,
        simulations: u64,
        seed: u64,
    ) -> Result<SearchResult<G::Action>, SearchError> {
        sim.unrecorded(|sim| {
            seats(sim)?;
            mover(sim)?;
            self.nodes.clear();
            self.nodes.push(Node::new(None, None, u8::MAX));
            save(sim, &mut self.root);
            let mut done = 0;
            while done < super::Limits::simulations(simulations) {
                load(sim, &self.root)?;
                sim.reseed(sub_seed(seed, done));
                done += 1;
                let values = self.descend(sim);
                let values = or_restore(sim, &self.root, values)?;
                for &n in &self.path {
                    let node = &mut self.nodes[n as usize];
                    node.visits += 1;
                    if node.mover != u8::MAX {
                        node.total += values[usize::from(node.mover)];
                    }
                }
                if !self.limits.go_on(done) {
                    break;
                }
            }
            self.limits.finish(done);
            load(sim, &self.root)?;
            let mut stats = Vec::new();
            let mut child = self.nodes[0].first_child;
            while child != NONE {
                let node = &self.nodes[child as usize];
                if let Some(action) = node.action {
                    stats.push(ActionStats {
                        action,
                        visits: u64::from(node.visits),
                        value: node.total / f64::from(node.visits.max(1)),
                    });
                }
                child = node.next_sibling;
            }
            SearchResult::from_stats(stats, done).ok_or(SearchError::GameOver)
        })
    }

    /// Values the leaf the iteration reached (a node not expanded).
    fn leaf(&mut self, sim: &mut Sim<G>) -> Result<Values, SearchError> {
        let mut values = [0.0; super::MAX_SEATS];
        self.evaluator.evaluate(sim, &mut values)?;
        Ok(values)
    }

    /// True when the tree is at its cap: a new leaf is valued without being added.
    fn full(&self, adding: usize) -> bool {
        self.nodes.len() + adding > self.limits.max_nodes
    }

    /// Selection, expansion and evaluation of one iteration; fills `path`. The walk down the
    /// tree is one play call, its steps reading the pending decision and the chance points
    /// the previous action met (no action or query pays for a world lookup of its own).
    fn descend(&mut self, sim: &mut Sim<G>) -> Result<Values, SearchError> {
        self.path.clear();
        self.path.push(0);
        let (mut node, mut moved, mut terminal) = (0u32, false, false);
        let mut no_choices = None;
        sim.play_reading_chance(|decision, chance| {
            if moved && let Some(outcome) = outcome_of(chance) {
                node = self.outcome_child(node, outcome)?;
                self.path.push(node);
            }
            moved = true;
            let Turn::Player(seat) = decision.turn else {
                terminal = true;
                return None;
            };
            if decision.choices.is_empty() {
                no_choices = Some(seat);
                return None;
            }
            if node != 0 && self.nodes[node as usize].visits == 0 {
                return None;
            }
            if !self.nodes[node as usize].expanded {
                if node != 0 && self.full(decision.choices.len()) {
                    return None;
                }
                self.expand(node, seat.0, &decision.choices);
            }
            node = self.select(node);
            self.path.push(node);
            let action = self.nodes[node as usize].action;
            Some(Pick::Action(
                action.expect("action children carry their action"),
            ))
        })?;
        if let Some(seat) = no_choices {
            return Err(SearchError::NoChoices { seat });
        }
        match terminal {
            true => Ok(terminal_values(sim, &mut self.returns)),
            false => self.leaf(sim),
        }
    }

    /// Adds a child of `node` for each of `seat`'s `choices`.
    fn expand(&mut self, node: u32, seat: u8, choices: &[G::Action]) {
        let mut previous = NONE;
        for &action in choices {
            let index = self.nodes.len() as u32;
            self.nodes.push(Node::new(Some(action), None, seat));
            if previous == NONE {
                self.nodes[node as usize].first_child = index;
            } else {
                self.nodes[previous as usize].next_sibling = index;
            }
            previous = index;
        }
        self.nodes[node as usize].expanded = true;
    }

    /// The child maximising UCB1; unvisited children first, in legal order.
    fn select(&self, node: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let log_parent = f64::from(parent.visits.max(1)).ln();
        let (mut best, mut best_score) = (NONE, f64::NEG_INFINITY);
        let mut child = parent.first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            if c.visits == 0 {
                return child;
            }
            let visits = f64::from(c.visits);
            let score = c.total / visits + self.uct_c * (log_parent / visits).sqrt();
            if score > best_score {
                (best, best_score) = (child, score);
            }
            child = c.next_sibling;
        }
        best
    }

    /// The child of chance node `node` for `outcome`, created on first sight (`None` when
    /// the tree is full).
    fn outcome_child(&mut self, node: u32, outcome: u64) -> Option<u32> {
        let mut child = self.nodes[node as usize].first_child;
        let mut last = NONE;
        while child != NONE {
            if self.nodes[child as usize].outcome == Some(outcome) {
                return Some(child);
            }
            last = child;
            child = self.nodes[child as usize].next_sibling;
        }
        if self.full(1) {
            return None;
        }
        let mover = self.nodes[node as usize].mover;
        let index = self.nodes.len() as u32;
        self.nodes.push(Node::new(None, Some(outcome), mover));
        if last == NONE {
            self.nodes[node as usize].first_child = index;
        } else {
            self.nodes[last as usize].next_sibling = index;
        }
        Some(index)
    }
}
