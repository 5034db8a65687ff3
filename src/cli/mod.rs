//! The `alea` command line: argument definitions and the commands behind them.

mod arena;
mod deal;
mod dice;
mod mjai;
mod mount;
mod play;
mod plot;
mod profile;
mod registered;
mod replay;
mod run;
mod score;
mod search;
mod setup;
mod sgs;
pub mod shard;
mod simulate;
mod stream;
mod think;
mod totals;
mod view;

use clap::{Parser, Subcommand, ValueEnum};

pub use registered::{checked as checked_options, option_error};

pub use alea::registry::Summary;
pub use alea_games::games::mahjong::abilities::{SeatedAbility, SeatedAbilityError};
pub use alea_games::games::mahjong::{MahjongSummary, MatchResult, SeatSummary};
pub use alea_games::games::sgs::{
    RoleSummary, SgsResult, SgsSeatSummary, SgsSummary, wilson_interval,
};
pub use arena::{arena as arena_of, report_json as arena_report_json, shard as arena_shard};
pub use mount::{
    ArgError, Collapse, Light, Load, MountReport, TileList, TileNumber, build_mount, explore_mount,
};
pub use registered::{GameName, game_name_parser};
pub use replay::{
    GameRecord, Mismatch, OUTDATED, REPLAY_VERSION, Recording, ReplayError, ReplaySummary,
    replay_file, replay_line, replay_lines,
};
pub use run::{GameTally, Played, Scores, Sink, simulate};
pub use score::{RulesArg, score_line, score_lines};
pub use sgs::{SgsArgs, simulate_sgs, stream_sgs};
pub use simulate::{
    simulate_duel, simulate_mahjong, simulate_pig, stream_duel, stream_duel_recorded,
    stream_mahjong, stream_pig,
};
pub use stream::{Batch, Streamed};
pub use view::{PageData, Step, Views, page, page_data, parse_views, view_mjai};

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
    /// Play one game and print its log (mahjong: `--players`, `--rules`, `--length`).
    Play(PlayArgs),
    /// Play many games and print a summary (mahjong: `--players`, `--rules`, `--length`).
    Simulate(SimulateArgs),
    /// Re-simulate every game of a replay file (`simulate --out`) and check its scores and
    /// checksum; the exit status is non-zero if any game differs.
    Replay(ReplayArgs),
    /// Write a game of a replay file as a web page that plays it back step by step (one
    /// self-contained HTML file: it opens from disk, with no server or network).
    View(ViewArgs),
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
    /// Generate dice from a dice generation expression (DGE).
    Dice(DiceArgs),
    /// Value every legal action of the seat to move by benefit simulation, best first, and
    /// show what SmartAI chooses.
    Think(ThinkArgs),
    /// Play riichi at an mjai table: read the protocol's requests on stdin (a JSON array of
    /// events a line, or one event), answer each with one action on stdout.
    MjaiBot(MjaiBotArgs),
    /// Duplicate evaluation: every deal played once per rotation of the seating, so each player
    /// sits in every seat of every deal; each player's mean return with a 95 % interval paired
    /// by deal, and each head-to-head difference.
    Arena(ArenaArgs),
    /// List the registered games with their options (name, type, default, description) and
    /// player kinds.
    Games(GamesArgs),
}

/// `alea arena`.
#[derive(clap::Args, Debug, Clone)]
pub struct ArenaArgs {
    /// The game, as `simulate` takes it (`alea games` lists the games and their players).
    #[arg(value_parser = game_name_parser())]
    pub game: GameName,
    /// The players by seat, by the game's player names (`ismcts,greedy`); a shorter list
    /// repeats its last entry.
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Deals: each is one game of the game's length, dealt from (seed, deal) and played once
    /// per rotation of the seating.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub deals: u64,
    /// The base seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: the available cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Print `{"game", "deals", "seed", "seating", "rotations", "players": [{"player", "seats",
    /// "mean", "interval": [lo, hi], "measures": {NAME: {"mean", "interval"}}}],
    /// "differences": [{"a", "b", "mean", "interval"}], "mean_moves", "options", "threads",
    /// "seconds"}` (an interval is null from one deal).
    #[arg(long)]
    pub json: bool,
    /// Draw each player's mean with its interval, and the running means over the deals, to
    /// this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
    /// An option of a registered game without flags of its own, NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Pig: the number of seats (2 to 10; default 2).
    #[arg(long)]
    pub seats: Option<u8>,
    /// Pig: the score that wins (default 100).
    #[arg(long)]
    pub target: Option<u32>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub duel: DuelArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub mahjong: MahjongArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub sgs: SgsArgs,
}

