//! Frozen (hydro meets cryo): the character cannot use skills until the end phase (the legal
//! actions leave them out). Pyro or physical damage to it deals 2 more and thaws it (a
//! *before* listener of [`DuelEvent::Damage`]); the end phase thaws it (an *after* listener of
//! [`DuelEvent::EndPhase`], after summons and supports).

use super::{ListenerSpec, amount, release, running};
use crate::dice::Face;
use crate::games::duel::{Duel, DuelEvent};
use crate::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 2] = [
    ListenerSpec {
        event: DuelEvent::DAMAGE,
        timing: Timing::Before,
        priority: 0,
        name: "frozen_shatter",
        run: shatter,
    },
    ListenerSpec {
        event: DuelEvent::END_PHASE,
        timing: Timing::After,
        priority: 0,
        name: "frozen_thaw",
        run: thaw,
    },
];

fn shatter(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let Some((entity, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    let DuelEvent::Damage {
        seat,
        target,
        element: None | Some(Face::Pyro),
        piercing: false,
        ..
    } = *event
    else {
        return Flow::Continue;
    };
    if (seat, target) == (piece.seat, piece.character)
        && let Some(amount) = amount(event)
    {
        *amount = amount.saturating_add(2);
        release(ctx, entity);
    }
    Flow::Continue
}

fn thaw(ctx: &mut Ctx<'_, Duel>, _: &mut DuelEvent) -> Flow {
    if let Some((entity, _)) = running(ctx) {
        release(ctx, entity);
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::dice::Face;
    use crate::games::duel::DuelAction;
    use crate::games::duel::pieces::PieceKind;
    use crate::kernel::Seat;

    /// Seat 1's Frost (cryo) hits hydro-applied Ember: frozen.
    fn frozen_ember() -> crate::kernel::Sim<crate::games::duel::Duel> {
        let mut sim = position(15);
        set_aura(&mut sim, Seat(0), 0, Some(Face::Hydro));
        switch_to(&mut sim, Seat(1), 1);
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 1);
        sim
    }

    #[test]
    fn freeze_skips_a_turn_of_skills_and_thaws_at_the_end_phase() {
        let mut sim = frozen_ember();
        // Icicle 3 cryo + 1 (frozen reaction).
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 6);
        assert_eq!(fighter(&sim, Seat(0), 0).aura, None);
        assert!(status(&sim, Seat(0), 0, PieceKind::Frozen).is_some());
        pass_to(&mut sim, Seat(0));
        let legal = sim.legal_actions();
        assert!(
            !legal.iter().any(|a| matches!(a, DuelAction::Skill(_))),
            "{legal:?}"
        );
        assert!(legal.contains(&DuelAction::Switch(1)));
        assert!(legal.contains(&DuelAction::EndRound));
        end_round(&mut sim);
        assert!(status(&sim, Seat(0), 0, PieceKind::Frozen).is_none());
        assert!(sim.legal_actions().contains(&DuelAction::Skill(0)));
    }

    #[test]
    fn physical_damage_shatters_the_ice_for_two_more() {
        let mut sim = frozen_ember();
        // Frost's Chill: 2 physical + 2.
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 0);
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 6 - 4);
        assert!(status(&sim, Seat(0), 0, PieceKind::Frozen).is_none());
    }
}
