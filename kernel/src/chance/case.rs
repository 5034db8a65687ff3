//! Chance points, [`CaseGenerator`]s and the [`Case`] resource.

use bevy_ecs::prelude::*;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::{Purpose, Streams};

/// Which branch the first branching chance point of the next action takes.
///
/// - `Case(None)`: sample randomly;
/// - `Case(Some(k))` with `k < max_case`: take branch `k`;
/// - `Case(Some(k))` with `k >= max_case`: sample randomly, as if `None`.
///
/// It is a [`Forced`] path of one: the action's first branching chance point (the chance node
/// an action leads to) uses its value; the points after it in the same action are sampled
/// from their streams ([`Sim::set_cases`](crate::kernel::Sim::set_cases) forces them too, one
/// case each). The resource is `None` from
/// then on — after the action too. The first point is the same whatever its case (nothing
/// random happened before it), so every case of a listed chance node applies; a forced case
/// never reaches a point that only another case leads to.
///
/// Set it between actions ([`Sim::set_case`](crate::kernel::Sim::set_case), or a system
/// before [`PipelineSystems::Accept`](crate::kernel::PipelineSystems::Accept)), never from
/// rules or handlers: [`Sim::play`](crate::kernel::Sim::play) reads it before its first
/// action only.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case(pub Option<u32>);

/// The most branching chance points one action can have forced
/// ([`Sim::set_cases`](crate::kernel::Sim::set_cases)).
pub const MAX_FORCED: usize = 16;

/// Cases forcing an action's branching chance points one at a time: the `i`-th case forces
/// the `i`-th branching point the action meets (in range: that branch; out of range: a
/// sample, as [`Case`] does); the points after the last case are sampled. Each point after the
/// first is the one the cases before it lead to, so a search lists an action's chance nodes
/// one after another: the outcomes of point `i` given cases `0..i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Forced {
    len: u8,
    cases: [u32; MAX_FORCED],
}

impl Forced {
    /// No case forced: every point sampled.
    pub const NONE: Forced = Forced {
        len: 0,
        cases: [0; MAX_FORCED],
    };

    /// `case` forcing the first branching point.
    pub const fn one(case: u32) -> Forced {
        let mut cases = [0; MAX_FORCED];
        cases[0] = case;
        Forced { len: 1, cases }
    }

    /// `cases` in order; `None` when there are more than [`MAX_FORCED`].
    pub fn path(cases: &[u32]) -> Option<Forced> {
        let mut forced = Forced::NONE;
        for &case in cases {
            forced = forced.then(case)?;
        }
        Some(forced)
    }

    /// These cases, then `case` for the next point (`None` when the path is full).
    pub fn then(mut self, case: u32) -> Option<Forced> {
        let slot = self.cases.get_mut(usize::from(self.len))?;
        *slot = case;
        self.len += 1;
        Some(self)
    }

    /// The cases, first point first.
    pub fn as_slice(&self) -> &[u32] {
        &self.cases[..usize::from(self.len)]
    }

    /// Copies `source`'s cases (only those in use: cheap when both are empty).
    fn assign(&mut self, source: &Forced) {
        let len = usize::from(source.len.max(self.len));
        self.cases[..len].copy_from_slice(&source.cases[..len]);
        self.len = source.len;
    }

    /// How many points are forced.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True when nothing is forced.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl From<Option<u32>> for Forced {
    fn from(case: Option<u32>) -> Forced {
        case.map_or(Forced::NONE, Forced::one)
    }
}

