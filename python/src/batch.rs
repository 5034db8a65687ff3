//! Batch work without a Python loop: `simulate` and `search` run the CLI's own code in
//! process and return its `--json` object.

use alea::registry::OptionValue;
use alea_cli::cli::{Cli, CliError};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::{option_value, read_options};
use crate::options::{Given, entry, option_flags, simulate_flags};

/// Why a CLI run failed: a usage error (the CLI's exit status 2) or another.
pub enum RunError {
    /// Bad arguments.
    Usage(String),
    /// The run failed.
    Failed(String),
}

impl From<CliError> for RunError {
    fn from(error: CliError) -> Self {
        match error.exit_code() {
            2 => RunError::Usage(error.to_string()),
            _ => RunError::Failed(error.to_string()),
        }
    }
}

impl From<alea::registry::OptionError> for RunError {
    fn from(error: alea::registry::OptionError) -> Self {
        RunError::Usage(error.to_string())
    }
}

/// Parses `alea <args>` with the CLI's parser; a usage error's message on failure.
pub fn parse(args: &[String]) -> Result<alea_cli::cli::Command, String> {
    use clap::Parser;
    let argv = std::iter::once("alea".to_string()).chain(args.iter().cloned());
    Cli::try_parse_from(argv)
        .map(|cli| cli.command)
        .map_err(|e| e.to_string().trim_end().to_string())
}

/// Runs `alea <args>` and returns what it printed.
pub fn run(args: &[String]) -> Result<String, RunError> {
    let command = parse(args).map_err(RunError::Usage)?;
    let mut out = Vec::new();
    alea_cli::cli::run(Cli { command }, &mut out)?;
    String::from_utf8(out).map_err(|e| RunError::Failed(e.to_string()))
}

/// The arguments of `alea simulate` for `game`.
pub fn simulate_args(
    game: &str,
    (games, seed, threads): (Option<u64>, u64, Option<u16>),
    players: Option<String>,
    options: &Given,
) -> Result<Vec<String>, RunError> {
    let flags = simulate_flags(game, options)?;
    let mut args = vec![
        "simulate".to_string(),
        game.to_string(),
        "--seed".into(),
        seed.to_string(),
    ];
    if let Some(games) = games {
        args.extend(["--games".into(), games.to_string()]);
    }
    if let Some(threads) = threads {
        args.extend(["--threads".into(), threads.to_string()]);
    }
    if let Some(players) = players {
        args.extend(["--players".into(), players]);
    }
    args.extend(flags);
    args.push("--json".into());
    Ok(args)
}

/// The arguments of `alea search`.
pub fn search_args(
    game: &str,
    algo: &str,
    sims: u64,
    (depth, seed, threads): (Option<u32>, u64, u16),
    moves: &[String],
    options: &Given,
) -> Result<Vec<String>, RunError> {
    entry(game)?.options(options.iter().cloned())?;
    let flags = option_flags(options);
    let mut args = vec![
        "search".to_string(),
        game.to_string(),
        "--algo".into(),
        algo.to_string(),
        "--sims".into(),
        sims.to_string(),
        "--seed".into(),
        seed.to_string(),
        "--threads".into(),
        threads.to_string(),
    ];
    if let Some(depth) = depth {
        args.extend(["--depth".into(), depth.to_string()]);
    }
    if !moves.is_empty() {
        args.extend(["--moves".into(), moves.join(",")]);
    }
    args.extend(flags);
    args.push("--json".into());
    Ok(args)
}

/// The arguments of `alea arena` for `game`: pig's seat count is its `seats` option here
/// (`players` names the player kinds).
pub fn arena_args(
    game: &str,
    players: &[String],
    (deals, seed, threads): (u64, u64, Option<u16>),
    options: &Given,
) -> Result<Vec<String>, RunError> {
    let pig = game == "pig";
    let rename = |(key, value): &(String, OptionValue), from: &str, to: &str| {
        let key = if pig && key == from { to } else { key.as_str() };
        (key.to_string(), value.clone())
    };
    let given: Given = options
        .iter()
        .map(|o| rename(o, "seats", "players"))
        .collect();
    let mut flags = simulate_flags(game, &given).map_err(|e| match e {
        alea::registry::OptionError::Invalid {
            option,
            value,
            expected,
        } if pig && option == "players" => {
            RunError::Usage(format!("option seats = {value}: expected {expected}"))
        }
        other => other.into(),
    })?;
    if pig {
        flags
            .iter_mut()
            .filter(|f| *f == "--players")
            .for_each(|f| *f = "--seats".into());
    }
    let mut args = vec![
        "arena".to_string(),
        game.to_string(),
        "--players".into(),
        players.join(","),
        "--deals".into(),
        deals.to_string(),
        "--seed".into(),
        seed.to_string(),
    ];
    if let Some(threads) = threads {
        args.extend(["--threads".into(), threads.to_string()]);
    }
    args.extend(flags);
    args.push("--json".into());
    Ok(args)
}

