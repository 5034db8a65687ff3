//! The dice generation expression (DGE) and its parser.
//!
//! ```text
//! expr := "random" | term ("," term)*          whitespace allowed, case-insensitive
//! term := face "@" count                       fixed
//!       | face "@" num "/" den                 relative (all terms relative, fractions sum to 1)
//! face := omni | pyro | ... | geo | black | white
//! ```

use serde::{Deserialize, Serialize};

use super::Face;

/// The largest number a DGE accepts (counts, numerators, denominators).
pub const MAX_NUMBER: u32 = 10_000;

/// What a term asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaceSpec {
    /// A concrete face.
    Face(Face),
    /// A useless die: an element none of the owner's living characters has.
    Black,
    /// An off-element die: an element of a living character other than the active one.
    White,
}

impl std::fmt::Display for FaceSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FaceSpec::Face(face) => face.fmt(f),
            FaceSpec::Black => f.write_str("black"),
            FaceSpec::White => f.write_str("white"),
        }
    }
}

/// One term of an expression: `face@count` (`den == 0`) or `face@num/den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Term {
    /// The face asked for.
    pub face: FaceSpec,
    /// The count (fixed) or the numerator (relative).
    pub num: u32,
    /// The denominator (relative), 0 for a fixed term.
    pub den: u32,
    /// Byte offset of the term in the expression (for error messages).
    pub position: usize,
}

/// A parsed dice generation expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceExpr {
    /// Each die uniform over the 8 faces.
    Random,
    /// `face@count` terms, produced in order.
    Fixed(Vec<Term>),
    /// `face@num/den` terms whose fractions sum to exactly 1.
    Relative(Vec<Term>),
}

/// Why an expression (or generating from it) was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExprReason {
    /// Nothing where a term was expected.
    #[error("expected a term (face@count or face@num/den)")]
    ExpectedTerm,
    /// A word that is not a face.
    #[error("{0:?} is not a face (omni pyro hydro anemo electro dendro cryo geo black white)")]
    UnknownFace(String),
    /// The face is not followed by `@`.
    #[error("expected '@' after the face")]
    ExpectedAt,
    /// A number was expected.
    #[error("expected a number")]
    ExpectedNumber,
    /// A number above the largest a term may have.
    #[error("number too large (at most {MAX_NUMBER})")]
    NumberTooLarge,
    /// A fraction with denominator 0.
    #[error("the denominator is 0")]
    ZeroDenominator,
    /// Fixed and relative terms mixed.
    #[error("fixed and relative terms cannot be mixed")]
    MixedForms,
    /// Relative fractions that do not sum to exactly 1.
    #[error("the fractions sum to {num}/{den}, not 1")]
    FractionSum {
        /// The sum's numerator (reduced).
        num: u128,
        /// The sum's denominator (reduced).
        den: u128,
    },
    /// A character that does not belong here.
    #[error("unexpected {0:?}")]
    Unexpected(char),
    /// `random` combined with terms.
    #[error("'random' must be the whole expression")]
    RandomNotAlone,
    /// The black generator refuses omni.
    #[error("the black generator cannot make omni dice")]
    OmniInBlackGenerator,
    /// The black generator refuses a concrete element asked for more than once.
    #[error("the black generator makes at most one {0} die")]
    RepeatedElement(Face),
}

