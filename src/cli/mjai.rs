//! mjai: `alea replay --format mjai` replays full-information logs through alea's riichi
//! rules, log by log; `simulate mahjong --out-mjai DIR` writes each match as a log;
//! `alea mjai-bot` plays at an mjai table.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::replay::{Recording, apply_record};
use super::{CliError, MjaiBotArgs, ReplayArgs, json_line};
use alea::kernel::{Seat, Sim};
use alea_games::games::mahjong::riichi::mjai::{
    MjaiBot, MjaiEvent, MjaiWriter, caller_sim, read_log, replay_events, write_log,
};
use alea_games::games::mahjong::riichi::{PlayerKind, Riichi, RiichiAction, RiichiConfig};

/// `--out-mjai DIR`: a delivered match is played again from its recording, with its events
/// recorded, and written as `DIR/INDEX.json.gz`.
pub(super) struct MjaiDir {
    dir: PathBuf,
    sim: Sim<Riichi>,
    base_seed: u64,
    names: Vec<String>,
}

impl MjaiDir {
    /// Creates `dir` (and its parents) for the matches of `game` seeded from `base_seed`.
    pub fn create(
        dir: &Path,
        game: &Riichi,
        players: &[PlayerKind; 4],
        base_seed: u64,
    ) -> Result<MjaiDir, CliError> {
        std::fs::create_dir_all(dir).map_err(|source| CliError::File {
            path: dir.to_path_buf(),
            source,
        })?;
        let sim = caller_sim(game.clone())?;
        Ok(MjaiDir {
            dir: dir.to_path_buf(),
            sim,
            base_seed,
            names: players.iter().map(ToString::to_string).collect(),
        })
    }

    /// Writes match `index`'s log.
    pub fn write(
        &mut self,
        index: u64,
        recording: &Recording<RiichiAction>,
    ) -> Result<(), CliError> {
        let seed = alea::chance::sub_seed(self.base_seed, index);
        Riichi::restart(&mut self.sim, seed)?;
        let start = self.sim.rules().game.config.start_points;
        let mut writer = MjaiWriter::new(start);
        let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        let mut log = writer.open(&self.sim, &names);
        self.sim.take_events();
        self.sim.record_events(true);
        let played = apply_record(
            &mut self.sim,
            &recording.actions,
            &recording.collapses,
            |sim| {
                for logged in sim.take_events() {
                    writer.push(&logged.event, &mut log);
                }
            },
        );
        self.sim.record_events(false);
        played.map_err(|(action, reason)| {
            CliError::MjaiLog(format!(
                "match {index} cannot be played again from its record (action {action}: {reason})"
            ))
        })?;
        let path = self.dir.join(format!("{index}.json.gz"));
        write_log(&path, &log).map_err(|source| CliError::File { path, source })
    }
}

/// A log that disagrees with alea, or cannot be read.
#[derive(Debug, Serialize)]
struct Failure {
    file: PathBuf,
    /// The 1-based line (0 when the file cannot be opened).
    line: usize,
    /// The log's event there (empty when the line cannot be read).
    log: String,
    /// What alea has instead, or why the line cannot be read.
    alea: String,
}

/// What the logs showed.
#[derive(Debug, Default, Serialize)]
struct Summary {
    logs: u64,
    games: u64,
    hands: u64,
    failed: Vec<Failure>,
}

/// The riichi rules of `--rules` and `--options`.
fn config(rules: &str, options: Option<&str>) -> Result<RiichiConfig, CliError> {
    let preset = Riichi::preset(rules)
        .map_err(|e| CliError::BadArgument(format!("--rules: {e}")))?
        .config;
    match options {
        Some(options) => with_options(&preset, options)
            .map_err(|e| CliError::BadArgument(format!("--options: {e}"))),
        None => Ok(preset),
    }
}

