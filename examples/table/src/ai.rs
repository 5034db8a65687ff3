//! AI seats: each decision runs on `AsyncComputeTaskPool`, on a search `Sim` copied from the
//! app's world (`Sim::from_world`); the answer goes into the `Inbox` when the task is done.

use alea_games::games::sgs::{Players, Sgs, SgsAction};
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Inbox, Sim, Turn};
use alea::pipeline::Resolution;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::{Options, Seating, TableSystems};

/// Runs AI seats (and the person's seat under `--autoplay`).
pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Thinking>()
            .add_systems(Update, think.in_set(TableSystems::Decide));
    }
}

/// An AI seat's search: its choice (`None`: nothing to choose), or why it failed.
type Search = Task<Result<Option<SgsAction>, String>>;

/// The search in flight, if any, and how many decisions the AI made.
#[derive(Resource, Default)]
pub struct Thinking {
    /// The search in flight, and the number of actions taken when it started.
    task: Option<(Search, usize)>,
    /// Decisions taken so far by bots.
    pub decisions: u64,
    /// Frames drawn while a search was running.
    pub frames_waited: u64,
}

/// True when a bot plays the seat to move.
fn bot_to_move(world: &World) -> bool {
    let seating = world.resource::<Seating>();
    let autoplay = world.resource::<Options>().autoplay.is_some();
    match world.resource::<Resolution<Sgs>>().decision.turn {
        Turn::Player(seat) => seat != seating.person || autoplay,
        Turn::Terminal => false,
    }
}

fn think(world: &mut World) {
    world.resource_scope(|world, mut thinking: Mut<Thinking>| think_with(world, &mut thinking));
}

fn think_with(world: &mut World, thinking: &mut Thinking) {
    let taken = world.resource::<crate::check::ActionLog>().0.len();
    if let Some((task, started)) = thinking.task.as_mut() {
        match check_ready(task) {
            Some(answer) => {
                let fresh = *started == taken;
                thinking.task = None;
                thinking.decisions += 1;
                match answer {
                    // An answer to a decision that is no longer pending is dropped.
                    Ok(action) if fresh => world.resource_mut::<Inbox<Sgs>>().action = action,
                    Ok(_) => {}
                    Err(error) => error!("an AI seat could not choose: {error}"),
                }
            }
            None => thinking.frames_waited += 1,
        }
    } else if bot_to_move(world) && world.resource::<Inbox<Sgs>>().action.is_none() {
        let kinds = world.resource::<Seating>().kinds.clone();
        let seed = world.resource::<Options>().seed ^ (thinking.decisions << 20);
        match Sim::<Sgs>::from_world(world) {
            Ok(mut sim) => {
                let task = AsyncComputeTaskPool::get().spawn(async move {
                    let mut players = Players::new(&kinds);
                    let mut rng = random_player_rng(seed);
                    players
                        .choose(&mut sim, &mut rng)
                        .map_err(|e| e.to_string())
                });
                thinking.task = Some((task, taken));
            }
            Err(error) => error!("an AI seat cannot think: {error}"),
        }
    }
}
