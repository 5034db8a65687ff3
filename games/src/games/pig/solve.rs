//! Exact play of two-player Pig by value iteration: the optimal policy (each side maximizing
//! its expected return against the other's best) and the best response to a fixed opponent.
//!
//! A position is `(mine, theirs, turn total)` for the side to move. Both tables are solved
//! level by level in descending order of `mine + theirs` (banking only raises it; a bust keeps
//! it), each level iterated until a sweep changes no value by more than [`TOLERANCE`]. The
//! game's move cap (`horizon`) is not part of the position: the values are those of the game
//! without it, which a cap of 1 000 moves changes only for games that long.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::Pig;

/// The largest target the solver takes (its tables hold `2 × target³` values).
pub const MAX_SOLVED_TARGET: u32 = 128;

/// A level is swept until no position's value changes by more than this.
pub const TOLERANCE: f64 = 1e-13;

/// How the side that is not solved for chooses: its probability of rolling at a position
/// `(its score, the solved side's score, turn total)` where it may roll.
pub type RollProbability<'a> = &'a dyn Fn(u32, u32, u32) -> f64;

/// The solved side's values and choices, for the side to move and for the other side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    target: u32,
    faces: u8,
    /// The solved side's expected return (+1 a win, −1 a loss) with it to move at
    /// `(its score, theirs, turn total)`.
    mover: Vec<f64>,
    /// The solved side's expected return with the other side to move at `(the solved side's
    /// score, the other's score, the other's turn total)`.
    waiter: Vec<f64>,
    /// Whether the solved side rolls at `(its score, theirs, turn total)`.
    rolls: Vec<bool>,
}

/// Why Pig cannot be solved for a configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The solver plays two-player Pig only.
    #[error("exact pig play needs 2 players, not {0}")]
    Players(u8),
    /// The target is above [`MAX_SOLVED_TARGET`] (or zero).
    #[error("exact pig play needs a target from 1 to {MAX_SOLVED_TARGET}, not {0}")]
    Target(u32),
    /// A die with fewer than two faces never lets a turn end but by a bust.
    #[error("exact pig play needs a die of at least 2 faces, not {0}")]
    Faces(u8),
}

impl Solution {
    /// The optimal policy: both sides maximize their own expected return.
    pub fn optimal(pig: &Pig) -> Result<Solution, SolveError> {
        solve(pig, None)
    }

    /// The best response to an opponent that rolls with `opponent(its score, ours, turn
    /// total)`'s probability wherever it may roll (and stops where it must).
    pub fn best_response(pig: &Pig, opponent: RollProbability<'_>) -> Result<Solution, SolveError> {
        solve(pig, Some(opponent))
    }

    /// The solved side's expected return when it moves first from the start.
    pub fn first_mover_value(&self) -> f64 {
        self.mover[0]
    }

    /// The solved side's expected return when the other side moves first from the start.
    pub fn second_mover_value(&self) -> f64 {
        self.waiter[0]
    }

    /// Whether the solved side rolls with `mine` banked, `theirs` banked by the other side and
    /// `turn_total` at stake; `None` outside the game (scores or totals at the target or above).
    pub fn rolls(&self, mine: u32, theirs: u32, turn_total: u32) -> Option<bool> {
        let inside = mine.saturating_add(turn_total) < self.target && theirs < self.target;
        inside.then(|| self.rolls[self.index(mine, theirs, turn_total)])
    }

    /// The target score and die faces it was solved for.
    pub fn solved_for(&self) -> (u32, u8) {
        (self.target, self.faces)
    }

    fn index(&self, mine: u32, theirs: u32, turn_total: u32) -> usize {
        let w = self.target as usize;
        (mine as usize * w + theirs as usize) * w + turn_total as usize
    }
}

/// The solution shared by every player named `key` for `pig` in this process: solved once
/// (other keys are solved meanwhile; the same key waits for it), after `pig` is checked.
pub fn shared(
    pig: &Pig,
    key: &str,
    make: impl FnOnce() -> Result<Solution, SolveError>,
) -> Result<Arc<Solution>, SolveError> {
    type Slot = Arc<Mutex<Option<Arc<Solution>>>>;
    type Cache = Mutex<HashMap<(u32, u8, String), Slot>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    check(pig)?;
    let slot = {
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let id = (pig.win_score, pig.faces, key.to_string());
        Arc::clone(cache.entry(id).or_default())
    };
    let mut solution = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(solved) = solution.as_ref() {
        return Ok(Arc::clone(solved));
    }
    let solved = Arc::new(make()?);
    *solution = Some(Arc::clone(&solved));
    Ok(solved)
}

/// Whether `pig` is a configuration the solver takes.
fn check(pig: &Pig) -> Result<(), SolveError> {
    if pig.players != 2 {
        return Err(SolveError::Players(pig.players));
    }
    if !(1..=MAX_SOLVED_TARGET).contains(&pig.win_score) {
        return Err(SolveError::Target(pig.win_score));
    }
    if pig.faces < 2 {
        return Err(SolveError::Faces(pig.faces));
    }
    Ok(())
}

