//! The entity model: components shared by every ruleset.
//!
//! Every entity is spawned once, at setup, by [`SimBuilder`](super::SimBuilder); play only changes
//! component *values*. Zone membership is the [`Zone`] value, never a marker that moves an entity
//! between archetypes, so snapshots can copy whole table columns.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// A seat at the table, `0..seats`. Players carry it; so do seat-owned listeners.
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[component(immutable)]
pub struct Seat(pub u8);

impl Seat {
    /// Seats clockwise from `active` to `self` (0 for the active seat itself).
    pub fn distance_from(self, active: Seat, seats: u8) -> u8 {
        let seats = seats.max(1);
        (self.0 % seats + seats - active.0 % seats) % seats
    }

    /// The seat after `self`, wrapping round the table.
    pub fn next(self, seats: u8) -> Seat {
        // The division only off the common path: a seat past the table's end.
        match self.0 + 1 {
            next if next < seats => Seat(next),
            next if next == seats => Seat(0),
            next => Seat(next % seats.max(1)),
        }
    }

    /// The seat number as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// A number given to every entity in spawn order by the builder: the last ordering key and the
/// key checksums and logs use. Unlike [`Entity`]'s `Ord`, it means the same thing in every fork.
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[component(immutable)]
pub struct StableId(pub u32);

/// What kind of thing an entity is. Spawned with it; never changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[component(immutable)]
pub enum Kind {
    /// A player (carries [`Seat`]).
    Player,
    /// A card or tile (carries [`Zone`] and [`CardId`]).
    Card,
    /// A die (carries [`Zone`] and [`DieFace`]).
    Die,
    /// A slot of a tile wall.
    MountSlot,
    /// A listener (carries [`Listener`](crate::pipeline::Listener)).
    Listener,
    /// Anything else a ruleset spawns; the number is the ruleset's own.
    Other(u16),
}

/// Where a card or die is. A value, so moving never changes an entity's archetype.
///
/// Seat-owned zones carry the owner. The benefit ledger values moves by zone kind.
#[derive(
    Component,
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    Default,
)]
pub enum Zone {
    /// Not in play: a pre-spawned spare waiting in its pool (see [`Pool`]).
    #[default]
    Pool,
    /// The shared stock (deck, wall).
    Stock,
    /// A player's draw pile.
    Pile(Seat),
    /// A player's hand.
    Hand(Seat),
    /// A player's discards.
    Discard(Seat),
    /// Face-up melds or played cards owned by a player.
    Meld(Seat),
    /// A player's equipment area.
    Equipment(Seat),
    /// A player's judgement area (delayed tricks).
    Judge(Seat),
    /// A player's private pile (cards set aside for that player only).
    Private(Seat),
    /// A player's dice pool.
    Dice(Seat),
    /// The shared table (revealed cards, indicators).
    Table,
    /// Out of the game for good.
    Removed,
    /// The shared discard pile (sgs: used and discarded cards, reshuffled into an empty stock).
    DiscardPile,
    /// In play on a player's side of the field: a summon, support or status taken from its
    /// pool.
    Field(Seat),
}

impl Zone {
    /// The seat that owns this zone, if any.
    pub fn owner(self) -> Option<Seat> {
        match self {
            Zone::Pile(s)
            | Zone::Hand(s)
            | Zone::Discard(s)
            | Zone::Meld(s)
            | Zone::Equipment(s)
            | Zone::Judge(s)
            | Zone::Private(s)
            | Zone::Dice(s)
            | Zone::Field(s) => Some(s),
            Zone::Pool | Zone::Stock | Zone::Table | Zone::Removed | Zone::DiscardPile => None,
        }
    }
}

/// Which card or tile this is: an index into the ruleset's card table.
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct CardId(pub u16);

/// The face a die shows, `0..faces` (a value, like every other state).
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct DieFace(pub u8);

/// How many faces a die has. Spawned with it; never changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[component(immutable)]
pub struct Faces(pub u8);

/// A fixed set of entities spawned at setup that the rules find by position through
/// [`Rules::group`](super::Rules::group) (a side's characters), without a lookup in the world.
/// Not a component: the rules know it, the entities do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Group(pub u16);

/// Membership of a pool of pre-spawned temporaries (summons, statuses, created dice).
///
/// An entity is *free* while its [`Zone`] is [`Zone::Pool`]; [`take_from_pool`] hands out the free
/// member spawned first, so the choice is the same in every fork.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[component(immutable)]
pub struct Pool(pub u16);

/// Takes the first free member of a pool (its `members`, [`Rules::pool`](super::Rules::pool),
/// in spawn order), moving it to `to`. `None` when the pool is exhausted.
pub fn take_from_pool(world: &mut World, members: &[Entity], to: Zone) -> Option<Entity> {
    for &entity in members {
        if let Some(mut zone) = world.get_mut::<Zone>(entity)
            && *zone == Zone::Pool
        {
            *zone = to;
            return Some(entity);
        }
    }
    None
}

/// Returns a pool member to its pool (its zone becomes [`Zone::Pool`]).
pub fn return_to_pool(world: &mut World, entity: Entity) {
    if let Some(mut zone) = world.get_mut::<Zone>(entity) {
        *zone = Zone::Pool;
    }
}