/// `alea arena` arguments parsed, for shards.
fn arena_command(args: &[String]) -> Result<alea_cli::cli::ArenaArgs, RunError> {
    match parse(args).map_err(RunError::Usage)? {
        alea_cli::cli::Command::Arena(args) => Ok(args),
        _ => Err(RunError::Usage(
            "arena shards run `alea arena` arguments".into(),
        )),
    }
}

/// Plays deals `first..first + count` of the arena `args` describe; their results as JSON.
pub fn arena_shard_json(args: &[String], first: u64, count: u64) -> Result<String, RunError> {
    let args = arena_command(args)?;
    let threads = args.threads.unwrap_or(1);
    let deals = alea_cli::cli::arena_shard(&args, first, count, threads)?;
    serde_json::to_string(&deals).map_err(|e| RunError::Failed(e.to_string()))
}

/// Merges arena shards (JSON) into the report `alea arena ARGS --json` prints.
pub fn arena_merge_json(
    args: &[String],
    shards: &[String],
    threads: u16,
    seconds: f64,
) -> Result<String, RunError> {
    let args = arena_command(args)?;
    let mut merged: Option<alea::arena::ArenaDeals> = None;
    for (at, text) in shards.iter().enumerate() {
        let deals: alea::arena::ArenaDeals = serde_json::from_str(text)
            .map_err(|e| RunError::Usage(format!("shard {at} is not an arena shard: {e}")))?;
        match &mut merged {
            Some(merged) => merged.merge(deals).map_err(CliError::from)?,
            None => merged = Some(deals),
        }
    }
    let merged = merged.ok_or_else(|| RunError::Usage("no shards to merge".into()))?;
    let report = alea_cli::cli::arena_report_json(&args, &merged, threads, seconds)?;
    Ok(report.to_string())
}

/// `alea simulate` arguments parsed, for shards.
fn simulate_command(args: &[String]) -> Result<alea_cli::cli::SimulateArgs, RunError> {
    match parse(args).map_err(RunError::Usage)? {
        alea_cli::cli::Command::Simulate(args) => Ok(args),
        _ => Err(RunError::Usage(
            "shards run `alea simulate` arguments".into(),
        )),
    }
}

/// Checks that `args` describe a run that can be sharded, without playing.
pub fn check_run(args: &[String]) -> Result<(), RunError> {
    Ok(alea_cli::cli::shard::check_run(&simulate_command(args)?)?)
}

/// Plays games `first..first + count` of the run `args` describe (game `i` seeded from
/// `(seed, i)`) and returns their totals as JSON.
pub fn shard(args: &[String], first: u64, count: u64) -> Result<String, RunError> {
    let args = simulate_command(args)?;
    let threads = args.threads.unwrap_or(1);
    let totals = alea_cli::cli::shard::simulate_totals(&args, first, count, threads)?;
    serde_json::to_string(&totals).map_err(|e| RunError::Failed(e.to_string()))
}

/// Merges shards' totals (JSON) into the run's summary, as `alea simulate --json` prints it.
pub fn merge(
    args: &[String],
    shards: &[String],
    threads: u16,
    seconds: f64,
) -> Result<String, RunError> {
    let args = simulate_command(args)?;
    let mut merged: Option<alea_cli::cli::shard::Totals> = None;
    for (at, text) in shards.iter().enumerate() {
        let totals: alea_cli::cli::shard::Totals = serde_json::from_str(text)
            .map_err(|e| RunError::Usage(format!("shard {at} is not a shard's totals: {e}")))?;
        match &mut merged {
            Some(merged) => merged.merge(&totals)?,
            None => merged = Some(totals),
        }
    }
    let merged = merged.ok_or_else(|| RunError::Usage("no shards to merge".into()))?;
    let summary = alea_cli::cli::shard::summary_json(&args, &merged, threads, seconds)?;
    Ok(summary.to_string())
}

fn run_error(error: RunError) -> PyErr {
    match error {
        RunError::Usage(message) => PyValueError::new_err(message),
        RunError::Failed(message) => PyRuntimeError::new_err(message),
    }
}

/// Runs `alea ARGS...` in process and returns what it printed (the CLI's text).
#[pyfunction]
fn run_cli(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    py.detach(|| run(&args)).map_err(run_error)
}

/// The arguments of `alea simulate` for a call of `alea.simulate`.
#[pyfunction(name = "simulate_args")]
#[pyo3(signature = (game, games = None, seed = 0, threads = None, players = None, **options))]
fn py_simulate_args(
    game: &str,
    games: Option<u64>,
    seed: u64,
    threads: Option<u16>,
    players: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    let players = match players {
        Some(p) => match option_value(p)? {
            Some(OptionValue::Int(n)) => Some(n.to_string()),
            Some(OptionValue::Text(text)) => Some(text),
            Some(OptionValue::List(items)) => Some(items.join(",")),
            None => None,
        },
        None => None,
    };
    let options = read_options(options)?;
    simulate_args(game, (games, seed, threads), players, &options).map_err(run_error)
}

