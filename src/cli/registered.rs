//! The registry on the command line: game names (`GameName`), `alea games`, and the commands
//! of a registered game without a command path of its own (leduc, and any game added to the
//! registry): uniformly random players through the registry's [`DynGame`].

use std::sync::Arc;

use serde::Serialize;

use super::run::{GameTally, Played, Sink};
use super::stream::stream_games;
use super::{Batch, CliError, GamesArgs, Recording, Streamed, json_line};
use alea::registry::{
    self, DynGame, GameInfo, OptionError, OptionValue, Options, RandomGame, Record,
};
use alea_games::games::REGISTRY;

/// A game the commands take: one with options and players of its own on the command line,
/// or any other registered game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Pig (OpenSpiel's rules; `--players`, `--target`).
    Pig,
    /// Duel, the dice card game (`--players`, `--decks`).
    Duel,
    /// Mahjong (`--rules`, a preset of games/assets/riichi.ron or games/assets/sichuan.ron;
    /// `--players`, `--length`, `--abilities`); `riichi` and `sichuan` are mahjong with that
    /// ruleset's default preset.
    Mahjong,
    /// sgs, the trick-card game (`--mode`, `--players`, `--position`, `--max-rounds`).
    Sgs,
    /// Another registered game (its options as `--option NAME=VALUE`, random players).
    Registered(&'static str),
}

impl GameName {
    /// Every name the commands take: the registry's, and `mahjong`.
    pub fn names() -> Vec<&'static str> {
        let mut names = registry::names(REGISTRY);
        names.insert(2, "mahjong");
        names
    }

    /// The registry entry of a game without a command path of its own.
    pub fn entry(name: &str) -> Result<&'static GameInfo, CliError> {
        registry::find(REGISTRY, name).map_err(|e| CliError::BadArgument(e.to_string()))
    }
}

impl std::str::FromStr for GameName {
    type Err = String;
    fn from_str(name: &str) -> Result<Self, String> {
        Ok(match name {
            "pig" => GameName::Pig,
            "duel" => GameName::Duel,
            "mahjong" => GameName::Mahjong,
            "sgs" => GameName::Sgs,
            _ => match registry::find(REGISTRY, name) {
                Ok(info) => GameName::Registered(info.name),
                Err(_) => {
                    return Err(format!(
                        "unknown game {name:?}: expected one of {}",
                        GameName::names().join(", ")
                    ));
                }
            },
        })
    }
}

/// The parser of a game name argument (its help lists the names).
pub fn game_name_parser() -> impl clap::builder::TypedValueParser<Value = GameName> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(GameName::names())
        .try_map(|name: String| name.parse::<GameName>())
}

/// `options` checked against `info`'s, with the command line's wording in errors
/// (`--target 0: expected an integer from 1 to 100000`).
pub fn checked(
    info: &GameInfo,
    given: impl IntoIterator<Item = (String, OptionValue)>,
) -> Result<Options, CliError> {
    info.options(given).map_err(option_error)
}

/// An option error in the command line's words.
pub fn option_error(error: OptionError) -> CliError {
    CliError::BadArgument(match error {
        OptionError::Invalid {
            option,
            value,
            expected,
        } => format!(
            "--{} {value}: expected {expected}",
            option.replace('_', "-")
        ),
        other => other.to_string(),
    })
}

/// `--option NAME=VALUE` arguments as given options (values as text: the registry reads
/// them as the option's kind).
pub fn given(options: &[String]) -> Result<Vec<(String, OptionValue)>, CliError> {
    options
        .iter()
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) => Ok((
                name.trim().replace('-', "_"),
                OptionValue::Text(value.trim().to_string()),
            )),
            None => Err(CliError::Usage(format!(
                "--option {pair:?}: expected NAME=VALUE"
            ))),
        })
        .collect()
}

/// Game `name` built from `--option` arguments.
pub fn build(
    name: &str,
    options: &[String],
) -> Result<(&'static GameInfo, Options, Arc<dyn DynGame>), CliError> {
    // The options came as `--option NAME=VALUE`: errors name them so.
    let plain = |e: OptionError| {
        CliError::BadArgument(match e {
            OptionError::Invalid {
                option,
                value,
                expected,
            } => format!("--option {option}={value}: expected {expected}"),
            other => other.to_string(),
        })
    };
    let info = GameName::entry(name)?;
    let options = info.options(given(options)?).map_err(plain)?;
    let game = (info.build)(&options).map_err(plain)?;
    Ok((info, options, game))
}

