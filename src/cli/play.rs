//! `alea play`: one game with random players, as a readable log or one JSON object.

use serde::Serialize;

use super::{CliError, GameName, PlayArgs, Table, json_line, profile};
use alea::chance::sub_seed;
use alea::kernel::playout::{random_action, random_player_rng};
use alea::kernel::{Seat, SimBuilder, Turn};
use alea::pipeline::LoggedEvent;
use alea_games::games::duel::players::{Player, PlayerKind};
use alea_games::games::duel::{self, DuelAction, DuelEvent};
use alea_games::games::mahjong::riichi::PlayerKind as MahjongPlayer;
use alea_games::games::mahjong::{LogKind, MatchTally, Ruleset};
use alea_games::games::pig::{PigAction, PigEvent};

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
    args.mahjong.only_for(args.game)?;
    super::only_sgs(args.game, &args.sgs)?;
    super::only_where_they_apply(args.game, (&args.pig, &args.duel), &args.options, false)?;
    let sampling = profile::Sampling {
        games: u64::MAX,
        thinking: args.profile_thinking,
    };
    let _profile = profile::start_if(args.profile.as_deref(), sampling, args.profile_thinking)?;
    match args.game {
        GameName::Pig => play_pig(args, out),
        GameName::Duel => play_duel(args, out),
        GameName::Mahjong => play_mahjong(args, out),
        GameName::Sgs => super::sgs::play(args, out),
        GameName::Registered(name) => {
            super::registered::play(name, &args.options, (args.seed, args.json), out)
        }
    }
}

/// One mahjong action of the log and the events it resolved.
#[derive(Serialize)]
struct MahjongMove<A, E: alea::kernel::GameEvent> {
    seat: Seat,
    action: A,
    events: Vec<LoggedEvent<E>>,
}

/// A whole mahjong match, for `--json`.
#[derive(Serialize)]
struct MahjongLog<A, E: alea::kernel::GameEvent> {
    game: &'static str,
    rules: String,
    seed: u64,
    players: [MahjongPlayer; 4],
    abilities: Vec<String>,
    /// The first hand's deal (dealt when the match starts, before any move).
    deal: E,
    moves: Vec<MahjongMove<A, E>>,
    scores: [i32; 4],
    tally: MatchTally,
    checksum: String,
}

fn play_mahjong(args: &PlayArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let players = args
        .mahjong
        .players(&args.pig.players, [MahjongPlayer::Greedy; 4])?;
    match args.mahjong.table()? {
        Table::Riichi(game) => play_table(game, players, args, out),
        Table::Sichuan(game) => play_table(game, players, args, out),
    }
}

/// Plays one match of `game` and prints its log: each hand's deal, every event but the claim
/// answers, the scores after each hand, the final scores and checksum.
fn play_table<R: Ruleset>(
    game: R,
    players: [MahjongPlayer; 4],
    args: &PlayArgs,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    let mut sim = SimBuilder::new(game.clone())
        .seed(args.seed)
        .run_mode(profile::run_mode(args.profile.as_deref()))
        .build();
    let mut rng = random_player_rng(args.seed);
    sim.record_events(true);
    let mut moves = Vec::new();
    let first_deal = R::deal_event(&sim);
    let mut text = vec![first_deal.to_string()];
    text.extend(R::deal_lines(&sim).into_iter().map(|l| format!("  {l}")));
    while let Some(action) = profile::think(profile::Mover(sim.turn(), &players), || {
        R::choose(&mut sim, &players, &mut rng)
    }) {
        let Turn::Player(seat) = sim.turn() else {
            break;
        };
        sim.apply(action)?;
        let events = sim.take_events();
        for e in &events {
            match R::log_kind(&e.event) {
                LogKind::Hidden => {}
                LogKind::Deal => {
                    text.push(e.event.to_string());
                    text.extend(R::deal_lines(&sim).into_iter().map(|l| format!("  {l}")));
                }
                LogKind::HandEnd => {
                    text.push(format!("  {}", e.event));
                    let scores: Vec<String> =
                        R::scores(sim.world()).iter().map(i32::to_string).collect();
                    text.push(format!("  scores {}", scores.join(" ")));
                }
                LogKind::Line => text.push(format!("  {}", e.event)),
            }
        }
        moves.push(MahjongMove {
            seat,
            action,
            events,
        });
    }
    let log = MahjongLog {
        game: "mahjong",
        rules: args.mahjong.preset().to_string(),
        seed: args.seed,
        players,
        abilities: game.abilities().iter().map(ToString::to_string).collect(),
        deal: first_deal,
        moves,
        scores: R::scores(sim.world()),
        tally: R::tally(sim.world()),
        checksum: format!("{:016x}", sim.checksum()),
    };
    if args.json {
        return json_line(out, &log);
    }
    let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    write!(
        out,
        "{} mahjong ({}, {}), seed {}, players {}",
        if R::RECORD == "sichuan" {
            "Sichuan"
        } else {
            "Riichi"
        },
        args.mahjong.preset(),
        game.describe(),
        args.seed,
        names.join(",")
    )?;
    if !log.abilities.is_empty() {
        write!(out, ", abilities {}", log.abilities.join(","))?;
    }
    writeln!(out)?;
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
        let st = duel::view(sim.world());
        if st.state.round != round && !args.json {
            round = st.state.round;
            writeln!(out, "Round {round}: {}", game.status(&st))?;
        }
        // The players' look-ahead applies actions too: keep them out of the log.
        let player = &mut players[seat.index()];
        let action = profile::think(seat, || sim.unrecorded(|sim| player.choose(sim)))?;
        let text = game.describe_action(&st, seat, action);
        sim.apply(action)?;
        let after = duel::view(sim.world());
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
            round: st.state.round,
            seat,
            action,
            text,
            events,
        });
    }
    let st = duel::view(sim.world());
    let log = DuelLog {
        game: "duel",
        seed: args.seed,
        players: kinds.to_vec(),
        winner: st.state.winner,
        rounds: st.state.round,
        checksum: format!("{:016x}", sim.checksum()),
        moves,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &log)?;
        writeln!(out)?;
        return Ok(());
    }
    let outcome = match st.state.winner {
        Some(w) => format!("{w} wins"),
        None => "draw (round limit)".to_string(),
    };
    writeln!(
        out,
        "{outcome} in round {} after {} actions: {}; checksum {}",
        st.state.round,
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
        .map(|s| sim.state().banked[usize::from(s)])
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
