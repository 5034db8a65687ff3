//! Mending a hand that must be ready (a riichi declarer's): a Markov chain over the hand that
//! trades one of its tiles for one of the stock's.
//!
//! A search phase first walks to a ready hand, accepting a trade that does not raise the
//! shanten; then [`MIX_STEPS`] trades, each accepted when the hand stays ready. A trade picks
//! a copy of the hand and a copy of the stock uniformly, a symmetric proposal over the
//! physical tiles, so the chain's stationary distribution is uniform over the ready hands
//! (given the other hands). A finite chain started from a search keeps a bias toward hands
//! near the start; `tests/integration/inference.rs` measures it against rejection sampling.
//!
//! Each proposal is valued by [`ShantenProbe::traded`] (the suits it touches looked up, the
//! rest combined ahead) and a kept one moves the probe ([`ShantenProbe::trade`]); both
//! sides' copies are kept in tile order, so a draw reads its copy directly. The draws and the
//! trades are those of the plain chain (a whole-hand shanten per proposal; tested).

use rand::{Rng, RngExt};

use super::concealed::MAX_UNSEEN;
use crate::tiles::KindMask;
use crate::tiles::{ShantenProbe, Tile, TileCounts, shanten};

/// Trades the search phase tries at most before it gives up.
pub const SEARCH_STEPS: u32 = 4096;
/// Trades proposed once the hand is ready, each kept when the hand stays ready.
pub const MIX_STEPS: u32 = 64;

/// Trades tiles of `hand` with `stock` (never taking a `forbidden` kind) until the hand is
/// ready (shanten 0), then mixes over the ready hands. False, with the hand as the search
/// left it, when no ready hand was found within [`SEARCH_STEPS`]; false and untouched when a
/// side holds more than 160 tiles (more than any tile set has).
pub fn mend<R: Rng + ?Sized>(
    hand: &mut TileCounts,
    forbidden: KindMask,
    stock: &mut TileCounts,
    rng: &mut R,
) -> bool {
    let (held, stocked) = (hand.total() as usize, stock.total() as usize);
    if stocked == 0 {
        return shanten(&hand.kinds()) <= 0;
    }
    if held.max(stocked) > MAX_UNSEEN {
        return false;
    }
    let mut chain = Chain {
        hand: Copies::of(hand),
        stock: Copies::of(stock),
        probe: ShantenProbe::new(&hand.kinds()),
        forbidden,
    };
    let ready = chain.search(rng);
    if ready {
        for _ in 0..MIX_STEPS {
            chain.trade(rng, |s| s == 0);
        }
    }
    *hand = chain.hand.counts();
    *stock = chain.stock.counts();
    ready
}

/// The chain's state: both sides' copies in tile order and the hand's shanten probe.
struct Chain {
    hand: Copies,
    stock: Copies,
    probe: ShantenProbe,
    forbidden: KindMask,
}

impl Chain {
    /// Trades, keeping those that do not raise the shanten, until the hand is ready (true) or
    /// [`SEARCH_STEPS`] trades were proposed (false).
    fn search<R: Rng + ?Sized>(&mut self, rng: &mut R) -> bool {
        for _ in 0..SEARCH_STEPS {
            let now = self.probe.shanten();
            if now <= 0 {
                return true;
            }
            self.trade(rng, |s| s <= now);
        }
        self.probe.shanten() <= 0
    }

    /// Proposes one trade (a copy of the hand for a copy of the stock, each uniform) and makes
    /// it when `keep` accepts the new shanten.
    fn trade<R: Rng + ?Sized>(&mut self, rng: &mut R, keep: impl Fn(i8) -> bool) {
        let Some(g) = self.hand.draw(rng) else { return };
        let Some(t) = self.stock.draw(rng) else {
            return;
        };
        let (give, take) = (self.hand.tile(g), self.stock.tile(t));
        if self.forbidden.contains(take.kind())
            || !keep(self.probe.traded(give.kind(), take.kind()))
        {
            return;
        }
        let (gave, took) = (self.hand.places[g], self.stock.places[t]);
        self.hand.replace(g, took);
        self.stock.replace(t, gave);
        self.probe.trade(give.kind(), take.kind());
    }
}

/// Tiles in tile order, so the `at`-th copy — what
/// [`uniform_tile`](super::concealed::uniform_tile) draws for `at` — is read directly, and a
/// trade moves only the copies between the two tiles' places. A copy is kept as its place in
/// [`Tile::ALL`].
struct Copies {
    places: [u8; MAX_UNSEEN],
    len: usize,
}

impl Copies {
    /// The copies of `counts` (the first [`MAX_UNSEEN`]: [`mend`] refuses more).
    fn of(counts: &TileCounts) -> Copies {
        let mut copies = Copies {
            places: [0; MAX_UNSEEN],
            len: 0,
        };
        for (place, &tile) in Tile::ALL.iter().enumerate() {
            let n = usize::from(counts[tile]).min(MAX_UNSEEN - copies.len);
            copies.places[copies.len..copies.len + n].fill(place as u8);
            copies.len += n;
        }
        copies
    }

    /// A copy's place in the list, uniform (the same draw as
    /// [`uniform_tile`](super::concealed::uniform_tile)); `None` when empty.
    fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<usize> {
        (self.len > 0).then(|| rng.random_range(0..self.len as u32) as usize)
    }

