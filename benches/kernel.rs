//! Kernel benchmarks: Pig playouts and MCTS through `Sim` against the same game written by hand,
//! snapshot rollback against a plain struct.
//!
//! `cargo bench --bench kernel`. Every figure here has its baseline in the same run:
//! `pipeline/pig_playout*` and `search/pig_mcts` against their `*_bare` rows (Pig by hand in
//! `bare/pig.rs`: same rules, same streams, same draws — checked before timing);
//! `pipeline/pig_playout_default` (the default rollback, through `play`) against
//! `pipeline/pig_playout` (`Rollback::Caller`, through `play`), and
//! `pipeline/pig_playout_rollback` (the default rollback, through `apply`) against
//! `pipeline/pig_playout_apply` (`Rollback::Caller`, through `apply`);
//! `snapshot/world_rollback` against `snapshot/plain_clone` (save by `clone`, restore by
//! `clone_from`) and `snapshot/plain_clone_from` (both by `clone_from` into reused buffers);
//! `snapshot/restore` alone, `snapshot/restore_keyed` (a client component changed the layout:
//! every value goes back by stable id) and `snapshot/from_world` (a search `Sim` from a world).
//!
//! `ALEA_PAIRED=ROUNDS cargo bench --bench kernel` times each figure and its baseline in turn,
//! batch by batch in one process, and prints the median ratio with its range: the figures
//! the book's performance page quotes, immune to the machine's drift between criterion's benchmarks.
//!
//! `ALEA_COUNT=N cargo bench --bench kernel` plays N playouts (and N / 100 searches of 1 000
//! simulations) through `Sim` and by hand instead of timing, for an instruction count of each
//! (see the book's performance page, `docs/src/performance.md`): `valgrind --tool=callgrind
//! --toggle-collect='kernel::count_through' --toggle-collect='kernel::count_bare'
//! --toggle-collect='kernel::count_mcts' --toggle-collect='kernel::count_mcts_bare'
//! target/release/deps/kernel-*`, each `count_*` caller's share read with `callgrind_annotate
//! --inclusive=yes` (a toggle flips collection, so toggled functions must not nest).

#[path = "bare/pig.rs"]
mod bare;

use std::hint::black_box;

use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, RunMode, Sim, SimBuilder};
use alea::search::{Mcts, RandomRollouts};
use alea_games::games::pig::{Pig, PigAction};
use criterion::{Criterion, criterion_group};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 1;

fn pig_sim(rollback: Rollback, mode: RunMode) -> Sim<Pig> {
    SimBuilder::new(Pig::default())
        .seed(SEED)
        .rollback(rollback)
        .run_mode(mode)
        .build()
}

/// A random playout through `apply`, one action at a time (what `play` does under the default
/// rollback).
fn apply_playout(sim: &mut Sim<Pig>, rng: &mut ChaCha8Rng) -> u32 {
    let mut actions = 0;
    while let Some(action) = alea::kernel::playout::random_action(sim, rng) {
        sim.apply(action).unwrap();
        actions += 1;
    }
    actions
}

/// Checks that the hand-written Pig is the same game as `Sim`'s: 200 random playouts from the
/// start with the same player stream, and a 1000-simulation MCTS's root visits.
fn check_bare_is_the_same_game() {
    let mut sim = pig_sim(Rollback::Caller, RunMode::Direct);
    let start = sim.snapshot();
    let bare_start = bare::Pig::new(SEED);
    let mut game = bare_start.clone();
    let (mut rng, mut bare_rng) = (random_player_rng(2), random_player_rng(2));
    for playout in 0..200 {
        sim.restore(&start).unwrap();
        game.restore(&bare_start);
        let actions = random_playout(&mut sim, &mut rng).unwrap();
        assert_eq!(game.playout(&mut bare_rng), actions, "playout {playout}");
        assert_eq!(sim.state().banked[..2], game.banked, "playout {playout}");
        assert_eq!(sim.state().moves, game.moves, "playout {playout}");
    }
    sim.restore(&start).unwrap();
    let searched = Mcts::new(2.0, RandomRollouts::new(1, 5))
        .search(&mut sim, 1000, 9)
        .unwrap();
    let visits: Vec<(bare::Action, u32)> = searched
        .stats
        .iter()
        .map(|s| {
            let action = match s.action {
                PigAction::Roll => bare::Action::Roll,
                PigAction::Stop => bare::Action::Stop,
            };
            (action, s.visits as u32)
        })
        .collect();
    assert_eq!(bare::Mcts::new(2.0, 5).search(&bare_start, 1000, 9), visits);
}