/// `alea games`.
pub(super) fn list(args: &GamesArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let games: Vec<registry::Listing> = REGISTRY.iter().map(GameInfo::listing).collect();
    if args.json {
        #[derive(Serialize)]
        struct Games {
            games: Vec<registry::Listing>,
        }
        return json_line(out, &Games { games });
    }
    for game in &games {
        writeln!(out, "{}: {}", game.name, game.description)?;
        // A game without flags of its own takes its options as `--option NAME=VALUE`.
        let own_flags = !matches!(game.name.parse(), Ok(GameName::Registered(name)) if name == game.name)
            || matches!(game.name, "riichi" | "sichuan");
        for option in &game.options {
            let default = option
                .default
                .as_ref()
                .map_or("none".to_string(), ToString::to_string);
            let flag = match own_flags {
                true => format!("--{}", option.name.replace('_', "-")),
                false => format!("--option {}=", option.name),
            };
            writeln!(
                out,
                "  {flag:<14} {} (default {default}). {}",
                option.allowed, option.description
            )?;
        }
        let players: Vec<&str> = game.players.iter().map(|p| p.name).collect();
        writeln!(out, "  players: {}", players.join(", "))?;
    }
    Ok(())
}

/// A random game's tally and, with `record`, its recording (returns rounded to integers as
/// scores; the checksum checks the world exactly).
fn played(game: RandomGame, record: bool) -> Played<GameTally, u32> {
    Played {
        result: GameTally {
            winner: game.winner(),
            moves: game.moves,
        },
        recording: record.then(|| Recording {
            scores: game.scores(),
            actions: game.actions,
            collapses: Vec::new(),
            checksum: game.checksum,
        }),
    }
}

/// Streams `batch`'s random games of `game` to `sink` in game order: game `i` is dealt from,
/// and its players draw from, `sub_seed(seed, i)`.
pub fn stream(
    game: &Arc<dyn DynGame>,
    batch: impl Into<Batch>,
    record: bool,
    stop: &(dyn Fn() -> bool + Sync),
    sink: Sink<'_, Played<GameTally, u32>>,
) -> Result<Streamed, CliError> {
    let batch: Batch = batch.into();
    stream_games(
        batch.indices()?,
        batch.threads,
        stop,
        &|| Ok(()),
        &|_, index| {
            let seed = alea::chance::sub_seed(batch.seed, index);
            let keep = if record {
                Record::Actions
            } else {
                Record::Nothing
            };
            Ok(game.play_random(seed, keep))
        },
        &mut |index, game| sink(index, played(game?, record)),
    )
}

/// One game of `alea play` for a registered game: `{"game", "seed", "options", "moves",
/// "returns", "checksum"}` with `--json`.
pub(super) fn play(
    name: &str,
    options: &[String],
    (seed, json): (u64, bool),
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    let (info, options, game) = build(name, options)?;
    let played = game.play_random(seed, Record::Log)?;
    #[derive(Serialize)]
    struct Log<'a> {
        game: &'a str,
        seed: u64,
        options: &'a Options,
        moves: &'a [String],
        returns: &'a [f64],
        checksum: String,
    }
    let checksum = format!("{:016x}", played.checksum);
    if json {
        return json_line(
            out,
            &Log {
                game: info.name,
                seed,
                options: &options,
                moves: &played.log,
                returns: &played.returns,
                checksum,
            },
        );
    }
    writeln!(
        out,
        "{}: {} seats, random players, seed {seed}",
        info.name,
        game.seats()
    )?;
    for (i, action) in played.log.iter().enumerate() {
        writeln!(out, "{:>4}. {action}", i + 1)?;
    }
    let returns: Vec<String> = played.returns.iter().map(f64::to_string).collect();
    writeln!(
        out,
        "returns {} after {} moves; checksum {checksum}",
        returns.join(" "),
        played.moves
    )?;
    Ok(())
}
