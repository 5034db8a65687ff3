//! Pig inside a Bevy `App` plays exactly the game the headless `Sim` plays.

use alea::games::pig::Pig;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Inbox, PipelineSystems, SimBuilder, Turn};
use alea::pipeline::Resolution;
use alea::plugin::{AleaPlugin, PlayerRng, random_player};
use bevy_app::{App, Update};
use bevy_ecs::prelude::*;

/// How many frames a `resource_changed::<Resolution<Pig>>` system ran.
#[derive(Resource, Default)]
struct ChangedFrames(u32);

fn count_changes(mut frames: ResMut<ChangedFrames>) {
    frames.0 += 1;
}

#[test]
fn an_app_plays_the_same_game_as_the_sim() {
    let builder = SimBuilder::new(Pig::default()).seed(21);
    let mut app = App::new();
    app.add_plugins(AleaPlugin::new(builder.clone()))
        .insert_resource(PlayerRng(random_player_rng(21)))
        .init_resource::<ChangedFrames>()
        .add_systems(Update, random_player::<Pig>.before(PipelineSystems::Accept))
        .add_systems(
            Update,
            count_changes
                .run_if(resource_changed::<Resolution<Pig>>)
                .after(PipelineSystems::Resolve),
        );
    let mut frames = 0;
    while app.world().resource::<Resolution<Pig>>().decision.turn != Turn::Terminal {
        app.update();
        assert_eq!(app.world().resource::<Inbox<Pig>>().result, Some(Ok(())));
        frames += 1;
        assert!(frames < 10_000);
    }
    let mut sim = builder.build();
    let moves = random_playout(&mut sim, &mut random_player_rng(21)).unwrap();
    assert_eq!(frames, moves);
    // Bevy systems see the Resolution change on every move.
    assert_eq!(app.world().resource::<ChangedFrames>().0, frames);
    assert_eq!(
        app.world().resource::<Resolution<Pig>>().state,
        *sim.state()
    );
}
