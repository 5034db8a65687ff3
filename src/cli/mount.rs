//! `alea mount`: an explorer for ability designers. Builds a mount whose zone A holds exactly the
//! given tiles, applies presence, loads and collapses to the next normal draw, and compares the
//! exact distribution of that draw with the frequencies of many independent draws.

use std::collections::BTreeMap;
use std::num::ParseIntError;
use std::str::FromStr;

use serde::Serialize;

use super::{CliError, MountArgs};
use alea::chance::{Purpose, derive_stream};
use alea_games::mount::{Exit, Mount, MountError, MountZone, UnknownExit, WallLayout};
use alea_games::tiles::{
    NotationError, Tile, TileCounts, TileSet, TileSetError, format_tiles, parse_tiles,
};

/// Why an `alea mount` argument value does not parse.
#[derive(Debug, thiserror::Error)]
pub enum ArgError {
    /// The value does not have the expected `A:B` shape.
    #[error("expected {expected}")]
    Shape {
        /// The expected shape.
        expected: &'static str,
    },
    /// A tile (or the tile list) is not valid notation.
    #[error("bad tile {text:?}: {source}")]
    Tile {
        /// The offending text.
        text: String,
        /// Why.
        source: NotationError,
    },
    /// A number does not parse.
    #[error("bad number {text:?}: {source}")]
    Number {
        /// The offending text.
        text: String,
        /// Why.
        source: ParseIntError,
    },
    /// Not an exit name.
    #[error(transparent)]
    Exit(#[from] UnknownExit),
    /// The tiles are not a tile set.
    #[error(transparent)]
    TileSet(#[from] TileSetError),
    /// `--tiles` is empty.
    #[error("no tiles given")]
    NoTiles,
}

fn tile(text: &str) -> Result<Tile, ArgError> {
    text.parse().map_err(|source| ArgError::Tile {
        text: text.to_string(),
        source,
    })
}

fn number<T: FromStr<Err = ParseIntError>>(text: &str) -> Result<T, ArgError> {
    text.parse().map_err(|source| ArgError::Number {
        text: text.to_string(),
        source,
    })
}

/// `--tiles`: the tiles zone A starts with (at most four of a kind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileList(pub TileSet);

impl FromStr for TileList {
    type Err = ArgError;
    fn from_str(text: &str) -> Result<Self, ArgError> {
        let counts: TileCounts = parse_tiles(text)
            .map_err(|source| ArgError::Tile {
                text: text.to_string(),
                source,
            })?
            .into_iter()
            .collect();
        if counts.total() == 0 {
            return Err(ArgError::NoTiles);
        }
        Ok(TileList(TileSet::from_counts(counts)?))
    }
}

/// A `TILE:NUMBER` value: `--light 7p:+100` (mk), `--load-b 9p:1` (copies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileNumber<T> {
    /// As written.
    pub text: String,
    /// The tile.
    pub tile: Tile,
    /// The number.
    pub number: T,
}

/// `--light` / `--light-b`: `TILE:MK`, presence for the next normal draw (a black five names
/// its kind).
pub type Light = TileNumber<i32>;

/// `--load-b`: `TILE:N`, move up to N copies from A to B.
pub type Load = TileNumber<u8>;

impl<T: FromStr<Err = ParseIntError>> FromStr for TileNumber<T> {
    type Err = ArgError;
    fn from_str(text: &str) -> Result<Self, ArgError> {
        let Some((t, n)) = text.split_once(':') else {
            return Err(ArgError::Shape {
                expected: "TILE:NUMBER, e.g. 7p:+100 or 9p:1",
            });
        };
        Ok(TileNumber {
            text: text.to_string(),
            tile: tile(t)?,
            number: number(n)?,
        })
    }
}

/// `--collapse`: `EXIT:POS:TILE`, fix a slot (`pii:0:8p`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collapse {
    /// As written.
    pub text: String,
    /// The exit.
    pub exit: Exit,
    /// The slot's position (0 = next out).
    pub pos: u16,
    /// The tile.
    pub tile: Tile,
}

impl FromStr for Collapse {
    type Err = ArgError;
    fn from_str(text: &str) -> Result<Self, ArgError> {
        let mut parts = text.split(':');
        let (Some(exit), Some(pos), Some(t), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(ArgError::Shape {
                expected: "EXIT:POS:TILE, e.g. pii:0:8p",
            });
        };
        Ok(Collapse {
            text: text.to_string(),
            exit: exit.parse()?,
            pos: number(pos)?,
            tile: tile(t)?,
        })
    }
}

