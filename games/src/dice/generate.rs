//! The roll and black generators: a DGE planned for `n` dice and a team, sampled from a stream
//! or enumerated case by case.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{DiceExpr, DiceExprError, ExprReason, Face, FaceSpec};
use alea::chance::{CaseGenerator, Purpose};

/// The most dice a player holds (and a generator makes at once).
pub const MAX_DICE: usize = 16;

/// Which of a player's two generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GeneratorKind {
    /// The round-start roll: missing dice are omni.
    Roll,
    /// Cards that create dice: no omni, no concrete element twice, missing dice are black.
    Black,
}

/// The elements of a player's team that black and white dice depend on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Team {
    /// Bit `f` set when a living character has element `f` (a [`Face`] discriminant).
    pub living: u8,
    /// Bit `f` set when a living character other than the active one has element `f`.
    pub others: u8,
    /// The active character's element.
    pub active: Option<Face>,
}

impl Team {
    /// A team whose living characters have `elements`, `elements[active]` active.
    pub fn new(elements: &[Face], active: usize) -> Team {
        let mut team = Team::default();
        for (i, &e) in elements.iter().enumerate() {
            team.living |= 1 << e as u8;
            if i == active {
                team.active = Some(e);
            } else {
                team.others |= 1 << e as u8;
            }
        }
        team
    }

    /// Elements for black dice: basic elements no living character has (all basic elements if
    /// the team has every one).
    fn black_mask(&self) -> u8 {
        let mask = BASIC_MASK & !self.living;
        if mask == 0 { BASIC_MASK } else { mask }
    }

    /// Elements for white dice: elements of living non-active characters other than the
    /// active's element (0 when there is none: white then acts as black).
    fn white_mask(&self) -> u8 {
        self.others & !self.active.map_or(0, |a| 1 << a as u8) & BASIC_MASK
    }
}

const BASIC_MASK: u8 = 0b1111_1110;

/// Why a generator could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// The expression breaks a rule of the generator.
    #[error(transparent)]
    Expr(#[from] DiceExprError),
    /// More dice than a player can hold.
    #[error("{n} dice asked; at most {MAX_DICE}")]
    TooMany {
        /// The count asked for.
        n: usize,
    },
}

/// What one die of a plan is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Slot {
    Face(Face),
    White,
    Black,
    /// Uniform over the 8 faces (roll `random`) or over unused basic elements (black `random`).
    Random,
}

/// A DGE planned for `n` dice and a team: which die is which, in output order. Sampling draws
/// one uniform choice per white, black or random die; enumerating decodes a case number into
/// the same choices (mixed radix), so every case is equally likely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiceGenerator {
    kind: GeneratorKind,
    team: Team,
    slots: [Slot; MAX_DICE],
    len: u8,
    max_case: u32,
}

/// Chooses among `options` candidates: a digit from a stream or from a case number.
trait Digits {
    fn digit(&mut self, options: u32) -> u32;
}

/// Digits from a stream; `case` accumulates the case number they spell (mixed radix, the
/// first digit least significant, as [`FromCase`] reads it), saturating.
struct FromRng<'a> {
    rng: &'a mut ChaCha8Rng,
    case: u64,
    radix: u64,
}
impl Digits for FromRng<'_> {
    fn digit(&mut self, options: u32) -> u32 {
        if options <= 1 {
            return 0;
        }
        let d = self.rng.random_range(0..options);
        self.case = self
            .case
            .saturating_add(u64::from(d).saturating_mul(self.radix));
        self.radix = self.radix.saturating_mul(u64::from(options));
        d
    }
}

struct FromCase(u32);
impl Digits for FromCase {
    fn digit(&mut self, options: u32) -> u32 {
        let d = self.0 % options.max(1);
        self.0 /= options.max(1);
        d
    }
}

/// Counts the radices (saturating): the number of cases.
struct Count(u64);
impl Digits for Count {
    fn digit(&mut self, options: u32) -> u32 {
        self.0 = self.0.saturating_mul(u64::from(options.max(1)));
        0
    }
}

