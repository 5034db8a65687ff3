//! The `Case` resource through Pig's die: forced branch, out-of-range sampling, reset.

use alea::chance::Case;
use alea::games::pig::{Pig, PigAction, PigEvent};
use alea::kernel::SimBuilder;

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
