//! Duel players: uniformly random legal moves, a greedy one-move lookahead, and a determinized
//! expectimax (Monte Carlo over the hidden cards, pile order and opponent dice; exact
//! expectimax over the case generators of each world) built on [`alea::search`].

use rand_chacha::ChaCha8Rng;

use super::pieces::{self, PieceKind};
use super::{Duel, DuelAction, board, zones};
use alea::chance::{Purpose, derive_stream, sub_seed};
use alea::kernel::playout::random_action;
use alea::kernel::{Rules, Seat, Sim, Turn};
use alea::search::{Expectimax, Heuristic, Policy, SearchError, Values};

/// A kind of player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// A uniformly random legal action.
    Random,
    /// The action whose immediate result the [`evaluate`] heuristic likes best.
    Greedy,
    /// Determinized expectimax: the mean over sampled worlds of an exact expectimax.
    Expectimax,
}

impl std::str::FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            "expectimax" => Ok(PlayerKind::Expectimax),
            other => Err(format!(
                "unknown player {other:?} (random, greedy, expectimax)"
            )),
        }
    }
}

/// The heuristic value of a side: living characters, hit points, shields, energy, summons,
/// dice and cards in hand.
fn side_value(rules: &Rules<Duel>, world: &bevy_ecs::world::World, seat: Seat) -> f64 {
    let mut v = 0.0;
    for f in board::fighters(rules, world, seat)
        .iter()
        .filter(|f| f.alive)
    {
        v += 4.0 + f64::from(f.hp) + 0.6 * f64::from(f.energy);
    }
    for (_, piece) in pieces::in_play(rules, world, seat) {
        v += match piece.kind {
            PieceKind::Shield => 0.8 * f64::from(piece.value),
            PieceKind::Summon => 0.8 * f64::from(piece.usages),
            _ => 0.0,
        };
    }
    v += 0.3 * zones::dice_count(world, seat) as f64;
    v += 0.2 * zones::count(world, seat, alea::kernel::Zone::Hand(seat)) as f64;
    v
}

/// `seat`'s heuristic value of the position, in (-1, 1) (±1 once decided).
pub fn evaluate(sim: &Sim<Duel>, seat: Seat) -> f64 {
    let st = sim.state();
    if let Some(w) = st.winner {
        return if w == seat { 1.0 } else { -1.0 };
    }
    let world = sim.world();
    let rules = sim.rules();
    let d = side_value(rules, world, seat) - side_value(rules, world, seat.next(2));
    (d / 60.0).clamp(-0.99, 0.99)
}

/// The evaluator search uses: [`evaluate`] for seat 0, its negation for seat 1.
pub fn heuristic() -> Heuristic<impl FnMut(&Sim<Duel>, &mut Values) + Send> {
    Heuristic(|sim: &Sim<Duel>, out: &mut Values| {
        let v = evaluate(sim, Seat(0));
        out[0] = v;
        out[1] = -v;
    })
}

/// A player: its kind, its own random stream, and its search buffers.
pub struct Player {
    kind: PlayerKind,
    rng: ChaCha8Rng,
    seed: u64,
    calls: u64,
    /// Worlds sampled per decision (expectimax).
    pub worlds: u32,
    /// Moves searched (expectimax).
    pub depth: u32,
    search: Option<Expectimax<Duel>>,
}

impl Player {
    /// A player of `kind` whose choices are drawn from `seed` (4 worlds, depth 2).
    pub fn new(kind: PlayerKind, seed: u64) -> Self {
        Player {
            kind,
            rng: derive_stream(seed, Purpose::Ai.key(), 7),
            seed,
            calls: 0,
            worlds: 4,
            depth: 2,
            search: None,
        }
    }

    /// The player's kind.
    pub fn kind(&self) -> PlayerKind {
        self.kind
    }

    /// Chooses an action for the seat to move. The `Sim` is left as it was.
    pub fn choose(&mut self, sim: &mut Sim<Duel>) -> Result<DuelAction, SearchError> {
        let Turn::Player(seat) = sim.turn() else {
            return Err(SearchError::GameOver);
        };
        self.calls += 1;
        let seed = sub_seed(self.seed, self.calls);
        let choices = sim.legal_actions().to_vec();
        if choices.len() == 1 {
            return Ok(choices[0]);
        }
        match self.kind {
            PlayerKind::Random => random_action(sim, &mut self.rng).ok_or(SearchError::GameOver),
            PlayerKind::Greedy => {
                let root = sim.snapshot();
                let mut best = (f64::NEG_INFINITY, choices[0]);
                for &action in &choices {
                    // Chance inside the action is the player's guess, not the real future.
                    sim.reseed(seed);
                    sim.apply(action)?;
                    let v = evaluate(sim, seat);
                    sim.restore(&root)?;
                    if v > best.0 {
                        best = (v, action);
                    }
                }
                Ok(best.1)
            }
            PlayerKind::Expectimax => self.expectimax(sim, seat, &choices, seed),
        }
    }

    fn expectimax(
        &mut self,
        sim: &mut Sim<Duel>,
        seat: Seat,
        choices: &[DuelAction],
        seed: u64,
    ) -> Result<DuelAction, SearchError> {
        let depth = self.depth.max(1);
        let search = self
            .search
            .get_or_insert_with(|| Expectimax::new(depth, heuristic()));
        let root = sim.snapshot();
        let mut totals = vec![0.0; choices.len()];
        for w in 0..self.worlds.max(1) {
            let world_seed = sub_seed(seed, u64::from(w));
            sim.determinize(seat, world_seed);
            let result = search.search(sim, world_seed);
            sim.restore(&root)?;
            let result = result?;
            for stat in &result.stats {
                if let Some(i) = choices.iter().position(|&c| c == stat.action) {
                    totals[i] += stat.value;
                }
            }
        }
        let best = totals
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| a.total_cmp(b).then(j.cmp(i)))
            .map_or(0, |(i, _)| i);
        Ok(choices[best])
    }
}

impl Policy<Duel> for Player {
    fn act(&mut self, sim: &mut Sim<Duel>) -> Result<DuelAction, SearchError> {
        self.choose(sim)
    }
}
