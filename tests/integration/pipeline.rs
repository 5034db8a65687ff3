//! Listener order, nesting, cancel/modify, the depth limit and questions mid-resolution.

use alea::kernel::{
    Pool, Seat, SimBuilder, SimError, Table, Turn, Zone, return_to_pool, take_from_pool,
};
use alea::pipeline::{Mode, PipelineError, Timing};

use crate::probe::{Does, Probe, ProbeAction, ProbeEvent, Spec, probe, probed};

fn ordering_listeners() -> Vec<Spec> {
    use Timing::{After, Before};
    vec![
        Spec::new('a', Before, 0, Some(2), 0),
        Spec::new('b', Before, 0, Some(0), 1),
        Spec::new('c', Before, 5, Some(1), 0),
        Spec::new('d', After, 9, None, 0),
        Spec::new('e', Before, 0, None, 0),
        Spec::new('f', Before, 0, Some(0), 0),
        Spec::new('g', Before, 0, Some(1), 0),
        Spec::new('h', Before, -3, Some(0), 0),
        Spec::new('i', Before, 0, Some(1), 0), // same keys as g: spawned later, runs later
        Spec::new('j', After, 0, Some(1), 0),
    ]
}

#[test]
fn listener_order_by_timing_priority_seat_distance_slot_and_id() {
    // (active seat, expected order)
    let table = [(0, "cefbgiahdj"), (1, "cegiafbhdj"), (2, "ceafbgihdj")];
    for (active, expected) in table {
        let mut sim = probe(Probe {
            seats: 3,
            listeners: ordering_listeners(),
            children: vec![],
        });
        sim.table_mut().active = Seat(active);
        sim.apply(ProbeAction::Fire(0)).unwrap();
        let trace: String = probed(&sim).trace.into_iter().collect();
        assert_eq!(trace, expected, "active seat {active}");
    }
}

#[test]
fn emitted_events_resolve_depth_first_in_emission_order() {
    let mut sim = probe(Probe {
        seats: 2,
        listeners: vec![
            Spec::new('x', Timing::Before, 0, None, 0)
                .does(Does::Emit9)
                .on(0),
        ],
        // 0 -> [1, 2], 1 -> [3], 2 -> [4]
        children: vec![vec![1, 2], vec![3], vec![4]],
    });
    sim.record_events(true);
    sim.apply(ProbeAction::Fire(0)).unwrap();
    let resolved: Vec<(u8, u16)> = sim
        .events()
        .iter()
        .map(|e| match e.event {
            ProbeEvent::Node { id, .. } => (id, e.depth),
            ProbeEvent::Loop => (255, e.depth),
        })
        .collect();
    // Node 9 was emitted by the before-listener, so it precedes the rules' children.
    assert_eq!(
        resolved,
        vec![(0, 1), (9, 2), (1, 2), (3, 3), (2, 2), (4, 3)]
    );
}

#[test]
fn before_listeners_modify_and_cancel() {
    use Timing::{After, Before};
    let mut sim = probe(Probe {
        seats: 2,
        listeners: vec![
            Spec::new('d', Before, 1, None, 0).does(Does::Double),
            Spec::new('D', Before, 0, None, 0).does(Does::Double),
            Spec::new('c', Before, 0, None, 1).does(Does::Cancel).on(1),
            Spec::new('t', After, 0, None, 0),
        ],
        children: vec![],
    });
    sim.record_events(true);
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(probed(&sim).sum, 4, "doubled twice");
    assert_eq!(probed(&sim).trace, vec!['t']);
    sim.apply(ProbeAction::Fire(1)).unwrap();
    assert_eq!(probed(&sim).sum, 4, "node 1 was cancelled");
    assert_eq!(
        probed(&sim).trace,
        vec!['t'],
        "after-listeners skip cancelled events"
    );
    let last = sim.events().last().unwrap();
    assert!(last.cancelled);
    assert_eq!(last.event, ProbeEvent::Node { id: 1, value: 4 });
}

