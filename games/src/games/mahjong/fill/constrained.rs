//! The exact constrained deal: uniform over the deals of the unseen tiles in which no seat
//! holds a kind it is known not to hold.
//!
//! Kinds fall into groups by which constrained seats forbid them. A deal is uniform over the
//! physical tiles, so the number of deals giving seat `i` `m[i][g]` tiles of group `g` is a
//! product over groups of multinomials; the matrix `m` is drawn seat by seat with weights that
//! count the completions (the last seat in closed form by Vandermonde's identity:
//! Σ ∏ C(r_g, m_g) over compositions of `h` = C(Σ r_g, h)), then each group's tiles are
//! shuffled and dealt by `m`. The seats without forbidden kinds, the drawn tiles and the stock
//! share what is left uniformly: how many ways they have does not depend on which tiles the
//! constrained seats took. A seat that must be ready is then mended ([`super::ready`]).

use rand::{Rng, RngExt};

use super::concealed::{Concealed, FillError, MAX_SEATS, MAX_UNSEEN, shuffle_front};
use super::ready;
use crate::tiles::{Tile, TileCounts, TileKind};
use alea::kernel::Seat;

/// Most seats constrained at once (a full table less the viewer).
const MAX_CONSTRAINED: usize = MAX_SEATS - 1;
/// Groups: one per subset of the constrained seats that forbids a kind.
const GROUPS: usize = 1 << MAX_CONSTRAINED;
/// Largest `n` and `k` of the binomial table.
const MAX_N: usize = MAX_UNSEEN + 1;
const MAX_K: usize = 15;

/// `C(n, k)` as `f64` for `n ≤ MAX_UNSEEN`, `k < MAX_K`.
static BINOMIAL: [[f64; MAX_K]; MAX_N] = {
    let mut t = [[0.0; MAX_K]; MAX_N];
    let mut n = 0;
    while n < MAX_N {
        t[n][0] = 1.0;
        let mut k = 1;
        while k < MAX_K && k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0.0 };
            k += 1;
        }
        n += 1;
    }
    t
};

fn binomial(n: u32, k: u32) -> f64 {
    match (usize::try_from(n), usize::try_from(k)) {
        (Ok(n), Ok(k)) if k <= n && n < MAX_N && k < MAX_K => BINOMIAL[n][k],
        _ => 0.0,
    }
}

/// A constrained seat: its index, the tiles its constraints bind, the groups it may hold.
#[derive(Clone, Copy)]
struct Bound {
    seat: usize,
    tiles: u32,
    allowed: [bool; GROUPS],
}

