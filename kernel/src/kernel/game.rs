//! The [`Game`] trait a ruleset implements, and the [`Decision`] a game waits on.

use std::fmt::Debug;
use std::hash::Hasher;

use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::{Serialize, de::DeserializeOwned};

use super::{CardId, Rules, Seat, Setup, Table, Zone};
use crate::determinize::DeterminizeError;
use crate::pipeline::{Ctx, Flow};

/// Identifies an event's kind, so listeners can subscribe to one kind.
pub type EventKind = u16;

/// An event of a ruleset: plain data, cloneable into snapshots.
pub trait GameEvent: Clone + Debug + std::hash::Hash + Send + Sync + Serialize + 'static {
    /// This event's kind (listeners subscribe by kind).
    fn kind(&self) -> EventKind;
}

/// A ruleset: its configuration, its actions and events, and the rules that apply them.
///
/// The kernel owns the loop: an action is translated into events, the pipeline resolves them
/// (listeners before, [`Game::apply`], listeners after, then the events they emitted), and when
/// the queue is empty [`Game::next_decision`] says who moves next.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// A player's choice.
    type Action: Copy
        + Eq
        + std::hash::Hash
        + Debug
        + Send
        + Sync
        + Serialize
        + DeserializeOwned
        + 'static;
    /// What the pipeline resolves.
    type Event: GameEvent;
    /// The game's own state that changes on (almost) every action, grouped in one value the
    /// kernel keeps inside the pipeline's [`Resolution`](crate::pipeline::Resolution): the rules
    /// reach it without a world lookup ([`Ctx::state`]), and snapshots and checksums cover it.
    /// State tied to an entity (a card's zone, a die's face) stays in components; `()` when
    /// the game keeps everything there.
    type State: Clone + Default + Debug + std::hash::Hash + Send + Sync + 'static;

    /// The ruleset's name (CLI, logs).
    fn name(&self) -> &'static str;

    /// The number of seats.
    fn seats(&self) -> u8;

    /// Spawns the entities, inserts the resources and registers snapshot types and handlers.
    /// Must be deterministic: the same configuration and seed give the same world.
    fn setup(&self, setup: &mut Setup<'_, Self>);

    /// Turns `seat`'s `action` into the root events of its resolution. `table` and `state` are
    /// the pipeline's (out of the world while it runs).
    fn translate(
        rules: &Rules<Self>,
        world: &World,
        table: &Table,
        state: &Self::State,
        seat: Seat,
        action: Self::Action,
        out: &mut crate::pipeline::RootEvents<'_, Self::Event>,
    );

    /// The rules for `event`: change the world, emit follow-up events, or ask a player.
    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut Self::Event) -> Flow;

    /// Called when the pipeline is idle: fill `decision` with who moves and their legal choices
    /// (in a stable order), or mark the game over. `table` and `state` are the pipeline's.
    fn next_decision(
        rules: &Rules<Self>,
        world: &World,
        table: &Table,
        state: &Self::State,
        decision: &mut Decision<Self::Action>,
    );

    /// The payoff of each seat (meaningful once the game is over).
    fn returns(
        rules: &Rules<Self>,
        world: &World,
        table: &Table,
        state: &Self::State,
        out: &mut Vec<f64>,
    );

    /// True when seats hold information others cannot see (private cards). Search then keys
    /// information sets by [`Game::observe`] and samples worlds with [`Game::determinize`].
    const HIDDEN_INFORMATION: bool = false;

    /// Feeds everything `seat` has observed (its own cards, public cards, the actions taken)
    /// to `hasher`, and nothing else: two states `seat` cannot tell apart must hash the same.
    /// Perfect-information games keep the default (the whole position is observed).
    fn observe(
        rules: &Rules<Self>,
        world: &World,
        table: &Table,
        state: &Self::State,
        seat: Seat,
        hasher: &mut dyn Hasher,
    ) {
        let _ = (rules, world, table, state, seat, hasher);
    }

    /// `event` as `viewer` may see it: what only another seat may know hidden (another seat's
    /// draw shows as a draw of an unknown tile), `None` for an event `viewer` does not see at
    /// all (another seat's private answer). What a client shows a seat goes through here
    /// (`Resolved::seen_by` with the `bevy` feature). The default shows every event as it is:
    /// games whose events carry no private information keep it.
    fn seen_by(event: &Self::Event, viewer: Seat) -> Option<Self::Event> {
        let _ = viewer;
        Some(event.clone())
    }

    /// Re-deals everything `viewer` cannot see (other hands, the stock order, another seat's
    /// dice), consistently with what `viewer` has observed, drawing from `rng`: in the world's
    /// components and in the game's `state` (the [`Table`] is public). The result must depend
    /// only on `viewer`'s information state and `rng`: [`observe`](Self::observe) for
    /// `viewer` stays the same, and so does what [`seen_by`](Self::seen_by) shows it
    /// (`alea::testing::conformance` checks both). The pipeline's `Resolution` is out of the
    /// world meanwhile: read the table and the state from the arguments, not from the world.
    /// Perfect-information games keep the default (nothing is hidden).
    fn determinize(
        rules: &Rules<Self>,
        world: &mut World,
        table: &Table,
        state: &mut Self::State,
        viewer: Seat,
        rng: &mut ChaCha8Rng,
    ) {
        let _ = (rules, world, table, state, viewer, rng);
    }

    /// True for a zone whose cards not every seat sees (hands, piles, the stock by default):
    /// the zones [`Sim::place_cards`](super::Sim::place_cards) fills and takes cards from.
    fn concealed_zone(zone: Zone) -> bool {
        matches!(
            zone,
            Zone::Stock | Zone::Pile(_) | Zone::Hand(_) | Zone::Private(_)
        )
    }

    /// Keeps the game's own record of where cards are once
    /// [`Sim::place_cards`](super::Sim::place_cards) has traded them (`swaps`, already carried
    /// out on the cards' [`Zone`]s): an ordered pile's order, what each seat knows. The
    /// default keeps nothing (a game whose cards' zones say it all).
    fn swapped(
        rules: &Rules<Self>,
        world: &mut World,
        state: &mut Self::State,
        swaps: &[crate::determinize::Swap],
    ) {
        let _ = (rules, world, state, swaps);
    }

    /// Puts `top` (card entities already in the concealed, ordered `zone`) on top of it, the
    /// first drawn first, for [`Sim::place_on_top`](super::Sim::place_on_top). The default
    /// refuses: the game keeps no order in any zone (`false`, nothing changed).
    fn put_on_top(
        rules: &Rules<Self>,
        world: &mut World,
        state: &mut Self::State,
        zone: Zone,
        top: &[Entity],
    ) -> bool {
        let _ = (rules, world, state, zone, top);
        false
    }

    /// Makes `zone` hold exactly `cards`, the first on top where the zone keeps an order, for
    /// [`Sim::set_zone`](super::Sim::set_zone). Checked first: an error changes nothing. The
    /// default trades places ([`crate::determinize::set_zone`]: the zone keeps its size). A
    /// game whose card entities are slots it rewrites (the duel's: catalog ids on a seat's
    /// spare entities, `dummy` for an unknown card) fills the zone its own way, sizes free.
    fn set_zone(
        rules: &Rules<Self>,
        world: &mut World,
        state: &mut Self::State,
        zone: Zone,
        cards: &[CardId],
    ) -> Result<(), DeterminizeError> {
        crate::determinize::set_zone(rules, world, state, zone, cards)
    }

    /// Makes the dice in `zone` show `faces`, in dice order, for
    /// [`Sim::set_dice`](super::Sim::set_dice). Checked first: an error changes nothing. The
    /// default turns the dice already there ([`crate::determinize::set_dice`]: one face per
    /// die); a game whose dice come and go from a pool (the duel) fills the zone its own way.
    fn set_dice(
        rules: &Rules<Self>,
        world: &mut World,
        state: &mut Self::State,
        zone: Zone,
        faces: &[u8],
    ) -> Result<(), DeterminizeError> {
        let _ = state;
        crate::determinize::set_dice(world, rules.dice(), zone, faces)
    }
}

