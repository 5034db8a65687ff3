//! A support that makes omni dice at each round start (Guide): `value` dice, for `usages`
//! rounds; then its card goes to the discards.

use super::{ListenerSpec, running, use_once};
use crate::dice::{Face, MAX_DICE};
use crate::games::duel::history::DiceStep;
use crate::games::duel::live_dice;
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::ROUND_STARTED,
    timing: Timing::After,
    priority: 0,
    name: "round_omni",
    run: round_omni,
}];

fn round_omni(ctx: &mut Ctx<'_, Duel>, _: &mut DuelEvent) -> Flow {
    let Some((entity, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    let count = piece.value.min(MAX_DICE as u8);
    let step = DiceStep::Added {
        face: Face::Omni,
        count,
    };
    live_dice::perform(ctx, piece.seat, step);
    use_once(ctx, entity, piece);
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::dice::Face;
    use crate::games::duel::{DuelAction, zones};
    use alea::kernel::{Seat, Zone};

    #[test]
    fn guide_adds_two_omni_dice_at_the_next_two_round_starts_then_is_discarded() {
        let mut sim = position(6);
        set_hand(&mut sim, Seat(0), &["Guide"]);
        sim.apply(DuelAction::Play(card(&sim, "Guide"))).unwrap();
        crate::games::duel::determinize::set_roll_generator(&mut sim, Seat(0), Some("pyro@8"))
            .unwrap();
        let guide = supports(&sim, Seat(0));
        assert_eq!(guide.len(), 1);
        assert_eq!((guide[0].1.value, guide[0].1.usages), (2, 2));
        for round in 0..2 {
            end_round(&mut sim);
            let dice: Vec<Face> = zones::faces(sim.world(), Seat(0))
                .into_iter()
                .flatten()
                .collect();
            let mut expected = vec![Face::Pyro; 8];
            expected.extend([Face::Omni; 2]);
            assert_eq!(dice, expected, "round {round}: 8 rolled, then 2 made");
        }
        assert!(supports(&sim, Seat(0)).is_empty());
        assert_eq!(zone(&sim, guide[0].0), Zone::Pool);
        let discarded = zones::in_zone(sim.rules(), sim.world(), Seat(0), Zone::Discard(Seat(0)));
        assert_eq!(discarded.len(), 1);
    }
}