/// A small random branching whose outcomes can be enumerated: the die of Pig, a summon's random
/// effect. `produce(case)` turns a case number into the outcome.
pub trait CaseGenerator {
    /// What one case produces.
    type Outcome;
    /// A name for logs and search output.
    fn name(&self) -> &'static str;
    /// How many cases there are (at least 1).
    fn max_case(&self) -> u32;
    /// The outcome of case `case` (`case < max_case`).
    fn produce(&self, case: u32) -> Self::Outcome;
    /// The relative weight of `case`; uniform unless overridden.
    fn weight(&self, _case: u32) -> u32 {
        1
    }
    /// A stable id for what case `case` produces — a card's id, a tile's index — the same in
    /// every state, distinct between the point's cases; `None` (the default) when the case
    /// number itself names the outcome (a die's `case` is its face − 1). Chance nodes list
    /// their outcomes by these ids (the Python states, OpenSpiel).
    fn outcome_id(&self, _case: u32) -> Option<u32> {
        None
    }
    /// A case drawn by weight from `rng` (`total_weight` is the sum of the weights), when no
    /// case forces the point. Override it to keep a draw a game already had — its use of the
    /// stream, so seeded games replay as before the point existed (the mahjong wall) — it
    /// must return case `k` with probability `weight(k) / total_weight`. That probability may
    /// be over the game's seeds rather than this call's `rng`: a draw from the top of a pile
    /// the game shuffled when it was made (sgs, the duel) returns the top card's case and uses
    /// no stream.
    fn draw_case(&self, rng: &mut rand_chacha::ChaCha8Rng, total_weight: u64) -> u32 {
        sample_case(rng, self, total_weight)
    }
    /// The sum of the weights and whether every case has the same positive weight, when the
    /// generator knows them without a pass over its cases (the mount's 74-cell draw); `None`
    /// (the default): resolving the point sums [`weight`](Self::weight) over the cases.
    fn weight_summary(&self) -> Option<(u64, bool)> {
        None
    }
    /// The random stream used when sampling.
    fn purpose(&self) -> Purpose {
        Purpose::Effect
    }
    /// True for a point too wide to branch on (a `random` roll of 8 dice): it is
    /// always sampled with [`sample_keyed`](Self::sample_keyed), [`Case`] never forces it, and search does
    /// not enumerate it ([`ChanceRecord::branches`] is false). Default: false.
    fn sampled(&self) -> bool {
        false
    }
    /// True for a point with many cases that is still listed and forced like any other (a
    /// card drawn from a pile, a wall draw), but that search samples rather than enumerates
    /// by default: exact expectimax and benefit simulation take the world's own draw there
    /// (in a determinized world, the draw that world holds). Default: false.
    fn wide(&self) -> bool {
        false
    }
    /// A sample of a [`sampled`](Self::sampled) point: a key naming the outcome (its case
    /// number when `max_case` is exact) and the outcome. Default: a case drawn by weight.
    fn sample_keyed(&self, rng: &mut rand_chacha::ChaCha8Rng) -> (u32, Self::Outcome) {
        let total: u64 = (0..self.max_case())
            .map(|k| u64::from(self.weight(k)))
            .sum();
        let case = sample_case(rng, self, total);
        (case, self.produce(case))
    }
}

/// The exact probability of each case of `generator`, in case order.
pub fn case_probabilities<G: CaseGenerator + ?Sized>(generator: &G) -> Vec<f64> {
    let total: u64 = (0..generator.max_case())
        .map(|k| u64::from(generator.weight(k)))
        .sum();
    (0..generator.max_case())
        .map(|k| generator.weight(k) as f64 / total as f64)
        .collect()
}

/// One chance point met during an action: which generator, how wide, which case was taken and
/// whether the [`Case`] resource forced it. Search reads these to enumerate chance outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceRecord {
    /// The generator's name.
    pub generator: &'static str,
    /// Its number of cases.
    pub max_case: u32,
    /// The case taken.
    pub case: u32,
    /// True when [`Case`] chose it, false when it was sampled.
    pub forced: bool,
    /// The weight of the case taken.
    pub weight: u32,
    /// The sum of all cases' weights.
    pub total_weight: u64,
    /// A point search does not branch on (see [`CaseGenerator::sampled`]); `case` then names
    /// the sampled outcome.
    pub sampled: bool,
    /// Every case has the same weight (so each has probability `1 / max_case`).
    pub uniform: bool,
    /// Search samples this point rather than enumerate it ([`CaseGenerator::wide`]).
    pub wide: bool,
    /// What the case taken produced, by the generator's own id
    /// ([`CaseGenerator::outcome_id`]: a card's id, a tile); `None` when the generator names
    /// outcomes by their case numbers.
    pub outcome: Option<u32>,
}

impl ChanceRecord {
    /// True when search branches on this point (it is not [`sampled`](Self::sampled)).
    pub fn branches(&self) -> bool {
        !self.sampled
    }

    /// The probability of the case taken.
    pub fn probability(&self) -> f64 {
        f64::from(self.weight) / self.total_weight as f64
    }

