//! Soft evidence: how likely an opponent's play was in a sampled world, under an opponent
//! model, and the sampling importance resampling that weights the fills by it
//! (`fill_weighted`).
//!
//! The model sees each opponent's **last discard**, the one piece of its play whose hand is
//! known exactly in a sampled world: the seat's concealed tiles now (its drawn tile aside) plus
//! that discard are what it held when it chose it. It chose by a softmax over its discards'
//! values, the value of discarding a kind being minus the shanten it leaves:
//! `P(d) = exp(−β·shanten(hand − d)) / Σₖ exp(−β·shanten(hand − k))` over the kinds held,
//! [`BETA`] = 2 (a discard one step worse is e² ≈ 7.4 times less likely). Cheap (one
//! [`ShantenProbe`] values every discard) and honest about what it knows; earlier discards are
//! left out, their hands depending on draws the viewer never saw.

use crate::tiles::{KindCounts, ShantenProbe, TileKind};

/// Fills drawn per determinization when the posterior weights them.
pub const CANDIDATES: usize = 8;
/// Most candidates `fill_weighted` keeps.
pub const MAX_CANDIDATES: usize = 16;
/// The opponent model's inverse temperature (per step of shanten).
pub const BETA: f64 = 2.0;

/// The likelihood that a player holding `before` (the discard included) discarded a tile of
/// `kind`, under the softmax model of [the module docs](self). 0 when it holds none.
pub fn discard_likelihood(before: &KindCounts, kind: TileKind) -> f64 {
    if before[kind] == 0 {
        return 0.0;
    }
    let probe = ShantenProbe::new(before);
    let value = |k: TileKind| probe.with(k, false);
    let chosen = value(kind);
    let mut best = chosen;
    let mut after = [i8::MAX; TileKind::COUNT];
    for k in TileKind::all().filter(|&k| before[k] > 0) {
        after[k.index()] = value(k);
        best = best.min(after[k.index()]);
    }
    let weight = |s: i8| (-BETA * f64::from(s - best)).exp();
    let total: f64 = after
        .iter()
        .filter(|&&s| s != i8::MAX)
        .map(|&s| weight(s))
        .sum();
    weight(chosen) / total
}

/// The weight of a fill's `seats`: the product over the seats with evidence of the likelihood
/// of `last[seat]`, the kind of its last discard, from its tiles now (its drawn tile aside)
/// plus that discard. A seat whose hand changed since (it is on turn) must have `None`.
pub fn last_discards_weight(
    seats: &[super::concealed::Concealed],
    last: &[Option<TileKind>],
) -> f64 {
    seats
        .iter()
        .zip(last)
        .filter_map(|(seat, kind)| {
            let kind = (*kind)?;
            let mut before = seat.tiles;
            if let Some(drawn) = seat.drawn {
                before[drawn] -= 1;
            }
            let mut before = before.kinds();
            before[kind] += 1;
            Some(discard_likelihood(&before, kind))
        })
        .product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::parse_tiles;

    fn kinds(s: &str) -> KindCounts {
        parse_tiles(s).unwrap().into_iter().collect()
    }

    #[test]
    fn an_isolated_tile_is_the_likely_discard() {
        // 123m 456p 789s 11z 45s + 9m: the lone 9m leaves the hand ready; 4s breaks a wait.
        let hand = kinds("123m9m456p789s11z45s");
        let lone = discard_likelihood(&hand, "9m".parse::<crate::tiles::Tile>().unwrap().kind());
        let shape = discard_likelihood(&hand, "4s".parse::<crate::tiles::Tile>().unwrap().kind());
        assert!(lone > 5.0 * shape, "{lone} vs {shape}");
        let total: f64 = TileKind::all()
            .filter(|&k| hand[k] > 0)
            .map(|k| discard_likelihood(&hand, k))
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(
            discard_likelihood(&hand, "5z".parse::<crate::tiles::Tile>().unwrap().kind()),
            0.0
        );
    }
}
