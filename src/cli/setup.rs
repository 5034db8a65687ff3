//! What `simulate` plays, from its arguments: the game and its players ([`Setup`]), the run's
//! size, and its empty [`Totals`].

use std::sync::Arc;

use super::totals::{Counts, RunId, Totals};
use super::{CliError, GameName, SimulateArgs, Table};
use alea::registry::{DynGame, Options, Wins};
use alea_games::games::duel::Duel;
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::mahjong::{MahjongTally, Ruleset};
use alea_games::games::pig::Pig;
use alea_games::games::sgs::{self, Sgs, SgsTally};

/// `simulate mahjong`'s default number of matches: about 240 hands of the default hanchan
/// (about 2 minutes on one core with the default table's ISMCTS player).
pub const MAHJONG_MATCHES: u64 = 24;

/// `simulate mahjong`'s default table: an ISMCTS player (100 iterations) against three greedy
/// players.
pub const MAHJONG_TABLE: [PlayerKind; 4] = [
    PlayerKind::Ismcts(alea_games::games::mahjong::riichi::DEFAULT_ITERATIONS),
    PlayerKind::Greedy,
    PlayerKind::Greedy,
    PlayerKind::Greedy,
];

/// The games `simulate` counts wins of.
pub(super) enum WinsGame {
    /// Pig.
    Pig(Pig),
    /// Duel.
    Duel(Duel),
    /// A registered game of random players (its name, checked options and game).
    Registered(&'static str, Options, Arc<dyn DynGame>),
}

impl WinsGame {
    /// The game's name in summaries.
    pub(super) fn name(&self) -> &'static str {
        match self {
            WinsGame::Pig(_) => "pig",
            WinsGame::Duel(_) => "duel",
            WinsGame::Registered(name, ..) => name,
        }
    }

    /// Seats.
    pub(super) fn seats(&self) -> usize {
        match self {
            WinsGame::Pig(pig) => usize::from(pig.players),
            WinsGame::Duel(_) => 2,
            WinsGame::Registered(.., game) => game.seats(),
        }
    }
}

/// A simulation's game and players, from `simulate`'s arguments.
pub(super) enum Setup {
    /// Pig or duel.
    Wins(WinsGame),
    /// A mahjong table and its players.
    Mahjong(Table, [PlayerKind; 4]),
    /// An sgs game and its players.
    Sgs(Sgs, Vec<sgs::PlayerKind>),
}

impl Setup {
    /// Refuses the options of another game.
    pub(super) fn check(args: &SimulateArgs) -> Result<(), CliError> {
        args.mahjong.only_for(args.game)?;
        super::only_sgs(args.game, &args.sgs)?;
        super::only_where_they_apply(args.game, (&args.pig, &args.duel), &args.options, true)
    }

    /// The game and players of `args` (checked with [`Setup::check`] first).
    pub(super) fn new(args: &SimulateArgs) -> Result<Setup, CliError> {
        Ok(match args.game {
            GameName::Pig => Setup::Wins(WinsGame::Pig(args.pig.game()?)),
            GameName::Duel => Setup::Wins(WinsGame::Duel(args.duel.game()?)),
            GameName::Mahjong => {
                let players = args.mahjong.players(&args.pig.players, MAHJONG_TABLE)?;
                Setup::Mahjong(args.mahjong.table()?, players)
            }
            GameName::Sgs => {
                let game = args.sgs.game()?;
                let players = super::sgs::players(&args.pig.players, game.mode.seats())?;
                Setup::Sgs(game, players)
            }
            GameName::Registered(name) => {
                let (info, options, game) = super::registered::build(name, &args.options)?;
                Setup::Wins(WinsGame::Registered(info.name, options, game))
            }
        })
    }

    /// The run's games: `--games`, or the game's default.
    pub(super) fn games(&self, args: &SimulateArgs) -> u64 {
        args.games.unwrap_or(match self {
            Setup::Mahjong(..) => MAHJONG_MATCHES,
            Setup::Wins(_) | Setup::Sgs(..) => 100_000,
        })
    }

    /// Totals of no game yet of the run `args` describe.
    pub(super) fn totals(&self, args: &SimulateArgs) -> Result<Totals, CliError> {
        let (game, setup, counts) = match self {
            Setup::Wins(WinsGame::Pig(pig)) => (
                "pig",
                serde_json::json!({ "rules": pig }),
                Counts::Wins(Wins::new(usize::from(pig.players))),
            ),
            Setup::Wins(WinsGame::Registered(name, options, game)) => (
                *name,
                serde_json::json!({ "options": options }),
                Counts::Wins(Wins::new(game.seats())),
            ),
            Setup::Wins(WinsGame::Duel(duel)) => {
                let decks: Vec<_> = duel
                    .decks
                    .iter()
                    .map(|d| serde_json::json!({ "characters": d.characters, "cards": d.cards }))
                    .collect();
                (
                    "duel",
                    serde_json::json!({ "decks": decks, "round_limit": duel.round_limit }),
                    Counts::Wins(Wins::new(2)),
                )
            }
            Setup::Mahjong(table, players) => {
                let rules = match table {
                    Table::Riichi(game) => mahjong_setup(game),
                    Table::Sichuan(game) => mahjong_setup(game),
                }?;
                (
                    "mahjong",
                    serde_json::json!({
                        "preset": args.mahjong.preset(),
                        "rules": rules,
                        "players": players,
                    }),
                    Counts::Mahjong(MahjongTally::default()),
                )
            }
            Setup::Sgs(game, players) => (
                "sgs",
                serde_json::json!({ "rules": game.config(), "players": players }),
                Counts::Sgs(SgsTally::new(game)),
            ),
        };
        Ok(Totals {
            run: RunId {
                game: game.to_string(),
                seed: args.seed,
                games: self.games(args),
                setup: serde_json::to_string(&setup)?,
            },
            covered: Vec::new(),
            counts,
        })
    }
}

/// A mahjong table's rules, length and abilities, for its [`RunId`].
fn mahjong_setup<R: Ruleset>(game: &R) -> Result<serde_json::Value, CliError> {
    let abilities: Vec<String> = game.abilities().iter().map(ToString::to_string).collect();
    Ok(serde_json::json!({
        "config": serde_json::to_value(game.config())?,
        "length": game.length(),
        "abilities": abilities,
    }))
}
