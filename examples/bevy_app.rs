//! Pig inside a Bevy `App`: a random player system feeds the `Inbox` before the rules stages.
//!
//! Run with `cargo run --release --example bevy_app`.

use alea::games::pig::{Pig, PigTurn};
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Inbox, PipelineSystems, SimBuilder, Turn};
use alea::pipeline::Resolution;
use alea::plugin::AleaPlugin;
use bevy_app::{App, Update};
use bevy_ecs::prelude::*;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The random player's generator.
#[derive(Resource)]
struct PlayerRng(ChaCha8Rng);

/// Picks a random legal action for whoever must decide.
fn random_player(
    resolution: Res<Resolution<Pig>>,
    mut inbox: ResMut<Inbox<Pig>>,
    mut rng: ResMut<PlayerRng>,
) {
    let choices = &resolution.decision.choices;
    if !choices.is_empty() {
        inbox.action = Some(choices[rng.0.random_range(0..choices.len())]);
    }
}

fn main() {
    let mut app = App::new();
    app.add_plugins(AleaPlugin::new(SimBuilder::new(Pig::default()).seed(7)))
        .insert_resource(PlayerRng(random_player_rng(7)))
        .add_systems(Update, random_player.before(PipelineSystems::Accept));
    let mut frames = 0;
    while app.world().resource::<Resolution<Pig>>().decision.turn != Turn::Terminal {
        app.update();
        frames += 1;
    }
    let turn = app.world().resource::<PigTurn>();
    println!(
        "{} won after {} moves ({} frames)",
        turn.winner.map_or("nobody".into(), |s| s.to_string()),
        turn.moves,
        frames
    );
}