fn solve(pig: &Pig, opponent: Option<RollProbability<'_>>) -> Result<Solution, SolveError> {
    check(pig)?;
    let size = (pig.win_score as usize).pow(3);
    let mut solution = Solution {
        target: pig.win_score,
        faces: pig.faces,
        mover: vec![0.0; size],
        waiter: vec![0.0; size],
        rolls: vec![false; size],
    };
    let w = pig.win_score;
    for level in (0..=2 * (w - 1)).rev() {
        let pairs: Vec<(u32, u32)> = (level.saturating_sub(w - 1)..=level.min(w - 1))
            .map(|mine| (mine, level - mine))
            .collect();
        while sweep(&mut solution, &pairs, opponent) > TOLERANCE {}
    }
    Ok(solution)
}

/// One Gauss–Seidel pass over the positions of `pairs` (every turn total, higher first);
/// returns the largest change.
fn sweep(s: &mut Solution, pairs: &[(u32, u32)], opponent: Option<RollProbability<'_>>) -> f64 {
    let (w, faces) = (s.target, u32::from(s.faces));
    let chance = 1.0 / f64::from(faces);
    let mut change: f64 = 0.0;
    for &(mine, theirs) in pairs {
        for total in (0..w - mine).rev() {
            let i = s.index(mine, theirs, total);
            let rolled = (2..=faces).map(|f| match mine + total + f >= w {
                true => 1.0,
                false => s.mover[i + f as usize],
            });
            let roll = chance * (s.waiter[s.index(mine, theirs, 0)] + rolled.sum::<f64>());
            let stop = s.waiter[s.index(mine + total, theirs, 0)];
            let value = roll.max(stop);
            change = change.max((value - s.mover[i]).abs());
            (s.mover[i], s.rolls[i]) = (value, roll > stop);
        }
        for total in (0..w - theirs).rev() {
            let i = s.index(mine, theirs, total);
            let rolled = (2..=faces).map(|f| match theirs + total + f >= w {
                true => -1.0,
                false => s.waiter[i + f as usize],
            });
            let roll = chance * (s.mover[s.index(mine, theirs, 0)] + rolled.sum::<f64>());
            let stop = match theirs + total {
                banked if banked >= w => -1.0,
                banked => s.mover[s.index(mine, banked, 0)],
            };
            let value = match opponent {
                None => roll.min(stop),
                Some(p) => {
                    let p = p(theirs, mine, total);
                    p * roll + (1.0 - p) * stop
                }
            };
            change = change.max((value - s.waiter[i]).abs());
            s.waiter[i] = value;
        }
    }
    change
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pig(target: u32, faces: u8) -> Pig {
        Pig {
            win_score: target,
            faces,
            ..Pig::default()
        }
    }

    #[test]
    fn a_two_faced_race_to_two_is_worth_a_third_to_the_first_roller() {
        // Rolling: a 1 (½) hands the same position to the other side (−x), a 2 (½) wins.
        // x = (1 − x) / 2 gives x = 1/3; stopping at 0 would be worth −x.
        let solution = Solution::optimal(&pig(2, 2)).unwrap();
        assert!((solution.first_mover_value() - 1.0 / 3.0).abs() < 1e-12);
        assert!((solution.second_mover_value() + 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(solution.rolls(0, 0, 0), Some(true));
        assert_eq!(solution.rolls(0, 0, 2), None);
    }

    #[test]
    fn optimal_pig_to_100_matches_neller_and_presser() {
        // Neller & Presser (2004): the first player wins 53.06 % of optimal games to 100.
        let solution = Solution::optimal(&Pig::default()).unwrap();
        let first = (1.0 + solution.first_mover_value()) / 2.0;
        assert!((first - 0.5306).abs() < 5e-5, "{first}");
        assert!((solution.first_mover_value() + solution.second_mover_value()).abs() < 1e-9);
        // With both at 0, optimal play rolls at a turn total of 20 and stops at 25.
        assert_eq!(solution.rolls(0, 0, 20), Some(true));
        assert_eq!(solution.rolls(0, 0, 25), Some(false));
    }

    #[test]
    fn the_best_response_to_the_optimal_policy_gains_nothing() {
        let game = pig(30, 6);
        let optimal = Solution::optimal(&game).unwrap();
        let plays = |theirs: u32, mine: u32, total: u32| match optimal.rolls(theirs, mine, total) {
            Some(true) => 1.0,
            _ => 0.0,
        };
        let response = Solution::best_response(&game, &plays).unwrap();
        let diff = response.first_mover_value() - optimal.first_mover_value();
        assert!(diff.abs() < 1e-9, "{diff}");
    }

    #[test]
    fn against_a_side_that_never_rolls_the_best_response_always_wins() {
        // The other side banks nothing, ever: rolling until the target is reached cannot lose.
        let response = Solution::best_response(&pig(30, 6), &|_, _, _| 0.0).unwrap();
        assert!((response.first_mover_value() - 1.0).abs() < 1e-9);
        assert!((response.second_mover_value() - 1.0).abs() < 1e-9);
        assert_eq!(response.rolls(29, 0, 0), Some(true));
    }

    #[test]
    fn configurations_it_cannot_solve_are_refused() {
        let three = Pig {
            players: 3,
            ..Pig::default()
        };
        assert_eq!(Solution::optimal(&three), Err(SolveError::Players(3)));
        assert_eq!(
            Solution::optimal(&pig(129, 6)),
            Err(SolveError::Target(129))
        );
        assert_eq!(Solution::optimal(&pig(10, 1)), Err(SolveError::Faces(1)));
    }
}
