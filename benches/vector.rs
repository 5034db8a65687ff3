//! Vector environments: env-steps per second of `step_random` (every env one random legal
//! action, the rows written), one thread, by game and batch size. Pages of memory a step
//! visits in each env's world are what makes a big batch slower per env than a small one, so
//! the batch sizes span the caches: 16 Leduc worlds (about 80 KB each) fit in a 2 MB L2,
//! 1 024 outgrow a 36 MB L3.
//!
//! `cargo bench --bench vector` (`-- vector/leduc` for one game; `--profile ci` to skip the
//! release profile's fat LTO while iterating — that profile also keeps the crates' debug
//! assertions on).

use std::hint::black_box;

use alea::registry::OptionValue::Text;
use alea::vector::Buffers;
use alea_games::games::REGISTRY;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The games and the options the Python bench steps them with (riichi one hand an episode).
const GAMES: &[(&str, &[(&str, &str)])] = &[
    ("leduc", &[]),
    ("pig", &[]),
    ("riichi", &[("length", "kyoku")]),
    ("sgs", &[]),
    ("duel", &[]),
];

const BATCHES: [usize; 4] = [16, 64, 256, 1024];

fn vector(c: &mut Criterion) {
    let mut group = c.benchmark_group("vector");
    for &(name, options) in GAMES {
        let info = alea::registry::find(REGISTRY, name).expect("a registered game");
        let options = options
            .iter()
            .map(|&(k, v)| (k.to_string(), Text(v.into())));
        let (_, game) = info.load(options).expect("the game's options");
        for batch in BATCHES {
            let mut env = game.vector(batch, 1, 1).expect("a batch");
            let mut out = Buffers::new(&*env);
            env.reset(None, &mut out.outputs()).expect("a reset");
            let mut rng = alea::chance::derive_stream(7, 0, 0);
            group.throughput(Throughput::Elements(batch as u64));
            group.bench_function(format!("{name}/{batch}"), |b| {
                b.iter(|| {
                    env.step_random(&mut rng, &mut out.outputs()).unwrap();
                    black_box(&out.current_player);
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, vector);
criterion_main!(benches);
