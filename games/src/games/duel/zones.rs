//! Reading and moving a seat's cards and dice, and paying costs.

use bevy_ecs::prelude::*;

use super::Duel;
use super::catalog::{CardTag, Cost};
use super::state::{CARD_SLOTS, DuelControl, Fighter, HAND_LIMIT, PileOrder};
use crate::dice::{BASIC, Face, MAX_DICE};
use alea::kernel::{CardId, DieFace, GameRules, Rules, Seat, StableId, Zone};

/// A seat's dice slots (`None`: the slot holds no die).
pub type Faces = [Option<Face>; MAX_DICE];

/// A seat's card entities (spawn order: hand order).
pub fn cards(rules: &Rules<Duel>, seat: Seat) -> &[Entity] {
    &rules.cards()[seat.index() * CARD_SLOTS..(seat.index() + 1) * CARD_SLOTS]
}

/// The card entities of a seat that can be outside the pool: its first
/// [`DuelControl::card_slots`](super::state::DuelControl) (the deck, and any spare a `set_*`
/// call used). Scans read only these.
pub fn live<'r>(rules: &'r Rules<Duel>, world: &World, seat: Seat) -> &'r [Entity] {
    let used = world.resource::<DuelControl>().card_slots[seat.index()];
    &cards(rules, seat)[..usize::from(used).min(CARD_SLOTS)]
}

/// A seat's die entities (spawn order: dice order).
pub fn dice(rules: &Rules<Duel>, seat: Seat) -> &[Entity] {
    &rules.dice()[seat.index() * MAX_DICE..(seat.index() + 1) * MAX_DICE]
}

/// The card (catalog index) of a card entity.
pub fn card_id(world: &World, entity: Entity) -> u16 {
    world.get::<CardId>(entity).map_or(u16::MAX, |c| c.0)
}

/// The zone of an entity.
pub fn zone(world: &World, entity: Entity) -> Zone {
    world.get::<Zone>(entity).copied().unwrap_or(Zone::Removed)
}

/// The faces of `seat`'s dice slots (`None`: the slot holds no die); reads the dice table's
/// columns as slices.
pub fn faces(world: &World, seat: Seat) -> [Option<Face>; MAX_DICE] {
    let q = world.resource::<ZoneQueries>();
    let first = seat.index() * MAX_DICE;
    let mut out = [None; MAX_DICE];
    let mut found = 0;
    let query = q.dice.query_manual(world);
    let Ok(tables) = query.contiguous_iter() else {
        unreachable!("the dice are table-stored")
    };
    for (ids, zones, faces) in tables {
        if let Some(rows) = rows_of(ids, q.die_base + first as u32, MAX_DICE) {
            for ((slot, zone), face) in out.iter_mut().zip(&zones[rows.clone()]).zip(&faces[rows]) {
                if *zone == Zone::Dice(seat) {
                    *slot = Face::from_u8(face.0);
                }
            }
            found += MAX_DICE;
            continue;
        }
        for ((id, zone), face) in ids.iter().zip(zones).zip(faces) {
            let slot = (id.0.wrapping_sub(q.die_base) as usize).wrapping_sub(first);
            if slot < MAX_DICE {
                found += 1;
                if *zone == Zone::Dice(seat) {
                    out[slot] = Face::from_u8(face.0);
                }
            }
        }
    }
    if found < MAX_DICE {
        // Some dice sit in tables the cached query has not seen (a client added components
        // to them): read them one by one.
        let rules = world.resource::<GameRules<Duel>>();
        let dice = &rules.dice()[first..first + MAX_DICE];
        for (slot, &die) in out.iter_mut().zip(dice) {
            *slot = match (world.get::<Zone>(die), world.get::<DieFace>(die)) {
                (Some(&zone), Some(face)) if zone == Zone::Dice(seat) => Face::from_u8(face.0),
                _ => None,
            };
        }
    }
    out
}

