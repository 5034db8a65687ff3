//! A handler that changes the world's structure between the rolls of one `play` call: the
//! places in the world the pipeline keeps while it runs (the random streams, the die it last
//! turned) are found again, so rolls land on the die where it is now and draw from the
//! streams now in the world. (The streams' place does not move when they are replaced — their
//! sparse set holds one value — so only the die's half can catch a place kept too long.)

use alea::chance::Die;
use alea::chance::{Purpose, Streams, derive_stream};
use alea::kernel::{
    Decision, DieFace, EventKind, Game, GameEvent, Rollback, Rules, Seat, Setup, Sim, SimBuilder,
    Table, Zone,
};
use alea::pipeline::{Ctx, Flow, RootEvents};
use bevy_ecs::prelude::*;
use rand::RngExt;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
struct Reshape;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Step {
    /// Roll the die.
    Roll,
    /// Note the face the die shows, then move the die to a new table (it gains a component).
    Move,
    /// [`Step::Move`] through `Ctx::world_and_table`.
    MoveBeside,
    /// Two root events: a roll, then a move.
    RollThenMove,
    /// Replace the random streams by `Streams::new(7)`.
    Reseed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
struct Happens(Step);

impl GameEvent for Happens {
    fn kind(&self) -> EventKind {
        0
    }
}

/// The faces rolled, and the face the die showed at each move.
#[derive(Clone, Debug, Default, Hash)]
struct Seen {
    rolled: Vec<u8>,
    shown: Vec<u8>,
}

/// The die's `N`-th move gives it this component: a new table each time.
#[derive(Component)]
struct Moved<const N: usize>;

fn move_die(world: &mut World, die: Entity, moves: usize) {
    let mut die = world.entity_mut(die);
    match moves {
        0 => die.insert(Moved::<0>),
        1 => die.insert(Moved::<1>),
        2 => die.insert(Moved::<2>),
        3 => die.insert(Moved::<3>),
        _ => die.insert(Moved::<4>),
    };
}

impl Game for Reshape {
    type Action = Step;
    type Event = Happens;
    type State = Seen;

    fn name(&self) -> &'static str {
        "reshape"
    }

    fn seats(&self) -> u8 {
        1
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        setup.spawn_player(Seat(0), ());
        setup.spawn_die(6, Zone::Table, ());
    }

    fn translate(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &Seen,
        _: Seat,
        step: Step,
        out: &mut RootEvents<'_, Happens>,
    ) {
        match step {
            Step::RollThenMove => {
                out.push(Happens(Step::Roll));
                out.push(Happens(Step::Move));
            }
            step => out.push(Happens(step)),
        }
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut Happens) -> Flow {
        let die = ctx.rules().dice()[0];
        match event.0 {
            Step::Roll => {
                let face = ctx.chance(&Die { faces: 6 });
                ctx.set_face(die, face - 1);
                ctx.state().rolled.push(face);
            }
            Step::Move | Step::MoveBeside => {
                let moves = ctx.state().shown.len();
                let world = match event.0 {
                    Step::Move => ctx.world(),
                    _ => ctx.world_and_table().0,
                };
                let shown = world.get::<DieFace>(die).expect("a die").0;
                move_die(world, die, moves);
                ctx.state().shown.push(shown);
            }
            Step::Reseed => ctx.world().insert_resource(Streams::new(7)),
            Step::RollThenMove => unreachable!("translated into a roll and a move"),
        }
        Flow::Continue
    }

    fn next_decision(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &Seen,
        decision: &mut Decision<Step>,
    ) {
        use Step::*;
        decision.ask(Seat(0), [Roll, Move, MoveBeside, Reseed, RollThenMove]);
    }

    fn returns(_: &Rules<Self>, _: &World, _: &Table, _: &Seen, out: &mut Vec<f64>) {
        out.clear();
        out.push(0.0);
    }
}

/// The first `n` faces of seed `seed`'s dice stream, as `Die` samples them.
fn faces(seed: u64, n: usize) -> Vec<u8> {
    let mut rng = derive_stream(seed, Purpose::Dice.key(), 0);
    (0..n)
        .map(|_| rng.random_range(0..6u32) as u8 + 1)
        .collect()
}

#[test]
fn rolls_after_a_handler_reshapes_the_world_land_on_the_die_and_streams_now_there() {
    use Step::*;
    let mut sim: Sim<Reshape> = SimBuilder::new(Reshape)
        .seed(3)
        .rollback(Rollback::Caller)
        .build();
    let script = [
        Roll, Move, Roll, MoveBeside, Roll, Move, Roll, Move, Reseed, Roll, Roll, Move,
    ];
    let mut steps = script.into_iter();
    assert_eq!(sim.play(|_| steps.next()).unwrap(), 12);

    let expected = [faces(3, 4), faces(7, 2)].concat();
    let seen = sim.state();
    assert_eq!(seen.rolled, expected);
    // Each move saw the face of the roll before it: the rolls after a move turned the die
    // where it had moved to (consecutive rolls differ, so a roll written where the die no
    // longer is would show).
    let before_moves = [0, 1, 2, 3, 5].map(|roll| expected[roll] - 1);
    assert_eq!(seen.shown, before_moves);
    assert!(before_moves.windows(2).all(|pair| pair[0] != pair[1]));
    let die = sim.rules().dice()[0];
    assert_eq!(
        sim.world().get::<DieFace>(die),
        Some(&DieFace(expected[5] - 1))
    );
}

#[test]
fn an_actions_root_events_resolve_in_the_order_translate_pushed_them() {
    let mut sim: Sim<Reshape> = SimBuilder::new(Reshape).seed(3).build();
    sim.record_events(true);
    sim.apply(Step::RollThenMove).unwrap();
    let order: Vec<_> = sim.events().iter().map(|e| (e.event.0, e.depth)).collect();
    assert_eq!(order, [(Step::Roll, 1), (Step::Move, 1)]);
    // The move saw the face just rolled.
    assert_eq!(sim.state().shown, [sim.state().rolled[0] - 1]);
    let rules = sim.shared_rules();
    let events = sim.with_world_and_table(|world, table| {
        alea::pipeline::translate(
            &rules,
            world,
            table,
            &Seen::default(),
            Seat(0),
            Step::RollThenMove,
        )
    });
    assert_eq!(events, [Happens(Step::Roll), Happens(Step::Move)]);
}
