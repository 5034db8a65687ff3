//! mjai, the riichi AI ecosystem's protocol (Mortal, akochan, mjai.app): one JSON event a
//! line. This module reads and writes its events and logs (plain or gzip), replays a
//! full-information log through alea's rules ([`replay_events`]), writes alea's matches
//! as logs ([`MjaiWriter`]) and seats alea's players at an mjai table ([`MjaiBot`]).
//!
//! Tiles are written `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, `5mr`/`5pr`/`5sr` for the red fives,
//! `E S W N` for the winds, `P F C` for the white, green and red dragons, and `?` for a tile
//! the reader cannot see.

mod bot;
mod replay;
mod write;

pub use bot::{BotError, MjaiBot};
pub use replay::{
    Disagreement, Moment, Replayed, replay_events, replay_recording, replay_watching,
};
pub use write::MjaiWriter;

use std::io::{BufRead, BufReader};
use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::games::mahjong::riichi::Riichi;
use crate::tiles::{Suit, Tile};
use alea::kernel::{Rollback, Sim, SimBuilder, SimError};

/// A tile as mjai writes it; `None` is `?` (hidden).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MjaiTile(pub Option<Tile>);

/// The honors in mjai's order of alea's `1z..7z`.
const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

impl MjaiTile {
    /// Parses mjai's notation.
    pub fn parse(text: &str) -> Option<MjaiTile> {
        if text == "?" {
            return Some(MjaiTile(None));
        }
        if let Some(i) = HONORS.iter().position(|&h| h == text) {
            return Tile::from_digit(Suit::Honor, i as u8 + 1).map(|t| MjaiTile(Some(t)));
        }
        let (body, red) = match text.strip_suffix('r') {
            Some(body) => (body, true),
            None => (text, false),
        };
        let mut chars = body.chars();
        let (Some(digit), Some(letter), None) = (chars.next(), chars.next(), chars.next()) else {
            return None;
        };
        let suit = Suit::from_letter(letter).filter(|&s| s != Suit::Honor)?;
        let digit = digit.to_digit(10).filter(|&d| (1..=9).contains(&d))? as u8;
        match (red, digit) {
            (true, 5) => Tile::from_digit(suit, 0),
            (true, _) => None,
            (false, d) => Tile::from_digit(suit, d),
        }
        .map(|t| MjaiTile(Some(t)))
    }
}

impl MjaiTile {
    /// A round wind's index (`E` 0 .. `N` 3), as `bakaze` names it; none for another tile.
    pub fn wind_index(self) -> Option<u8> {
        let tile = self.0?;
        (tile.suit() == Suit::Honor && tile.number() <= 4).then(|| tile.number() - 1)
    }
}

impl std::fmt::Display for MjaiTile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Some(tile) = self.0 else {
            return f.write_str("?");
        };
        match (tile.suit(), tile.is_red()) {
            (Suit::Honor, _) => f.write_str(HONORS[usize::from(tile.number()) - 1]),
            (suit, true) => write!(f, "5{}r", suit.letter()),
            (suit, false) => write!(f, "{}{}", tile.number(), suit.letter()),
        }
    }
}

impl Serialize for MjaiTile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MjaiTile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        MjaiTile::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not an mjai tile: {text:?}")))
    }
}

