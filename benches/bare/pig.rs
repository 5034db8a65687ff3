//! Pig written by hand: no ECS, no pipeline, no chance records — the same rules, the same
//! streams and the same draws as `alea_games::games::pig` through `Sim`, so a playout or a search
//! here is the same game as there (checked before timing), and the difference in time is the
//! kernel's cost. This is the "physical limit" line of the book's performance page (`docs/src/performance.md`).

use alea::chance::{Purpose, derive_stream, sub_seed};
use alea::kernel::playout::random_player_rng;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// OpenSpiel's default Pig: 2 players, 100 to win, 1000 moves, a six-sided die.
const PLAYERS: usize = 2;
const WIN: u32 = 100;
const HORIZON: u32 = 1000;
const FACES: u32 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Roll,
    Stop,
}

/// The whole game state, and the die's stream.
#[derive(Clone, Debug)]
pub struct Pig {
    pub banked: [u32; PLAYERS],
    pub turn_total: u32,
    pub moves: u32,
    pub active: usize,
    pub winner: Option<usize>,
    dice: ChaCha8Rng,
}

impl Pig {
    /// The start of the game seeded `seed` (the die on `Purpose::Dice`, round 0, as in `Sim`).
    pub fn new(seed: u64) -> Self {
        Pig {
            banked: [0; PLAYERS],
            turn_total: 0,
            moves: 0,
            active: 0,
            winner: None,
            dice: derive_stream(seed, Purpose::Dice.key(), 0),
        }
    }

    /// Back to `start` (the die's stream sought back, as a snapshot restore does).
    pub fn restore(&mut self, start: &Pig) {
        self.banked = start.banked;
        self.turn_total = start.turn_total;
        self.moves = start.moves;
        self.active = start.active;
        self.winner = start.winner;
        self.dice.set_word_pos(start.dice.get_word_pos());
    }

    /// Another future: the die's stream for `seed` (`Sim::reseed`).
    pub fn reseed(&mut self, seed: u64) {
        self.dice = derive_stream(seed, Purpose::Dice.key(), 0);
    }

    pub fn is_terminal(&self) -> bool {
        self.winner.is_some() || self.moves >= HORIZON
    }

    /// The legal actions, in `Sim`'s order.
    pub fn legal(&self) -> &'static [Action] {
        if self.banked[self.active].saturating_add(self.turn_total) >= WIN {
            &[Action::Stop]
        } else {
            &[Action::Roll, Action::Stop]
        }
    }

    /// Applies `action`; returns the die's case when it rolled.
    pub fn apply(&mut self, action: Action) -> Option<u32> {
        self.moves += 1;
        match action {
            Action::Roll => {
                let case = self.dice.random_range(0..FACES);
                if case == 0 {
                    self.turn_total = 0;
                    self.active = (self.active + 1) % PLAYERS;
                } else {
                    self.turn_total += case + 1;
                }
                Some(case)
            }
            Action::Stop => {
                let score = &mut self.banked[self.active];
                *score = score.saturating_add(self.turn_total);
                if *score >= WIN && self.winner.is_none() {
                    self.winner = Some(self.active);
                }
                self.turn_total = 0;
                self.active = (self.active + 1) % PLAYERS;
                None
            }
        }
    }

    /// Each seat's return (winner 1, the others share -1).
    pub fn returns(&self) -> [f64; PLAYERS] {
        let mut out = [0.0; PLAYERS];
        if let Some(winner) = self.winner {
            out = [-1.0 / (PLAYERS as f64 - 1.0); PLAYERS];
            out[winner] = 1.0;
        }
        out
    }

    /// Uniformly random actions to the end (`random_playout`); returns how many.
    pub fn playout(&mut self, rng: &mut ChaCha8Rng) -> u32 {
        let mut actions = 0;
        while !self.is_terminal() {
            let legal = self.legal();
            self.apply(legal[rng.random_range(0..legal.len())]);
            actions += 1;
        }
        actions
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    action: Option<Action>,
    outcome: Option<u32>,
    mover: usize,
    visits: u32,
    total: f64,
    first_child: u32,
    next_sibling: u32,
    expanded: bool,
}

impl Node {
    fn new(action: Option<Action>, outcome: Option<u32>, mover: usize) -> Self {
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

/// UCT with one random rollout per leaf, node for node the algorithm of `alea::search::Mcts`
/// (expand all, unvisited children first, chance children by outcome, iteration `i` reseeded
/// from `(seed, i)`), so the same search gives the same visit counts.
pub struct Mcts {
    uct_c: f64,
    nodes: Vec<Node>,
    path: Vec<u32>,
    rollouts: ChaCha8Rng,
}

impl Mcts {
    /// `rollout_seed` as `RandomRollouts::new(1, rollout_seed)`.
    pub fn new(uct_c: f64, rollout_seed: u64) -> Self {
        Mcts {
            uct_c,
            nodes: Vec::new(),
            path: Vec::new(),
            rollouts: random_player_rng(rollout_seed),
        }
    }

    /// `simulations` iterations from `root`; the root's children as (action, visits).
    pub fn search(&mut self, root: &Pig, simulations: u64, seed: u64) -> Vec<(Action, u32)> {
        self.nodes.clear();
        self.nodes.push(Node::new(None, None, usize::MAX));
        let mut game = root.clone();
        for done in 0..simulations {
            game.restore(root);
            game.reseed(sub_seed(seed, done));
            let values = self.descend(&mut game);
            for &n in &self.path {
                let node = &mut self.nodes[n as usize];
                node.visits += 1;
                if node.mover != usize::MAX {
                    node.total += values[node.mover];
                }
            }
        }
        let mut out = Vec::new();
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            out.extend(node.action.map(|a| (a, node.visits)));
            child = node.next_sibling;
        }
        out
    }

    fn descend(&mut self, game: &mut Pig) -> [f64; PLAYERS] {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        loop {
            if game.is_terminal() {
                return game.returns();
            }
            if node != 0 && self.nodes[node as usize].visits == 0 {
                game.playout(&mut self.rollouts);
                return game.returns();
            }
            if !self.nodes[node as usize].expanded {
                self.expand(game, node);
            }
            let child = self.select(node);
            let action = self.nodes[child as usize].action.expect("an action child");
            let outcome = game.apply(action);
            self.path.push(child);
            node = child;
            if let Some(outcome) = outcome {
                node = self.outcome_child(node, outcome);
                self.path.push(node);
            }
        }
    }

    fn expand(&mut self, game: &Pig, node: u32) {
        let mut previous = NONE;
        for &action in game.legal() {
            let index = self.nodes.len() as u32;
            self.nodes.push(Node::new(Some(action), None, game.active));
            if previous == NONE {
                self.nodes[node as usize].first_child = index;
            } else {
                self.nodes[previous as usize].next_sibling = index;
            }
            previous = index;
        }
        self.nodes[node as usize].expanded = true;
    }

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

    fn outcome_child(&mut self, node: u32, outcome: u32) -> u32 {
        let mut child = self.nodes[node as usize].first_child;
        let mut last = NONE;
        while child != NONE {
            if self.nodes[child as usize].outcome == Some(outcome) {
                return child;
            }
            last = child;
            child = self.nodes[child as usize].next_sibling;
        }
        let mover = self.nodes[node as usize].mover;
        let index = self.nodes.len() as u32;
        self.nodes.push(Node::new(None, Some(outcome), mover));
        if last == NONE {
            self.nodes[node as usize].first_child = index;
        } else {
            self.nodes[last as usize].next_sibling = index;
        }
        index
    }
}
