//! `fill_unknown`, shared by the mahjong rulesets: resamples everything a viewer
//! cannot see. The unseen multiset is the tile set minus the viewer's concealed tiles, every
//! meld, every discard still in a river, the revealed indicators, the hands of seats that have
//! left and the slots the viewer collapsed itself; the opponents still playing get hands of
//! their sizes drawn from it without replacement, and everything left returns to the mount's
//! stock ([`Mount::restock`]), so B-zone contents, other seats' collapsed slots and future
//! draws are resampled too.
//!
//! What the table has shown constrains the deal ([`Concealed::forbidden`], [`Concealed::ready`]):
//! kinds a seat cannot hold (a sichuan seat that has discarded past its missing suit, the suit
//! a known dealer claim keeps from the others) are dealt exactly — uniformly over the deals
//! that respect them (module `constrained`) — and a seat that must be ready (a riichi
//! declarer) is mended by a Markov chain over its hand ([`ready`]). Without constraints the
//! deal is the plain uniform partition.
//!
//! The result depends only on what the viewer sees and on the random stream; nothing is
//! allocated. A check fails before anything changes.

mod concealed;
mod constrained;
pub mod posterior;
pub mod ready;
mod table;

use rand::Rng;

use crate::mount::Mount;
use crate::tiles::{Tile, TileCounts, TileKind, TileSet};
use alea::kernel::Seat;

pub use crate::tiles::KindMask;
pub use concealed::{Concealed, FillError, MAX_SEATS, concealed_size, uniform_tile};
use concealed::{MAX_UNSEEN, shuffle_front};
pub use table::{FillTable, fill_table, fill_world, fill_world_with};

/// What a fill infers from the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Inference {
    /// Uniform over the unseen tiles, whatever the table has shown (the baseline).
    Uniform,
    /// Consistent with every public fact the ruleset knows (the default).
    #[default]
    Constrained,
    /// Constrained, then weighted by how likely each opponent's play was under an opponent
    /// model ([`posterior`]).
    Posterior,
}

/// Whose view a fill takes, and what that view knows besides the seats and the mount.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The tile set in play.
    pub set: &'a TileSet,
    /// The seat whose information the fill keeps.
    pub viewer: Seat,
    /// Every public tile: melds, discards in the rivers (not those called into melds) and
    /// revealed indicators.
    pub seen: &'a TileCounts,
    /// The mount's collapsed slots are the viewer's own knowledge: their tiles count as seen
    /// and the slots stay.
    pub keep_collapses: bool,
}

/// Resamples, for `view.viewer`, the concealed tiles of the other seats still playing and the
/// mount's undrawn stock. Constraints are met exactly (see [the module docs](self)); a seat
/// that has drawn gets a drawn tile.
pub fn fill_unknown<R: Rng + ?Sized>(
    view: View<'_>,
    seats: &mut [Concealed],
    mount: &mut Mount,
    rng: &mut R,
) -> Result<(), FillError> {
    let mut pool = Pool::new(view, seats, mount)?;
    let stock = pool.deal(seats, rng)?;
    pool.restock(mount, &stock)
}

