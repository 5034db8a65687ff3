//! Reading and moving a seat's cards and dice, and paying costs.

use bevy_ecs::prelude::*;

use super::Duel;
use super::catalog::{CardTag, Cost};
use super::state::{CARD_SLOTS, DuelControl, HAND_LIMIT, PileOrder};
use crate::dice::{BASIC, Face, MAX_DICE};
use crate::kernel::{CardId, DieFace, Rules, Seat, StableId, Zone};

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

/// The faces of `seat`'s dice slots (`None`: the slot holds no die).
pub fn faces(rules: &Rules<Duel>, world: &World, seat: Seat) -> [Option<Face>; MAX_DICE] {
    let mut out = [None; MAX_DICE];
    for (slot, &e) in out.iter_mut().zip(dice(rules, seat)) {
        if zone(world, e) == Zone::Dice(seat) {
            *slot = world.get::<DieFace>(e).and_then(|f| Face::from_u8(f.0));
        }
    }
    out
}

/// How many dice `seat` holds.
pub fn dice_count(rules: &Rules<Duel>, world: &World, seat: Seat) -> usize {
    faces(rules, world, seat).iter().flatten().count()
}

/// The entities in `zone` among `seat`'s cards, in hand order.
pub fn in_zone(rules: &Rules<Duel>, world: &World, seat: Seat, z: Zone) -> Vec<Entity> {
    live(rules, world, seat)
        .iter()
        .copied()
        .filter(|&e| zone(world, e) == z)
        .collect()
}

/// The hand of `seat`, in hand order.
pub fn hand(rules: &Rules<Duel>, world: &World, seat: Seat) -> Vec<Entity> {
    in_zone(rules, world, seat, Zone::Hand(seat))
}

/// The pile of `seat`, top first.
pub fn pile(rules: &Rules<Duel>, world: &World, seat: Seat) -> Vec<Entity> {
    let mut pile = in_zone(rules, world, seat, Zone::Pile(seat));
    pile.sort_by_key(|&e| world.get::<PileOrder>(e).map_or(u16::MAX, |o| o.0));
    pile
}

/// The number of cards of `seat` in zone `z`.
pub fn count(rules: &Rules<Duel>, world: &World, seat: Seat, z: Zone) -> usize {
    live(rules, world, seat)
        .iter()
        .filter(|&&e| zone(world, e) == z)
        .count()
}

