//! What the abilities did, for whoever asks (a replay viewer, a designer's log): insert an
//! [`AbilityTrace`] into a World set up by [`install`](super::install), and the deal's stages
//! and the play-time `on_draw` record each ability's raid, bargained plan, begged tiles and
//! lit tiles; [`AbilityTrace::take`] hands them over. Without the resource nothing is
//! recorded: simulation and search pay nothing. The trace lives outside the World's snapshots:
//! in a World that rolls back (a search, an action refused and tried again) what ran twice is
//! recorded twice, so trace a game played straight through, such as a replay.

use bevy_ecs::prelude::*;
use serde::Serialize;

use crate::mount::{Exit, Mount, MountZone};
use crate::tiles::Tile;
use alea::kernel::Seat;

/// The abilities' acts since the last [`take`](AbilityTrace::take), in order.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct AbilityTrace(Vec<AbilityAct>);

impl AbilityTrace {
    /// The acts recorded so far; the trace is empty after.
    pub fn take(&mut self) -> Vec<AbilityAct> {
        std::mem::take(&mut self.0)
    }

    pub(super) fn push(&mut self, ability: String, seat: Seat, act: Act) {
        self.0.push(AbilityAct { ability, seat, act });
    }
}

/// One ability's act.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AbilityAct {
    /// `name@seat`.
    pub ability: String,
    /// Its seat.
    pub seat: Seat,
    /// What it did.
    #[serde(flatten)]
    pub act: Act,
}

/// What an ability did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum Act {
    /// The raid stage: tiles taken into its seat's hand before any other stage, and tiles
    /// moved from the live wall's zone A to zone B.
    Raided {
        /// Into the hand.
        taken: Vec<Tile>,
        /// Into zone B (a copy per tile moved).
        loaded_b: Vec<Tile>,
    },
    /// The bargain stage: the plan the joint bargain gave it.
    Planned {
        /// What the plan means (`dora 5m`).
        plan: String,
    },
    /// The beg stage: tiles dealt into its seat's hand on request.
    Begged {
        /// The tiles.
        tiles: Vec<Tile>,
    },
    /// Before a draw from the live wall: the presence it added to tiles for that draw
    /// (positive: lit, likelier; negative: less likely).
    Lit {
        /// Who draws.
        drawer: Seat,
        /// The tiles and presence.
        tiles: Vec<LitTile>,
    },
}

/// Presence an ability added to a tile for one draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LitTile {
    /// The tile (a black tile names its kind).
    pub tile: Tile,
    /// The zone whose copies it weighs.
    pub zone: MountZone,
    /// The presence added (mk; a zone A copy starts at 10).
    pub mk: i32,
}

/// What an ability's `on_draw` changed on the next live draw: the presence it added per zone
/// and tile, from the slot's edits `before` the hook and the `mount` after it.
pub(super) fn lit(before: &[(MountZone, Tile, i32)], mount: &Mount) -> Vec<LitTile> {
    let after = mount.mk_at(Exit::Pii, 0);
    let mk = |edits: &[(MountZone, Tile, i32)], zone, tile| {
        edits
            .iter()
            .find(|&&(z, t, _)| z == zone && t == tile)
            .map_or(0, |e| e.2)
    };
    let mut keys: Vec<(MountZone, Tile)> = before
        .iter()
        .chain(&after)
        .map(|&(z, t, _)| (z, t))
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter_map(|(zone, tile)| {
            let mk = mk(&after, zone, tile) - mk(before, zone, tile);
            (mk != 0).then_some(LitTile { tile, zone, mk })
        })
        .collect()
}
