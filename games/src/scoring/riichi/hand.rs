//! The input of riichi scoring: the [`Hand`] (concealed tiles, melds, winning tile), the
//! [`WinContext`] (how and when it won) and [`HandRequest`], the JSON form `alea score` reads.

use serde::{Deserialize, Serialize};

use crate::tiles::{NotationError, Tile, TileCounts, TileKind, parse_tiles};

/// A seat or round wind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Wind {
    /// East (`1z`).
    #[default]
    #[serde(rename = "E")]
    East,
    /// South (`2z`).
    #[serde(rename = "S")]
    South,
    /// West (`3z`).
    #[serde(rename = "W")]
    West,
    /// North (`4z`).
    #[serde(rename = "N")]
    North,
}

impl Wind {
    /// The wind's tile kind (`1z..4z`).
    pub fn kind(self) -> TileKind {
        TileKind::new(27 + self as u8).expect("winds are kinds 27..31")
    }
}

pub use crate::scoring::meld::{Meld, MeldError, MeldKind};

/// A finished hand: the concealed tiles (the winning tile included) and the melds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The concealed tiles, winning tile included: `14 - 3 × melds` tiles.
    pub concealed: TileCounts,
    /// The declared melds (at most four).
    pub melds: Vec<Meld>,
    /// The winning tile (one of the concealed tiles).
    pub win_tile: Tile,
}

/// How and when the hand won. `Default` is a ron by a non-dealer East seat in an East round
/// with nothing else.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WinContext {
    /// Won on a self-drawn tile (else on a discard: ron).
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Riichi declared on the first uninterrupted turn (counts instead of riichi).
    pub double_riichi: bool,
    /// Won within one uninterrupted go-around of riichi.
    pub ippatsu: bool,
    /// The winner's seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// The winner is the dealer.
    pub dealer: bool,
    /// Dora indicators (at most 5).
    pub dora_indicators: Vec<Tile>,
    /// Ura dora indicators (riichi only; at most 5).
    pub ura_indicators: Vec<Tile>,
    /// Tsumo on the last tile of the wall.
    pub haitei: bool,
    /// Ron on the last discard.
    pub houtei: bool,
    /// Tsumo on the replacement tile after a kan.
    pub rinshan: bool,
    /// Ron on the tile another player adds to a pon (robbing the kan).
    pub chankan: bool,
    /// The dealer's win on the dealt hand.
    pub tenhou: bool,
    /// A non-dealer's win on the first, uninterrupted draw.
    pub chiihou: bool,
    /// Counters on the table (300 points each, from the payers).
    pub honba: u32,
    /// Riichi deposits on the table (1000 points each, to the winner).
    pub riichi_sticks: u32,
}

/// Why a hand cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// A tile field is not valid notation.
    #[error("{field}: {source}")]
    Notation {
        /// The field (`tiles`, `win_tile`, `melds[1].tiles`, ...).
        field: String,
        /// Why.
        source: NotationError,
    },
    /// A meld's tiles do not fit its kind.
    #[error("melds[{index}]: {source}")]
    Meld {
        /// The meld's position (from 0).
        index: usize,
        /// Why.
        source: MeldError,
    },
    /// More than four melds, or not `14 - 3 × melds` concealed tiles.
    #[error("{concealed} concealed tiles with {melds} melds: expected {expected}")]
    TileCount {
        /// Concealed tiles given.
        concealed: u32,
        /// Melds given.
        melds: usize,
        /// Concealed tiles expected (0 when there are too many melds).
        expected: u32,
    },
    /// More than four copies of one kind among the hand, its melds and the indicators.
    #[error("{copies} copies of {tile} in the hand, melds and indicators: at most 4 exist")]
    TooManyCopies {
        /// The kind's black tile.
        tile: Tile,
        /// How many.
        copies: u8,
    },
    /// More than one red five of a suit.
    #[error("{copies} copies of the red five {tile}: only one exists")]
    TooManyReds {
        /// The red five.
        tile: Tile,
        /// How many.
        copies: u8,
    },
    /// A red five while the rules have none.
    #[error("red five {tile} in a game without red fives")]
    RedFivesOff {
        /// The red five.
        tile: Tile,
    },
    /// The winning tile is not among the concealed tiles.
    #[error("the winning tile {tile} is not among the concealed tiles")]
    WinTileMissing {
        /// The winning tile.
        tile: Tile,
    },
    /// The context contradicts itself or the hand.
    #[error("{0}")]
    Context(&'static str),
    /// A counter beyond any table (the payments would not fit).
    #[error("{field} {value} is more than {max}")]
    Counter {
        /// `honba` or `riichi_sticks`.
        field: &'static str,
        /// The value given.
        value: u32,
        /// The largest accepted.
        max: u32,
    },
    /// The tiles do not form a winning shape.
    #[error("not a winning hand: no standard, seven-pairs or thirteen-orphans reading")]
    NotWinning,
    /// The hand wins in shape but has no yaku.
    #[error("no yaku: the hand has a winning shape but no yaku (dora are not yaku)")]
    NoYaku,
}

