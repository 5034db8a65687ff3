//! What a card, a summon or a random outcome does: damage to the opposing active character,
//! healing of one's own. The rules and the summons both deal outcomes.

use crate::games::duel::catalog::Outcome;
use crate::games::duel::{Duel, DuelEvent};
use alea::kernel::Seat;
use alea::pipeline::Ctx;

/// The effect of a card, a summon or a random outcome for `seat`: damage to the opposing
/// active character, healing of its own.
pub(crate) fn outcome(ctx: &mut Ctx<'_, Duel>, seat: Seat, outcome: Outcome) {
    let st = *ctx.state();
    if outcome.damage > 0 {
        strike(ctx, seat, outcome.damage, outcome.element, None);
    }
    if outcome.heal > 0 {
        ctx.emit(DuelEvent::Healed {
            seat,
            target: st.sides[seat.index()].active,
            amount: outcome.heal,
        });
    }
}

/// `seat` deals `amount` damage of `element` to the opposing active character (`attacker`:
/// the team slot of the character whose skill it is).
pub(crate) fn strike(
    ctx: &mut Ctx<'_, Duel>,
    seat: Seat,
    amount: u8,
    element: Option<crate::dice::Face>,
    attacker: Option<u8>,
) {
    let other = seat.next(2);
    let target = ctx.state().sides[other.index()].active;
    ctx.emit(DuelEvent::Damage {
        seat: other,
        target,
        amount,
        element,
        piercing: false,
        attacker,
    });
}