/// Deals the opponents of `viewer` from `pool` (every unseen tile), respecting each seat's
/// forbidden kinds and mending the ready ones (one [`ready::mend`] cannot make ready is left
/// as far as it got); returns the stock.
pub(super) fn deal<R: Rng + ?Sized>(
    viewer: Seat,
    seats: &mut [Concealed],
    pool: &mut [Tile],
    rng: &mut R,
) -> Result<TileCounts, FillError> {
    let opponent = |s: usize, seat: &Concealed| s != viewer.index() && seat.playing;
    let mut bound = [Bound {
        seat: 0,
        tiles: 0,
        allowed: [false; GROUPS],
    }; MAX_CONSTRAINED];
    let mut n = 0;
    for (s, seat) in seats.iter().enumerate() {
        if opponent(s, seat) && !seat.forbidden.is_empty() && n < MAX_CONSTRAINED {
            bound[n] = Bound {
                seat: s,
                tiles: u32::from(seat.bound()),
                allowed: [false; GROUPS],
            };
            n += 1;
        }
    }
    let bound = &mut bound[..n];
    let mut groups = [0usize; TileKind::COUNT];
    for kind in TileKind::all() {
        groups[kind.index()] = bound.iter().enumerate().fold(0, |g, (i, b)| {
            g | usize::from(seats[b.seat].forbidden.contains(kind)) << i
        });
    }
    let group_of = |kind: TileKind| groups[kind.index()];
    let mut sizes = [0u32; GROUPS];
    for tile in pool.iter() {
        sizes[group_of(tile.kind())] += 1;
    }
    for (i, b) in bound.iter_mut().enumerate() {
        for (g, allowed) in b.allowed.iter_mut().enumerate() {
            *allowed = g >> i & 1 == 0 && sizes[g] > 0;
        }
    }
    let first = bound.first().map_or(Seat(0), |b| Seat(b.seat as u8));
    let counts = draw_counts(bound, sizes, rng).ok_or(FillError::Inconsistent { seat: first })?;
    // Each group's tiles together (a counting sort by group), then dealt by `counts`.
    let mut sorted = [Tile::ALL[0]; MAX_UNSEEN];
    let mut start = [0usize; GROUPS];
    for g in 1..GROUPS {
        start[g] = start[g - 1] + sizes[g - 1] as usize;
    }
    let mut at = start;
    for &tile in pool.iter() {
        let g = group_of(tile.kind());
        sorted[at[g]] = tile;
        at[g] += 1;
    }
    let mut hands = [TileCounts::new(); MAX_CONSTRAINED];
    let mut free = 0;
    for g in 0..GROUPS {
        let group = &mut sorted[start[g]..start[g] + sizes[g] as usize];
        let taken: u32 = counts.iter().take(bound.len()).map(|m| m[g]).sum();
        shuffle_front(group, taken as usize, rng);
        let mut next = group.iter().copied();
        for (hand, m) in hands.iter_mut().zip(&counts).take(bound.len()) {
            for tile in next.by_ref().take(m[g] as usize) {
                hand[tile] += 1;
            }
        }
        for tile in next {
            pool[free] = tile;
            free += 1;
        }
    }
    // The tiles dealt go behind the free ones: the pool keeps its multiset for another deal.
    let mut back = pool.len();
    for g in 0..GROUPS {
        let taken: u32 = counts.iter().take(bound.len()).map(|m| m[g]).sum();
        for &tile in &sorted[start[g]..start[g] + taken as usize] {
            back -= 1;
            pool[back] = tile;
        }
    }
    let free_pool = &mut pool[..free];
    let wanted: usize = seats
        .iter()
        .enumerate()
        .filter(|&(s, seat)| opponent(s, seat))
        .map(|(s, seat)| match bound.iter().any(|b| b.seat == s) {
            true => usize::from(seat.drawn.is_some()),
            false => usize::from(seat.size),
        })
        .sum();
    shuffle_front(free_pool, wanted, rng);
    let mut stock = TileCounts::from_tiles(free_pool[wanted..].iter().copied());
    let mut next = free_pool[..wanted].iter().copied();
    for (s, seat) in seats.iter_mut().enumerate() {
        if !opponent(s, seat) {
            continue;
        }
        let mut tiles = match bound.iter().position(|b| b.seat == s) {
            Some(i) => hands[i],
            None => TileCounts::from_tiles(next.by_ref().take(usize::from(seat.bound()))),
        };
        if seat.ready {
            ready::mend(&mut tiles, seat.forbidden, &mut stock, rng);
        }
        if seat.drawn.is_some() {
            let drawn = next.next();
            seat.drawn = drawn;
            if let Some(tile) = drawn {
                tiles[tile] += 1;
            }
        }
        seat.tiles = tiles;
    }
    Ok(stock)
}