/// The rows of a table holding the entities with stable ids `first..first + len` in that order
/// (as spawned, the usual case), or `None` when they are not all there in order.
pub(super) fn rows_of(ids: &[StableId], first: u32, len: usize) -> Option<std::ops::Range<usize>> {
    let start = first.wrapping_sub(ids.first()?.0) as usize;
    let rows = start..start.checked_add(len)?;
    let found = ids.get(rows.clone())?;
    found
        .iter()
        .zip(first..)
        .all(|(id, want)| id.0 == want)
        .then_some(rows)
}

/// Calls `edit(slot, zone, face)` on each of `seat`'s dice slots, in one pass over the dice
/// table's columns.
pub fn edit_dice(world: &mut World, seat: Seat, mut edit: impl FnMut(usize, &mut Zone, &mut u8)) {
    let mut q = world.resource_mut::<ZoneQueries>();
    let base = q.die_base;
    let mut dice = (q.bypass_change_detection().dice_mut.take())
        .expect("edit_dice is never re-entered (its query is put back before it returns)");
    let first = seat.index() * MAX_DICE;
    let Ok(tables) = dice.contiguous_iter_mut(world) else {
        unreachable!("the dice are table-stored")
    };
    for (ids, mut zones, mut faces) in tables {
        let (zones, faces) = (&mut *zones, &mut *faces);
        if let Some(rows) = rows_of(ids, base + first as u32, MAX_DICE) {
            let dice = zones[rows.clone()].iter_mut().zip(&mut faces[rows]);
            for (slot, (zone, face)) in dice.enumerate() {
                edit(slot, zone, &mut face.0);
            }
            continue;
        }
        for ((id, zone), face) in ids.iter().zip(zones).zip(faces) {
            let slot = (id.0.wrapping_sub(base) as usize).wrapping_sub(first);
            if slot < MAX_DICE {
                edit(slot, zone, &mut face.0);
            }
        }
    }
    world
        .resource_mut::<ZoneQueries>()
        .bypass_change_detection()
        .dice_mut = Some(dice);
}

/// How many dice `seat` holds.
pub fn dice_count(world: &World, seat: Seat) -> usize {
    faces(world, seat).iter().flatten().count()
}

/// One seat's live cards (see [`live`]) by card slot, read in one pass over the cards.
pub struct SeatCards {
    /// The zones.
    pub zone: [Zone; CARD_SLOTS],
    /// The catalog indices.
    pub card: [u16; CARD_SLOTS],
    /// The pile positions.
    pub order: [u16; CARD_SLOTS],
    /// How many slots are live (the rest read as [`Zone::Pool`]).
    pub live: usize,
}

impl SeatCards {
    /// The slots in zone `z`, in slot order.
    pub fn slots_in(&self, z: Zone) -> impl Iterator<Item = usize> + '_ {
        (0..self.live).filter(move |&i| self.zone[i] == z)
    }

    /// The slots of `seat`'s pile, top first (ties in slot order), and how many there are.
    pub fn pile(&self, seat: Seat) -> ([u8; CARD_SLOTS], usize) {
        let mut keyed = [(u16::MAX, u8::MAX); CARD_SLOTS];
        let mut n = 0;
        for i in self.slots_in(Zone::Pile(seat)) {
            keyed[n] = (self.order[i], i as u8);
            n += 1;
        }
        keyed[..n].sort_unstable();
        let mut out = [u8::MAX; CARD_SLOTS];
        for (o, k) in out.iter_mut().zip(&keyed[..n]) {
            *o = k.1;
        }
        (out, n)
    }
}