    /// The copies counted.
    fn counts(&self) -> TileCounts {
        TileCounts::from_tiles((0..self.len).map(|at| self.tile(at)))
    }

    /// The tile at `at`.
    fn tile(&self, at: usize) -> Tile {
        Tile::ALL[usize::from(self.places[at])]
    }

    /// Replaces the copy at `at` with one at `place` of [`Tile::ALL`], keeping tile order.
    fn replace(&mut self, mut at: usize, place: u8) {
        let places = &mut self.places[..self.len];
        while at + 1 < places.len() && places[at + 1] < place {
            places[at] = places[at + 1];
            at += 1;
        }
        while at > 0 && places[at - 1] > place {
            places[at] = places[at - 1];
            at -= 1;
        }
        places[at] = place;
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::games::mahjong::fill::uniform_tile;
    use crate::tiles::TileSet;

    /// The chain written plainly: a copy drawn by its rank in tile order on each side, the
    /// whole hand's shanten per proposal.
    fn reference(
        hand: &mut TileCounts,
        forbidden: KindMask,
        stock: &mut TileCounts,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> bool {
        if stock.total() == 0 {
            return shanten(&hand.kinds()) <= 0;
        }
        let mut trade =
            |hand: &mut TileCounts, stock: &mut TileCounts, keep: &dyn Fn(i8) -> bool| {
                let give = uniform_tile(hand, rng)?;
                let take = uniform_tile(stock, rng)?;
                let mut next = *hand;
                next[give] -= 1;
                next[take] += 1;
                let after = shanten(&next.kinds());
                if forbidden.contains(take.kind()) || !keep(after) {
                    return None;
                }
                *hand = next;
                stock[take] -= 1;
                stock[give] += 1;
                Some(after)
            };
        let mut now = shanten(&hand.kinds());
        for _ in 0..SEARCH_STEPS {
            if now <= 0 {
                break;
            }
            now = trade(hand, stock, &|s| s <= now).unwrap_or(now);
        }
        if now > 0 {
            return false;
        }
        for _ in 0..MIX_STEPS {
            trade(hand, stock, &|s| s == 0);
        }
        true
    }

    /// Mends `hand` from `stock` with both chains from the same seed: the same result, hand,
    /// stock and draws. Returns whether it mended.
    fn same_as_the_plain_chain(
        hand: TileCounts,
        stock: TileCounts,
        forbidden: KindMask,
        seed: u64,
    ) -> bool {
        let (mut h, mut s) = (hand, stock);
        let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mended = mend(&mut h, forbidden, &mut s, &mut r);
        let (mut rh, mut rs) = (hand, stock);
        let mut rr = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let expected = reference(&mut rh, forbidden, &mut rs, &mut rr);
        assert_eq!((mended, h, s), (expected, rh, rs), "seed {seed}");
        assert_eq!(
            r.random::<u64>(),
            rr.random::<u64>(),
            "the same draws, seed {seed}"
        );
        mended
    }

    fn tiles(text: &str) -> TileCounts {
        TileCounts::from_tiles(crate::tiles::parse_tiles(text).expect("tiles"))
    }

    #[test]
    fn the_chain_makes_the_plain_chains_trades() {
        let set = TileSet::riichi(true);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut sizes_mended = [0; 2];
        for round in 0..200 {
            let mut all: Vec<Tile> = set.counts().tiles().collect();
            // Every fourth hand has a kan called (10 concealed tiles).
            let size = if round % 4 == 3 { 10 } else { 13 };
            let keep = 30 + round % 60;
            let mut hand = TileCounts::new();
            let mut stock = TileCounts::new();
            for i in 0..size + keep {
                let at = rng.random_range(0..all.len());
                let tile = all.swap_remove(at);
                match i < size {
                    true => hand[tile] += 1,
                    false => stock[tile] += 1,
                }
            }
            let forbidden = match round % 3 {
                0 => KindMask::NONE,
                _ => KindMask(1 << (round % 34)),
            };
            if same_as_the_plain_chain(hand, stock, forbidden, round as u64) {
                sizes_mended[usize::from(size == 10)] += 1;
            }
        }
        assert_eq!(sizes_mended, [150, 50], "every hand mended");
        // No ready hand within reach: sixteen kinds, no two a pair or within two of each
        // other in a suit, ten of them orphans. The search gives up after SEARCH_STEPS.
        let (hand, stock) = (tiles("147m147p147s1234z"), tiles("567z"));
        assert!(!same_as_the_plain_chain(hand, stock, KindMask::NONE, 1));
        // An empty stock: the hand as it is.
        let (ready, none) = (tiles("123m456p789s1122z"), TileCounts::new());
        assert!(same_as_the_plain_chain(ready, none, KindMask::NONE, 2));
        assert!(!same_as_the_plain_chain(hand, none, KindMask::NONE, 3));
        // More than a chain holds: refused, untouched.
        let (mut kept, mut rng) = (ready, rand_chacha::ChaCha8Rng::seed_from_u64(4));
        let mut huge = TileCounts::new();
        huge[Tile::ALL[0]] = 200;
        assert!(!mend(&mut kept, KindMask::NONE, &mut huge, &mut rng));
        assert_eq!((kept, huge[Tile::ALL[0]]), (ready, 200));
    }
}
