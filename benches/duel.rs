//! Duel benchmarks: a whole random game, dice generation from a DGE, one expectimax decision.
//!
//! `cargo bench --bench duel`.

use std::hint::black_box;

use alea::chance::{Purpose, derive_stream, sub_seed};
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, SimBuilder};
use alea_games::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, MAX_DICE, Team};
use alea_games::games::duel::players::{Player, PlayerKind};
use alea_games::games::duel::state::Phase;
use alea_games::games::duel::{Duel, DuelAction, redeal};
use criterion::{Criterion, criterion_group, criterion_main};

fn duel(c: &mut Criterion) {
    let mut group = c.benchmark_group("duel");
    let mut sim = SimBuilder::new(Duel::default())
        .rollback(Rollback::Caller)
        .build();
    let start = sim.snapshot();
    let mut game = 0u64;
    group.bench_function("random_game", |b| {
        b.iter(|| {
            game += 1;
            let seed = sub_seed(1, game);
            sim.restore(&start).unwrap();
            sim.reseed(seed);
            redeal(&mut sim).unwrap();
            black_box(random_playout(&mut sim, &mut random_player_rng(seed)).unwrap())
        })
    });

    let team = Team::new(&[Face::Pyro, Face::Hydro, Face::Cryo], 0);
    let expr: DiceExpr = "omni@4, white@2, black@2".parse().unwrap();
    let mut rng = derive_stream(1, Purpose::Dice.key(), 0);
    let mut out = [Face::Omni; MAX_DICE];
    group.bench_function("dge_generate", |b| {
        b.iter(|| {
            let g = DiceGenerator::new(black_box(&expr), 8, GeneratorKind::Roll, &team).unwrap();
            black_box(g.sample_into(&mut rng, &mut out))
        })
    });

    let mut sim = SimBuilder::new(Duel::default()).seed(3).build();
    // Keep both hands, start with the first characters, keep the dice: the first action phase.
    let start = [
        DuelAction::Redraw(0),
        DuelAction::Redraw(0),
        DuelAction::Start(0),
    ];
    for action in start.into_iter().chain([DuelAction::Start(0)]) {
        sim.apply(action).unwrap();
    }
    while matches!(sim.state().phase, Phase::Reroll(_)) {
        sim.apply(DuelAction::Keep).unwrap();
    }
    let mut player = Player::new(PlayerKind::Expectimax, 5);
    group.bench_function("expectimax_decision", |b| {
        b.iter(|| black_box(player.choose(&mut sim).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, duel);
criterion_main!(benches);
