//! sgs benchmarks: a whole game between random players, 1v1 and identity4, restarted in place
//! from its seed (as `simulate sgs` plays them), and one ISMCTS decision.
//!
//! `cargo bench --bench sgs`.

use std::hint::black_box;

use alea::chance::sub_seed;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, SimBuilder};
use alea_games::games::sgs::players::ismcts_search;
use alea_games::games::sgs::{Mode, Restarter, Sgs};
use criterion::{Criterion, criterion_group, criterion_main};

fn sgs(c: &mut Criterion) {
    let mut group = c.benchmark_group("sgs");
    for (name, mode) in [
        ("random_game/1v1", Mode::OneVsOne),
        ("random_game/identity4", Mode::Identity4),
    ] {
        let mut sim = SimBuilder::new(Sgs::new(mode))
            .rollback(Rollback::Caller)
            .build();
        let restarter = Restarter::new(&mut sim);
        let mut game = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                game += 1;
                let seed = sub_seed(1, game);
                restarter.restart(&mut sim, seed).unwrap();
                black_box(random_playout(&mut sim, &mut random_player_rng(seed)).unwrap())
            })
        });
    }
    let mut sim = SimBuilder::new(Sgs::new(Mode::OneVsOne))
        .seed(3)
        .rollback(Rollback::Caller)
        .build();
    let mut seed = 0;
    group.sample_size(20);
    group.bench_function("ismcts_decision_100", |b| {
        b.iter(|| {
            seed += 1;
            black_box(ismcts_search(&mut sim, 100, seed).unwrap().action)
        })
    });
    group.finish();
}

criterion_group!(benches, sgs);
criterion_main!(benches);
