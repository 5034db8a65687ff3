//! What the table knows of a seat's hidden hand: how many of its cards are of each tag (a
//! part of its public [`Side`](super::state::Side)).
//!
//! A draw by tag (Scout Report: an equipment card) puts cards of a known tag into a hand; a
//! card of that tag leaving the hand face up (played, tuned) takes one off, since no one else
//! can tell whether it was one of them. A determinization deals the hand the known cards
//! first ([`deal`]), so every world it makes agrees with the table.

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::catalog::CardTag;

/// The card tags, in [`CardTag`] order.
const TAGS: usize = 4;

/// How many cards of each tag a hand is known to hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandEvidence {
    /// Per tag, in [`CardTag`] order.
    pub known: [u8; TAGS],
}

impl HandEvidence {
    /// `count` cards drawn into the hand by a draw of `tag` (`None`: any card, which says
    /// nothing).
    pub fn drawn(&mut self, tag: Option<CardTag>, count: u8) {
        if let Some(tag) = tag {
            let known = &mut self.known[tag as usize];
            *known = known.saturating_add(count);
        }
    }

    /// A card of `tag` left the hand face up.
    pub fn revealed(&mut self, tag: CardTag) {
        let known = &mut self.known[tag as usize];
        *known = known.saturating_sub(1);
    }

    /// `count` cards left the hand unseen: any of them may have been a known one.
    pub fn hidden(&mut self, count: u8) {
        for known in &mut self.known {
            *known = known.saturating_sub(count);
        }
    }
}

/// Deals [`deal`] tries before it settles for one with the known cards picked first.
pub const DEAL_ATTEMPTS: u32 = 64;

/// Orders `ids` (a seat's unseen cards, hand and pile, as a canonical multiset) into a deal
/// whose first `hand` are the hand, with as many cards of each tag as `known` says. It deals as
/// the table did: the hand's other cards uniformly from all the unseen ones, then each known
/// card uniformly among the cards of its tag left (a tag draw took it from the pile), the pile
/// shuffled; a deal where too few are left is drawn again, up to [`DEAL_ATTEMPTS`] times, then
/// the known cards are picked first. Exact for a hand whose other cards were held before its
/// tag draws (cards drawn after are treated the same; which cards a tag draw skipped is not
/// public and not used). With nothing known: the plain shuffle (the same draws).
pub fn deal(
    ids: &mut [u16],
    hand: usize,
    known: [u8; TAGS],
    tag_of: impl Fn(u16) -> CardTag,
    rng: &mut ChaCha8Rng,
) {
    let wanted: usize = known
        .iter()
        .map(|&k| usize::from(k))
        .sum::<usize>()
        .min(hand);
    if wanted == 0 {
        ids.shuffle(rng);
        return;
    }
    let others = hand - wanted;
    let sorted = ids.to_vec();
    for _ in 0..DEAL_ATTEMPTS {
        ids.copy_from_slice(&sorted);
        ids.shuffle(rng);
        if pick_known(ids, others, hand, known, &tag_of, rng) {
            // The picks moved cards about the pile: shuffle it again.
            ids[hand..].shuffle(rng);
            return;
        }
    }
    ids.copy_from_slice(&sorted);
    pick_known(ids, 0, hand, known, &tag_of, rng);
    ids[wanted..].shuffle(rng);
}

/// Moves the known cards to `ids[from..]`, each uniform among the cards of its tag at or past
/// its place; false when a tag has too few.
fn pick_known(
    ids: &mut [u16],
    from: usize,
    hand: usize,
    known: [u8; TAGS],
    tag_of: &impl Fn(u16) -> CardTag,
    rng: &mut ChaCha8Rng,
) -> bool {
    let mut at = from;
    for (tag, &count) in known.iter().enumerate() {
        for _ in 0..count {
            if at >= hand {
                return true;
            }
            let of_tag = |i: &usize| tag_of(ids[*i]) as usize == tag;
            let candidates = (at..ids.len()).filter(of_tag).count();
            if candidates == 0 {
                return false;
            }
            let pick = rng.random_range(0..candidates);
            let found = (at..ids.len()).filter(of_tag).nth(pick).unwrap_or(at);
            ids.swap(at, found);
            at += 1;
        }
    }
    true
}
