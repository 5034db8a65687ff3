//! Mending a hand that must be ready (a riichi declarer's): a Markov chain over the hand that
//! trades one of its tiles for one of the stock's.
//!
//! A search phase first walks to a ready hand, accepting a trade that does not raise the
//! shanten; then [`MIX_STEPS`] trades, each accepted when the hand stays ready. A trade picks
//! a copy of the hand and a copy of the stock uniformly, a symmetric proposal over the
//! physical tiles, so the chain's stationary distribution is uniform over the ready hands
//! (given the other hands). A finite chain started from a search keeps a bias toward hands
//! near the start; `tests/integration/inference.rs` measures it against rejection sampling.

use rand::Rng;

use super::{KindMask, uniform_tile};
use crate::tiles::{KindCounts, TileCounts, shanten};

/// Trades the search phase tries at most before it gives up.
pub const SEARCH_STEPS: u32 = 4096;
/// Trades proposed once the hand is ready, each kept when the hand stays ready.
pub const MIX_STEPS: u32 = 64;

/// Trades tiles of `hand` with `stock` (never taking a `forbidden` kind) until the hand is
/// ready (shanten 0), then mixes over the ready hands. False, with the hand as the search
/// left it, when no ready hand was found within [`SEARCH_STEPS`].
pub fn mend<R: Rng + ?Sized>(
    hand: &mut TileCounts,
    forbidden: KindMask,
    stock: &mut TileCounts,
    rng: &mut R,
) -> bool {
    if stock.total() == 0 {
        return shanten(&hand.kinds()) <= 0;
    }
    let mut kinds = hand.kinds();
    let mut now = shanten(&kinds);
    let mut tries = 0;
    while now > 0 {
        if tries == SEARCH_STEPS {
            return false;
        }
        tries += 1;
        if let Some(after) = trade(hand, &mut kinds, forbidden, stock, rng, |s| s <= now) {
            now = after;
        }
    }
    for _ in 0..MIX_STEPS {
        trade(hand, &mut kinds, forbidden, stock, rng, |s| s == 0);
    }
    true
}

/// Proposes one trade and makes it when `keep` accepts the new shanten (returned then).
fn trade<R: Rng + ?Sized>(
    hand: &mut TileCounts,
    kinds: &mut KindCounts,
    forbidden: KindMask,
    stock: &mut TileCounts,
    rng: &mut R,
    keep: impl Fn(i8) -> bool,
) -> Option<i8> {
    let give = uniform_tile(hand, rng)?;
    let take = uniform_tile(stock, rng)?;
    if forbidden.contains(take.kind()) {
        return None;
    }
    kinds[give.kind()] -= 1;
    kinds[take.kind()] += 1;
    let after = shanten(kinds);
    if !keep(after) {
        kinds[give.kind()] += 1;
        kinds[take.kind()] -= 1;
        return None;
    }
    hand[give] -= 1;
    hand[take] += 1;
    stock[take] -= 1;
    stock[give] += 1;
    Some(after)
}
