//! Sichuan players, as plain functions choosing among [`Sim::legal_actions`]: uniformly
//! random, greedy tile efficiency, and ISMCTS (see [`super::ismcts`]).

use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

use super::heuristics::greedy_action;
use super::search::ismcts_search_with;
use super::state::Battle;
use super::{Sichuan, SichuanAction, SichuanEvent};
use crate::games::mahjong::PlayerKind;
use crate::games::mahjong::abilities::{Foresee, SeatedAbility, toki_to_move};
use crate::games::mahjong::search::to_move;
use crate::mount::Exit;
use crate::tiles::{Tile, shanten};
use alea::kernel::{Seat, Sim};

/// The action the seat to move takes when it is played by `players[seat]` (`None` once the
/// match is over). `rng` serves the random players and seeds each ISMCTS search, so a game is
/// reproducible from the seed of `rng`; a search leaves `sim` as it was. At Toki's discards her future sight
/// decides (and collapses the wall at the slots she saw): see [`future_sight`](crate::games::mahjong::abilities::future_sight).
pub fn choose(
    sim: &mut Sim<Sichuan>,
    players: &[PlayerKind],
    rng: &mut ChaCha8Rng,
) -> Option<SichuanAction> {
    if let Some(action) = toki_to_move(sim, rng) {
        return Some(action);
    }
    let (seat, choices) = to_move(sim)?;
    let Some((iterations, inference)) = players.get(seat.index()).and_then(|p| p.search()) else {
        return plain_choice(sim, players, rng);
    };
    let fallback = greedy_action(sim, seat, choices);
    // Single choices, declarations, claim windows, wins and kans are played greedily; the
    // search decides what to discard.
    if choices.len() == 1 || !matches!(fallback, SichuanAction::Discard(_)) {
        return Some(fallback);
    }
    let seed = rng.next_u64();
    let found = ismcts_search_with(sim, iterations, seed, inference);
    Some(found.map_or(fallback, |r| r.action))
}

/// `choose` without abilities and search: random or greedy.
fn plain_choice(
    sim: &Sim<Sichuan>,
    players: &[PlayerKind],
    rng: &mut ChaCha8Rng,
) -> Option<SichuanAction> {
    let (seat, choices) = to_move(sim)?;
    match players.get(seat.index()).copied() {
        // Sichuan has no cautious player (folding measured worse than pushing: the CLI
        // refuses it); a library caller's `Cautious` plays greedily.
        Some(PlayerKind::Greedy | PlayerKind::Cautious) => Some(greedy_action(sim, seat, choices)),
        _ => Some(choices[rng.random_range(0..choices.len())]),
    }
}

impl Foresee for Sichuan {
    fn abilities(&self) -> &[SeatedAbility] {
        &self.abilities
    }

    fn is_candidate(action: &SichuanAction) -> bool {
        matches!(action, SichuanAction::Discard(_))
    }

    fn rollout_action(sim: &Sim<Sichuan>, rng: &mut ChaCha8Rng) -> Option<SichuanAction> {
        plain_choice(sim, &[PlayerKind::Greedy; 4], rng)
    }

    fn drawn(event: &SichuanEvent) -> Option<(Exit, Tile)> {
        match *event {
            SichuanEvent::Draw {
                exit,
                tile: Some(tile),
                ..
            } => Some((exit, tile)),
            _ => None,
        }
    }

    fn ends_hand(event: &SichuanEvent) -> bool {
        matches!(event, SichuanEvent::HandEnd)
    }

    /// Points, then a quarter point per step closer to ready while still playing.
    fn outlook(sim: &Sim<Sichuan>, seat: Seat) -> f64 {
        let world = sim.world();
        let points = f64::from(world.resource::<super::Standings>().scores[seat.index()]);
        let battle = world.resource::<Battle>();
        if battle.in_play(seat) {
            points - 0.25 * f64::from(shanten(&battle.hands[seat.index()].kinds()))
        } else {
            points
        }
    }
}
