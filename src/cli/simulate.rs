//! `alea simulate`: many games with random players on several threads, and a summary.
//!
//! Game `i` is seeded from `(seed, i)` only, and results are folded in game index order as they
//! finish ([`stream_games`]: constant memory in the number of games), so the totals are the
//! same for every thread count. `--out` writes each game's line as it is delivered, and
//! `--max-seconds` stops starting games (the delivered prefix is reported, `truncated`).

use std::time::Instant;

use super::replay::{self, RecordWriter, Recording};
use super::run::{
    GameTally, OutFile, Played, Scores, Sink, collect, counter, deadline, play_out, progress_bar,
    simulate,
};
use super::setup::{Setup, WinsGame};
use super::stream::{Batch, Streamed, stream_games};
use super::totals::{Timing, Totals};
use super::{CliError, SimulateArgs, Table, json_line, profile};
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Rollback, SimBuilder};
use alea_games::games::duel::Duel;
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::mahjong::{MahjongSummary, MatchResult, Ruleset};
use alea_games::games::pig::{Pig, PigAction};

/// Streams `batch`'s random games of `pig` to `sink` (see [`simulate`]).
pub fn stream_pig(
    pig: &Pig,
    batch: impl Into<Batch>,
    record: bool,
    stop: &(dyn Fn() -> bool + Sync),
    sink: Sink<'_, Played<GameTally, PigAction>>,
) -> Result<Streamed, CliError> {
    let record = record.then_some(replay::pig_scores as Scores<Pig>);
    simulate(
        &SimBuilder::new(pig.clone()),
        batch,
        record,
        stop,
        &|_| Ok(()),
        &|sim| {
            let turn = sim.state();
            GameTally {
                winner: turn.winner.map(|s| s.0),
                moves: turn.moves,
            }
        },
        sink,
    )
}

