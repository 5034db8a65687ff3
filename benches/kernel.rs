//! Kernel benchmarks: Pig playouts through `Sim`, snapshot rollback against a plain struct.
//!
//! `cargo bench --bench kernel`. Every figure here has its baseline in the same run:
//! `snapshot/world_rollback` against `snapshot/plain_clone` (save by `clone`, restore by
//! `clone_from`) and `snapshot/plain_clone_from` (both by `clone_from` into reused buffers);
//! `snapshot/restore` alone, `snapshot/restore_keyed` (a client component changed the layout:
//! every value goes back by stable id) and `snapshot/from_world` (a search `Sim` from a world).

use std::hint::black_box;

use alea::games::pig::Pig;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, RunMode, SimBuilder};
use criterion::{Criterion, criterion_group, criterion_main};

fn pig_playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("pipeline");
    for (name, rollback, mode) in [
        ("pig_playout", Rollback::Caller, RunMode::Direct),
        ("pig_playout_rollback", Rollback::PerAction, RunMode::Direct),
        ("pig_playout_schedule", Rollback::Caller, RunMode::Schedule),
    ] {
        let mut sim = SimBuilder::new(Pig::default())
            .rollback(rollback)
            .run_mode(mode)
            .build();
        let start = sim.snapshot();
        let mut rng = random_player_rng(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                sim.restore(&start).unwrap();
                black_box(random_playout(&mut sim, &mut rng).unwrap())
            })
        });
    }
    group.finish();
}

/// The reference world of DESIGN §12: 4 players, 136 cards, 20 listeners, a few resources.
mod reference {
    use alea::chance::{Case, Streams};
    use alea::kernel::{
        CardId, Decision, EventKind, Game, GameEvent, Rules, Seat, Setup, Table, Zone,
    };
    use alea::pipeline::{Ctx, Flow, Listener, Timing};
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
            out: &mut Vec<Ev>,
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

criterion_group!(benches, pig_playout, snapshot);
criterion_main!(benches);