#[test]
fn benefit_mode_runs_ai_hooks_instead_of_handlers_and_survives_restore() {
    use Timing::Before;
    let mut sim = probe(Probe {
        seats: 2,
        listeners: vec![
            Spec::new('d', Before, 0, None, 0)
                .does(Does::Double)
                .hook(Does::Trace),
            Spec::new('D', Before, 1, None, 0).does(Does::Double),
        ],
        children: vec![],
    });
    let start = sim.snapshot();
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(probed(&sim).sum, 4, "play: both listeners double");
    assert!(probed(&sim).trace.is_empty());

    sim.restore(&start).unwrap();
    sim.set_mode(Mode::Benefit);
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(
        probed(&sim).sum,
        2,
        "benefit: 'd' runs its hook, 'D' has none"
    );
    assert_eq!(probed(&sim).trace, vec!['d']);

    // The mode is a setting, not state: restoring a snapshot keeps it.
    sim.restore(&start).unwrap();
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(probed(&sim).sum, 2);
}

#[test]
fn too_deep_returns_the_error_and_rolls_the_action_back() {
    for limit in [10u16, 64] {
        let mut sim = SimBuilder::new(Probe {
            seats: 2,
            listeners: vec![Spec::new('t', Timing::After, 0, None, 0)],
            children: vec![vec![1]],
        })
        .depth_limit(limit)
        .build();
        sim.apply(ProbeAction::Fire(0)).unwrap();
        let before = sim.checksum();
        let probed_before = probed(&sim);
        let err = sim.apply(ProbeAction::Loop).unwrap_err();
        assert_eq!(err, SimError::Pipeline(PipelineError::TooDeep { limit }));
        assert_eq!(sim.checksum(), before);
        assert_eq!(probed(&sim), probed_before);
        // The game goes on normally afterwards.
        sim.apply(ProbeAction::Fire(0)).unwrap();
        assert_eq!(probed(&sim).sum, probed_before.sum + 2);
    }
}

#[test]
fn a_listener_can_ask_a_player_and_the_answer_resumes_it() {
    let mut sim = probe(Probe {
        seats: 2,
        listeners: vec![
            Spec::new('q', Timing::Before, 0, None, 0)
                .does(Does::Ask)
                .on(0),
            Spec::new('t', Timing::After, 0, None, 0),
        ],
        children: vec![vec![1]],
    });
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    assert_eq!(sim.legal_actions(), &[ProbeAction::Yes, ProbeAction::No]);
    assert_eq!(probed(&sim).sum, 0, "nothing applied yet");
    let asked = sim.snapshot();
    let at_question = sim.checksum();
    assert!(matches!(
        sim.apply(ProbeAction::Fire(3)),
        Err(SimError::Illegal { seat: Seat(1), .. })
    ));
    assert_eq!(sim.checksum(), at_question);

    sim.apply(ProbeAction::Yes).unwrap();
    assert_eq!(probed(&sim).sum, 3, "node 0 doubled to 2, then its child 1");
    assert_eq!(probed(&sim).trace, vec!['t', 't']);
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));

    sim.restore(&asked).unwrap();
    sim.apply(ProbeAction::No).unwrap();
    assert_eq!(probed(&sim).sum, 2);
}

#[test]
fn pools_hand_out_their_first_free_member_in_spawn_order() {
    let mut sim = probe(Probe::default());
    let members = sim.rules().pool(Pool(7)).to_vec();
    assert_eq!(members.len(), 3);
    assert!(sim.rules().pool(Pool(8)).is_empty());
    let world = sim.world_mut();
    assert_eq!(
        take_from_pool(world, &members, Zone::Table),
        Some(members[0])
    );
    assert_eq!(
        take_from_pool(world, &members, Zone::Table),
        Some(members[1])
    );
    return_to_pool(world, members[0]);
    assert_eq!(
        take_from_pool(world, &members, Zone::Table),
        Some(members[0])
    );
    assert_eq!(
        take_from_pool(world, &members, Zone::Table),
        Some(members[2])
    );
    assert_eq!(
        take_from_pool(world, &members, Zone::Table),
        None,
        "exhausted"
    );
    assert_eq!(world.get::<Zone>(members[1]), Some(&Zone::Table));
}

static INSPECTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn count_inspections(world: &bevy_ecs::world::World, table: &Table, _: &()) {
    assert!(world.contains_resource::<alea::chance::Streams>());
    assert_eq!(table.seats, 2);
    INSPECTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// A probe without listeners whose `Fire(0)` resolves four events: 0 -> [1, 2], 1 -> [3].
fn four_events() -> Probe {
    Probe {
        seats: 2,
        listeners: vec![],
        children: vec![vec![1, 2], vec![3]],
    }
}

#[test]
fn the_inspector_sees_the_world_after_every_resolved_event() {
    let mut sim = SimBuilder::new(four_events())
        .inspect(count_inspections)
        .build();
    sim.record_events(true);
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(sim.events().len(), 4);
    assert_eq!(INSPECTED.load(std::sync::atomic::Ordering::Relaxed), 4);
}

/// `Sim::play` gives what `apply` in a loop gives with listeners that modify and emit, a
/// question asked mid-resolution and its answers, recorded events and effects, and a pipeline
/// error (too deep) that stops both at the same action — under every rollback and run mode.
#[test]
fn play_matches_apply_with_listeners_questions_and_errors() {
    use ProbeAction::{Fire, Loop, No, Yes};
    use alea::kernel::{Rollback, RunMode};
    let game = || Probe {
        seats: 2,
        listeners: vec![
            Spec::new('q', Timing::Before, 0, None, 0)
                .does(Does::Ask)
                .on(0),
            Spec::new('d', Timing::Before, 1, Some(1), 0).does(Does::Double),
            Spec::new('e', Timing::After, 0, Some(0), 0)
                .does(Does::Emit9)
                .on(1),
            Spec::new('t', Timing::After, 0, None, 1),
        ],
        children: vec![vec![1, 2], vec![3]],
    };
    let script = [Fire(0), Yes, Fire(1), Fire(0), No, Fire(2), Loop, Fire(3)];
    for (rollback, mode) in [
        (Rollback::Caller, RunMode::Direct),
        (Rollback::PerAction, RunMode::Direct),
        (Rollback::Caller, RunMode::Schedule),
        (Rollback::PerAction, RunMode::Schedule),
    ] {
        let build = || {
            let mut sim = SimBuilder::new(game())
                .seed(1)
                .depth_limit(8)
                .rollback(rollback)
                .run_mode(mode)
                .build();
            sim.record_events(true);
            sim.record_effects(true);
            sim
        };
        let mut looped = build();
        let mut looped_error = None;
        for &action in &script {
            if let Err(error) = looped.apply(action) {
                looped_error = Some(error);
                break;
            }
        }
        let mut played = build();
        let mut next = script.iter().copied();
        let played_error = played.play(|_| next.next()).err();
        let case = format!("{rollback:?} {mode:?}");
        assert_eq!(
            played_error,
            Some(SimError::Pipeline(PipelineError::TooDeep { limit: 8 })),
            "{case}"
        );
        assert_eq!(played_error, looped_error, "{case}");
        assert_eq!(next.next(), Some(Fire(3)), "{case}: stopped at the loop");
        assert_eq!(probed(&played).trace, probed(&looped).trace, "{case}");
        assert!(probed(&played).trace.contains(&'t'), "{case}");
        assert!(
            played
                .events()
                .iter()
                .any(|logged| matches!(logged.event, ProbeEvent::Node { id: 9, .. })),
            "{case}: a listener's emitted event resolved"
        );
        assert_eq!(played.events(), looped.events(), "{case}");
        assert_eq!(played.effects(), looped.effects(), "{case}");
        assert_eq!(played.checksum(), looped.checksum(), "{case}");
        assert_eq!(
            played.pending_decision(),
            looped.pending_decision(),
            "{case}"
        );
    }
}

#[test]
fn emitted_root_events_resolve_like_an_action_and_fail_like_one() {
    let game = Probe {
        seats: 2,
        listeners: vec![
            Spec::new('q', Timing::Before, 0, None, 0)
                .does(Does::Ask)
                .on(0),
            Spec::new('t', Timing::After, 0, None, 0),
        ],
        children: vec![vec![], vec![2], vec![]],
    };
    let mut sim = SimBuilder::new(game).depth_limit(8).build();
    // Two root events, in order, each with its children and listeners; no seat acts.
    sim.emit([
        ProbeEvent::Node { id: 1, value: 5 },
        ProbeEvent::Node { id: 2, value: 7 },
    ])
    .unwrap();
    assert_eq!(probed(&sim).sum, 5 + 1 + 7);
    assert_eq!(probed(&sim).trace, vec!['t', 't', 't']);
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
    // Too deep: the error, and nothing changed.
    let before = sim.checksum();
    let err = sim.emit([ProbeEvent::Loop]).unwrap_err();
    assert_eq!(err, SimError::Pipeline(PipelineError::TooDeep { limit: 8 }));
    assert_eq!(sim.checksum(), before);
    // A question pending: refused, nothing changed; answered, the game goes on.
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    let asked = sim.checksum();
    assert_eq!(
        sim.emit([ProbeEvent::Node { id: 2, value: 1 }]),
        Err(SimError::InFlight)
    );
    assert_eq!(sim.checksum(), asked);
    sim.apply(ProbeAction::No).unwrap();
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
}

#[test]
fn a_disabled_listener_neither_runs_nor_changes_how_its_event_resolves() {
    let children = vec![vec![1, 2], vec![3], vec![4]];
    let spec = Spec::new('x', Timing::Before, 0, None, 0)
        .does(Does::Emit9)
        .on(0);
    let mut quiet = probe(Probe {
        seats: 2,
        listeners: vec![],
        children: children.clone(),
    });
    let mut off = probe(Probe {
        seats: 2,
        listeners: vec![spec],
        children,
    });
    let listener = off.rules().listeners_of(0)[0];
    assert!(off.set_enabled(listener, false));
    assert!(!off.set_enabled(listener, false), "already off");
    let log = |sim: &mut alea::kernel::Sim<Probe>| {
        sim.record_events(true);
        sim.apply(ProbeAction::Fire(0)).unwrap();
        let events: Vec<String> = sim
            .take_events()
            .iter()
            .map(|e| format!("{:?} {} {}", e.event, e.depth, e.cancelled))
            .collect();
        events
    };
    let disabled = log(&mut off);
    assert_eq!(disabled, log(&mut quiet));
    let nine = |events: &[String]| events.iter().any(|e| e.contains("id: 9"));
    assert!(!nine(&disabled));
    // Enabled again, it runs: it emits node 9 before the rules' children.
    assert!(off.set_enabled(listener, true));
    let enabled = log(&mut off);
    assert!(nine(&enabled), "{enabled:?}");
    assert_eq!(enabled.len(), disabled.len() + 1);
}

/// The default rollback (a checkpoint every 64 actions and a replay) against a snapshot before
/// every action, in lockstep over 600 Pig decisions: a depth limit of 3 makes every bust fail
/// (Roll, Rolled, Bust, then TurnPassed at depth 4) after it drew from the dice stream and
/// changed the die, the turn total and the move count. Forced cases, edits by hand, restores and
/// reseeds fall between actions; checksums, results and the event logs must agree after each.
#[test]
fn the_default_rollback_matches_a_snapshot_per_action() {
    use alea::kernel::{Rollback, playout::random_player_rng};
    use alea_games::games::pig::{Pig, PigAction};
    use rand::RngExt;

    let build = |rollback| {
        let mut sim = SimBuilder::new(Pig::to(1_000_000))
            .seed(11)
            .depth_limit(3)
            .rollback(rollback)
            .build();
        sim.record_events(true);
        sim
    };
    let mut journaled = build(Rollback::PerAction);
    let mut reference = build(Rollback::Caller);
    let start = reference.snapshot();
    let mut undo = reference.snapshot();
    let mut rng = random_player_rng(3);
    let (mut failures, mut forced, mut last_failed) = (0, 0, false);
    for step in 0..600u32 {
        match rng.random_range(0..40u32) {
            0 => {
                let case = Some(rng.random_range(0..6u32));
                forced += 1;
                journaled.set_case(case);
                reference.set_case(case);
            }
            1 => {
                journaled.state_mut().banked[1] += 1;
                reference.state_mut().banked[1] += 1;
            }
            2 => {
                journaled.restore(&start).unwrap();
                reference.restore(&start).unwrap();
            }
            3 => {
                journaled.reseed(u64::from(step));
                reference.reseed(u64::from(step));
            }
            _ => {}
        }
        // After a bust the same roll would fail again: stop instead.
        let action = if last_failed || rng.random_range(0..5u32) == 0 {
            PigAction::Stop
        } else {
            PigAction::Roll
        };
        reference.snapshot_into(&mut undo);
        let events = reference.events().len();
        let expected = reference.apply(action);
        last_failed = expected.is_err();
        if last_failed {
            failures += 1;
            reference.restore(&undo).unwrap();
            reference
                .world_mut()
                .resource_mut::<alea::pipeline::Observer<Pig>>()
                .events
                .truncate(events);
        }
        assert_eq!(journaled.apply(action), expected, "step {step}");
        assert_eq!(journaled.checksum(), reference.checksum(), "step {step}");
        assert_eq!(journaled.events(), reference.events(), "step {step}");
    }
    assert!(
        failures > 40 && forced > 5,
        "{failures} failures, {forced} forced cases"
    );
}

/// `play` under the default rollback (actions journaled inside one resolution, many per
/// checkpoint) stops at a failure with the world as `apply` with a snapshot per action leaves it.
#[test]
fn play_rolls_back_a_failure_like_a_snapshot_per_action() {
    use alea::kernel::{Rollback, playout::random_player_rng};
    use alea_games::games::pig::{Pig, PigAction};
    use rand::RngExt;

    let build = |rollback| {
        SimBuilder::new(Pig::to(1_000_000))
            .seed(5)
            .depth_limit(3)
            .rollback(rollback)
            .build()
    };
    // Roll four times in five, stop after a bust (the same roll would bust again); 500 picks.
    let policy = |rng: &mut rand_chacha::ChaCha8Rng, picks: &mut u32, bust: bool| {
        *picks += 1;
        (*picks <= 500).then(|| match bust || rng.random_range(0..5u32) == 0 {
            true => PigAction::Stop,
            false => PigAction::Roll,
        })
    };
    let mut played = build(Rollback::PerAction);
    let (mut rng, mut picks) = (random_player_rng(8), 0);
    let mut checksums = Vec::new();
    while played
        .play(|_| policy(&mut rng, &mut picks, false))
        .is_err()
    {
        checksums.push(played.checksum());
        // The pick after a bust is a stop, applied on its own.
        let Some(stop) = policy(&mut rng, &mut picks, true) else {
            break;
        };
        played.apply(stop).unwrap();
    }
    let mut reference = build(Rollback::Caller);
    let mut undo = reference.snapshot();
    let (mut rng, mut picks, mut bust) = (random_player_rng(8), 0, false);
    let mut expected = Vec::new();
    while let Some(action) = policy(&mut rng, &mut picks, bust) {
        reference.snapshot_into(&mut undo);
        bust = reference.apply(action).is_err();
        if bust {
            reference.restore(&undo).unwrap();
            expected.push(reference.checksum());
        }
    }
    assert!(checksums.len() > 30, "{} failures", checksums.len());
    assert_eq!(checksums, expected);
    assert_eq!(played.checksum(), reference.checksum());
}

/// The default rollback in lockstep with a snapshot before every action on a probe game: a
/// listener asks a question (the answers are journaled actions too), listeners are switched off
/// and on, root events emitted and the state edited by hand between actions, effects recorded;
/// 400 decisions, every `Loop` fails.
#[test]
fn the_default_rollback_matches_a_snapshot_per_action_with_questions_and_listeners() {
    use alea::kernel::{Rollback, playout::random_player_rng};
    use alea::pipeline::Observer;
    use rand::RngExt;

    let game = Probe {
        seats: 2,
        listeners: vec![
            Spec::new('q', Timing::Before, 0, None, 0)
                .does(Does::Ask)
                .on(0),
            Spec::new('d', Timing::Before, 1, None, 0)
                .does(Does::Double)
                .on(1),
            Spec::new('e', Timing::Before, 0, None, 1)
                .does(Does::Emit9)
                .on(2),
            Spec::new('t', Timing::After, 0, None, 0),
        ],
        children: vec![vec![1], vec![3], vec![4]],
    };
    let build = |rollback| {
        let mut sim = SimBuilder::new(game.clone())
            .seed(2)
            .depth_limit(12)
            .rollback(rollback)
            .build();
        sim.record_effects(true);
        sim.record_events(true);
        sim
    };
    let mut journaled = build(Rollback::PerAction);
    let mut reference = build(Rollback::Caller);
    let listeners = journaled.rules().listeners_of(0).to_vec();
    assert_eq!(listeners.len(), 4);
    let mut undo = reference.snapshot();
    let mut rng = random_player_rng(4);
    let (mut failures, mut questions) = (0, 0);
    for step in 0..400u32 {
        match rng.random_range(0..30u32) {
            0 => {
                let listener = listeners[rng.random_range(0..listeners.len())];
                let on = rng.random_range(0..2u32) == 0;
                journaled.set_enabled(listener, on);
                reference.set_enabled(listener, on);
            }
            1 => {
                for sim in [&mut journaled, &mut reference] {
                    sim.world_mut().resource_mut::<crate::probe::Probed>().sum += 7;
                }
            }
            2 if !reference.in_flight() => {
                let event = ProbeEvent::Node { id: 2, value: 1 };
                assert_eq!(journaled.emit([event]), reference.emit([event]));
            }
            _ => {}
        }
        questions += u32::from(reference.in_flight());
        let choices = reference.legal_actions().to_vec();
        let action = choices[rng.random_range(0..choices.len())];
        reference.snapshot_into(&mut undo);
        let observer = reference.world().resource::<Observer<Probe>>();
        let (events, effects) = (observer.events.len(), observer.effects.len());
        let expected = reference.apply(action);
        if expected.is_err() {
            failures += 1;
            reference.restore(&undo).unwrap();
            let world = reference.world_mut();
            let mut observer = world.resource_mut::<Observer<Probe>>();
            observer.events.truncate(events);
            observer.effects.truncate(effects);
        }
        assert_eq!(journaled.apply(action), expected, "step {step}");
        assert_eq!(journaled.checksum(), reference.checksum(), "step {step}");
        assert_eq!(journaled.events(), reference.events(), "step {step}");
        assert_eq!(journaled.effects(), reference.effects(), "step {step}");
    }
    assert!(
        failures > 15 && questions > 15,
        "{failures} failures, {questions} questions"
    );
}

/// A question asked after the event in flight emitted a child, with a sibling waiting below
/// it: the checksum and the position key are those the pipeline gave before the emitted
/// events moved onto the stack of waiting events (values from commit 697fd29), and the answer
/// resolves the child before the sibling.
#[test]
fn a_question_after_an_emit_hashes_as_it_always_did() {
    let mut sim = probe(Probe {
        seats: 2,
        listeners: vec![
            Spec::new('e', Timing::Before, 1, None, 0)
                .does(Does::Emit9)
                .on(0),
            Spec::new('q', Timing::Before, 0, None, 1)
                .does(Does::Ask)
                .on(0),
            Spec::new('9', Timing::After, 0, None, 2).on(9),
            Spec::new('2', Timing::After, 0, None, 3).on(2),
        ],
        children: vec![vec![], vec![], vec![]],
    });
    sim.emit([
        ProbeEvent::Node { id: 0, value: 1 },
        ProbeEvent::Node { id: 2, value: 10 },
    ])
    .unwrap();
    assert!(sim.in_flight());
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    assert_eq!(sim.checksum(), 0xd2c1_78b5_e2c6_ddef);
    assert_eq!(sim.position_key(), 0x2dcf_538e_88de_c67c);
    sim.apply(ProbeAction::Yes).unwrap();
    assert_eq!(
        probed(&sim).trace,
        vec!['9', '2'],
        "the child, then the sibling"
    );
    assert_eq!(probed(&sim).sum, 2 + 10);
    assert_eq!(sim.checksum(), 0xaadb_0d72_ecee_3fa0);
}

/// An event no listener stages, resolved right after an event whose *after* listener ran in
/// the same run: its rules run as the rules (what they emit is `Origin::Rules`).
#[test]
fn rules_resolved_after_a_listener_in_the_same_run_emit_as_the_rules() {
    use alea::pipeline::Origin;
    let mut sim = probe(Probe {
        seats: 2,
        listeners: vec![Spec::new('t', Timing::After, 0, None, 0)],
        children: vec![],
    });
    // Benefit mode caps the endless `Loop` instead of failing on it.
    sim.set_mode(Mode::Benefit);
    sim.set_benefit_cap(3);
    sim.record_events(true);
    sim.emit([ProbeEvent::Node { id: 0, value: 1 }, ProbeEvent::Loop])
        .unwrap();
    let log: Vec<_> = sim
        .events()
        .iter()
        .map(|e| (e.event, e.depth, e.origin))
        .collect();
    assert_eq!(
        log,
        vec![
            (ProbeEvent::Node { id: 0, value: 1 }, 1, Origin::Root),
            (ProbeEvent::Loop, 1, Origin::Root),
            (ProbeEvent::Loop, 2, Origin::Rules),
            (ProbeEvent::Loop, 3, Origin::Rules),
        ]
    );
    assert_eq!(probed(&sim).trace, vec!['t']);
}

/// Inside the rules `Ctx::listener` is `None`, right after a listener ran too: a *before*
/// listener of the same event, across the actions of one `play` call, and an *after*
/// listener of the event before an unstaged one.
#[test]
fn the_rules_never_see_the_listener_that_ran_before_them() {
    use crate::probe::RULES_SAW_A_LISTENER;
    let mut sim = probe(Probe {
        seats: 2,
        listeners: vec![
            Spec::new('b', Timing::Before, 0, None, 0),
            Spec::new('a', Timing::After, 0, None, 1),
        ],
        children: vec![vec![1, 2]],
    });
    let mut fired = 0;
    let applied = sim
        .play(|_| {
            fired += 1;
            (fired <= 2).then_some(ProbeAction::Fire(0))
        })
        .unwrap();
    assert_eq!(applied, 2);
    // `Loop` has no listener: its rules resolve unstaged, after the `Node`'s listener.
    sim.set_mode(Mode::Benefit);
    sim.set_benefit_cap(3);
    sim.emit([ProbeEvent::Node { id: 0, value: 1 }, ProbeEvent::Loop])
        .unwrap();
    assert_eq!(
        probed(&sim).trace,
        "ba".repeat(9).chars().collect::<Vec<_>>()
    );
    assert_eq!(RULES_SAW_A_LISTENER.with(std::cell::Cell::get), 0);
}

static INSPECTED_UNLOGGED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn count_unlogged_inspections(_: &bevy_ecs::world::World, _: &Table, _: &()) {
    INSPECTED_UNLOGGED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// The inspector alone (no event log, play mode) still sees every event resolved by the
/// rules alone.
#[test]
fn the_inspector_sees_every_resolved_event_without_an_event_log() {
    let mut sim = SimBuilder::new(four_events())
        .inspect(count_unlogged_inspections)
        .build();
    sim.apply(ProbeAction::Fire(0)).unwrap();
    assert_eq!(
        INSPECTED_UNLOGGED.load(std::sync::atomic::Ordering::Relaxed),
        4
    );
}
