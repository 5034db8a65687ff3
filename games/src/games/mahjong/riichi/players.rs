//! Riichi's players ([`PlayerKind`]), as plain functions choosing among
//! [`Sim::legal_actions`]: uniformly random, greedy tile efficiency, cautious (greedy that
//! folds, see `defense.rs`), and ISMCTS (see [`super::search`]).

use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use super::defense::cautious_action;
use super::heuristics::greedy_action;
use super::search::ismcts_search_with;
use super::state::{Kyoku, Phase};
use super::{Riichi, RiichiAction, RiichiEvent};
use crate::games::mahjong::PlayerKind;
use crate::games::mahjong::abilities::{
    Foresee, SeatedAbility, TAKAMI, takami_choice, toki_to_move,
};
use crate::games::mahjong::search::to_move;
use crate::mount::Exit;
use crate::tiles::{Tile, shanten};
use alea::kernel::{Seat, Sim};

/// The action the seat on turn takes when it is played by `players[seat]` (`None` once the
/// match is over). `rng` serves the random players and seeds each ISMCTS search, so a game is
/// reproducible from the seed of `rng`; a search leaves `sim` as it was.
pub fn choose(
    sim: &mut Sim<Riichi>,
    players: &[PlayerKind],
    rng: &mut ChaCha8Rng,
) -> Option<RiichiAction> {
    if let Some(action) = toki_to_move(sim, rng) {
        return Some(action);
    }
    let (seat, choices) = to_move(sim)?;
    if let Some(tile) = teacup_choice(sim, seat) {
        return Some(RiichiAction::Discard(tile));
    }
    let player = players
        .get(seat.index())
        .copied()
        .unwrap_or(PlayerKind::Random);
    match player {
        PlayerKind::Random => Some(choices[rng.random_range(0..choices.len())]),
        PlayerKind::Greedy => Some(greedy_action(sim, seat, choices)),
        PlayerKind::Cautious => Some(cautious_action(sim, seat, choices)),
        PlayerKind::Ismcts(_) | PlayerKind::IsmctsUniform(_) | PlayerKind::IsmctsBayes(_) => {
            let (iterations, inference) = player.search()?;
            // Wins, single choices and claim windows are played cautiously; the search
            // decides what to discard (and whether to riichi or kan).
            let fallback = cautious_action(sim, seat, choices);
            let claims = matches!(sim.world().resource::<Kyoku>().phase, Phase::Claims { .. });
            if choices.len() == 1
                || claims
                || matches!(fallback, RiichiAction::Tsumo | RiichiAction::Ron)
            {
                return Some(fallback);
            }
            let seed = rng.next_u64();
            let found = ismcts_search_with(sim, iterations, seed, inference);
            Some(found.map_or(fallback, |r| r.action))
        }
    }
}

/// Takami's AI hook when she sits at `seat` ([`takami_choice`]): her first discard of a hand
/// (a win is taken first).
fn teacup_choice(sim: &Sim<Riichi>, seat: Seat) -> Option<Tile> {
    if !SeatedAbility::is_seated(&sim.rules().game.abilities, &TAKAMI, seat)
        || sim.legal_actions().contains(&RiichiAction::Tsumo)
    {
        return None;
    }
    let world = sim.world();
    let kyoku = world.resource::<Kyoku>();
    // Only right after a draw (not after a call), before her first discard of the hand.
    let drawn = kyoku.drawn[seat.index()]?;
    let discarded = kyoku.river.iter().any(|(s, _)| *s == seat);
    // The drawn tile first: it wins a tie, as in libsaki.
    let discards =
        std::iter::once(drawn).chain(sim.legal_actions().iter().filter_map(|a| match a {
            RiichiAction::Discard(tile) if *tile != drawn => Some(*tile),
            _ => None,
        }));
    takami_choice(world, seat, discarded, discards)
}

impl Foresee for Riichi {
    fn abilities(&self) -> &[SeatedAbility] {
        &self.abilities
    }

    fn is_candidate(action: &RiichiAction) -> bool {
        matches!(action, RiichiAction::Discard(_) | RiichiAction::Riichi(_))
    }

    fn rollout_action(sim: &Sim<Riichi>, _: &mut ChaCha8Rng) -> Option<RiichiAction> {
        to_move(sim).map(|(seat, choices)| greedy_action(sim, seat, choices))
    }

    fn drawn(event: &RiichiEvent) -> Option<(Exit, Tile)> {
        match *event {
            RiichiEvent::Draw {
                exit,
                tile: Some(tile),
                ..
            } => Some((exit, tile)),
            _ => None,
        }
    }

    fn ends_hand(event: &RiichiEvent) -> bool {
        matches!(event, RiichiEvent::HandEnd { .. })
    }

    /// Points / 1000, then a quarter per step closer to ready.
    fn outlook(sim: &Sim<Riichi>, seat: Seat) -> f64 {
        let world = sim.world();
        let points = f64::from(world.resource::<super::Match>().scores[seat.index()]) / 1000.0;
        let hand = world.resource::<Kyoku>().hands[seat.index()].kinds();
        points - 0.25 * f64::from(shanten(&hand))
    }
}
