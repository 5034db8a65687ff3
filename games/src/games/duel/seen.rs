//! What a seat sees of the table ([`seen_table`]): both sides' characters, statuses, summons
//! and supports, how many dice, cards in hand and cards in the pile each side has — and the
//! faces of its own dice and the names of its own cards, which the opponent does not see (the
//! same split as the duel's observation). A replay viewer draws it; a client can too.
//!
//! ```
//! use alea_games::games::duel::{Duel, seen::seen_table};
//! use alea::kernel::{Seat, SimBuilder};
//!
//! let sim = SimBuilder::new(Duel::default()).seed(3).build();
//! let mine = seen_table(&sim, Some(Seat(0)));
//! assert_eq!(mine.sides[0].cards.as_ref().map(Vec::len), Some(mine.sides[0].hand));
//! assert!(mine.sides[1].cards.is_none() && mine.sides[1].faces.is_none());
//! assert!(seen_table(&sim, None).sides[1].cards.is_some());
//! ```

use serde::Serialize;

use super::Duel;
use super::board::fighters;
use super::pieces::{self, Piece, PieceKind};
use super::state::{Fighter, NONE, Phase};
use super::zones::{self, card_id};
use crate::dice::Face;
use alea::kernel::{Seat, Sim, Zone};

/// The table as one seat (or everyone) sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenTable {
    /// The round, from 1.
    pub round: u32,
    /// The phase (`mulligan`, `start`, `reroll`, `action`, `over`).
    pub phase: &'static str,
    /// Whose action it is.
    pub turn: u8,
    /// The winner, once there is one.
    pub winner: Option<u8>,
    /// Seat 0's side, then seat 1's.
    pub sides: [SeenSide; 2],
}

/// One side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenSide {
    /// The characters by team slot.
    pub characters: Vec<SeenCharacter>,
    /// The summons in play, in row order.
    pub summons: Vec<SeenPiece>,
    /// The supports in play, in row order.
    pub supports: Vec<SeenPiece>,
    /// Dice held.
    pub dice: usize,
    /// Their faces, sorted: the viewer's own (or everyone's in the full view); `None` otherwise.
    pub faces: Option<Vec<Face>>,
    /// Cards in hand.
    pub hand: usize,
    /// Their names, by catalog order: the viewer's own (or everyone's in the full view).
    pub cards: Option<Vec<String>>,
    /// Cards left in the pile.
    pub pile: usize,
    /// Declared the end of the round.
    pub ended: bool,
}

/// A character as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenCharacter {
    /// Its name.
    pub name: String,
    /// Its element.
    pub element: Face,
    /// Hit points.
    pub hp: u8,
    /// The catalog's hit points.
    pub max_hp: u8,
    /// Energy.
    pub energy: u8,
    /// The energy its burst needs.
    pub max_energy: u8,
    /// The element applied to it.
    pub aura: Option<Face>,
    /// Not yet defeated.
    pub alive: bool,
    /// Its side's active character.
    pub active: bool,
    /// Its statuses (shield, frozen, buffs, equipment).
    pub statuses: Vec<SeenPiece>,
}

/// A summon, support or status in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenPiece {
    /// A summon's or support card's name; a status's kind.
    pub name: String,
    /// Its strength (shield points, extra damage, ...; 0 where it has none).
    pub value: u8,
    /// End phases or rounds left (0 where it does not run out).
    pub usages: u8,
}

/// The table of `sim`'s duel as `viewer` sees it (`None`: everything).
pub fn seen_table(sim: &Sim<Duel>, viewer: Option<Seat>) -> SeenTable {
    let state = sim.state();
    SeenTable {
        round: state.round,
        phase: match state.phase {
            Phase::Mulligan(_) => "mulligan",
            Phase::Start(_) => "start",
            Phase::Reroll(_) => "reroll",
            Phase::Action => "action",
            Phase::Over => "over",
        },
        turn: state.turn.0,
        winner: state.winner.map(|s| s.0),
        sides: [Seat(0), Seat(1)].map(|seat| {
            let own = viewer.is_none_or(|v| v == seat);
            seen_side(sim, seat, own)
        }),
    }
}

