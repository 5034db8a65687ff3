//! The duel's state: the public [`DuelState`] resource, each seat's private [`DuelControl`],
//! and the components of characters, cards and dice.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use super::catalog::CardTag;
use super::evidence::HandEvidence;
use crate::dice::{DiceExpr, Face};
use alea::kernel::Seat;

/// Characters per side.
pub const TEAM: usize = 3;
/// Summons a side can have in play at once.
pub const SUMMON_SLOTS: usize = 4;
/// Supports a side can have in play at once.
pub const SUPPORT_SLOTS: usize = 4;
/// The most cards in a hand; a card drawn beyond it is discarded.
pub const HAND_LIMIT: usize = 10;
/// Card entities per seat (a deck, plus spares `set_hand` and `set_pile` can use).
pub const CARD_SLOTS: usize = 40;
/// Dice rolled at each round start.
pub const ROLL: usize = 8;
/// Cards in the starting hand.
pub const START_HAND: u8 = 5;
/// An empty slot's id.
pub const NONE: u8 = u8::MAX;

/// A character: a component of the character's entity (spawned at setup, one per team member,
/// with its [`Seat`] and [`CharacterSlot`]). Shields, equipment effects and other statuses are
/// pieces of their own ([`pieces`](super::pieces)).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fighter {
    /// Index into the catalog's characters.
    pub character: u8,
    /// Hit points (0 once defeated).
    pub hp: u8,
    /// Energy.
    pub energy: u8,
    /// The element applied to it, if any.
    pub aura: Option<Face>,
    /// False once defeated.
    pub alive: bool,
}

/// A character entity's place in its team (0..3). Fixed at setup.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[component(immutable)]
pub struct CharacterSlot(pub u8);

/// One player's public state besides its characters, cards, dice and pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Side {
    /// The active character.
    pub active: u8,
    /// Declared the end of the round.
    pub ended: bool,
    /// Must choose a new active character (the active one was defeated).
    pub must_switch: bool,
    /// The summon row: bit `i` set while a summon sits at position `i`.
    pub summons: u8,
    /// The support row: bit `i` set while a support sits at position `i`.
    pub supports: u8,
    /// Bit `i` set while character `i` is [frozen](super::pieces::frozen).
    pub frozen: u8,
    /// What the table knows of the hidden hand.
    pub hand: HandEvidence,
}

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// `Seat` chooses which starting cards to redraw.
    Mulligan(Seat),
    /// `Seat` chooses its starting character.
    Start(Seat),
    /// `Seat` chooses whether to reroll.
    Reroll(Seat),
    /// Players alternate actions.
    Action,
    /// The game is over.
    Over,
}

/// Everything both players see besides the entities: the game's
/// [`State`](alea::kernel::Game::State), kept by the pipeline next to the [`Table`](alea::kernel::Table)
/// (no lookup in the world), plain data (copying it never allocates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DuelState {
    /// The two sides.
    pub sides: [Side; 2],
    /// The phase.
    pub phase: Phase,
    /// The round, from 1.
    pub round: u32,
    /// Whose action it is.
    pub turn: Seat,
    /// Who acts first this round (who declared the end first last round).
    pub first: Seat,
    /// The winner, once there is one.
    pub winner: Option<Seat>,
    /// Player actions taken.
    pub moves: u32,
}

impl Default for DuelState {
    /// The state a game starts in: seat 0's mulligan, round 1.
    fn default() -> Self {
        DuelState {
            sides: [Side::default(); 2],
            phase: Phase::Mulligan(Seat(0)),
            round: 1,
            turn: Seat(0),
            first: Seat(0),
            winner: None,
            moves: 0,
        }
    }
}

/// A draw the rules skipped because of `no_draw`: the caller resolves it with `pile_to_hand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    /// Only cards of this tag (`None`: any card).
    pub tag: Option<CardTag>,
    /// How many cards.
    pub count: u8,
}

/// Each seat's private controls for search: set dice generators, `no_draw` and the draw buffer.
#[derive(Resource, Debug, Default, PartialEq, Eq, Hash)]
pub struct DuelControl {
    /// The roll generator's expression (`None`: `random`). When set, the reroll is skipped.
    pub roll: [Option<DiceExpr>; 2],
    /// The black generator's expression (`None`: `random`, distinct basic elements).
    pub black: [Option<DiceExpr>; 2],
    /// Draw events leave this seat's hand and pile alone and are buffered instead.
    pub no_draw: [bool; 2],
    /// The skipped draws, oldest first.
    pub draw_buffer: [Vec<Draw>; 2],
    /// How many of each seat's card entities (from the first) can be outside the pool.
    pub card_slots: [u8; 2],
    /// The seat's pile is in an order that was set (`determinize::set_pile`): its draws take
    /// the cards in that order instead of meeting the [`NextCard`](super::pile::NextCard)
    /// chance point. Shuffling the pile clears it.
    pub pile_set: [bool; 2],
}

// Copied in place by snapshots: its lists keep their buffers.
alea::clone_in_place!(DuelControl {
    roll,
    black,
    no_draw,
    draw_buffer,
    card_slots,
    pile_set,
});

/// A card's position in its pile: the smallest is on top.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PileOrder(pub u16);

/// The character an equipment card is attached to.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attached(pub u8);