/// Reads `seat`'s live cards in one pass over the card table's columns.
pub fn seat_cards(world: &World, seat: Seat) -> SeatCards {
    let q = world.resource::<ZoneQueries>();
    let live =
        usize::from(world.resource::<DuelControl>().card_slots[seat.index()]).min(CARD_SLOTS);
    let first = seat.index() * CARD_SLOTS;
    let mut out = SeatCards {
        zone: [Zone::Pool; CARD_SLOTS],
        card: [0; CARD_SLOTS],
        order: [0; CARD_SLOTS],
        live,
    };
    let mut found = 0;
    let query = q.cards.query_manual(world);
    let Ok(tables) = query.contiguous_iter() else {
        unreachable!("the cards are table-stored")
    };
    for (ids, zones, cards, orders) in tables {
        if let Some(rows) = rows_of(ids, q.card_base + first as u32, live) {
            out.zone[..live].copy_from_slice(&zones[rows.clone()]);
            for (k, row) in rows.enumerate() {
                out.card[k] = cards[row].0;
                out.order[k] = orders[row].0;
            }
            found += live;
            continue;
        }
        for (row, id) in ids.iter().enumerate() {
            let slot = (id.0.wrapping_sub(q.card_base) as usize).wrapping_sub(first);
            if slot < live {
                out.zone[slot] = zones[row];
                out.card[slot] = cards[row].0;
                out.order[slot] = orders[row].0;
                found += 1;
            }
        }
    }
    if found < live {
        // Some cards sit in tables the cached query has not seen (a client added components
        // to them): read them one by one.
        let rules = world.resource::<GameRules<Duel>>();
        for (slot, &card) in cards(rules, seat)[..live].iter().enumerate() {
            out.zone[slot] = zone(world, card);
            out.card[slot] = card_id(world, card);
            out.order[slot] = world.get::<PileOrder>(card).map_or(0, |o| o.0);
        }
    }
    out
}

/// The entities in `zone` among `seat`'s cards, in hand order.
pub fn in_zone(rules: &Rules<Duel>, world: &World, seat: Seat, z: Zone) -> Vec<Entity> {
    let all = cards(rules, seat);
    seat_cards(world, seat)
        .slots_in(z)
        .map(|i| all[i])
        .collect()
}

/// The hand of `seat`, in hand order.
pub fn hand(rules: &Rules<Duel>, world: &World, seat: Seat) -> Vec<Entity> {
    in_zone(rules, world, seat, Zone::Hand(seat))
}

/// The pile of `seat`, top first.
pub fn pile(rules: &Rules<Duel>, world: &World, seat: Seat) -> Vec<Entity> {
    let all = cards(rules, seat);
    let (slots, n) = seat_cards(world, seat).pile(seat);
    slots[..n].iter().map(|&i| all[usize::from(i)]).collect()
}

/// The number of cards of `seat` in zone `z`.
pub fn count(world: &World, seat: Seat, z: Zone) -> usize {
    seat_cards(world, seat).slots_in(z).count()
}

/// The first card of `seat`'s hand that is `card`.
pub fn hand_card(rules: &Rules<Duel>, world: &World, seat: Seat, card: u16) -> Option<Entity> {
    let cs = seat_cards(world, seat);
    let slot = cs
        .slots_in(Zone::Hand(seat))
        .find(|&i| cs.card[i] == card)?;
    Some(cards(rules, seat)[slot])
}

/// The tag of a card (catalog index).
pub fn tag(rules: &Rules<Duel>, card: u16) -> CardTag {
    rules
        .game
        .catalog
        .cards
        .get(usize::from(card))
        .map_or(CardTag::Dummy, |c| c.tag)
}

/// Moves `entity` into `seat`'s hand, or to the discards when the hand is full. Returns where
/// it went.
pub fn to_hand(world: &mut World, seat: Seat, entity: Entity) -> Zone {
    let full = count(world, seat, Zone::Hand(seat)) >= HAND_LIMIT;
    move_card(world, entity, seat, full)
}

/// Moves `entity` into `seat`'s hand, or to the discards when `full`.
pub(super) fn move_card(world: &mut World, entity: Entity, seat: Seat, full: bool) -> Zone {
    let to = if full {
        Zone::Discard(seat)
    } else {
        Zone::Hand(seat)
    };
    if let Some(mut z) = world.get_mut::<Zone>(entity) {
        *z = to;
    }
    to
}