    /// The id of the outcome taken: [`outcome`](Self::outcome), else the case number.
    pub fn outcome_id(&self) -> u32 {
        self.outcome.unwrap_or(self.case)
    }
}

/// The chance state of the action being resolved: the cases forced when the action was
/// accepted ([`Case`], [`Sim::set_cases`](crate::kernel::Sim::set_cases)), and the chance
/// points met so far. Lives in the pipeline's [`Resolution`](crate::pipeline::Resolution)
/// (transient: copied by snapshots, never part of a checksum); handlers reach it through
/// [`Ctx::chance`](crate::pipeline::Ctx::chance).
#[derive(Debug, Default)]
pub struct ActionChance {
    /// The [`Case`] forcing this action's first branching chance point (unless a path does).
    pub forced: Option<u32>,
    /// The cases forcing this action's branching points one each (see [`Forced`]).
    path: Forced,
    /// The cases the next action takes (set between actions, moved into `path` by `start`).
    next: Forced,
    /// The branching points met so far (the index of the next one's case in `path`).
    branching: u8,
    /// The chance points met, oldest first.
    pub log: Vec<ChanceRecord>,
    /// The branching point whose cases [`resolve`](Self::resolve) lists (see
    /// [`list_point`](Self::list_point)).
    list_at: Option<u8>,
    /// Its cases with a positive weight, once met.
    listing: Vec<ListedCase>,
    /// True when `listing` is the listed point's of the last action.
    listed: bool,
}

/// One case of a listed chance point (see [`ActionChance::list_point`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListedCase {
    /// The case number.
    pub case: u32,
    /// What it produces, by the generator's id ([`ChanceRecord::outcome_id`]).
    pub outcome: u32,
    /// Its weight (positive).
    pub weight: u32,
}

impl Clone for ActionChance {
    fn clone(&self) -> Self {
        ActionChance {
            forced: self.forced,
            path: self.path,
            next: self.next,
            branching: self.branching,
            log: self.log.clone(),
            list_at: self.list_at,
            listing: self.listing.clone(),
            listed: self.listed,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.forced = source.forced;
        self.path.assign(&source.path);
        self.next.assign(&source.next);
        self.branching = source.branching;
        self.log.clone_from(&source.log);
        self.list_at = source.list_at;
        self.listing.clone_from(&source.listing);
        self.listed = source.listed;
    }
}

impl ActionChance {
    /// Starts an action forced to `case` (the [`Case`] resource's value, which it consumes);
    /// the cases set for it with [`force_next`](Self::force_next) force its branching points
    /// one each, unless `case` is set (it takes precedence).
    #[inline(always)]
    pub fn start(&mut self, case: Option<u32>) {
        self.forced = case;
        self.branching = 0;
        self.log.clear();
        self.listed = false;
        if (self.path.len | self.next.len) != 0 {
            self.path = std::mem::take(&mut self.next);
            if case.is_some() {
                self.path = Forced::NONE;
            }
        }
    }

    /// Lists the cases of branching point number `index` of each action from now on (`None`:
    /// none, the default): [`resolve`](Self::resolve) keeps its cases with a positive weight,
    /// so a chance node is listed without applying its action once per case.
    pub fn list_point(&mut self, index: Option<usize>) {
        self.list_at = index.and_then(|i| u8::try_from(i).ok());
    }

    /// The cases of the listed point (see [`list_point`](Self::list_point)), if the last
    /// action met it.
    pub fn listing(&self) -> Option<&[ListedCase]> {
        self.listed.then_some(self.listing.as_slice())
    }

    /// Forces the next action's branching points to `cases`, one each.
    pub fn force_next(&mut self, cases: Forced) {
        self.next = cases;
    }

    /// The cases set for the next action (empty: none).
    pub fn forced_next(&self) -> &Forced {
        &self.next
    }

    /// The cases forcing this action's branching points (empty: none, or only [`Case`]).
    pub fn path(&self) -> &Forced {
        &self.path
    }

    /// The case forcing the next branching point, if one is forced (and in range: below
    /// `max_case`); counts the point.
    #[inline(always)]
    fn next_forced(&mut self, max_case: u32) -> Option<u32> {
        let at = self.branching;
        self.branching = at.saturating_add(1);
        let case = match self.path.len {
            0 => self.forced.take(),
            _ => self.path.as_slice().get(usize::from(at)).copied(),
        };
        case.filter(|&k| k < max_case)
    }

