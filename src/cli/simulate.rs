//! `alea simulate`: many games with random players on several threads, and a summary.
//!
//! Game `i` is seeded from `(seed, i)` only, and results are folded in game index order as they
//! finish ([`stream_games`]: constant memory in the number of games), so the totals are the
//! same for every thread count. `--out` writes each game's line as it is delivered, and
//! `--max-seconds` stops starting games (the delivered prefix is reported, `truncated`).

use std::time::Instant;

use serde::Serialize;

use super::replay::{self, RecordWriter, Recording, SlotCollapse};
use super::shard::{Setup, Timing, Totals, WinsGame};
pub use super::stream::{Batch, Streamed, stream_games};
use super::{CliError, SimulateArgs, Table, json_line, profile};
use alea::kernel::playout::{random_action, random_player_rng, random_playout};
use alea::kernel::{Game, Rollback, Sim, SimBuilder, SimError};
use alea_games::games::duel::Duel;
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::mahjong::{MatchTally, Ruleset};
use alea_games::games::pig::{Pig, PigAction};
use alea_games::mount::{Mount, MountSlot};
use alea_games::tiles::Tile;

/// The outcome of one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameTally {
    /// The winning seat, if any.
    pub winner: Option<u8>,
    /// Player moves made.
    pub moves: u32,
}

/// What `simulate` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The game's name.
    pub game: &'static str,
    /// Games played (the delivered prefix when truncated).
    pub games: u64,
    /// True when `--max-seconds` ended the run before every game was played.
    pub truncated: bool,
    /// The base seed.
    pub seed: u64,
    /// Threads used.
    pub threads: u16,
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Games without a winner.
    pub draws: u64,
    /// Mean player moves per game.
    pub mean_moves: f64,
    /// Games per second (wall clock).
    pub games_per_second: f64,
}

/// Where finished games go, in game order: `sink(index, result)`.
pub type Sink<'a, T> = &'a mut dyn FnMut(u64, T) -> Result<(), CliError>;

/// Every result a streamed run delivers, in game order (for callers that want them all: this
/// keeps one result per game in memory).
pub fn collect<T>(
    progress: &(dyn Fn(u64) + Sync),
    run: impl FnOnce(Sink<'_, T>) -> Result<Streamed, CliError>,
) -> Result<Vec<T>, CliError> {
    let mut all = Vec::new();
    run(&mut |_, result| {
        all.push(result);
        progress(1);
        Ok(())
    })?;
    Ok(all)
}

/// The progress bar of a long simulation (50 000 games or more, or games of `slow` players),
/// drawn on a terminal.
pub(super) fn progress_bar(games: u64, slow: bool) -> Option<indicatif::ProgressBar> {
    (slow || games >= 50_000).then(|| counter(games, "games"))
}

/// A progress bar counting `total` `unit`s (drawn on stderr when it is a terminal, hidden
/// otherwise).
pub(super) fn counter(total: u64, unit: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} ({{per_sec}}, {{eta}})");
    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// Plays `batch`'s random games from `builder` (`(games, seed, threads)`: games `0..games`):
/// each restores the start, re-seeds the streams from `(seed, index)` and calls `prepare`;
/// `tally` reads each finished game, which goes to `sink` in game order with its
/// [`Recording`] when `record` gives the function reading its final scores. `stop` is asked
/// before each game starts.
#[allow(clippy::too_many_arguments)]
pub fn simulate<G: Game>(
    builder: &SimBuilder<G>,
    batch: impl Into<Batch>,
    record: Option<Scores<G>>,
    stop: &(dyn Fn() -> bool + Sync),
    prepare: &(dyn Fn(&mut Sim<G>) + Sync),
    tally: &(dyn Fn(&Sim<G>) -> GameTally + Sync),
    sink: Sink<'_, Played<GameTally, G::Action>>,
) -> Result<Streamed, CliError> {
    let batch: Batch = batch.into();
    let builder = builder.clone().rollback(Rollback::Caller);
    stream_games(
        batch.indices()?,
        batch.threads,
        stop,
        &|| {
            let mut sim = builder.build();
            let start = sim.snapshot();
            Ok((sim, start))
        },
        &|(sim, start), index| {
            let seed = alea::chance::sub_seed(batch.seed, index);
            sim.restore(start)?;
            sim.reseed(seed);
            prepare(sim);
            let mut rng = random_player_rng(seed);
            let recording = match record {
                None => random_playout(sim, &mut rng).map(|_| None)?,
                Some(_) => play_out(sim, record, |sim| random_action(sim, &mut rng))?,
            };
            Ok(Played {
                result: tally(sim),
                recording,
            })
        },
        sink,
    )
}

/// A finished game: its result, and its [`Recording`] when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<T, A> {
    /// The game's result.
    pub result: T,
    /// Its actions and final checksum (with `record`).
    pub recording: Option<Recording<A>>,
}

