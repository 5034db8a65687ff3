//! Riichi mahjong benchmarks: `cargo bench --bench mahjong`.
//!
//! - `mahjong/kyoku_random`: one riichi hand (kyoku length) with four random players, from
//!   the deal (`Riichi::restart` of a reused simulator, as `alea simulate` does) to the end.
//! - `mahjong/build`: building a riichi simulator (World, setup, the first deal).
//! - `mahjong/hanchan_random`: a whole hanchan with four random players.
//! - `mahjong/hanchan_greedy`: a whole hanchan with four greedy players.
//! - `mahjong/fill_unknown`: one `fill_unknown` for the seat to move, mid-hand (40 greedy
//!   actions into a hand), successive seeds on the same world.
//! - `mahjong/ismcts_iteration`: one ISMCTS search of 100 iterations (determinize, descend,
//!   greedy rollout to the end of the hand) at that position; throughput in iterations.
//!
//! Successive iterations use successive seeds, so each figure is a mean over many matches.

use std::hint::black_box;

use alea::games::mahjong::riichi::{Length, PlayerKind, Riichi, choose, fill_unknown, ismcts};
use alea::kernel::Turn;
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Rollback, Sim, SimBuilder};
use alea::tiles::warm_up_shanten;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn play(sim: &mut Sim<Riichi>, players: &[PlayerKind; 4], seed: u64) -> i32 {
    Riichi::restart(sim, seed);
    let mut rng = random_player_rng(seed);
    while let Some(action) = choose(sim, players, &mut rng) {
        sim.apply(action).expect("legal actions apply");
    }
    alea::games::mahjong::riichi::scores(sim.world())[0]
}

fn matches(c: &mut Criterion) {
    warm_up_shanten();
    let mut group = c.benchmark_group("mahjong");
    let riichi = Riichi::preset("riichi").expect("the riichi preset");
    let kyoku = riichi.clone().with_length(Length::Kyoku);
    let mut seed = 0u64;
    let build = |game: &Riichi| {
        SimBuilder::new(game.clone())
            .rollback(Rollback::Caller)
            .build()
    };
    group.bench_function("build", |b| {
        b.iter(|| {
            seed += 1;
            black_box(SimBuilder::new(kyoku.clone()).seed(seed).build().checksum())
        })
    });
    let mut sim = build(&kyoku);
    group.bench_function("kyoku_random", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(&mut sim, &[PlayerKind::Random; 4], seed))
        })
    });
    let mut sim = build(&riichi);
    group.bench_function("hanchan_random", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(&mut sim, &[PlayerKind::Random; 4], seed))
        })
    });
    group.bench_function("hanchan_greedy", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(&mut sim, &[PlayerKind::Greedy; 4], seed))
        })
    });
    // A mid-hand position: 40 greedy actions into a hand.
    let mut mid = build(&kyoku);
    Riichi::restart(&mut mid, 17);
    let mut rng = random_player_rng(17);
    for _ in 0..40 {
        let action = choose(&mut mid, &[PlayerKind::Greedy; 4], &mut rng).expect("mid-hand");
        mid.apply(action).expect("legal actions apply");
    }
    let Turn::Player(viewer) = mid.turn() else {
        panic!("the hand goes on")
    };
    let mut fill_seed = 0u64;
    let mut fill_sim = mid.fork();
    group.bench_function("fill_unknown", |b| {
        b.iter(|| {
            fill_seed += 1;
            fill_unknown(&kyoku, fill_sim.world_mut(), viewer, fill_seed).expect("a fill");
        })
    });
    let mut search = ismcts();
    group.throughput(Throughput::Elements(100));
    group.bench_function("ismcts_iteration", |b| {
        b.iter(|| {
            seed += 1;
            black_box(search.search(&mut mid, 100, seed).expect("a search").action)
        })
    });
    group.finish();
}

criterion_group!(benches, matches);
criterion_main!(benches);
