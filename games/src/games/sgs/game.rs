//! `impl Game for Sgs`: setup, the event dispatch, decisions and returns. The rules themselves
//! are in [`turn`](super::turn), [`damage`](super::damage) and [`cards`](super::cards).

use std::hash::Hasher;

use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;

use super::state::{Outcome, SgsState};
use super::{Sgs, SgsAction, SgsEvent, cards, damage, hidden, legal, turn};
use alea::kernel::{CardId, Decision, Game, Rules, Seat, Setup, Table, Zone};
use alea::pipeline::{Ctx, Flow, RootEvents};

impl Game for Sgs {
    type Action = SgsAction;
    type Event = SgsEvent;
    type State = SgsState;

    fn name(&self) -> &'static str {
        "sgs"
    }

    fn seats(&self) -> u8 {
        self.mode.seats()
    }

    /// Spawns the players, the cards (all in the draw pile, in deck order) and the equipment's
    /// listeners (disabled), then emits [`SgsEvent::GameStarted`], which deals (or sets out the
    /// position) and starts the first turn before the first decision.
    fn setup(&self, setup: &mut Setup<'_, Self>) {
        for s in 0..self.seats() {
            setup.spawn_player(Seat(s), ());
        }
        for card in 0..self.deck.len() {
            setup.spawn_card(CardId(card as u16), Zone::Stock, ());
        }
        cards::spawn_listeners(setup, &self.deck);
        turn::spawn_horizon(setup);
        // Benefit simulation's ledger (the kernel's: not game state).
        setup.insert_resource(alea::benefit::Ledger::default());
        setup.emit(SgsEvent::GameStarted);
    }

    fn translate(
        rules: &Rules<Self>,
        _: &World,
        _: &Table,
        state: &SgsState,
        seat: Seat,
        action: SgsAction,
        out: &mut RootEvents<'_, SgsEvent>,
    ) {
        out.push(match action {
            SgsAction::Use { card, target } => SgsEvent::Use {
                user: seat,
                card,
                target,
                damage: cards::damage_of(&rules.game.deck, card, state),
                ignore_armor: false,
            },
            SgsAction::End => SgsEvent::PlayEnded { seat },
            SgsAction::Discard { card } => SgsEvent::Discard { seat, card },
            // Answers resume the handler that asked; they are never translated.
            SgsAction::Respond(_)
            | SgsAction::Pass
            | SgsAction::Take { .. }
            | SgsAction::TakeHand => {
                return;
            }
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut SgsEvent) -> Flow {
        let over = ctx.state().outcome.is_over();
        match *event {
            // Told for the log: the rules that emitted them already applied their effect.
            SgsEvent::Played { .. } | SgsEvent::Lost { .. } | SgsEvent::Reshuffled { .. } => {
                Flow::Continue
            }
            // The game ended mid-resolution: what was still queued does not happen.
            _ if over => Flow::Cancel,
            SgsEvent::GameStarted => turn::game_started(ctx),
            SgsEvent::TurnStarted { seat } => turn::turn_started(ctx, seat),
            SgsEvent::Phase { seat, phase } => turn::phase(ctx, seat, phase),
            SgsEvent::PlayEnded { seat } => turn::play_ended(ctx, seat),
            SgsEvent::Draw { seat, count } => turn::draw(ctx, seat, count),
            SgsEvent::Discard { seat, card } => turn::discard(ctx, seat, card),
            SgsEvent::Use { .. } => cards::use_card(ctx, event),
            SgsEvent::SlashEffect { .. } => cards::slash_effect(ctx, event),
            SgsEvent::Window { .. } => cards::window(ctx, event),
            SgsEvent::TrickEffect { .. } => cards::trick_effect(ctx, event),
            SgsEvent::Limits { .. } => cards::limits(ctx, event),
            SgsEvent::Settle { card } => cards::settle(ctx, card),
            SgsEvent::Damage { from, to, amount } => damage::damage(ctx, from, to, amount),
            SgsEvent::Recover { seat, amount } => {
                damage::recover(ctx, seat, amount);
                Flow::Continue
            }
            SgsEvent::Dying { .. } => damage::dying(ctx, event),
            SgsEvent::Death { seat, killer } => damage::death(ctx, seat, killer),
        }
    }

    fn next_decision(
        rules: &Rules<Self>,
        world: &World,
        table: &Table,
        state: &SgsState,
        decision: &mut Decision<SgsAction>,
    ) {
        legal::decide(rules, world, table, state, decision);
    }

    /// +1 for each seat on the winning side, −1 for the others; 0 for all in a draw.
    fn returns(rules: &Rules<Self>, _: &World, _: &Table, state: &SgsState, out: &mut Vec<f64>) {
        out.clear();
        out.extend((0..rules.game.seats()).map(|s| match state.outcome {
            Outcome::Won(side) if state.seats[usize::from(s)].role.faction() == side => 1.0,
            Outcome::Won(_) => -1.0,
            Outcome::Draw | Outcome::Playing => 0.0,
        }));
    }

    const HIDDEN_INFORMATION: bool = true;

    fn seen_by(event: &SgsEvent, viewer: Seat) -> Option<SgsEvent> {
        hidden::seen_by(event, viewer)
    }

    fn observe(
        rules: &Rules<Self>,
        world: &World,
        table: &Table,
        state: &SgsState,
        seat: Seat,
        hasher: &mut dyn Hasher,
    ) {
        hidden::observe(rules, world, table, state, seat, hasher);
    }

    fn swapped(
        rules: &Rules<Self>,
        _: &mut World,
        state: &mut SgsState,
        swaps: &[alea::determinize::Swap],
    ) {
        hidden::swapped(rules, state, swaps);
    }

    fn put_on_top(
        rules: &Rules<Self>,
        _: &mut World,
        state: &mut SgsState,
        zone: Zone,
        top: &[Entity],
    ) -> bool {
        zone == Zone::Stock && hidden::put_on_top(rules, state, top)
    }

    fn determinize(
        rules: &Rules<Self>,
        world: &mut World,
        _: &Table,
        state: &mut SgsState,
        viewer: Seat,
        rng: &mut ChaCha8Rng,
    ) {
        hidden::determinize(rules, world, state, viewer, rng);
    }
}