/// `alea games`.
#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// Print `{"games": [{"name", "description", "options": [{"name", "type", "default",
    /// "allowed", "range" (integers), "description"}], "players": [{"name", "description"}],
    /// "encoding": {"observation_shape", "observation": [{"start", "end", "meaning"}],
    /// "num_actions", "actions": [{"start", "end", "meaning"}]}}]}` (the encoding with the
    /// default options).
    #[arg(long)]
    pub json: bool,
}

/// `alea mjai-bot`.
#[derive(clap::Args, Debug)]
pub struct MjaiBotArgs {
    /// The player at the bot's seat: greedy, cautious, random or `ismcts[:N]`.
    #[arg(long, default_value = "greedy")]
    pub player: alea_games::games::mahjong::riichi::PlayerKind,
    /// The bot's seat (0-3); without it, the `id` of `start_game`.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub seat: Option<u8>,
    /// The seed of the player's choices and of the tiles the bot imagines for what it cannot
    /// see.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The riichi rules preset the table plays.
    #[arg(long, default_value = "riichi")]
    pub rules: String,
    /// Rule options that replace the preset's, as JSON (see `replay --options`).
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
}

/// A game `think` knows.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThinkGame {
    /// sgs.
    Sgs,
}

/// How `think` answers the questions inside its simulations.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswersArg {
    /// Nobody answers (no jink, no nullification, no peach): FreeKill's own simulation.
    Optimistic,
    /// The seat's unknowns determinized `--worlds` times (default 8), questions answered by
    /// TrustAI in each world, the mean.
    Sampled,
}

/// `alea think`.
#[derive(clap::Args, Debug)]
pub struct ThinkArgs {
    /// The game.
    pub game: ThinkGame,
    /// The position (a position file: see the book, `docs/src/games/sgs.md`).
    #[arg(long, value_name = "FILE")]
    pub position: std::path::PathBuf,
    /// How questions inside the simulations are answered.
    #[arg(long, value_enum, default_value_t = AnswersArg::Sampled)]
    pub answers: AnswersArg,
    /// Worlds per decision with sampled answers (default 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub worlds: Option<u32>,
    /// The seed of the position's pile and of the simulations.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print `{"seat", "choice", "actions": [{"action", "card", "targets", "benefit"}]}`.
    #[arg(long)]
    pub json: bool,
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
    /// Abilities and their seats, e.g. `kuro@0,kasumi@1` (kuro, kasumi, awai, koromo, toki,
    /// takami, hatsumi, sawaya; seats 0–3, one ability per seat).
    #[arg(long, value_delimiter = ',')]
    pub abilities: Vec<SeatedAbility>,
    /// How many deals (deal i is round i of the seed's deal stream).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub deals: u32,
    /// The seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The hand every deal is: round wind and number, E1..N4 (seat number − 1 deals).
    #[arg(long, default_value = "E1")]
    pub round: alea_games::dealer::DealRound,
    /// The hand is all-last (the match's last).
    #[arg(long)]
    pub all_last: bool,
    /// Print one JSON object per deal, one per line:
    /// `{"round", "all_last", "hands": [[tile...] x4], "dora_indicators": [...], "plans": {ability: plan}}`.
    #[arg(long)]
    pub json: bool,
    /// Draw each seat's starting shanten, dora tiles (riichi) and honors as histograms to this
    /// SVG file (the shares of the deals).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
}

/// Which dice generator `alea dice` uses.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeneratorArg {
    /// The round-start roll (missing dice are omni).
    Roll,
    /// The black generator of cards that create dice (no omni, no repeats, fill black).
    Black,
}

