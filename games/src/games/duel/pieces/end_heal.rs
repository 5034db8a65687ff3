//! A support that heals the active character at each end phase (Field Hospital): `value` hit
//! points, for `usages` rounds; then its card goes to the discards.

use super::{ListenerSpec, running, use_once};
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::END_PHASE,
    timing: Timing::After,
    priority: 1,
    name: "end_heal",
    run: end_heal,
}];

fn end_heal(ctx: &mut Ctx<'_, Duel>, _: &mut DuelEvent) -> Flow {
    let Some((entity, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    let active = ctx.state().sides[piece.seat.index()].active;
    ctx.emit(DuelEvent::Healed {
        seat: piece.seat,
        target: active,
        amount: piece.value,
    });
    use_once(ctx, entity, piece);
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::duel::DuelAction;
    use alea::kernel::Seat;

    #[test]
    fn field_hospital_heals_the_active_character_for_three_rounds() {
        let mut sim = position(8);
        set_hand(&mut sim, Seat(0), &["Field Hospital"]);
        set_hp(&mut sim, Seat(0), 0, 4);
        sim.apply(DuelAction::Play(card(&sim, "Field Hospital")))
            .unwrap();
        for hp in [5, 6, 7, 7] {
            end_round(&mut sim);
            assert_eq!(fighter(&sim, Seat(0), 0).hp, hp);
        }
        assert!(supports(&sim, Seat(0)).is_empty());
    }
}
