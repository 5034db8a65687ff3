//! The `alea` command line: argument definitions and the commands behind them.

mod deal;
mod mount;
mod play;
mod score;
mod search;
mod simulate;

use clap::{Parser, Subcommand, ValueEnum};

pub use deal::{SeatedAbility, SeatedAbilityError};
pub use mount::{
    ArgError, Collapse, Light, Load, MountReport, TileList, TileNumber, build_mount, explore_mount,
};
pub use score::{RulesArg, score_line, score_lines};
pub use simulate::{
    GameTally, MahjongSummary, MatchResult, SeatSummary, Summary, simulate_mahjong, simulate_pig,
};

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
    /// Play one game (pig: random players; mahjong: --players) and print its log.
    Play(PlayArgs),
    /// Play many games (pig: random players; mahjong: --players) and print a summary.
    Simulate(SimulateArgs),
    /// Search the best move of a position and print it with its value and speed.
    Search(SearchArgs),
    /// Explore the mount: exact odds of the next normal draw against sampled frequencies.
    ///
    /// Zone A holds exactly --tiles. The operations apply to the next normal draw in this order:
    /// --load-b, --collapse, --light, --light-b. Each of --draws draws starts from that state.
    Mount(MountArgs),
    /// Score riichi hands: one JSON object a line on stdin, one JSON result a line on stdout.
    ///
    /// Input: {"tiles": "123m456p789s11z", "melds": [{"kind": "pon", "tiles": "222z"}],
    /// "win_tile": "1z", "tsumo": false, "riichi": false, "double_riichi": false, "ippatsu":
    /// false, "seat_wind": "E", "round_wind": "E", "dealer": false, "dora_indicators": "",
    /// "ura_indicators": "", "haitei": false, "houtei": false, "rinshan": false, "chankan":
    /// false, "tenhou": false, "chiihou": false, "honba": 0, "riichi_sticks": 0} (tiles: the
    /// concealed tiles with the winning tile; meld kinds pon, chi, open_kan, closed_kan,
    /// added_kan; only tiles and win_tile are required). Output: {"han", "fu", "points":
    /// {"total", "ron" | "dealer", "non_dealer", "riichi_sticks"}, "yaku": [[name, han]]} or
    /// {"error": "..."}.
    Score(ScoreArgs),
    /// Deal starting hands with abilities seated: per-ability statistics, or one JSON line per
    /// deal.
    Deal(DealArgs),
}

/// The rules `deal` deals for.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealRules {
    /// 136 tiles with three red fives, one dora indicator.
    Riichi,
    /// 108 suited tiles, no indicators.
    Sichuan,
}

/// `alea deal`.
#[derive(clap::Args, Debug)]
pub struct DealArgs {
    /// The tile set and wall.
    #[arg(long)]
    pub rules: DealRules,
    /// Abilities and their seats, e.g. `kuro@0,kasumi@1` (kuro, kasumi, awai, koromo; seats 0–3,
    /// one ability per seat).
    #[arg(long, value_delimiter = ',')]
    pub abilities: Vec<SeatedAbility>,
    /// How many deals (deal i is round i of the seed's deal stream).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub deals: u32,
    /// The seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print one JSON object per deal, one per line:
    /// `{"hands": [[tile...] x4], "dora_indicators": [...], "plans": {ability: plan}}`.
    #[arg(long)]
    pub json: bool,
}

/// A game `search` knows.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchGame {
    /// Pig (OpenSpiel's rules; `--players`, `--target`).
    Pig,
    /// Leduc poker (OpenSpiel's rules).
    Leduc,
}

/// A search algorithm.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Algo {
    /// Expectimax with Monte Carlo chance nodes: `--sims` sampled outcomes per chance node,
    /// `--depth` moves deep, leaves valued by a random playout.
    Mc,
    /// Exact expectimax over chance cases, `--depth` moves deep, leaves valued by `--sims`
    /// random playouts.
    Expectimax,
    /// UCT with random playouts (perfect information), `--sims` simulations.
    Mcts,
    /// Information-set MCTS (hidden information), `--sims` simulations.
    Ismcts,
}