/// [`fill_unknown`] with `inference`: the constraints set in `seats` are dropped for
/// [`Inference::Uniform`] by the caller, and here when no deal meets them (the fill is then
/// uniform); [`Inference::Posterior`] weights
/// [`posterior::CANDIDATES`] deals by the opponents' last discards (`last`, by seat: `None`
/// where the seat's hand changed since or it is the viewer).
pub fn fill_inferred<R: Rng + ?Sized>(
    inference: Inference,
    view: View<'_>,
    seats: &mut [Concealed],
    mount: &mut Mount,
    last: &[Option<TileKind>],
    rng: &mut R,
) -> Result<(), FillError> {
    let filled = match inference {
        Inference::Posterior => {
            let weight = |deal: &[Concealed]| posterior::last_discards_weight(deal, last);
            let candidates = (posterior::CANDIDATES, &weight as Weight<'_>);
            fill_weighted(view, seats, mount, candidates, rng)
        }
        _ => fill_unknown(view, seats, mount, rng),
    };
    match filled {
        // Constraints no deal meets (an ability's claim the wall did not keep): the world must
        // still be re-dealt, never searched as it is, so the constraints are dropped.
        Err(FillError::Inconsistent { .. }) => {
            for seat in seats.iter_mut() {
                seat.forbidden = KindMask::NONE;
                seat.ready = false;
            }
            fill_unknown(view, seats, mount, rng)
        }
        other => other,
    }
}

/// How likely a deal of the seats is (any non-negative scale).
pub type Weight<'a> = &'a dyn Fn(&[Concealed]) -> f64;

/// [`fill_unknown`] by sampling importance resampling: `candidates` deals are drawn and one is
/// kept with probability proportional to `weight` of its seats (the first when every weight
/// is 0).
pub fn fill_weighted<R: Rng + ?Sized>(
    view: View<'_>,
    seats: &mut [Concealed],
    mount: &mut Mount,
    (candidates, weight): (usize, Weight<'_>),
    rng: &mut R,
) -> Result<(), FillError> {
    const MAX: usize = posterior::MAX_CANDIDATES;
    let n = candidates.clamp(1, MAX);
    let mut pool = Pool::new(view, seats, mount)?;
    let mut drawn = [[Concealed::default(); MAX_SEATS]; MAX];
    let mut stocks = [TileCounts::new(); MAX];
    let mut weights = [0.0; MAX];
    for i in 0..n {
        let deal = &mut drawn[i][..seats.len()];
        deal.copy_from_slice(seats);
        stocks[i] = pool.deal(deal, rng)?;
        weights[i] = weight(deal).max(0.0);
    }
    let pick = alea::chance::pick_weighted(&weights[..n], rng);
    seats.copy_from_slice(&drawn[pick][..seats.len()]);
    pool.restock(mount, &stocks[pick])
}

/// The unseen tiles of a fill, checked against the mount and the seats.
struct Pool {
    tiles: [Tile; MAX_UNSEEN],
    len: usize,
    viewer: Seat,
    constrained: bool,
    keep_collapses: bool,
}

impl Pool {
    fn new(view: View<'_>, seats: &[Concealed], mount: &Mount) -> Result<Pool, FillError> {
        let View {
            set,
            viewer,
            seen,
            keep_collapses,
        } = view;
        if seats.len() > MAX_SEATS {
            return Err(FillError::TooManySeats { seats: seats.len() });
        }
        if viewer.index() >= seats.len() {
            return Err(FillError::NoSuchViewer {
                viewer,
                seats: seats.len(),
            });
        }
        let mut known = [0u32; Tile::COUNT];
        for (t, &c) in known.iter_mut().zip(&seen.0) {
            *t = u32::from(c);
        }
        let mut kept = 0;
        if keep_collapses {
            for (_, tile) in mount.collapsed_slots() {
                known[tile.index()] += 1;
                kept += 1;
            }
        }
        let mut hidden = 0u32;
        for (s, seat) in seats.iter().enumerate() {
            let held = seat.tiles.total();
            if seat.playing && held != u32::from(seat.size) {
                return Err(FillError::HandSize {
                    seat: Seat(s as u8),
                    held,
                    expected: seat.size,
                });
            }
            if s == viewer.index() || !seat.playing {
                for (t, &c) in known.iter_mut().zip(&seat.tiles.0) {
                    *t += u32::from(c);
                }
            } else {
                hidden += held;
            }
        }
        let mut tiles = [Tile::ALL[0]; MAX_UNSEEN];
        let mut unseen = 0usize;
        for tile in Tile::ALL {
            let held = set.counts()[tile];
            let seen = known[tile.index()];
            if seen > u32::from(held) {
                return Err(FillError::Overseen { tile, seen, held });
            }
            for _ in seen..u32::from(held) {
                if unseen < MAX_UNSEEN {
                    tiles[unseen] = tile;
                }
                unseen += 1;
            }
        }
        let stock = mount.undrawn().total() - kept;
        if unseen as u32 != hidden + stock || unseen > MAX_UNSEEN {
            return Err(FillError::Unaccounted {
                unseen: unseen as u32,
                hands: hidden,
                stock,
            });
        }
        let constrained = seats
            .iter()
            .enumerate()
            .any(|(s, seat)| s != viewer.index() && seat.playing && seat.constrained());
        Ok(Pool {
            tiles,
            len: unseen,
            viewer,
            constrained,
            keep_collapses,
        })
    }

    /// Deals the opponents' tiles (and drawn tiles) into `seats`; returns the stock. The pool
    /// is reordered, never changed as a multiset, so it can deal again.
    fn deal<R: Rng + ?Sized>(
        &mut self,
        seats: &mut [Concealed],
        rng: &mut R,
    ) -> Result<TileCounts, FillError> {
        let pool = &mut self.tiles[..self.len];
        if self.constrained {
            return constrained::deal(self.viewer, seats, pool, rng);
        }
        let stock = uniform_deal(self.viewer, seats, pool, rng);
        for (s, seat) in seats.iter_mut().enumerate() {
            if s != self.viewer.index() && seat.playing && seat.drawn.is_some() {
                seat.drawn = uniform_tile(&seat.tiles, rng);
            }
        }
        Ok(stock)
    }

    fn restock(&self, mount: &mut Mount, stock: &TileCounts) -> Result<(), FillError> {
        match self.keep_collapses {
            true => mount.restock_keeping_collapses(stock)?,
            false => mount.restock(stock)?,
        }
        Ok(())
    }
}

/// The plain uniform partition: a partial Fisher–Yates shuffle of the unseen `pool`, the first
/// tiles dealt to the opponents in seat order; returns the rest, the stock.
fn uniform_deal<R: Rng + ?Sized>(
    viewer: Seat,
    seats: &mut [Concealed],
    pool: &mut [Tile],
    rng: &mut R,
) -> TileCounts {
    let hidden: usize = seats
        .iter()
        .enumerate()
        .filter(|&(s, seat)| s != viewer.index() && seat.playing)
        .map(|(_, seat)| usize::from(seat.size))
        .sum();
    shuffle_front(pool, hidden, rng);
    let mut next = pool[..hidden].iter().copied();
    for (s, seat) in seats.iter_mut().enumerate() {
        if s != viewer.index() && seat.playing {
            seat.tiles = TileCounts::from_tiles(next.by_ref().take(usize::from(seat.size)));
        }
    }
    TileCounts::from_tiles(pool[hidden..].iter().copied())
}

/// After a fill in a claim window on `from`'s tile, sets the claim options `fresh` of the
/// re-dealt hands: a seat that has not answered gets its options (one before `viewer` in the
/// claim order that was not asked stays so; one being asked gets its new hand's, so it is never
/// offered a call its hand cannot make); an answer is hidden from the viewer, so every
/// other seat's becomes `pass` (or `none` when the new hand has no option) — no world keeps
/// it or a call the new hand cannot make, whether the seat answers before the viewer or after
/// it (a viewer that is not the one answering now, e.g. the discarder).
pub fn refresh_claims<A: Copy + PartialEq>(
    from: Seat,
    viewer: Seat,
    fresh: &[u8],
    can: &mut [u8],
    answers: &mut [A],
    (none, pass): (A, A),
) {
    let seats = can.len() as u8;
    let viewer_at = (viewer.0 + seats - from.0) % seats;
    for d in 1..seats {
        let s = usize::from((from.0 + d) % seats);
        if d == viewer_at {
            continue;
        }
        if answers[s] != none {
            can[s] = fresh[s];
            answers[s] = if fresh[s] == 0 { none } else { pass };
        } else if d > viewer_at || can[s] != 0 {
            can[s] = fresh[s];
        }
    }
}
