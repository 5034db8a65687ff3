//! Replay files: `simulate --out` writes one [`GameRecord`] per game as a JSON line, and
//! `alea replay` re-simulates every line and checks its final scores and checksum.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{CliError, ReplayArgs, json_line};
use alea::kernel::{Game, Rollback, Sim, SimBuilder, Turn};
use alea_games::games::duel::{Duel, DuelAction, DuelRecordRules, redeal};
use alea_games::games::mahjong::Ruleset;
use alea_games::games::mahjong::abilities::SeatedAbility;
use alea_games::games::mahjong::riichi::Riichi;
use alea_games::games::mahjong::sichuan::Sichuan;
use alea_games::games::pig::{Pig, PigAction};
use alea_games::games::sgs::{Sgs, SgsAction, SgsConfig};
use alea_games::mount::Mount;

/// The replay format's version (the `version` field of every line, 2 since Leduc's private
/// cards are dealt through chance points). Lines of an older version verify unless
/// [`OUTDATED`] names their game.
pub const REPLAY_VERSION: u32 = 2;

/// The games whose older records no longer verify: `(version, game, what changed)`, a line of
/// `game` older than `version` is refused with [`ReplayError::Outdated`].
pub const OUTDATED: &[(u32, &str, &str)] = &[(
    2,
    "leduc",
    "since format 2 Leduc's private cards are dealt through chance points, so a seed deals \
     other cards",
)];

/// One game of a replay file: everything needed to play it again without the embedded assets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord<R, A> {
    /// [`REPLAY_VERSION`].
    pub version: u32,
    /// The game (`mahjong` for riichi, `sichuan`, `pig`, `sgs`, `duel`, or a registered game's
    /// name).
    pub game: String,
    /// The full rules (for mahjong the whole riichi or sichuan preset, the ruleset's
    /// [`Ruleset::Config`]).
    pub rules: R,
    /// The game's own seed: the game is built from `rules` and it.
    pub seed: u64,
    /// The game's index in the simulation (its seed is derived from the base seed and it).
    pub index: u64,
    /// The players by seat (for information: the replay applies `actions`).
    pub players: Vec<String>,
    /// Every action, in the order [`Sim::apply`] applied them.
    pub actions: Vec<A>,
    /// Mahjong: the abilities seated (`NAME@SEAT`), if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// Mahjong: wall slots an ability collapsed between actions (Toki's future sight), if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub collapses: Vec<SlotCollapse>,
    /// The final scores by seat.
    pub scores: Vec<i64>,
    /// The final [`Sim::checksum`], as 16 hex digits.
    pub checksum: String,
}

/// A wall slot collapsed to a tile before action `before` (its index in `actions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotCollapse {
    /// The action it came before.
    pub before: u32,
    /// The exit.
    pub exit: alea_games::mount::Exit,
    /// The slot's index from the exit's first slot.
    pub index: u16,
    /// The tile.
    pub tile: alea_games::tiles::Tile,
}

/// What a simulated game recorded for its replay line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recording<A> {
    /// Every action applied, in order.
    pub actions: Vec<A>,
    /// Wall slots collapsed between actions.
    pub collapses: Vec<SlotCollapse>,
    /// The final scores by seat.
    pub scores: Vec<i64>,
    /// The final [`Sim::checksum`].
    pub checksum: u64,
}

/// A checksum as written in replay files.
fn checksum_text(checksum: u64) -> String {
    format!("{checksum:016x}")
}

/// Where a replay file goes: a file, or stdout for `-`.
pub(super) type RecordSink = std::io::BufWriter<Box<dyn std::io::Write>>;

/// True for the path `-` (stdin or stdout).
pub(super) fn is_dash(path: &Path) -> bool {
    path == Path::new("-")
}

