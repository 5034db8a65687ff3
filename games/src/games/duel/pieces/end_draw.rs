//! A support that draws cards at each end phase (Library): `value` cards, for `usages` rounds;
//! then its card goes to the discards.

use super::{ListenerSpec, running, use_once};
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::END_PHASE,
    timing: Timing::After,
    priority: 1,
    name: "end_draw",
    run: end_draw,
}];

fn end_draw(ctx: &mut Ctx<'_, Duel>, _: &mut DuelEvent) -> Flow {
    let Some((entity, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    ctx.emit(DuelEvent::Drawn {
        seat: piece.seat,
        count: piece.value,
        tag: None,
    });
    use_once(ctx, entity, piece);
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::duel::{DuelAction, zones};
    use alea::kernel::{Seat, Zone};

    #[test]
    fn library_draws_one_more_card_at_each_of_two_end_phases() {
        let mut sim = position(7);
        set_hand(&mut sim, Seat(0), &["Library"]);
        sim.apply(DuelAction::Play(card(&sim, "Library"))).unwrap();
        let hand =
            |sim: &alea::kernel::Sim<_>| zones::count(sim.world(), Seat(0), Zone::Hand(Seat(0)));
        assert_eq!(hand(&sim), 0);
        end_round(&mut sim);
        assert_eq!(hand(&sim), 3, "2 for every side, 1 from the library");
        end_round(&mut sim);
        assert_eq!(hand(&sim), 6);
        assert!(supports(&sim, Seat(0)).is_empty());
        end_round(&mut sim);
        assert_eq!(hand(&sim), 8);
    }
}
