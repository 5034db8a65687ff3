//! The ISMCTS player: [`Ismcts`] over worlds from [`fill_unknown`](super::fill_unknown), its
//! leaves valued by greedy rollouts to the end of the hand.

use super::players::{greedy_action, visible};
use super::state::{Kyoku, Match, Phase};
use super::{Riichi, RiichiAction};
use crate::games::mahjong::fill::Inference;
use bevy_ecs::world::World;
use rand_chacha::ChaCha8Rng;

use crate::games::mahjong::search::{
    DiscardPrior, InferredFill, greedy_to_hand_end, with_inference,
};
use crate::kernel::{Rules, Seat, Sim, Turn};
use crate::mount::Mount;
use crate::search::{Evaluator, Ismcts, SearchError, SearchResult, Values};
use crate::tiles::shanten;

/// Iterations of the `ismcts` player when none are given (a hand takes about a second).
pub const DEFAULT_ITERATIONS: u32 = 100;

/// The exploration constant: values are points / 1000, a hand moves them by a few units.
const UCT_C: f64 = 10.0;

/// Values a position by playing it out with [`greedy_action`] for every seat until the hand
/// ends: each seat's value is then its score minus the starting points, / 1000 (the scale of
/// [`Riichi`]'s returns, so leaves and finished matches compare).
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyRollouts;

impl Evaluator<Riichi> for GreedyRollouts {
    fn evaluate(&mut self, sim: &mut Sim<Riichi>, out: &mut Values) -> Result<(), SearchError> {
        greedy_to_hand_end(sim, greedy_action, |world| world.resource::<Match>().dealt)?;
        let start = sim.rules().game.config.start_points;
        *out = [0.0; crate::search::MAX_SEATS];
        for (o, s) in out.iter_mut().zip(sim.world().resource::<Match>().scores) {
            *o = f64::from(s - start) / 1000.0;
        }
        Ok(())
    }
}

/// A fresh ISMCTS searcher for riichi with greedy rollouts, searching the candidates of the
/// greedy prior (`DiscardPrior`), over constrained worlds ([`fill_unknown`](super::fill_unknown)).
pub fn ismcts() -> Ismcts<Riichi> {
    Ismcts::new(UCT_C, GreedyRollouts).with_candidates(candidates)
}

/// [`ismcts`] over worlds of another [`Inference`].
pub fn ismcts_with(inference: Inference) -> Ismcts<Riichi> {
    with_inference(ismcts(), inference)
}

impl InferredFill for Riichi {
    fn fill(
        rules: &Rules<Riichi>,
        world: &mut World,
        viewer: Seat,
        rng: &mut ChaCha8Rng,
        inference: Inference,
    ) {
        let _ = super::hidden::fill_with(&rules.game, world, viewer, rng, inference);
    }
}

/// The search's prior: on a turn, the discards and riichi declarations a [`DiscardPrior`]
/// keeps (the lowest shanten, at least 75% of the best ukeire among them), and the greedy
/// player's own choice; a win, or any other decision, is the greedy choice alone (followed
/// without branching). It reads only what the mover sees.
pub fn candidates(sim: &Sim<Riichi>, out: &mut Vec<RiichiAction>) {
    let Turn::Player(seat) = sim.turn() else {
        return;
    };
    let choices = sim.legal_actions();
    if choices.is_empty() {
        return;
    }
    let greedy = greedy_action(sim, seat, choices);
    let world = sim.world();
    let kyoku = world.resource::<Kyoku>();
    if !matches!(kyoku.phase, Phase::Turn { .. })
        || matches!(greedy, RiichiAction::Tsumo | RiichiAction::Ron)
    {
        out.push(greedy);
        return;
    }
    let hand = kyoku.hands[seat.index()].kinds();
    let seen = visible(kyoku, world.resource::<Mount>(), seat);
    let discard = |a: &RiichiAction| match *a {
        RiichiAction::Discard(t) | RiichiAction::Riichi(t) => Some(t),
        _ => None,
    };
    let prior = DiscardPrior::new(&hand, &seen, choices.iter().filter_map(discard));
    out.extend(
        choices
            .iter()
            .copied()
            .filter(|a| *a == greedy || discard(a).is_some_and(|t| prior.keeps(t))),
    );
    // Against a riichi, the safest discard that keeps the hand closest to ready, too: the
    // search weighs folding against pushing (its worlds deal the declarer a ready hand).
    let safe = safe_kinds(kyoku, seat);
    if safe != 0 {
        let fold = choices
            .iter()
            .filter_map(|a| match *a {
                RiichiAction::Discard(t) if safe >> t.kind().index() & 1 == 1 => Some(t),
                _ => None,
            })
            .min_by_key(|t| {
                let mut after = hand;
                after[t.kind()] -= 1;
                (shanten(&after), t.is_red())
            });
        if let Some(tile) = fold
            && !out.contains(&RiichiAction::Discard(tile))
        {
            out.push(RiichiAction::Discard(tile));
        }
    }
}

/// The kinds no riichi declarer other than `seat` can win on by ron (bits by kind index): its
/// own discards (furiten) and every discard after its declaration (it passed them, so it could
/// not ron a wait since). 0 when no other seat is in riichi.
pub fn safe_kinds(kyoku: &Kyoku, seat: Seat) -> u64 {
    let mut safe = u64::MAX;
    let mut any = false;
    for r in (0..super::SEATS as u8).map(Seat).filter(|&r| r != seat) {
        if !kyoku.riichi[r.index()] {
            continue;
        }
        any = true;
        let declared = kyoku
            .river
            .iter()
            .position(|(s, t)| *s == r && t.riichi)
            .unwrap_or(kyoku.river.len());
        let mut mine = 0u64;
        for (i, (s, t)) in kyoku.river.iter().enumerate() {
            if *s == r || i > declared {
                mine |= 1 << t.tile.kind().index();
            }
        }
        safe &= mine;
    }
    if any { safe } else { 0 }
}

/// Searches `iterations` determinized worlds for the seat to move (each from `(seed, i)`)
/// and returns the result; the `Sim` is left as it was. The result depends only on that
/// seat's information and `seed`.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mahjong::riichi::state::RiverTile;
    use crate::tiles::Tile;

    #[test]
    fn safe_kinds_are_the_declarers_discards_and_every_discard_since() {
        let tile = |t: &str| t.parse::<Tile>().unwrap();
        let mut kyoku = Kyoku::default();
        let discard = |seat: u8, t: &str, riichi: bool| {
            (
                Seat(seat),
                RiverTile {
                    tile: tile(t),
                    riichi,
                    called: false,
                },
            )
        };
        kyoku.river = vec![
            discard(1, "9m", false),
            discard(2, "5p", false),
            discard(1, "1z", true),
            discard(2, "7s", false),
        ];
        assert_eq!(safe_kinds(&kyoku, Seat(0)), 0, "nobody is in riichi");
        kyoku.riichi[1] = true;
        let bits = |ts: &[&str]| ts.iter().fold(0u64, |b, t| b | 1 << tile(t).kind().index());
        // 9m and 1z are P1's own (furiten); 7s came after its declaration; 5p before it.
        assert_eq!(safe_kinds(&kyoku, Seat(0)), bits(&["9m", "1z", "7s"]));
        assert_eq!(safe_kinds(&kyoku, Seat(1)), 0, "a declarer fears no one");
    }
}