/// Creates the replay file at `path`, or takes stdout for `-` (before the simulation, so a
/// bad path fails at once).
pub(super) fn create(path: &Path) -> Result<RecordSink, CliError> {
    if is_dash(path) {
        return Ok(std::io::BufWriter::new(Box::new(std::io::stdout())));
    }
    std::fs::File::create(path)
        .map(|file| std::io::BufWriter::new(Box::new(file) as Box<dyn std::io::Write>))
        .map_err(|source| CliError::File {
            path: path.to_path_buf(),
            source,
        })
}

/// The replay lines of one simulation's games, in game order.
pub(super) struct RecordWriter<'a, R> {
    /// The game's name.
    pub game: &'static str,
    /// The rules every game was played with.
    pub rules: &'a R,
    /// The simulation's base seed.
    pub base_seed: u64,
    /// The players by seat.
    pub players: Vec<String>,
    /// The abilities seated (`NAME@SEAT`).
    pub abilities: Vec<String>,
}

impl<R: Serialize> RecordWriter<'_, R> {
    /// Writes game `index`'s line: its actions, final scores and checksum.
    pub fn write<A: Serialize + Clone>(
        &self,
        out: &mut impl Write,
        index: u64,
        recording: &Recording<A>,
    ) -> Result<(), CliError> {
        json_line(
            out,
            &GameRecord {
                version: REPLAY_VERSION,
                game: self.game.to_string(),
                rules: self.rules,
                seed: alea::chance::sub_seed(self.base_seed, index),
                index,
                players: self.players.clone(),
                actions: recording.actions.clone(),
                abilities: self.abilities.clone(),
                collapses: recording.collapses.clone(),
                scores: recording.scores.clone(),
                checksum: checksum_text(recording.checksum),
            },
        )
    }
}

/// A line of a replay file that cannot be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The line is not a game record.
    #[error("line {line}: not a replay record: {source}")]
    Json {
        /// 1-based line number.
        line: usize,
        /// The JSON error.
        source: serde_json::Error,
    },
    /// The line's format version is not one this build reads (1 to [`REPLAY_VERSION`]).
    #[error("line {line}: replay format version {found}, expected 1 to {REPLAY_VERSION}")]
    Version {
        /// 1-based line number.
        line: usize,
        /// The version found.
        found: u32,
    },
    /// The line records a game whose randomness changed since its format version
    /// ([`OUTDATED`]): it cannot verify.
    #[error(
        "line {line}: a {game} record of replay format {found} no longer verifies: {what}; \
         record the game again (format {REPLAY_VERSION})"
    )]
    Outdated {
        /// 1-based line number.
        line: usize,
        /// The game.
        game: String,
        /// The version found.
        found: u32,
        /// What changed.
        what: &'static str,
    },
    /// The line's game is not one `alea replay` knows.
    #[error(
        "line {line}: unknown game {game:?} (expected mahjong, sichuan, pig, sgs, duel or a \
         registered game)"
    )]
    UnknownGame {
        /// 1-based line number.
        line: usize,
        /// The game named.
        game: String,
    },
    /// The rules cannot build a game.
    #[error("line {line}: bad rules: {reason}")]
    BadRules {
        /// 1-based line number.
        line: usize,
        /// Why.
        reason: String,
    },
    /// A recorded action is not legal where it comes.
    #[error("line {line}, action {index} ({action}): {reason}")]
    Illegal {
        /// 1-based line number.
        line: usize,
        /// 0-based index in `actions`.
        index: usize,
        /// The action, in the file's JSON.
        action: String,
        /// Why it cannot be applied.
        reason: String,
    },
}

/// A replayed game whose outcome differs from its record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// 1-based line number.
    pub line: usize,
    /// What differs.
    pub problems: Vec<String>,
}

/// What `alea replay` reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplaySummary {
    /// Games replayed.
    pub games: u64,
    /// Games that matched their record.
    pub verified: u64,
    /// The games that did not.
    pub failed: Vec<Mismatch>,
}

/// Just the fields that say how to read the rest of a line.
#[derive(Deserialize)]
struct Header {
    version: u32,
    game: String,
}

