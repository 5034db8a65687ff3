//! [`CardZones`]: every card's [`Zone`] in one pass over the cards' table column.
//!
//! A card game asks "where is every card?" at each decision (whose hand holds what, how many
//! cards each seat has). One `World::get` per card costs an entity lookup each; the cards are
//! spawned together at setup and never change archetype, so their zones sit in one table
//! column, in spawn order, and can be read as a slice.

use bevy_ecs::prelude::*;

use super::{CardId, StableId, Zone};

/// What the reader reads of a card.
type Item = (&'static StableId, &'static Zone);

/// A cached query over the cards spawned at setup ([`Rules::cards`](super::Rules::cards)).
/// Built once the entity set is complete; a cache, not game state.
pub struct CardZones {
    /// The one-pass reader; `None` when the cards' ids are not consecutive (then every read
    /// looks each card up).
    query: Option<QueryState<Item, With<CardId>>>,
    world: bevy_ecs::world::WorldId,
    cards: Vec<Entity>,
    /// The [`StableId`] of the first card (cards are spawned with consecutive ids).
    first: u32,
}

impl CardZones {
    /// A reader over `cards` (in spawn order), in `world`.
    pub fn new(world: &mut World, cards: &[Entity]) -> Self {
        let id = |e: Entity| world.get::<StableId>(e).map(|id| id.0);
        let first = cards.first().and_then(|&e| id(e)).unwrap_or(0);
        let consecutive = (0u32..)
            .zip(cards)
            .all(|(i, &e)| id(e) == first.checked_add(i));
        CardZones {
            query: consecutive.then(|| world.query_filtered::<Item, With<CardId>>()),
            world: world.id(),
            cards: cards.to_vec(),
            first,
        }
    }

    /// Writes the zone of card `i` (the `i`-th card spawned) into `out[i]`, for the first
    /// `out.len()` cards. Reads one table slice when the cards are still stored together in
    /// spawn order (always, unless a client added components to some of them); otherwise falls
    /// back to a lookup per card (so it does in another world). Cards without a zone read as
    /// [`Zone::Removed`].
    pub fn read(&self, world: &World, out: &mut [Zone]) {
        let len = out.len().min(self.cards.len());
        if let Some(query) = self.query.as_ref().filter(|_| world.id() == self.world)
            && let Ok(tables) = query.query_manual(world).contiguous_iter()
        {
            for (ids, zones) in tables {
                if let Some(rows) = rows_of(ids, self.first, len) {
                    out[..len].copy_from_slice(&zones[rows]);
                    return;
                }
            }
        }
        for (slot, &card) in out.iter_mut().zip(&self.cards) {
            *slot = world.get::<Zone>(card).copied().unwrap_or(Zone::Removed);
        }
    }
}

/// The rows of a table holding the entities with stable ids `first..first + len` in that order
/// (as spawned), or `None` when they are not all there in order.
fn rows_of(ids: &[StableId], first: u32, len: usize) -> Option<std::ops::Range<usize>> {
    let start = first.checked_sub(ids.first()?.0)? as usize;
    let rows = start..start.checked_add(len)?;
    let found = ids.get(rows.clone())?;
    // Every id checked without an early exit, so the loop vectorizes.
    let differ = found
        .iter()
        .zip(first..)
        .fold(0, |differ, (id, want)| differ | (id.0 ^ want));
    (differ == 0).then_some(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Seat;

    fn world_with_cards(n: u16) -> (World, Vec<Entity>) {
        let mut world = World::new();
        world.spawn((StableId(0), Seat(0)));
        let cards = (0..n)
            .map(|i| {
                world
                    .spawn((StableId(1 + u32::from(i)), CardId(i), Zone::Stock))
                    .id()
            })
            .collect();
        (world, cards)
    }

    #[test]
    fn reads_every_zone_in_spawn_order() {
        let (mut world, cards) = world_with_cards(5);
        *world.get_mut::<Zone>(cards[3]).unwrap() = Zone::Hand(Seat(1));
        let reader = CardZones::new(&mut world, &cards);
        let mut out = [Zone::Pool; 5];
        reader.read(&world, &mut out);
        assert_eq!(out[3], Zone::Hand(Seat(1)));
        assert_eq!(out.iter().filter(|z| **z == Zone::Stock).count(), 4);
    }

    #[test]
    fn falls_back_when_a_card_moved_to_another_table() {
        #[derive(Component)]
        struct Sprite;
        let (mut world, cards) = world_with_cards(5);
        let reader = CardZones::new(&mut world, &cards);
        world.entity_mut(cards[1]).insert(Sprite);
        *world.get_mut::<Zone>(cards[1]).unwrap() = Zone::Table;
        let mut out = [Zone::Pool; 5];
        reader.read(&world, &mut out);
        assert_eq!(out[1], Zone::Table);
        assert_eq!(out.iter().filter(|z| **z == Zone::Stock).count(), 4);
    }

    #[test]
    fn another_world_or_scattered_ids_read_card_by_card() {
        let (mut world, cards) = world_with_cards(3);
        let reader = CardZones::new(&mut world, &cards);
        let (other, _) = world_with_cards(3);
        let mut out = [Zone::Pool; 3];
        reader.read(&other, &mut out);
        assert_eq!(out, [Zone::Stock; 3]);
        // A card between the cards that is not one of them: no one-pass read.
        let mut world = World::new();
        let cards: Vec<Entity> = [0, 2]
            .map(|i| world.spawn((StableId(i), CardId(0), Zone::Stock)).id())
            .to_vec();
        let middle = world.spawn((StableId(1), CardId(1), Zone::Table)).id();
        let reader = CardZones::new(&mut world, &cards);
        assert!(reader.query.is_none());
        let mut out = [Zone::Pool; 2];
        reader.read(&world, &mut out);
        assert_eq!(out, [Zone::Stock; 2]);
        let _ = middle;
    }
}
