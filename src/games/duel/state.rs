//! The duel's state: the public [`DuelState`] resource, each seat's private [`DuelControl`],
//! and the components of cards and dice.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use super::catalog::CardTag;
use crate::dice::{DiceExpr, Face};
use crate::kernel::Seat;

/// Characters per side.
pub const TEAM: usize = 3;
/// Summon slots per side.
pub const SUMMON_SLOTS: usize = 4;
/// Support slots per side.
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

/// A character in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fighter {
    /// Index into the catalog's characters.
    pub character: u8,
    /// Hit points (0 once defeated).
    pub hp: u8,
    /// Energy.
    pub energy: u8,
    /// The element applied to it, if any.
    pub aura: Option<Face>,
    /// Shield points (absorb damage first).
    pub shield: u8,
    /// False once defeated.
    pub alive: bool,
    /// Extra damage of its skills (equipment).
    pub bonus: u8,
    /// Damage prevented per hit (equipment).
    pub guard: u8,
    /// Extra energy per skill (equipment).
    pub energy_bonus: u8,
}

/// A summon slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SummonSlot {
    /// Index into the catalog's summons, or [`NONE`].
    pub summon: u8,
    /// End phases left.
    pub usages: u8,
}

/// A support slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SupportSlot {
    /// Index of the card entity in the seat's card range, or [`NONE`].
    pub card: u8,
    /// Rounds left.
    pub usages: u8,
}

/// One player's public state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Side {
    /// The three characters.
    pub fighters: [Fighter; TEAM],
    /// The active character.
    pub active: u8,
    /// Summons.
    pub summons: [SummonSlot; SUMMON_SLOTS],
    /// Supports.
    pub supports: [SupportSlot; SUPPORT_SLOTS],
    /// Declared the end of the round.
    pub ended: bool,
    /// Must choose a new active character (the active one was defeated).
    pub must_switch: bool,
}

impl Side {
    /// The active character.
    pub fn active(&self) -> &Fighter {
        &self.fighters[usize::from(self.active)]
    }

    /// The next living character after `from`, cyclically (not `from` itself).
    pub fn next_alive(&self, from: u8) -> Option<u8> {
        (1..TEAM as u8)
            .map(|d| (from + d) % TEAM as u8)
            .find(|&i| self.fighters[usize::from(i)].alive)
    }

    /// True when every character is defeated.
    pub fn defeated(&self) -> bool {
        self.fighters.iter().all(|f| !f.alive)
    }
}

/// The phase of the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// `Seat` chooses whether to reroll.
    Reroll(Seat),
    /// Players alternate actions.
    Action,
    /// The game is over.
    Over,
}

/// Everything both players see: one plain resource (copying it never allocates).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// A draw the rules skipped because of `no_draw`: the caller resolves it with `pile_to_hand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    /// Only cards of this tag (`None`: any card).
    pub tag: Option<CardTag>,
    /// How many cards.
    pub count: u8,
}

/// Each seat's private controls for search: set dice generators, `no_draw` and the draw buffer.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Hash)]
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
}

/// A card's position in its pile: the smallest is on top.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PileOrder(pub u16);

/// The character an equipment card is attached to.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attached(pub u8);
