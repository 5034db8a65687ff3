//! A duel in a Bevy `App` with an AI seat that thinks off the frame: seat 1 runs ISMCTS on a
//! `Sim` copied from the live world (`Sim::from_world`) in an `AsyncComputeTaskPool` task and
//! puts its answer into the `Inbox` when the task is done; seat 0 plays at random. A client
//! system reads the `Resolved` messages as seat 0 may see them, and a client component sits
//! on every card.
//!
//! Run with `cargo run --release --example bevy_ai_seat`.

use alea::kernel::playout::random_player_rng;
use alea::kernel::{GameRules, Inbox, PipelineSystems, Seat, Sim, SimBuilder, Turn};
use alea::pipeline::Resolution;
use alea::plugin::{AleaPlugin, RandomPlayer, Resolved, outcome, random_player};
use alea::search::{Ismcts, RandomRollouts};
use alea_games::games::duel::{Duel, DuelAction};
use bevy_app::{App, Update};
use bevy_ecs::prelude::*;
use bevy_tasks::futures::check_ready;
use bevy_tasks::{AsyncComputeTaskPool, Task, TaskPool};

/// The seat the AI plays.
const AI: Seat = Seat(1);
/// The seat whose view the client shows.
const PERSON: Seat = Seat(0);

/// A client's own component on alea's card entities (a sprite in a real client).
#[derive(Component)]
struct CardSprite;

/// The AI's search in flight, and how many frames ran while it thought.
#[derive(Resource, Default)]
struct Thinking {
    task: Option<Task<Option<DuelAction>>>,
    searches: u32,
    frames_waited: u32,
}

/// What the client shows: a line per event seat 0 sees.
#[derive(Resource, Default)]
struct Shown(Vec<String>);

/// Seat 1: starts a search on a copy of the world, or collects its answer. The frame never
/// waits for it.
fn ai_seat(world: &mut World) {
    let mut thinking = world.remove_resource::<Thinking>().unwrap_or_default();
    let to_move = world.resource::<Resolution<Duel>>().decision.turn == Turn::Player(AI);
    match thinking.task.as_mut() {
        None if to_move => {
            let mut sim = Sim::<Duel>::from_world(world).expect("the app holds a duel");
            let seed = u64::from(thinking.searches);
            thinking.searches += 1;
            thinking.task = Some(AsyncComputeTaskPool::get().spawn(async move {
                let mut search = Ismcts::new(2.0, RandomRollouts::new(1, seed));
                search.search(&mut sim, 300, seed).ok().map(|r| r.action)
            }));
        }
        Some(task) => match check_ready(task) {
            Some(answer) => {
                thinking.task = None;
                world.resource_mut::<Inbox<Duel>>().action = answer;
            }
            None => thinking.frames_waited += 1,
        },
        None => {}
    }
    world.insert_resource(thinking);
}

/// The client's log: every resolved event as seat 0 may see it.
fn show(mut messages: MessageReader<Resolved<Duel>>, mut shown: ResMut<Shown>) {
    for message in messages.read() {
        if let Some(seen) = message.seen_by(PERSON) {
            let indent = "  ".repeat(usize::from(seen.depth));
            shown.0.push(format!("{indent}{:?}", seen.event));
        }
    }
}

/// How a game went.
pub struct Outcome {
    /// Events shown to seat 0.
    pub shown: usize,
    /// Searches the AI ran.
    pub searches: u32,
    /// Frames run.
    pub frames: u32,
    /// Frames run while a search was in flight.
    pub waited: u32,
    /// True once the game is over.
    pub over: bool,
}

/// Plays the duel seeded `seed` (at most `max_frames` frames); `log` gets seat 0's last lines.
pub fn run(seed: u64, max_frames: u32, log: &mut Vec<String>) -> Outcome {
    AsyncComputeTaskPool::get_or_init(TaskPool::new);
    let mut app = App::new();
    app.add_plugins(AleaPlugin::new(SimBuilder::new(Duel::default()).seed(seed)))
        // Seat 0 plays at random (the plugin's `random_player`, for its seats only).
        .insert_resource(RandomPlayer::new([PERSON], random_player_rng(seed)))
        .init_resource::<Thinking>()
        .init_resource::<Shown>()
        .add_systems(
            Update,
            (random_player::<Duel>, ai_seat).before(PipelineSystems::Accept),
        )
        .add_systems(Update, show.after(PipelineSystems::Resolve));
    let rules = app.world().resource::<GameRules<Duel>>().0.clone();
    for &card in rules.cards() {
        app.world_mut().entity_mut(card).insert(CardSprite);
    }
    let mut frames = 0u32;
    let over = |app: &App| outcome::<Duel>(app.world()).is_some();
    while !over(&app) && frames < max_frames {
        app.update();
        frames += 1;
    }
    let shown = &app.world().resource::<Shown>().0;
    log.extend(shown.iter().rev().take(5).rev().cloned());
    let thinking = app.world().resource::<Thinking>();
    Outcome {
        shown: shown.len(),
        searches: thinking.searches,
        frames,
        waited: thinking.frames_waited,
        over: over(&app),
    }
}

#[allow(dead_code)] // the integration tests call `run` only
fn main() {
    let mut log = Vec::new();
    let outcome = run(3, u32::MAX, &mut log);
    for line in log {
        println!("{line}");
    }
    println!(
        "{} events shown to {PERSON}; {} AI searches; {} frames, {} of them while the AI thought",
        outcome.shown, outcome.searches, outcome.frames, outcome.waited
    );
}
