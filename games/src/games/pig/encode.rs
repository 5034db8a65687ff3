//! Pig as numbers ([`Encode`]): roll is 0, stop is 1 (OpenSpiel's ids).

use super::{Pig, PigAction};
use alea::encode::{Bounds, Encode, Part, parts};
use alea::kernel::{Seat, Sim, SimError, Turn};
use alea::search::{Policy, RandomPolicy, UnknownPlayer};
use alea::snapshot::Snapshot;

impl Encode for Pig {
    fn observation_layout(&self) -> Vec<Part> {
        let n = usize::from(self.players);
        parts([
            (
                n,
                "each seat's banked score / the target, from the viewer on",
            ),
            (1, "the turn total / the target"),
            (n, "the seat to move, one hot, from the viewer on"),
        ])
    }

    fn action_layout(&self) -> Vec<Part> {
        parts([(1, "roll"), (1, "stop")])
    }

    fn num_actions(&self) -> u32 {
        2
    }

    /// `random`, `hold` / `hold:N` ([`Hold`](super::Hold)), or exact play ([`Exact`](super::Exact):
    /// `optimal`, `best-response:NAME`; two players only).
    fn player(&self, name: &str, seed: u64) -> Result<Box<dyn Policy<Pig>>, UnknownPlayer> {
        if let Some(hold) = super::Hold::named(name) {
            return Ok(Box::new(hold));
        }
        if let Some(exact) = super::Exact::named(self, name) {
            let exact =
                exact.map_err(|e| UnknownPlayer(format!("pig player {:?}: {e}", name.trim())))?;
            return Ok(Box::new(exact));
        }
        match name.trim() {
            "random" => Ok(Box::new(RandomPolicy::new(seed))),
            other => Err(UnknownPlayer(format!(
                "unknown pig player {other:?}: expected random, hold, hold:N (N > 0: the \
                 turn total it banks at), optimal or best-response:NAME (NAME one of random, \
                 hold, hold:N, optimal)"
            ))),
        }
    }

    fn action_id(&self, action: &PigAction) -> u32 {
        match action {
            PigAction::Roll => 0,
            PigAction::Stop => 1,
        }
    }

    /// Per seat from the viewer on, its banked score; the turn total; the seat to move, one
    /// hot from the viewer on. Scores are fractions of the winning score.
    fn observation_shape(&self) -> Vec<usize> {
        vec![2 * usize::from(self.players) + 1]
    }

    fn observation(sim: &Sim<Pig>, seat: Seat, out: &mut [f32]) {
        let pig = &sim.rules().game;
        let (n, target) = (usize::from(pig.players), pig.win_score.max(1) as f32);
        let state = sim.state();
        for (k, score) in out[..n].iter_mut().enumerate() {
            *score = state.banked[(seat.index() + k) % n] as f32 / target;
        }
        out[n] = state.turn_total as f32 / target;
        if let Turn::Player(mover) = sim.turn() {
            out[n + 1 + (mover.index() + n - seat.index()) % n] = 1.0;
        }
    }

    /// Pig's setup draws nothing: a new game is the start with its streams seeded.
    fn restart(sim: &mut Sim<Pig>, start: &Snapshot, seed: u64) -> Result<bool, SimError> {
        sim.restore(start)?;
        sim.reseed(seed);
        Ok(true)
    }

    /// The horizon ended the game: nobody reached the target.
    fn truncated(sim: &Sim<Pig>) -> bool {
        sim.is_terminal() && sim.state().winner.is_none()
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            min_utility: -1.0,
            max_utility: 1.0,
            zero_sum: true,
            max_chance_outcomes: u32::from(self.faces),
            max_game_length: self.horizon,
        }
    }

    /// "rolls a 5" (outcome `k` is face `k + 1`, as in OpenSpiel's `pig`).
    fn outcome_string(_: &Sim<Pig>, record: &alea::chance::ChanceRecord) -> String {
        format!("rolls a {}", record.case + 1)
    }

    fn describe(sim: &Sim<Pig>) -> String {
        let pig = &sim.rules().game;
        let state = sim.state();
        let scores: Vec<String> = state.banked[..usize::from(pig.players)]
            .iter()
            .map(u32::to_string)
            .collect();
        let mover = match sim.turn() {
            Turn::Player(seat) => format!("{seat} to move"),
            Turn::Terminal => "over".to_string(),
        };
        format!(
            "pig to {}: scores {}, turn total {}, {mover}",
            pig.win_score,
            scores.join(" "),
            state.turn_total
        )
    }
}
