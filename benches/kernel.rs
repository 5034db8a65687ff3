//! Kernel benchmarks: Pig playouts through `Sim`, snapshot rollback against a plain struct.

use std::hint::black_box;

use alea::games::pig::Pig;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, RunMode, SimBuilder};
use criterion::{Criterion, criterion_group, criterion_main};

fn pig_playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("pipeline");
    for (name, rollback, mode) in [
        ("pig_playout", Rollback::Caller, RunMode::Direct),
        ("pig_playout_rollback", Rollback::PerAction, RunMode::Direct),
        ("pig_playout_schedule", Rollback::Caller, RunMode::Schedule),
    ] {
        let mut sim = SimBuilder::new(Pig::default())
            .rollback(rollback)
            .run_mode(mode)
            .build();
        let start = sim.snapshot();
        let mut rng = random_player_rng(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                sim.restore(&start).unwrap();
                black_box(random_playout(&mut sim, &mut rng).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, pig_playout);
criterion_main!(benches);