/// `alea dice`.
#[derive(clap::Args, Debug)]
pub struct DiceArgs {
    /// The expression, e.g. "omni@4, white@2, black@2" or "pyro@3/8, black@5/8" or "random".
    #[arg(long, allow_hyphen_values = true)]
    pub expr: String,
    /// How many dice.
    #[arg(long, default_value_t = 8)]
    pub n: usize,
    /// The elements of the living characters, e.g. pyro,hydro,cryo.
    #[arg(long, value_delimiter = ',', required = true)]
    pub team: Vec<alea_games::dice::Face>,
    /// The active character's index in --team.
    #[arg(long, default_value_t = 0)]
    pub active: usize,
    /// The generator.
    #[arg(long, value_enum, default_value_t = GeneratorArg::Roll)]
    pub generator: GeneratorArg,
    /// The seed of the dice stream.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print `{"dice": [face...]}`.
    #[arg(long)]
    pub json: bool,
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
    /// The game (any registered game; riichi and sichuan by name, not `mahjong`).
    #[arg(value_parser = game_name_parser())]
    pub game: GameName,
    /// An option of the game (pig: also --players and --target), NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
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
    /// mcts, ismcts: stop after this many seconds (the simulations run by then are reported,
    /// `"truncated": true`).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub max_seconds: Option<f64>,
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

/// Refuses `--target` (pig) and `--decks` (duel) for another game, `--players` for
/// `simulate duel` (its players are random) and for a game of random players only, and
/// `--option` for a game with options of its own: they would be ignored.
fn only_where_they_apply(
    game: GameName,
    (pig, duel): (&PigArgs, &DuelArgs),
    options: &[String],
    simulating: bool,
) -> Result<(), CliError> {
    match game {
        GameName::Registered(name) if pig.players != Players::Count(2) => {
            return Err(CliError::Usage(format!(
                "{name} plays random players: --players does not apply"
            )));
        }
        GameName::Registered(_) => {}
        _ if !options.is_empty() => {
            return Err(CliError::Usage(
                "--option sets the options of a game without flags of its own (see `alea games`)"
                    .into(),
            ));
        }
        _ => {}
    }
    if game != GameName::Pig && pig.target != PigArgs::TARGET {
        return Err(CliError::Usage("--target is a pig option".into()));
    }
    if game != GameName::Duel && !duel.decks.is_empty() {
        return Err(CliError::Usage("--decks is a duel option".into()));
    }
    if simulating && game == GameName::Duel && pig.players != Players::Count(2) {
        return Err(CliError::Usage(
            "simulate duel plays random players: --players does not apply (play duel takes them)"
                .into(),
        ));
    }
    Ok(())
}

fn only_sgs(game: GameName, args: &SgsArgs) -> Result<(), CliError> {
    if game != GameName::Sgs && args.used() {
        return Err(CliError::BadArgument(
            "--mode, --position and --max-rounds are sgs options".into(),
        ));
    }
    Ok(())
}

/// Mahjong's options shared by `play` and `simulate`.
#[derive(clap::Args, Debug, Clone)]
pub struct MahjongArgs {
    /// Mahjong: the rules preset: riichi (default), riichi-east, riichi-nored
    /// (games/assets/riichi.ron) or sichuan, sichuan-4fan (games/assets/sichuan.ron).
    #[arg(long)]
    pub rules: Option<String>,
    /// Mahjong: the match length (kyoku, east, hanchan), overriding the preset's (sichuan:
    /// 1, 4 or 8 hands).
    #[arg(long)]
    pub length: Option<alea_games::games::mahjong::riichi::Length>,
    /// Mahjong: abilities in play, NAME@SEAT comma-separated (kuro, kasumi, awai, koromo,
    /// toki, takami, hatsumi, sawaya; e.g. takami@0,hatsumi@3,sawaya@1).
    #[arg(long, value_delimiter = ',')]
    pub abilities: Vec<SeatedAbility>,
}

/// A mahjong table of either ruleset.
#[derive(Clone, Debug)]
pub enum Table {
    /// Riichi.
    Riichi(alea_games::games::mahjong::riichi::Riichi),
    /// Sichuan bloody battle.
    Sichuan(alea_games::games::mahjong::sichuan::Sichuan),
}

impl MahjongArgs {
    /// The preset `--rules` names (riichi without the option).
    pub fn preset(&self) -> &str {
        self.rules.as_deref().unwrap_or("riichi")
    }

