//! The eight die faces.

use serde::{Deserialize, Serialize};

/// A die face: omni or one of the seven basic elements. The discriminant is the value stored
/// in a die's [`DieFace`](alea::kernel::DieFace).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Face {
    /// Pays for any element.
    Omni = 0,
    /// Pyro.
    Pyro,
    /// Hydro.
    Hydro,
    /// Anemo.
    Anemo,
    /// Electro.
    Electro,
    /// Dendro.
    Dendro,
    /// Cryo.
    Cryo,
    /// Geo.
    Geo,
}

/// The seven basic elements, in face order (every face but omni).
pub const BASIC: &[Face] = Face::ALL.split_at(1).1;

/// A face name that is not one of the eight.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a die face (omni pyro hydro anemo electro dendro cryo geo)")]
pub struct UnknownFace(pub String);

impl Face {
    /// Every face, in face order.
    pub const ALL: [Face; 8] = [
        Face::Omni,
        Face::Pyro,
        Face::Hydro,
        Face::Anemo,
        Face::Electro,
        Face::Dendro,
        Face::Cryo,
        Face::Geo,
    ];

    /// The face with discriminant `value` (`None` above 7).
    pub fn from_u8(value: u8) -> Option<Face> {
        Face::ALL.get(usize::from(value)).copied()
    }

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Face::Omni => "omni",
            Face::Pyro => "pyro",
            Face::Hydro => "hydro",
            Face::Anemo => "anemo",
            Face::Electro => "electro",
            Face::Dendro => "dendro",
            Face::Cryo => "cryo",
            Face::Geo => "geo",
        }
    }

    /// True for the seven basic elements (not omni).
    pub fn is_basic(self) -> bool {
        self != Face::Omni
    }
}

impl std::fmt::Display for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Face {
    type Err = UnknownFace;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Face::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownFace(s.to_string()))
    }
}
