//! `alea simulate`: many games with random players on several threads, and a summary.
//!
//! Game `i` is seeded from `(seed, i)` only, and results are gathered by game index, so the
//! totals are the same for every thread count.

use std::time::Instant;

use serde::Serialize;

use super::replay::{self, RecordWriter, Recording, SlotCollapse};
use super::{CliError, GameName, SimulateArgs, Table, json_line, profile};
use crate::games::duel::Duel;
use crate::games::mahjong::riichi::PlayerKind;
use crate::games::mahjong::{MatchTally, Ruleset};
use crate::games::pig::{Pig, PigAction};
use crate::kernel::playout::{random_action, random_player_rng, random_playout};
use crate::kernel::{Game, Rollback, Sim, SimBuilder, SimError};
use crate::mount::{Mount, MountSlot};
use crate::tiles::Tile;

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
    /// Games played.
    pub games: u64,
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

/// Plays games `0..games` on `threads` threads: each thread makes its state with `make` once,
/// then calls `play(state, index)` for its contiguous share of the indices; `progress(n)` is
/// called every `every` finished games (and once with the rest). Returns the results by game index, so they do not depend on the
/// thread count when `play` depends only on the index.
pub(super) fn parallel_games<S, T: Send>(
    games: u64,
    threads: u16,
    (progress, every): (&(dyn Fn(u64) + Sync), u64),
    make: &(dyn Fn() -> Result<S, SimError> + Sync),
    play: &(dyn Fn(&mut S, u64) -> Result<T, SimError> + Sync),
) -> Result<Vec<T>, SimError> {
    let threads = u64::from(threads.max(1)).min(games.max(1));
    let chunk = games.div_ceil(threads);
    // The simulation threads record their spans where the caller does (`--profile`).
    #[cfg(feature = "trace")]
    let dispatch = &tracing::dispatcher::get_default(Clone::clone);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    #[cfg(feature = "trace")]
                    let _subscriber = tracing::dispatcher::set_default(dispatch);
                    let mut state = make()?;
                    let range = (t * chunk)..((t + 1) * chunk).min(games);
                    let mut out = Vec::with_capacity(range.clone().count());
                    for (done, index) in range.enumerate() {
                        out.push(play(&mut state, index)?);
                        if (done as u64 + 1).is_multiple_of(every) {
                            progress(every);
                        }
                    }
                    progress(out.len() as u64 % every);
                    Ok::<_, SimError>(out)
                })
            })
            .collect();
        let mut all = Vec::with_capacity(games as usize);
        for handle in handles {
            all.extend(handle.join().expect("simulation threads do not panic")?);
        }
        Ok(all)
    })
}

/// The progress bar of a long simulation (50 000 games or more, or games of `slow` players),
/// drawn on a terminal.
pub(super) fn progress_bar(games: u64, slow: bool) -> Option<indicatif::ProgressBar> {
    (slow || games >= 50_000).then(|| {
        let bar = indicatif::ProgressBar::new(games);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games ({per_sec}, {eta})",
            )
            .expect("valid template"),
        );
        bar
    })
}

