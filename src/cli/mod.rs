//! The `alea` command line: argument definitions and the commands behind them.

mod play;
mod simulate;

use clap::{Parser, Subcommand, ValueEnum};

pub use simulate::{GameTally, Summary, game_seed, simulate_pig};

/// An ECS kernel for card, dice and tile games with controllable randomness.
#[derive(Parser, Debug)]
#[command(name = "alea", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play one game with random players and print its log.
    Play(PlayArgs),
    /// Play many games with random players and print a summary.
    Simulate(SimulateArgs),
}

/// A reference game.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Pig (OpenSpiel's rules).
    Pig,
}

/// Pig's options shared by the commands.
#[derive(clap::Args, Debug, Clone)]
pub struct PigArgs {
    /// Number of players.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=10))]
    pub players: u8,
    /// The score that wins.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub target: u32,
}

impl PigArgs {
    /// The game configuration.
    pub fn game(&self) -> crate::games::pig::Pig {
        crate::games::pig::Pig {
            players: self.players,
            win_score: self.target,
            ..Default::default()
        }
    }
}

/// `alea play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game.
    pub game: GameName,
    /// The game seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print one JSON object instead of the readable log.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub pig: PigArgs,
}

/// `alea simulate`.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// The game.
    pub game: GameName,
    /// How many games.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// The base seed (game i is seeded from it and i).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: the available cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Print one JSON object instead of the readable summary.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub pig: PigArgs,
}

/// Runs a parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut impl std::io::Write) -> Result<(), CliError> {
    match cli.command {
        Command::Play(args) => play::run(&args, out),
        Command::Simulate(args) => simulate::run(&args, out),
    }
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
    /// The simulation failed.
    #[error(transparent)]
    Sim(#[from] crate::kernel::SimError),
    /// JSON encoding failed.
    #[error("cannot encode JSON: {0}")]
    Json(#[from] serde_json::Error),
}