    /// The ruleset of `--rules` with `--length` and `--abilities` applied (built by the
    /// registry's riichi or sichuan entry, whichever has the preset).
    pub fn table(&self) -> Result<Table, CliError> {
        use alea_games::games::mahjong;
        let (entry, options) = self.options()?;
        let bad = |e| match registered::option_error(e) {
            CliError::BadArgument(message) => CliError::BadTable(message),
            other => other,
        };
        if entry.name == mahjong::SICHUAN.name {
            return mahjong::sichuan_from(&options)
                .map(Table::Sichuan)
                .map_err(bad);
        }
        mahjong::riichi_from(&options)
            .map(Table::Riichi)
            .map_err(bad)
    }

    /// The registry entry that has the `--rules` preset (riichi or sichuan) and its options
    /// with `--length` and `--abilities`.
    pub fn options(
        &self,
    ) -> Result<(&'static alea::registry::GameInfo, alea::registry::Options), CliError> {
        use alea::registry::OptionValue::{List, Text};
        use alea_games::games::mahjong::{self, riichi, sichuan};
        let mut given = vec![
            ("rules".to_string(), Text(self.preset().to_string())),
            (
                "abilities".to_string(),
                List(self.abilities.iter().map(ToString::to_string).collect()),
            ),
        ];
        if let Some(length) = self.length {
            given.push(("length".to_string(), Text(length.to_string())));
        }
        let bad = |e| match registered::option_error(e) {
            CliError::BadArgument(message) => CliError::BadTable(message),
            other => other,
        };
        let entry = if sichuan::presets().contains_key(self.preset()) {
            &mahjong::SICHUAN
        } else if riichi::presets().contains_key(self.preset()) {
            &mahjong::RIICHI
        } else {
            let known: Vec<&str> = riichi::presets()
                .keys()
                .chain(sichuan::presets().keys())
                .map(String::as_str)
                .collect();
            return Err(CliError::BadTable(format!(
                "unknown mahjong rules {:?}: expected one of {}",
                self.preset(),
                known.join(", ")
            )));
        };
        Ok((entry, entry.options(given).map_err(bad)?))
    }

    /// Refuses the mahjong options for another game (they would be ignored).
    pub fn only_for(&self, game: GameName) -> Result<(), CliError> {
        let used = self.rules.is_some() || self.length.is_some() || !self.abilities.is_empty();
        if game != GameName::Mahjong && used {
            return Err(CliError::Usage(
                "--rules, --length and --abilities are mahjong options".into(),
            ));
        }
        Ok(())
    }

    /// The players by seat from `--players` (`random`, `greedy`, `cautious` (riichi only),
    /// `ismcts`, `ismcts:N`...; a shorter list repeats its last entry; without a list,
    /// `default`).
    pub fn players(
        &self,
        players: &Players,
        default: [alea_games::games::mahjong::riichi::PlayerKind; 4],
    ) -> Result<[alea_games::games::mahjong::riichi::PlayerKind; 4], CliError> {
        use alea_games::games::mahjong::riichi::{PlayerKind, UnknownPlayer};
        let kinds: Vec<PlayerKind> = match players {
            // The default count (2) or 4: the default table.
            Players::Count(2 | 4) => default.to_vec(),
            Players::Count(n) => {
                return Err(CliError::BadTable(format!(
                    "--players: a mahjong table has 4 seats, not {n}"
                )));
            }
            Players::Kinds(kinds) if kinds.len() <= 4 => kinds
                .iter()
                .map(|k| {
                    k.parse()
                        .map_err(|e: UnknownPlayer| CliError::BadTable(format!("--players: {e}")))
                })
                .collect::<Result<_, _>>()?,
            Players::Kinds(kinds) => {
                return Err(CliError::BadTable(format!(
                    "--players: {} players listed, a mahjong table has 4 seats",
                    kinds.len()
                )));
            }
        };
        let sichuan = alea_games::games::mahjong::sichuan::presets().contains_key(self.preset());
        if sichuan && kinds.contains(&PlayerKind::Cautious) {
            return Err(CliError::BadTable(
                "--players: cautious plays riichi only (sichuan has no cautious player)".into(),
            ));
        }
        let last = *kinds.last().unwrap_or(&PlayerKind::Greedy);
        Ok(std::array::from_fn(|s| {
            kinds.get(s).copied().unwrap_or(last)
        }))
    }
}

/// Duel's options (its players are `--players`, see [`PigArgs`]).
#[derive(clap::Args, Debug, Clone)]
pub struct DuelArgs {
    /// Two deck files in RON (see games/assets/duel/deck_fire.ron); default: the embedded decks.
    #[arg(long, value_delimiter = ',')]
    pub decks: Vec<std::path::PathBuf>,
}

impl DuelArgs {
    /// The game configuration (built by the registry's duel entry): the embedded catalog
    /// with the decks given (or the defaults).
    pub fn game(&self) -> Result<alea_games::games::duel::Duel, CliError> {
        alea_games::games::duel::from_options(&self.options()?).map_err(registered::option_error)
    }

