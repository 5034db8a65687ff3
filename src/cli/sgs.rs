//! `alea play sgs` and `alea simulate sgs`: the game from `--mode` or `--position`, the
//! players from `--players`, a readable log or a summary (wins per seat and per role).

use std::time::Instant;

use serde::Serialize;

use super::replay::{self, RecordWriter};
use super::run::{OutFile, Played, Sink, collect, play_out};
use super::stream::{Batch, Streamed, stream_games};
use super::totals::{Timing, Totals};
use super::{CliError, PlayArgs, Players, SimulateArgs, json_line, profile};
use alea::chance::sub_seed;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, Seat, Sim, SimBuilder, Turn};
use alea::pipeline::LoggedEvent;
use alea_games::games::sgs::{
    Faction, Mode, Outcome, PlayerKind, Players as Seating, Position, Restarter, Role, Sgs,
    SgsAction, SgsEvent, SgsResult, SgsSummary, winners,
};

/// sgs's options shared by `play` and `simulate`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SgsArgs {
    /// sgs: the table, 1v1 (lord vs rebel) or identity4 (lord, loyalist, rebel, renegade);
    /// default 1v1, or the position's.
    #[arg(long)]
    pub mode: Option<Mode>,
    /// sgs: start from this position file (JSON: seats with role, hp, max_hp,
    /// hand, equip; current seat and phase; optional pile top and discard pile).
    #[arg(long, value_name = "FILE")]
    pub position: Option<std::path::PathBuf>,
    /// sgs: a game still running after this many rounds is a draw (default 100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(alea_games::games::sgs::MAX_ROUNDS_LIMIT)))]
    pub max_rounds: Option<u32>,
}

impl SgsArgs {
    /// True when an sgs option was given.
    pub fn used(&self) -> bool {
        self.mode.is_some() || self.position.is_some() || self.max_rounds.is_some()
    }

    /// The game (built by the registry's sgs entry): `--position` (its mode; `--mode` must
    /// agree), else `--mode`; `--max-rounds`.
    pub fn game(&self) -> Result<Sgs, CliError> {
        alea_games::games::sgs::from_options(&self.options()?).map_err(super::option_error)
    }

    /// The sgs entry's options with `--mode`, `--position` and `--max-rounds`.
    pub fn options(&self) -> Result<alea::registry::Options, CliError> {
        use alea::registry::OptionValue::{Int, Text};
        let mut given = Vec::new();
        if let Some(mode) = self.mode {
            given.push(("mode".to_string(), Text(mode.to_string())));
        }
        if let Some(path) = &self.position {
            given.push(("position".to_string(), Text(path.display().to_string())));
        }
        if let Some(rounds) = self.max_rounds {
            given.push(("max_rounds".to_string(), Int(i64::from(rounds))));
        }
        super::checked_options(&alea_games::games::sgs::ENTRY, given)
    }
}

/// Reads and checks the position file of `--position` (the sgs entry's reader): errors name
/// the file and the field.
pub(super) fn load_position(
    path: &std::path::Path,
    deck: &alea_games::games::sgs::Deck,
) -> Result<Position, CliError> {
    alea_games::games::sgs::read_position(&path.display().to_string(), deck)
        .map_err(super::option_error)
}

/// The players by seat from `--players` (`random`, `trust`, `smart`, `smart:K`,
/// `smart-optimistic`, `smart-bayes`, `smart-bayes:K`, `ismcts`, `ismcts:N`, `ismcts-bayes`,
/// `ismcts-bayes:N`; a shorter list repeats its last entry; without a list, all random).
pub fn players(players: &Players, seats: u8) -> Result<Vec<PlayerKind>, CliError> {
    let seats = usize::from(seats);
    let kinds: Vec<PlayerKind> = match players {
        Players::Count(2) => vec![PlayerKind::Random],
        Players::Count(_) => {
            return Err(CliError::BadArgument(
                "sgs's --players names the players by seat, e.g. random,trust".into(),
            ));
        }
        Players::Kinds(names) if names.len() <= seats => names
            .iter()
            .map(|n| {
                n.parse()
                    .map_err(|e: alea_games::games::sgs::players::UnknownPlayer| {
                        CliError::BadArgument(format!("--players: {e}"))
                    })
            })
            .collect::<Result<_, _>>()?,
        Players::Kinds(names) => {
            return Err(CliError::BadArgument(format!(
                "--players: {} players listed, this sgs table has {seats} seats",
                names.len()
            )));
        }
    };
    let last = *kinds.last().unwrap_or(&PlayerKind::Random);
    Ok((0..seats)
        .map(|s| kinds.get(s).copied().unwrap_or(last))
        .collect())
}