/// How a replay reads a finished game: its scores, and whether it really ended (not merely
/// stalled with nobody to ask).
pub(super) type Outcome<G> = (fn(&Sim<G>) -> Vec<i64>, fn(&Sim<G>) -> bool);

/// Applies `actions` to `sim`, each after the wall collapses recorded before it, checking
/// each is legal for the seat to move; `after` sees `sim` after each action. The first action
/// that cannot be applied: its index and why.
pub(super) fn apply_record<G: Game>(
    sim: &mut Sim<G>,
    actions: &[G::Action],
    collapses: &[SlotCollapse],
    mut after: impl FnMut(&mut Sim<G>),
) -> Result<(), (usize, String)> {
    let mut collapses = collapses.iter().peekable();
    for (index, &action) in actions.iter().enumerate() {
        while let Some(c) = collapses.next_if(|c| c.before as usize == index) {
            if let Some(mut mount) = sim.world_mut().get_resource_mut::<Mount>() {
                let taken = mount.drawn_from(c.exit);
                if let Some(pos) = c.index.checked_sub(taken) {
                    let _ = mount.early_collapse(c.exit, pos, c.tile);
                }
            }
        }
        let Turn::Player(seat) = sim.turn() else {
            return Err((index, "the game is already over".into()));
        };
        if !sim.legal_actions().contains(&action) {
            return Err((index, format!("not a legal action of {seat}")));
        }
        sim.apply(action).map_err(|e| (index, e.to_string()))?;
        after(sim);
    }
    Ok(())
}

/// Applies `record`'s collapses and actions to `sim` (built from its rules and seed), checking
/// each action is legal for the seat to move, then checks the game ended and compares the
/// final scores and checksum with the record's.
fn verify<G: Game<Action: Serialize>, R>(
    sim: &mut Sim<G>,
    record: &GameRecord<R, G::Action>,
    (scores, over): Outcome<G>,
    line: usize,
) -> Result<Vec<String>, ReplayError> {
    apply_record(sim, &record.actions, &record.collapses, |_| {}).map_err(|(index, reason)| {
        let action = record.actions[index];
        ReplayError::Illegal {
            line,
            index,
            action: serde_json::to_string(&action).unwrap_or_else(|_| format!("{action:?}")),
            reason,
        }
    })?;
    Ok(end_problems(sim, record, (scores, over)))
}

/// What does not match at the end of `record`'s game (`sim`, after its actions): a game not
/// over, other final scores, another checksum (none: verified).
pub(super) fn end_problems<G: Game, R>(
    sim: &mut Sim<G>,
    record: &GameRecord<R, G::Action>,
    (scores, over): Outcome<G>,
) -> Vec<String> {
    let mut problems = Vec::new();
    if !over(sim) || (matches!(sim.turn(), Turn::Player(_)) && !sim.legal_actions().is_empty()) {
        problems.push(format!(
            "the game is not over after its {} actions",
            record.actions.len()
        ));
    }
    let replayed = scores(sim);
    if replayed != record.scores {
        problems.push(format!(
            "scores {:?} recorded, {replayed:?} replayed",
            record.scores
        ));
    }
    let checksum = checksum_text(sim.checksum());
    if checksum != record.checksum {
        problems.push(format!(
            "checksum {} recorded, {checksum} replayed",
            record.checksum
        ));
    }
    problems
}

/// Replays one line of a replay file (`line` names it in errors): the problems found (none:
/// verified).
pub fn replay_line(text: &str, line: usize) -> Result<Vec<String>, ReplayError> {
    Replayer::default().line(text, line)
}

/// Replays lines, keeping the simulator of the last pig rules: a pig line restores its start
/// and re-seeds (as `simulate` plays them) instead of building a World, most of the cost of
/// replaying a short game.
#[derive(Default)]
struct Replayer {
    pig: Option<(Pig, Sim<Pig>, alea::snapshot::Snapshot)>,
}