/// Draws how many tiles of each group every bound seat gets, with probability proportional to
/// the number of deals that give them (`None` when there is none).
fn draw_counts<R: Rng + ?Sized>(
    bound: &[Bound],
    mut left: [u32; GROUPS],
    rng: &mut R,
) -> Option<[[u32; GROUPS]; MAX_CONSTRAINED]> {
    let mut counts = [[0u32; GROUPS]; MAX_CONSTRAINED];
    for (i, b) in bound.iter().enumerate() {
        let rest = &bound[i + 1..];
        let total = {
            let mut total = 0.0;
            compositions(b, &left, &mut |m| {
                total += weight(m, &left) * ways(rest, &sub(&left, m))
            });
            total
        };
        if total.is_nan() || total <= 0.0 {
            return None;
        }
        let mut target = rng.random::<f64>() * total;
        // Rounding can leave `target` a hair above the last weight: the last one is taken then.
        let (mut chosen, mut last) = (None, None);
        compositions(b, &left, &mut |m| {
            if chosen.is_some() {
                return;
            }
            let w = weight(m, &left) * ways(rest, &sub(&left, m));
            if w > 0.0 {
                last = Some(*m);
                if target < w {
                    chosen = Some(*m);
                }
                target -= w;
            }
        });
        let m = chosen.or(last)?;
        left = sub(&left, &m);
        counts[i] = m;
    }
    Some(counts)
}

/// The deals of `bound`'s seats from `left`: Σ over the first seat's compositions of the
/// product of binomials times the rest's ways; the last seat in closed form.
fn ways(bound: &[Bound], left: &[u32; GROUPS]) -> f64 {
    match bound {
        [] => 1.0,
        [last] => binomial(
            (0..GROUPS)
                .filter(|&g| last.allowed[g])
                .map(|g| left[g])
                .sum(),
            last.tiles,
        ),
        [first, rest @ ..] => {
            let mut total = 0.0;
            compositions(first, left, &mut |m| {
                total += weight(m, left) * ways(rest, &sub(left, m));
            });
            total
        }
    }
}

/// The ways to take `m[g]` tiles of each group from `left`.
fn weight(m: &[u32; GROUPS], left: &[u32; GROUPS]) -> f64 {
    (0..GROUPS).map(|g| binomial(left[g], m[g])).product()
}

fn sub(left: &[u32; GROUPS], m: &[u32; GROUPS]) -> [u32; GROUPS] {
    std::array::from_fn(|g| left[g] - m[g])
}

/// Calls `f` with every way to split `b.tiles` over `b`'s allowed groups within `left`.
fn compositions(b: &Bound, left: &[u32; GROUPS], f: &mut impl FnMut(&[u32; GROUPS])) {
    fn go(
        b: &Bound,
        left: &[u32; GROUPS],
        g: usize,
        rest: u32,
        m: &mut [u32; GROUPS],
        f: &mut impl FnMut(&[u32; GROUPS]),
    ) {
        let Some(next) = (g..GROUPS).find(|&h| b.allowed[h]) else {
            if rest == 0 {
                f(m);
            }
            return;
        };
        let more = (next + 1..GROUPS).any(|h| b.allowed[h]);
        let low = if more { 0 } else { rest };
        for take in low..=rest.min(left[next]) {
            m[next] = take;
            go(b, left, next + 1, rest - take, m, f);
        }
        m[next] = 0;
    }
    go(b, left, 0, b.tiles, &mut [0; GROUPS], f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_are_pascal() {
        assert_eq!(binomial(5, 2), 10.0);
        let exact = 20_592_957_740_312_160.0;
        assert!((binomial(108, 13) - exact).abs() / exact < 1e-12);
        assert_eq!(binomial(3, 4), 0.0);
    }

    #[test]
    fn ways_follow_vandermonde() {
        // Two seats over two groups of 3 and 4 tiles, each may hold both: C(7,2)·C(5,3).
        let both = [true, true, false, false, false, false, false, false];
        let b = |tiles| Bound {
            seat: 0,
            tiles,
            allowed: both,
        };
        let left = [3, 4, 0, 0, 0, 0, 0, 0];
        assert_eq!(ways(&[b(2), b(3)], &left), 21.0 * 10.0);
        // The first may hold group 0 only: C(3,2)·C(5,3).
        let only0 = Bound {
            seat: 0,
            tiles: 2,
            allowed: [true, false, false, false, false, false, false, false],
        };
        assert_eq!(ways(&[only0, b(3)], &left), 3.0 * 10.0);
    }
}
