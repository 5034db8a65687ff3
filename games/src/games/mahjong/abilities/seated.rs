//! The reference abilities by name, and an ability seated at a table (`--abilities kuro@0`).

use std::str::FromStr;

use super::awai::AWAI;
use super::hatsumi::HATSUMI;
use super::kasumi::KASUMI;
use super::koromo::KOROMO;
use super::kuro::KURO;
use super::sawaya::SAWAYA;
use super::takami::TAKAMI;
use super::toki::TOKI;
use crate::dealer::AbilityHooks;
use alea::kernel::Seat;

/// `--abilities` item: an ability name and its seat (`kuro@0`). Equal when the names and
/// seats are.
#[derive(Clone, Copy, Debug)]
pub struct SeatedAbility {
    /// The ability.
    pub hooks: &'static AbilityHooks,
    /// Its seat.
    pub seat: Seat,
}

impl PartialEq for SeatedAbility {
    fn eq(&self, other: &Self) -> bool {
        self.hooks.name == other.hooks.name && self.seat == other.seat
    }
}

impl Eq for SeatedAbility {}

impl std::fmt::Display for SeatedAbility {
    /// `name@seat`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}@{}", self.hooks.name, self.seat.0)
    }
}

impl SeatedAbility {
    /// True when `hooks` sits at `seat` in `seated`.
    pub fn is_seated(seated: &[SeatedAbility], hooks: &AbilityHooks, seat: Seat) -> bool {
        seated
            .iter()
            .any(|a| a.seat == seat && a.hooks.name == hooks.name)
    }

    /// The list as the dealer takes it.
    pub fn pairs(seated: &[SeatedAbility]) -> Vec<(Seat, &'static AbilityHooks)> {
        seated.iter().map(|a| (a.seat, a.hooks)).collect()
    }
}

/// Why an `--abilities` item does not parse.
#[derive(Debug, thiserror::Error)]
pub enum SeatedAbilityError {
    /// Not `name@seat`.
    #[error("expected NAME@SEAT, e.g. kuro@0")]
    Shape,
    /// No such ability.
    #[error("unknown ability {name:?}: expected one of {known}", name = .0, known = names())]
    Unknown(String),
    /// The seat is not a number 0–3.
    #[error("bad seat {0:?}: expected 0, 1, 2 or 3")]
    Seat(String),
}

impl FromStr for SeatedAbility {
    type Err = SeatedAbilityError;
    fn from_str(text: &str) -> Result<Self, SeatedAbilityError> {
        let (name, seat) = text.split_once('@').ok_or(SeatedAbilityError::Shape)?;
        let hooks = by_name(name).ok_or_else(|| SeatedAbilityError::Unknown(name.into()))?;
        let seat = seat
            .parse::<u8>()
            .ok()
            .filter(|&s| s < 4)
            .ok_or_else(|| SeatedAbilityError::Seat(seat.into()))?;
        Ok(SeatedAbility {
            hooks,
            seat: Seat(seat),
        })
    }
}

/// Every reference ability, by name.
pub const ALL: [&AbilityHooks; 8] = [
    &KURO, &KASUMI, &AWAI, &KOROMO, &TOKI, &TAKAMI, &HATSUMI, &SAWAYA,
];

/// The ability called `name` (see [`ALL`]; case-insensitive).
pub fn by_name(name: &str) -> Option<&'static AbilityHooks> {
    ALL.into_iter().find(|a| a.name.eq_ignore_ascii_case(name))
}

/// The names of [`ALL`], comma-separated.
pub fn names() -> String {
    ALL.map(|a| a.name).join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_whatever_their_case() {
        assert_eq!(by_name("KURO").map(|a| a.name), Some("kuro"));
        assert_eq!(by_name("Toki").map(|a| a.name), Some("toki"));
        assert_eq!(by_name("sawaya").map(|a| a.name), Some("sawaya"));
        assert!(by_name("saki").is_none());
        assert_eq!(
            "kuro@4"
                .parse::<SeatedAbility>()
                .map(|_| ())
                .unwrap_err()
                .to_string(),
            "bad seat \"4\": expected 0, 1, 2 or 3"
        );
    }
}
