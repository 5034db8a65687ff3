//! Duel: a two-player dice card game in the style of Genius Invokation TCG, built to exercise
//! controllable dice and cards.
//!
//! - Each player has 3 characters (10 HP, energy, an element; normal attack, elemental skill,
//!   burst with full energy) and a deck; characters, cards and summons are RON data
//!   ([`catalog`], `assets/duel/`).
//! - Start: each player may put back any of its 5 starting cards and draw as many (mulligan),
//!   then chooses its starting character (seat 0 first: seat 1 sees its choice).
//! - Round: both roll 8 dice with their roll generator, each may reroll once (the dice no living
//!   character of theirs can use; skipped when a roll generator is set), then players alternate
//!   actions until both have declared the end of the round; the end phase runs summons,
//!   supports and statuses, then the dice are discarded and each draws 2 cards. The first to
//!   declare the end acts first next round. After `round_limit` rounds the game is a draw.
//! - Combat actions pass the turn: a skill, switching (1 die), declaring the end. Fast actions
//!   keep it: playing a card, tuning (discard a card to turn one off-element die into the active
//!   character's element). Costs are paid automatically (see [`zones::payment`]).
//! - Elemental damage applies its element; a second element reacts (see [`reaction`]); hydro
//!   and cryo freeze the target (no skills until the end phase). A character at 0 HP is
//!   defeated; if it was active, its owner chooses the next one. Whoever defeats all three
//!   opposing characters wins.
//! - Chance: dice come from the players' [`DiceGenerator`](crate::dice::DiceGenerator)s
//!   (sampled chance points); a summon's random end-phase effect and the `Random` card effects
//!   are chance points ([`EffectCases`]) that the [`Case`](alea::chance::Case) resource drives.
//!   Every change to a seat's dice is public and logged ([`history`]): a determinization rolls
//!   the opponent's dice again from it.
//!
//! The ECS shape: characters are entities ([`Fighter`]); summons, supports and
//! statuses are pooled listener entities ([`pieces`], one file per behaviour); the rules are one
//! small handler per event ([`rules`]). The determinization API is in
//! [`determinize`]; players in [`players`].

pub mod board;
pub mod catalog;
mod describe;
pub mod determinize;
mod encode;
mod entry;
mod event;
pub mod evidence;
mod game;
pub mod history;
mod legal;
mod live_dice;
mod outcome;
pub mod pieces;
pub mod pile;
pub mod players;
mod record;
pub mod rules;
pub mod seen;
pub mod state;
pub mod zones;

#[cfg(test)]
mod tests;

use std::hash::Hasher;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::dice::{Face, MAX_DICE};
use alea::chance::CaseGenerator;
use alea::kernel::{CardId, Decision, Game, Rules, Seat, Setup, Table, Zone};
use alea::pipeline::{Ctx, Flow, RootEvents};

pub use board::{View, view};
pub use entry::{ENTRY, from_options};
pub use event::{DuelAction, DuelEvent};
pub use game::{DEAL, redeal};
pub use record::DuelRecordRules;
pub use rules::damage::{Reaction, ReactionEffect, reaction};

use catalog::{Catalog, CatalogError, Deck};
use state::{
    Attached, CARD_SLOTS, CharacterSlot, DuelControl, DuelState, Fighter, Phase, PileOrder,
    START_HAND, TEAM,
};

/// The duel's configuration: the catalog, the two decks and the round limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duel {
    /// Characters, cards and summons.
    pub catalog: Arc<Catalog>,
    /// Each seat's deck.
    pub decks: [Deck; 2],
    /// The game is a draw after this many rounds.
    pub round_limit: u32,
}

impl Default for Duel {
    /// The embedded catalog and default decks, 15 rounds.
    fn default() -> Self {
        let catalog = Catalog::embedded();
        let a = catalog
            .deck_from_ron("deck_fire.ron", catalog::DECK_A_RON)
            .expect("the embedded decks are valid");
        let b = catalog
            .deck_from_ron("deck_tide.ron", catalog::DECK_B_RON)
            .expect("the embedded decks are valid");
        Duel::new(catalog, [a, b])
    }
}

impl Duel {
    /// A duel of `decks` from `catalog`, 15 rounds.
    pub fn new(catalog: Arc<Catalog>, decks: [Deck; 2]) -> Self {
        Duel {
            catalog,
            decks,
            round_limit: 15,
        }
    }

    /// The embedded catalog with two decks written in RON.
    pub fn with_decks(a: &str, b: &str) -> Result<Self, CatalogError> {
        let catalog = Catalog::embedded();
        let decks = [
            catalog.deck_from_ron("first deck", a)?,
            catalog.deck_from_ron("second deck", b)?,
        ];
        Ok(Duel::new(catalog, decks))
    }

    /// The element of a fighter.
    pub fn element(&self, fighter: &Fighter) -> Face {
        self.catalog.characters[usize::from(fighter.character)].element
    }
}

/// A random effect's chance point: case `k` is outcome `k`, with the given weights (a summon's
/// end-phase effect: all 1; a `Random` card: the card's weights). A component of every summon
/// entity (its own generator, fixed at setup).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[component(immutable)]
pub struct EffectCases {
    /// The generator's name (logs).
    pub name: &'static str,
    /// The outcomes' weights (the first `len`).
    pub weights: [u32; 8],
    /// How many outcomes.
    pub len: u8,
}

impl EffectCases {
    /// Equally likely outcomes.
    pub fn uniform(name: &'static str, len: usize) -> Self {
        EffectCases {
            name,
            weights: [1; 8],
            len: len.min(8) as u8,
        }
    }
}

impl CaseGenerator for EffectCases {
    type Outcome = u32;
    fn name(&self) -> &'static str {
        self.name
    }
    fn max_case(&self) -> u32 {
        u32::from(self.len.max(1))
    }
    fn produce(&self, case: u32) -> u32 {
        case
    }
    fn weight(&self, case: u32) -> u32 {
        self.weights[case as usize]
    }
}

/// The public state of `world`'s duel (a world built for a [`Duel`]); a `Sim` has it as
/// [`Sim::state`](alea::kernel::Sim::state).
///
/// # Panics
/// If `world` holds no duel.
pub fn state(world: &World) -> &DuelState {
    &world.resource::<alea::pipeline::Resolution<Duel>>().state
}

/// The conformance suite (`alea::testing`), in one call.
#[cfg(test)]
#[test]
fn conforms() {
    let report = alea::testing::conformance_encoded(Duel::default(), 0..60);
    assert!(
        report.determinizations > 0 && report.views > 0,
        "{report:?}"
    );
}
