//! `alea arena`: duplicate evaluation of a registered game's players ([`alea::arena`]), its
//! readable table or JSON, and its plot.

use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use super::{ArenaArgs, CliError, GameName, json_line, registered};

use alea::arena::{Arena, ArenaDeals, ArenaReport, Estimate};
use alea::registry::{DynGame, GameInfo, OptionError, OptionValue, Options};

/// The game `args` name with its options, built through the registry.
pub fn game(args: &ArenaArgs) -> Result<(&'static GameInfo, Options, Arc<dyn DynGame>), CliError> {
    let mut mahjong = args.mahjong.clone();
    let name = super::mahjong_ruleset(args.game, &mut mahjong)?;
    mahjong.only_for(name)?;
    super::only_sgs(name, &args.sgs)?;
    let refuse = |used: bool, what: &str| match used {
        true => Err(CliError::Usage(what.to_string())),
        false => Ok(()),
    };
    refuse(
        name != GameName::Pig && (args.seats.is_some() || args.target.is_some()),
        "--seats and --target are pig options",
    )?;
    refuse(
        name != GameName::Duel && !args.duel.decks.is_empty(),
        "--decks is a duel option",
    )?;
    refuse(
        !matches!(name, GameName::Registered(_)) && !args.options.is_empty(),
        "--option sets the options of a game without flags of its own (see `alea games`)",
    )?;
    let (info, options) = match name {
        GameName::Pig => {
            let info = &alea_games::games::pig::ENTRY;
            let mut given = Vec::new();
            if let Some(seats) = args.seats {
                given.push(("players".to_string(), OptionValue::Int(i64::from(seats))));
            }
            if let Some(target) = args.target {
                given.push(("target".to_string(), OptionValue::Int(i64::from(target))));
            }
            // Pig's seat count is its `players` option, which `--seats` sets here.
            let options = info.options(given).map_err(|e| match e {
                OptionError::Invalid {
                    option,
                    value,
                    expected,
                } if option == "players" => {
                    CliError::BadArgument(format!("--seats {value}: expected {expected}"))
                }
                other => registered::option_error(other),
            })?;
            (info, options)
        }
        GameName::Duel => (&alea_games::games::duel::ENTRY, args.duel.options()?),
        GameName::Mahjong => mahjong.options()?,
        GameName::Sgs => (&alea_games::games::sgs::ENTRY, args.sgs.options()?),
        GameName::Registered(name) => {
            let (info, options, game) = registered::build(name, &args.options)?;
            return Ok((info, options, game));
        }
    };
    let game = (info.build)(&options).map_err(registered::option_error)?;
    Ok((info, options, game))
}

/// The arena `args` describe, ready to play.
pub fn arena(args: &ArenaArgs) -> Result<(&'static GameInfo, Options, Arena), CliError> {
    let (info, options, game) = game(args)?;
    let arena = Arena::new(game, &args.players)?;
    Ok((info, options, arena))
}

/// `alea arena --json`'s object: the report, with the run's game options, threads and time.
#[derive(Serialize)]
struct Printed<'a> {
    #[serde(flatten)]
    report: &'a ArenaReport,
    options: &'a Options,
    threads: u16,
    seconds: f64,
}

/// The JSON object `alea arena ARGS --json` prints for `deals` (the whole run's, or merged
/// shards covering deals `0..args.deals` exactly) run on `threads` threads in `seconds`.
pub fn report_json(
    args: &ArenaArgs,
    deals: &ArenaDeals,
    threads: u16,
    seconds: f64,
) -> Result<serde_json::Value, CliError> {
    let (_, options, arena) = arena(args)?;
    let expected = (arena.game().name(), args.seed, arena.seating());
    if (deals.game.as_str(), deals.seed, &deals.seating) != expected {
        return Err(CliError::Usage(format!(
            "deals of another run: {} seed {} with {}",
            deals.game,
            deals.seed,
            deals.seating.seats.join(",")
        )));
    }
    let report = deals.report()?;
    if report.deals != args.deals {
        return Err(CliError::Usage(format!(
            "the deals are 0..{} of the run's {}",
            report.deals, args.deals
        )));
    }
    Ok(serde_json::to_value(Printed {
        report: &report,
        options: &options,
        threads,
        seconds,
    })?)
}

pub(super) fn run(args: &ArenaArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let (info, options, arena) = arena(args)?;
    if let Some(path) = &args.plot {
        super::plot::writable(path)?;
    }
    // The threads used: no more than the deals.
    let threads = args
        .threads
        .unwrap_or_else(alea::registry::Run::available_threads)
        .min(u16::try_from(args.deals).unwrap_or(u16::MAX));
    let bar = super::run::counter(args.deals, "deals");
    let started = Instant::now();
    let deals = arena.play(0..args.deals, args.seed, usize::from(threads), &|n| {
        bar.inc(n)
    })?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let report = deals.report()?;
    if let Some(path) = &args.plot {
        super::plot::arena(path, &report, &deals)?;
    }
    if args.json {
        let printed = Printed {
            report: &report,
            options: &options,
            threads,
            seconds,
        };
        return json_line(out, &printed);
    }
    print(out, info.name, &report, (threads, seconds))
}

/// `+1.234 [+0.456, +2.012]`.
fn shown(e: &Estimate) -> String {
    match e.interval {
        Some([lo, hi]) => format!("{:+.3} [{lo:+.3}, {hi:+.3}]", e.mean),
        None => format!("{:+.3} (one deal: no interval)", e.mean),
    }
}

/// The readable report.
fn print(
    out: &mut impl std::io::Write,
    name: &str,
    report: &ArenaReport,
    (threads, seconds): (u16, f64),
) -> Result<(), CliError> {
    writeln!(
        out,
        "arena {name}: {} deals x {} rotation{}, seed {}",
        report.deals,
        report.rotations,
        if report.rotations == 1 { "" } else { "s" },
        report.seed
    )?;
    writeln!(out, "  seating {}", report.seating.join(", "))?;
    writeln!(
        out,
        "  mean return a game, 95% interval paired by deal (each player in every seat of every deal):"
    )?;
    let width = report
        .players
        .iter()
        .map(|p| p.player.len())
        .max()
        .unwrap_or(6);
    for p in &report.players {
        writeln!(out, "  {:<width$}  {}", p.player, shown(&p.estimate))?;
        for (measure, e) in &p.measures {
            writeln!(out, "  {:<width$}    {measure}: {}", "", shown(e))?;
        }
    }
    for d in &report.differences {
        writeln!(out, "  {} - {}: {}", d.a, d.b, shown(&d.estimate))?;
    }
    writeln!(
        out,
        "  {:.1} deals/s ({seconds:.2} s, {threads} threads)",
        report.deals as f64 / seconds.max(1e-9)
    )?;
    Ok(())
}

/// Plays deals `first..first + count` of the arena `args` describe (a shard) on `threads`
/// threads.
pub fn shard(
    args: &ArenaArgs,
    first: u64,
    count: u64,
    threads: u16,
) -> Result<ArenaDeals, CliError> {
    let (_, _, arena) = arena(args)?;
    let end = first.checked_add(count).filter(|&end| end <= args.deals);
    let Some(end) = end.filter(|_| count > 0) else {
        return Err(CliError::Usage(format!(
            "deals {first}..{} are not a non-empty range within the run's {} deals",
            first.saturating_add(count),
            args.deals
        )));
    };
    Ok(arena.play(first..end, args.seed, usize::from(threads.max(1)), &|_| {})?)
}