/// What `alea mount` reports: for every tile of `--tiles`, the exact probability of the next
/// normal draw and how often it came out in `draws` independent draws from the same state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MountReport {
    /// Exact probabilities.
    pub exact: BTreeMap<Tile, f64>,
    /// Observed counts.
    pub observed: BTreeMap<Tile, u64>,
    /// Draws made.
    pub draws: u64,
}

/// Builds the mount of `args` and applies its operations in this order: `--load-b`,
/// `--collapse`, `--light`, `--light-b`. An operation the mount refuses names its option and
/// value. The live wall has one slot per tile; the other exits have riichi's dead-wall slots,
/// so collapses can be tried on every exit.
pub fn build_mount(args: &MountArgs) -> Result<Mount, CliError> {
    let set = args.tiles.0;
    let layout = WallLayout {
        pii: u16::try_from(set.len()).unwrap_or(u16::MAX),
        ..WallLayout::riichi()
    };
    let mut mount = Mount::new(set, layout);
    fn refused<'a>(
        option: &'static str,
        text: &'a str,
    ) -> impl FnOnce(MountError) -> CliError + 'a {
        move |source| CliError::MountOperation {
            option,
            value: text.to_string(),
            source,
        }
    }
    for load in &args.load_b {
        mount
            .load_b(load.tile, load.number)
            .map_err(refused("--load-b", &load.text))?;
    }
    for c in &args.collapse {
        // The mount keeps a slot's first collapse and skips a tile with no copy left: either
        // would be echoed but not applied.
        let why = match mount.collapsed(c.exit, c.pos) {
            Some(first) => Some(format!("the slot is already collapsed to {first}")),
            None => {
                mount
                    .early_collapse(c.exit, c.pos, c.tile)
                    .map_err(refused("--collapse", &c.text))?;
                let applied = mount.collapsed(c.exit, c.pos).is_some();
                (!applied).then(|| format!("no copy of {} is left in zones A and B", c.tile))
            }
        };
        if let Some(why) = why {
            return Err(CliError::Usage(format!("--collapse {}: {why}", c.text)));
        }
    }
    for (option, lights, zone) in [
        ("--light", &args.light, MountZone::A),
        ("--light-b", &args.light_b, MountZone::B),
    ] {
        for light in lights {
            mount
                .inc_mk(Exit::Pii, 0, light.tile, light.number, zone)
                .map_err(refused(option, &light.text))?;
        }
    }
    Ok(mount)
}

/// Runs the exploration: exact odds of the next normal draw and `args.draws` independent
/// samples of it, from the stream `(seed, Purpose::Draw, 0)`.
pub fn explore_mount(args: &MountArgs) -> Result<MountReport, CliError> {
    let mount = build_mount(args)?;
    let odds = mount.probabilities(Exit::Pii)?;
    let mut rng = derive_stream(args.seed, Purpose::Draw.key(), 0);
    let mut seen = [0u64; Tile::COUNT];
    for _ in 0..args.draws {
        seen[mount.sample(Exit::Pii, &mut rng)?.index()] += 1;
    }
    let tiles = || args.tiles.0.counts().iter().map(|(t, _)| t);
    Ok(MountReport {
        exact: tiles().map(|t| (t, odds.probability(t))).collect(),
        observed: tiles().map(|t| (t, seen[t.index()])).collect(),
        draws: args.draws,
    })
}

pub(super) fn run(args: &MountArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let report = explore_mount(args)?;
    if args.json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    let tiles: Vec<Tile> = args.tiles.0.counts().tiles().collect();
    writeln!(
        out,
        "zone A: {} ({} tiles); next normal draw; {} draws from the same state, seed {}",
        format_tiles(&tiles),
        tiles.len(),
        report.draws,
        args.seed
    )?;
    let operations: Vec<String> = [
        (
            "--load-b",
            args.load_b.iter().map(|o| &o.text).collect::<Vec<_>>(),
        ),
        (
            "--collapse",
            args.collapse.iter().map(|o| &o.text).collect(),
        ),
        ("--light", args.light.iter().map(|o| &o.text).collect()),
        ("--light-b", args.light_b.iter().map(|o| &o.text).collect()),
    ]
    .into_iter()
    .flat_map(|(option, texts)| texts.into_iter().map(move |t| format!("{option} {t}")))
    .collect();
    if !operations.is_empty() {
        writeln!(out, "operations: {}", operations.join(", "))?;
    }
    writeln!(out, "{:<4} {:>10} {:>10}", "tile", "exact", "observed")?;
    for (tile, p) in &report.exact {
        let seen = report.observed[tile];
        writeln!(
            out,
            "{tile:<4} {p:>10.6} {:>10.6}  ({seen})",
            seen as f64 / report.draws as f64
        )?;
    }
    Ok(())
}