fn seen_side(sim: &Sim<Duel>, seat: Seat, own: bool) -> SeenSide {
    let (rules, world) = (sim.rules(), sim.world());
    let side = &sim.state().sides[seat.index()];
    let in_play: Vec<Piece> = pieces::in_play(rules, world, seat)
        .map(|(_, p)| p)
        .collect();
    let characters = fighters(rules, world, seat)
        .iter()
        .enumerate()
        .map(|(slot, f)| seen_character(sim, f, usize::from(side.active) == slot, slot, &in_play))
        .collect();
    let mut faces: Vec<Face> = zones::faces(world, seat).into_iter().flatten().collect();
    faces.sort();
    let hand: Vec<u16> = zones::sorted_hand(rules, world, seat)
        .into_iter()
        .map(|(card, _)| card)
        .collect();
    SeenSide {
        characters,
        summons: row(sim, seat, &in_play, |k| k == PieceKind::Summon),
        supports: row(sim, seat, &in_play, PieceKind::is_support),
        dice: faces.len(),
        faces: own.then_some(faces),
        hand: hand.len(),
        cards: own.then(|| hand.iter().map(|&c| card_name(sim, c)).collect()),
        pile: zones::count(world, seat, Zone::Pile(seat)),
        ended: side.ended,
    }
}

/// Team slot `slot`'s character `f` (`active` or not) with its statuses among `in_play`.
fn seen_character(
    sim: &Sim<Duel>,
    f: &Fighter,
    active: bool,
    slot: usize,
    in_play: &[Piece],
) -> SeenCharacter {
    let c = &sim.rules().game.catalog.characters[usize::from(f.character)];
    let statuses = in_play
        .iter()
        .filter(|p| p.character != NONE && usize::from(p.character) == slot)
        .map(|p| seen_piece(format!("{:?}", p.kind), p));
    SeenCharacter {
        name: c.name.clone(),
        element: c.element,
        hp: f.hp,
        max_hp: c.hp,
        energy: f.energy,
        max_energy: c.energy,
        aura: f.aura,
        alive: f.alive,
        active,
        statuses: statuses.collect(),
    }
}

/// The pieces of `in_play` of a kind `wanted` (summons or supports), in row order, by name.
fn row(
    sim: &Sim<Duel>,
    seat: Seat,
    in_play: &[Piece],
    wanted: fn(PieceKind) -> bool,
) -> Vec<SeenPiece> {
    let mut row: Vec<&Piece> = in_play.iter().filter(|p| wanted(p.kind)).collect();
    row.sort_by_key(|p| p.slot);
    let catalog = &sim.rules().game.catalog;
    let name = |p: &Piece| match p.kind {
        PieceKind::Summon => catalog
            .summons
            .get(usize::from(p.summon))
            .map(|s| s.name.clone()),
        _ => support_card(sim, seat, p.card),
    };
    row.into_iter()
        .map(|p| seen_piece(name(p).unwrap_or_else(|| format!("{:?}", p.kind)), p))
        .collect()
}

fn seen_piece(name: String, p: &Piece) -> SeenPiece {
    SeenPiece {
        name,
        value: p.value,
        usages: p.usages,
    }
}

/// The name of catalog card `card`.
fn card_name(sim: &Sim<Duel>, card: u16) -> String {
    let catalog = &sim.rules().game.catalog;
    catalog
        .cards
        .get(usize::from(card))
        .map_or("?", |c| &c.name)
        .to_string()
}

/// The name of the support card at `seat`'s card slot `slot`.
fn support_card(sim: &Sim<Duel>, seat: Seat, slot: u8) -> Option<String> {
    let entity = *zones::cards(sim.rules(), seat).get(usize::from(slot))?;
    Some(card_name(sim, card_id(sim.world(), entity)))
}
