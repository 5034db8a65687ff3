//! `alea search`: one search from a fresh game or a position reached by `--moves`.

use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use super::simulate::deadline;
use super::{Algo, CliError, SearchArgs, SearchGame};
use alea::kernel::{Game, Rollback, Sim, SimBuilder};
use alea::search::{
    ActionStats, ChanceMode, Expectimax, Ismcts, Limits, Mcts, RandomRollouts, SearchResult,
    root_parallel,
};
use alea_games::games::leduc::Leduc;

/// The exploration constant of MCTS and ISMCTS (OpenSpiel's default).
const UCT_C: f64 = 2.0;

/// What `search` reports.
#[derive(Serialize)]
struct Report<A> {
    game: &'static str,
    algo: Algo,
    action: A,
    value: f64,
    simulations: u64,
    /// Fewer simulations ran than `--sims` asked (`--max-seconds`, or the cap of `u32::MAX`
    /// per thread).
    truncated: bool,
    seconds: f64,
    simulations_per_second: f64,
    threads: usize,
    seed: u64,
    stats: Vec<ActionStats<A>>,
}

pub(super) fn run(args: &SearchArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    match args.game {
        SearchGame::Pig => search(SimBuilder::new(args.pig.game()?), args, out),
        SearchGame::Leduc => {
            if args.pig.players != super::Players::Count(2)
                || args.pig.target != super::PigArgs::TARGET
            {
                return Err(CliError::Usage(
                    "--players and --target are pig options (leduc has two players)".into(),
                ));
            }
            search(SimBuilder::new(Leduc), args, out)
        }
    }
}

/// Parses `--moves` tokens as the game's actions (their JSON names, e.g. `roll`).
fn parse_moves<G: Game>(moves: &[String]) -> Result<Vec<G::Action>, CliError> {
    moves
        .iter()
        .enumerate()
        .map(|(index, token)| {
            serde_json::from_value(serde_json::Value::String(token.trim().to_owned())).map_err(
                |_| CliError::BadMove {
                    index: index + 1,
                    token: token.clone(),
                },
            )
        })
        .collect()
}

fn search<G: Game>(
    builder: SimBuilder<G>,
    args: &SearchArgs,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    let threads = usize::from(args.threads);
    let tree = matches!(args.algo, Algo::Mcts | Algo::Ismcts);
    if threads > 1 && !tree {
        return Err(CliError::Usage(
            "--threads applies to mcts and ismcts (root parallelism); expectimax and mc run on one thread".into(),
        ));
    }
    if args.max_seconds.is_some() && !tree {
        return Err(CliError::Usage(
            "--max-seconds applies to mcts and ismcts; expectimax and mc run to the end".into(),
        ));
    }
    let mut sim = builder.seed(args.seed).rollback(Rollback::Caller).build();
    for (index, action) in parse_moves::<G>(&args.moves)?.into_iter().enumerate() {
        sim.apply(action).map_err(|error| CliError::IllegalMove {
            index: index + 1,
            token: args.moves[index].clone(),
            error,
        })?;
    }
    let bar = match tree {
        true => super::simulate::counter(args.sims, "simulations"),
        false => indicatif::ProgressBar::hidden(),
    };
    // The clock times the search (the progress bar is set up before it).
    let started = Instant::now();
    let result = run_algo(&mut sim, args, threads, monitor(&bar, args, started))?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        game: sim.rules().game.name(),
        algo: args.algo,
        action: result.action,
        value: result.value,
        simulations: result.simulations,
        truncated: tree && result.simulations < args.sims,
        seconds,
        simulations_per_second: result.simulations as f64 / seconds.max(1e-9),
        threads,
        seed: args.seed,
        stats: result.stats,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    let name = |a: &G::Action| serde_json::to_string(a).map(|s| s.trim_matches('"').to_owned());
    writeln!(
        out,
        "{} {}: {} (value {:.4})",
        report.game,
        format!("{:?}", args.algo).to_lowercase(),
        name(&report.action)?,
        report.value
    )?;
    for s in &report.stats {
        writeln!(
            out,
            "  {:<8} visits {:>9}  value {:>8.4}",
            name(&s.action)?,
            s.visits,
            s.value
        )?;
    }
    writeln!(
        out,
        "{} simulations in {:.3} s = {:.0} simulations/s ({} thread{})",
        report.simulations,
        seconds,
        report.simulations_per_second,
        threads,
        if threads == 1 { "" } else { "s" }
    )?;
    if report.truncated {
        writeln!(out, "  (truncated: {} simulations asked)", args.sims)?;
    }
    Ok(())
}

/// The tree searches' monitor: it moves the progress bar and stops them at `--max-seconds`.
fn monitor(bar: &indicatif::ProgressBar, args: &SearchArgs, started: Instant) -> Limits {
    let (bar, stop) = (bar.clone(), deadline(args.max_seconds, started));
    Limits {
        monitor: Some(Arc::new(move |done| {
            bar.inc(done);
            !stop()
        })),
        ..Limits::default()
    }
}

fn run_algo<G: Game>(
    sim: &mut Sim<G>,
    args: &SearchArgs,
    threads: usize,
    limits: Limits,
) -> Result<SearchResult<G::Action>, CliError> {
    let (sims, seed) = (args.sims, args.seed);
    let rollouts = |t: usize| RandomRollouts::new(1, alea::chance::sub_seed(seed, t as u64));
    Ok(match args.algo {
        Algo::Mcts => root_parallel(sim, threads, sims, seed, |t| {
            Mcts::new(UCT_C, rollouts(t)).with_limits(limits.clone())
        })?,
        Algo::Ismcts => root_parallel(sim, threads, sims, seed, |t| {
            Ismcts::new(UCT_C, rollouts(t)).with_limits(limits.clone())
        })?,
        Algo::Expectimax => {
            let leaf = RandomRollouts::new(sims.clamp(1, u64::from(u32::MAX)) as u32, seed);
            Expectimax::new(args.depth, leaf).search(sim, seed)?
        }
        Algo::Mc => Expectimax::new(args.depth, rollouts(0))
            .chance(ChanceMode::Sampled(
                sims.clamp(1, u64::from(u32::MAX)) as u32
            ))
            .search(sim, seed)?,
    })
}
