//! [`CardZones`]: every card's [`Zone`] in one pass over the cards' table column.
//!
//! A card game asks "where is every card?" at each decision (whose hand holds what, how many
//! cards each seat has). One `World::get` per card costs an entity lookup each; the cards are
//! spawned together at setup and never change archetype, so their zones sit in one table
//! column, in spawn order, and can be read as a slice.

use bevy_ecs::component::ComponentId;
use bevy_ecs::prelude::*;
use bevy_ecs::storage::TableId;

use super::Zone;

/// Where the cards' zones were found: their table, the first card's row (the others follow
/// it in spawn order) and the zone column's component id.
#[derive(Clone, Copy, Debug)]
struct Rows {
    table: TableId,
    first: usize,
    zone: ComponentId,
}

/// A reader of the zones of the cards spawned at setup ([`Rules::cards`](super::Rules::cards)).
/// Built once the entity set is complete; a cache, not game state.
pub struct CardZones {
    /// The table rows holding the cards in spawn order; `None` when they were not stored
    /// that way at build (then every read looks each card up).
    rows: Option<Rows>,
    world: bevy_ecs::world::WorldId,
    cards: Vec<Entity>,
}

impl CardZones {
    /// A reader over `cards` (in spawn order), in `world`.
    pub fn new(world: &mut World, cards: &[Entity]) -> Self {
        CardZones {
            rows: rows_of(world, cards),
            world: world.id(),
            cards: cards.to_vec(),
        }
    }

    /// Writes the zone of card `i` (the `i`-th card spawned) into `out[i]`, for the first
    /// `out.len()` cards. Reads one table slice when the cards are still in the rows they
    /// were found in (always, unless a client added components to some of them); otherwise
    /// falls back to a lookup per card (so it does in another world). Cards without a zone
    /// read as [`Zone::Removed`].
    pub fn read(&self, world: &World, out: &mut [Zone]) {
        let len = out.len().min(self.cards.len());
        if let Some(zones) = self.column(world, len) {
            for (slot, zone) in out.iter_mut().zip(zones) {
                // SAFETY: `&World` gives read access to every column and no `&mut` into it
                // can exist while it is borrowed.
                *slot = unsafe { *zone.get() };
            }
            return;
        }
        for (slot, &card) in out.iter_mut().zip(&self.cards) {
            *slot = world.get::<Zone>(card).copied().unwrap_or(Zone::Removed);
        }
    }

    /// The zones of the first `len` cards, when `world` still holds them in the rows found.
    fn column<'w>(
        &self,
        world: &'w World,
        len: usize,
    ) -> Option<&'w [std::cell::UnsafeCell<Zone>]> {
        let rows = self.rows.filter(|_| world.id() == self.world)?;
        let table = world.storages().tables.get(rows.table)?;
        let range = rows.first..rows.first.checked_add(len)?;
        if table.entities().get(range.clone())? != &self.cards[..len] {
            return None;
        }
        // SAFETY: `rows.zone` is the component id of `Zone` in this world (ids are fixed once
        // registered, and the world is the one it was found in).
        let column = unsafe { table.get_data_slice_for::<Zone>(rows.zone) }?;
        column.get(range)
    }
}

/// The rows of one table holding `cards` one after another in this order, if they are.
fn rows_of(world: &World, cards: &[Entity]) -> Option<Rows> {
    let zone = world.component_id::<Zone>()?;
    let first = world.entities().get_spawned(*cards.first()?).ok()?;
    let table = world.storages().tables.get(first.table_id)?;
    let first_row = first.table_row.index();
    let found = table
        .entities()
        .get(first_row..first_row.checked_add(cards.len())?)?;
    (found == cards && table.has_column(zone)).then_some(Rows {
        table: first.table_id,
        first: first_row,
        zone,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{CardId, Seat, StableId};

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
        // An entity between the cards that is not one of them: no one-pass read.
        let mut world = World::new();
        let first = world.spawn((StableId(0), CardId(0), Zone::Stock)).id();
        let middle = world.spawn((StableId(1), CardId(1), Zone::Table)).id();
        let last = world.spawn((StableId(2), CardId(2), Zone::Stock)).id();
        let reader = CardZones::new(&mut world, &[first, last]);
        assert!(reader.rows.is_none());
        let mut out = [Zone::Pool; 2];
        reader.read(&world, &mut out);
        assert_eq!(out, [Zone::Stock; 2]);
        assert_eq!(world.get::<Zone>(middle), Some(&Zone::Table));
    }

    #[test]
    fn a_card_despawned_from_the_rows_turns_the_reader_to_lookups() {
        let (mut world, cards) = world_with_cards(4);
        let reader = CardZones::new(&mut world, &cards);
        assert!(reader.rows.is_some());
        // The last row moves into the despawned card's: the rows no longer hold the cards.
        world.despawn(cards[1]);
        *world.get_mut::<Zone>(cards[3]).unwrap() = Zone::Table;
        let mut out = [Zone::Pool; 4];
        reader.read(&world, &mut out);
        assert_eq!(out, [Zone::Stock, Zone::Removed, Zone::Stock, Zone::Table]);
    }
}
