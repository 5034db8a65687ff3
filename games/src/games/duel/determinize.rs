//! The duel's determinization: replace a seat's dice, hand or pile (by card names, through
//! the kernel's [`Sim::set_dice`] and [`Sim::set_zone`], which the duel's catalog slots and
//! pool of spare dice implement), set its dice generators, and take over its draws
//! (`no_draw`, the draw buffer, `pile_to_hand`, `hand_to_pile`; the kernel's way to fix a draw
//! is forcing its chance point). Every function checks everything first: on error the world
//! is unchanged.
//!
//! ```
//! use alea_games::dice::Face;
//! use alea_games::games::duel::{Duel, determinize as det};
//! use alea::kernel::{Seat, SimBuilder};
//!
//! let mut sim = SimBuilder::new(Duel::default()).seed(3).build();
//! det::set_dice(&mut sim, Seat(0), &[Face::Omni; 8]).unwrap();
//! det::set_hand(&mut sim, Seat(1), &["Sweet Bun", "dummy"]).unwrap();
//! det::set_pile(&mut sim, Seat(1), &["dummy"; 10]).unwrap();
//! assert!(det::set_hand(&mut sim, Seat(1), &["No Such Card"]).is_err());
//! ```

use bevy_ecs::prelude::*;

use super::catalog::{CardTag, CatalogError};
use super::evidence::HandEvidence;
use super::history::{DiceHistory, DiceStep};
use super::state::{CARD_SLOTS, Draw, DuelControl, DuelState, HAND_LIMIT, PileOrder};
use super::{Duel, board, zones};
use crate::dice::{DiceError, DiceExpr, DiceGenerator, Face, GeneratorKind, MAX_DICE};
use alea::determinize::DeterminizeError as KernelError;
use alea::kernel::{CardId, Rules, Seat, Sim, Zone};

/// The name of the card that can only be tuned.
pub const DUMMY: &str = "dummy";

