//! A windowed sgs table in Bevy: a person plays against SmartAI seats.
//!
//! The rules run in the app's world through `AleaPlugin<Sgs>`; the screen is redrawn when
//! `Resolved<Sgs>` messages arrive, its log is those messages as the person's seat may see them
//! (`seen_by`), and the table shows only what that seat may see; AI seats
//! think on `AsyncComputeTaskPool` from `Sim::from_world` and never block a frame; sprites,
//! tweens and selection markers are client components on alea's own card entities.

mod ai;
mod check;
mod input;
mod view;

use alea_games::games::sgs::{Mode, PlayerKind, Sgs};
use alea::kernel::{PipelineSystems, Seat, SimBuilder};
use alea::plugin::AleaPlugin;
use bevy::prelude::*;
use clap::Parser;

/// Command-line options.
#[derive(Parser, Debug, Clone, Resource)]
#[command(about = "An sgs table: a person plays against SmartAI seats")]
pub struct Options {
    /// `1v1` or `identity4`.
    #[arg(long, default_value = "1v1")]
    pub mode: String,
    /// Who plays each seat, from seat 0: `human` (the person, once), `smart`, `trust`,
    /// `random`, `ismcts`, `smart-optimistic`. Default: the person at seat 0, SmartAI elsewhere.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// The game seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A bot plays the person's seat; the run ends after this many actions (or at the end of
    /// the game), checks the window's game against a headless replay and exits.
    #[arg(long)]
    pub autoplay: Option<u32>,
    /// End the run after this many actions (without `--autoplay`: the person plays), with the
    /// same checks as an autoplayed run.
    #[arg(long)]
    pub quit_after: Option<u32>,
    /// Save the window to this PNG once the autoplayed run is over, then exit.
    #[arg(long)]
    pub screenshot: Option<std::path::PathBuf>,
    /// Test mode: every frame, check that no face-up card is hidden from the person.
    #[arg(long)]
    pub check: bool,
}

/// The seats: who plays each one, and the person's seat.
#[derive(Resource, Clone)]
pub struct Seating {
    /// `kinds[seat]` (the person's seat holds the autoplay bot's kind).
    pub kinds: Vec<PlayerKind>,
    /// The person's seat.
    pub person: Seat,
    /// The number of seats.
    pub seats: u8,
}

fn main() {
    let options = Options::parse();
    let (game, seating) = match setup(&options) {
        Ok(setup) => setup,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(2);
        }
    };
    let builder = SimBuilder::new(game).seed(options.seed);
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "alea · sgs table".into(),
                resolution: (1280, 800).into(),
                ..default()
            }),
            ..default()
        }))
        // Frames go on while unfocused (AI tasks finish, tweens play, with no input events), at
        // most 60 a second even without vsync (no core spins on frames nobody sees).
        .insert_resource(bevy::winit::WinitSettings::continuous())
        .add_systems(Last, frame_limit)
        .add_plugins(AleaPlugin::new(builder))
        .insert_resource(options)
        .insert_resource(seating)
        .add_plugins((
            view::ViewPlugin,
            input::InputPlugin,
            ai::AiPlugin,
            check::CheckPlugin,
        ))
        .configure_sets(
            Update,
            (
                TableSystems::Decide
                    .before(PipelineSystems::Accept)
                    .run_if(check::playing),
                TableSystems::Show.after(PipelineSystems::Resolve),
            ),
        )
        .run();
}

/// The shortest time between frames (60 a second).
const FRAME: std::time::Duration = std::time::Duration::from_micros(16_667);

/// Sleeps out the rest of the frame's time: no frame sooner than [`FRAME`] after the last.
fn frame_limit(mut last: Local<Option<std::time::Instant>>) {
    if let Some(start) = *last {
        let spent = start.elapsed();
        if spent < FRAME {
            std::thread::sleep(FRAME - spent);
        }
    }
    *last = Some(std::time::Instant::now());
}

/// The client's system sets, around the rules.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableSystems {
    /// Choosing the next action (the person's clicks, AI tasks, autoplay).
    Decide,
    /// Showing what the rules did.
    Show,
}

/// The game and the seats the options ask for.
fn setup(options: &Options) -> Result<(Sgs, Seating), String> {
    let mode: Mode = options.mode.parse().map_err(|e| format!("--mode: {e}"))?;
    let game = Sgs::new(mode);
    let seats = alea::kernel::Game::seats(&game);
    let names: Vec<String> = if options.players.is_empty() {
        std::iter::once("human".to_string())
            .chain((1..seats).map(|_| "smart".to_string()))
            .collect()
    } else {
        options.players.clone()
    };
    if names.len() != usize::from(seats) {
        return Err(format!(
            "--players lists {} players: this {} table has {seats} seats",
            names.len(),
            options.mode
        ));
    }
    let humans: Vec<usize> = (0..names.len()).filter(|&i| names[i] == "human").collect();
    let [person] = humans[..] else {
        return Err("--players must name exactly one `human` seat".into());
    };
    let kinds = names
        .iter()
        .map(|name| match name.as_str() {
            "human" => Ok(PlayerKind::Trust),
            other => other.parse().map_err(|e| format!("--players: {e}")),
        })
        .collect::<Result<Vec<PlayerKind>, String>>()?;
    Ok((
        game,
        Seating {
            kinds,
            person: Seat(person as u8),
            seats,
        },
    ))
}
