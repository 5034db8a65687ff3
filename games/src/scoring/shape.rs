//! Win shapes shared by mahjong scoring rules: the standard shape (sets of three and one pair,
//! every reading of it), seven pairs and thirteen orphans, on per-kind counts.
//!
//! The functions look at concealed tiles only; melds called from others are already sets, so a
//! hand with `m` melds needs `14 - 3m` concealed tiles in the standard shape.
//!
//! ```
//! use alea_games::scoring::shape::{Set, for_each_standard, is_standard};
//! use alea_games::tiles::parse_tiles;
//! let counts = alea_games::tiles::TileCounts::from_tiles(parse_tiles("111222333m45699s").unwrap()).kinds();
//! assert!(is_standard(&counts));
//! let mut readings = 0;
//! for_each_standard(&counts, |reading| {
//!     readings += 1;
//!     assert_eq!(reading.pair().tile().to_string(), "9s");
//!     assert!(reading.sets().iter().any(|set| matches!(set, Set::Sequence(_))));
//!     std::ops::ControlFlow::Continue(())
//! });
//! assert_eq!(readings, 2); // three triplets or three 123m sequences, each with 456s
//! ```

use std::fmt;
use std::ops::ControlFlow;

use crate::tiles::{KindCounts, TileKind};

/// The most sets a standard shape has (four sets and a pair: 14 tiles).
pub const MAX_SETS: usize = 4;

/// A set of three tiles in a standard shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Set {
    /// Three consecutive numbers of one suit, named by the lowest.
    Sequence(TileKind),
    /// Three copies of one kind.
    Triplet(TileKind),
}

impl Set {
    /// The kind naming the set (a sequence's lowest tile).
    pub const fn kind(self) -> TileKind {
        match self {
            Set::Sequence(kind) | Set::Triplet(kind) => kind,
        }
    }

    /// True for sequences.
    pub const fn is_sequence(self) -> bool {
        matches!(self, Set::Sequence(_))
    }

    /// True when the set holds a tile of `kind`.
    pub fn contains(self, kind: TileKind) -> bool {
        match self {
            Set::Triplet(own) => own == kind,
            Set::Sequence(low) => {
                kind.suit() == low.suit() && (low.index()..low.index() + 3).contains(&kind.index())
            }
        }
    }
}

impl fmt::Display for Set {
    /// `123m`, `777z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, step) = match *self {
            Set::Sequence(kind) => (kind, 1),
            Set::Triplet(kind) => (kind, 0),
        };
        for at in 0..3 {
            write!(f, "{}", kind.number() + at * step)?;
        }
        write!(f, "{}", kind.suit().letter())
    }
}

/// One reading of concealed tiles in the standard shape: up to [`MAX_SETS`] sets and one pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrangement {
    pair: TileKind,
    sets: [Set; MAX_SETS],
    len: u8,
}

impl Arrangement {
    /// The pair's kind.
    pub const fn pair(&self) -> TileKind {
        self.pair
    }

    /// The sets, in kind order.
    pub fn sets(&self) -> &[Set] {
        &self.sets[..usize::from(self.len)]
    }

    fn push(&mut self, set: Set) {
        self.sets[usize::from(self.len)] = set;
        self.len += 1;
    }
}

/// Calls `visit` with every reading of `counts` as sets and one pair (each distinct reading once,
/// pairs in kind order), until it breaks. `counts` must hold `3k + 2` tiles with `k ≤ 4`;
/// anything else has no reading.
pub fn for_each_standard(
    counts: &KindCounts,
    mut visit: impl FnMut(&Arrangement) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(pair_group) = pair_group(counts) else {
        return ControlFlow::Continue(());
    };
    let mut work = counts.0;
    let (start, end) = group_range(pair_group);
    for pair in start..end {
        if work[pair] < 2 || !pair_fits(&counts.0, pair_group, pair) {
            continue;
        }
        work[pair] -= 2;
        let mut reading = Arrangement {
            pair: kind(pair),
            sets: [Set::Triplet(kind(0)); MAX_SETS],
            len: 0,
        };
        let flow = sets_from(&mut work, 0, &mut reading, &mut visit);
        work[pair] += 2;
        flow?;
    }
    ControlFlow::Continue(())
}

