//! Mount benchmarks: `cargo bench --bench mount`.
//!
//! - `mount/draw_plain`: the next normal draw of a full riichi mount (136 tiles with red fives)
//!   whose slot has no presence edits: uniform by count from zone A.
//! - `mount/draw_presence`: the same draw with a few active deltas on the slot (three in A, one
//!   in B on a loaded tile), so the presence rule runs over both zones.
//!
//! Each timed draw is the first draw of a copy of the starting mount. Copies are restored in
//! batches of 64 outside the timing (so they stay in cache, as in a search loop that restores
//! one mount), and the clock is read once per batch.

use std::hint::black_box;
use std::time::{Duration, Instant};

use alea::chance::{Purpose, derive_stream};
use alea_games::mount::{Exit, Mount, WallLayout};
use alea_games::tiles::{Tile, TileSet};
use criterion::{Criterion, criterion_group, criterion_main};

const BATCH: u64 = 64;

fn tile(text: &str) -> Tile {
    text.parse().expect("valid tile")
}

fn draws(c: &mut Criterion) {
    let plain = Mount::new(TileSet::riichi(true), WallLayout::riichi());
    let mut presence = plain.clone();
    presence.light_a(tile("1m"), 100).unwrap();
    presence.light_a(tile("5p"), -40).unwrap();
    presence.light_a(tile("7z"), 30).unwrap();
    presence.load_b(tile("9s"), 1).unwrap();
    presence.light_b(tile("9s"), 20).unwrap();
    let mut rng = derive_stream(1, Purpose::Draw.key(), 0);
    let mut group = c.benchmark_group("mount");
    for (name, start) in [("draw_plain", &plain), ("draw_presence", &presence)] {
        let mut copies = vec![start.clone(); BATCH as usize];
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut elapsed = Duration::ZERO;
                let mut left = iters;
                while left > 0 {
                    let batch = &mut copies[..left.min(BATCH) as usize];
                    for copy in batch.iter_mut() {
                        copy.clone_from(start);
                    }
                    let started = Instant::now();
                    for copy in batch.iter_mut() {
                        black_box(copy.draw(Exit::Pii, &mut rng)).expect("a full wall");
                    }
                    elapsed += started.elapsed();
                    left -= batch.len() as u64;
                }
                elapsed
            })
        });
    }
    group.finish();
}

criterion_group!(benches, draws);
criterion_main!(benches);
