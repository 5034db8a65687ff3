//! Batch work without a Python loop: `simulate` and `search` run the CLI's own code in
//! process and return its `--json` object.

use alea_cli::cli::{Cli, CliError};

use crate::options::{Options, cli_game, flags, parse};

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

/// Runs `alea <args>` and returns what it printed.
pub fn run(args: &[String]) -> Result<String, RunError> {
    let command = parse(args).map_err(RunError::Usage)?;
    let mut out = Vec::new();
    alea_cli::cli::run(Cli { command }, &mut out)?;
    String::from_utf8(out).map_err(|e| RunError::Failed(e.to_string()))
}

/// The arguments of `alea simulate` for `game` (riichi and sichuan: `mahjong` with a preset).
pub fn simulate_args(
    game: &str,
    (games, seed, threads): (Option<u64>, u64, Option<u16>),
    players: Option<String>,
    options: &Options,
) -> Result<Vec<String>, RunError> {
    if game == "leduc" {
        return Err(RunError::Usage(
            "simulate plays pig, riichi, sichuan, duel and sgs (search takes leduc)".into(),
        ));
    }
    let (name, options) = cli_game(game, options).map_err(RunError::Usage)?;
    let mut args = vec![
        "simulate".to_string(),
        name,
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
    args.extend(flags(&options));
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
    options: &Options,
) -> Vec<String> {
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
    args.extend(flags(options));
    args.push("--json".into());
    args
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