    /// The duel entry's options with `--decks`.
    pub fn options(&self) -> Result<alea::registry::Options, CliError> {
        let decks = self.decks.iter().map(|p| p.display().to_string()).collect();
        let given = [(
            "decks".to_string(),
            alea::registry::OptionValue::List(decks),
        )];
        registered::checked(&alea_games::games::duel::ENTRY, given)
    }
}

/// `--players`: a number of players (pig, 2 to 10) or two player kinds (duel:
/// `expectimax,random`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Players {
    /// How many players (pig).
    Count(u8),
    /// Who plays each seat, by name (duel, mahjong: each game reads its own player kinds).
    Kinds(Vec<String>),
}

impl std::str::FromStr for Players {
    type Err = String;
    /// A number, or names that each game checks against its own players (so that an
    /// unknown name is reported with the chosen game's list).
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        if !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) {
            return s
                .parse::<u8>()
                .map(Players::Count)
                .map_err(|_| format!("{s} players: no game seats more than 10"));
        }
        let names: Vec<String> = s.split(',').map(|k| k.trim().to_string()).collect();
        if names.iter().any(String::is_empty) {
            return Err(format!("{s:?}: an empty player name"));
        }
        Ok(Players::Kinds(names))
    }
}

/// Pig's options shared by the commands.
#[derive(clap::Args, Debug, Clone)]
pub struct PigArgs {
    /// Pig: the number of players (2 to 10). Duel: the two players, e.g. expectimax,random
    /// (random, greedy, expectimax; default random,random). Mahjong: the players by seat,
    /// random, greedy, cautious (riichi only: folds against a riichi), ismcts, ismcts-uniform
    /// or ismcts-bayes, each search as ismcts:N for N
    /// iterations (a shorter list repeats its last entry; default four greedy; `simulate`'s
    /// default: ismcts at seat 0, greedy at the others). sgs: the
    /// players by seat, random, trust, smart (SmartAI, 8 sampled worlds), smart:K (K worlds),
    /// smart-optimistic, smart-bayes or smart-bayes:K (SmartAI in worlds weighted by the seats'
    /// passes), ismcts, ismcts:N, ismcts-bayes or ismcts-bayes:N (a shorter list repeats its
    /// last entry; default random).
    #[arg(long, default_value = "2")]
    pub players: Players,
    /// The score that wins.
    #[arg(long, default_value_t = PigArgs::TARGET, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub target: u32,
}

impl PigArgs {
    /// The default `--target`.
    pub const TARGET: u32 = 100;

    /// The number of players (`--players` must be a number for pig).
    pub fn count(&self) -> Result<u8, CliError> {
        match &self.players {
            Players::Count(n) if (2..=10).contains(n) => Ok(*n),
            Players::Count(n) => Err(CliError::Usage(format!(
                "pig's --players is a number of players, 2 to 10, not {n}"
            ))),
            Players::Kinds(_) => Err(CliError::Usage(
                "pig's --players is a number of players (2 to 10)".into(),
            )),
        }
    }