/// Why a determinization call was refused (nothing was changed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeterminizeError {
    /// A card name not in the catalog.
    #[error(transparent)]
    Unknown(#[from] CatalogError),
    /// Refused by the kernel's determinization ([`Sim::set_zone`], [`Sim::set_dice`]): more
    /// cards or dice than fit, a zone the duel does not set, an action in flight.
    #[error(transparent)]
    Kernel(#[from] KernelError),
    /// A refused dice expression.
    #[error("{0}")]
    Dice(#[from] DiceError),
    /// `pile_to_hand` with no buffered draw.
    #[error("no draw is waiting in the draw buffer")]
    NoPendingDraw,
    /// `pile_to_hand` with another number of cards than the front draw.
    #[error("the front draw takes {expected} card(s), {got} given")]
    WrongCount {
        /// Cards the draw takes.
        expected: usize,
        /// Indices given.
        got: usize,
    },
    /// `pile_to_hand` with a card of another tag than the front draw's.
    #[error("card {index} is a {found:?} card; the draw asks for {expected:?}")]
    WrongTag {
        /// The index given.
        index: usize,
        /// The draw's tag.
        expected: CardTag,
        /// The card's tag.
        found: CardTag,
    },
    /// An index past the end of the pile or hand.
    #[error("index {index} is out of range (the {zone} holds {len})")]
    OutOfRange {
        /// The index.
        index: usize,
        /// "hand" or "pile".
        zone: &'static str,
        /// Its size.
        len: usize,
    },
    /// The same index twice.
    #[error("index {0} is given twice")]
    Duplicate(usize),
}

fn ids(rules: &Rules<Duel>, names: &[&str]) -> Result<Vec<CardId>, DeterminizeError> {
    names
        .iter()
        .map(|n| Ok(CardId(rules.game.catalog.card(n)?)))
        .collect()
}

/// The duel's [`Game::set_zone`](alea::kernel::Game::set_zone): `seat`'s hand or pile holds
/// exactly `cards` (catalog indices, the first on top of a pile), written on the zone's card
/// entities and then the seat's spares, up to the hand limit or the seat's card slots. A hand
/// set forgets what the table knew of it ([`HandEvidence`]); a pile set is drawn in its order
/// ([`DuelControl::pile_set`]) until it is shuffled.
pub(super) fn set_zone(
    rules: &Rules<Duel>,
    world: &mut World,
    state: &mut DuelState,
    zone: Zone,
    cards: &[CardId],
) -> Result<(), KernelError> {
    let (seat, limit) = match zone {
        Zone::Hand(seat) if seat.index() < 2 => (seat, HAND_LIMIT),
        Zone::Pile(seat) if seat.index() < 2 => (seat, CARD_SLOTS),
        _ => return Err(KernelError::NotSettable { zone }),
    };
    let known = rules.game.catalog.cards.len();
    if let Some(&card) = cards.iter().find(|c| usize::from(c.0) >= known) {
        return Err(KernelError::UnknownCard { card });
    }
    // The zone's own entities first (in card order), then spares.
    let all = zones::cards(rules, seat);
    let view: &World = world;
    let in_zone = |z: Zone| {
        all.iter()
            .copied()
            .filter(move |&e| zones::zone(view, e) == z)
    };
    let entities: Vec<Entity> = in_zone(zone).chain(in_zone(Zone::Pool)).collect();
    let capacity = entities.len().min(limit);
    if cards.len() > capacity {
        return Err(KernelError::TooMany {
            zone,
            asked: cards.len(),
            holds: capacity,
        });
    }
    let last_used = entities[..cards.len()]
        .iter()
        .filter_map(|e| all.iter().position(|a| a == e))
        .max()
        .map_or(0, |i| i + 1);
    let mut control = world.resource_mut::<DuelControl>();
    let slots = &mut control.card_slots[seat.index()];
    *slots = (*slots).max(last_used as u8);
    match zone {
        Zone::Hand(_) => state.sides[seat.index()].hand = HandEvidence::default(),
        _ => control.pile_set[seat.index()] = true,
    }
    for (i, &e) in entities.iter().enumerate() {
        let (z, card) = match cards.get(i) {
            Some(&c) => (zone, Some(c)),
            None => (Zone::Pool, None),
        };
        if let Some(mut zz) = world.get_mut::<Zone>(e) {
            *zz = z;
        }
        if let Some(c) = card {
            if let Some(mut id) = world.get_mut::<CardId>(e) {
                *id = c;
            }
            if let Some(mut o) = world.get_mut::<PileOrder>(e) {
                o.0 = i as u16;
            }
        }
    }
    Ok(())
}

/// The duel's [`Game::set_dice`](alea::kernel::Game::set_dice): `seat`'s dice are exactly
/// `faces` ([`Face`] discriminants, up to [`MAX_DICE`]), its other dice slots back in the pool;
/// the dice history records them as set.
pub(super) fn set_dice_zone(
    world: &mut World,
    zone: Zone,
    faces: &[u8],
) -> Result<(), KernelError> {
    let Zone::Dice(seat) = zone else {
        return Err(KernelError::NotSettable { zone });
    };
    if seat.index() >= 2 {
        return Err(KernelError::NotSettable { zone });
    }
    if faces.len() > MAX_DICE {
        return Err(KernelError::TooMany {
            zone,
            asked: faces.len(),
            holds: MAX_DICE,
        });
    }
    let mut set = Vec::with_capacity(faces.len());
    for (index, &face) in faces.iter().enumerate() {
        set.push(Face::from_u8(face).ok_or(KernelError::NoFace {
            index,
            face,
            faces: Face::ALL.len() as u8,
        })?);
    }
    zones::set_faces(world, seat, &set);
    let slots = ((1u32 << faces.len()) - 1) as u16;
    if let Some(mut history) = world.get_resource_mut::<DiceHistory>() {
        history.log(seat, DiceStep::Set { slots });
    }
    Ok(())
}

/// Replaces `seat`'s dice by `faces` (in dice order): [`Sim::set_dice`] on its dice zone.
pub fn set_dice(sim: &mut Sim<Duel>, seat: Seat, faces: &[Face]) -> Result<(), DeterminizeError> {
    let faces: Vec<u8> = faces.iter().map(|&f| f as u8).collect();
    Ok(sim.set_dice(Zone::Dice(seat), &faces)?)
}

/// Replaces `seat`'s hand by the cards named (at most the hand limit): [`Sim::set_zone`] on
/// its hand. What the table knew of the hand ([`HandEvidence`]) is forgotten.
pub fn set_hand(sim: &mut Sim<Duel>, seat: Seat, names: &[&str]) -> Result<(), DeterminizeError> {
    let cards = ids(sim.rules(), names)?;
    Ok(sim.set_zone(Zone::Hand(seat), &cards)?)
}

/// Replaces `seat`'s pile by the cards named, the first on top: [`Sim::set_zone`] on its pile.
/// Its draws take them in this order ([`DuelControl::pile_set`]) until the pile is shuffled.
pub fn set_pile(sim: &mut Sim<Duel>, seat: Seat, names: &[&str]) -> Result<(), DeterminizeError> {
    let cards = ids(sim.rules(), names)?;
    Ok(sim.set_zone(Zone::Pile(seat), &cards)?)
}

/// Sets (or with `None` clears) `seat`'s roll generator. A set roll generator skips the reroll.
pub fn set_roll_generator(
    sim: &mut Sim<Duel>,
    seat: Seat,
    expr: Option<&str>,
) -> Result<(), DeterminizeError> {
    set_generator(sim, seat, expr, GeneratorKind::Roll)
}

/// Sets (or with `None` clears) `seat`'s black generator (cards that create dice).
pub fn set_black_generator(
    sim: &mut Sim<Duel>,
    seat: Seat,
    expr: Option<&str>,
) -> Result<(), DeterminizeError> {
    set_generator(sim, seat, expr, GeneratorKind::Black)
}

fn set_generator(
    sim: &mut Sim<Duel>,
    seat: Seat,
    expr: Option<&str>,
    kind: GeneratorKind,
) -> Result<(), DeterminizeError> {
    let parsed = match expr {
        None => None,
        Some(text) => {
            let parsed: DiceExpr = text.parse().map_err(DiceError::Expr)?;
            let active = sim.state().sides[seat.index()].active;
            let t = board::team(sim.rules(), sim.world(), seat, active);
            // Check it for every count it will be asked for.
            let counts: Vec<usize> = match kind {
                GeneratorKind::Roll => vec![super::state::ROLL],
                GeneratorKind::Black => {
                    let most = sim
                        .rules()
                        .game
                        .catalog
                        .cards
                        .iter()
                        .filter_map(|c| match c.effect {
                            super::catalog::Effect::CreateDice(n) => Some(usize::from(n)),
                            _ => None,
                        })
                        .max()
                        .unwrap_or(1);
                    (1..=most).collect()
                }
            };
            for n in counts {
                DiceGenerator::new(&parsed, n, kind, &t)?;
            }
            Some(parsed)
        }
    };
    let mut control = sim.world_mut().resource_mut::<DuelControl>();
    match kind {
        GeneratorKind::Roll => control.roll[seat.index()] = parsed,
        GeneratorKind::Black => control.black[seat.index()] = parsed,
    }
    Ok(())
}

/// Turns `no_draw` on or off for `seat`: its hand and pile ignore draw events, which are
/// appended to its draw buffer instead (everything else resolves as usual).
pub fn no_draw(sim: &mut Sim<Duel>, seat: Seat, on: bool) {
    sim.world_mut().resource_mut::<DuelControl>().no_draw[seat.index()] = on;
}

/// The draws waiting for `seat`, oldest first.
pub fn draw_buffer(sim: &Sim<Duel>, seat: Seat) -> &[Draw] {
    &sim.world().resource::<DuelControl>().draw_buffer[seat.index()]
}

fn check_indices(
    indices: &[usize],
    len: usize,
    zone: &'static str,
) -> Result<(), DeterminizeError> {
    for (i, &index) in indices.iter().enumerate() {
        if index >= len {
            return Err(DeterminizeError::OutOfRange { index, zone, len });
        }
        if indices[..i].contains(&index) {
            return Err(DeterminizeError::Duplicate(index));
        }
    }
    Ok(())
}

/// Resolves the front draw of `seat`'s buffer: moves the pile cards at `indices` (top first)
/// into the hand (a full hand discards them, as a draw would). Exactly as many indices as the
/// draw takes (its count, or fewer if the pile has fewer cards of its tag), each of its tag.
pub fn pile_to_hand(
    sim: &mut Sim<Duel>,
    seat: Seat,
    indices: &[usize],
) -> Result<(), DeterminizeError> {
    let rules = sim.rules();
    let world = sim.world();
    let draw = *world.resource::<DuelControl>().draw_buffer[seat.index()]
        .first()
        .ok_or(DeterminizeError::NoPendingDraw)?;
    let pile = zones::pile(rules, world, seat);
    let tag_of = |e: Entity| zones::tag(rules, zones::card_id(world, e));
    let available = pile
        .iter()
        .filter(|&&e| draw.tag.is_none_or(|t| tag_of(e) == t))
        .count();
    let expected = usize::from(draw.count).min(available);
    if indices.len() != expected {
        return Err(DeterminizeError::WrongCount {
            expected,
            got: indices.len(),
        });
    }
    check_indices(indices, pile.len(), "pile")?;
    if let Some(expected) = draw.tag {
        for &index in indices {
            let found = tag_of(pile[index]);
            if found != expected {
                return Err(DeterminizeError::WrongTag {
                    index,
                    expected,
                    found,
                });
            }
        }
    }
    let world = sim.world_mut();
    let mut kept = 0;
    for &index in indices {
        kept += u8::from(matches!(
            zones::to_hand(world, seat, pile[index]),
            Zone::Hand(_)
        ));
    }
    world.resource_mut::<DuelControl>().draw_buffer[seat.index()].remove(0);
    sim.state_mut().sides[seat.index()]
        .hand
        .drawn(draw.tag, kept);
    sim.refresh_decision();
    Ok(())
}

/// Moves the hand cards at `indices` (hand order) to the bottom of `seat`'s pile, in the order
/// given.
pub fn hand_to_pile(
    sim: &mut Sim<Duel>,
    seat: Seat,
    indices: &[usize],
) -> Result<(), DeterminizeError> {
    let rules = sim.rules();
    let world = sim.world();
    let hand = zones::hand(rules, world, seat);
    check_indices(indices, hand.len(), "hand")?;
    let bottom = zones::pile(rules, world, seat)
        .last()
        .and_then(|&e| world.get::<PileOrder>(e))
        .map_or(0, |o| o.0 + 1);
    let world = sim.world_mut();
    for (i, &index) in indices.iter().enumerate() {
        let e = hand[index];
        if let Some(mut z) = world.get_mut::<Zone>(e) {
            *z = Zone::Pile(seat);
        }
        if let Some(mut o) = world.get_mut::<PileOrder>(e) {
            o.0 = bottom + i as u16;
        }
    }
    let hidden = indices.len().min(usize::from(u8::MAX)) as u8;
    sim.state_mut().sides[seat.index()].hand.hidden(hidden);
    sim.refresh_decision();
    Ok(())
}
