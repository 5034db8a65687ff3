//! Frozen (hydro meets cryo): the character cannot use skills until the end of the round (the
//! legal actions leave them out). Pyro or physical damage to it deals 2 more and thaws it (a
//! *before* listener of [`DuelEvent::Damage`]), end-phase damage included; it thaws when the
//! round is over (a *before* listener of [`DuelEvent::RoundFinished`], after every end-phase
//! effect), so a freeze from an end-phase summon does not last into the next round.

use super::{ListenerSpec, amount, release, running};
use crate::dice::Face;
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 2] = [
    ListenerSpec {
        event: DuelEvent::DAMAGE,
        timing: Timing::Before,
        priority: 0,
        name: "frozen_shatter",
        run: shatter,
    },
    ListenerSpec {
        event: DuelEvent::ROUND_FINISHED,
        timing: Timing::Before,
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
    use alea::kernel::Seat;

    /// Seat 1's Frost (cryo) hits hydro-applied Ember: frozen.
    fn frozen_ember() -> alea::kernel::Sim<crate::games::duel::Duel> {
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
    fn pyro_shatters_the_ice_too_and_a_defeat_releases_the_status() {
        let mut sim = frozen_ember();
        let (ice, _) = status(&sim, Seat(0), 0, PieceKind::Frozen).unwrap();
        // A Fire Flask on frozen Ember (no aura left): 1 pyro + 2.
        set_hand(&mut sim, Seat(1), &["Fire Flask"]);
        pass_to(&mut sim, Seat(1));
        play(&mut sim, "Fire Flask");
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 6 - 3);
        assert_eq!(zone(&sim, ice), alea::kernel::Zone::Pool);
        // Frozen again, then defeated: the status goes back to its pool.
        place(&mut sim, Seat(0), PieceKind::Frozen, 0, 0, 1);
        set_hp(&mut sim, Seat(0), 0, 1);
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 1);
        assert!(!fighter(&sim, Seat(0), 0).alive);
        assert!(status(&sim, Seat(0), 0, PieceKind::Frozen).is_none());
    }

    #[test]
    fn end_phase_damage_shatters_the_ice_and_a_freeze_from_the_end_phase_ends_with_it() {
        // A Tide Mimic forced to its 2-physical case hits frozen Rill: 2 + 2.
        let mut sim = position(17);
        let mimic = sim.rules().game.catalog.summon("Tide Mimic").unwrap();
        place(&mut sim, Seat(0), PieceKind::Summon, mimic, 0, 3);
        place(&mut sim, Seat(1), PieceKind::Frozen, 0, 0, 1);
        edit(&mut sim, |s| s.sides[1].ended = true);
        sim.set_case(Some(2));
        sim.apply(DuelAction::EndRound).unwrap();
        assert_eq!(fighter(&sim, Seat(1), 0).hp, 10 - 4);
        // Frost Lantern (1 cryo) on hydro-applied Ember in the end phase: frozen, and thawed
        // when the round is over.
        let mut sim = position(18);
        let lantern = sim.rules().game.catalog.summon("Frost Lantern").unwrap();
        place(&mut sim, Seat(1), PieceKind::Summon, lantern, 0, 2);
        set_aura(&mut sim, Seat(0), 0, Some(Face::Hydro));
        edit(&mut sim, |s| s.sides[1].ended = true);
        sim.apply(DuelAction::EndRound).unwrap();
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 10 - 2);
        assert!(status(&sim, Seat(0), 0, PieceKind::Frozen).is_none());
        while matches!(
            sim.state().phase,
            crate::games::duel::state::Phase::Reroll(_)
        ) {
            sim.apply(DuelAction::Keep).unwrap();
        }
        pass_to(&mut sim, Seat(0));
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