    /// The game configuration (built by the registry's pig entry).
    pub fn game(&self) -> Result<alea_games::games::pig::Pig, CliError> {
        use alea::registry::OptionValue::Int;
        use alea_games::games::pig;
        let given = [
            ("players".to_string(), Int(i64::from(self.count()?))),
            ("target".to_string(), Int(i64::from(self.target))),
        ];
        let options = registered::checked(&pig::ENTRY, given)?;
        pig::from_options(&options).map_err(registered::option_error)
    }

    /// The duel's players (`--players` as player kinds; the default count means random,random).
    pub fn duel_players(
        &self,
    ) -> Result<[alea_games::games::duel::players::PlayerKind; 2], CliError> {
        use alea_games::games::duel::players::PlayerKind;
        match &self.players {
            Players::Count(2) => Ok([PlayerKind::Random; 2]),
            Players::Kinds(k) if k.len() == 2 => {
                let kind = |name: &String| {
                    name.parse::<PlayerKind>()
                        .map_err(|e| CliError::Usage(format!("--players: {e}")))
                };
                Ok([kind(&k[0])?, kind(&k[1])?])
            }
            _ => Err(CliError::Usage(
                "duel's --players takes two players, e.g. expectimax,random".into(),
            )),
        }
    }
}

/// `alea play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game (`alea games` lists the registered games and their options).
    #[arg(value_parser = game_name_parser())]
    pub game: GameName,
    /// An option of a registered game without flags of its own, NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The game seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print one JSON object instead of the readable log.
    #[arg(long)]
    pub json: bool,
    /// Write a Chrome trace of every system's and handler's spans to FILE (needs the `trace`
    /// feature; mahjong runs its systems through the schedule). Open it in chrome://tracing or
    /// ui.perfetto.dev.
    #[arg(long, value_name = "FILE")]
    pub profile: Option<std::path::PathBuf>,
    /// With --profile: record what happens inside the players' decisions (their searches'
    /// simulated actions, span by span); without it each decision is one `player` span.
    #[arg(long)]
    pub profile_thinking: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub pig: PigArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub duel: DuelArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub mahjong: MahjongArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub sgs: SgsArgs,
}

/// `alea simulate`.
#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// The game (`alea games` lists the registered games and their options).
    #[arg(value_parser = game_name_parser())]
    pub game: GameName,
    /// An option of a registered game without flags of its own, NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// How many games (default: 100000; 24 matches for mahjong, about 240 hands of hanchan).
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
    /// Write one JSON line per game to this file as games finish (in game order), everything
    /// `alea replay` needs; `-` writes them to stdout and the summary to
    /// stderr.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Riichi: write each match as a full-information mjai log, `DIR/INDEX.json.gz` (the
    /// directory is created), which `alea replay --format mjai` and mjai tools read.
    #[arg(long, value_name = "DIR")]
    pub out_mjai: Option<std::path::PathBuf>,
    /// Start no new game after this many seconds: the games finished by then are reported
    /// (`"truncated": true`), status 0.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub max_seconds: Option<f64>,
    /// Write a Chrome trace of every system's and handler's spans to FILE (needs the `trace`
    /// feature; mahjong runs its systems through the schedule). Open it in chrome://tracing or
    /// ui.perfetto.dev.
    #[arg(long, value_name = "FILE")]
    pub profile: Option<std::path::PathBuf>,
    /// With --profile: record games 0..N only (default 1; the others run unrecorded).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub profile_games: Option<u64>,
    /// With --profile: record what happens inside the players' decisions (their searches'
    /// simulated actions, span by span); without it each decision is one `player` span.
    #[arg(long)]
    pub profile_thinking: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub pig: PigArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub duel: DuelArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub mahjong: MahjongArgs,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub sgs: SgsArgs,
}

/// A positive, finite number of seconds.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && std::time::Duration::try_from_secs_f64(seconds).is_ok() => {
            Ok(seconds)
        }
        _ => Err(format!(
            "{text:?} is not a positive number of seconds (up to 2^64)"
        )),
    }
}

