//! Where tiles leave the mount ([`Exit`]) and from which slot ([`MountSlot`]), its two zones
//! ([`MountZone`]) and how many slots each exit has ([`WallLayout`]).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// A queue of slots tiles leave the mount through; slot 0 is the next one out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Exit {
    /// Normal draws (the live wall).
    Pii,
    /// Replacement draws after a kan; each also shortens the live wall by one.
    Rinshan,
    /// Dora indicators: drawing from it flips the next one.
    Dorahyou,
    /// Ura-dora indicators: drawing from it flips the next one.
    Urahyou,
}

impl Exit {
    /// The four exits.
    pub const ALL: [Exit; 4] = [Exit::Pii, Exit::Rinshan, Exit::Dorahyou, Exit::Urahyou];

    /// The lowercase name (`pii`, `rinshan`, `dorahyou`, `urahyou`).
    pub const fn name(self) -> &'static str {
        match self {
            Exit::Pii => "pii",
            Exit::Rinshan => "rinshan",
            Exit::Dorahyou => "dorahyou",
            Exit::Urahyou => "urahyou",
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Not the name of an exit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown exit {0:?}: expected pii, rinshan, dorahyou or urahyou")]
pub struct UnknownExit(pub String);

impl std::str::FromStr for Exit {
    type Err = UnknownExit;
    fn from_str(name: &str) -> Result<Exit, UnknownExit> {
        Exit::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| UnknownExit(name.to_string()))
    }
}

/// A slot: `index` counts from the start of `exit`, so its position from the front is
/// `index - mount.drawn_from(exit)`. In a World every slot is an entity carrying this component,
/// spawned at setup (a fixed entity set); the slot's state (its deltas, its collapse)
/// is kept in the [`Mount`](super::Mount) resource, so a snapshot copies one resource instead of
/// a row per slot.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[component(immutable)]
pub struct MountSlot {
    /// The exit the slot belongs to.
    pub exit: Exit,
    /// The slot's index from the start of its exit.
    pub index: u16,
}

/// The two zones of the stock: A, the normal zone every tile starts in, and B, the reserved zone
/// abilities load tiles into so that nobody draws them until presence pulls them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MountZone {
    /// The normal zone: base presence 10 mk per copy.
    A,
    /// The reserved zone: base presence 0.
    B,
}

impl MountZone {
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// How many slots each exit has: the positions tiles can leave from. A rinshan draw also removes
/// the last slot of the live wall ([`Exit::Pii`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WallLayout {
    /// Normal draws: the live wall.
    pub pii: u16,
    /// Replacement draws.
    pub rinshan: u16,
    /// Dora indicators.
    pub dorahyou: u16,
    /// Ura-dora indicators.
    pub urahyou: u16,
}

impl WallLayout {
    /// Riichi after the deal (52 tiles in hands): 70 live draws, 4 replacement draws, 5 dora
    /// and 5 ura indicators (a 14-tile dead wall).
    pub const fn riichi() -> WallLayout {
        WallLayout {
            pii: 70,
            rinshan: 4,
            dorahyou: 5,
            urahyou: 5,
        }
    }

    /// Sichuan after the deal: 56 live draws, no dead wall; replacement draws (up to 16) come
    /// off the end of the live wall. No indicators.
    pub const fn sichuan() -> WallLayout {
        WallLayout {
            pii: 56,
            rinshan: 16,
            dorahyou: 0,
            urahyou: 0,
        }
    }

    /// The number of slots of `exit`.
    pub const fn slots(&self, exit: Exit) -> u16 {
        match exit {
            Exit::Pii => self.pii,
            Exit::Rinshan => self.rinshan,
            Exit::Dorahyou => self.dorahyou,
            Exit::Urahyou => self.urahyou,
        }
    }
}
