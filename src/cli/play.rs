//! `alea play`: one game with random players, as a readable log or one JSON object.

use serde::Serialize;

use super::{CliError, GameName, PlayArgs};
use crate::chance::sub_seed;
use crate::games::duel::players::{Player, PlayerKind};
use crate::games::duel::{self, DuelAction, DuelEvent};
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
        GameName::Duel => play_duel(args, out),
    }
}

/// One duel action of the `--json` log.
#[derive(Serialize)]
struct DuelMove {
    round: u32,
    seat: Seat,
    action: DuelAction,
    text: String,
    events: Vec<LoggedEvent<DuelEvent>>,
}

/// A whole duel, for `--json`.
#[derive(Serialize)]
struct DuelLog {
    game: &'static str,
    seed: u64,
    players: Vec<PlayerKind>,
    moves: Vec<DuelMove>,
    winner: Option<Seat>,
    rounds: u32,
    checksum: String,
}

fn play_duel(args: &PlayArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let game = args.duel.game()?;
    let kinds = args.pig.duel_players()?;
    let mut sim = SimBuilder::new(game.clone()).seed(args.seed).build();
    let mut players = [0u64, 1].map(|i| Player::new(kinds[i as usize], sub_seed(args.seed, i)));
    sim.record_events(true);
    let mut moves = Vec::new();
    let mut round = 0;
    if !args.json {
        writeln!(
            out,
            "Duel: seed {}, P0 {:?} vs P1 {:?}",
            args.seed, kinds[0], kinds[1]
        )?;
    }
    while let Turn::Player(seat) = sim.turn() {
        let st = *duel::state(sim.world());
        if st.round != round && !args.json {
            round = st.round;
            writeln!(out, "Round {round}: {}", game.status(&st))?;
        }
        // The players' look-ahead applies actions too: keep them out of the log.
        let player = &mut players[seat.index()];
        let action = sim.unrecorded(|sim| player.choose(sim))?;
        let text = game.describe_action(&st, seat, action);
        sim.apply(action)?;
        let after = *duel::state(sim.world());
        let events = sim.take_events();
        if !args.json {
            writeln!(out, "  {seat} {text}")?;
            for e in events.iter().skip(1) {
                if matches!(
                    e.event,
                    DuelEvent::RoundStarted { .. } | DuelEvent::EndPhase
                ) {
                    continue;
                }
                writeln!(
                    out,
                    "    {:indent$}{}",
                    "",
                    game.describe(&after, &e.event),
                    indent = 2 * usize::from(e.depth.saturating_sub(2))
                )?;
            }
        }
        moves.push(DuelMove {
            round: st.round,
            seat,
            action,
            text,
            events,
        });
    }
    let st = *duel::state(sim.world());
    let log = DuelLog {
        game: "duel",
        seed: args.seed,
        players: kinds.to_vec(),
        winner: st.winner,
        rounds: st.round,
        checksum: format!("{:016x}", sim.checksum()),
        moves,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &log)?;
        writeln!(out)?;
        return Ok(());
    }
    let outcome = match st.winner {
        Some(w) => format!("{w} wins"),
        None => "draw (round limit)".to_string(),
    };
    writeln!(
        out,
        "{outcome} in round {} after {} actions: {}; checksum {}",
        st.round,
        log.moves.len(),
        game.status(&st),
        log.checksum
    )?;
    Ok(())
}

fn play_pig(args: &PlayArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let game = args.pig.game()?;
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