/// Reads a finished game's scores by seat.
pub type Scores<G> = fn(&Sim<G>) -> Vec<i64>;

/// Applies `next`'s actions until it has none; returns the [`Recording`] if `record` (which
/// reads the final scores).
pub(super) fn play_out<G: Game>(
    sim: &mut Sim<G>,
    record: Option<Scores<G>>,
    mut next: impl FnMut(&mut Sim<G>) -> Option<G::Action>,
) -> Result<Option<Recording<G::Action>>, SimError> {
    let mut actions = Vec::new();
    let mut collapses = Vec::new();
    let mut before = Vec::new();
    loop {
        if record.is_some() {
            before.clear();
            before.extend(collapsed(sim));
        }
        let Some(action) = next(sim) else {
            break;
        };
        if record.is_some() {
            // Slots an ability collapsed while choosing (Toki's future sight).
            for (slot, tile) in collapsed(sim) {
                if !before.contains(&(slot, tile)) {
                    collapses.push(SlotCollapse {
                        before: actions.len() as u32,
                        exit: slot.exit,
                        index: slot.index,
                        tile,
                    });
                }
            }
            actions.push(action);
        }
        sim.apply(action)?;
    }
    Ok(record.map(|scores| Recording {
        actions,
        collapses,
        scores: scores(sim),
        checksum: sim.checksum(),
    }))
}

/// The collapsed slots of the game's wall, if it has one.
fn collapsed<G: Game>(sim: &Sim<G>) -> Vec<(MountSlot, Tile)> {
    sim.world()
        .get_resource::<Mount>()
        .map(|mount| mount.collapsed_slots().collect())
        .unwrap_or_default()
}

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
        &|_| {},
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
    let batch: Batch = batch.into();
    let builder = SimBuilder::new(duel.clone()).seed(batch.seed);
    simulate(
        &builder,
        batch,
        None,
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

/// The outcome of one mahjong match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Final scores by seat.
    pub scores: [i32; 4],
    /// Wins, deal-ins, hands and draws.
    pub tally: MatchTally,
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

/// One seat's line of the mahjong summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    /// The player at the seat.
    pub player: PlayerKind,
    /// Hands won / hands played.
    pub win_rate: f64,
    /// Hands dealt into / hands played.
    pub deal_in_rate: f64,
    /// Mean final score.
    pub mean_points: f64,
    /// Matches finished first (ties: the earlier seat).
    pub firsts: u64,
}

/// What `simulate mahjong` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongSummary {
    /// `mahjong`.
    pub game: &'static str,
    /// The rules preset.
    pub rules: String,
    /// The match length as the replay file's rules hold it (riichi: `"hanchan"`; sichuan: the
    /// number of hands, `4`).
    pub length: serde_json::Value,
    /// The abilities seated (`NAME@SEAT`).
    pub abilities: Vec<String>,
    /// Matches played (the delivered prefix when truncated).
    pub games: u64,
    /// True when `--max-seconds` ended the run before every match was played.
    pub truncated: bool,
    /// The base seed.
    pub seed: u64,
    /// Threads used.
    pub threads: u16,
    /// Hands played in all.
    pub hands: u64,
    /// Hands ended by exhaustive draw.
    pub draws: u64,
    /// Per seat.
    pub seats: Vec<SeatSummary>,
    /// Matches per second (wall clock).
    pub games_per_second: f64,
}

