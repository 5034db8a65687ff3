//! Summons: at each end phase a summon acts — its listener emits
//! [`DuelEvent::SummonActed`], whose rule (`acted`) deals its effect and spends a usage; it
//! leaves when they run out. One summon's effect (and what it causes) resolves before the next
//! summon acts. The effect is one of the catalog's `end_phase` outcomes: with several, the
//! choice is a chance point of the summon's own [`EffectCases`] component (equally likely
//! outcomes), so [`Case`](alea::chance::Case) forces each and expectimax enumerates them.
//! Summoning one already in play refreshes its usages.

use super::{ListenerSpec, PieceKind, find, running, use_once};
use crate::games::duel::outcome::outcome;
use crate::games::duel::{Duel, DuelEvent, EffectCases};
use alea::chance::CaseGenerator;
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::END_PHASE,
    timing: Timing::After,
    priority: 2,
    name: "summon_end_phase",
    run: end_phase,
}];

fn end_phase(ctx: &mut Ctx<'_, Duel>, _: &mut DuelEvent) -> Flow {
    if let Some((_, piece)) = running(ctx) {
        ctx.emit(DuelEvent::SummonActed {
            seat: piece.seat,
            summon: piece.summon,
        });
    }
    Flow::Continue
}

/// [`DuelEvent::SummonActed`]: the summon's effect (through its case generator), one usage
/// less. Nothing when it is no longer in play.
pub(crate) fn acted(ctx: &mut Ctx<'_, Duel>, seat: Seat, summon: u8) -> Flow {
    let Some((entity, piece)) = find(ctx.rules(), ctx.world(), seat, PieceKind::Summon, summon)
    else {
        return Flow::Cancel;
    };
    let Some(cases) = ctx.world().get::<EffectCases>(entity).copied() else {
        return Flow::Cancel;
    };
    let case = if cases.max_case() > 1 {
        ctx.chance(&cases)
    } else {
        0
    };
    let summons = &ctx.game().catalog.summons;
    let outcomes = &summons[usize::from(piece.summon)].end_phase;
    let effect = outcomes.get(case as usize).copied().unwrap_or_default();
    use_once(ctx, entity, piece);
    outcome(ctx, seat, effect);
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::dice::Face;
    use crate::games::duel::pieces::PieceKind;
    use crate::games::duel::{DuelAction, EffectCases};
    use alea::kernel::{Seat, Zone};
    use alea::pipeline::Listener;
    use alea::search::{Expectimax, Heuristic, Values, chance_outcomes};

    /// Seat 0 holds a Tide Mimic (3 equally likely end-phase outcomes), Ember at 5 HP; seat 1
    /// has ended the round, so seat 0 ending it runs the end phase.
    fn mimic() -> (
        alea::kernel::Sim<crate::games::duel::Duel>,
        bevy_ecs::entity::Entity,
    ) {
        let mut sim = position(5);
        let id = sim.rules().game.catalog.summon("Tide Mimic").unwrap();
        let mimic = place(&mut sim, Seat(0), PieceKind::Summon, id, 0, 3);
        set_hp(&mut sim, Seat(0), 0, 5);
        edit(&mut sim, |s| {
            s.sides[1].ended = true;
            s.first = Seat(1);
        });
        (sim, mimic)
    }

    #[test]
    fn a_summon_in_play_is_an_enabled_listener_with_its_seat_and_its_case_generator() {
        let (mut sim, mimic) = mimic();
        let world = sim.world_mut();
        let mut q = world.query::<(&Listener, &Seat, &Zone, &EffectCases)>();
        let (listener, seat, zone, cases) = q.get(world, mimic).unwrap();
        assert!(listener.is_enabled());
        assert_eq!((*seat, *zone), (Seat(0), Zone::Field(Seat(0))));
        assert_eq!(cases.len, 3);
        // Every other summon is in its pool, its listener disabled.
        let mut all = world.query::<(&super::super::Piece, &Zone, &Listener)>();
        let pooled = all
            .iter(world)
            .filter(|(p, _, _)| p.kind == PieceKind::Summon)
            .filter(|(_, z, l)| **z == Zone::Pool && !l.is_enabled())
            .count();
        let summons = sim.rules().game.catalog.summons.len();
        assert_eq!(pooled, 2 * summons - 1);
    }

    #[test]
    fn each_forced_case_gives_the_hand_computed_outcome() {
        let (mut sim, mimic) = mimic();
        let outcomes = chance_outcomes(&mut sim, DuelAction::EndRound).unwrap();
        assert_eq!(outcomes.len(), 3);
        assert!(outcomes.iter().all(|o| (o.1 - 1.0 / 3.0).abs() < 1e-12));
        let start = sim.snapshot();
        // (Ember's HP, Rill's HP, Rill's aura) after each case
        let expected = [(5, 9, Some(Face::Hydro)), (6, 10, None), (5, 8, None)];
        for (k, &(ember, rill, aura)) in expected.iter().enumerate() {
            sim.restore(&start).unwrap();
            sim.set_case(Some(k as u32));
            sim.apply(DuelAction::EndRound).unwrap();
            assert_eq!(fighter(&sim, Seat(0), 0).hp, ember, "case {k}");
            let rill_now = fighter(&sim, Seat(1), 0);
            assert_eq!((rill_now.hp, rill_now.aura), (rill, aura), "case {k}");
            assert_eq!(piece(&sim, mimic).usages, 2);
            let first = sim.chance_log().iter().find(|p| p.branches()).unwrap();
            assert_eq!((first.case, first.forced), (k as u32, true));
        }
    }

    /// Regression (the chance node after `EndRound`): with a Tide Mimic on each side, ending
    /// the round meets two chance points. The node lists the first mimic's three outcomes, and
    /// each applies: the forced case is the first point's, the second mimic's is sampled (it
    /// used to be forced too, so the Python states' outcomes 1 and 2 raised "meets several
    /// chance points"); the round's draws come after them.
    #[test]
    fn every_listed_outcome_of_an_end_phase_with_two_mimics_applies() {
        use alea::search::apply_outcome;
        let (mut sim, _) = mimic();
        let id = sim.rules().game.catalog.summon("Tide Mimic").unwrap();
        place(&mut sim, Seat(1), PieceKind::Summon, id, 0, 3);
        let outcomes = chance_outcomes(&mut sim, DuelAction::EndRound).unwrap();
        assert_eq!(
            outcomes,
            vec![(0, 1.0 / 3.0), (1, 1.0 / 3.0), (2, 1.0 / 3.0)]
        );
        let start = sim.snapshot();
        for (case, p) in outcomes {
            sim.restore(&start).unwrap();
            assert_eq!(
                apply_outcome(&mut sim, DuelAction::EndRound, case).unwrap(),
                p
            );
            // The round's end then draws two cards each: four more (wide) points.
            let points: Vec<_> = sim.chance_log().iter().filter(|p| p.branches()).collect();
            let draws = points
                .iter()
                .filter(|p| p.generator == "draw" && p.wide)
                .count();
            assert_eq!(draws, 4, "two cards each at the round's end");
            let points: Vec<_> = points.into_iter().filter(|p| !p.wide).collect();
            assert_eq!(points.len(), 2, "both mimics act");
            assert_eq!((points[0].case, points[0].forced), (case, true));
            assert!(!points[1].forced, "the second mimic's outcome is sampled");
        }
    }

    #[test]
    fn expectimax_over_the_cases_equals_the_hand_computed_expectation() {
        let (mut sim, _) = mimic();
        // Seat 0's value: its active character's HP minus the opposing active character's.
        let eval = |sim: &alea::kernel::Sim<_>, out: &mut Values| {
            let v = f64::from(active(sim, Seat(0)).hp) - f64::from(active(sim, Seat(1)).hp);
            out[0] = v;
            out[1] = -v;
        };
        let mut search = Expectimax::new(1, Heuristic(eval));
        let result = search.search(&mut sim, 0).unwrap();
        let end = result
            .stats
            .iter()
            .find(|s| s.action == DuelAction::EndRound);
        // 1 hydro to Rill: 5 - 9; heal Ember: 6 - 10; 2 physical to Rill: 5 - 8.
        let expected = (-4.0 + -4.0 + -3.0) / 3.0;
        assert!((end.unwrap().value - expected).abs() < 1e-12);
    }

    #[test]
    fn the_first_seat_s_summons_act_first_each_resolving_before_the_next_then_supports() {
        let mut sim = position(16);
        let catalog = sim.rules().game.catalog.clone();
        let totem = catalog.summon("Flame Totem").unwrap();
        let bush = catalog.summon("Thorn Bush").unwrap();
        let eye = catalog.summon("Storm Eye").unwrap();
        place(&mut sim, Seat(0), PieceKind::Summon, totem, 0, 2);
        place(&mut sim, Seat(0), PieceKind::Summon, bush, 0, 3);
        place(&mut sim, Seat(1), PieceKind::Summon, eye, 0, 2);
        place(&mut sim, Seat(0), PieceKind::EndHeal, 0, 1, 3);
        // Rill (seat 1) carries electro: the totem's pyro overloads it, switching seat 1 to
        // Frost, and the bush then hits Frost (the new active character).
        set_aura(&mut sim, Seat(1), 0, Some(Face::Electro));
        set_hp(&mut sim, Seat(0), 0, 5);
        edit(&mut sim, |s| {
            s.sides[1].ended = true;
            s.first = Seat(1);
        });
        sim.record_events(true);
        sim.apply(DuelAction::EndRound).unwrap();
        let events: Vec<_> = sim.take_events().into_iter().map(|e| e.event).collect();
        let acted: Vec<(Seat, u8)> = events
            .iter()
            .filter_map(|e| match *e {
                crate::games::duel::DuelEvent::SummonActed { seat, summon } => Some((seat, summon)),
                _ => None,
            })
            .collect();
        // Seat 1 declared the end first: its summon acts first; then seat 0's by row position.
        assert_eq!(acted, [(Seat(1), eye), (Seat(0), totem), (Seat(0), bush)]);
        let heal = events.iter().position(|e| {
            matches!(
                e,
                crate::games::duel::DuelEvent::Healed { seat: Seat(0), .. }
            )
        });
        let last_hit = events
            .iter()
            .rposition(|e| matches!(e, crate::games::duel::DuelEvent::Hit { .. }));
        assert!(
            heal > last_hit,
            "supports after every summon's damage: {events:?}"
        );
        // Storm Eye: 2 anemo to Ember (5 -> 3), then the hospital heals 1.
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 4);
        // Totem: 1 pyro + 2 overloaded on Rill; Bush: 1 dendro on Frost.
        assert_eq!(fighter(&sim, Seat(1), 0).hp, 7);
        let frost = fighter(&sim, Seat(1), 1);
        assert_eq!((frost.hp, frost.aura), (9, Some(Face::Dendro)));
        assert_eq!(active(&sim, Seat(1)).character, frost.character);
    }

    #[test]
    fn a_summon_leaves_for_its_pool_when_its_usages_run_out() {
        let (mut sim, mimic) = mimic();
        piece_mut(&mut sim, mimic, |p| p.usages = 1);
        sim.apply(DuelAction::EndRound).unwrap();
        assert_eq!(zone(&sim, mimic), Zone::Pool);
        let listener = *sim.world().get::<Listener>(mimic).unwrap();
        assert!(!listener.is_enabled());
        assert_eq!(piece(&sim, mimic).usages, 0);
    }
}