/// Sets `seat`'s dice to `faces`, in dice order (extra slots are emptied).
pub fn set_faces(world: &mut World, seat: Seat, new: &[Face]) {
    edit_dice(world, seat, |slot, zone, face| match new.get(slot) {
        Some(&f) => (*zone, *face) = (Zone::Dice(seat), f as u8),
        None => (*zone, *face) = (Zone::Pool, 0),
    });
}

/// Writes every one of `seat`'s dice slots: a die with its face, or an empty slot (its die in
/// the pool, face 0, so no face of the dice it replaces is left behind).
pub fn replace_faces(world: &mut World, seat: Seat, faces: &Faces) {
    edit_dice(world, seat, |slot, zone, face| match faces[slot] {
        Some(f) => (*zone, *face) = (Zone::Dice(seat), f as u8),
        None => (*zone, *face) = (Zone::Pool, 0),
    });
}

/// Writes `seat`'s dice slots where `after` differs from `before` (its faces now): a die
/// takes its new face, a slot emptied sends its die to the pool (the face left as it was).
pub fn write_faces(world: &mut World, seat: Seat, before: &Faces, after: &Faces) {
    let changed = (0..MAX_DICE).fold(0u16, |m, i| m | u16::from(before[i] != after[i]) << i);
    if changed == 0 {
        return;
    }
    edit_dice(world, seat, |slot, zone, face| {
        if changed >> slot & 1 != 0 {
            match after[slot] {
                Some(f) => (*zone, *face) = (Zone::Dice(seat), f as u8),
                None => *zone = Zone::Pool,
            }
        }
    });
}

/// The dice that pay `cost` with `active` the active element, or `None` when they cannot
/// (see [`Purse::pay`]).
pub fn payment(faces: &[Option<Face>; MAX_DICE], cost: Cost, active: Face) -> Option<u16> {
    Purse::new(faces).pay(cost, active)
}

/// A player's dice as one bit mask per face (bit `i`: dice slot `i`), to check many costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purse {
    by_face: [u16; 8],
}

impl Purse {
    /// The purse of these dice slots.
    pub fn new(faces: &[Option<Face>; MAX_DICE]) -> Self {
        let mut by_face = [0u16; 8];
        for (i, f) in faces.iter().enumerate() {
            if let Some(f) = *f {
                by_face[f as usize] |= 1 << i;
            }
        }
        Purse { by_face }
    }

    /// The dice slots that pay `cost` (as a mask), or `None` when they cannot: matching dice
    /// first then omni; for `same` the element with most dice (not the active's on ties) then
    /// omni; for `any` off-element dice, then the active element, then omni. Lower slots go
    /// first within each choice.
    pub fn pay(&self, cost: Cost, active: Face) -> Option<u16> {
        let by_face = &self.by_face;
        let mut used = 0u16;
        // Takes up to `need` of the slots in `mask` (lowest first).
        let take = |used: &mut u16, need: &mut u8, mask: u16| {
            let mut free = mask & !*used;
            while *need > 0 && free != 0 {
                let bit = free & free.wrapping_neg();
                *used |= bit;
                free &= !bit;
                *need -= 1;
            }
        };
        let omni = by_face[Face::Omni as usize];
        let mut need = cost.matching;
        take(&mut used, &mut need, by_face[active as usize]);
        take(&mut used, &mut need, omni);
        if need > 0 {
            return None;
        }
        if cost.same > 0 {
            let omni_left = (omni & !used).count_ones();
            // The element with most dice left (not the active's on ties, then the lowest).
            let mut best: Option<(u32, bool, Face)> = None;
            for &f in BASIC {
                let n = (by_face[f as usize] & !used).count_ones();
                if n + omni_left < u32::from(cost.same) {
                    continue;
                }
                let key = (n, f != active);
                if best.is_none_or(|(bn, bo, _)| key > (bn, bo)) {
                    best = Some((n, f != active, f));
                }
            }
            let best = best.map(|b| b.2);
            let mut need = cost.same;
            if let Some(x) = best {
                take(&mut used, &mut need, by_face[x as usize]);
            }
            take(&mut used, &mut need, omni);
            if need > 0 {
                return None;
            }
        }
        let mut need = cost.any;
        let all: u16 = by_face.iter().fold(0, |a, m| a | m);
        take(
            &mut used,
            &mut need,
            all & !omni & !by_face[active as usize],
        );
        take(&mut used, &mut need, by_face[active as usize]);
        take(&mut used, &mut need, omni);
        (need == 0).then_some(used)
    }
}

