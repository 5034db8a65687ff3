//! Pig's players besides `random`: [`Hold`], the classic "hold at N" strategy, and [`Exact`]
//! play (the optimal policy, or the best response to another player) from a [`Solution`].

use std::sync::Arc;

use super::solve::{Solution, SolveError, shared};
use super::{Pig, PigAction};
use alea::kernel::{Sim, Turn};
use alea::search::{Policy, SearchError};

/// The turn total at which [`Hold`] stops when none is named (`hold` is `hold:20`).
pub const DEFAULT_HOLD: u32 = 20;

/// Rolls until the turn total reaches `at`, then stops (and stops whenever stopping is all
/// that is legal, i.e. banking would reach the target). Named `hold` or `hold:N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hold {
    /// The turn total at which it stops.
    pub at: u32,
}

impl Hold {
    /// The player named `name` (`hold`, `hold:N` with N > 0), or `None` for another name.
    pub fn named(name: &str) -> Option<Hold> {
        alea::search::named_iterations(name, "hold", DEFAULT_HOLD).map(|at| Hold { at })
    }

    /// Its action where the seat to move has the turn total `turn_total` and `legal` actions.
    pub fn choose(self, turn_total: u32, legal: &[PigAction]) -> Option<PigAction> {
        let roll = turn_total < self.at && legal.contains(&PigAction::Roll);
        match roll {
            true => Some(PigAction::Roll),
            false => legal.contains(&PigAction::Stop).then_some(PigAction::Stop),
        }
    }
}

impl Policy<Pig> for Hold {
    fn act(&mut self, sim: &mut Sim<Pig>) -> Result<PigAction, SearchError> {
        self.choose(sim.state().turn_total, sim.legal_actions())
            .ok_or(SearchError::GameOver)
    }
}

/// Plays from an exact [`Solution`] of two-player Pig. Named `optimal` (the optimal policy) or
/// `best-response:NAME`, the best response to `random`, `hold`, `hold:N` or `optimal`.
#[derive(Clone, Debug)]
pub struct Exact {
    solution: Arc<Solution>,
}

impl Exact {
    /// The player named `name` for `pig` (solved once per process and name, then shared), an
    /// error when `pig` cannot be solved, or `None` for another name.
    pub fn named(pig: &Pig, name: &str) -> Option<Result<Exact, SolveError>> {
        let name = name.trim();
        let solved = match name {
            "optimal" => optimal(pig),
            _ => {
                let against = name.strip_prefix("best-response:")?.trim();
                best_response(pig, against)?
            }
        };
        Some(solved.map(|solution| Exact { solution }))
    }

    /// The solution it plays from.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }
}

fn optimal(pig: &Pig) -> Result<Arc<Solution>, SolveError> {
    shared(pig, "optimal", || Solution::optimal(pig))
}

/// The best response to the player named `against`, or `None` for a name it cannot model.
fn best_response(pig: &Pig, against: &str) -> Option<Result<Arc<Solution>, SolveError>> {
    let key = |canonical: &str| format!("best-response:{canonical}");
    if against == "random" {
        return Some(shared(pig, &key("random"), || {
            Solution::best_response(pig, &|_, _, _| 0.5)
        }));
    }
    if against == "optimal" {
        return Some(optimal(pig).and_then(|optimal| {
            shared(pig, &key("optimal"), || {
                let rolls = |theirs, mine, total| {
                    f64::from(optimal.rolls(theirs, mine, total) == Some(true))
                };
                Solution::best_response(pig, &rolls)
            })
        }));
    }
    let hold = Hold::named(against)?;
    Some(shared(pig, &key(&format!("hold:{}", hold.at)), || {
        Solution::best_response(pig, &|_, _, total| f64::from(total < hold.at))
    }))
}

impl Policy<Pig> for Exact {
    fn act(&mut self, sim: &mut Sim<Pig>) -> Result<PigAction, SearchError> {
        let Turn::Player(seat) = sim.turn() else {
            return Err(SearchError::GameOver);
        };
        let state = sim.state();
        let (mine, theirs) = (state.banked[seat.index()], state.banked[1 - seat.index()]);
        let rolls = self.solution.rolls(mine, theirs, state.turn_total) == Some(true);
        let action = if rolls {
            PigAction::Roll
        } else {
            PigAction::Stop
        };
        match sim.legal_actions().contains(&action) {
            true => Ok(action),
            false => Ok(PigAction::Stop),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_cached_for_two_players_is_not_handed_to_three() {
        let two = Pig {
            win_score: 30,
            ..Pig::default()
        };
        let three = Pig {
            players: 3,
            ..two.clone()
        };
        assert!(matches!(Exact::named(&two, "optimal"), Some(Ok(_))));
        assert!(matches!(
            Exact::named(&three, "optimal"),
            Some(Err(SolveError::Players(3)))
        ));
        assert!(Exact::named(&two, "best-response:wizard").is_none());
    }

    #[test]
    fn hold_is_named_with_its_total_and_rolls_below_it() {
        assert_eq!(Hold::named("hold"), Some(Hold { at: DEFAULT_HOLD }));
        assert_eq!(Hold::named(" hold:25 "), Some(Hold { at: 25 }));
        assert_eq!(Hold::named("hold:0"), None);
        assert_eq!(Hold::named("holder"), None);
        let both = [PigAction::Roll, PigAction::Stop];
        let hold = Hold { at: 20 };
        assert_eq!(hold.choose(19, &both), Some(PigAction::Roll));
        assert_eq!(hold.choose(20, &both), Some(PigAction::Stop));
        // Banking would reach the target: stopping is all there is.
        assert_eq!(hold.choose(3, &[PigAction::Stop]), Some(PigAction::Stop));
        assert_eq!(hold.choose(3, &[]), None);
    }
}
