//! `alea simulate`: many games with random players on several threads, and a summary.
//!
//! Game `i` is seeded from `(seed, i)` only, and results are gathered by game index, so the
//! totals are the same for every thread count.

use std::time::Instant;

use serde::Serialize;

use super::{CliError, GameName, SimulateArgs};
use crate::games::duel::Duel;
use crate::games::pig::{Pig, PigTurn};
use crate::kernel::playout::{random_player_rng, random_playout};
use crate::kernel::{Game, Rollback, Sim, SimBuilder, SimError};

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

/// Plays `games` random games from `builder` on `threads` threads: each restores the start,
/// re-seeds the streams from `(seed, index)` and calls `prepare`; `progress(n)` is called as games
/// finish and `tally` on each finished game. Returns the tallies by game index.
pub fn simulate<G: Game>(
    builder: &SimBuilder<G>,
    games: u64,
    seed: u64,
    threads: u16,
    progress: &(dyn Fn(u64) + Sync),
    prepare: &(dyn Fn(&mut Sim<G>) + Sync),
    tally: &(dyn Fn(&Sim<G>) -> GameTally + Sync),
) -> Result<Vec<GameTally>, SimError> {
    let builder = builder.clone().rollback(Rollback::Caller);
    let threads = u64::from(threads.max(1)).min(games.max(1));
    let chunk = games.div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let builder = &builder;
                scope.spawn(move || {
                    let mut sim = builder.build();
                    let start = sim.snapshot();
                    let range = (t * chunk)..((t + 1) * chunk).min(games);
                    let mut out = Vec::with_capacity(range.clone().count());
                    for (done, index) in range.enumerate() {
                        let seed = crate::chance::sub_seed(seed, index);
                        sim.restore(&start)?;
                        sim.reseed(seed);
                        prepare(&mut sim);
                        let mut rng = random_player_rng(seed);
                        random_playout(&mut sim, &mut rng)?;
                        out.push(tally(&sim));
                        if done % 256 == 255 {
                            progress(256);
                        }
                    }
                    progress(out.len() as u64 % 256);
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

/// Plays `games` random games of `pig` (see [`simulate`]).
pub fn simulate_pig(
    pig: &Pig,
    games: u64,
    seed: u64,
    threads: u16,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<GameTally>, SimError> {
    simulate(
        &SimBuilder::new(pig.clone()),
        games,
        seed,
        threads,
        progress,
        &|_| {},
        &|sim| {
            let turn = sim.world().resource::<PigTurn>();
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
    simulate(
        &builder,
        games,
        seed,
        threads,
        progress,
        &crate::games::duel::redeal,
        &|sim| {
            let st = crate::games::duel::state(sim.world());
            GameTally {
                winner: st.winner.map(|s| s.0),
                moves: st.moves,
            }
        },
    )
}

pub(super) fn run(args: &SimulateArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let (name, players) = match args.game {
        GameName::Pig => ("pig", usize::from(args.pig.count()?)),
        GameName::Duel => ("duel", 2),
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(1024) as u16)
    });
    let bar = (args.games >= 50_000).then(|| {
        let bar = indicatif::ProgressBar::new(args.games);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games ({per_sec}, {eta})",
            )
            .expect("valid template"),
        );
        bar
    });
    let progress = |n: u64| {
        if let Some(bar) = &bar {
            bar.inc(n);
        }
    };
    let started = Instant::now();
    let tallies = match args.game {
        GameName::Pig => {
            simulate_pig(&args.pig.game()?, args.games, args.seed, threads, &progress)?
        }
        GameName::Duel => {
            let duel = args.duel.game()?;
            simulate_duel(&duel, args.games, args.seed, threads, &progress)?
        }
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
        games: args.games,
        seed: args.seed,
        threads,
        wins,
        draws,
        mean_moves: moves as f64 / args.games as f64,
        games_per_second: args.games as f64 / seconds.max(1e-9),
    };
    if args.json {
        serde_json::to_writer(&mut *out, &summary)?;
        writeln!(out)?;
        return Ok(());
    }
    match args.game {
        GameName::Pig => writeln!(
            out,
            "pig: {} games, {} players, first to {}, seed {}, {} threads",
            summary.games, players, args.pig.target, summary.seed, summary.threads
        )?,
        GameName::Duel => writeln!(
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
