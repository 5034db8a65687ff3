//! [`Die`]: the fair die every dice game rolls, as a chance point search can enumerate.

use super::{CaseGenerator, Purpose};

/// A fair die with `faces` faces: case `k` shows `k + 1` pips (the die's
/// [`DieFace`](crate::kernel::DieFace) is then `k`). Roll one with
/// [`Ctx::roll`](crate::pipeline::Ctx::roll), which also turns the die entity, or with
/// [`Ctx::chance`](crate::pipeline::Ctx::chance) for the number alone. Sampled from the
/// [`Purpose::Dice`] stream.
///
/// ```
/// use alea::chance::{CaseGenerator, Die, case_probabilities};
///
/// let d6 = Die { faces: 6 };
/// assert_eq!(d6.max_case(), 6);
/// assert_eq!((d6.produce(0), d6.produce(5)), (1, 6));
/// assert_eq!(case_probabilities(&d6), vec![1.0 / 6.0; 6]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    /// Faces of the die (at least 1).
    pub faces: u8,
}

impl Die {
    /// The usual six-sided die.
    pub const D6: Die = Die { faces: 6 };
}

impl CaseGenerator for Die {
    /// The pips shown, `1..=faces`.
    type Outcome = u8;

    fn name(&self) -> &'static str {
        "die_roll"
    }

    fn max_case(&self) -> u32 {
        u32::from(self.faces)
    }

    fn produce(&self, case: u32) -> u8 {
        case as u8 + 1
    }

    fn purpose(&self) -> Purpose {
        Purpose::Dice
    }
}
