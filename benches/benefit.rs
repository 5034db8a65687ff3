//! Benefit simulation benchmarks: one SmartAI decision at a 1v1 opening position, with sampled
//! answers (8 worlds) and with optimistic answers (one world), and one at DESIGN §11's worked
//! position (six cards to weigh), sampled.
//!
//! `cargo bench --bench benefit`.

use std::hint::black_box;

use alea::benefit::Answers;
use alea::kernel::{Rollback, SimBuilder};
use alea_games::games::sgs::{Mode, Position, Sgs, Smart};
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
    // DESIGN §11's worked position: six cards to weigh, seven actions.
    let json = std::fs::read_to_string("assets/sgs/positions/worked.json").unwrap();
    let position = Position::from_json(&json, &Sgs::default().deck).unwrap();
    let mut sim = SimBuilder::new(Sgs::default().with_position(position))
        .rollback(Rollback::Caller)
        .build();
    let mut smart = Smart::new(Answers::default());
    let mut seed = 0;
    group.bench_function("smart_decision_worked", |b| {
        b.iter(|| {
            seed += 1;
            black_box(smart.choose(&mut sim, seed).unwrap())
        })
    });
    group.finish();
}

criterion_group!(benches, benefit);
criterion_main!(benches);
