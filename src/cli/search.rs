//! `alea search`: one search from a fresh game or a position reached by `--moves`.

use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use super::run::deadline;
use super::{Algo, CliError, GameName, SearchArgs, registered};
use alea::registry::{OptionValue, SearchRefused};
use alea::search::{ActionStats, Algorithm, Limits, SearchRequest};

/// What `search` reports.
#[derive(Serialize)]
struct Report {
    game: &'static str,
    algo: Algo,
    action: serde_json::Value,
    value: f64,
    simulations: u64,
    /// Fewer simulations ran than `--sims` asked (`--max-seconds`, or the cap of `u32::MAX`
    /// per thread).
    truncated: bool,
    seconds: f64,
    simulations_per_second: f64,
    threads: usize,
    seed: u64,
    stats: Vec<ActionStats<serde_json::Value>>,
}

/// The registry's options of `args`: any game's from `--option`, pig's also from
/// `--players` and `--target` (an option given both ways is refused).
fn given(args: &SearchArgs) -> Result<Vec<(String, OptionValue)>, CliError> {
    let mut given = registered::given(&args.options)?;
    let count = args.pig.players != super::Players::Count(2);
    let target = args.pig.target != super::PigArgs::TARGET;
    if args.game != GameName::Pig {
        if count || target {
            return Err(CliError::Usage(
                "--players and --target are pig options (other games take --option NAME=VALUE)"
                    .into(),
            ));
        }
        return Ok(given);
    }
    let flags = [
        ("players", count, i64::from(args.pig.count()?)),
        ("target", target, i64::from(args.pig.target)),
    ];
    for (name, set, value) in flags {
        match (given.iter().any(|(k, _)| k == name), set) {
            (false, _) => given.push((name.into(), OptionValue::Int(value))),
            (true, true) => {
                return Err(CliError::Usage(format!(
                    "--{name} and --option {name}=...: one of them"
                )));
            }
            (true, false) => {}
        }
    }
    Ok(given)
}

pub(super) fn run(args: &SearchArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let name = match args.game {
        GameName::Pig => "pig",
        GameName::Duel => "duel",
        GameName::Sgs => "sgs",
        GameName::Registered(name) => name,
        GameName::Mahjong => {
            return Err(CliError::Usage(
                "search takes a ruleset: riichi or sichuan (with --option rules=PRESET)".into(),
            ));
        }
    };
    let info = GameName::entry(name)?;
    let options = registered::checked(info, given(args)?)?;
    let game = (info.build)(&options).map_err(registered::option_error)?;
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
    let bar = match tree {
        true => super::run::counter(args.sims, "simulations"),
        false => indicatif::ProgressBar::hidden(),
    };
    // The clock times the search (the progress bar is set up before it).
    let started = Instant::now();
    let request = SearchRequest {
        algorithm: Some(algorithm(args.algo)),
        simulations: args.sims,
        depth: args.depth,
        threads,
        seed: args.seed,
        limits: monitor(&bar, args, started),
    };
    let result = game.search(&args.moves, &request).map_err(refused)?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        game: game.name(),
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
    let name =
        |a: &serde_json::Value| serde_json::to_string(a).map(|s| s.trim_matches('"').to_owned());
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

/// The kernel's algorithm of `--algo`.
fn algorithm(algo: Algo) -> Algorithm {
    match algo {
        Algo::Mc => Algorithm::Mc,
        Algo::Expectimax => Algorithm::Expectimax,
        Algo::Mcts => Algorithm::Mcts,
        Algo::Ismcts => Algorithm::Ismcts,
    }
}

/// A refused search in the command line's terms (the search's and the game's own errors as
/// they were before the registry).
fn refused(error: SearchRefused) -> CliError {
    match error {
        SearchRefused::Build(error) => CliError::Sim(error),
        SearchRefused::Search(error) => CliError::Search(error),
        moves => CliError::Refused(moves),
    }
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
