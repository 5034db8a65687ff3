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
//! seat [`Resolved::seen_by`] that seat.

mod resolved;

pub use resolved::{Resolved, report_resolved};

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
        let registry = self.builder.build_into(app.world_mut());
        if self.builder.rollback == Rollback::PerAction {
            app.insert_resource(Undo {
                registry,
                snapshot: None,
            });
        }
        // The resolved events are recorded for the messages.
        app.world_mut()
            .resource_mut::<Resolution<G>>()
            .watch
            .record_events = true;
        app.init_resource::<Inbox<G>>();
        app.add_message::<Resolved<G>>();
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

/// The generator of [`random_player`].
#[derive(bevy_ecs::prelude::Resource)]
pub struct PlayerRng(pub rand_chacha::ChaCha8Rng);

/// A system that puts a uniformly random legal action into the [`Inbox`] (demos and tests):
/// add it before [`PipelineSystems::Accept`] with a
/// [`PlayerRng`] resource.
pub fn random_player<G: Game>(
    resolution: bevy_ecs::prelude::Res<crate::pipeline::Resolution<G>>,
    mut inbox: bevy_ecs::prelude::ResMut<Inbox<G>>,
    mut rng: bevy_ecs::prelude::ResMut<PlayerRng>,
) {
    use rand::RngExt;
    let choices = &resolution.decision.choices;
    if !choices.is_empty() {
        inbox.action = Some(choices[rng.0.random_range(0..choices.len())]);
    }
}