/// `alea search`.
#[derive(clap::Args, Debug)]
pub struct SearchArgs {
    /// The game.
    pub game: SearchGame,
    /// The algorithm.
    #[arg(long)]
    pub algo: Algo,
    /// Simulations (mcts, ismcts), sampled outcomes per chance node (mc) or playouts per leaf
    /// (expectimax).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub sims: u64,
    /// Search depth in moves (mc, expectimax).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Threads (mcts, ismcts: root parallelism; the result depends on seed and threads).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// The game and search seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Moves from the start to the searched position, e.g. `roll,roll,stop`.
    #[arg(long, value_delimiter = ',')]
    pub moves: Vec<String>,
    /// Print one JSON object instead of the readable report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub pig: PigArgs,
}

/// A reference game.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Pig (OpenSpiel's rules).
    Pig,
    /// Mahjong (`--rules riichi`, a preset of assets/riichi.ron).
    Mahjong,
}

/// `--players`: a player count (pig, 2 to 10) or the players by seat (mahjong:
/// `greedy,random,...`; a shorter list repeats its last entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersArg {
    /// How many players.
    Count(u8),
    /// The players by seat.
    Kinds(Vec<crate::games::mahjong::riichi::PlayerKind>),
}

/// A `--players` value that is neither a count from 2 to 10 nor a list of players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayersArgError {
    /// A count out of range.
    #[error("{0} players: the count must be 2 to 10")]
    Count(u64),
    /// An unknown player name.
    #[error(transparent)]
    Kind(#[from] crate::games::mahjong::riichi::UnknownPlayer),
    /// More than four players in the list.
    #[error("{0} players listed: a mahjong table has 4 seats")]
    TooMany(usize),
}

impl std::str::FromStr for PlayersArg {
    type Err = PlayersArgError;
    fn from_str(text: &str) -> Result<PlayersArg, PlayersArgError> {
        if let Ok(n) = text.parse::<u64>() {
            return match u8::try_from(n) {
                Ok(n) if (2..=10).contains(&n) => Ok(PlayersArg::Count(n)),
                _ => Err(PlayersArgError::Count(n)),
            };
        }
        let kinds = text
            .split(',')
            .map(|name| name.trim().parse())
            .collect::<Result<Vec<_>, _>>()?;
        if kinds.len() > 4 {
            return Err(PlayersArgError::TooMany(kinds.len()));
        }
        Ok(PlayersArg::Kinds(kinds))
    }
}

/// The table options of `play` and `simulate`: pig's player count and target, mahjong's
/// players, rules and length.
#[derive(clap::Args, Debug, Clone)]
pub struct TableArgs {
    /// Pig: the number of players (2 to 10, default 2). Mahjong: the players by seat, from
    /// random and greedy (default greedy for all four; a shorter list repeats its last entry).
    #[arg(long)]
    pub players: Option<PlayersArg>,
    /// Pig: the score that wins.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub target: u32,
    /// Mahjong: the rules preset (riichi, riichi-east, riichi-nored).
    #[arg(long, default_value = "riichi")]
    pub rules: String,
    /// Mahjong: the match length (kyoku, east, hanchan), overriding the preset's.
    #[arg(long)]
    pub length: Option<crate::games::mahjong::riichi::Length>,
}

impl TableArgs {
    /// Pig's configuration.
    pub fn pig(&self) -> Result<crate::games::pig::Pig, CliError> {
        let players = match &self.players {
            None => 2,
            Some(PlayersArg::Count(n)) => *n,
            Some(PlayersArg::Kinds(_)) => {
                return Err(CliError::BadTable(
                    "pig takes a player count for --players (2 to 10)".into(),
                ));
            }
        };
        Ok(crate::games::pig::Pig {
            players,
            win_score: self.target,
            ..Default::default()
        })
    }

    /// Mahjong's rules and players by seat.
    pub fn mahjong(
        &self,
    ) -> Result<
        (
            crate::games::mahjong::riichi::Riichi,
            [crate::games::mahjong::riichi::PlayerKind; 4],
        ),
        CliError,
    > {
        use crate::games::mahjong::riichi::{PlayerKind, Riichi};
        let mut game =
            Riichi::preset(&self.rules).map_err(|e| CliError::BadTable(e.to_string()))?;
        if let Some(length) = self.length {
            game = game.with_length(length);
        }
        let players = match &self.players {
            None => [PlayerKind::Greedy; 4],
            Some(PlayersArg::Count(4)) => [PlayerKind::Greedy; 4],
            Some(PlayersArg::Count(n)) => {
                return Err(CliError::BadTable(format!(
                    "a mahjong table has 4 seats, not {n}"
                )));
            }
            Some(PlayersArg::Kinds(kinds)) => {
                let last = *kinds.last().unwrap_or(&PlayerKind::Greedy);
                std::array::from_fn(|s| kinds.get(s).copied().unwrap_or(last))
            }
        };
        Ok((game, players))
    }
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
    pub table: TableArgs,
}

