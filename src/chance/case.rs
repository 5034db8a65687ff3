//! Chance points, [`CaseGenerator`]s and the [`Case`] resource (DESIGN §4).

use bevy_ecs::prelude::*;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::{Purpose, Streams};

/// Which branch the chance points of the current action take.
///
/// - `Case(None)`: sample randomly;
/// - `Case(Some(k))` with `k < max_case`: take branch `k`;
/// - `Case(Some(k))` with `k >= max_case`: sample randomly, as if `None`.
///
/// [`Sim::apply`](crate::kernel::Sim::apply) resets it to `None` after every action: the next
/// random situation is usually a different one, so a forced case never carries over.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case(pub Option<u32>);

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
    /// The random stream used when sampling.
    fn purpose(&self) -> Purpose {
        Purpose::Effect
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
}

/// The chance points met by the current action, in order (cleared when an action starts).
/// Informational only: no rule reads it, so it is not part of snapshots.
#[derive(Resource, Clone, Debug, Default)]
pub struct ChanceLog {
    /// The records, oldest first.
    pub records: Vec<ChanceRecord>,
}

/// Resolves a chance point: reads [`Case`], else samples `generator`'s weights from its stream,
/// records the point in the [`ChanceLog`] and returns the produced outcome.
pub fn resolve_chance<G: CaseGenerator + ?Sized>(world: &mut World, generator: &G) -> G::Outcome {
    let max_case = generator.max_case();
    debug_assert!(max_case > 0, "a case generator needs at least one case");
    let forced = world.resource::<Case>().0.filter(|&k| k < max_case);
    let case = match forced {
        Some(k) => k,
        None => sample_case(
            world.resource_mut::<Streams>().rng(generator.purpose()),
            generator,
        ),
    };
    world
        .resource_mut::<ChanceLog>()
        .records
        .push(ChanceRecord {
            generator: generator.name(),
            max_case,
            case,
            forced: forced.is_some(),
        });
    generator.produce(case)
}

fn sample_case<G: CaseGenerator + ?Sized>(rng: &mut rand_chacha::ChaCha8Rng, generator: &G) -> u32 {
    let max_case = generator.max_case();
    let uniform = (0..max_case).all(|k| generator.weight(k) == 1);
    if uniform {
        return rng.random_range(0..max_case);
    }
    let total: u64 = (0..max_case).map(|k| u64::from(generator.weight(k))).sum();
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

    fn world() -> World {
        let mut world = World::new();
        world.insert_resource(Case::default());
        world.insert_resource(ChanceLog::default());
        world.insert_resource(Streams::new(11));
        world
    }

    #[test]
    fn weights_give_exact_probabilities_and_zero_weight_never_drawn() {
        assert_eq!(case_probabilities(&Weighted), vec![0.25, 0.0, 0.75]);
        let mut world = world();
        let draws: Vec<char> = (0..400)
            .map(|_| resolve_chance(&mut world, &Weighted))
            .collect();
        assert!(!draws.contains(&'b'));
        let a = draws.iter().filter(|&&c| c == 'a').count();
        // Binomial(400, 1/4): mean 100, sd 8.66; 4 sd bound (two-sided p < 1e-4).
        assert!((65..=135).contains(&a), "a drawn {a} times");
        assert_eq!(world.resource::<ChanceLog>().records.len(), 400);
    }

    #[test]
    fn case_forces_in_range_and_samples_out_of_range() {
        let mut world = world();
        world.insert_resource(Case(Some(1)));
        assert_eq!(resolve_chance(&mut world, &Weighted), 'b');
        let rec = world.resource::<ChanceLog>().records[0];
        assert!(rec.forced);
        assert_eq!((rec.case, rec.max_case), (1, 3));
        world.insert_resource(Case(Some(3)));
        let out = resolve_chance(&mut world, &Weighted);
        assert_ne!(out, 'b', "out-of-range case samples by weight");
        assert!(!world.resource::<ChanceLog>().records[1].forced);
    }
}