/// One resolved event of the `--json` log, with its words.
#[derive(Serialize)]
struct Told {
    #[serde(flatten)]
    logged: LoggedEvent<SgsEvent>,
    text: Option<String>,
}

/// One action of the `--json` log.
#[derive(Serialize)]
struct Move {
    seat: Seat,
    action: SgsAction,
    text: String,
    events: Vec<Told>,
}

/// A whole game, for `--json`.
#[derive(Serialize)]
struct GameLog {
    game: &'static str,
    mode: Mode,
    seed: u64,
    players: Vec<PlayerKind>,
    roles: Vec<Role>,
    moves: Vec<Move>,
    outcome: Outcome,
    winners: Vec<Seat>,
    turns: u32,
    rounds: u32,
    hp: Vec<i8>,
    returns: Vec<f64>,
    checksum: String,
}

/// `alea play sgs`.
pub(super) fn play(args: &PlayArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let game = args.sgs.game()?;
    let players = players(&args.pig.players, game.mode.seats())?;
    let mut sim = SimBuilder::new(game.clone())
        .seed(args.seed)
        .run_mode(profile::run_mode(args.profile.as_deref()))
        .build();
    let names: Vec<String> = players.iter().map(ToString::to_string).collect();
    let mut text = vec![format!(
        "sgs {}, seed {}, players {}",
        game.mode,
        args.seed,
        names.join(",")
    )];
    text.extend(table_lines(&sim));
    text.push(first_turn_line(&sim));
    let moves = play_moves(&mut sim, &players, args.seed, &mut text)?;
    let log = game_log(&mut sim, args.seed, players, moves);
    if args.json {
        return json_line(out, &log);
    }
    for line in &text {
        writeln!(out, "{line}")?;
    }
    let hp: Vec<String> = (0u8..)
        .zip(&log.hp)
        .map(|(s, hp)| format!("{} {hp}", Seat(s)))
        .collect();
    writeln!(
        out,
        "{} after {} turns and {} actions; hp {}; checksum {}",
        outcome_text(log.outcome, &log.winners),
        log.turns,
        log.moves.len(),
        hp.join(", "),
        log.checksum
    )?;
    Ok(())
}

/// The header of the turn the game stands in after setup (which already played up to the
/// first decision): whose turn, and how it got there.
fn first_turn_line(sim: &Sim<Sgs>) -> String {
    let state = sim.state();
    let start = match &sim.rules().game.position {
        Some(p) if p.current == state.current && p.phase == state.phase => {
            format!("from the position's {} phase", p.phase.as_str())
        }
        Some(p) => format!(
            "after the position's {} phase of {}",
            p.phase.as_str(),
            p.current
        ),
        None => "after the deal and its draw phase".into(),
    };
    format!(
        "turn {}: {} ({}), {start}",
        state.turns,
        state.current,
        state.seat(state.current).role
    )
}

/// Plays the game out with `players` (their choices drawn from `seed`'s player stream),
/// logging each action's lines into `text`.
fn play_moves(
    sim: &mut Sim<Sgs>,
    players: &[PlayerKind],
    seed: u64,
    text: &mut Vec<String>,
) -> Result<Vec<Move>, CliError> {
    let game = sim.rules().game.clone();
    let mut rng = random_player_rng(seed);
    let mut seating = Seating::new(players);
    let mut turn = sim.state().turns;
    sim.record_events(true);
    let mut moves = Vec::new();
    while let Some(action) = profile::think(profile::Mover(sim.turn(), players), || {
        sim.unrecorded(|sim| seating.choose(sim, &mut rng))
    })? {
        let Turn::Player(seat) = sim.turn() else {
            break;
        };
        sim.apply(action)?;
        let events = sim.take_events();
        log_move(&game, sim, seat, action, &events, text, &mut turn);
        let events = events
            .into_iter()
            .map(|logged| Told {
                text: game.describe(&logged.event),
                logged,
            })
            .collect();
        moves.push(Move {
            seat,
            action,
            text: game.describe_action(seat, action),
            events,
        });
    }
    Ok(moves)
}

/// The `--json` log of a finished game.
fn game_log(sim: &mut Sim<Sgs>, seed: u64, players: Vec<PlayerKind>, moves: Vec<Move>) -> GameLog {
    let game = &sim.rules().game;
    let (mode, seats) = (game.mode, game.mode.seats());
    let state = *sim.state();
    let seated = &state.seats[..usize::from(seats)];
    GameLog {
        game: "sgs",
        mode,
        seed,
        players,
        roles: seated.iter().map(|s| s.role).collect(),
        moves,
        outcome: state.outcome,
        winners: winners(&state, seats),
        turns: state.turns,
        rounds: state.round,
        hp: seated.iter().map(|s| s.hp).collect(),
        returns: sim.returns(),
        checksum: format!("{:016x}", sim.checksum()),
    }
}

