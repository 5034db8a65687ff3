//! What every simulation shares: a finished game ([`Played`]) and where it goes ([`Sink`]),
//! the generic random simulation ([`simulate`]), recording a game as it is played
//! ([`play_out`]), the `--out` file, progress bars and the `--max-seconds` limit.

use std::time::Instant;

use serde::Serialize;

use super::CliError;
use super::replay::{self, RecordWriter, Recording, SlotCollapse};
use super::stream::{Batch, Streamed, stream_games};
use alea::kernel::playout::{random_action, random_player_rng, random_playout};
use alea::kernel::{Game, Rollback, Sim, SimBuilder, SimError};
use alea_games::mount::{Mount, MountSlot};
use alea_games::tiles::Tile;

/// The outcome of one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameTally {
    /// The winning seat, if any.
    pub winner: Option<u8>,
    /// Player moves made.
    pub moves: u32,
}

/// Where finished games go, in game order: `sink(index, result)`.
pub type Sink<'a, T> = &'a mut dyn FnMut(u64, T) -> Result<(), CliError>;

/// Every result a streamed run delivers, in game order (for callers that want them all: this
/// keeps one result per game in memory).
pub fn collect<T>(
    progress: &(dyn Fn(u64) + Sync),
    run: impl FnOnce(Sink<'_, T>) -> Result<Streamed, CliError>,
) -> Result<Vec<T>, CliError> {
    let mut all = Vec::new();
    run(&mut |_, result| {
        all.push(result);
        progress(1);
        Ok(())
    })?;
    Ok(all)
}

/// The progress bar of a long simulation (50 000 games or more, or games of `slow` players),
/// drawn on a terminal.
pub(super) fn progress_bar(games: u64, slow: bool) -> Option<indicatif::ProgressBar> {
    (slow || games >= 50_000).then(|| counter(games, "games"))
}

/// A progress bar counting `total` `unit`s (drawn on stderr when it is a terminal, hidden
/// otherwise).
pub(super) fn counter(total: u64, unit: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} ({{per_sec}}, {{eta}})");
    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// Plays `batch`'s random games from `builder` (`(games, seed, threads)`: games `0..games`):
/// each restores the start, re-seeds the streams from `(seed, index)` and calls `prepare`;
/// `tally` reads each finished game, which goes to `sink` in game order with its
/// [`Recording`] when `record` gives the function reading its final scores. `stop` is asked
/// before each game starts.
#[allow(clippy::too_many_arguments)]
pub fn simulate<G: Game>(
    builder: &SimBuilder<G>,
    batch: impl Into<Batch>,
    record: Option<Scores<G>>,
    stop: &(dyn Fn() -> bool + Sync),
    prepare: &(dyn Fn(&mut Sim<G>) -> Result<(), SimError> + Sync),
    tally: &(dyn Fn(&Sim<G>) -> GameTally + Sync),
    sink: Sink<'_, Played<GameTally, G::Action>>,
) -> Result<Streamed, CliError> {
    let batch: Batch = batch.into();
    let builder = builder.clone().rollback(Rollback::Caller);
    stream_games(
        batch.indices()?,
        batch.threads,
        stop,
        &|| {
            let mut sim = builder.build();
            let start = sim.snapshot();
            Ok((sim, start))
        },
        &|(sim, start), index| {
            let seed = alea::chance::sub_seed(batch.seed, index);
            sim.restore(start)?;
            sim.reseed(seed);
            prepare(sim)?;
            let mut rng = random_player_rng(seed);
            let recording = match record {
                None => random_playout(sim, &mut rng).map(|_| None)?,
                Some(_) => play_out(sim, record, |sim| random_action(sim, &mut rng))?,
            };
            Ok(Played {
                result: tally(sim),
                recording,
            })
        },
        sink,
    )
}

/// A finished game: its result, and its [`Recording`] when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<T, A> {
    /// The game's result.
    pub result: T,
    /// Its actions and final checksum (with `record`).
    pub recording: Option<Recording<A>>,
}

/// Reads a finished game's scores by seat.
pub type Scores<G> = fn(&Sim<G>) -> Vec<i64>;

/// Applies `next`'s actions until it has none; returns the [`Recording`] if `record` (which
/// reads the final scores).
pub(super) fn play_out<G: Game>(
    sim: &mut Sim<G>,
    record: Option<Scores<G>>,
    mut next: impl FnMut(&mut Sim<G>) -> Option<G::Action>,
) -> Result<Option<Recording<G::Action>>, SimError> {
    let mut actions = Vec::new();
    let mut collapses = Vec::new();
    let mut before = Vec::new();
    loop {
        if record.is_some() {
            before.clear();
            before.extend(collapsed(sim));
        }
        let Some(action) = next(sim) else {
            break;
        };
        if record.is_some() {
            // Slots an ability collapsed while choosing (Toki's future sight).
            for (slot, tile) in collapsed(sim) {
                if !before.contains(&(slot, tile)) {
                    collapses.push(SlotCollapse {
                        before: actions.len() as u32,
                        exit: slot.exit,
                        index: slot.index,
                        tile,
                    });
                }
            }
            actions.push(action);
        }
        sim.apply(action)?;
    }
    Ok(record.map(|scores| Recording {
        actions,
        collapses,
        scores: scores(sim),
        checksum: sim.checksum(),
    }))
}

/// The collapsed slots of the game's wall, if it has one.
fn collapsed<G: Game>(sim: &Sim<G>) -> Vec<(MountSlot, Tile)> {
    sim.world()
        .get_resource::<Mount>()
        .map(|mount| mount.collapsed_slots().collect())
        .unwrap_or_default()
}

/// The `--max-seconds` limit as a stop test: true once that much time has passed since
/// `started` (never without the option).
pub(super) fn deadline(
    max_seconds: Option<f64>,
    started: Instant,
) -> impl Fn() -> bool + Send + Sync + 'static {
    let limit = max_seconds.map(std::time::Duration::from_secs_f64);
    move || limit.is_some_and(|limit| started.elapsed() >= limit)
}

/// The `--out` file: each delivered game's replay line, written as it comes.
pub(super) struct OutFile<'a, R> {
    file: Option<(replay::RecordSink, std::path::PathBuf)>,
    writer: RecordWriter<'a, R>,
}

impl<'a, R: Serialize> OutFile<'a, R> {
    /// Creates the file at `path` (nothing without one), before the simulation so that a bad
    /// path fails at once.
    pub fn create(
        path: Option<&std::path::Path>,
        writer: RecordWriter<'a, R>,
    ) -> Result<Self, CliError> {
        let file = path
            .map(|p| replay::create(p).map(|f| (f, p.to_path_buf())))
            .transpose()?;
        Ok(OutFile { file, writer })
    }

    /// True when games are recorded.
    pub fn is_some(&self) -> bool {
        self.file.is_some()
    }

    /// Writes game `index`'s line (nothing without a file or a recording).
    pub fn write<A: Serialize + Clone>(
        &mut self,
        index: u64,
        recording: Option<&Recording<A>>,
    ) -> Result<(), CliError> {
        let (Some((file, path)), Some(recording)) = (&mut self.file, recording) else {
            return Ok(());
        };
        self.writer
            .write(file, index, recording)
            .map_err(|e| match e {
                CliError::Io(source) => CliError::File {
                    path: path.clone(),
                    source,
                },
                other => other,
            })
    }

    /// Flushes the file.
    pub fn finish(self) -> Result<(), CliError> {
        match self.file {
            Some((mut file, path)) => {
                std::io::Write::flush(&mut file).map_err(|source| CliError::File { path, source })
            }
            None => Ok(()),
        }
    }
}