/// `alea simulate`.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// The game.
    pub game: GameName,
    /// How many games (default: 100000 for pig, 200 matches for mahjong).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
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
    pub table: TableArgs,
}

/// `alea mount`.
#[derive(clap::Args, Debug)]
pub struct MountArgs {
    /// The tiles zone A holds, in notation: "7p 8p8p 9p9p9p", "123m406p" (0 = red five).
    #[arg(long)]
    pub tiles: TileList,
    /// Presence for the next normal draw in zone A, in mk (repeatable). A black five names its
    /// kind, a red five the red copies.
    #[arg(long, value_name = "TILE:MK", allow_hyphen_values = true)]
    pub light: Vec<Light>,
    /// Presence for the next normal draw in zone B, in mk (repeatable).
    #[arg(long = "light-b", value_name = "TILE:MK", allow_hyphen_values = true)]
    pub light_b: Vec<Light>,
    /// Move up to N copies of a tile from zone A to zone B (repeatable).
    #[arg(long = "load-b", value_name = "TILE:N")]
    pub load_b: Vec<Load>,
    /// Fix a slot to a tile: exit pii, rinshan, dorahyou or urahyou; position 0 = next out.
    #[arg(long, value_name = "EXIT:POS:TILE")]
    pub collapse: Vec<Collapse>,
    /// How many independent draws to sample (each from the same starting state).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub draws: u64,
    /// The seed of the sampling stream.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print `{"exact": {tile: p}, "observed": {tile: count}, "draws": N}` instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `alea score`.
#[derive(clap::Args, Debug)]
pub struct ScoreArgs {
    /// Rule options as JSON, e.g. '{"double_yakuman": true, "kuitan": false}'. Fields:
    /// kuitan (default true), red_fives (true), double_yakuman (false), kazoe_yakuman (true),
    /// kiriage_mangan (false).
    #[arg(long, default_value = "{}")]
    pub rules: RulesArg,
}

/// Writes `value` as one JSON line.
fn json_line(out: &mut impl std::io::Write, value: &impl serde::Serialize) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Runs a parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut impl std::io::Write) -> Result<(), CliError> {
    match cli.command {
        Command::Play(args) => play::run(&args, out),
        Command::Simulate(args) => simulate::run(&args, out),
        Command::Search(args) => search::run(&args, out),
        Command::Mount(args) => mount::run(&args, out),
        Command::Score(args) => score::run(&args, out),
        Command::Deal(args) => deal::run(&args, out),
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
    /// A `--moves` token is not an action of the game.
    #[error("move {index} of --moves, {token:?}, is not an action of this game")]
    BadMove {
        /// 1-based position in the list.
        index: usize,
        /// The token.
        token: String,
    },
    /// A `--moves` action is not legal where it is played.
    #[error("move {index} of --moves, {token:?}: {error}")]
    IllegalMove {
        /// 1-based position in the list.
        index: usize,
        /// The token.
        token: String,
        /// Why it was refused.
        error: crate::kernel::SimError,
    },
    /// The options do not fit together.
    #[error("{0}")]
    Usage(String),
    /// A table option (`--players`, `--rules`) does not fit the game.
    #[error("{0}")]
    BadTable(String),
    /// The search failed.
    #[error(transparent)]
    Search(#[from] crate::search::SearchError),
    /// The mount refused an operation given on the command line.
    #[error("{option} {value}: {source}")]
    MountOperation {
        /// The option (`--light`, ...).
        option: &'static str,
        /// Its value as written.
        value: String,
        /// Why the mount refused it.
        source: crate::mount::MountError,
    },
    /// The deal failed (or its abilities cannot be seated).
    #[error(transparent)]
    Deal(#[from] crate::dealer::DealError),
    /// The mount cannot draw.
    #[error(transparent)]
    Mount(#[from] crate::mount::MountError),
}

impl CliError {
    /// The process exit status: 2 for a bad argument (as for clap's own errors), 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::MountOperation { .. } | CliError::BadTable(_) => 2,
            CliError::Deal(
                crate::dealer::DealError::SeatTaken { .. }
                | crate::dealer::DealError::NoSuchSeat { .. },
            ) => 2,
            _ => 1,
        }
    }
}
