//! Vector environments: env-steps per second of `step_random` (every env one random legal
//! action, the rows written), one thread, for every registered game (mahjong one hand an
//! episode) by batch size and layout. The memory a step visits in each env's world is what
//! makes a big resident batch slower per env than a small one, so the batch sizes span the
//! caches (16 Leduc worlds, about 80 KB each, fit in a 2 MB L2; 1 024 outgrow a 36 MB L3);
//! a parked batch steps every env in one hot world.
//!
//! `vector_determinize`: one determinized copy of a batch of 64 (the copy made and its rows
//! written), one thread, for every registered game, from a resident batch.
//!
//! `cargo bench --bench vector` (`-- vector/leduc` for one game; `--profile ci` to skip the
//! release profile's fat LTO while iterating — that profile also keeps the crates' debug
//! assertions on).

use std::hint::black_box;

use alea::registry::OptionValue::Text;
use alea::vector::{Buffers, Layout};
use alea_games::games::REGISTRY;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const BATCHES: [usize; 5] = [16, 64, 256, 512, 1024];

/// The registered game `info`, mahjong one hand an episode (as the Python bench steps it).
fn load(info: &alea::registry::GameInfo) -> std::sync::Arc<dyn alea::registry::DynGame> {
    let options = info
        .options
        .iter()
        .filter(|option| option.name == "length")
        .map(|option| (option.name.to_string(), Text("kyoku".into())));
    info.load(options).expect("the game's options").1
}

fn vector(c: &mut Criterion) {
    let mut group = c.benchmark_group("vector");
    for info in REGISTRY {
        let name = info.name;
        let game = load(info);
        for batch in BATCHES {
            for (layout, label) in [(Layout::Resident, "resident"), (Layout::Parked, "parked")] {
                let mut env = game.vector(batch, 1, 1).expect("a batch");
                env.set_layout(layout).expect("a layout");
                let mut out = Buffers::new(&*env);
                env.reset(None, &mut out.outputs()).expect("a reset");
                let mut rng = alea::chance::derive_stream(7, 0, 0);
                group.throughput(Throughput::Elements(batch as u64));
                group.bench_function(format!("{name}/{batch}/{label}"), |b| {
                    b.iter(|| {
                        env.step_random(&mut rng, &mut out.outputs()).unwrap();
                        black_box(&out.current_player);
                    })
                });
            }
        }
    }
    group.finish();
}

fn vector_determinize(c: &mut Criterion) {
    let mut group = c.benchmark_group("vector_determinize");
    for info in REGISTRY {
        let mut env = load(info).vector(64, 1, 1).expect("a batch");
        let mut out = Buffers::new(&*env);
        env.reset(None, &mut out.outputs()).expect("a reset");
        let mut rng = alea::chance::derive_stream(7, 0, 0);
        for _ in 0..5 {
            env.step_random(&mut rng, &mut out.outputs()).unwrap();
        }
        let mut seed = 0;
        group.bench_function(format!("{}/64", info.name), |b| {
            b.iter(|| {
                seed += 1;
                let mut copy = env.determinize(seed).unwrap();
                copy.observe(&mut out.outputs()).unwrap();
                black_box(&out.current_player);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, vector, vector_determinize);
criterion_main!(benches);