/// What [`seat_cards`] reads of a card.
type CardItem = (
    &'static StableId,
    &'static Zone,
    &'static CardId,
    &'static PileOrder,
);
/// What [`faces`] reads of a die.
type DieItem = (&'static StableId, &'static Zone, &'static DieFace);
/// What [`edit_dice`] writes.
type DieItemMut = (&'static StableId, &'static mut Zone, &'static mut DieFace);
/// What `board::fighters` reads.
pub(super) type FighterItem = (&'static StableId, &'static Fighter);

/// Queries over the cards and dice, made at setup. The entity set is fixed, but a client may
/// move cards or dice to new tables (its own components): the readers then find fewer than
/// they expect in the cached tables and read those entities one by one. A cache, not game
/// state: it is not part of snapshots.
#[derive(Resource)]
pub struct ZoneQueries {
    cards: QueryState<CardItem>,
    dice: QueryState<DieItem>,
    /// Taken out while [`edit_dice`] runs (it needs the world mutably).
    dice_mut: Option<QueryState<DieItemMut>>,
    pub(super) fighters: QueryState<FighterItem>,
    card_base: u32,
    die_base: u32,
    pub(super) fighter_base: u32,
}

impl ZoneQueries {
    /// Builds the queries for the cards, dice and characters spawned so far (`first_*`: the
    /// first of each, spawned with consecutive ids).
    pub fn new(
        world: &mut World,
        first_card: Entity,
        first_die: Entity,
        first_fighter: Entity,
    ) -> Self {
        let base = |world: &World, e: Entity| world.get::<StableId>(e).map_or(0, |s| s.0);
        ZoneQueries {
            card_base: base(world, first_card),
            die_base: base(world, first_die),
            fighter_base: base(world, first_fighter),
            cards: world.query::<CardItem>(),
            dice: world.query::<DieItem>(),
            dice_mut: Some(world.query::<DieItemMut>()),
            fighters: world.query::<FighterItem>(),
        }
    }
}

/// The hand of `seat` sorted by catalog index (then hand order): the order a
/// [`Redraw`](super::DuelAction::Redraw) mask's bits refer to.
pub fn sorted_hand(rules: &Rules<Duel>, world: &World, seat: Seat) -> Vec<(u16, Entity)> {
    let all = cards(rules, seat);
    let cs = seat_cards(world, seat);
    let mut hand: Vec<(u16, Entity)> = cs
        .slots_in(Zone::Hand(seat))
        .map(|i| (cs.card[i], all[i]))
        .collect();
    hand.sort_by_key(|&(card, _)| card);
    hand
}

/// Shuffles `seat`'s pile: its cards, in card order, get a random order of pile positions
/// from the deal stream (the pile's order is no longer set).
pub fn shuffle_pile(rules: &Rules<Duel>, world: &mut World, seat: Seat) {
    use rand::seq::SliceRandom;
    world.resource_mut::<DuelControl>().pile_set[seat.index()] = false;
    let cards: Vec<Entity> = in_zone(rules, world, seat, Zone::Pile(seat));
    let mut order: Vec<u16> = (0..cards.len() as u16).collect();
    let mut streams = world.resource_mut::<alea::chance::Streams>();
    order.shuffle(streams.rng(alea::chance::Purpose::Deal));
    for (&e, &o) in cards.iter().zip(&order) {
        if let Some(mut p) = world.get_mut::<PileOrder>(e) {
            p.0 = o;
        }
    }
}
