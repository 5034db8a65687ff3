//! Games and CLI runs from a name and keyword options: each option becomes the CLI flag of the
//! same name (`max_rounds=3` → `--max-rounds 3`), parsed by the CLI's own argument types, so
//! `load_game("riichi", length="east")` is `alea play mahjong --rules riichi --length east`.

use std::sync::Arc;

use alea_cli::cli::{Cli, Command, Table as MahjongTable};
use alea_games::games::leduc::Leduc;
use clap::Parser;

use crate::table::{DynGame, Table};

/// An option's value as the CLI writes it (`None`: a flag left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A flag given alone (`True`).
    Flag,
    /// A value (lists are comma-joined).
    Text(String),
}

/// Keyword options in call order.
pub type Options = Vec<(String, Value)>;

/// The games `load_game` knows, with the options each takes.
pub const GAMES: &[(&str, &[&str])] = &[
    ("pig", &["players", "target"]),
    ("leduc", &[]),
    ("riichi", &["rules", "length", "abilities"]),
    ("sichuan", &["rules", "length", "abilities"]),
    ("duel", &["decks"]),
    ("sgs", &["mode", "position", "max_rounds"]),
];

/// The names of [`GAMES`], for messages.
pub fn game_names() -> String {
    GAMES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// Checks `options` against what `game` takes.
pub fn check(game: &str, options: &Options, allowed: &[&str]) -> Result<(), String> {
    for (key, _) in options {
        if !allowed.contains(&key.as_str()) {
            let takes = if allowed.is_empty() {
                "no options".to_string()
            } else {
                format!("the options {}", allowed.join(", "))
            };
            return Err(format!("{game} takes {takes}, not {key:?}"));
        }
    }
    Ok(())
}

/// `options` as CLI arguments.
pub fn flags(options: &Options) -> Vec<String> {
    let mut args = Vec::new();
    for (key, value) in options {
        args.push(format!("--{}", key.replace('_', "-")));
        if let Value::Text(text) = value {
            args.push(text.clone());
        }
    }
    args
}

/// Parses `alea <args>` with the CLI's parser; a usage error's message on failure.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let argv = std::iter::once("alea".to_string()).chain(args.iter().cloned());
    Cli::try_parse_from(argv)
        .map(|cli| cli.command)
        .map_err(|e| e.to_string().trim_end().to_string())
}

/// The value of option `key`, if given.
fn get<'a>(options: &'a Options, key: &str) -> Option<&'a Value> {
    options.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// The CLI's game name and arguments for `game`: riichi and sichuan are `mahjong` with a
/// preset of their ruleset by default.
pub fn cli_game(game: &str, options: &Options) -> Result<(String, Options), String> {
    let Some((_, allowed)) = GAMES.iter().find(|(n, _)| *n == game) else {
        return Err(format!(
            "unknown game {game:?}: expected one of {}",
            game_names()
        ));
    };
    check(game, options, allowed)?;
    let mut options = options.clone();
    match game {
        "riichi" | "sichuan" => {
            if get(&options, "rules").is_none() {
                options.insert(0, ("rules".into(), Value::Text(game.into())));
            }
            Ok(("mahjong".into(), options))
        }
        _ => Ok((game.into(), options)),
    }
}

/// Builds game `game` with `options`.
pub fn load(game: &str, options: &Options) -> Result<Arc<dyn DynGame>, String> {
    if game == "leduc" {
        check(game, options, &[])?;
        return Ok(Table::new(Leduc));
    }
    let (name, options) = cli_game(game, options)?;
    let mut args = vec!["play".to_string(), name];
    args.extend(flags(&options));
    let Command::Play(play) = parse(&args)? else {
        return Err("`alea play` did not parse as play".into());
    };
    let error = |e: alea_cli::cli::CliError| e.to_string();
    Ok(match game {
        "pig" => Table::new(play.pig.game().map_err(error)?),
        "duel" => Table::new(play.duel.game().map_err(error)?),
        "sgs" => Table::new(play.sgs.game().map_err(error)?),
        _ => match (game, play.mahjong.table().map_err(error)?) {
            ("riichi", MahjongTable::Riichi(table)) => Table::new(table),
            ("sichuan", MahjongTable::Sichuan(table)) => Table::new(table),
            (_, _) => {
                return Err(format!(
                    "rules {:?} are not a {game} preset",
                    play.mahjong.preset()
                ));
            }
        },
    })
}