    /// Resolves a chance point: the case forced for it if it is in range (see [`Forced`]),
    /// else a sample of `generator`'s weights from its stream in `streams`. Records it and
    /// returns the outcome. `streams` is called only when a sample is needed.
    #[inline(always)]
    pub fn resolve<'s, C: CaseGenerator + ?Sized>(
        &mut self,
        streams: impl FnOnce() -> &'s mut Streams,
        generator: &C,
    ) -> C::Outcome {
        let max_case = generator.max_case();
        debug_assert!(max_case > 0, "a case generator needs at least one case");
        if generator.sampled() {
            let (case, outcome) = generator.sample_keyed(streams().rng(generator.purpose()));
            self.log.push(ChanceRecord {
                generator: generator.name(),
                max_case,
                case,
                forced: false,
                weight: 1,
                total_weight: u64::from(max_case),
                sampled: true,
                uniform: true,
                wide: false,
                outcome: None,
            });
            return outcome;
        }
        let index = self.branching;
        let forced = self.next_forced(max_case);
        if self.list_at == Some(index) {
            self.list(generator);
        }
        let (total_weight, uniform) = generator.weight_summary().unwrap_or_else(|| {
            let first = generator.weight(0);
            let (mut total_weight, mut uniform) = (0u64, first > 0);
            for k in 0..max_case {
                let weight = generator.weight(k);
                total_weight += u64::from(weight);
                uniform &= weight == first;
            }
            (total_weight, uniform)
        });
        let case = match forced {
            Some(k) => k,
            None => generator.draw_case(streams().rng(generator.purpose()), total_weight),
        };
        self.log.push(ChanceRecord {
            generator: generator.name(),
            max_case,
            case,
            forced: forced.is_some(),
            weight: generator.weight(case),
            total_weight,
            sampled: false,
            uniform,
            wide: generator.wide(),
            outcome: generator.outcome_id(case),
        });
        generator.produce(case)
    }
}

impl ActionChance {
    /// Keeps `generator`'s cases with a positive weight as the listing.
    #[cold]
    fn list<C: CaseGenerator + ?Sized>(&mut self, generator: &C) {
        self.listing.clear();
        for case in 0..generator.max_case() {
            let weight = generator.weight(case);
            if weight > 0 {
                let outcome = generator.outcome_id(case).unwrap_or(case);
                self.listing.push(ListedCase {
                    case,
                    outcome,
                    weight,
                });
            }
        }
        self.listed = true;
    }
}

