//! `alea play`: one game with random players, as a readable log or one JSON object.

use serde::Serialize;

use super::{CliError, GameName, PlayArgs, json_line, profile};
use crate::chance::sub_seed;
use crate::games::duel::players::{Player, PlayerKind};
use crate::games::duel::{self, DuelAction, DuelEvent};
use crate::games::mahjong::riichi::{
    Kyoku, Match, PlayerKind as MahjongPlayer, Riichi, RiichiAction, RiichiEvent, Tally, choose,
};
use crate::games::pig::{self, PigAction, PigEvent};
use crate::kernel::playout::{random_action, random_player_rng};
use crate::kernel::{Seat, Sim, SimBuilder, Turn};
use crate::mount::Mount;
use crate::pipeline::LoggedEvent;
use crate::tiles::format_tiles;

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
    let _profile = args.profile.as_deref().map(profile::start).transpose()?;
    match args.game {
        GameName::Pig => play_pig(args, out),
        GameName::Duel => play_duel(args, out),
        GameName::Mahjong => play_mahjong(args, out),
    }
}

/// One mahjong action of the log and the events it resolved.
#[derive(Serialize)]
struct MahjongMove {
    seat: Seat,
    action: RiichiAction,
    events: Vec<LoggedEvent<RiichiEvent>>,
}

/// A whole mahjong match, for `--json`.
#[derive(Serialize)]
struct MahjongLog {
    game: &'static str,
    rules: String,
    seed: u64,
    players: [MahjongPlayer; 4],
    moves: Vec<MahjongMove>,
    scores: [i32; 4],
    tally: Tally,
    checksum: String,
}

/// The concealed tiles and melds of every seat, one line each.
fn hands_text(sim: &Sim<Riichi>) -> Vec<String> {
    let kyoku = sim.world().resource::<Kyoku>();
    (0..4u8)
        .map(|s| {
            let seat = Seat(s);
            let tiles: Vec<_> = kyoku.hands[seat.index()].tiles().collect();
            let mut line = format!("{seat} {}", format_tiles(&tiles));
            for meld in kyoku.melds_of(seat) {
                let tiles: Vec<_> = meld.tiles().tiles().collect();
                line.push_str(&format!(" [{} {}]", meld.meld.kind(), format_tiles(&tiles)));
            }
            line
        })
        .collect()
}

fn play_mahjong(args: &PlayArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let (game, players) = args.mahjong.game(&args.pig.players)?;
    let mut sim = SimBuilder::new(game.clone())
        .seed(args.seed)
        .run_mode(profile::run_mode(args.profile.as_deref()))
        .build();
    let mut rng = random_player_rng(args.seed);
    sim.record_events(true);
    let mut moves = Vec::new();
    let mut text = Vec::new();
    let indicators =
        |sim: &Sim<Riichi>| format_tiles(sim.world().resource::<Mount>().dora_indicators());
    text.push(format!(
        "{}",
        RiichiEvent::Deal {
            wind: 0,
            number: 0,
            honba: 0,
            sticks: 0
        }
    ));
    text.push(format!(
        "  dora indicator {}; hands (the dealer has drawn):",
        indicators(&sim)
    ));
    text.extend(hands_text(&sim).into_iter().map(|l| format!("    {l}")));
    while let Some(action) = choose(&mut sim, &players, &mut rng) {
        let Turn::Player(seat) = sim.turn() else {
            break;
        };
        sim.apply(action)?;
        let events = sim.take_events();
        for e in &events {
            match &e.event {
                RiichiEvent::Answer { .. } => {}
                RiichiEvent::Deal { .. } => {
                    text.push(e.event.to_string());
                    text.push(format!(
                        "  dora indicator {}; hands (the dealer has drawn):",
                        indicators(&sim)
                    ));
                    text.extend(hands_text(&sim).into_iter().map(|l| format!("    {l}")));
                }
                RiichiEvent::HandEnd { .. } => {
                    text.push(format!("  {}", e.event));
                    let scores = sim.world().resource::<Match>().scores;
                    let scores: Vec<String> = scores.iter().map(i32::to_string).collect();
                    text.push(format!("  scores {}", scores.join(" ")));
                }
                _ => text.push(format!("  {}", e.event)),
            }
        }
        moves.push(MahjongMove {
            seat,
            action,
            events,
        });
    }
    let table = *sim.world().resource::<Match>();
    let log = MahjongLog {
        game: "mahjong",
        rules: args.mahjong.rules.clone(),
        seed: args.seed,
        players,
        moves,
        scores: table.scores,
        tally: table.tally,
        checksum: format!("{:016x}", sim.checksum()),
    };
    if args.json {
        return json_line(out, &log);
    }
    let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    writeln!(
        out,
        "Riichi mahjong ({}, {:?}), seed {}, players {}",
        args.mahjong.rules,
        game.config.length,
        args.seed,
        names.join(",")
    )?;
    for line in &text {
        writeln!(out, "{line}")?;
    }
    let scores: Vec<String> = log.scores.iter().map(i32::to_string).collect();
    writeln!(
        out,
        "{} hands, {} actions; final scores {}; checksum {}",
        log.tally.hands,
        log.moves.len(),
        scores.join(" "),
        log.checksum
    )?;
    Ok(())
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
    let mut sim = SimBuilder::new(game.clone())
        .seed(args.seed)
        .run_mode(profile::run_mode(args.profile.as_deref()))
        .build();
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
    let mut sim = SimBuilder::new(game.clone())
        .seed(args.seed)
        .run_mode(profile::run_mode(args.profile.as_deref()))
        .build();
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
