//! Determinization by hand: put chosen cards into a concealed zone, make a zone hold exactly
//! the cards named, set a die's face or a zone's dice — checked first, so an error leaves the
//! world exactly as it was.
//!
//! A search re-deals hidden information with [`Game::determinize`];
//! these operations fix it instead — a test that gives a seat the card it needs, a puzzle, a
//! scenario, a game's own `determinize`. Cards trade places: each chosen card that is not in
//! the zone yet swaps zones with one of the zone's cards that was not chosen, so every zone
//! keeps its size and every card stays somewhere. Only cards of concealed zones
//! ([`Game::concealed_zone`]: hands, piles, the stock by default)
//! move; a game keeps what else a move touches (an ordered pile, what seats know) in
//! [`Game::swapped`].
//!
//!
//! [`Sim::set_zone`](crate::kernel::Sim::set_zone) and [`Sim::set_dice`](crate::kernel::Sim::set_dice)
//! set a whole zone: by the same trades by default ([`set_zone`], [`set_dice`]), or the game's
//! own way where its entities are slots it rewrites ([`Game::set_zone`]:
//! the duel's catalog slots, its `dummy` card for an unknown one, its pool of spare dice).
//! Stopping a draw is forcing its chance point ([`Case`](crate::chance::Case)): every draw
//! that goes through one can be made to take the card a test wants.
//!
//! ```
//! # use alea::kernel::{CardId, Seat, Sim, Zone};
//! # fn demo<G: alea::kernel::Game>(sim: &mut Sim<G>) -> Result<(), alea::determinize::DeterminizeError> {
//! // Seat 1 holds card 7 (whatever else it holds stays, one card of it gone where 7 was).
//! sim.place_cards(Zone::Hand(Seat(1)), &[CardId(7)])?;
//! // The first die shows its third face.
//! sim.set_die_face(0, 2)?;
//! // Seat 0's hand is exactly cards 3 and 9 (as many as it holds), 3 first.
//! sim.set_zone(Zone::Hand(Seat(0)), &[CardId(3), CardId(9)])?;
//! // Seat 0's dice show faces 1 and 5.
//! sim.set_dice(Zone::Dice(Seat(0)), &[1, 5])?;
//! # Ok(()) }
//! ```

use bevy_ecs::prelude::*;

use crate::kernel::{CardId, DieFace, Faces, Game, Rules, Zone};

/// Why a determinization was refused (nothing was changed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeterminizeError {
    /// The zone is not one the game conceals: cards there are public (or hold nothing to fix).
    #[error("{zone:?} is not a concealed zone of this game")]
    NotConcealed {
        /// The zone asked for.
        zone: Zone,
    },
    /// No card of the game has this id.
    #[error("no card has id {}", card.0)]
    UnknownCard {
        /// The id.
        card: CardId,
    },
    /// The same card asked for twice.
    #[error("card {} is asked for twice", card.0)]
    Duplicate {
        /// The id.
        card: CardId,
    },
    /// The game sets no cards or dice in this zone ([`Game::set_zone`], [`Game::set_dice`]).
    #[error("this game sets no cards or dice in {zone:?}")]
    NotSettable {
        /// The zone asked for.
        zone: Zone,
    },
    /// The card is where every seat sees it (or out of play): it cannot be moved.
    #[error("card {} is in {zone:?}, which is not concealed", card.0)]
    Visible {
        /// The id.
        card: CardId,
        /// Where it is.
        zone: Zone,
    },
    /// More cards than the zone holds.
    #[error("{asked} cards asked for {zone:?}, which holds {holds}")]
    TooMany {
        /// The zone.
        zone: Zone,
        /// Cards asked for.
        asked: usize,
        /// Cards it holds.
        holds: usize,
    },
    /// A zone set whole with another number of cards or dice than it can take: the default
    /// [`set_zone`] and [`set_dice`] keep every zone's size.
    #[error("{asked} asked for {zone:?}, which holds {holds}")]
    WrongSize {
        /// The zone.
        zone: Zone,
        /// Cards or dice asked for.
        asked: usize,
        /// What it holds.
        holds: usize,
    },
    /// The game keeps no order in this zone ([`Game::put_on_top`]).
    #[error("{zone:?} has no order to put cards on top of")]
    Unordered {
        /// The zone.
        zone: Zone,
    },
    /// No die at that index.
    #[error("die {index} does not exist (the game has {dice})")]
    NoDie {
        /// The index asked for.
        index: usize,
        /// Dice in the game.
        dice: usize,
    },
    /// A face the die does not have.
    #[error("die {index} has faces 0..{faces}, not {face}")]
    NoFace {
        /// The die's index.
        index: usize,
        /// The face asked for.
        face: u8,
        /// Its number of faces.
        faces: u8,
    },
    /// An action is resolving (a question is pending mid-way): the question was asked of the
    /// world as it was, so nothing is placed until the resolution is over.
    #[error("an action is resolving (a question is pending): place cards and dice between actions")]
    InFlight,
}

/// Two cards that traded zones: `incoming` went into the zone asked for, `outgoing` left it
/// for `incoming`'s old zone, `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swap {
    /// The card asked for.
    pub incoming: Entity,
    /// The zone's card it replaced.
    pub outgoing: Entity,
    /// Where `incoming` was (and `outgoing` now is).
    pub from: Zone,
    /// The zone asked for.
    pub to: Zone,
}