/// A refused expression: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at position {position}: {reason}")]
pub struct DiceExprError {
    /// Byte offset in the expression (0-based).
    pub position: usize,
    /// Why.
    pub reason: ExprReason,
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn skip_ws(&mut self) {
        while self.text[self.pos..].starts_with(|c: char| c.is_whitespace()) {
            self.pos += self.text[self.pos..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.text[self.pos..].chars().next()
    }

    fn error(&self, reason: ExprReason) -> DiceExprError {
        DiceExprError {
            position: self.pos,
            reason,
        }
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn word(&mut self) -> &str {
        self.skip_ws();
        let start = self.pos;
        let len = self.text[start..]
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(self.text.len() - start);
        self.pos += len;
        &self.text[start..start + len]
    }

    fn number(&mut self) -> Result<u32, DiceExprError> {
        self.skip_ws();
        let start = self.pos;
        let len = self.text[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(self.text.len() - start);
        if len == 0 {
            return Err(self.error(ExprReason::ExpectedNumber));
        }
        let value = self.text[start..start + len]
            .parse::<u32>()
            .ok()
            .filter(|&v| v <= MAX_NUMBER)
            .ok_or(DiceExprError {
                position: start,
                reason: ExprReason::NumberTooLarge,
            })?;
        self.pos += len;
        Ok(value)
    }

    fn unexpected(&mut self) -> DiceExprError {
        match self.peek() {
            Some(c) => self.error(ExprReason::Unexpected(c)),
            None => self.error(ExprReason::ExpectedTerm),
        }
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn parse_face(word: &str) -> Option<FaceSpec> {
    if word.eq_ignore_ascii_case("black") {
        Some(FaceSpec::Black)
    } else if word.eq_ignore_ascii_case("white") {
        Some(FaceSpec::White)
    } else {
        word.parse::<Face>().ok().map(FaceSpec::Face)
    }
}

impl std::str::FromStr for DiceExpr {
    type Err = DiceExprError;

    fn from_str(text: &str) -> Result<Self, DiceExprError> {
        let mut c = Cursor { text, pos: 0 };
        let mut terms: Vec<Term> = Vec::new();
        loop {
            c.skip_ws();
            let position = c.pos;
            let word = c.word();
            if word.is_empty() {
                return Err(c.unexpected());
            }
            if word.eq_ignore_ascii_case("random") {
                if !terms.is_empty() || c.peek().is_some() {
                    return Err(DiceExprError {
                        position,
                        reason: ExprReason::RandomNotAlone,
                    });
                }
                return Ok(DiceExpr::Random);
            }
            let face = parse_face(word).ok_or(DiceExprError {
                position,
                reason: ExprReason::UnknownFace(word.to_string()),
            })?;
            if !c.eat('@') {
                return Err(c.error(ExprReason::ExpectedAt));
            }
            let num = c.number()?;
            let den = if c.eat('/') {
                let at = c.pos;
                let den = c.number()?;
                if den == 0 {
                    return Err(DiceExprError {
                        position: at,
                        reason: ExprReason::ZeroDenominator,
                    });
                }
                den
            } else {
                0
            };
            if let Some(first) = terms.first()
                && first.den.min(1) != den.min(1)
            {
                return Err(DiceExprError {
                    position,
                    reason: ExprReason::MixedForms,
                });
            }
            terms.push(Term {
                face,
                num,
                den,
                position,
            });
            if c.peek().is_none() {
                break;
            }
            if !c.eat(',') {
                return Err(c.unexpected());
            }
        }
        if terms[0].den == 0 {
            return Ok(DiceExpr::Fixed(terms));
        }
        let (mut num, mut den) = (0u128, 1u128);
        for t in &terms {
            num = num * u128::from(t.den) + u128::from(t.num) * den;
            den *= u128::from(t.den);
            let g = gcd(num, den).max(1);
            (num, den) = (num / g, den / g);
        }
        if num != den {
            return Err(DiceExprError {
                position: terms.last().map_or(0, |t| t.position),
                reason: ExprReason::FractionSum { num, den },
            });
        }
        Ok(DiceExpr::Relative(terms))
    }
}

impl std::fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let terms = match self {
            DiceExpr::Random => return f.write_str("random"),
            DiceExpr::Fixed(terms) | DiceExpr::Relative(terms) => terms,
        };
        for (i, t) in terms.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if t.den == 0 {
                write!(f, "{}@{}", t.face, t.num)?;
            } else {
                write!(f, "{}@{}/{}", t.face, t.num, t.den)?;
            }
        }
        Ok(())
    }
}