#[inline(always)]
fn sample_case<G: CaseGenerator + ?Sized>(
    rng: &mut rand_chacha::ChaCha8Rng,
    generator: &G,
    total: u64,
) -> u32 {
    let max_case = generator.max_case();
    if total == u64::from(max_case) && (0..max_case).all(|k| generator.weight(k) == 1) {
        return rng.random_range(0..max_case);
    }
    let mut r = rng.random_range(0..total);
    for k in 0..max_case {
        let w = u64::from(generator.weight(k));
        if r < w {
            return k;
        }
        r -= w;
    }
    max_case - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Weighted;
    impl CaseGenerator for Weighted {
        type Outcome = char;
        fn name(&self) -> &'static str {
            "weighted"
        }
        fn max_case(&self) -> u32 {
            3
        }
        fn produce(&self, case: u32) -> char {
            ['a', 'b', 'c'][case as usize]
        }
        fn weight(&self, case: u32) -> u32 {
            [1, 0, 3][case as usize]
        }
    }

    fn start_path(chance: &mut ActionChance, cases: &[u32]) {
        chance.force_next(Forced::path(cases).unwrap());
        chance.start(None);
    }

    fn draw(chance: &mut ActionChance, streams: &mut Streams) -> char {
        chance.resolve(|| streams, &Weighted)
    }

    #[test]
    fn weights_give_exact_probabilities_and_zero_weight_never_drawn() {
        assert_eq!(case_probabilities(&Weighted), vec![0.25, 0.0, 0.75]);
        let (mut chance, mut streams) = (ActionChance::default(), Streams::new(11));
        let draws: Vec<char> = (0..400).map(|_| draw(&mut chance, &mut streams)).collect();
        assert!(!draws.contains(&'b'));
        let a = draws.iter().filter(|&&c| c == 'a').count();
        // Binomial(400, 1/4): mean 100, sd 8.66; 4 sd bound (two-sided p < 1e-4).
        assert!((65..=135).contains(&a), "a drawn {a} times");
        assert_eq!(chance.log.len(), 400);
    }

    #[test]
    fn case_forces_in_range_and_samples_out_of_range() {
        let (mut chance, mut streams) = (ActionChance::default(), Streams::new(11));
        chance.start(Some(1));
        assert_eq!(draw(&mut chance, &mut streams), 'b');
        let rec = chance.log[0];
        assert!(rec.forced);
        assert_eq!((rec.case, rec.max_case), (1, 3));
        assert_eq!(rec.probability(), 0.0);
        let untouched = streams.word_pos(Purpose::Effect);
        assert_eq!(untouched, 0, "a forced case draws nothing");
        chance.start(Some(3));
        assert_eq!(chance.log.len(), 0, "a new action starts a new log");
        let out = draw(&mut chance, &mut streams);
        assert_ne!(out, 'b', "out-of-range case samples by weight");
        assert!(!chance.log[0].forced);
        assert!(streams.word_pos(Purpose::Effect) > 0);
    }

    #[test]
    fn a_forced_case_forces_the_first_point_only() {
        let (mut chance, mut streams) = (ActionChance::default(), Streams::new(11));
        chance.start(Some(2));
        assert_eq!(draw(&mut chance, &mut streams), 'c');
        assert_eq!(streams.word_pos(Purpose::Effect), 0);
        // The second point of the same action is sampled (weight 0 never comes up).
        let second = draw(&mut chance, &mut streams);
        assert_ne!(second, 'b');
        assert!(chance.log[0].forced && !chance.log[1].forced);
        assert!(streams.word_pos(Purpose::Effect) > 0);
        assert_eq!(chance.forced, None);
    }

    /// A path forces the action's branching points one case each; a case out of range is a
    /// sample; the points past the path are sampled.
    #[test]
    fn a_path_forces_each_point_in_turn() {
        let (mut chance, mut streams) = (ActionChance::default(), Streams::new(11));
        start_path(&mut chance, &[2, 0, 2]);
        assert_eq!(draw(&mut chance, &mut streams), 'c');
        assert_eq!(draw(&mut chance, &mut streams), 'a');
        assert_eq!(
            streams.word_pos(Purpose::Effect),
            0,
            "forced points draw nothing"
        );
        assert_eq!(draw(&mut chance, &mut streams), 'c');
        let forced: Vec<bool> = chance.log.iter().map(|r| r.forced).collect();
        assert_eq!(forced, [true, true, true]);
        let fourth = draw(&mut chance, &mut streams);
        assert_ne!(fourth, 'b');
        assert!(!chance.log[3].forced && streams.word_pos(Purpose::Effect) > 0);
        start_path(&mut chance, &[7, 1]);
        draw(&mut chance, &mut streams);
        assert!(!chance.log[0].forced, "out of range: sampled");
        assert_eq!(
            draw(&mut chance, &mut streams),
            'b',
            "the second case still applies"
        );
        assert!(chance.log[1].forced);
        // The next action forces nothing; a set `Case` takes precedence over a path.
        chance.start(None);
        assert!(chance.path().is_empty());
        chance.force_next(Forced::path(&[2, 2]).unwrap());
        chance.start(Some(0));
        assert_eq!(draw(&mut chance, &mut streams), 'a');
        draw(&mut chance, &mut streams);
        assert!(chance.log[0].forced && !chance.log[1].forced);
    }

    #[test]
    fn a_path_holds_at_most_max_forced_cases() {
        let full = Forced::path(&[1; MAX_FORCED]).unwrap();
        assert_eq!(full.len(), MAX_FORCED);
        assert_eq!(full.then(1), None);
        assert_eq!(Forced::path(&[0; MAX_FORCED + 1]), None);
        assert_eq!(Forced::from(Some(4)).as_slice(), &[4]);
        assert!(Forced::from(None).is_empty());
    }
}