/// The seats, roles, hp and hands at the start.
fn table_lines(sim: &Sim<Sgs>) -> Vec<String> {
    let game = &sim.rules().game;
    let board = alea_games::games::sgs::Board::read(sim.rules(), sim.world());
    let state = sim.state();
    let mut lines = Vec::new();
    for s in (0..game.mode.seats()).map(Seat) {
        let st = state.seat(s);
        let cards = |zone| {
            board
                .in_zone(zone)
                .map(|c| game.card_name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut line = format!(
            "{s} {} hp {}/{}: {}",
            st.role,
            st.hp,
            st.max_hp,
            cards(alea::kernel::Zone::Hand(s))
        );
        let equip = cards(alea::kernel::Zone::Equipment(s));
        if !equip.is_empty() {
            line.push_str(&format!(" | equipment {equip}"));
        }
        lines.push(line);
    }
    lines
}

/// The log lines of one action: the action itself (when no event says it), then the events
/// it resolved, indented by nesting; a new turn gets a header (`turn` counts them).
fn log_move(
    game: &Sgs,
    sim: &Sim<Sgs>,
    seat: Seat,
    action: SgsAction,
    events: &[LoggedEvent<SgsEvent>],
    text: &mut Vec<String>,
    turn: &mut u32,
) {
    // Uses and discards are told by their events, answers with a card by `Played`, choices
    // by `Lost`: only ending the play phase and declining are told as actions.
    if matches!(action, SgsAction::End | SgsAction::Pass) {
        text.push(format!("  {}", game.describe_action(seat, action)));
    }
    let mut base = 1;
    for e in events {
        if let SgsEvent::TurnStarted { seat } = e.event {
            if e.cancelled {
                // The round limit: the game ends instead.
                continue;
            }
            *turn += 1;
            let role = sim.state().seat(seat).role;
            text.push(format!("turn {turn}: {seat} ({role})"));
            // Its phases are one level down and not told; what they do is two levels down.
            base = e.depth + 2;
            continue;
        }
        let Some(words) = game.describe(&e.event) else {
            continue;
        };
        let indent = 2 + 2 * usize::from(e.depth.saturating_sub(base));
        let cancelled = if e.cancelled { " (cancelled)" } else { "" };
        text.push(format!("{:indent$}{words}{cancelled}", ""));
    }
}

/// "the rebels win (P1)", "a draw".
fn outcome_text(outcome: Outcome, winners: &[Seat]) -> String {
    let seats: Vec<String> = winners.iter().map(ToString::to_string).collect();
    match outcome {
        Outcome::Won(Faction::Lord) => format!("the lord's side wins ({})", seats.join(", ")),
        Outcome::Won(Faction::Rebels) => format!("the rebels win ({})", seats.join(", ")),
        Outcome::Won(Faction::Renegade) => format!("the renegade wins ({})", seats.join(", ")),
        Outcome::Draw => "a draw".to_string(),
        Outcome::Playing => "unfinished".to_string(),
    }
}

/// Plays `games` games of `game` with `players` on `threads` threads and returns them all by
/// game index (see [`stream_sgs`]).
pub fn simulate_sgs(
    game: &Sgs,
    players: &[PlayerKind],
    games: u64,
    seed: u64,
    threads: u16,
    record: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Played<SgsResult, SgsAction>>, CliError> {
    collect(progress, |sink| {
        stream_sgs(
            game,
            players,
            (games, seed, threads),
            record,
            &|| false,
            sink,
        )
    })
}

/// Streams `batch`'s games (`(games, seed, threads)`: games `0..games`) of `game` with
/// `players` to `sink` in game order; game `i` is the game built with seed `sub_seed(seed, i)`
/// (started in place by a [`Restarter`]) with players drawing from that seed's player stream,
/// so results do not depend on the thread count. With `record`, each game keeps its replay
/// [`Recording`](super::Recording).
pub fn stream_sgs(
    game: &Sgs,
    players: &[PlayerKind],
    batch: impl Into<Batch>,
    record: bool,
    stop: &(dyn Fn() -> bool + Sync),
    sink: Sink<'_, Played<SgsResult, SgsAction>>,
) -> Result<Streamed, CliError> {
    let batch: Batch = batch.into();
    let builder = SimBuilder::new(game.clone()).rollback(Rollback::Caller);
    let all_random = players.iter().all(|&p| p == PlayerKind::Random);
    let record = record.then_some(replay::return_scores as super::run::Scores<Sgs>);
    stream_games(
        batch.indices()?,
        batch.threads,
        stop,
        &|| {
            let mut sim = builder.build();
            let restarter = Restarter::new(&mut sim);
            Ok((sim, restarter, Seating::new(players)))
        },
        &|(sim, restarter, seating), index| {
            let seed = sub_seed(batch.seed, index);
            restarter.restart(sim, seed)?;
            let mut rng = random_player_rng(seed);
            let mut moves = 0;
            let mut failed = None;
            let recording = if all_random && record.is_none() {
                moves = random_playout(sim, &mut rng)?;
                None
            } else {
                let recording = play_out(sim, record, |sim| {
                    // A failed simulation ends the game here; the error is returned below.
                    let mover = profile::Mover(sim.turn(), players);
                    let chosen = profile::think(mover, || seating.choose(sim, &mut rng));
                    let action = chosen.unwrap_or_else(|e| {
                        failed = Some(e);
                        None
                    });
                    moves += u32::from(action.is_some());
                    action
                })?;
                if let Some(error) = failed {
                    return Err(error);
                }
                recording
            };
            let state = sim.state();
            let seats = usize::from(sim.rules().game.mode.seats());
            Ok(Played {
                result: SgsResult {
                    outcome: state.outcome,
                    roles: state.seats[..seats].iter().map(|s| s.role).collect(),
                    turns: state.turns,
                    moves,
                },
                recording,
            })
        },
        sink,
    )
}

/// `alea simulate sgs`.
pub(super) fn simulate(
    args: &SimulateArgs,
    (game, players): (&Sgs, &[PlayerKind]),
    mut totals: Totals,
    threads: u16,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    let games = totals.run.games;
    let searching = players
        .iter()
        .any(|p| !matches!(p, PlayerKind::Random | PlayerKind::Trust));
    let bar = super::run::progress_bar(games, searching);
    let writer = RecordWriter {
        game: "sgs",
        rules: &game.config(),
        base_seed: args.seed,
        players: players.iter().map(ToString::to_string).collect(),
        abilities: Vec::new(),
    };
    let mut file = OutFile::create(args.out.as_deref(), writer)?;
    let started = Instant::now();
    let stop = super::run::deadline(args.max_seconds, started);
    let streamed = stream_sgs(
        game,
        players,
        (games, args.seed, threads),
        file.is_some(),
        &stop,
        &mut |index, played| {
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            totals.add(index, &played.result)?;
            file.write(index, played.recording.as_ref())
        },
    )?;
    file.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let timing = Timing {
        threads,
        seconds,
        truncated: streamed.truncated,
    };
    let summary = totals.sgs_summary(game, players, timing)?;
    if args.json {
        return json_line(out, &summary);
    }
    print_summary(out, &summary, seconds)
}

/// The readable summary of `simulate sgs`.
fn print_summary(
    out: &mut impl std::io::Write,
    summary: &SgsSummary,
    seconds: f64,
) -> Result<(), CliError> {
    let names: Vec<String> = summary.seats.iter().map(|s| s.player.to_string()).collect();
    writeln!(
        out,
        "sgs ({}): {} games, players {}, seed {}, {} threads",
        summary.mode,
        summary.games,
        names.join(","),
        summary.seed,
        summary.threads
    )?;
    if summary.truncated {
        writeln!(out, "  truncated by --max-seconds")?;
    }
    let share = |wins: u64| 100.0 * wins as f64 / summary.games.max(1) as f64;
    let interval = |[lo, hi]: [f64; 2]| format!("[{:.2}%, {:.2}%]", 100.0 * lo, 100.0 * hi);
    writeln!(
        out,
        "  seat  player              wins    win%  95% interval"
    )?;
    for (s, seat) in summary.seats.iter().enumerate() {
        writeln!(
            out,
            "  P{s}    {:<16} {:>8} {:>6.2}%  {}",
            seat.player.to_string(),
            seat.wins,
            share(seat.wins),
            interval(seat.interval)
        )?;
    }
    writeln!(out, "  role                wins    win%  95% interval")?;
    for role in &summary.roles {
        writeln!(
            out,
            "  {:<16} {:>8} {:>6.2}%  {}",
            role.role.as_str(),
            role.wins,
            share(role.wins),
            interval(role.interval)
        )?;
    }
    writeln!(
        out,
        "  draws            {:>8} {:>6.2}%",
        summary.draws,
        share(summary.draws)
    )?;
    writeln!(
        out,
        "  mean game length {:.2} turns, {:.2} actions",
        summary.mean_turns, summary.mean_moves
    )?;
    writeln!(
        out,
        "  {:.0} games/s ({:.2} s)",
        summary.games_per_second, seconds
    )?;
    Ok(())
}