/// The first card of `seat`'s hand that is `card`.
pub fn hand_card(rules: &Rules<Duel>, world: &World, seat: Seat, card: u16) -> Option<Entity> {
    live(rules, world, seat)
        .iter()
        .copied()
        .find(|&e| zone(world, e) == Zone::Hand(seat) && card_id(world, e) == card)
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
pub fn to_hand(rules: &Rules<Duel>, world: &mut World, seat: Seat, entity: Entity) -> Zone {
    let to = if count(rules, world, seat, Zone::Hand(seat)) >= HAND_LIMIT {
        Zone::Discard(seat)
    } else {
        Zone::Hand(seat)
    };
    if let Some(mut z) = world.get_mut::<Zone>(entity) {
        *z = to;
    }
    to
}

/// Draws up to `count` cards of `tag` from the top of `seat`'s pile.
pub fn draw(
    rules: &Rules<Duel>,
    world: &mut World,
    seat: Seat,
    count: u8,
    tag_filter: Option<CardTag>,
) {
    let pile = pile(rules, world, seat);
    let mut left = count;
    for e in pile {
        if left == 0 {
            break;
        }
        if tag_filter.is_none_or(|t| tag(rules, card_id(world, e)) == t) {
            to_hand(rules, world, seat, e);
            left -= 1;
        }
    }
}

/// Sets `seat`'s dice to `faces`, in dice order (extra slots are emptied).
pub fn set_faces(rules: &Rules<Duel>, world: &mut World, seat: Seat, new: &[Face]) {
    for (i, &e) in dice(rules, seat).iter().enumerate() {
        let (z, f) = match new.get(i) {
            Some(&f) => (Zone::Dice(seat), f as u8),
            None => (Zone::Pool, 0),
        };
        if let Some(mut zone) = world.get_mut::<Zone>(e) {
            *zone = z;
        }
        if let Some(mut face) = world.get_mut::<DieFace>(e) {
            face.0 = f;
        }
    }
}

/// Adds dice to `seat` in free slots (as many as fit). Returns how many were added.
pub fn add_dice(rules: &Rules<Duel>, world: &mut World, seat: Seat, new: &[Face]) -> usize {
    let mut added = 0;
    for &e in dice(rules, seat) {
        if added == new.len() {
            break;
        }
        if zone(world, e) == Zone::Pool {
            if let Some(mut zone) = world.get_mut::<Zone>(e) {
                *zone = Zone::Dice(seat);
            }
            if let Some(mut face) = world.get_mut::<DieFace>(e) {
                face.0 = new[added] as u8;
            }
            added += 1;
        }
    }
    added
}

/// Spends the dice in `mask` (bit `i`: dice slot `i`).
pub fn spend(rules: &Rules<Duel>, world: &mut World, seat: Seat, mask: u16) {
    for (i, &e) in dice(rules, seat).iter().enumerate() {
        if mask & (1 << i) != 0
            && let Some(mut zone) = world.get_mut::<Zone>(e)
        {
            *zone = Zone::Pool;
        }
    }
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

/// What [`view`] reads of a card.
type CardItem = (&'static StableId, &'static Zone, &'static CardId);
/// What [`view`] reads of a die.
type DieItem = (&'static StableId, &'static Zone, &'static DieFace);

/// A query over the cards and dice, made at setup (the entity set is fixed, so its archetype
/// cache never goes stale). A cache, not game state: it is not part of snapshots.
#[derive(Resource)]
pub struct ViewQuery {
    cards: QueryState<CardItem>,
    dice: QueryState<DieItem>,
    card_base: u32,
    die_base: u32,
}

impl ViewQuery {
    /// Builds the query for the cards and dice spawned so far.
    pub fn new(world: &mut World, first_card: Entity, first_die: Entity) -> Self {
        let base = |world: &World, e: Entity| world.get::<StableId>(e).map_or(0, |s| s.0);
        ViewQuery {
            card_base: base(world, first_card),
            die_base: base(world, first_die),
            cards: world.query::<CardItem>(),
            dice: world.query::<DieItem>(),
        }
    }
}

/// Every card's and die's zone, card and face, read in one pass and indexed by spawn order
/// (never by query order): seat `s`'s card slot `i` is `s * CARD_SLOTS + i`.
pub struct View {
    /// The cards' zones.
    pub card_zone: [Zone; 2 * CARD_SLOTS],
    /// The cards' catalog indices.
    pub card: [u16; 2 * CARD_SLOTS],
    /// The dice's faces, `None` when the slot holds no die.
    pub dice: [Option<Face>; 2 * MAX_DICE],
}

impl View {
    /// `seat`'s dice slots.
    pub fn faces(&self, seat: Seat) -> [Option<Face>; MAX_DICE] {
        let mut out = [None; MAX_DICE];
        out.copy_from_slice(&self.dice[seat.index() * MAX_DICE..(seat.index() + 1) * MAX_DICE]);
        out
    }

    /// The cards (catalog indices) in `seat`'s hand, in hand order.
    pub fn hand(&self, seat: Seat) -> impl Iterator<Item = u16> + '_ {
        let range = seat.index() * CARD_SLOTS..(seat.index() + 1) * CARD_SLOTS;
        self.card_zone[range.clone()]
            .iter()
            .zip(&self.card[range])
            .filter(move |(z, _)| **z == Zone::Hand(seat))
            .map(|(_, c)| *c)
    }
}

/// Reads a [`View`] of `world` (one pass over the cards and dice).
pub fn view(world: &World) -> View {
    let q = world.resource::<ViewQuery>();
    let mut v = View {
        card_zone: [Zone::Pool; 2 * CARD_SLOTS],
        card: [0; 2 * CARD_SLOTS],
        dice: [None; 2 * MAX_DICE],
    };
    for (id, zone, card) in q.cards.iter_manual(world) {
        let i = id.0.wrapping_sub(q.card_base) as usize;
        if i < v.card.len() {
            v.card_zone[i] = *zone;
            v.card[i] = card.0;
        }
    }
    for (id, zone, face) in q.dice.iter_manual(world) {
        let i = id.0.wrapping_sub(q.die_base) as usize;
        if i < v.dice.len() && matches!(zone, Zone::Dice(_)) {
            v.dice[i] = Face::from_u8(face.0);
        }
    }
    v
}