/// `alea replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// alea: a replay file written by `simulate --out` (one JSON game a line; `-` reads stdin).
    /// mjai: one or more full-information mjai logs (plain or gzip).
    #[arg(required = true, num_args = 1..)]
    pub files: Vec<std::path::PathBuf>,
    /// What the files are: alea's replay lines, or mjai logs replayed through alea's riichi
    /// rules.
    #[arg(long, value_enum, default_value_t = ReplayFormat::Alea)]
    pub format: ReplayFormat,
    /// mjai: the riichi rules preset the logs are checked against (`riichi`: a hanchan with
    /// Tenhou's options; `riichi-east` for East-only logs).
    #[arg(long, default_value = "riichi")]
    pub rules: String,
    /// mjai: rule options that replace the preset's, as JSON in the preset's shape, e.g.
    /// '{"abortive": {"triple_ron": false}}' (libriichi's arena plays no triple-ron draw).
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
    /// Print one JSON object: alea `{"games", "verified", "failed": [{"line", "problems"}]}`;
    /// mjai `{"logs", "games", "hands", "failed": [{"file", "line", "log", "alea"}]}`.
    #[arg(long)]
    pub json: bool,
}

/// `alea view`'s arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct ViewArgs {
    /// A replay file written by `simulate --out` (mahjong, sichuan, pig, sgs or duel games),
    /// or an mjai log (plain or gzip), replayed through alea's riichi rules; `-` reads stdin.
    pub file: std::path::PathBuf,
    /// Which game of the file, counting from 0 (the first).
    #[arg(long, default_value_t = 0)]
    pub game: usize,
    /// Whose view: a seat (the page holds only what that seat was shown and its own actions),
    /// or `all` (a page per seat and the full one, linked from index.html). Without it, full
    /// information.
    #[arg(long, value_name = "N|all", allow_hyphen_values = true)]
    pub seat: Option<String>,
    /// The folder the page is written to (index.html; created if missing).
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// The files `alea replay` reads.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayFormat {
    /// alea's replay lines (`simulate --out`).
    Alea,
    /// mjai logs (one event a line), replayed through alea's riichi rules.
    Mjai,
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
    /// kiriage_mangan (false), first_turn_yakuman_alone (false).
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
        Command::Play(mut args) => {
            args.game = mahjong_ruleset(args.game, &mut args.mahjong)?;
            play::run(&args, out)
        }
        Command::Simulate(mut args) => {
            args.game = mahjong_ruleset(args.game, &mut args.mahjong)?;
            simulate::run(&args, out)
        }
        Command::Games(args) => registered::list(&args, out),
        Command::Arena(args) => arena::run(&args, out),
        Command::Replay(args) => match args.format {
            ReplayFormat::Alea => replay::run(&args, out),
            ReplayFormat::Mjai => mjai::run(&args, out),
        },
        Command::View(args) => view::run(&args, out),
        Command::Search(args) => search::run(&args, out),
        Command::Mount(args) => mount::run(&args, out),
        Command::Score(args) => score::run(&args, out),
        Command::Deal(args) => deal::run(&args, out),
        Command::Dice(args) => dice::run(&args, out),
        Command::Think(args) => think::run(&args, out),
        Command::MjaiBot(args) => mjai::serve(&args, std::io::stdin().lock(), out),
    }
}

