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

/// Orders `ids` (a seat's unseen cards, hand and pile, as a canonical multiset) into a deal
/// whose first `hand` are the hand: for each tag, as many cards of it as `known` says (each
/// drawn uniformly among the remaining cards of that tag, as many as there are), then every
/// other card shuffled. Uniform over the deals in which the known cards are cards of their
/// tags; with nothing known, the plain shuffle (the same draws).
pub fn deal(
    ids: &mut [u16],
    hand: usize,
    known: [u8; TAGS],
    tag_of: impl Fn(u16) -> CardTag,
    rng: &mut ChaCha8Rng,
) {
    let mut front = 0;
    for (tag, &count) in known.iter().enumerate() {
        for _ in 0..count {
            let of_tag = |i: &usize| tag_of(ids[*i]) as usize == tag;
            let candidates = (front..ids.len()).filter(of_tag).count();
            if front >= hand || candidates == 0 {
                break;
            }
            let pick = rng.random_range(0..candidates);
            let at = (front..ids.len()).filter(of_tag).nth(pick).unwrap_or(front);
            ids.swap(front, at);
            front += 1;
        }
    }
    ids[front..].shuffle(rng);
}