fn pig_playout(c: &mut Criterion) {
    check_bare_is_the_same_game();
    let mut group = c.benchmark_group("pipeline");
    for (name, rollback, mode, through_play) in [
        ("pig_playout", Rollback::Caller, RunMode::Direct, true),
        (
            "pig_playout_default",
            Rollback::PerAction,
            RunMode::Direct,
            true,
        ),
        (
            "pig_playout_apply",
            Rollback::Caller,
            RunMode::Direct,
            false,
        ),
        (
            "pig_playout_rollback",
            Rollback::PerAction,
            RunMode::Direct,
            false,
        ),
        (
            "pig_playout_schedule",
            Rollback::Caller,
            RunMode::Schedule,
            true,
        ),
    ] {
        let mut sim = pig_sim(rollback, mode);
        let start = sim.snapshot();
        let mut rng = random_player_rng(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                sim.restore(&start).unwrap();
                if through_play {
                    black_box(random_playout(&mut sim, &mut rng).unwrap())
                } else {
                    black_box(apply_playout(&mut sim, &mut rng))
                }
            })
        });
    }
    let start = bare::Pig::new(SEED);
    let mut game = start.clone();
    let mut rng = random_player_rng(1);
    group.bench_function("pig_playout_bare", |b| {
        b.iter(|| {
            game.restore(&start);
            black_box(game.playout(&mut rng))
        })
    });
    group.finish();
}

fn pig_mcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(20);
    let mut sim = pig_sim(Rollback::Caller, RunMode::Direct);
    let mut mcts = Mcts::new(2.0, RandomRollouts::new(1, 5));
    let mut seed = 0;
    group.bench_function("pig_mcts_1000", |b| {
        b.iter(|| {
            seed += 1;
            black_box(mcts.search(&mut sim, 1000, seed).unwrap())
        })
    });
    let start = bare::Pig::new(SEED);
    let mut mcts = bare::Mcts::new(2.0, 5);
    let mut seed = 0;
    group.bench_function("pig_mcts_1000_bare", |b| {
        b.iter(|| {
            seed += 1;
            black_box(mcts.search(&start, 1000, seed))
        })
    });
    group.finish();
}

/// `n` playouts through `Sim::play` (for an instruction count: `ALEA_COUNT`).
#[inline(never)]
fn count_sim(n: u32) -> u64 {
    count_through(n, Rollback::Caller, true)
}

/// `n` playouts through `Sim::play`, the default rollback.
#[inline(never)]
fn count_default(n: u32) -> u64 {
    count_through(n, Rollback::PerAction, true)
}

/// `n` playouts through `Sim::apply`, `Rollback::Caller`.
#[inline(never)]
fn count_apply(n: u32) -> u64 {
    count_through(n, Rollback::Caller, false)
}

/// `n` playouts through `Sim::apply`, the default rollback.
#[inline(never)]
fn count_rollback(n: u32) -> u64 {
    count_through(n, Rollback::PerAction, false)
}

fn count_through(n: u32, rollback: Rollback, through_play: bool) -> u64 {
    let mut sim = pig_sim(rollback, RunMode::Direct);
    let start = sim.snapshot();
    let mut rng = random_player_rng(1);
    (0..n)
        .map(|_| {
            sim.restore(&start).unwrap();
            u64::from(if through_play {
                random_playout(&mut sim, &mut rng).unwrap()
            } else {
                apply_playout(&mut sim, &mut rng)
            })
        })
        .sum()
}

/// `n` playouts of the hand-written Pig.
#[inline(never)]
fn count_bare(n: u32) -> u64 {
    let start = bare::Pig::new(SEED);
    let mut game = start.clone();
    let mut rng = random_player_rng(1);
    (0..n)
        .map(|_| {
            game.restore(&start);
            u64::from(game.playout(&mut rng))
        })
        .sum()
}

/// `n` MCTS searches of 1 000 simulations from the start through `Sim`.
#[inline(never)]
fn count_mcts(n: u32) -> u64 {
    let mut sim = pig_sim(Rollback::Caller, RunMode::Direct);
    let mut mcts = Mcts::new(2.0, RandomRollouts::new(1, 5));
    (0..n)
        .map(|seed| {
            mcts.search(&mut sim, 1000, u64::from(seed))
                .unwrap()
                .simulations
        })
        .sum()
}

/// The same searches with the hand-written Pig and UCT.
#[inline(never)]
fn count_mcts_bare(n: u32) -> u64 {
    let start = bare::Pig::new(SEED);
    let mut mcts = bare::Mcts::new(2.0, 5);
    (0..n)
        .map(|seed| {
            black_box(mcts.search(&start, 1000, u64::from(seed)));
            1000
        })
        .sum()
}