/// `alea mjai-bot`: answers each request line of `input` with one action line on `out`. A
/// line that is not mjai events, or events the bot cannot follow, is reported on stderr
/// and answered with `none` (the bot sits out the rest of that hand).
pub(super) fn serve(
    args: &MjaiBotArgs,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let config = config(&args.rules, args.options.as_deref())?;
    let mut bot = MjaiBot::new(args.player, config, args.seat.map(Seat), args.seed);
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let events = match text.starts_with('[') {
            true => serde_json::from_str::<Vec<MjaiEvent>>(text),
            false => serde_json::from_str::<MjaiEvent>(text).map(|e| vec![e]),
        };
        let answer = match events {
            Err(error) => Err(format!("not mjai events: {error}")),
            Ok(events) => bot.react(&events).map_err(|e| e.to_string()),
        };
        let answer = answer.unwrap_or_else(|why| {
            eprintln!("alea mjai-bot: line {}: {why}", n + 1);
            MjaiEvent::None
        });
        serde_json::to_writer(&mut *out, &answer)?;
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
}

pub(super) fn run(args: &ReplayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let config = config(&args.rules, args.options.as_deref())?;
    let mut summary = Summary::default();
    for file in &args.files {
        summary.logs += 1;
        let failure = match read_log(file) {
            Err(error) => Some(Failure {
                file: file.clone(),
                line: error.line(),
                log: String::new(),
                alea: error.reason(),
            }),
            Ok(events) => {
                let replayed = replay_events(&events, &config);
                summary.games += u64::from(replayed.games);
                summary.hands += u64::from(replayed.hands);
                if !args.json {
                    writeln!(
                        out,
                        "{}: {}, {} verified",
                        file.display(),
                        count(replayed.games.into(), "game"),
                        count(replayed.hands.into(), "hand")
                    )?;
                }
                replayed.disagreement.map(|d| Failure {
                    file: file.clone(),
                    line: d.line,
                    log: d.log,
                    alea: d.alea,
                })
            }
        };
        if let Some(failure) = failure {
            if !args.json {
                print_failure(out, &failure)?;
            }
            summary.failed.push(failure);
        }
    }
    if args.json {
        json_line(out, &summary)?;
    } else {
        let verdict = match summary.failed.len() {
            0 => "all verified".to_string(),
            n => format!("{} failed", count(n as u64, "log")),
        };
        writeln!(
            out,
            "{}, {}, {}: {verdict}",
            count(summary.logs, "log"),
            count(summary.games, "game"),
            count(summary.hands, "hand")
        )?;
    }
    match summary.failed.len() as u64 {
        0 => Ok(()),
        failed => Err(CliError::MjaiFailed {
            failed,
            logs: summary.logs,
        }),
    }
}

/// A failed log: the file (and line), the log's event and alea's side, or why it cannot be
/// read.
fn print_failure(out: &mut impl Write, failure: &Failure) -> Result<(), CliError> {
    let file = failure.file.display();
    match failure.line {
        0 => writeln!(out, "{file}: {}", failure.alea)?,
        line if failure.log.is_empty() => writeln!(out, "{file}: line {line}: {}", failure.alea)?,
        line => {
            writeln!(out, "{file}: line {line}:")?;
            writeln!(out, "  log:  {}", failure.log)?;
            writeln!(out, "  alea: {}", failure.alea)?;
        }
    }
    Ok(())
}

/// `preset` with the fields of the JSON object `options` replaced (objects field by field).
fn with_options(preset: &RiichiConfig, options: &str) -> Result<RiichiConfig, String> {
    let options: serde_json::Value = serde_json::from_str(options).map_err(|e| e.to_string())?;
    if !options.is_object() {
        return Err("expected a JSON object, e.g. '{\"kuikae\": false}'".into());
    }
    let mut config = serde_json::to_value(preset).map_err(|e| e.to_string())?;
    merge(&mut config, options);
    serde_json::from_value(config).map_err(|e| e.to_string())
}

/// Writes `patch` over `base`: objects merge field by field, anything else replaces.
fn merge(base: &mut serde_json::Value, patch: serde_json::Value) {
    match (base, patch) {
        (serde_json::Value::Object(base), serde_json::Value::Object(patch)) => {
            for (key, value) in patch {
                match base.get_mut(&key) {
                    Some(slot) => merge(slot, value),
                    None => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (base, patch) => *base = patch,
    }
}

fn count(n: u64, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}
