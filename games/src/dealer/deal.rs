//! A deal's data: how to deal ([`DealConfig`]), its result ([`DealTable`]) with each
//! ability's plan, the abilities in hook order, and why a deal failed.

use bevy_ecs::prelude::*;
use serde::Serialize;

use crate::mount::{MountError, WallLayout};
use crate::tiles::{Tile, TileCounts, TileKind, TileSet};
use alea::kernel::Seat;

/// Why a deal failed. The World is exactly as before the deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// No joint plan satisfies every bargaining ability's claims.
    #[error("the bargain is infeasible: {} cannot agree on a joint plan", .abilities.join(", "))]
    BargainInfeasible {
        /// The labels (`kasumi@0`) of the abilities that cannot agree.
        abilities: Vec<String>,
    },
    /// A seat's starting hand was refused at every attempt up to the cap.
    #[error("the monkey stage gave up on seat {} after the attempt cap; refused by {}", .seat.0, .refused_by.join(", "))]
    MonkeyExhausted {
        /// The seat.
        seat: Seat,
        /// The abilities that refused the last attempt.
        refused_by: Vec<String>,
    },
    /// Two abilities were bound to one seat.
    #[error("seat {} is taken by {first}; cannot also seat {second}", .seat.0)]
    SeatTaken {
        /// The seat.
        seat: Seat,
        /// The ability already there.
        first: String,
        /// The one that was refused.
        second: String,
    },
    /// An ability was bound to a seat the table does not have.
    #[error("{ability}: there is no seat {} (seats 0..{seats})", .seat.0)]
    NoSuchSeat {
        /// The ability.
        ability: String,
        /// The seat asked for.
        seat: Seat,
        /// The number of seats.
        seats: u8,
    },
    /// The mount could not give a tile the deal needs.
    #[error(transparent)]
    Mount(#[from] MountError),
}

/// How to deal: the tile set, the wall after the deal, seats, hand size, indicators and the
/// monkey stage's attempt cap. (Where the hand stands in its match is the
/// [`DealRound`](crate::dealer::DealRound).)
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[component(immutable)]
pub struct DealConfig {
    /// The tiles.
    pub set: TileSet,
    /// The wall's slots after the deal.
    pub layout: WallLayout,
    /// Seats (at most 4).
    pub seats: u8,
    /// Starting hand size.
    pub hand_size: u8,
    /// Dora indicators flipped during the deal.
    pub indicators: u8,
    /// Attempts per seat in the monkey stage before [`DealError::MonkeyExhausted`].
    pub monkey_cap: u32,
    /// An infeasible bargain is [`DealError::BargainInfeasible`] (true, the default); false:
    /// libsaki's way, the deal goes on and no ability is told a plan (what a game in play does:
    /// the round and the abilities' memories change the claims from hand to hand).
    pub strict_bargain: bool,
}

impl DealConfig {
    /// Riichi: 136 tiles with three red fives, four seats of 13, one dora indicator.
    pub fn riichi() -> DealConfig {
        DealConfig {
            set: TileSet::riichi(true),
            layout: WallLayout::riichi(),
            seats: 4,
            hand_size: 13,
            indicators: 1,
            monkey_cap: 10_000,
            strict_bargain: true,
        }
    }

    /// Sichuan: 108 suited tiles, four seats of 13, no indicators.
    pub fn sichuan() -> DealConfig {
        DealConfig {
            set: TileSet::sichuan(),
            layout: WallLayout::sichuan(),
            indicators: 0,
            ..DealConfig::riichi()
        }
    }
}

/// One ability's plan in a deal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PlanRecord {
    /// `name@seat`.
    pub ability: String,
    /// The plan index, if it bargained.
    pub plan: Option<u16>,
    /// What the plan means (`dora 5m`), if it bargained.
    pub describe: Option<String>,
}

/// The deal's result (and its state while the stages run): what a game takes over.
#[derive(Resource, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct DealTable {
    /// The starting hands, by seat.
    pub hands: Vec<TileCounts>,
    /// The revealed dora indicators.
    pub dora_indicators: Vec<Tile>,
    /// Each ability's plan, in ability order.
    pub plans: Vec<PlanRecord>,
    /// Monkey attempts per seat (1 = the first fill was accepted).
    pub monkey_attempts: Vec<u32>,
    /// Per kind, the order of the ability that claimed it `All`/`Four` (beg refuses it to others).
    #[serde(skip)]
    pub exclusive: Vec<Option<u16>>,
}

// Copied in place by snapshots: its lists keep their buffers.
alea::clone_in_place!(DealTable {
    hands,
    dora_indicators,
    plans,
    monkey_attempts,
    exclusive,
});

/// The abilities in their hook order (set when the dealer is built).
#[derive(Resource, Clone, Debug, Default)]
#[component(immutable)]
pub struct AbilityList(pub Vec<Entity>);

/// The first error of the running deal (stages after it do nothing): scratch space of one
/// deal, empty between decisions, so not game state.
#[derive(Resource, Clone, Debug, Default)]
pub(crate) struct DealStatus(pub(super) Option<DealError>);

/// True when `kind` was claimed `All`/`Four` by an ability other than the one at `order` (the
/// beg stage refuses it to that ability).
pub fn refused_to(table: &DealTable, order: u16, kind: TileKind) -> bool {
    table
        .exclusive
        .get(kind.index())
        .copied()
        .flatten()
        .is_some_and(|owner| owner != order)
}