impl Replayer {
    /// The pig simulator of `rules` at its start, seeded `seed`.
    fn pig(&mut self, rules: &Pig, seed: u64, line: usize) -> Result<&mut Sim<Pig>, ReplayError> {
        if self.pig.as_ref().is_none_or(|(kept, _, _)| kept != rules) {
            let mut sim = fresh(rules.clone(), 0, line, false)?;
            let start = sim.snapshot();
            self.pig = Some((rules.clone(), sim, start));
        }
        let (_, sim, start) = self.pig.as_mut().expect("set above");
        sim.restore(start).map_err(|error| ReplayError::BadRules {
            line,
            reason: error.to_string(),
        })?;
        sim.reseed(seed);
        Ok(sim)
    }

    /// Replays one line (see [`replay_line`]).
    fn line(&mut self, text: &str, line: usize) -> Result<Vec<String>, ReplayError> {
        let json = |source| ReplayError::Json { line, source };
        let header: Header = serde_json::from_str(text).map_err(json)?;
        if header.version == 0 || header.version > REPLAY_VERSION {
            return Err(ReplayError::Version {
                line,
                found: header.version,
            });
        }
        let outdated = OUTDATED
            .iter()
            .find(|&&(since, game, _)| header.version < since && game == header.game);
        if let Some(&(_, _, what)) = outdated {
            return Err(ReplayError::Outdated {
                line,
                game: header.game,
                found: header.version,
                what,
            });
        }
        match header.game.as_str() {
            Riichi::RECORD => replay_table::<Riichi>(text, line),
            Sichuan::RECORD => replay_table::<Sichuan>(text, line),
            "pig" => {
                let record = pig_record(text, line)?;
                let sim = self.pig(&record.rules, record.seed, line)?;
                verify(sim, &record, (pig_scores, Sim::is_terminal), line)
            }
            "sgs" => {
                let (mut sim, record) = open_sgs(text, line, false)?;
                verify(&mut sim, &record, (return_scores, Sim::is_terminal), line)
            }
            "duel" => {
                let (mut sim, record) = open_duel(text, line, false)?;
                verify(&mut sim, &record, (return_scores, Sim::is_terminal), line)
            }
            name => match alea::registry::find(alea_games::games::REGISTRY, name) {
                Ok(info) => replay_registered(info, text, line),
                Err(_) => Err(ReplayError::UnknownGame {
                    line,
                    game: header.game,
                }),
            },
        }
    }
}

/// A game built from a line's rules and seed, recording its events from the setup on if
/// `events`. Every action is checked legal before it is applied and a failing one ends the
/// line, so no action needs a rollback snapshot (`Rollback::Caller`: about 4× faster than the
/// default on short games).
fn fresh<G: Game>(game: G, seed: u64, line: usize, events: bool) -> Result<Sim<G>, ReplayError> {
    SimBuilder::new(game)
        .seed(seed)
        .rollback(Rollback::Caller)
        .record_events(events)
        .try_build()
        .map_err(|error| ReplayError::BadRules {
            line,
            reason: error.to_string(),
        })
}

/// A game record of type `T` read from `text` (line `line`).
fn parse<T: serde::de::DeserializeOwned>(text: &str, line: usize) -> Result<T, ReplayError> {
    serde_json::from_str(text).map_err(|source| ReplayError::Json { line, source })
}

/// A line's game at its start and its record (rules `R`), or why the line cannot be played.
pub(super) type Opened<G, R> = Result<(Sim<G>, GameRecord<R, <G as Game>::Action>), ReplayError>;

/// A pig line's record, its rules checked.
fn pig_record(text: &str, line: usize) -> Result<GameRecord<Pig, PigAction>, ReplayError> {
    let record: GameRecord<Pig, PigAction> = parse(text, line)?;
    if !(2..=10).contains(&record.rules.players) || record.rules.faces < 2 {
        return Err(ReplayError::BadRules {
            line,
            reason: "pig has 2 to 10 players and a die of 2 faces or more".into(),
        });
    }
    Ok(record)
}

