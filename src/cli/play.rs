//! `alea play`: one game with random players, as a readable log or one JSON object.

use serde::Serialize;

use super::{CliError, GameName, PlayArgs};
use crate::games::pig::{self, PigAction, PigEvent};
use crate::kernel::playout::{random_action, random_player_rng};
use crate::kernel::{Seat, SimBuilder, Turn};
use crate::pipeline::LoggedEvent;

/// One action of the log and the events it resolved.
#[derive(Serialize)]
struct Move {
    seat: Seat,
    action: PigAction,
    events: Vec<LoggedEvent<PigEvent>>,
}

/// The whole game, for `--json`.
#[derive(Serialize)]
struct GameLog {
    game: &'static str,
    seed: u64,
    moves: Vec<Move>,
    scores: Vec<u32>,
    returns: Vec<f64>,
    checksum: String,
}

pub(super) fn run(args: &PlayArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    match args.game {
        GameName::Pig => play_pig(args, out),
    }
}

fn play_pig(args: &PlayArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let game = args.pig.game();
    let mut sim = SimBuilder::new(game.clone()).seed(args.seed).build();
    let mut rng = random_player_rng(args.seed);
    sim.record_events(true);
    let mut moves = Vec::new();
    while let Some(action) = random_action(&sim, &mut rng) {
        let Turn::Player(seat) = sim.turn() else {
            break;
        };
        sim.apply(action)?;
        moves.push(Move {
            seat,
            action,
            events: sim.take_events(),
        });
    }
    let scores: Vec<u32> = (0..game.players)
        .map(|s| pig::banked(sim.rules(), sim.world(), Seat(s)))
        .collect();
    let log = GameLog {
        game: "pig",
        seed: args.seed,
        moves,
        returns: sim.returns(),
        scores,
        checksum: format!("{:016x}", sim.checksum()),
    };
    if args.json {
        serde_json::to_writer(&mut *out, &log)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "Pig: {} players, first to {}, seed {}",
        game.players, game.win_score, args.seed
    )?;
    for (i, m) in log.moves.iter().enumerate() {
        let action = match m.action {
            PigAction::Roll => "roll",
            PigAction::Stop => "stop",
        };
        writeln!(out, "{:>4}. {} {action}", i + 1, m.seat)?;
        for e in &m.events {
            writeln!(
                out,
                "      {:indent$}{}",
                "",
                e.event,
                indent = 2 * usize::from(e.depth - 1)
            )?;
        }
    }
    let scores: Vec<String> = log.scores.iter().map(u32::to_string).collect();
    let outcome = match log.returns.iter().position(|&r| r == 1.0) {
        Some(winner) => format!("{} wins", Seat(winner as u8)),
        None => "no winner (horizon reached)".to_string(),
    };
    writeln!(
        out,
        "{outcome} after {} moves; scores {}; checksum {}",
        log.moves.len(),
        scores.join(" "),
        log.checksum
    )?;
    Ok(())
}