/// A meld as written in a [`HandRequest`]: `{"kind": "pon", "tiles": "555p"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeldRequest {
    /// The meld kind.
    pub kind: MeldKind,
    /// Its tiles in notation.
    pub tiles: String,
}

/// One line of `alea score`: a hand and its context with tiles in notation. Missing fields are
/// false, 0 or East; `tiles` and `win_tile` are required.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRequest {
    /// The concealed tiles, winning tile included, in notation.
    pub tiles: String,
    /// The declared melds.
    #[serde(default)]
    pub melds: Vec<MeldRequest>,
    /// The winning tile.
    pub win_tile: String,
    /// See [`WinContext::tsumo`].
    #[serde(default)]
    pub tsumo: bool,
    /// See [`WinContext::riichi`].
    #[serde(default)]
    pub riichi: bool,
    /// See [`WinContext::double_riichi`].
    #[serde(default)]
    pub double_riichi: bool,
    /// See [`WinContext::ippatsu`].
    #[serde(default)]
    pub ippatsu: bool,
    /// `"E"`, `"S"`, `"W"` or `"N"`.
    #[serde(default)]
    pub seat_wind: Wind,
    /// `"E"`, `"S"`, `"W"` or `"N"`.
    #[serde(default)]
    pub round_wind: Wind,
    /// See [`WinContext::dealer`].
    #[serde(default)]
    pub dealer: bool,
    /// Dora indicators in notation.
    #[serde(default)]
    pub dora_indicators: String,
    /// Ura dora indicators in notation.
    #[serde(default)]
    pub ura_indicators: String,
    /// See [`WinContext::haitei`].
    #[serde(default)]
    pub haitei: bool,
    /// See [`WinContext::houtei`].
    #[serde(default)]
    pub houtei: bool,
    /// See [`WinContext::rinshan`].
    #[serde(default)]
    pub rinshan: bool,
    /// See [`WinContext::chankan`].
    #[serde(default)]
    pub chankan: bool,
    /// See [`WinContext::tenhou`].
    #[serde(default)]
    pub tenhou: bool,
    /// See [`WinContext::chiihou`].
    #[serde(default)]
    pub chiihou: bool,
    /// See [`WinContext::honba`].
    #[serde(default)]
    pub honba: u32,
    /// See [`WinContext::riichi_sticks`].
    #[serde(default)]
    pub riichi_sticks: u32,
}

fn tiles_of(field: impl Into<String>, text: &str) -> Result<Vec<Tile>, HandError> {
    parse_tiles(text).map_err(|source| HandError::Notation {
        field: field.into(),
        source,
    })
}

impl HandRequest {
    /// Parses the tile fields into a [`Hand`] and a [`WinContext`] (notation and melds only;
    /// [`evaluate`](super::evaluate) checks the rest).
    pub fn parse(&self) -> Result<(Hand, WinContext), HandError> {
        let tiles = tiles_of("tiles", &self.tiles)?;
        if tiles.len() > 14 {
            // Refused before counting, so that no per-tile count can overflow.
            let melds = self.melds.len();
            return Err(HandError::TileCount {
                concealed: tiles.len() as u32,
                melds,
                expected: 14u32.saturating_sub(3 * melds as u32),
            });
        }
        let concealed = TileCounts::from_tiles(tiles);
        let win_tile = self
            .win_tile
            .parse()
            .map_err(|source| HandError::Notation {
                field: "win_tile".into(),
                source,
            })?;
        let melds = self
            .melds
            .iter()
            .enumerate()
            .map(|(index, meld)| {
                let tiles = tiles_of(format!("melds[{index}].tiles"), &meld.tiles)?;
                Meld::new(meld.kind, &tiles).map_err(|source| HandError::Meld { index, source })
            })
            .collect::<Result<Vec<Meld>, HandError>>()?;
        let context = WinContext {
            tsumo: self.tsumo,
            riichi: self.riichi,
            double_riichi: self.double_riichi,
            ippatsu: self.ippatsu,
            seat_wind: self.seat_wind,
            round_wind: self.round_wind,
            dealer: self.dealer,
            dora_indicators: tiles_of("dora_indicators", &self.dora_indicators)?,
            ura_indicators: tiles_of("ura_indicators", &self.ura_indicators)?,
            haitei: self.haitei,
            houtei: self.houtei,
            rinshan: self.rinshan,
            chankan: self.chankan,
            tenhou: self.tenhou,
            chiihou: self.chiihou,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
        };
        Ok((
            Hand {
                concealed,
                melds,
                win_tile,
            },
            context,
        ))
    }
}