/// One mjai event. Fields a log carries that alea does not read are ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MjaiEvent {
    /// The game starts.
    StartGame {
        /// The players' names by seat.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        names: Vec<String>,
        /// The seat of the bot this is sent to (mjai.app's protocol).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u8>,
    },
    /// A hand starts: the round, the counters, the scores and every starting hand.
    StartKyoku {
        /// The round wind (`E`, `S`, `W`).
        bakaze: MjaiTile,
        /// The first dora indicator.
        dora_marker: MjaiTile,
        /// The hand within the round, from 1.
        kyoku: u8,
        /// The counters (honba).
        honba: u8,
        /// Riichi sticks on the table.
        kyotaku: u8,
        /// The dealer's seat.
        oya: u8,
        /// The scores by seat.
        scores: [i32; 4],
        /// The starting hands by seat (13 tiles each; `?` for hidden ones).
        tehais: [Vec<MjaiTile>; 4],
    },
    /// `actor` draws `pai`.
    Tsumo {
        /// Who draws.
        actor: u8,
        /// The tile.
        pai: MjaiTile,
    },
    /// `actor` discards `pai` (the tile just drawn when `tsumogiri`).
    Dahai {
        /// Who discards.
        actor: u8,
        /// The tile.
        pai: MjaiTile,
        /// The drawn tile was discarded.
        tsumogiri: bool,
    },
    /// `actor` calls chi on `target`'s `pai` with `consumed`.
    Chi {
        /// Who calls.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: MjaiTile,
        /// The hand tiles used.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` calls pon.
    Pon {
        /// Who calls.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: MjaiTile,
        /// The hand tiles used.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` calls an open kan.
    Daiminkan {
        /// Who calls.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: MjaiTile,
        /// The hand tiles used.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` declares a closed kan of `consumed`.
    Ankan {
        /// Who declares.
        actor: u8,
        /// The four tiles.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` adds `pai` to its pon of `consumed`.
    Kakan {
        /// Who declares.
        actor: u8,
        /// The added tile.
        pai: MjaiTile,
        /// The pon's tiles.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` declares riichi (its next discard).
    Reach {
        /// Who declares.
        actor: u8,
    },
    /// `actor`'s riichi stands: 1000 points to the table.
    ReachAccepted {
        /// Who declared.
        actor: u8,
    },
    /// A new dora indicator.
    Dora {
        /// The indicator.
        dora_marker: MjaiTile,
    },
    /// `actor` wins on `target`'s tile (`target == actor`: by tsumo).
    Hora {
        /// The winner.
        actor: u8,
        /// The discarder, or the winner for a tsumo.
        target: u8,
        /// The winning tile (in a bot's answer; logs leave it out).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pai: Option<MjaiTile>,
        /// The score changes by seat (sticks and counters included).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<[i32; 4]>,
        /// The ura indicators (riichi wins).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ura_markers: Option<Vec<MjaiTile>>,
    },
    /// The hand ends in a draw.
    Ryukyoku {
        /// The score changes by seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<[i32; 4]>,
    },
    /// The hand is over.
    EndKyoku,
    /// The game is over.
    EndGame,
    /// A player's pass (a bot's answer, not in logs).
    None,
}

impl MjaiEvent {
    /// The seats the event names (`actor`, `target`, `oya`, `id`): each must be below 4.
    pub fn seats(&self) -> impl Iterator<Item = u8> {
        let (a, b) = match *self {
            MjaiEvent::StartGame { id, .. } => (id, None),
            MjaiEvent::StartKyoku { oya, .. } => (Some(oya), None),
            MjaiEvent::Tsumo { actor, .. }
            | MjaiEvent::Dahai { actor, .. }
            | MjaiEvent::Ankan { actor, .. }
            | MjaiEvent::Kakan { actor, .. }
            | MjaiEvent::Reach { actor }
            | MjaiEvent::ReachAccepted { actor } => (Some(actor), None),
            MjaiEvent::Chi { actor, target, .. }
            | MjaiEvent::Pon { actor, target, .. }
            | MjaiEvent::Daiminkan { actor, target, .. }
            | MjaiEvent::Hora { actor, target, .. } => (Some(actor), Some(target)),
            _ => (None, None),
        };
        a.into_iter().chain(b)
    }
}

/// A game of `game` that leaves rollback to its caller: the replay and the bot check each
/// move before applying it, and drop the game on a failure.
pub fn caller_sim(game: Riichi) -> Result<Sim<Riichi>, SimError> {
    SimBuilder::new(game).rollback(Rollback::Caller).try_build()
}

/// Why a log cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MjaiError {
    /// The file cannot be read (or is not valid gzip).
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not an mjai event.
    #[error("{path}: line {line}: {source}")]
    Event {
        /// The file.
        path: std::path::PathBuf,
        /// The 1-based line.
        line: usize,
        /// Why.
        source: serde_json::Error,
    },
}

impl MjaiError {
    /// The 1-based line that cannot be read (0 for the whole file).
    pub fn line(&self) -> usize {
        match self {
            MjaiError::Read { .. } => 0,
            MjaiError::Event { line, .. } => *line,
        }
    }

    /// Why, without the file and line.
    pub fn reason(&self) -> String {
        match self {
            MjaiError::Read { source, .. } => format!("cannot read the file: {source}"),
            MjaiError::Event { source, .. } => format!("not an mjai event: {source}"),
        }
    }
}

/// Reads the events of an mjai log (gzip or plain, one event a line; blank lines skipped),
/// each with its 1-based line.
pub fn read_log(path: &Path) -> Result<Vec<(usize, MjaiEvent)>, MjaiError> {
    let file = std::fs::File::open(path).map_err(|source| MjaiError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    read_log_from(file, path)
}

/// [`read_log`] of the log `input` holds (`path` names it in errors: `-` for stdin).
pub fn read_log_from(
    input: impl std::io::Read,
    path: &Path,
) -> Result<Vec<(usize, MjaiEvent)>, MjaiError> {
    let read = |source| MjaiError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut file = BufReader::new(input);
    let gzip = file.fill_buf().map_err(read)?.starts_with(&[0x1f, 0x8b]);
    let reader: Box<dyn BufRead> = match gzip {
        true => Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(file))),
        false => Box::new(file),
    };
    let mut events = Vec::new();
    for (index, text) in reader.lines().enumerate() {
        let text = text.map_err(read)?;
        if text.trim().is_empty() {
            continue;
        }
        let event = serde_json::from_str(&text).map_err(|source| MjaiError::Event {
            path: path.to_path_buf(),
            line: index + 1,
            source,
        })?;
        events.push((index + 1, event));
    }
    Ok(events)
}

/// Writes `events` to `path` as an mjai log, one event a line, gzip-compressed when the
/// name ends in `.gz`.
pub fn write_log(path: &Path, events: &[MjaiEvent]) -> std::io::Result<()> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let gzip = path.extension().is_some_and(|e| e == "gz");
    let mut out: Box<dyn std::io::Write> = match gzip {
        true => Box::new(flate2::write::GzEncoder::new(
            file,
            flate2::Compression::default(),
        )),
        false => Box::new(file),
    };
    for event in events {
        serde_json::to_writer(&mut out, event)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_read_and_write_mjai_notation() {
        for (mjai, alea) in [
            ("1m", "1m"),
            ("5pr", "0p"),
            ("9s", "9s"),
            ("E", "1z"),
            ("C", "7z"),
        ] {
            let tile = MjaiTile::parse(mjai).unwrap();
            assert_eq!(tile.0, Some(alea.parse().unwrap()), "{mjai}");
            assert_eq!(tile.to_string(), mjai);
        }
        assert_eq!(MjaiTile::parse("?"), Some(MjaiTile(None)));
        let wind = |text: &str| MjaiTile::parse(text).unwrap().wind_index();
        assert_eq!(
            ["E", "S", "W", "N", "P", "1m", "?"].map(wind),
            [Some(0), Some(1), Some(2), Some(3), None, None, None]
        );
        for bad in ["0m", "4mr", "5zr", "1z", "10m", "m", "", "Ex"] {
            assert_eq!(MjaiTile::parse(bad), None, "{bad}");
        }
    }
}
