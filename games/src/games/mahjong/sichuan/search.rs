//! The sichuan ISMCTS player: [`Ismcts`] over worlds from [`fill_unknown`](super::fill_unknown),
//! its leaves valued by greedy rollouts to the end of the hand, its root anchored on the greedy
//! choice.

use super::heuristics::{greedy_action, visible};
use super::state::{Battle, Stage, Standings};
use super::{Sichuan, SichuanAction, point_unit, scores};
use crate::games::mahjong::fill::Inference;

use crate::games::mahjong::search::{DiscardPrior, anchored_ismcts, greedy_to_hand_end, to_move};
use alea::kernel::Sim;
use alea::search::{Evaluator, Ismcts, MAX_SEATS, SearchError, SearchResult, Values};

/// The exploration constant: values are points / the capped win, a hand moves them by about
/// one unit.
const UCT_C: f64 = 2.0;

/// Values a position by playing it out with [`greedy_action`] for every seat until the hand
/// ends: each seat's value is then its score / the capped win (the scale of [`Sichuan`]'s
/// returns, so leaves and finished matches compare).
#[derive(Clone, Copy, Debug, Default)]
pub struct SichuanRollouts;

impl Evaluator<Sichuan> for SichuanRollouts {
    fn evaluate(&mut self, sim: &mut Sim<Sichuan>, out: &mut Values) -> Result<(), SearchError> {
        greedy_to_hand_end(sim, greedy_action, |world| {
            world.resource::<Standings>().dealt
        })?;
        let unit = point_unit(&sim.rules().game);
        *out = [0.0; MAX_SEATS];
        for (o, s) in out.iter_mut().zip(scores(sim.world())) {
            *o = f64::from(s) / unit;
        }
        Ok(())
    }
}

/// A fresh ISMCTS searcher for sichuan with greedy rollouts, searching the [`candidates`]; at
/// the root it keeps the greedy choice unless another candidate beats it world by world by
/// [`ANCHOR_Z`](crate::games::mahjong::search::ANCHOR_Z) standard errors
/// ([`Ismcts::with_anchored_root`]).
pub fn ismcts() -> Ismcts<Sichuan> {
    ismcts_with(Inference::Constrained)
}

/// [`ismcts`] over worlds of another [`Inference`].
pub fn ismcts_with(inference: Inference) -> Ismcts<Sichuan> {
    anchored_ismcts(UCT_C, SichuanRollouts, candidates, inference)
}

/// The search's prior: on a turn, the greedy player's own choice first (the anchor), then the
/// discards a [`DiscardPrior`] keeps (the lowest shanten, at least 75% of the best ukeire
/// among them; legality already forces the missing suit first); a win, a declaration, a claim
/// window or a kan is the greedy choice alone (followed without branching). It reads only
/// what the mover sees.
pub fn candidates(sim: &Sim<Sichuan>, out: &mut Vec<SichuanAction>) {
    let Some((seat, choices)) = to_move(sim) else {
        return;
    };
    let greedy = greedy_action(sim, seat, choices);
    let battle = sim.world().resource::<Battle>();
    if !matches!(battle.stage, Stage::Turn { .. }) || !matches!(greedy, SichuanAction::Discard(_)) {
        out.push(greedy);
        return;
    }
    let hand = battle.hands[seat.index()].kinds();
    let seen = visible(battle, seat);
    let discard = |a: &SichuanAction| match *a {
        SichuanAction::Discard(t) => Some(t),
        _ => None,
    };
    let prior = DiscardPrior::new(&hand, &seen, choices.iter().filter_map(discard));
    out.push(greedy);
    out.extend(
        choices
            .iter()
            .copied()
            .filter(|a| *a != greedy && discard(a).is_some_and(|t| prior.keeps(t))),
    );
}

/// Searches about `iterations` iterations for the seat to move (whole worlds: rounded up to
/// a multiple of the root's candidates, world `w` from `(seed, w)`) and returns the result;
/// the `Sim` is left as it was. The result depends only on that seat's information and
/// `seed`.
pub fn ismcts_search(
    sim: &mut Sim<Sichuan>,
    iterations: u32,
    seed: u64,
) -> Result<SearchResult<SichuanAction>, SearchError> {
    ismcts_search_with(sim, iterations, seed, Inference::Constrained)
}

/// [`ismcts_search`] over worlds of another [`Inference`].
pub fn ismcts_search_with(
    sim: &mut Sim<Sichuan>,
    iterations: u32,
    seed: u64,
    inference: Inference,
) -> Result<SearchResult<SichuanAction>, SearchError> {
    ismcts_with(inference).search(sim, u64::from(iterations.max(1)), seed)
}
