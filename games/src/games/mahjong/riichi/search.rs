//! The ISMCTS player: [`Ismcts`] over worlds from [`fill_unknown`](super::fill_unknown), its
//! leaves valued by cautious rollouts to the end of the hand, its root anchored on the
//! cautious player's choice ([`cautious_action`]).

use super::defense::{cautious_action, cautious_after_greedy, fold_discard, safe_kinds};
use super::heuristics::{greedy_action, visible};
use super::state::{Kyoku, Match, Phase};
use super::{Riichi, RiichiAction};
use crate::games::mahjong::fill::Inference;

use crate::games::mahjong::search::{DiscardPrior, anchored_ismcts, greedy_to_hand_end, to_move};
use crate::mount::Mount;
use alea::kernel::Sim;
use alea::search::{Evaluator, Ismcts, SearchError, SearchResult, Values};

/// The exploration constant: values are points / 1000, a hand moves them by a few units.
const UCT_C: f64 = 10.0;

/// Values a position by playing it out with [`cautious_action`] for every seat until the hand
/// ends: each seat's value is then its score minus the starting points, / 1000 (the scale of
/// [`Riichi`]'s returns, so leaves and finished matches compare).
#[derive(Clone, Copy, Debug, Default)]
pub struct CautiousRollouts;

impl Evaluator<Riichi> for CautiousRollouts {
    fn evaluate(&mut self, sim: &mut Sim<Riichi>, out: &mut Values) -> Result<(), SearchError> {
        greedy_to_hand_end(sim, cautious_action, |world| {
            world.resource::<Match>().dealt
        })?;
        let start = sim.rules().game.config.start_points;
        *out = [0.0; alea::search::MAX_SEATS];
        for (o, s) in out.iter_mut().zip(sim.world().resource::<Match>().scores) {
            *o = f64::from(s - start) / 1000.0;
        }
        Ok(())
    }
}

/// A fresh ISMCTS searcher for riichi with cautious rollouts, searching the [`candidates`]
/// over constrained worlds ([`fill_unknown`](super::fill_unknown)); at the root it keeps the
/// cautious choice unless another candidate beats it world by world by
/// [`ANCHOR_Z`](crate::games::mahjong::search::ANCHOR_Z) standard errors
/// ([`Ismcts::with_anchored_root`]).
pub fn ismcts() -> Ismcts<Riichi> {
    ismcts_with(Inference::Constrained)
}

/// [`ismcts`] over worlds of another [`Inference`].
pub fn ismcts_with(inference: Inference) -> Ismcts<Riichi> {
    anchored_ismcts(UCT_C, CautiousRollouts, candidates, inference)
}

/// The search's prior: on a turn, the [`cautious_action`]'s choice first (the anchor), the
/// greedy choice, the discards and riichi declarations a [`DiscardPrior`] keeps (the lowest
/// shanten, at least 75% of the best ukeire among them) and, against a riichi, the
/// [`fold_discard`]; a win, or any other decision, is the cautious choice alone (followed
/// without branching). It reads only what the mover sees.
pub fn candidates(sim: &Sim<Riichi>, out: &mut Vec<RiichiAction>) {
    let Some((seat, choices)) = to_move(sim) else {
        return;
    };
    let greedy = greedy_action(sim, seat, choices);
    let anchor = cautious_after_greedy(sim, seat, choices, greedy);
    out.push(anchor);
    let world = sim.world();
    let kyoku = world.resource::<Kyoku>();
    if !matches!(kyoku.phase, Phase::Turn { .. })
        || matches!(anchor, RiichiAction::Tsumo | RiichiAction::Ron)
    {
        return;
    }
    let mut add = |action: RiichiAction| {
        if !out.contains(&action) {
            out.push(action);
        }
    };
    add(greedy);
    let hand = kyoku.hands[seat.index()].kinds();
    let seen = visible(kyoku, world.resource::<Mount>(), seat);
    let discards = || {
        choices.iter().filter_map(|a| match *a {
            RiichiAction::Discard(t) => Some(t),
            _ => None,
        })
    };
    let tile = |a: &RiichiAction| match *a {
        RiichiAction::Discard(t) | RiichiAction::Riichi(t) => Some(t),
        _ => None,
    };
    let prior = DiscardPrior::new(&hand, &seen, choices.iter().filter_map(tile));
    for &action in choices {
        if tile(&action).is_some_and(|t| prior.keeps(t)) {
            add(action);
        }
    }
    // Against a riichi, the safest discard too: the search weighs folding against pushing
    // (its worlds deal the declarer a ready hand).
    if let Some(safe) = safe_kinds(kyoku, seat)
        && let Some(fold) = fold_discard(&hand, &seen, safe, discards())
    {
        add(RiichiAction::Discard(fold));
    }
}

/// Searches about `iterations` iterations for the seat to move (whole worlds: rounded up to
/// a multiple of the root's candidates, world `w` from `(seed, w)`) and returns the result;
/// the `Sim` is left as it was. The result depends only on that seat's information and
/// `seed`.
pub fn ismcts_search(
    sim: &mut Sim<Riichi>,
    iterations: u32,
    seed: u64,
) -> Result<SearchResult<RiichiAction>, SearchError> {
    ismcts_search_with(sim, iterations, seed, Inference::Constrained)
}

/// [`ismcts_search`] over worlds of another [`Inference`].
pub fn ismcts_search_with(
    sim: &mut Sim<Riichi>,
    iterations: u32,
    seed: u64,
    inference: Inference,
) -> Result<SearchResult<RiichiAction>, SearchError> {
    ismcts_with(inference).search(sim, u64::from(iterations.max(1)), seed)
}
