//! The table: two seats (lord vs rebel) or four (identity roles).

use serde::{Deserialize, Serialize};

use super::state::Role;

/// The table: two seats or four.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Lord vs rebel.
    #[default]
    #[serde(rename = "1v1")]
    OneVsOne,
    /// Lord, loyalist, rebel, renegade.
    #[serde(rename = "identity4")]
    Identity4,
}

impl Mode {
    /// The roles dealt, in this order before the shuffle.
    pub fn roles(self) -> &'static [Role] {
        match self {
            Mode::OneVsOne => &[Role::Lord, Role::Rebel],
            Mode::Identity4 => &[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade],
        }
    }

    /// The number of seats.
    pub fn seats(self) -> u8 {
        self.roles().len() as u8
    }

    /// The mode as written (`1v1`, `identity4`).
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::OneVsOne => "1v1",
            Mode::Identity4 => "identity4",
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "1v1" => Ok(Mode::OneVsOne),
            "identity4" => Ok(Mode::Identity4),
            _ => Err(format!(
                "unknown sgs mode {s:?} (expected 1v1 or identity4)"
            )),
        }
    }
}