/// The reference world of DESIGN §12: 4 players, 136 cards, 20 listeners, a few resources.
mod reference {
    use alea::chance::{Case, Streams};
    use alea::kernel::{
        CardId, Decision, EventKind, Game, GameEvent, Rules, Seat, Setup, Table, Zone,
    };
    use alea::pipeline::{Ctx, Flow, Listener, RootEvents, Timing};
    use bevy_ecs::prelude::*;
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Debug)]
    pub struct Reference;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct Act(pub u8);

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
    pub struct Ev;

    impl GameEvent for Ev {
        fn kind(&self) -> EventKind {
            0
        }
    }

    /// Per-player state.
    #[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Vitals {
        pub hp: i16,
        pub shield: i16,
        pub points: i32,
    }

    /// A grouped game resource.
    #[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct RoundState {
        pub dealer: u8,
        pub honba: u8,
        pub sticks: u8,
        pub turn: u16,
    }

    fn noop(_: &mut Ctx<'_, Reference>, _: &mut Ev) -> Flow {
        Flow::Continue
    }

    impl Game for Reference {
        type Action = Act;
        type Event = Ev;
        type State = ();
        fn name(&self) -> &'static str {
            "reference"
        }
        fn seats(&self) -> u8 {
            4
        }
        fn setup(&self, setup: &mut Setup<'_, Self>) {
            for s in 0..4 {
                setup.spawn_player(Seat(s), Vitals::default());
            }
            for c in 0..136u16 {
                setup.spawn_card(CardId(c / 4), Zone::Stock, ());
            }
            let handler = setup.handler("noop", noop);
            for l in 0..20u8 {
                let listener =
                    Listener::new(0, Timing::Before, handler).seat(Seat(l % 4), u16::from(l));
                setup.spawn_listener(listener, ());
            }
            setup.insert_resource(RoundState::default());
            setup.snapshot_component::<Vitals>();
            setup.snapshot_resource::<RoundState>();
        }
        fn translate(
            _: &Rules<Self>,
            _: &World,
            _: &Table,
            _: &(),
            _: Seat,
            _: Act,
            out: &mut RootEvents<'_, Ev>,
        ) {
            out.push(Ev);
        }
        fn apply(_: &mut Ctx<'_, Self>, _: &mut Ev) -> Flow {
            Flow::Continue
        }
        fn next_decision(
            _: &Rules<Self>,
            _: &World,
            _: &Table,
            _: &(),
            decision: &mut Decision<Act>,
        ) {
            decision.ask(Seat(0), (0..14).map(Act));
        }
        fn returns(_: &Rules<Self>, _: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
            out.clear();
        }
    }

    /// The same data as a plain struct (only cloned, never read).
    #[derive(Clone)]
    #[allow(dead_code)]
    pub struct Plain {
        pub players: [(Seat, Vitals); 4],
        pub cards: Vec<(CardId, Zone)>,
        pub listeners: Vec<Listener>,
        pub table: Table,
        pub streams: Streams,
        pub case: Case,
        pub round: RoundState,
        pub decision: Decision<Act>,
    }

    impl Plain {
        pub fn new() -> Self {
            let handler = alea::pipeline::HandlerId(0);
            Plain {
                players: std::array::from_fn(|s| (Seat(s as u8), Vitals::default())),
                cards: (0..136u16).map(|c| (CardId(c / 4), Zone::Stock)).collect(),
                listeners: (0..20u8)
                    .map(|l| {
                        Listener::new(0, Timing::Before, handler).seat(Seat(l % 4), u16::from(l))
                    })
                    .collect(),
                table: Table::new(4),
                streams: Streams::new(0),
                case: Case::default(),
                round: RoundState::default(),
                decision: {
                    let mut d = Decision::default();
                    d.ask(Seat(0), (0..14).map(Act));
                    d
                },
            }
        }
    }
}

fn snapshot(c: &mut Criterion) {
    use reference::{Plain, Reference};
    let mut group = c.benchmark_group("snapshot");
    let mut sim = SimBuilder::new(Reference).build();
    let mut snap = sim.snapshot();
    group.bench_function("world_rollback", |b| {
        b.iter(|| {
            sim.snapshot_into(&mut snap);
            sim.restore(black_box(&snap)).unwrap();
        })
    });
    let mut state = Plain::new();
    group.bench_function("plain_clone", |b| {
        b.iter(|| {
            let saved = black_box(state.clone());
            state.clone_from(black_box(&saved));
        })
    });
    let mut saved = state.clone();
    group.bench_function("plain_clone_from", |b| {
        b.iter(|| {
            saved.clone_from(black_box(&state));
            state.clone_from(black_box(&saved));
        })
    });
    // Restore alone: by whole columns, and keyed by stable id after a client component
    // moved every other entity to another table (the snapshot's layout no longer fits).
    group.bench_function("restore", |b| {
        b.iter(|| sim.restore(black_box(&snap)).unwrap())
    });
    #[derive(bevy_ecs::prelude::Component)]
    struct ClientMarker;
    let entities: Vec<_> = sim
        .world_mut()
        .query_filtered::<bevy_ecs::prelude::Entity, bevy_ecs::prelude::With<alea::kernel::StableId>>()
        .iter(sim.world())
        .collect();
    for entity in entities.into_iter().step_by(2) {
        sim.world_mut().entity_mut(entity).insert(ClientMarker);
    }
    group.bench_function("restore_keyed", |b| {
        b.iter(|| sim.restore(black_box(&snap)).unwrap())
    });
    group.bench_function("from_world", |b| {
        b.iter(|| alea::kernel::Sim::<Reference>::from_world(black_box(sim.world())).unwrap())
    });
    group.finish();
}