/// Whose decision the game is waiting on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Turn {
    /// `Seat` must choose one of the choices.
    Player(Seat),
    /// The game is over.
    Terminal,
}

/// The pending decision: who must choose and the legal choices, in a stable order.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Decision<A> {
    /// Who must choose.
    pub turn: Turn,
    /// The legal choices (empty once the game is over).
    pub choices: Vec<A>,
}

impl<A: Clone> Clone for Decision<A> {
    fn clone(&self) -> Self {
        Decision {
            turn: self.turn,
            choices: self.choices.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.turn = source.turn;
        self.choices.clone_from(&source.choices);
    }
}

impl<A> Default for Decision<A> {
    fn default() -> Self {
        Decision {
            turn: Turn::Terminal,
            choices: Vec::new(),
        }
    }
}

impl<A: Copy> Decision<A> {
    /// Sets the decision to `seat` choosing among `choices`.
    pub fn ask(&mut self, seat: Seat, choices: impl IntoIterator<Item = A>) {
        self.turn = Turn::Player(seat);
        self.choices.clear();
        self.choices.extend(choices);
    }

    /// Marks the game over.
    pub fn finish(&mut self) {
        self.turn = Turn::Terminal;
        self.choices.clear();
    }

    /// True once the game is over.
    pub fn is_terminal(&self) -> bool {
        self.turn == Turn::Terminal
    }
}