/// A pig line: its game at the start (events recorded if `events`) and its record.
pub(super) fn open_pig(text: &str, line: usize, events: bool) -> Opened<Pig, Pig> {
    let record = pig_record(text, line)?;
    let sim = fresh(record.rules.clone(), record.seed, line, events)?;
    Ok((sim, record))
}

/// An sgs line: its game at the start (events recorded if `events`) and its record.
pub(super) fn open_sgs(text: &str, line: usize, events: bool) -> Opened<Sgs, SgsConfig> {
    let record: GameRecord<SgsConfig, SgsAction> = parse(text, line)?;
    let game =
        Sgs::from_config(&record.rules).map_err(|reason| ReplayError::BadRules { line, reason })?;
    Ok((fresh(game, record.seed, line, events)?, record))
}

/// A duel line: its decks rebuilt from their names and dealt from its seed as `simulate`
/// deals it (events recorded from the deal on if `events`), and its record.
pub(super) fn open_duel(text: &str, line: usize, events: bool) -> Opened<Duel, DuelRecordRules> {
    let record: GameRecord<DuelRecordRules, DuelAction> = parse(text, line)?;
    let bad = |reason: String| ReplayError::BadRules { line, reason };
    let game = Duel::from_record_rules(&record.rules).map_err(|e| bad(e.to_string()))?;
    let mut sim = fresh(game, record.seed, line, events)?;
    sim.take_events();
    sim.reseed(record.seed);
    redeal(&mut sim).map_err(|e| bad(e.to_string()))?;
    Ok((sim, record))
}

