//! `simulate` split into shards: each plays a contiguous range of a run's game indices and
//! returns mergeable [`Totals`]; merged, they give the summary `alea simulate --json` prints
//! for the whole run ([`summary_json`]).
//!
//! The command line folds its games through the same [`Totals`] and builds its summaries with
//! the same functions, so a merged run and a single run cannot disagree. Every total is an
//! integer sum, so merging in any order gives the same totals.

use super::registered;
use super::setup::{Setup, WinsGame};
use super::simulate::{stream_duel, stream_mahjong, stream_pig};
pub use super::totals::{Counts, RunId, Totals};
use super::totals::{Timing, shards};
use super::{Batch, CliError, SimulateArgs, Table, profile, stream_sgs};
use alea::kernel::SimBuilder;
use alea_games::games::mahjong::Ruleset;
use alea_games::games::mahjong::riichi::PlayerKind;

/// Checks that `args` describe a run that can be sharded (the errors [`simulate_totals`]
/// would give for any shard of it), without playing.
pub fn check_run(args: &SimulateArgs) -> Result<(), CliError> {
    shard_setup(args).map(|_| ())
}

/// The setup of a shard's `args` (`riichi` and `sichuan` read as `mahjong` with their preset,
/// as the command line reads them), and its empty totals: the options that write files,
/// profile or stop on time are refused.
fn shard_setup(args: &SimulateArgs) -> Result<(SimulateArgs, Setup, Totals), CliError> {
    let mut args = args.clone();
    args.game = super::mahjong_ruleset(args.game, &mut args.mahjong)?;
    let refused = [
        (args.out.is_some(), "--out"),
        (args.out_mjai.is_some(), "--out-mjai"),
        (args.max_seconds.is_some(), "--max-seconds"),
        (args.profile.is_some(), "--profile"),
        (args.profile_games.is_some(), "--profile-games"),
        (args.profile_thinking, "--profile-thinking"),
    ];
    if let Some((_, option)) = refused.iter().find(|r| r.0) {
        return Err(CliError::Usage(format!(
            "{option} does not apply to a shard of simulate"
        )));
    }
    Setup::check(&args)?;
    let setup = Setup::new(&args)?;
    let totals = setup.totals(&args)?;
    Ok((args, setup, totals))
}

/// Plays games `first..first + count` of the run `args` describe, each exactly as `alea
/// simulate` plays that index (seeded from `sub_seed(seed, index)`), on `threads` threads, and
/// returns their totals. `args.games` is the whole run's size: the range must lie within it.
/// `--out`, `--out-mjai`, `--max-seconds` and the profile options are refused
/// ([`CliError::Usage`]), as are `count` 0, `threads` 0 and a range past the last index.
pub fn simulate_totals(
    args: &SimulateArgs,
    first: u64,
    count: u64,
    threads: u16,
) -> Result<Totals, CliError> {
    let (args, setup, mut totals) = shard_setup(args)?;
    if count == 0 {
        return Err(CliError::Usage("a shard plays at least one game".into()));
    }
    if threads == 0 {
        return Err(CliError::Usage(
            "a shard runs on at least one thread".into(),
        ));
    }
    let batch = Batch {
        first,
        count,
        seed: args.seed,
        threads,
    };
    let games = batch.indices()?;
    if games.end > totals.run.games {
        return Err(CliError::Usage(format!(
            "games {}..{} are not all in the run's {} games",
            games.start, games.end, totals.run.games
        )));
    }
    let never = || false;
    match &setup {
        Setup::Wins(WinsGame::Pig(pig)) => stream_pig(pig, batch, false, &never, &mut |i, p| {
            totals.add(i, &p.result)
        }),
        Setup::Wins(WinsGame::Duel(duel)) => {
            stream_duel(duel, batch, &never, &mut |i, p| totals.add(i, &p.result))
        }
        Setup::Wins(WinsGame::Registered(.., game)) => {
            registered::stream(game, batch, false, &never, &mut |i, p| {
                totals.add(i, &p.result)
            })
        }
        Setup::Mahjong(Table::Riichi(game), players) => {
            stream_table(game, players, batch, &mut totals)
        }
        Setup::Mahjong(Table::Sichuan(game), players) => {
            stream_table(game, players, batch, &mut totals)
        }
        Setup::Sgs(game, players) => {
            stream_sgs(game, players, batch, false, &never, &mut |i, p| {
                totals.add(i, &p.result)
            })
        }
    }?;
    Ok(totals)
}

/// Plays `batch`'s matches of `game` with `players` into `totals`.
fn stream_table<R: Ruleset>(
    game: &R,
    players: &[PlayerKind; 4],
    batch: Batch,
    totals: &mut Totals,
) -> Result<super::Streamed, CliError> {
    // The command line's builder without --profile.
    let builder = SimBuilder::new(game.clone()).run_mode(profile::run_mode(None));
    stream_mahjong(&builder, players, batch, false, &|| false, &mut |i, p| {
        totals.add(i, &p.result)
    })
}

/// The JSON object `alea simulate ... --json` prints for the run `args` describe when its
/// games are `totals` (merged shards covering games `0..games` exactly), run on `threads`
/// threads in `seconds`. An error when the totals are of another run or do not cover the run
/// (a missing or overlapping shard).
pub fn summary_json(
    args: &SimulateArgs,
    totals: &Totals,
    threads: u16,
    seconds: f64,
) -> Result<serde_json::Value, CliError> {
    let (args, setup, expected) = shard_setup(args)?;
    if let Some(why) = expected.run.difference(&totals.run) {
        return Err(shards(&format!("totals of another run ({why})")));
    }
    let games = totals.prefix()?;
    if games != expected.run.games {
        return Err(shards(&format!(
            "the totals count games 0..{games} of the run's {}",
            expected.run.games
        )));
    }
    let timing = Timing {
        threads,
        seconds,
        truncated: false,
    };
    Ok(match &setup {
        Setup::Wins(counted) => serde_json::to_value(totals.wins_summary(counted.name(), timing)?),
        Setup::Mahjong(Table::Riichi(game), players) => serde_json::to_value(
            totals.mahjong_summary((args.mahjong.preset(), game, players), timing)?,
        ),
        Setup::Mahjong(Table::Sichuan(game), players) => serde_json::to_value(
            totals.mahjong_summary((args.mahjong.preset(), game, players), timing)?,
        ),
        Setup::Sgs(game, players) => {
            serde_json::to_value(totals.sgs_summary(game, players, timing)?)
        }
    }?)
}