/// `simulate mahjong`'s default number of matches: about 240 hands of the default hanchan
/// (about 2 minutes on one core with the default table's ISMCTS player).
pub const MAHJONG_MATCHES: u64 = 24;

/// `simulate mahjong`'s default table: an ISMCTS player (100 iterations) against three greedy
/// players.
pub const MAHJONG_TABLE: [PlayerKind; 4] = [
    PlayerKind::Ismcts(alea_games::games::mahjong::riichi::DEFAULT_ITERATIONS),
    PlayerKind::Greedy,
    PlayerKind::Greedy,
    PlayerKind::Greedy,
];

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
    let summary = totals.mahjong_summary(args.mahjong.preset(), &game, &players, timing)?;
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

/// The `--max-seconds` limit as a stop test: true once that much time has passed since
/// `started` (never without the option).
pub(super) fn deadline(
    max_seconds: Option<f64>,
    started: Instant,
) -> impl Fn() -> bool + Send + Sync + 'static {
    let limit = max_seconds.map(std::time::Duration::from_secs_f64);
    move || limit.is_some_and(|limit| started.elapsed() >= limit)
}

/// The `--out` file: each delivered game's replay line, written as it comes.
pub(super) struct OutFile<'a, R> {
    file: Option<(replay::RecordSink, std::path::PathBuf)>,
    writer: RecordWriter<'a, R>,
}

impl<'a, R: Serialize> OutFile<'a, R> {
    /// Creates the file at `path` (nothing without one), before the simulation so that a bad
    /// path fails at once.
    pub fn create(
        path: Option<&std::path::Path>,
        writer: RecordWriter<'a, R>,
    ) -> Result<Self, CliError> {
        let file = path
            .map(|p| replay::create(p).map(|f| (f, p.to_path_buf())))
            .transpose()?;
        Ok(OutFile { file, writer })
    }

    /// True when games are recorded.
    pub fn is_some(&self) -> bool {
        self.file.is_some()
    }

    /// Writes game `index`'s line (nothing without a file or a recording).
    pub fn write<A: Serialize + Clone>(
        &mut self,
        index: u64,
        recording: Option<&Recording<A>>,
    ) -> Result<(), CliError> {
        let (Some((file, path)), Some(recording)) = (&mut self.file, recording) else {
            return Ok(());
        };
        self.writer
            .write(file, index, recording)
            .map_err(|e| match e {
                CliError::Io(source) => CliError::File {
                    path: path.clone(),
                    source,
                },
                other => other,
            })
    }

    /// Flushes the file.
    pub fn finish(self) -> Result<(), CliError> {
        match self.file {
            Some((mut file, path)) => {
                std::io::Write::flush(&mut file).map_err(|source| CliError::File { path, source })
            }
            None => Ok(()),
        }
    }
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
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(1024) as u16)
    });
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
    let (name, players) = match counted {
        WinsGame::Pig(pig) => ("pig", usize::from(pig.players)),
        WinsGame::Duel(_) => ("duel", 2),
    };
    if args.out_mjai.is_some() {
        return Err(CliError::Usage(
            "--out-mjai writes riichi matches (simulate mahjong), not pig or duel".into(),
        ));
    }
    if matches!(counted, WinsGame::Duel(_)) && args.out.is_some() {
        return Err(CliError::Usage(
            "--out records mahjong, pig and sgs games, not duel".into(),
        ));
    }
    let games = totals.run.games;
    let bar = progress_bar(games, false);
    // Only pig games are recorded (a duel has no --out, checked above).
    let pig_rules = match counted {
        WinsGame::Pig(pig) => pig.clone(),
        WinsGame::Duel(_) => Pig::default(),
    };
    let writer = RecordWriter {
        game: "pig",
        rules: &pig_rules,
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
        WinsGame::Duel(duel) => stream_duel(duel, params, &stop, &mut |i, p| count(i, &p.result))?,
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
        WinsGame::Duel(_) => writeln!(
            out,
            "duel: {} games, random players, seed {}, {} threads",
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
