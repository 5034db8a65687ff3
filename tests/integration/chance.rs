//! The `Case` resource through Pig's die: forced branch, out-of-range sampling, reset.

use alea::chance::Case;
use alea::chance::{Purpose, Streams};
use alea::kernel::{SimBuilder, start_round};
use alea_games::games::pig::{Pig, PigAction, PigEvent};
use rand::Rng;

fn rolled_face(seed: u64, case: Option<u32>) -> (u8, bool) {
    let mut sim = SimBuilder::new(Pig::default()).seed(seed).build();
    sim.record_events(true);
    sim.set_case(case);
    sim.apply(PigAction::Roll).unwrap();
    assert_eq!(
        *sim.world().resource::<Case>(),
        Case(None),
        "reset after the action"
    );
    let record = sim.chance_log()[0];
    assert_eq!((record.generator, record.max_case), ("die_roll", 6));
    let face = sim
        .events()
        .iter()
        .find_map(|e| match e.event {
            PigEvent::Rolled { face, .. } => Some(face),
            _ => None,
        })
        .unwrap();
    assert_eq!(u32::from(face), record.case + 1);
    (face, record.forced)
}

#[test]
fn case_in_range_takes_that_branch() {
    for k in 0..6 {
        for seed in 0..5 {
            assert_eq!(rolled_face(seed, Some(k)), (k as u8 + 1, true));
        }
    }
}

#[test]
fn case_out_of_range_and_none_sample_from_the_seeded_stream() {
    let mut seen = [0u32; 6];
    for seed in 0..600 {
        let (none_face, forced) = rolled_face(seed, None);
        assert!(!forced);
        // Out of range behaves exactly like None: same stream, same face.
        assert_eq!(rolled_face(seed, Some(6)), (none_face, false));
        assert_eq!(rolled_face(seed, Some(u32::MAX)), (none_face, false));
        seen[usize::from(none_face - 1)] += 1;
    }
    // Chi-square, 5 degrees of freedom, 600 rolls: the 0.1% critical value is 20.52.
    let chi2: f64 = seen
        .iter()
        .map(|&o| (f64::from(o) - 100.0).powi(2) / 100.0)
        .sum();
    assert!(chi2 < 20.52, "faces {seen:?}, chi2 {chi2}");
}

#[test]
fn case_does_not_carry_over_to_the_next_action() {
    let mut sim = SimBuilder::new(Pig::default()).seed(3).build();
    sim.set_case(Some(2));
    sim.apply(PigAction::Stop).unwrap(); // no chance point in this action
    assert_eq!(*sim.world().resource::<Case>(), Case(None));
    sim.apply(PigAction::Roll).unwrap();
    assert!(!sim.chance_log()[0].forced);
}

/// `Sim::play` reads `Case` before its first action only: that action takes the forced face,
/// the next ones sample, and the game is the one `apply` in a loop plays (both rollbacks).
#[test]
fn play_forces_its_first_action_only_like_apply_in_a_loop() {
    use alea::kernel::Rollback;
    for rollback in [Rollback::Caller, Rollback::PerAction] {
        let build = || {
            let mut sim = SimBuilder::new(Pig::default())
                .seed(11)
                .rollback(rollback)
                .build();
            sim.set_case(Some(5));
            sim
        };
        let rolls = |n: &mut u32| {
            *n += 1;
            (*n <= 6).then_some(PigAction::Roll)
        };
        let mut played = build();
        let mut n = 0;
        played.play(|_| rolls(&mut n)).unwrap();
        assert_eq!(*played.world().resource::<Case>(), Case(None));
        let mut looped = build();
        let mut m = 0;
        while let Some(action) = rolls(&mut m) {
            looped.apply(action).unwrap();
        }
        assert_eq!(played.checksum(), looped.checksum(), "{rollback:?}");
        let mut first = build();
        let mut k = 5;
        assert_eq!(first.play(|_| rolls(&mut k)).unwrap(), 1);
        assert_eq!(
            first.state().turn_total,
            6,
            "play's first roll takes the forced face"
        );
    }
}

#[test]
fn start_round_sets_the_round_and_rekeys_the_streams() {
    let mut sim = SimBuilder::new(Pig::default()).seed(9).build();
    let drawn = sim.with_world_and_table(|world, table| {
        world
            .resource_mut::<Streams>()
            .rng(Purpose::Deal)
            .next_u64();
        start_round(world, table, 3);
        world
            .resource_mut::<Streams>()
            .rng(Purpose::Deal)
            .next_u64()
    });
    assert_eq!(sim.table().round, 3);
    assert_eq!(sim.world().resource::<Streams>().round(), 3);
    let fresh = Streams::at_round(9, 3).rng(Purpose::Deal).next_u64();
    assert_eq!(drawn, fresh);
}

#[test]
#[allow(deprecated)]
fn pig_s_die_roll_is_the_kernel_s_die() {
    let die: alea_games::games::pig::DieRoll = alea_games::games::pig::DieRoll { faces: 6 };
    assert_eq!(die, alea::chance::Die::D6);
}