/// True when `counts` has at least one standard reading. Faster than asking
/// [`for_each_standard`]: each suit is checked on its own, in one pass.
pub fn is_standard(counts: &KindCounts) -> bool {
    let Some(pair_group) = pair_group(counts) else {
        return false;
    };
    let sets_only = |group: usize, counts: &[u8; TileKind::COUNT]| {
        let (start, end) = group_range(group);
        group_is_sets(&counts[start..end], group == 3)
    };
    let empty = |group: usize| {
        let (start, end) = group_range(group);
        counts.0[start..end].iter().all(|&c| c == 0)
    };
    if (0..4).any(|group| group != pair_group && !empty(group) && !sets_only(group, &counts.0)) {
        return false;
    }
    let (start, end) = group_range(pair_group);
    let mut work = counts.0;
    (start..end).any(|pair| {
        if work[pair] < 2 || !pair_fits(&counts.0, pair_group, pair) {
            return false;
        }
        work[pair] -= 2;
        let ok = sets_only(pair_group, &work);
        work[pair] += 2;
        ok
    })
}

/// True when one suit's (or the honors') counts split into sets only. Taking `count % 3`
/// sequences at the lowest number loses nothing: three equal sequences use the same tiles as
/// three triplets.
fn group_is_sets(counts: &[u8], honors: bool) -> bool {
    if honors {
        return counts.iter().all(|&c| c % 3 == 0);
    }
    // The sequences started one and two numbers below.
    let (mut below, mut two_below) = (0u8, 0u8);
    for (at, &count) in counts.iter().enumerate() {
        let Some(free) = count.checked_sub(below + two_below) else {
            return false;
        };
        let sequences = free % 3;
        if sequences > 0 && at > 6 {
            return false;
        }
        two_below = below;
        below = sequences;
    }
    true
}

/// True for seven pairs: 14 tiles, each kind present an even number of times. With
/// `distinct`, the seven pairs must be of seven different kinds (riichi); without, four of a
/// kind counts as two pairs (sichuan).
pub fn is_seven_pairs(counts: &KindCounts, distinct: bool) -> bool {
    counts.total() == 14
        && counts
            .0
            .iter()
            .all(|&c| c % 2 == 0 && (!distinct || c <= 2))
}

/// True for thirteen orphans: 14 tiles, one of each terminal and honor and one more of them.
pub fn is_thirteen_orphans(counts: &KindCounts) -> bool {
    counts.total() == 14
        && TileKind::all().all(|kind| {
            let c = counts[kind];
            if kind.is_terminal_or_honor() {
                c == 1 || c == 2
            } else {
                c == 0
            }
        })
}

const fn kind(index: usize) -> TileKind {
    match TileKind::new(index as u8) {
        Some(kind) => kind,
        None => panic!("kind index out of range"),
    }
}

/// The kind ranges of the three suits and the honors.
const fn group_range(group: usize) -> (usize, usize) {
    if group < 3 {
        (group * 9, group * 9 + 9)
    } else {
        (27, 34)
    }
}

/// Whether `pair` can be the pair of its suit: sets add multiples of three to a suit's
/// Σ number × count (a triplet 3n, a sequence 3n + 3), so the pair's 2n must match that sum
/// mod 3. Honors always can.
fn pair_fits(counts: &[u8; TileKind::COUNT], group: usize, pair: usize) -> bool {
    if group == 3 {
        return true;
    }
    let (start, end) = group_range(group);
    let weighted: usize = counts[start..end]
        .iter()
        .enumerate()
        .map(|(at, &c)| (at + 1) * usize::from(c))
        .sum();
    (2 * (pair - start + 1)) % 3 == weighted % 3
}

/// The group (suit or honors) that must hold the pair, when the tile count allows a reading:
/// sets keep each group's count a multiple of three, so the pair is where the count is 2 mod 3.
fn pair_group(counts: &KindCounts) -> Option<usize> {
    let sum = |group: usize| {
        let (start, end) = group_range(group);
        counts.0[start..end]
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>()
    };
    let sums = [sum(0), sum(1), sum(2), sum(3)];
    let total: u32 = sums.iter().sum();
    if total % 3 != 2 || total > 3 * MAX_SETS as u32 + 2 {
        return None;
    }
    let mut found = None;
    for (group, sum) in sums.iter().enumerate() {
        match sum % 3 {
            0 => {}
            2 if found.is_none() => found = Some(group),
            _ => return None,
        }
    }
    // Honors cannot form sequences: each honor count must be 0, 2 (the pair) or 3.
    let honors = &counts.0[27..34];
    let pairs = honors.iter().filter(|&&c| c == 2).count();
    if honors.iter().any(|&c| c == 1 || c > 3) || pairs > 1 {
        return None;
    }
    if pairs == 1 && found != Some(3) {
        return None;
    }
    found
}

