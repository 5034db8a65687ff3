//! The rules of each event: one small handler per event kind, grouped by stage — the round
//! ([`round`]), the active player's combat actions ([`combat`]), cards ([`card`]), dice
//! ([`dice`]) and damage ([`damage`]). What summons, supports and statuses do is not here:
//! they are listener entities ([`pieces`](crate::games::duel::pieces)).

pub mod card;
pub mod combat;
pub mod damage;
pub mod dice;
mod dispatch;
pub mod round;

use super::catalog::Cost;
use super::history::DiceStep;
use super::state::DuelState;
use super::{Duel, board};
use crate::dice::Face;
use alea::kernel::Seat;
use alea::pipeline::Ctx;

use super::live_dice::perform;
pub(crate) use super::outcome::{outcome, strike};
pub(super) use dispatch::apply;

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
    perform(ctx, seat, DiceStep::Paid { cost, active });
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
