//! FreeKill's TrustAI: the answer a seat gives when nobody decides for it — the players' `trust`
//! seat and the benefit simulation's other seats (SmartAI) both use it.

use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use super::deck::CardName;
use super::state::{Phase, Question};
use super::{Sgs, SgsAction};
use alea::kernel::{Seat, Sim};

/// FreeKill's TrustAI (`trust_ai.lua`) on the pending decision of `seat`.
pub fn trust(sim: &Sim<Sgs>, seat: Seat, rng: &mut ChaCha8Rng) -> SgsAction {
    let choices = sim.legal_actions();
    let state = sim.state();
    let respond = |name| {
        let answer = SgsAction::Respond(name);
        choices.contains(&answer).then_some(answer)
    };
    let answer = match state.question {
        Question::Jink { .. } => respond(CardName::Jink),
        Question::Peach { dying } if dying == seat => {
            respond(CardName::Peach).or_else(|| respond(CardName::Analeptic))
        }
        Question::Peach { .. } => None,
        // Only another seat's trick: FreeKill's TrustAI checks the target alone, which is the
        // same as long as it plays no trick itself — but when it answers for a seat that does
        // (in benefit simulation), it would cancel that seat's own ex nihilo.
        Question::Nullify { chain: 0 }
            if state
                .trick
                .is_some_and(|t| t.target == seat && t.user != seat) =>
        {
            respond(CardName::Nullification)
        }
        Question::Nullify { .. } => None,
        Question::Choose => Some(take_at_random(sim, rng)),
        Question::None if state.phase == Phase::Play => Some(SgsAction::End),
        Question::None => Some(choices[rng.random_range(0..choices.len())]),
    };
    answer.unwrap_or(SgsAction::Pass)
}

/// Any of the target's cards, each equally likely (FreeKill's server picks one for an AI that
/// does not choose): a face-up one by name, or a hand card blind.
fn take_at_random(sim: &Sim<Sgs>, rng: &mut impl Rng) -> SgsAction {
    let choices = sim.legal_actions();
    let state = sim.state();
    let hand = state
        .trick
        .map_or(0, |t| state.holdings.hand(t.target).len());
    let face_up = choices
        .iter()
        .filter(|a| matches!(a, SgsAction::Take { .. }))
        .count();
    let k = rng.random_range(0..(face_up + hand).max(1));
    match choices
        .iter()
        .filter(|a| matches!(a, SgsAction::Take { .. }))
        .nth(k)
    {
        Some(&take) => take,
        None if hand > 0 => SgsAction::TakeHand,
        None => choices[0],
    }
}
