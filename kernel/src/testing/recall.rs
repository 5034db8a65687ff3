//! What a seat's information key must remember: the setup events it was shown (every
//! hidden-information game) and, with
//! [`Conformance::perfect_recall`](super::Conformance::perfect_recall), the actions it saw.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::report::{At, Failure, Property};
use crate::kernel::{Game, Seat, Sim};
use crate::pipeline::{LoggedEvent, Origin};
use crate::snapshot::StableHasher;

/// What each seat was shown so far in the game being played, and every (seat, key) met in the
/// run with the history it came with.
#[derive(Default)]
pub(super) struct Recall {
    /// Per seat, a hash of the actions it saw, in order.
    histories: Vec<u64>,
    /// (seat, information key) → (history, where it was first met).
    seen: HashMap<(u8, u64), (u64, u64, u32)>,
    /// (seat, information key after setup) → (the setup events shown, the seed).
    setups: HashMap<(u8, u64), (u64, u64)>,
}

impl Recall {
    /// A new game starts, built with its setup's events recorded (taken here): no action seen
    /// yet, and in a hidden-information game a seat's key after setup must come with the same
    /// setup events shown (`seen_by`) wherever it is met — else `seen_by` shows what the key
    /// does not hold (or the key forgets it).
    pub(super) fn start<G: Game>(&mut self, sim: &mut Sim<G>, at: At) -> Result<(), Failure> {
        let events = sim.take_events();
        self.histories = vec![0; usize::from(sim.rules().game.seats())];
        if !G::HIDDEN_INFORMATION {
            return Ok(());
        }
        for seat in (0..sim.rules().game.seats()).map(Seat) {
            let mut h = StableHasher::new();
            for logged in &events {
                G::seen_by(&logged.event, seat).hash(&mut h);
            }
            let shown = h.finish();
            let key = sim.info_key(seat);
            let &mut (before, seed) = self.setups.entry((seat.0, key)).or_insert((shown, at.seed));
            if before != shown {
                return Err(at.fail(
                    Property::ViewsAgree,
                    format!(
                        "{seat}'s information key after setup is the one it had at seed {seed}, \
                         but it was shown other setup events (seen_by): seen_by shows what \
                         observe does not hold, or observe forgets it"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Before a decision: every seat's key comes with the history it came with elsewhere.
    pub(super) fn check<G: Game>(&mut self, sim: &mut Sim<G>, at: At) -> Result<(), Failure> {
        let here = (at.seed, at.decision.unwrap_or(0));
        for seat in (0..self.histories.len() as u8).map(Seat) {
            let history = self.histories[seat.index()];
            let key = sim.info_key(seat);
            let &mut (before, seed, action) = self
                .seen
                .entry((seat.0, key))
                .or_insert((history, here.0, here.1));
            if before != history {
                return Err(at.fail(
                    Property::ViewsAgree,
                    format!(
                        "{seat}'s information key is the one it had at seed {seed}, action \
                         {action}, after other actions than it saw there: observe forgets what \
                         {seat} saw happen (perfect recall)"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// After `mover`'s `action`, whose resolution logged `events`: each seat remembers it,
    /// or that `mover` acted unseen when the action's own events are hidden from the seat.
    pub(super) fn saw<G: Game>(
        &mut self,
        mover: Seat,
        action: G::Action,
        events: &[LoggedEvent<G::Event>],
    ) {
        for (seat, history) in (0u8..).map(Seat).zip(&mut self.histories) {
            let hidden = events
                .iter()
                .filter(|e| e.origin == Origin::Action)
                .any(|e| G::seen_by(&e.event, seat).is_none());
            let mut h = StableHasher::new();
            (*history, mover).hash(&mut h);
            match hidden {
                true => 0u8.hash(&mut h),
                false => (1u8, action).hash(&mut h),
            }
            *history = h.finish();
        }
    }
}
