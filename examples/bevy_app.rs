//! Pig inside a Bevy `App`: a random player system feeds the `Inbox` before the rules stages.
//!
//! Run with `cargo run --release --example bevy_app`.

use alea::kernel::playout::random_player_rng;
use alea::kernel::{PipelineSystems, Seat, SimBuilder};
use alea::pipeline::Resolution;
use alea::plugin::{AleaPlugin, RandomPlayer, outcome, random_player};
use alea_games::games::pig::Pig;
use bevy_app::{App, Update};
use bevy_ecs::prelude::*;

fn main() {
    let mut app = App::new();
    app.add_plugins(AleaPlugin::new(SimBuilder::new(Pig::default()).seed(7)))
        .insert_resource(RandomPlayer::new([Seat(0), Seat(1)], random_player_rng(7)))
        .add_systems(Update, random_player::<Pig>.before(PipelineSystems::Accept));
    let mut frames = 0;
    let returns = loop {
        if let Some(returns) = outcome::<Pig>(app.world()) {
            break returns;
        }
        app.update();
        frames += 1;
    };
    let turn = app.world().resource::<Resolution<Pig>>().state;
    println!(
        "{} won after {} moves ({} frames); returns {returns:?}",
        turn.winner.map_or("nobody".into(), |s| s.to_string()),
        turn.moves,
        frames
    );
}
