//! The rules of each event: one small handler per event kind, grouped by stage — the round
//! ([`round`]), the active player's combat actions ([`combat`]), cards ([`card`]), dice
//! ([`dice`]) and damage ([`damage`]). What summons, supports and statuses do is not here:
//! they are listener entities ([`pieces`]).

pub mod card;
pub mod combat;
pub mod damage;
pub mod dice;
pub mod round;

use super::catalog::Cost;
use super::history::DiceStep;
use super::state::{DuelState, Phase};
use super::{Duel, DuelEvent, board, pieces};
use crate::dice::Face;
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

pub(crate) use super::outcome::{outcome, strike};

pub(super) fn apply(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    if state(ctx).phase == Phase::Over {
        // The game ended mid-resolution: what was still queued does not happen.
        return Flow::Cancel;
    }
    match *event {
        DuelEvent::Redrawn { seat, mask } => round::redrawn(ctx, seat, mask),
        DuelEvent::StartChosen { seat, character } => round::start_chosen(ctx, seat, character),
        DuelEvent::RoundStarted { round } => round::round_started(ctx, round),
        DuelEvent::Rerolled { seat, reroll } => round::rerolled(ctx, seat, reroll),
        DuelEvent::RoundEnded { seat } => round::round_ended(ctx, seat),
        DuelEvent::EndPhase => Flow::Continue,
        DuelEvent::RoundFinished => round::round_finished(ctx),
        DuelEvent::GameOver { winner } => round::game_over(ctx, winner),
        DuelEvent::SkillUsed { seat, skill } => combat::skill_used(ctx, seat, skill),
        DuelEvent::Switched { seat, to, action } => combat::switched(ctx, seat, to, action),
        DuelEvent::Summoned { seat, summon } => combat::summoned(ctx, seat, summon),
        DuelEvent::SummonActed { seat, summon } => pieces::summon::acted(ctx, seat, summon),
        DuelEvent::CardPlayed { seat, card } => card::played(ctx, seat, card.0),
        DuelEvent::CardTuned { seat, card } => card::tuned(ctx, seat, card.0),
        DuelEvent::Drawn { seat, count, tag } => card::drawn(ctx, seat, count, tag),
        DuelEvent::DiceCreated { seat, count } => dice::created(ctx, seat, count),
        DuelEvent::Damage { .. } => damage::damage(ctx, event),
        DuelEvent::Hit { .. } => damage::hit(ctx, event),
        DuelEvent::Healed {
            seat,
            target,
            amount,
        } => damage::healed(ctx, seat, target, amount),
        DuelEvent::Defeated { seat, target } => damage::defeated(ctx, seat, target),
    }
}

/// The public state.
fn state(ctx: &mut Ctx<'_, Duel>) -> DuelState {
    *ctx.state()
}

/// Changes the public state.
fn edit<R>(ctx: &mut Ctx<'_, Duel>, f: impl FnOnce(&mut DuelState) -> R) -> R {
    f(ctx.state())
}

/// Counts a player action.
fn count_move(ctx: &mut Ctx<'_, Duel>) {
    edit(ctx, |s| s.moves += 1);
}

/// Pays `cost` for `seat` (the legal-action check guarantees it can).
fn pay(ctx: &mut Ctx<'_, Duel>, seat: Seat, cost: Cost) {
    let active = active_element(ctx, seat);
    dice::perform(ctx, seat, DiceStep::Paid { cost, active });
}

/// The element of `seat`'s active character.
fn active_element(ctx: &mut Ctx<'_, Duel>, seat: Seat) -> Face {
    let rules = ctx.rules();
    let st = state(ctx);
    rules
        .game
        .element(&board::active(rules, ctx.world(), &st, seat))
}

/// Passes the turn after a combat action (to the other seat unless it has ended the round).
fn pass_turn(st: &mut DuelState, seat: Seat) {
    let other = seat.next(2);
    if !st.sides[other.index()].ended {
        st.turn = other;
    }
}