criterion_group!(benches, pig_playout, pig_mcts, snapshot);

/// Times `a` and `b` (each a batch of work) in turn, `rounds` times, the order swapped every
/// round; prints each one's median time per item and the median of the rounds' ratios a / b
/// with their range (a drift of the machine's speed hits both sides of a round alike).
fn paired(name: &str, rounds: usize, items: u32, mut a: impl FnMut(), mut b: impl FnMut()) {
    let time = |f: &mut dyn FnMut()| {
        let start = std::time::Instant::now();
        f();
        start.elapsed().as_secs_f64() / f64::from(items)
    };
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        if round % 2 == 0 {
            ta.push(time(&mut a));
            tb.push(time(&mut b));
        } else {
            tb.push(time(&mut b));
            ta.push(time(&mut a));
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let mut ratios: Vec<f64> = ta.iter().zip(&tb).map(|(a, b)| a / b).collect();
    let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = ratios.iter().copied().fold(0.0, f64::max);
    println!(
        "{name}: {:.3} µs / {:.3} µs = {:.2}x [{lo:.2}-{hi:.2}] ({rounds} rounds)",
        median(&mut ta) * 1e6,
        median(&mut tb) * 1e6,
        median(&mut ratios),
    );
}

/// `ALEA_PAIRED=ROUNDS`: the kernel's ratios to its baselines, interleaved in one process.
fn paired_ratios(rounds: usize) {
    check_bare_is_the_same_game();
    let playouts = |rollback, through_play| {
        let mut sim = pig_sim(rollback, RunMode::Direct);
        let start = sim.snapshot();
        let mut rng = random_player_rng(1);
        move || {
            for _ in 0..200 {
                sim.restore(&start).unwrap();
                if through_play {
                    black_box(random_playout(&mut sim, &mut rng).unwrap());
                } else {
                    black_box(apply_playout(&mut sim, &mut rng));
                }
            }
        }
    };
    let bare = || {
        let start = bare::Pig::new(SEED);
        let mut game = start.clone();
        let mut rng = random_player_rng(1);
        move || {
            for _ in 0..200 {
                game.restore(&start);
                black_box(game.playout(&mut rng));
            }
        }
    };
    let (caller, default) = (Rollback::Caller, Rollback::PerAction);
    paired(
        "play: default / Caller",
        rounds,
        200,
        playouts(default, true),
        playouts(caller, true),
    );
    paired(
        "apply: default / Caller",
        rounds,
        200,
        playouts(default, false),
        playouts(caller, false),
    );
    paired(
        "default apply / Caller play",
        rounds,
        200,
        playouts(default, false),
        playouts(caller, true),
    );
    paired(
        "play (Caller) / bare",
        rounds,
        200,
        playouts(caller, true),
        bare(),
    );
    let mut sim = pig_sim(caller, RunMode::Direct);
    let mut mcts = Mcts::new(2.0, RandomRollouts::new(1, 5));
    let mut bare_mcts = bare::Mcts::new(2.0, 5);
    let start = bare::Pig::new(SEED);
    let (mut seed, mut bare_seed) = (0, 0);
    paired(
        "MCTS 1000 sims: Sim / bare",
        rounds,
        1,
        || {
            seed += 1;
            black_box(mcts.search(&mut sim, 1000, seed).unwrap());
        },
        || {
            bare_seed += 1;
            black_box(bare_mcts.search(&start, 1000, bare_seed));
        },
    );
}

fn main() {
    if let Some(rounds) = std::env::var("ALEA_PAIRED")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        paired_ratios(rounds.max(2));
        return;
    }
    if let Some(n) = std::env::var("ALEA_COUNT")
        .ok()
        .and_then(|n| n.parse::<u32>().ok())
    {
        check_bare_is_the_same_game();
        println!("sim: {} actions in {n} playouts", count_sim(n));
        println!("default: {} actions in {n} playouts", count_default(n));
        println!("apply: {} actions in {n} playouts", count_apply(n));
        println!("rollback: {} actions in {n} playouts", count_rollback(n));
        println!("bare: {} actions in {n} playouts", count_bare(n));
        let searches = (n / 100).max(1);
        println!("mcts: {} simulations", count_mcts(searches));
        println!("mcts bare: {} simulations", count_mcts_bare(searches));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