/// Plans putting the cards `wanted` into `zone`, changing nothing: the swaps that do it.
/// `cards` are the game's card entities; a card moves only out of a zone `concealed` accepts.
/// The zone's own cards that were not asked for leave in card order.
pub fn plan(
    world: &World,
    cards: &[Entity],
    zone: Zone,
    wanted: &[CardId],
    concealed: impl Fn(Zone) -> bool,
) -> Result<Vec<Swap>, DeterminizeError> {
    if !concealed(zone) {
        return Err(DeterminizeError::NotConcealed { zone });
    }
    let card_zone = |e: Entity| world.get::<Zone>(e).copied().unwrap_or(Zone::Removed);
    let entity_of =
        |card: CardId| entity_of(world, cards, card).ok_or(DeterminizeError::UnknownCard { card });
    let held: Vec<Entity> = cards
        .iter()
        .copied()
        .filter(|&e| card_zone(e) == zone)
        .collect();
    if wanted.len() > held.len() {
        return Err(DeterminizeError::TooMany {
            zone,
            asked: wanted.len(),
            holds: held.len(),
        });
    }
    let mut chosen = Vec::with_capacity(wanted.len());
    for (i, &card) in wanted.iter().enumerate() {
        if wanted[..i].contains(&card) {
            return Err(DeterminizeError::Duplicate { card });
        }
        chosen.push(entity_of(card)?);
    }
    let mut spare = held.iter().filter(|e| !chosen.contains(e));
    let mut swaps = Vec::new();
    for (&card, &entity) in wanted.iter().zip(&chosen) {
        let from = card_zone(entity);
        if from == zone {
            continue;
        }
        if !concealed(from) {
            return Err(DeterminizeError::Visible { card, zone: from });
        }
        let outgoing = *spare.next().expect("the zone holds at least as many cards");
        swaps.push(Swap {
            incoming: entity,
            outgoing,
            from,
            to: zone,
        });
    }
    Ok(swaps)
}

/// The entity among `cards` whose [`CardId`] is `card`.
pub fn entity_of(world: &World, cards: &[Entity], card: CardId) -> Option<Entity> {
    cards
        .iter()
        .copied()
        .find(|&e| world.get::<CardId>(e) == Some(&card))
}

/// Carries out `swaps` (from [`plan`], on the same world).
pub fn apply(world: &mut World, swaps: &[Swap]) {
    for swap in swaps {
        if let Some(mut zone) = world.get_mut::<Zone>(swap.incoming) {
            *zone = swap.to;
        }
        if let Some(mut zone) = world.get_mut::<Zone>(swap.outgoing) {
            *zone = swap.from;
        }
    }
}

/// Sets die `index` of `dice` (the game's dice entities) to show `face` (`0..faces`).
pub fn set_die_face(
    world: &mut World,
    dice: &[Entity],
    index: usize,
    face: u8,
) -> Result<(), DeterminizeError> {
    let die = *dice.get(index).ok_or(DeterminizeError::NoDie {
        index,
        dice: dice.len(),
    })?;
    let faces = world.get::<Faces>(die).map_or(0, |f| f.0);
    if face >= faces {
        return Err(DeterminizeError::NoFace { index, face, faces });
    }
    match world.get_mut::<DieFace>(die) {
        Some(mut shown) => shown.0 = face,
        None => {
            return Err(DeterminizeError::NoFace {
                index,
                face,
                faces: 0,
            });
        }
    }
    Ok(())
}

/// Makes `zone` hold exactly `cards` by trading places ([`plan`]): as many cards as it holds
/// ([`DeterminizeError::WrongSize`]), each from a concealed zone, then in the order given where
/// the game keeps one ([`Game::put_on_top`]). The default of [`Game::set_zone`]. Checked
/// first: on an error nothing changed.
pub fn set_zone<G: Game>(
    rules: &Rules<G>,
    world: &mut World,
    state: &mut G::State,
    zone: Zone,
    cards: &[CardId],
) -> Result<(), DeterminizeError> {
    let all = rules.cards();
    let swaps = plan(world, all, zone, cards, G::concealed_zone)?;
    let holds = all
        .iter()
        .filter(|&&e| world.get::<Zone>(e) == Some(&zone))
        .count();
    if cards.len() != holds {
        return Err(DeterminizeError::WrongSize {
            zone,
            asked: cards.len(),
            holds,
        });
    }
    let order: Vec<Entity> = cards
        .iter()
        .filter_map(|&card| entity_of(world, all, card))
        .collect();
    apply(world, &swaps);
    G::swapped(rules, world, state, &swaps);
    // Every card of the zone named: an unordered zone (`false`) holds all there is to set.
    G::put_on_top(rules, world, state, zone, &order);
    Ok(())
}

/// Makes the dice in `zone` (of `dice`, the game's dice entities, in that order) show
/// `faces`: one face per die there ([`DeterminizeError::WrongSize`]), each one the die has.
/// The default of [`Game::set_dice`]. Checked first: on an error nothing changed.
pub fn set_dice(
    world: &mut World,
    dice: &[Entity],
    zone: Zone,
    faces: &[u8],
) -> Result<(), DeterminizeError> {
    let there: Vec<usize> = (0..dice.len())
        .filter(|&i| world.get::<Zone>(dice[i]) == Some(&zone))
        .collect();
    if there.len() != faces.len() {
        return Err(DeterminizeError::WrongSize {
            zone,
            asked: faces.len(),
            holds: there.len(),
        });
    }
    for (&index, &face) in there.iter().zip(faces) {
        let faces = world.get::<Faces>(dice[index]).map_or(0, |f| f.0);
        if face >= faces {
            return Err(DeterminizeError::NoFace { index, face, faces });
        }
    }
    for (&index, &face) in there.iter().zip(faces) {
        set_die_face(world, dice, index, face)?;
    }
    Ok(())
}