/// A mahjong line of ruleset `R`: its rules, abilities and seed rebuild the game (events
/// recorded if `events`); and its record.
pub(super) fn open_table<R: Ruleset>(
    text: &str,
    line: usize,
    events: bool,
) -> Opened<R, R::Config> {
    let record: GameRecord<R::Config, R::Action> = parse(text, line)?;
    let bad = |reason: String| ReplayError::BadRules { line, reason };
    let abilities = record
        .abilities
        .iter()
        .map(|a| {
            a.parse::<SeatedAbility>()
                .map_err(|e| bad(format!("{a}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let game = R::build(record.rules.clone(), &abilities).map_err(bad)?;
    let sim = fresh(game, record.seed, line, events)?;
    if !record.collapses.is_empty() && !abilities.iter().any(|a| a.hooks.name == "toki") {
        return Err(bad("wall collapses without Toki seated".into()));
    }
    Ok((sim, record))
}

/// Replays a mahjong line of ruleset `R`.
fn replay_table<R: Ruleset>(text: &str, line: usize) -> Result<Vec<String>, ReplayError> {
    let (mut sim, record) = open_table::<R>(text, line, false)?;
    verify(
        &mut sim,
        &record,
        (mahjong_scores::<R>, |sim| R::is_over(sim.world())),
        line,
    )
}

/// Replays a line of a registered game of random players (`simulate leduc --out`): its
/// options and seed rebuild the game through the registry, its action ids replay.
fn replay_registered(
    info: &alea::registry::GameInfo,
    text: &str,
    line: usize,
) -> Result<Vec<String>, ReplayError> {
    type Rules = std::collections::BTreeMap<String, alea::registry::OptionValue>;
    let record: GameRecord<Rules, u32> =
        serde_json::from_str(text).map_err(|source| ReplayError::Json { line, source })?;
    let bad = |reason: String| ReplayError::BadRules { line, reason };
    let options = info
        .options(record.rules.clone())
        .map_err(|e| bad(e.to_string()))?;
    let game = (info.build)(&options).map_err(|e| bad(e.to_string()))?;
    let replayed = match game.replay(record.seed, &record.actions) {
        Ok(replayed) => replayed,
        Err(error) => return Ok(vec![error.to_string()]),
    };
    let mut problems = Vec::new();
    if !replayed.terminal {
        problems.push(format!(
            "the game is not over after its {} actions",
            record.actions.len()
        ));
    }
    let scores = replayed.scores();
    if scores != record.scores {
        problems.push(format!(
            "scores {:?} recorded, {scores:?} replayed",
            record.scores
        ));
    }
    let checksum = checksum_text(replayed.checksum);
    if checksum != record.checksum {
        problems.push(format!(
            "checksum {} recorded, {checksum} replayed",
            record.checksum
        ));
    }
    Ok(problems)
}

/// A mahjong match's final scores, as recorded.
pub(super) fn mahjong_scores<R: Ruleset>(sim: &Sim<R>) -> Vec<i64> {
    R::scores(sim.world())
        .iter()
        .map(|&s| i64::from(s))
        .collect()
}

/// An sgs or duel game's final scores, as recorded: its returns (+1 won, −1 lost, 0 drawn).
pub(super) fn return_scores<G: Game>(sim: &Sim<G>) -> Vec<i64> {
    sim.returns().iter().map(|&r| r as i64).collect()
}

/// A pig game's final scores, as recorded.
pub(super) fn pig_scores(sim: &Sim<Pig>) -> Vec<i64> {
    (0..sim.rules().game.players)
        .map(|s| i64::from(sim.state().banked[usize::from(s)]))
        .collect()
}

/// Replays every game of the file `path` (`-`: stdin): the summary, or the first line that
/// cannot be replayed.
pub fn replay_file(path: &Path) -> Result<ReplaySummary, ReplayError> {
    let read = |source| ReplayError::Read {
        path: path.to_path_buf(),
        source,
    };
    if path == Path::new("-") {
        return replay_lines(std::io::stdin().lock(), path);
    }
    let file = std::fs::File::open(path).map_err(read)?;
    replay_lines(std::io::BufReader::new(file), path)
}

/// Replays every line of `input` (read from `path`, named in errors).
pub fn replay_lines(input: impl BufRead, path: &Path) -> Result<ReplaySummary, ReplayError> {
    let read = |source| ReplayError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut replayer = Replayer::default();
    let mut summary = ReplaySummary {
        games: 0,
        verified: 0,
        failed: Vec::new(),
    };
    for (n, text) in input.lines().enumerate() {
        let text = text.map_err(read)?;
        if text.trim().is_empty() {
            continue;
        }
        let line = n + 1;
        let problems = replayer.line(&text, line)?;
        summary.games += 1;
        if problems.is_empty() {
            summary.verified += 1;
        } else {
            summary.failed.push(Mismatch { line, problems });
        }
    }
    Ok(summary)
}

/// `alea replay`.
pub(super) fn run(args: &ReplayArgs, out: &mut impl Write) -> Result<(), CliError> {
    let [file] = args.files.as_slice() else {
        return Err(CliError::BadArgument(format!(
            "alea replay reads one replay file (got {}); several files are for --format mjai",
            args.files.len()
        )));
    };
    if args.rules != "riichi" || args.options.is_some() {
        return Err(CliError::BadArgument(
            "a replay file holds its own rules (--rules and --options are for --format mjai)"
                .into(),
        ));
    }
    let summary = replay_file(file)?;
    if args.json {
        json_line(out, &summary)?;
    } else {
        for mismatch in &summary.failed {
            for problem in &mismatch.problems {
                writeln!(out, "line {}: {problem}", mismatch.line)?;
            }
        }
        let games = match summary.games {
            1 => "1 game".to_string(),
            n => format!("{n} games"),
        };
        if summary.failed.is_empty() {
            writeln!(out, "{games}, all verified")?;
        } else {
            writeln!(out, "{games}, {} failed", summary.failed.len())?;
        }
    }
    if summary.failed.is_empty() {
        Ok(())
    } else {
        Err(CliError::ReplayFailed {
            failed: summary.failed.len() as u64,
            games: summary.games,
        })
    }
}
