//! Embedding in a Bevy [`App`] (cargo feature `bevy`, on by default).
//!
//! [`AleaPlugin`] builds the game into the app's world and adds the rules stages, as systems
//! chained in their [`PipelineSystems`] sets, to a schedule of your choice (default `Update`).
//! Put the chosen action into the [`Inbox`] before [`PipelineSystems::Accept`]; read the result
//! and the next decision (the [`Resolution`] resource) after [`PipelineSystems::Resolve`].
//! The `Resolution` also holds the [`Table`](crate::kernel::Table) (`.table`) and the game's own
//! [`State`](crate::kernel::Game::State) (`.state`); it is marked changed once per accepted
//! action, so `resource_changed::<Resolution<G>>` systems run once per move.
//!
//! After each accepted action the plugin writes one [`Resolved`] message per resolved event,
//! in resolution order: read them with a `MessageReader<Resolved<G>>` in a system ordered
//! after [`PipelineSystems::Resolve`], and show each
//! seat [`Resolved::seen_by`] that seat. The events the setup resolved (the deal, the opening
//! rolls) are written when the plugin is built, with no acting seat: the first frame's
//! readers see them first. [`outcome`] tells whether the game is over and its returns;
//! [`random_player`] plays the seats of a [`RandomPlayer`].

mod resolved;

pub use resolved::{Resolved, report_resolved};

use crate::kernel::{GameRules, Seat, Turn};

use bevy_app::{App, Plugin, Update};
use bevy_ecs::intern::Interned;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::ScheduleLabel;

use crate::kernel::step::{add_stages, resolve_system};
use crate::kernel::{Game, Inbox, PipelineSystems, Rollback, SimBuilder, Undo};
use crate::pipeline::Resolution;

/// Installs a game and its rules stages into an [`App`].
pub struct AleaPlugin<G: Game> {
    builder: SimBuilder<G>,
    schedule: Interned<dyn ScheduleLabel>,
}

impl<G: Game> AleaPlugin<G> {
    /// The game of `builder`, its stages in `Update`.
    pub fn new(builder: SimBuilder<G>) -> Self {
        AleaPlugin {
            builder,
            schedule: Update.intern(),
        }
    }

    /// Runs the stages in `schedule` instead of `Update`.
    pub fn in_schedule(mut self, schedule: impl ScheduleLabel) -> Self {
        self.schedule = schedule.intern();
        self
    }
}

impl<G: Game> Plugin for AleaPlugin<G> {
    fn build(&self, app: &mut App) {
        app.add_message::<Resolved<G>>();
        // The resolved events are recorded for the messages, the setup's too.
        let (_, registry) = self
            .builder
            .build_rules_into(app.world_mut(), true)
            .unwrap_or_else(|e| panic!("the {} setup fails: {e}", self.builder.game().name()));
        if self.builder.rollback == Rollback::PerAction {
            app.insert_resource(Undo {
                registry,
                snapshot: None,
            });
        }
        resolved::write_resolved::<G>(app.world_mut(), None);
        app.init_resource::<Inbox<G>>();
        app.edit_schedule(self.schedule, |schedule| {
            add_stages::<G>(schedule);
            schedule.add_systems(
                report_resolved::<G>
                    .in_set(PipelineSystems::Resolve)
                    .after(resolve_system::<G>),
            );
        });
    }
}

/// Whether the game in `world` (an App's world built by [`AleaPlugin`], or a `Sim`'s) is over,
/// and then each seat's return: `None` while it goes on.
///
/// # Panics
/// If `world` holds no `G` game.
pub fn outcome<G: Game>(world: &World) -> Option<Vec<f64>> {
    let resolution = world.resource::<Resolution<G>>();
    if !resolution.decision.is_terminal() {
        return None;
    }
    let rules = &world.resource::<GameRules<G>>().0;
    let mut returns = Vec::new();
    G::returns(
        rules,
        world,
        &resolution.table,
        &resolution.state,
        &mut returns,
    );
    Some(returns)
}

/// Who [`random_player`] plays for, and its random stream.
#[derive(Resource)]
pub struct RandomPlayer {
    /// The seats it answers for; the others are left to other systems (a person, an AI).
    pub seats: Vec<Seat>,
    /// Its generator (seed it with [`random_player_rng`](crate::kernel::playout::random_player_rng)).
    pub rng: rand_chacha::ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player for `seats`, drawing from `rng`.
    pub fn new(seats: impl IntoIterator<Item = Seat>, rng: rand_chacha::ChaCha8Rng) -> Self {
        RandomPlayer {
            seats: seats.into_iter().collect(),
            rng,
        }
    }
}

#[allow(deprecated)]
pub use every_seat::PlayerRng;

#[allow(deprecated)]
mod every_seat {
    /// The generator of [`random_player`](super::random_player) when it played every seat.
    #[deprecated(note = "insert a `RandomPlayer` naming the seats it plays")]
    #[derive(bevy_ecs::prelude::Resource)]
    pub struct PlayerRng(pub rand_chacha::ChaCha8Rng);
}

/// A system that puts a uniformly random legal action into the [`Inbox`] when a seat of the
/// [`RandomPlayer`] resource is to choose and nothing else has answered (demos, tests, the
/// other seats of a person's game): add it before [`PipelineSystems::Accept`]. Without a
/// `RandomPlayer`, the deprecated [`PlayerRng`] makes it answer for every seat, as it used to.
#[allow(deprecated)]
pub fn random_player<G: Game>(
    resolution: Res<Resolution<G>>,
    mut inbox: ResMut<Inbox<G>>,
    player: Option<ResMut<RandomPlayer>>,
    every_seat: Option<ResMut<PlayerRng>>,
) {
    use rand::RngExt;
    let Turn::Player(seat) = resolution.decision.turn else {
        return;
    };
    let rng = match (player, every_seat) {
        (Some(player), _) if player.seats.contains(&seat) => &mut player.into_inner().rng,
        (None, Some(every_seat)) => &mut every_seat.into_inner().0,
        _ => return,
    };
    let choices = &resolution.decision.choices;
    if inbox.action.is_none() && !choices.is_empty() {
        inbox.action = Some(choices[rng.random_range(0..choices.len())]);
    }
}
