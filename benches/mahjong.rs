//! Riichi mahjong benchmarks: `cargo bench --bench mahjong`.
//!
//! - `mahjong/kyoku_random`: one riichi hand (kyoku length) with four random players, from
//!   the deal (`Riichi::restart` of a reused simulator, as `alea simulate` does) to the end.
//! - `mahjong/build`: building a riichi simulator (World, setup, the first deal).
//! - `mahjong/hanchan_random`: a whole hanchan with four random players.
//! - `mahjong/hanchan_greedy`: a whole hanchan with four greedy players.
//! - `mahjong/sichuan_random_game`: one sichuan bloody-battle hand (declarations to the last
//!   departure or the exhaustive draw) with four random players, restarting a reused simulator.
//! - `mahjong/sichuan_greedy_match`: a four-hand sichuan match with four greedy players.
//! - `abilities/toki_future_sight`: one future-sight decision of Toki (sichuan, her first
//!   discard: up to 14 timelines of 8 draws each on a snapshot, then the collapses), restoring
//!   the position before each.
//! - `mahjong/fill_unknown`: one `fill_unknown` for the seat to move, mid-hand (40 greedy
//!   actions into a hand), successive seeds on the same world.
//! - `fill/{riichi_riichi,sichuan_past_missing}/{uniform,constrained,posterior}`: one fill
//!   for P0 at a position the table constrains (an opponent in riichi; opponents past their
//!   missing suit), by each `Inference`, successive seeds on the same world.
//! - `mahjong/ismcts_iteration`: one ISMCTS search of 100 iterations (determinize, descend,
//!   greedy rollout to the end of the hand) at that position; throughput in iterations.
//!
//! Successive iterations use successive seeds, so each figure is a mean over many matches.

use std::hint::black_box;

use alea_games::games::mahjong::abilities::{SeatedAbility, future_sight};

use alea::kernel::Turn;
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Rollback, Seat, Sim, SimBuilder};
use alea_games::games::mahjong::riichi::{
    Length, PlayerKind, Riichi, choose, fill_unknown, ismcts,
};
use alea_games::games::mahjong::sichuan::{self, Sichuan};
use alea_games::tiles::warm_up_shanten;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn play(sim: &mut Sim<Riichi>, players: &[PlayerKind; 4], seed: u64) -> i32 {
    Riichi::restart(sim, seed).unwrap();
    let mut rng = random_player_rng(seed);
    while let Some(action) = choose(sim, players, &mut rng) {
        sim.apply(action).expect("legal actions apply");
    }
    alea_games::games::mahjong::riichi::scores(sim.world())[0]
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
    let sichuan = Sichuan::preset("sichuan").expect("the sichuan preset");
    let build_sichuan = |game: Sichuan| SimBuilder::new(game).rollback(Rollback::Caller).build();
    let mut sim = build_sichuan(sichuan.clone().with_hands(1));
    group.bench_function("sichuan_random_game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play_sichuan(&mut sim, &[PlayerKind::Random; 4], seed))
        })
    });
    let mut sim = build_sichuan(sichuan);
    group.bench_function("sichuan_greedy_match", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play_sichuan(&mut sim, &[PlayerKind::Greedy; 4], seed))
        })
    });
    // A mid-hand position: 40 greedy actions into a hand.
    let mut mid = build(&kyoku);
    Riichi::restart(&mut mid, 17).unwrap();
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

fn play_sichuan(sim: &mut Sim<Sichuan>, players: &[PlayerKind; 4], seed: u64) -> i32 {
    Sichuan::restart(sim, seed).unwrap();
    let mut rng = random_player_rng(seed);
    while let Some(action) = sichuan::choose(sim, players, &mut rng) {
        sim.apply(action).expect("legal actions apply");
    }
    sichuan::scores(sim.world())[0]
}

fn abilities(c: &mut Criterion) {
    warm_up_shanten();
    let mut group = c.benchmark_group("abilities");
    let toki = "toki@0".parse::<SeatedAbility>().expect("toki parses");
    let game = Sichuan::preset("sichuan")
        .expect("the sichuan preset")
        .with_hands(1)
        .with_abilities(&[toki])
        .expect("toki applies");
    let mut sim = SimBuilder::new(game).seed(5).build();
    let mut rng = random_player_rng(5);
    // The four declarations: then Toki (the dealer) discards.
    for _ in 0..4 {
        let action = sichuan::choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng);
        sim.apply(action.expect("a declaration"))
            .expect("legal actions apply");
    }
    let start = sim.snapshot();
    let mut seed = 0u64;
    group.bench_function("toki_future_sight", |b| {
        b.iter(|| {
            seed += 1;
            sim.restore(&start).expect("same world");
            black_box(future_sight(&mut sim, Seat(0), seed).expect("sight"))
        })
    });
    group.finish();
}

/// Plays greedy `game` from `seed` until `found` holds for P0's view (a position with
/// constraints), trying later seeds when a hand ends first.
fn constrained_position<G: alea::kernel::Game>(
    game: &G,
    choose: impl Fn(&mut Sim<G>, &mut rand_chacha::ChaCha8Rng) -> Option<G::Action>,
    found: impl Fn(&Sim<G>) -> bool,
) -> Sim<G> {
    for seed in 0.. {
        let mut sim = SimBuilder::new(game.clone()).seed(seed).build();
        let mut rng = random_player_rng(seed);
        while let Some(action) = choose(&mut sim, &mut rng) {
            sim.apply(action).expect("legal actions apply");
            if found(&sim) && !sim.is_terminal() {
                return sim;
            }
        }
    }
    unreachable!("some seed reaches the position")
}

fn fills(c: &mut Criterion) {
    use alea_games::games::mahjong::fill::Inference;
    use alea_games::games::mahjong::riichi::{Kyoku, fill_unknown_with};
    warm_up_shanten();
    let mut group = c.benchmark_group("fill");
    let kyoku = Riichi::preset("riichi")
        .expect("the riichi preset")
        .with_length(Length::Kyoku);
    let mut riichi = constrained_position(
        &kyoku,
        |sim, rng| choose(sim, &[PlayerKind::Greedy; 4], rng),
        |sim| {
            sim.world().resource::<Kyoku>().riichi[1..]
                .iter()
                .any(|&r| r)
        },
    );
    let hand = Sichuan::preset("sichuan")
        .expect("the sichuan preset")
        .with_hands(1);
    let mut sichuan = constrained_position(
        &hand,
        |sim, rng| sichuan::choose(sim, &[PlayerKind::Greedy; 4], rng),
        |sim| {
            let battle = sim.world().resource::<sichuan::Battle>();
            (1..4).all(|s| sichuan::past_missing_suit(battle, Seat(s)))
        },
    );
    let mut seed = 0u64;
    for (name, inference) in [
        ("uniform", Inference::Uniform),
        ("constrained", Inference::Constrained),
        ("posterior", Inference::Posterior),
    ] {
        group.bench_function(format!("riichi_riichi/{name}"), |b| {
            b.iter(|| {
                seed += 1;
                fill_unknown_with(&kyoku, riichi.world_mut(), Seat(0), seed, inference)
                    .expect("a fill");
            })
        });
        group.bench_function(format!("sichuan_past_missing/{name}"), |b| {
            b.iter(|| {
                seed += 1;
                sichuan::fill_unknown_with(&hand, sichuan.world_mut(), Seat(0), seed, inference)
                    .expect("a fill");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, matches, abilities, fills);
criterion_main!(benches);
