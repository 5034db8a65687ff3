//! Pig's players besides `random`: [`Hold`], the classic "hold at N" strategy.

use super::{Pig, PigAction};
use alea::kernel::Sim;
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

#[cfg(test)]
mod tests {
    use super::*;

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
