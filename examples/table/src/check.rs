//! Scripted runs: the action log, the end of an autoplayed run (the window's game checked
//! against a headless replay, a screenshot) and the test mode's per-frame check that no card
//! the person may not see is shown face up.

use alea_games::games::sgs::{Sgs, SgsAction};
use alea::kernel::{Inbox, PipelineSystems, SimBuilder, Zone};
use alea::pipeline::Resolution;
use alea::snapshot::world_checksum;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::view::CardFace;
use crate::{Options, Seating, TableSystems};

/// The scripted-run checks.
pub struct CheckPlugin;

impl Plugin for CheckPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ActionLog>()
            .init_resource::<Ending>()
            .add_systems(
                Update,
                log_action
                    .after(TableSystems::Decide)
                    .before(PipelineSystems::Accept),
            )
            .add_systems(Update, forget_refused.after(PipelineSystems::Resolve))
            .add_systems(
                Update,
                (no_hidden_card_face_up, end_of_run).after(TableSystems::Show),
            );
    }
}

/// Every action the rules accepted, in order (what a headless `Sim` replays), and whether the
/// last one was logged this frame.
#[derive(Resource, Default)]
pub struct ActionLog(pub Vec<SgsAction>, bool);

fn log_action(
    inbox: Res<Inbox<Sgs>>,
    resolution: Res<Resolution<Sgs>>,
    seating: Res<Seating>,
    rules: Res<alea::kernel::GameRules<Sgs>>,
    mut log: ResMut<ActionLog>,
) {
    if let Some(action) = inbox.action
        && resolution.decision.choices.contains(&action)
    {
        log.0.push(action);
        log.1 = true;
        if resolution.decision.turn == alea::kernel::Turn::Player(seating.person) {
            println!("you: {}", rules.game.action_name(action));
        }
    }
}

/// Takes back the logged action when the rules refused it or rolled it back.
fn forget_refused(inbox: Res<Inbox<Sgs>>, mut log: ResMut<ActionLog>) {
    if inbox.is_changed() && matches!(inbox.result, Some(Err(_))) && log.1 {
        log.0.pop();
    }
    log.1 = false;
}

/// Where a scripted run is on its way out.
#[derive(Resource, Default)]
pub enum Ending {
    /// Still playing.
    #[default]
    Playing,
    /// Frames left before the screenshot (tweens settle).
    Settling(u32),
    /// Waiting for the screenshot file.
    Saving(std::path::PathBuf),
    /// Exiting.
    Done,
}

/// A run condition: the game goes on (a scripted run stops playing once it is checked).
pub fn playing(ending: Res<Ending>) -> bool {
    matches!(*ending, Ending::Playing)
}

/// A zone whose cards everyone sees.
pub fn public(zone: Zone) -> bool {
    matches!(
        zone,
        Zone::Equipment(_) | Zone::Judge(_) | Zone::DiscardPile | Zone::Table | Zone::Discard(_)
    )
}

/// Test mode (`--check`): every card shown face up or with a label is one the rules say the
/// person knows (`SgsState::knows`, the record the game's own information sets are built
/// from), and it sits in the person's hand or a public zone.
fn no_hidden_card_face_up(
    options: Res<Options>,
    seating: Res<Seating>,
    resolution: Res<Resolution<Sgs>>,
    cards: Query<(&Zone, &alea::kernel::CardId, &CardFace)>,
    labels: Query<&Text2d>,
) {
    if !options.check {
        return;
    }
    for (&zone, id, face) in &cards {
        let labelled = labels
            .get(face.label())
            .is_ok_and(|text| !text.0.is_empty());
        if face.up || labelled {
            let card = id.0 as u8;
            assert!(
                resolution.state.knows(seating.person, card)
                    && (public(zone) || zone == Zone::Hand(seating.person)),
                "card {card} in {zone:?} is shown to {}, who does not know it",
                seating.person
            );
        }
    }
}

/// Ends a scripted run: after `--autoplay` (or `--quit-after`) actions, or the end of the game, checks the
/// window's checksum against a headless replay, saves the screenshot if asked, and exits.
fn end_of_run(world: &mut World) {
    let options = world.resource::<Options>();
    let Some(limit) = options.autoplay.or(options.quit_after) else {
        return;
    };
    let ending = std::mem::take(&mut *world.resource_mut::<Ending>());
    let next = match ending {
        Ending::Playing => {
            let actions = world.resource::<ActionLog>().0.len();
            let over = world.resource::<Resolution<Sgs>>().decision.is_terminal();
            if actions < limit as usize && !over {
                Ending::Playing
            } else {
                verify(world);
                Ending::Settling(20)
            }
        }
        Ending::Settling(0) => match world.resource::<Options>().screenshot.clone() {
            Some(path) => {
                let _ = std::fs::remove_file(&path);
                world
                    .spawn(Screenshot::primary_window())
                    .observe(save_to_disk(path.clone()));
                Ending::Saving(path)
            }
            None => {
                world.write_message(AppExit::Success);
                Ending::Done
            }
        },
        Ending::Settling(n) => Ending::Settling(n - 1),
        Ending::Saving(path) => {
            if std::fs::metadata(&path).is_ok_and(|m| m.len() > 0) {
                check_picture(&path);
                world.write_message(AppExit::Success);
                Ending::Done
            } else {
                Ending::Saving(path)
            }
        }
        Ending::Done => Ending::Done,
    };
    *world.resource_mut::<Ending>() = next;
}

/// The screenshot is a real rendering: the window's size and more than a handful of colours
/// (exits 1 otherwise).
fn check_picture(path: &std::path::Path) {
    let picture = match image::open(path) {
        Ok(picture) => picture.to_rgb8(),
        Err(error) => {
            eprintln!(
                "error: cannot read the screenshot {}: {error}",
                path.display()
            );
            std::process::exit(1);
        }
    };
    let colours: std::collections::HashSet<[u8; 3]> =
        picture.pixels().step_by(7).map(|pixel| pixel.0).collect();
    let (width, height) = picture.dimensions();
    println!(
        "screenshot {}: {width}x{height}, {} colours (every 7th pixel)",
        path.display(),
        colours.len()
    );
    if width < 640 || height < 400 || colours.len() < 16 {
        eprintln!("error: the screenshot is blank or too small: not a real rendering");
        std::process::exit(1);
    }
}

/// The window's game equals a headless `Sim` that replays the same actions.
fn verify(world: &mut World) {
    let actions = world.resource::<ActionLog>().0.clone();
    let options = world.resource::<Options>().clone();
    let game = world
        .resource::<alea::kernel::GameRules<Sgs>>()
        .game
        .clone();
    let mut sim = SimBuilder::new(game).seed(options.seed).build();
    for &action in &actions {
        if let Err(error) = sim.apply(action) {
            eprintln!("error: the headless replay refused {action:?}: {error}");
            std::process::exit(1);
        }
    }
    let window = world_checksum::<Sgs>(world);
    let headless = sim.checksum();
    println!(
        "{} actions; window checksum {window:016x}, headless replay {headless:016x}",
        actions.len()
    );
    if window != headless {
        eprintln!("error: the window's game differs from the headless replay");
        std::process::exit(1);
    }
}
