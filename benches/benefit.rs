//! Benefit simulation benchmarks: one SmartAI decision at a 1v1 opening position, with sampled
//! answers (8 worlds) and with optimistic answers (one world).
//!
//! `cargo bench --bench benefit`.

use std::hint::black_box;

use alea::benefit::Answers;
use alea::games::sgs::{Mode, Sgs, Smart};
use alea::kernel::{Rollback, SimBuilder};
use criterion::{Criterion, criterion_group, criterion_main};

fn benefit(c: &mut Criterion) {
    let mut group = c.benchmark_group("benefit");
    for (name, answers) in [
        ("smart_decision", Answers::default()),
        ("optimistic_decision", Answers::Optimistic),
    ] {
        // Seed 3 deals the lord a hand with several cards to weigh.
        let mut sim = SimBuilder::new(Sgs::new(Mode::OneVsOne))
            .seed(3)
            .rollback(Rollback::Caller)
            .build();
        let mut smart = Smart::new(answers);
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(smart.choose(&mut sim, seed).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, benefit);
criterion_main!(benches);