/// The `k`-th set bit of `mask` as a face.
fn nth_face(mask: u8, k: u32) -> Face {
    let mut seen = 0;
    for f in Face::ALL {
        if mask & (1 << f as u8) != 0 {
            if seen == k {
                return f;
            }
            seen += 1;
        }
    }
    Face::Omni
}

fn black_rule(position: usize, reason: ExprReason) -> DiceError {
    DiceError::Expr(DiceExprError { position, reason })
}

impl DiceGenerator {
    /// Plans `expr` for `n` dice of `kind` for `team`. Fails (naming the term) when the black
    /// generator is asked for omni or a concrete element twice, or for too many dice.
    pub fn new(
        expr: &DiceExpr,
        n: usize,
        kind: GeneratorKind,
        team: &Team,
    ) -> Result<DiceGenerator, DiceError> {
        if n > MAX_DICE {
            return Err(DiceError::TooMany { n });
        }
        let mut generator = DiceGenerator {
            kind,
            team: *team,
            slots: [Slot::Random; MAX_DICE],
            len: 0,
            max_case: 1,
        };
        let fill = match kind {
            GeneratorKind::Roll => Slot::Face(Face::Omni),
            GeneratorKind::Black => Slot::Black,
        };
        match expr {
            DiceExpr::Random => generator.len = n as u8,
            DiceExpr::Fixed(terms) | DiceExpr::Relative(terms) => {
                let relative = matches!(expr, DiceExpr::Relative(_));
                let mut concrete = 0u8;
                for (i, t) in terms.iter().enumerate() {
                    let left = n - usize::from(generator.len);
                    let count = if !relative {
                        (t.num as usize).min(left)
                    } else if i + 1 == terms.len() {
                        left
                    } else {
                        // round-half-up(n × num / den), capped by what is left
                        let (n, num, den) = (n as u64, u64::from(t.num), u64::from(t.den));
                        (((2 * n * num + den) / (2 * den)) as usize).min(left)
                    };
                    if kind == GeneratorKind::Black
                        && let FaceSpec::Face(face) = t.face
                    {
                        if face == Face::Omni {
                            return Err(black_rule(t.position, ExprReason::OmniInBlackGenerator));
                        }
                        let asked = if relative { count } else { t.num as usize };
                        if asked > 1 || concrete & (1 << face as u8) != 0 {
                            return Err(black_rule(t.position, ExprReason::RepeatedElement(face)));
                        }
                        concrete |= 1 << face as u8;
                    }
                    let slot = match t.face {
                        FaceSpec::Face(face) => Slot::Face(face),
                        FaceSpec::Black => Slot::Black,
                        FaceSpec::White => Slot::White,
                    };
                    for _ in 0..count {
                        generator.slots[usize::from(generator.len)] = slot;
                        generator.len += 1;
                    }
                }
                while usize::from(generator.len) < n {
                    generator.slots[usize::from(generator.len)] = fill;
                    generator.len += 1;
                }
            }
        }
        let mut count = Count(1);
        let mut scratch = [Face::Omni; MAX_DICE];
        generator.build(&mut count, &mut scratch);
        generator.max_case = u32::try_from(count.0).unwrap_or(u32::MAX);
        Ok(generator)
    }

    /// How many dice it makes.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True when it makes no dice.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Which generator this is.
    pub fn kind(&self) -> GeneratorKind {
        self.kind
    }

