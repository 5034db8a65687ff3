//! Vector environments: env-steps per second of `step_random` (every env one random legal
//! action, the rows written), one thread, for every registered game (mahjong one hand an
//! episode) by batch size and layout. The memory a step visits in each env's world is what
//! makes a big resident batch slower per env than a small one, so the batch sizes span the
//! caches (16 Leduc worlds, about 80 KB each, fit in a 2 MB L2; 1 024 outgrow a 36 MB L3);
//! a parked batch steps every env in one hot world.
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

fn vector(c: &mut Criterion) {
    let mut group = c.benchmark_group("vector");
    for info in REGISTRY {
        let name = info.name;
        // Mahjong one hand an episode, as the Python bench steps it.
        let options = info
            .options
            .iter()
            .filter(|option| option.name == "length")
            .map(|option| (option.name.to_string(), Text("kyoku".into())));
        let (_, game) = info.load(options).expect("the game's options");
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

criterion_group!(benches, vector);
criterion_main!(benches);