/// `riichi` and `sichuan` are `mahjong` with that ruleset's default preset (a `--rules` of
/// that ruleset is kept, another refused).
pub fn mahjong_ruleset(game: GameName, args: &mut MahjongArgs) -> Result<GameName, CliError> {
    let GameName::Registered(ruleset @ ("riichi" | "sichuan")) = game else {
        return Ok(game);
    };
    let rules = args
        .rules
        .get_or_insert_with(|| ruleset.to_string())
        .clone();
    let entry = GameName::entry(ruleset)?;
    registered::checked(
        entry,
        [(
            "rules".to_string(),
            alea::registry::OptionValue::Text(rules),
        )],
    )?;
    Ok(GameName::Mahjong)
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
    /// Reading the input failed.
    #[error("cannot read {what}: {source}")]
    Read {
        /// What was read (`stdin`).
        what: &'static str,
        /// Why.
        source: std::io::Error,
    },
    /// The simulation failed.
    #[error(transparent)]
    Sim(#[from] alea::kernel::SimError),
    /// A registered game failed (through the registry's type-erased game).
    #[error(transparent)]
    Registered(#[from] alea::registry::StateError),
    /// JSON encoding failed.
    #[error("cannot encode JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// A search's `--moves` are not actions of the game, or not legal where they are played
    /// (named with their position).
    #[error(transparent)]
    Refused(#[from] alea::registry::SearchRefused),
    /// The options do not fit together, or do not apply to the game (exit status 2).
    #[error("{0}")]
    Usage(String),
    /// An arena cannot be run (a bad player list or shard: exit status 2), or a deal failed.
    #[error(transparent)]
    Arena(#[from] alea::arena::ArenaError),
    /// A mahjong option (`--rules`, `--players`) does not fit the game.
    #[error("{0}")]
    BadTable(String),
    /// The search failed.
    #[error(transparent)]
    Search(#[from] alea::search::SearchError),
    /// The mount refused an operation given on the command line.
    #[error("{option} {value}: {source}")]
    MountOperation {
        /// The option (`--light`, ...).
        option: &'static str,
        /// Its value as written.
        value: String,
        /// Why the mount refused it.
        source: alea_games::mount::MountError,
    },
    /// The deal failed (or its abilities cannot be seated).
    #[error(transparent)]
    Deal(#[from] alea_games::dealer::DealError),
    /// A refused dice expression or `alea dice` option (the message shows where).
    #[error("{0}")]
    Dice(String),
    /// The mount cannot draw.
    #[error(transparent)]
    Mount(#[from] alea_games::mount::MountError),
    /// A file cannot be written.
    #[error("cannot write {path}: {source}")]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A replay file cannot be replayed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A bad argument (exit status 2), named in the message.
    #[error("{0}")]
    BadArgument(String),
    /// `--profile` without the `trace` feature.
    #[error(
        "--profile {0}: this alea was built without the `trace` feature (cargo run --release --features trace -- ...)"
    )]
    NoTrace(std::path::PathBuf),
    /// A file `alea view` cannot show (an mjai log that cannot be read or replayed).
    #[error("alea view: {0}")]
    View(String),
    /// A match's mjai log cannot be made (`--out-mjai`).
    #[error("--out-mjai: {0}")]
    MjaiLog(String),
    /// mjai logs that disagree with alea's rules or cannot be read.
    #[error("{failed} of {logs} mjai logs disagree with alea or cannot be read")]
    MjaiFailed {
        /// Logs that failed.
        failed: u64,
        /// Logs replayed.
        logs: u64,
    },
    /// Shards' totals that cannot be merged or summarised (another run, a game counted twice,
    /// a game missing).
    #[error("shards: {0}")]
    Shards(String),
    /// Replayed games differ from their records.
    #[error("{failed} of {games} replayed games differ from their records")]
    ReplayFailed {
        /// Games that differ.
        failed: u64,
        /// Games replayed.
        games: u64,
    },
}

impl CliError {
    /// True when the output's reader went away (`alea play mahjong | head`): the command ends
    /// quietly, status 0.
    pub fn is_broken_pipe(&self) -> bool {
        let io = match self {
            CliError::Io(error) => Some(error.kind()),
            CliError::Json(error) => error.io_error_kind(),
            CliError::File { source, .. } => Some(source.kind()),
            _ => None,
        };
        io == Some(std::io::ErrorKind::BrokenPipe)
    }

    /// The process exit status: 2 for a bad argument (as for clap's own errors), 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::MountOperation { .. }
            | CliError::Usage(_)
            | CliError::Dice(_)
            | CliError::BadTable(_)
            | CliError::BadArgument(_)
            | CliError::NoTrace(_)
            | CliError::Arena(alea::arena::ArenaError::Usage(_)) => 2,
            CliError::Deal(
                alea_games::dealer::DealError::SeatTaken { .. }
                | alea_games::dealer::DealError::NoSuchSeat { .. },
            ) => 2,
            _ => 1,
        }
    }
}