    /// Draws the dice from `rng`: one uniform choice per white, black or random die.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> Vec<Face> {
        let mut out = [Face::Omni; MAX_DICE];
        let n = self.sample_into(rng, &mut out);
        out[..n].to_vec()
    }

    /// Draws the dice from `rng` into `out` (no allocation); returns how many.
    pub fn sample_into(&self, rng: &mut ChaCha8Rng, out: &mut [Face; MAX_DICE]) -> usize {
        self.sample_case_into(rng, out).1
    }

    /// Like [`sample_into`](Self::sample_into), and also returns the case number of the dice
    /// drawn (what [`produce_into`](Self::produce_into) turns back into them; saturated at
    /// `u32::MAX` like [`max_case`](CaseGenerator::max_case)).
    pub fn sample_case_into(
        &self,
        rng: &mut ChaCha8Rng,
        out: &mut [Face; MAX_DICE],
    ) -> (u32, usize) {
        let mut digits = FromRng {
            rng,
            case: 0,
            radix: 1,
        };
        let n = self.build(&mut digits, out);
        (u32::try_from(digits.case).unwrap_or(u32::MAX), n)
    }

    /// The dice of case `case` (`case < max_case`) into `out`; returns how many.
    pub fn produce_into(&self, case: u32, out: &mut [Face; MAX_DICE]) -> usize {
        self.build(&mut FromCase(case), out)
    }

    /// Fills `out` by taking one digit per choice from `digits`.
    fn build(&self, digits: &mut impl Digits, out: &mut [Face; MAX_DICE]) -> usize {
        let black_kind = self.kind == GeneratorKind::Black;
        // Elements already produced (black generator: never twice).
        let mut used: u8 = 0;
        if black_kind {
            for slot in &self.slots[..self.len()] {
                if let Slot::Face(f) = slot {
                    used |= 1 << *f as u8;
                }
            }
        }
        // Roll generator: what is left of the current round of distinct white / black picks.
        let (white_all, black_all) = (self.team.white_mask(), self.team.black_mask());
        let (mut white_left, mut black_left) = (white_all, black_all);
        for (i, slot) in self.slots[..self.len()].iter().enumerate() {
            if black_kind && BASIC_MASK & !used == 0 {
                // All seven basic elements made: a new run of distinct elements starts.
                used = 0;
            }
            let mut pick = |mask: u8| {
                let k = digits.digit(mask.count_ones());
                nth_face(mask, k)
            };
            out[i] = match *slot {
                Slot::Face(f) => f,
                Slot::Random if !black_kind => {
                    Face::from_u8(digits.digit(8) as u8).unwrap_or(Face::Omni)
                }
                Slot::Random => pick(BASIC_MASK & !used),
                Slot::White | Slot::Black if black_kind => {
                    let preferred = if *slot == Slot::White && white_all & !used != 0 {
                        white_all & !used
                    } else {
                        black_all & !used
                    };
                    let mask = if preferred != 0 {
                        preferred
                    } else {
                        BASIC_MASK & !used
                    };
                    pick(mask)
                }
                Slot::White if white_all != 0 => {
                    if white_left == 0 {
                        white_left = white_all;
                    }
                    let f = pick(white_left);
                    white_left &= !(1 << f as u8);
                    f
                }
                Slot::White | Slot::Black => {
                    if black_left == 0 {
                        black_left = black_all;
                    }
                    let f = pick(black_left);
                    black_left &= !(1 << f as u8);
                    f
                }
            };
            used |= 1 << out[i] as u8;
        }
        self.len()
    }
}

impl CaseGenerator for DiceGenerator {
    type Outcome = Vec<Face>;
    fn name(&self) -> &'static str {
        match self.kind {
            GeneratorKind::Roll => "roll_generator",
            GeneratorKind::Black => "black_generator",
        }
    }
    /// The number of equally likely outcomes (choice sequences), saturated at `u32::MAX`
    /// (`random` with more than 10 dice): beyond that the cases are not exact.
    fn max_case(&self) -> u32 {
        self.max_case
    }
    fn produce(&self, case: u32) -> Vec<Face> {
        let mut out = [Face::Omni; MAX_DICE];
        let n = self.produce_into(case, &mut out);
        out[..n].to_vec()
    }
    fn purpose(&self) -> Purpose {
        Purpose::Dice
    }
    /// Dice are always sampled: rolls are too wide to branch on; a set DGE with a
    /// single case makes them fixed.
    fn sampled(&self) -> bool {
        true
    }
    fn sample_keyed(&self, rng: &mut ChaCha8Rng) -> (u32, Vec<Face>) {
        let mut out = [Face::Omni; MAX_DICE];
        let (case, n) = self.sample_case_into(rng, &mut out);
        (case, out[..n].to_vec())
    }
}