/// The arguments of `alea search` for a call of `alea.search`.
#[pyfunction(name = "search_args")]
#[pyo3(signature = (game, algo, sims, depth = None, seed = 0, threads = 1, moves = None, **options))]
#[allow(clippy::too_many_arguments)]
fn py_search_args(
    game: &str,
    algo: &str,
    sims: u64,
    depth: Option<u32>,
    seed: u64,
    threads: u16,
    moves: Option<Vec<String>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    let options = read_options(options)?;
    search_args(
        game,
        algo,
        sims,
        (depth, seed, threads),
        &moves.unwrap_or_default(),
        &options,
    )
    .map_err(run_error)
}

/// Plays games `first..first + count` of the `alea simulate` run `args` describe; returns their
/// totals as JSON (a Ray shard).
#[pyfunction]
fn simulate_shard(py: Python<'_>, args: Vec<String>, first: u64, count: u64) -> PyResult<String> {
    py.detach(|| shard(&args, first, count)).map_err(run_error)
}

/// Checks that `alea simulate ARGS` can be sharded (raises what a shard would).
#[pyfunction]
fn check_shard_args(args: Vec<String>) -> PyResult<()> {
    check_run(&args).map_err(run_error)
}

/// Merges shards' totals into the summary `alea simulate ARGS --json` prints.
#[pyfunction]
fn merge_shards(
    py: Python<'_>,
    args: Vec<String>,
    shards: Vec<String>,
    threads: u16,
    seconds: f64,
) -> PyResult<String> {
    py.detach(|| merge(&args, &shards, threads, seconds))
        .map_err(run_error)
}

/// The arguments of `alea arena` for a call of `alea.arena`.
#[pyfunction(name = "arena_args")]
#[pyo3(signature = (game, players, deals = 100, seed = 0, threads = None, **options))]
fn py_arena_args(
    game: &str,
    players: &Bound<'_, PyAny>,
    deals: u64,
    seed: u64,
    threads: Option<u16>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    let players = match option_value(players)? {
        Some(OptionValue::Text(text)) => text.split(',').map(|p| p.trim().to_string()).collect(),
        Some(OptionValue::List(items)) => items,
        _ => {
            return Err(PyValueError::new_err(
                "players: expected player names (a list, or a comma-separated string)",
            ));
        }
    };
    let options = read_options(options)?;
    arena_args(game, &players, (deals, seed, threads), &options).map_err(run_error)
}

/// Plays deals `first..first + count` of the `alea arena` run `args` describe; returns them as
/// JSON (a Ray shard).
#[pyfunction]
fn arena_shard(py: Python<'_>, args: Vec<String>, first: u64, count: u64) -> PyResult<String> {
    py.detach(|| arena_shard_json(&args, first, count))
        .map_err(run_error)
}

/// Checks that `alea arena ARGS` can run (raises what a shard would), without playing.
#[pyfunction]
fn check_arena_args(args: Vec<String>) -> PyResult<()> {
    let args = arena_command(&args).map_err(run_error)?;
    alea_cli::cli::arena_of(&args)
        .map(|_| ())
        .map_err(|e| run_error(e.into()))
}

/// Merges arena shards into the report `alea arena ARGS --json` prints.
#[pyfunction]
fn merge_arena(
    py: Python<'_>,
    args: Vec<String>,
    shards: Vec<String>,
    threads: u16,
    seconds: f64,
) -> PyResult<String> {
    py.detach(|| arena_merge_json(&args, &shards, threads, seconds))
        .map_err(run_error)
}

/// The seed of game `index` of a run seeded with `seed` (the CLI's `sub_seed`).
#[pyfunction]
fn sub_seed(seed: u64, index: u64) -> u64 {
    alea::chance::sub_seed(seed, index)
}

/// Adds the batch functions to `alea._alea`.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    m.add_function(wrap_pyfunction!(sub_seed, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_shard, m)?)?;
    m.add_function(wrap_pyfunction!(merge_shards, m)?)?;
    m.add_function(wrap_pyfunction!(check_shard_args, m)?)?;
    m.add_function(wrap_pyfunction!(py_simulate_args, m)?)?;
    m.add_function(wrap_pyfunction!(py_search_args, m)?)?;
    m.add_function(wrap_pyfunction!(py_arena_args, m)?)?;
    m.add_function(wrap_pyfunction!(arena_shard, m)?)?;
    m.add_function(wrap_pyfunction!(check_arena_args, m)?)?;
    m.add_function(wrap_pyfunction!(merge_arena, m)?)?;
    Ok(())
}