/// Plays `games` random games of `pig` and returns them all by game index (see [`stream_pig`]).
pub fn simulate_pig(
    pig: &Pig,
    games: u64,
    seed: u64,
    threads: u16,
    record: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Played<GameTally, PigAction>>, CliError> {
    collect(progress, |sink| {
        stream_pig(pig, (games, seed, threads), record, &|| false, sink)
    })
}

/// Streams `batch`'s games of `duel` between random players to `sink` (see [`simulate`]);
/// each game is re-dealt from its own seed ([`redeal`](alea_games::games::duel::redeal)).
pub fn stream_duel(
    duel: &Duel,
    batch: impl Into<Batch>,
    stop: &(dyn Fn() -> bool + Sync),
    sink: Sink<'_, Played<GameTally, alea_games::games::duel::DuelAction>>,
) -> Result<Streamed, CliError> {
    stream_duel_recorded(duel, batch, false, stop, sink)
}

/// [`stream_duel`], each game keeping its [`Recording`] when `record` (for `--out`).
pub fn stream_duel_recorded(
    duel: &Duel,
    batch: impl Into<Batch>,
    record: bool,
    stop: &(dyn Fn() -> bool + Sync),
    sink: Sink<'_, Played<GameTally, alea_games::games::duel::DuelAction>>,
) -> Result<Streamed, CliError> {
    let batch: Batch = batch.into();
    let builder = SimBuilder::new(duel.clone()).seed(batch.seed);
    simulate(
        &builder,
        batch,
        record.then_some(replay::return_scores as Scores<Duel>),
        stop,
        &alea_games::games::duel::redeal,
        &|sim| {
            let st = alea_games::games::duel::state(sim.world());
            GameTally {
                winner: st.winner.map(|s| s.0),
                moves: st.moves,
            }
        },
        sink,
    )
}

/// Plays `games` duel games and returns their tallies by game index (see [`stream_duel`]).
pub fn simulate_duel(
    duel: &Duel,
    games: u64,
    seed: u64,
    threads: u16,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<GameTally>, CliError> {
    let played = collect(progress, |sink| {
        stream_duel(duel, (games, seed, threads), &|| false, sink)
    })?;
    Ok(played.into_iter().map(|p| p.result).collect())
}

/// Streams `batch`'s mahjong matches (`(games, seed, threads)`: matches `0..games`) of
/// `builder`'s game with `players` to `sink` in match order. Match `i` is seeded from
/// `(seed, i)` only, so results do not depend on the thread count. With `record`, each match
/// keeps its [`Recording`].
pub fn stream_mahjong<R: Ruleset>(
    builder: &SimBuilder<R>,
    players: &[PlayerKind; 4],
    batch: impl Into<Batch>,
    record: bool,
    stop: &(dyn Fn() -> bool + Sync),
    sink: Sink<'_, Played<MatchResult, R::Action>>,
) -> Result<Streamed, CliError> {
    let batch: Batch = batch.into();
    let builder = builder.clone().rollback(Rollback::Caller);
    let record = record.then_some(replay::mahjong_scores::<R> as Scores<R>);
    stream_games(
        batch.indices()?,
        batch.threads,
        stop,
        &|| builder.try_build(),
        &|sim, index| {
            let seed = alea::chance::sub_seed(batch.seed, index);
            R::restart(sim, seed)?;
            let mut rng = random_player_rng(seed);
            let recording = play_out(sim, record, |sim| {
                profile::think(profile::Mover(sim.turn(), players), || {
                    R::choose(sim, players, &mut rng)
                })
            })?;
            Ok(Played {
                result: MatchResult {
                    scores: R::scores(sim.world()),
                    tally: R::tally(sim.world()),
                },
                recording,
            })
        },
        sink,
    )
}

/// Plays `games` mahjong matches and returns them all by match index (see
/// [`stream_mahjong`]).
pub fn simulate_mahjong<R: Ruleset>(
    builder: &SimBuilder<R>,
    players: &[PlayerKind; 4],
    games: u64,
    seed: u64,
    threads: u16,
    record: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Played<MatchResult, R::Action>>, CliError> {
    collect(progress, |sink| {
        stream_mahjong(
            builder,
            players,
            (games, seed, threads),
            record,
            &|| false,
            sink,
        )
    })
}

fn run_mahjong(
    args: &SimulateArgs,
    (table, players): (Table, [PlayerKind; 4]),
    totals: Totals,
    threads: u16,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    match table {
        Table::Riichi(game) => {
            let mut logs = args
                .out_mjai
                .as_deref()
                .map(|dir| super::mjai::MjaiDir::create(dir, &game, &players, args.seed))
                .transpose()?;
            let mut write = |index: u64,
                             recording: &Recording<
                alea_games::games::mahjong::riichi::RiichiAction,
            >| {
                match &mut logs {
                    Some(logs) => logs.write(index, recording),
                    None => Ok(()),
                }
            };
            let logs_wanted = args.out_mjai.is_some();
            run_table(
                (game, players),
                args,
                totals,
                threads,
                out,
                logs_wanted.then_some(&mut write),
            )
        }
        Table::Sichuan(_) if args.out_mjai.is_some() => Err(CliError::Usage(
            "--out-mjai writes riichi matches (mjai is a riichi protocol), not sichuan".into(),
        )),
        Table::Sichuan(game) => run_table((game, players), args, totals, threads, out, None),
    }
}

/// Writes each delivered match's recording somewhere besides `--out` (`--out-mjai`).
type RecordingSink<'a, A> = &'a mut dyn FnMut(u64, &Recording<A>) -> Result<(), CliError>;

fn run_table<R: Ruleset>(
    (game, players): (R, [PlayerKind; 4]),
    args: &SimulateArgs,
    mut totals: Totals,
    threads: u16,
    out: &mut impl std::io::Write,
    mut logs: Option<RecordingSink<'_, R::Action>>,
) -> Result<(), CliError> {
    let games = totals.run.games;
    let bar = counter(games, "matches");
    let writer = RecordWriter {
        game: R::RECORD,
        rules: game.config(),
        base_seed: args.seed,
        players: players.iter().map(ToString::to_string).collect(),
        abilities: game.abilities().iter().map(ToString::to_string).collect(),
    };
    let mut file = OutFile::create(args.out.as_deref(), writer)?;
    let builder =
        SimBuilder::new(game.clone()).run_mode(profile::run_mode(args.profile.as_deref()));
    let started = Instant::now();
    let stop = deadline(args.max_seconds, started);
    let streamed = stream_mahjong(
        &builder,
        &players,
        (games, args.seed, threads),
        file.is_some() || logs.is_some(),
        &stop,
        &mut |index, played| {
            bar.inc(1);
            totals.add(index, &played.result)?;
            if let (Some(logs), Some(recording)) = (&mut logs, &played.recording) {
                logs(index, recording)?;
            }
            file.write(index, played.recording.as_ref())
        },
    )?;
    file.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let timing = Timing {
        threads,
        seconds,
        truncated: streamed.truncated,
    };
    let summary = totals.mahjong_summary((args.mahjong.preset(), &game, &players), timing)?;
    if args.json {
        return json_line(out, &summary);
    }
    print_mahjong(out, &summary, &game.describe(), seconds)
}

/// The readable summary of `simulate mahjong`.
fn print_mahjong(
    out: &mut impl std::io::Write,
    summary: &MahjongSummary,
    length: &str,
    seconds: f64,
) -> Result<(), CliError> {
    write!(
        out,
        "mahjong ({}, {}): {} matches, {} hands, seed {}, {} threads",
        summary.rules, length, summary.games, summary.hands, summary.seed, summary.threads
    )?;
    if !summary.abilities.is_empty() {
        write!(out, ", abilities {}", summary.abilities.join(","))?;
    }
    if summary.truncated {
        write!(out, " (truncated by --max-seconds)")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "  seat  player     win rate  deal-in rate  mean points  firsts"
    )?;
    for (s, seat) in summary.seats.iter().enumerate() {
        writeln!(
            out,
            "  P{s}    {:<9}  {:>7.2}%  {:>11.2}%  {:>11.0}  {:>6}",
            seat.player.to_string(),
            100.0 * seat.win_rate,
            100.0 * seat.deal_in_rate,
            seat.mean_points,
            seat.firsts
        )?;
    }
    writeln!(
        out,
        "  exhaustive draws {} ({:.2}% of hands)",
        summary.draws,
        100.0 * summary.draws as f64 / summary.hands.max(1) as f64
    )?;
    writeln!(
        out,
        "  {:.1} matches/s ({:.2} s)",
        summary.games_per_second, seconds
    )?;
    Ok(())
}

pub(super) fn run(args: &SimulateArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    // `--out -`: the records take stdout and the summary goes to stderr.
    match args.out.as_deref() {
        Some(path) if replay::is_dash(path) => run_game(args, &mut std::io::stderr().lock()),
        _ => run_game(args, out),
    }
}

fn run_game(args: &SimulateArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    Setup::check(args)?;
    let sampling = profile::Sampling {
        games: args.profile_games.unwrap_or(1),
        thinking: args.profile_thinking,
    };
    let asked = args.profile_thinking || args.profile_games.is_some();
    let _profile = profile::start_if(args.profile.as_deref(), sampling, asked)?;
    let threads = args
        .threads
        .unwrap_or_else(alea::registry::Run::available_threads);
    let setup = Setup::new(args)?;
    let totals = setup.totals(args)?;
    match setup {
        Setup::Wins(counted) => run_wins(args, &counted, totals, threads, out),
        Setup::Mahjong(table, players) => run_mahjong(args, (table, players), totals, threads, out),
        Setup::Sgs(game, players) => {
            super::sgs::simulate(args, (&game, &players), totals, threads, out)
        }
    }
}

/// `simulate pig` and `simulate duel`.
fn run_wins(
    args: &SimulateArgs,
    counted: &WinsGame,
    mut totals: Totals,
    threads: u16,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    let (name, players) = (counted.name(), counted.seats());
    if args.out_mjai.is_some() {
        return Err(CliError::Usage(format!(
            "--out-mjai writes riichi matches (simulate mahjong), not {name}"
        )));
    }
    let games = totals.run.games;
    let bar = progress_bar(games, false);
    let rules = match counted {
        WinsGame::Pig(pig) => serde_json::to_value(pig)?,
        WinsGame::Registered(_, options, _) => serde_json::to_value(options)?,
        WinsGame::Duel(duel) => match duel.record_rules() {
            Some(rules) => serde_json::to_value(rules)?,
            None => {
                return Err(CliError::Usage(
                    "the duel's decks are not in its catalog".into(),
                ));
            }
        },
    };
    let writer = RecordWriter {
        game: name,
        rules: &rules,
        base_seed: args.seed,
        players: vec!["random".into(); players],
        abilities: Vec::new(),
    };
    let mut file = OutFile::create(args.out.as_deref(), writer)?;
    let started = Instant::now();
    let stop = deadline(args.max_seconds, started);
    let mut count = |i: u64, t: &GameTally| {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        totals.add(i, t)
    };
    let params = (games, args.seed, threads);
    let streamed = match counted {
        WinsGame::Pig(pig) => stream_pig(pig, params, file.is_some(), &stop, &mut |i, p| {
            count(i, &p.result)?;
            file.write(i, p.recording.as_ref())
        })?,
        WinsGame::Duel(duel) => {
            stream_duel_recorded(duel, params, file.is_some(), &stop, &mut |i, p| {
                count(i, &p.result)?;
                file.write(i, p.recording.as_ref())
            })?
        }
        WinsGame::Registered(.., game) => {
            super::registered::stream(game, params, file.is_some(), &stop, &mut |i, p| {
                count(i, &p.result)?;
                file.write(i, p.recording.as_ref())
            })?
        }
    };
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
    let summary = totals.wins_summary(name, timing)?;
    if args.json {
        return json_line(out, &summary);
    }
    match counted {
        WinsGame::Pig(_) => writeln!(
            out,
            "pig: {} games, {} players, first to {}, seed {}, {} threads",
            summary.games, players, args.pig.target, summary.seed, summary.threads
        )?,
        WinsGame::Duel(_) | WinsGame::Registered(..) => writeln!(
            out,
            "{name}: {} games, random players, seed {}, {} threads",
            summary.games, summary.seed, summary.threads
        )?,
    }
    if summary.truncated {
        writeln!(out, "  truncated by --max-seconds")?;
    }
    for (seat, wins) in summary.wins.iter().enumerate() {
        let share = 100.0 * *wins as f64 / summary.games.max(1) as f64;
        writeln!(out, "  P{seat} wins {wins:>10} ({share:.2}%)")?;
    }
    writeln!(out, "  draws   {:>10}", summary.draws)?;
    writeln!(out, "  mean game length {:.2} moves", summary.mean_moves)?;
    writeln!(
        out,
        "  {:.0} games/s ({:.2} s)",
        summary.games_per_second, seconds
    )?;
    Ok(())
}