/// Splits `work` (from kind `from` on) into sets, leftmost tile first: it is either in a
/// triplet or the lowest tile of a sequence, so each reading comes out once.
fn sets_from(
    work: &mut [u8; TileKind::COUNT],
    from: usize,
    reading: &mut Arrangement,
    visit: &mut impl FnMut(&Arrangement) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(at) = (from..TileKind::COUNT).find(|&i| work[i] > 0) else {
        return visit(reading);
    };
    if usize::from(reading.len) == MAX_SETS {
        return ControlFlow::Continue(());
    }
    let saved = *reading;
    if work[at] >= 3 {
        work[at] -= 3;
        reading.push(Set::Triplet(kind(at)));
        let flow = sets_from(work, at, reading, visit);
        work[at] += 3;
        *reading = saved;
        flow?;
    }
    if at < 27 && at % 9 < 7 && work[at + 1] > 0 && work[at + 2] > 0 {
        work[at] -= 1;
        work[at + 1] -= 1;
        work[at + 2] -= 1;
        reading.push(Set::Sequence(kind(at)));
        let flow = sets_from(work, at, reading, visit);
        work[at] += 1;
        work[at + 1] += 1;
        work[at + 2] += 1;
        *reading = saved;
        flow?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{TileCounts, parse_tiles};

    fn counts(text: &str) -> KindCounts {
        TileCounts::from_tiles(parse_tiles(text).unwrap()).kinds()
    }

    fn readings(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let _ = for_each_standard(&counts(text), |reading| {
            let mut sets: Vec<String> = reading.sets().iter().map(Set::to_string).collect();
            sets.push(reading.pair().tile().to_string());
            out.push(sets.join(" "));
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn every_reading_once() {
        assert_eq!(
            readings("111222333m45699s"),
            ["111m 222m 333m 456s 9s", "123m 123m 123m 456s 9s"]
        );
        // Chuuren 1112345678999m + 5m: only the pair 5m leaves sets (1m or 9m leave a 5 alone).
        assert_eq!(readings("11123455678999m"), ["111m 234m 678m 999m 5m"]);
        // 22233344m: only the pair 4m works (with 2m or 3m as the pair a lone tile is left).
        assert_eq!(readings("22233344m"), ["222m 333m 4m"]);
        assert_eq!(readings("11223344556677z").len(), 0);
        assert_eq!(readings("1m"), Vec::<String>::new());
        assert_eq!(readings("11m"), ["1m"]);
        assert_eq!(readings("123m11z"), ["123m 1z"]);
        assert_eq!(readings("123m111z").len(), 0);
    }

    /// Plain backtracking without the pruning: the lowest tile is in the pair (if none is yet),
    /// a triplet or a sequence.
    fn reference(work: &mut [u8; TileKind::COUNT], paired: bool) -> bool {
        let Some(at) = work.iter().position(|&c| c > 0) else {
            return paired;
        };
        let try_take = |take: &[usize], paired: bool, work: &mut [u8; TileKind::COUNT]| {
            if take.iter().any(|&i| work[i] == 0) {
                return false;
            }
            take.iter().for_each(|&i| work[i] -= 1);
            let ok = reference(work, paired);
            take.iter().for_each(|&i| work[i] += 1);
            ok
        };
        (!paired && work[at] >= 2 && try_take(&[at, at], true, work))
            || (work[at] >= 3 && try_take(&[at, at, at], paired, work))
            || (at < 27 && at % 9 < 7 && try_take(&[at, at + 1, at + 2], paired, work))
    }

    #[test]
    fn the_fast_test_agrees_with_the_readings() {
        // Multisets of one suit (rotating m, p, s) with at most 4 copies (a sample: counts in base
        // 5 over the nine numbers), with no honors, an honor pair or an honor triplet, checked
        // against plain backtracking.
        let mut checked = 0;
        for code in (0..5u32.pow(9)).step_by(7) {
            let mut counts = KindCounts::default();
            let mut rest = code;
            let suit = 9 * (code as usize % 3);
            for at in 0..9 {
                counts.0[suit + at] = (rest % 5) as u8;
                rest /= 5;
            }
            for honors in [0u8, 2, 3] {
                counts.0[27] = honors;
                if counts.total() > 14 {
                    continue; // more than four sets: no reading by definition
                }
                let expected = reference(&mut counts.0.clone(), false);
                let found = for_each_standard(&counts, |_| ControlFlow::Break(())).is_break();
                assert_eq!(found, expected, "{counts:?}");
                assert_eq!(is_standard(&counts), expected, "{counts:?}");
                checked += usize::from(expected);
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn seven_pairs_and_orphans() {
        assert!(is_seven_pairs(&counts("11223344556677z"), true));
        assert!(!is_seven_pairs(&counts("11113344556677z"), true));
        assert!(is_seven_pairs(&counts("11113344556677z"), false));
        assert!(!is_seven_pairs(&counts("1122334455667z"), false));
        assert!(is_thirteen_orphans(&counts("19m19p19s12345677z")));
        assert!(!is_thirteen_orphans(&counts("19m19p19s12345678m")));
        assert!(!is_thirteen_orphans(&counts("19m19p19s1234566z")));
    }
}