/// Plays `games` random games from `builder` on `threads` threads: each restores the start,
/// re-seeds the streams from `(seed, index)` and calls `prepare`; `progress(n)` is called as games
/// finish and `tally` on each finished game. Returns the tallies by game index, with each game's
/// [`Recording`] when `record` gives the function reading its final scores.
#[allow(clippy::too_many_arguments)]
pub fn simulate<G: Game>(
    builder: &SimBuilder<G>,
    games: u64,
    seed: u64,
    threads: u16,
    record: Option<Scores<G>>,
    progress: &(dyn Fn(u64) + Sync),
    prepare: &(dyn Fn(&mut Sim<G>) + Sync),
    tally: &(dyn Fn(&Sim<G>) -> GameTally + Sync),
) -> Result<Vec<Played<GameTally, G::Action>>, SimError> {
    let builder = builder.clone().rollback(Rollback::Caller);
    parallel_games(
        games,
        threads,
        (progress, 256),
        &|| {
            let mut sim = builder.build();
            let start = sim.snapshot();
            Ok((sim, start))
        },
        &|(sim, start), index| {
            let seed = crate::chance::sub_seed(seed, index);
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

/// Plays `games` random games of `pig` (see [`simulate`]).
pub fn simulate_pig(
    pig: &Pig,
    games: u64,
    seed: u64,
    threads: u16,
    record: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Played<GameTally, PigAction>>, SimError> {
    let record = record.then_some(replay::pig_scores as Scores<Pig>);
    simulate(
        &SimBuilder::new(pig.clone()),
        games,
        seed,
        threads,
        record,
        progress,
        &|_| {},
        &|sim| {
            let turn = sim.state();
            GameTally {
                winner: turn.winner.map(|s| s.0),
                moves: turn.moves,
            }
        },
    )
}

/// Plays `games` games of `duel` between random players (see [`simulate`]); each game is
/// re-dealt from its own seed ([`redeal`](crate::games::duel::redeal)).
pub fn simulate_duel(
    duel: &Duel,
    games: u64,
    seed: u64,
    threads: u16,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<GameTally>, SimError> {
    let builder = SimBuilder::new(duel.clone()).seed(seed);
    let played = simulate(
        &builder,
        games,
        seed,
        threads,
        None,
        progress,
        &crate::games::duel::redeal,
        &|sim| {
            let st = crate::games::duel::state(sim.world());
            GameTally {
                winner: st.winner.map(|s| s.0),
                moves: st.moves,
            }
        },
    )?;
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

/// Plays `games` mahjong matches of `builder`'s game with `players` on `threads` threads,
/// calling `progress(n)` as matches finish. Match `i` is seeded from `(seed, i)` only; results
/// come back by match index, so they do not depend on the thread count. With `record`, each
/// match keeps its [`Recording`].
pub fn simulate_mahjong<R: Ruleset>(
    builder: &SimBuilder<R>,
    players: &[PlayerKind; 4],
    games: u64,
    seed: u64,
    threads: u16,
    record: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Played<MatchResult, R::Action>>, SimError> {
    let builder = builder.clone().rollback(Rollback::Caller);
    let record = record.then_some(replay::mahjong_scores::<R> as Scores<R>);
    parallel_games(
        games,
        threads,
        (progress, 1),
        &|| Ok(builder.build()),
        &|sim, index| {
            let seed = crate::chance::sub_seed(seed, index);
            R::restart(sim, seed);
            let mut rng = random_player_rng(seed);
            let recording = play_out(sim, record, |sim| R::choose(sim, players, &mut rng))?;
            Ok(Played {
                result: MatchResult {
                    scores: R::scores(sim.world()),
                    tally: R::tally(sim.world()),
                },
                recording,
            })
        },
    )
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
    /// The match length (`Hanchan`, `4 hands`).
    pub length: String,
    /// The abilities seated (`NAME@SEAT`).
    pub abilities: Vec<String>,
    /// Matches played.
    pub games: u64,
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
/// (under a minute and a half on one core with the default table's ISMCTS player).
pub const MAHJONG_MATCHES: u64 = 24;

/// `simulate mahjong`'s default table: an ISMCTS player (100 iterations) against three greedy
/// players.
pub const MAHJONG_TABLE: [PlayerKind; 4] = [
    PlayerKind::Ismcts(crate::games::mahjong::riichi::DEFAULT_ITERATIONS),
    PlayerKind::Greedy,
    PlayerKind::Greedy,
    PlayerKind::Greedy,
];

fn run_mahjong(
    args: &SimulateArgs,
    threads: u16,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    let players = args.mahjong.players(&args.pig.players, MAHJONG_TABLE)?;
    match args.mahjong.table()? {
        Table::Riichi(game) => run_table(game, players, args, threads, out),
        Table::Sichuan(game) => run_table(game, players, args, threads, out),
    }
}

fn run_table<R: Ruleset>(
    game: R,
    players: [PlayerKind; 4],
    args: &SimulateArgs,
    threads: u16,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    let games = args.games.unwrap_or(MAHJONG_MATCHES);
    let bar = indicatif::ProgressBar::new(games);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} matches ({per_sec}, {eta})")
            .expect("valid template"),
    );
    let mut file = args.out.as_deref().map(replay::create).transpose()?;
    let builder =
        SimBuilder::new(game.clone()).run_mode(profile::run_mode(args.profile.as_deref()));
    let started = Instant::now();
    let played = simulate_mahjong(
        &builder,
        &players,
        games,
        args.seed,
        threads,
        file.is_some(),
        &|n| bar.inc(n),
    )?;
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if let Some(file) = &mut file {
        let writer = RecordWriter {
            game: R::RECORD,
            rules: game.config(),
            base_seed: args.seed,
            players: players.iter().map(ToString::to_string).collect(),
            abilities: game.abilities().iter().map(ToString::to_string).collect(),
        };
        write_records(file, args, &writer, &played)?;
    }
    let results: Vec<MatchResult> = played.into_iter().map(|p| p.result).collect();
    let hands: u64 = results.iter().map(|r| u64::from(r.tally.hands)).sum();
    let draws: u64 = results.iter().map(|r| u64::from(r.tally.draws)).sum();
    let per_hand = |n: u64| n as f64 / hands.max(1) as f64;
    let seats = (0..4)
        .map(|s| SeatSummary {
            player: players[s],
            win_rate: per_hand(results.iter().map(|r| u64::from(r.tally.wins[s])).sum()),
            deal_in_rate: per_hand(results.iter().map(|r| u64::from(r.tally.deal_ins[s])).sum()),
            mean_points: results.iter().map(|r| f64::from(r.scores[s])).sum::<f64>()
                / results.len().max(1) as f64,
            firsts: results
                .iter()
                .filter(|r| {
                    (0..4).fold(0, |b, o| if r.scores[o] > r.scores[b] { o } else { b }) == s
                })
                .count() as u64,
        })
        .collect();
    let summary = MahjongSummary {
        game: "mahjong",
        rules: args.mahjong.rules.clone(),
        length: game.describe(),
        abilities: game.abilities().iter().map(ToString::to_string).collect(),
        games,
        seed: args.seed,
        threads,
        hands,
        draws,
        seats,
        games_per_second: games as f64 / seconds.max(1e-9),
    };
    if args.json {
        return json_line(out, &summary);
    }
    write!(
        out,
        "mahjong ({}, {}): {} matches, {} hands, seed {}, {} threads",
        summary.rules, summary.length, summary.games, summary.hands, summary.seed, summary.threads
    )?;
    if !summary.abilities.is_empty() {
        write!(out, ", abilities {}", summary.abilities.join(","))?;
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
        100.0 * per_hand(summary.draws)
    )?;
    writeln!(
        out,
        "  {:.1} matches/s ({:.2} s)",
        summary.games_per_second, seconds
    )?;
    Ok(())
}

/// Writes the replay line of every game of `played` to `file`, in game order.
pub(super) fn write_records<R: Serialize, T, A: Serialize + Clone>(
    file: &mut std::io::BufWriter<std::fs::File>,
    args: &SimulateArgs,
    writer: &RecordWriter<'_, R>,
    played: &[Played<T, A>],
) -> Result<(), CliError> {
    let path = args.out.as_deref().unwrap_or(std::path::Path::new("-"));
    let failed = |source| CliError::File {
        path: path.to_path_buf(),
        source,
    };
    for (index, game) in played.iter().enumerate() {
        if let Some(recording) = &game.recording {
            writer
                .write(&mut *file, index as u64, recording)
                .map_err(|e| match e {
                    CliError::Io(source) => failed(source),
                    other => other,
                })?;
        }
    }
    std::io::Write::flush(file).map_err(failed)
}

pub(super) fn run(args: &SimulateArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    args.mahjong.only_for(args.game)?;
    super::only_sgs(args.game, &args.sgs)?;
    let _profile = args.profile.as_deref().map(profile::start).transpose()?;
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(1024) as u16)
    });
    /// The games `simulate` counts wins of.
    enum Counted {
        Pig(Pig),
        Duel(Duel),
    }
    let counted = match args.game {
        GameName::Pig => Counted::Pig(args.pig.game()?),
        GameName::Duel => Counted::Duel(args.duel.game()?),
        GameName::Mahjong => return run_mahjong(args, threads, out),
        GameName::Sgs => return super::sgs::simulate(args, threads, out),
    };
    let (name, players) = match &counted {
        Counted::Pig(pig) => ("pig", usize::from(pig.players)),
        Counted::Duel(_) => ("duel", 2),
    };
    let games = args.games.unwrap_or(100_000);
    let bar = progress_bar(games, false);
    let progress = |n: u64| {
        if let Some(bar) = &bar {
            bar.inc(n);
        }
    };
    let mut file = args.out.as_deref().map(replay::create).transpose()?;
    let started = Instant::now();
    let tallies = match &counted {
        Counted::Pig(pig) => {
            let played = simulate_pig(pig, games, args.seed, threads, file.is_some(), &progress)?;
            if let Some(file) = &mut file {
                let writer = RecordWriter {
                    game: "pig",
                    rules: pig,
                    base_seed: args.seed,
                    players: vec!["random".into(); players],
                    abilities: Vec::new(),
                };
                write_records(file, args, &writer, &played)?;
            }
            played.into_iter().map(|p| p.result).collect()
        }
        Counted::Duel(_) if file.is_some() => {
            return Err(CliError::Usage(
                "--out records mahjong and pig games, not duel".into(),
            ));
        }
        Counted::Duel(duel) => simulate_duel(duel, games, args.seed, threads, &progress)?,
    };
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut wins = vec![0u64; players];
    let mut draws = 0;
    let mut moves = 0u64;
    for t in &tallies {
        match t.winner {
            Some(seat) => wins[usize::from(seat)] += 1,
            None => draws += 1,
        }
        moves += u64::from(t.moves);
    }
    let summary = Summary {
        game: name,
        games,
        seed: args.seed,
        threads,
        wins,
        draws,
        mean_moves: moves as f64 / games as f64,
        games_per_second: games as f64 / seconds.max(1e-9),
    };
    if args.json {
        serde_json::to_writer(&mut *out, &summary)?;
        writeln!(out)?;
        return Ok(());
    }
    match counted {
        Counted::Pig(_) => writeln!(
            out,
            "pig: {} games, {} players, first to {}, seed {}, {} threads",
            summary.games, players, args.pig.target, summary.seed, summary.threads
        )?,
        Counted::Duel(_) => writeln!(
            out,
            "duel: {} games, random players, seed {}, {} threads",
            summary.games, summary.seed, summary.threads
        )?,
    }
    for (seat, wins) in summary.wins.iter().enumerate() {
        let share = 100.0 * *wins as f64 / summary.games as f64;
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
