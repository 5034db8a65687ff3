//! Tile notation: digits followed by their suit letter, `123m406p11z` (`0` is the red five of a
//! suit). Groups may be separated by whitespace: `7p 8p8p 9p9p9p`.

use std::fmt;
use std::str::FromStr;

use super::{Suit, Tile};

/// Why a tile string does not parse. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// A character that is neither a digit, a suit letter (`m p s z`) nor whitespace.
    #[error("unexpected character {found:?} at column {column}")]
    UnexpectedChar {
        /// Where.
        column: usize,
        /// The character.
        found: char,
    },
    /// Digits not followed by a suit letter (at the end or before whitespace).
    #[error("the digits at column {column} have no suit letter (m, p, s or z) after them")]
    MissingSuit {
        /// The column of the group's first digit.
        column: usize,
    },
    /// A suit letter with no digits before it.
    #[error("the suit letter {suit:?} at column {column} has no digits before it")]
    MissingDigits {
        /// Where.
        column: usize,
        /// The letter.
        suit: char,
    },
    /// A digit that names no tile of its suit (`0z`, `8z`, `9z`).
    #[error(
        "no tile {digit}{suit} (column {column}): honors are 1z to 7z, and only suits have a red five 0"
    )]
    NoSuchTile {
        /// The digit's column.
        column: usize,
        /// The digit.
        digit: u8,
        /// The suit letter.
        suit: char,
    },
    /// One tile was expected.
    #[error("expected exactly one tile, found {count}")]
    NotOneTile {
        /// How many tiles the string holds.
        count: usize,
    },
}

/// Parses tiles in notation, in the order written. An empty string is no tiles.
///
/// ```
/// use alea_games::tiles::{format_tiles, parse_tiles};
/// let tiles = parse_tiles("7p 8p8p 9p9p9p").unwrap();
/// assert_eq!(tiles.len(), 6);
/// assert_eq!(format_tiles(&tiles), "788999p");
/// assert!(parse_tiles("12x").is_err());
/// ```
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, NotationError> {
    let mut tiles = Vec::new();
    // The digits of the current group, with their columns.
    let mut digits: Vec<(u8, usize)> = Vec::new();
    for (at, ch) in text.chars().enumerate() {
        let column = at + 1;
        if let Some(digit) = ch.to_digit(10) {
            digits.push((digit as u8, column));
        } else if let Some(suit) = Suit::from_letter(ch) {
            if digits.is_empty() {
                return Err(NotationError::MissingDigits { column, suit: ch });
            }
            for (digit, column) in digits.drain(..) {
                let tile = Tile::from_digit(suit, digit).ok_or(NotationError::NoSuchTile {
                    column,
                    digit,
                    suit: ch,
                })?;
                tiles.push(tile);
            }
        } else if ch.is_whitespace() {
            if let Some(&(_, column)) = digits.first() {
                return Err(NotationError::MissingSuit { column });
            }
        } else {
            return Err(NotationError::UnexpectedChar { column, found: ch });
        }
    }
    match digits.first() {
        Some(&(_, column)) => Err(NotationError::MissingSuit { column }),
        None => Ok(tiles),
    }
}

/// Writes tiles in compact notation, in the given order: each run of one suit becomes its
/// digits and one letter (`[1m, 2m, 4p, 0p, 1z]` → `12m40p1z`).
pub fn format_tiles<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> String {
    let mut out = String::new();
    let mut run: Option<Suit> = None;
    for tile in tiles {
        if let Some(suit) = run.filter(|&s| s != tile.suit()) {
            out.push(suit.letter());
        }
        run = Some(tile.suit());
        out.push(char::from(b'0' + tile.digit()));
    }
    if let Some(suit) = run {
        out.push(suit.letter());
    }
    out
}

impl fmt::Display for Tile {
    /// `5p`, `0p`, `7z` (honours width and alignment: `{:<4}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = [b'0' + self.digit(), self.suit().letter() as u8];
        f.pad(std::str::from_utf8(&text).expect("ASCII"))
    }
}

impl FromStr for Tile {
    type Err = NotationError;

    /// Exactly one tile: `5p`, `0s`, `7z`.
    fn from_str(text: &str) -> Result<Tile, NotationError> {
        match parse_tiles(text)?.as_slice() {
            [tile] => Ok(*tile),
            tiles => Err(NotationError::NotOneTile { count: tiles.len() }),
        }
    }
}

/// Implements serde for a type as its notation string, through `Display` and `FromStr`.
macro_rules! serde_as_notation {
    ($type:ty) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text =
                    <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(super) use serde_as_notation;

serde_as_notation!(Tile);

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(text: &str) -> Vec<String> {
        parse_tiles(text)
            .unwrap()
            .iter()
            .map(Tile::to_string)
            .collect()
    }

    #[test]
    fn parses_groups_red_fives_and_spaces() {
        assert_eq!(
            strings("123m406p11z"),
            ["1m", "2m", "3m", "4p", "0p", "6p", "1z", "1z"]
        );
        assert_eq!(
            strings(" 7p 8p8p\t9p9p9p "),
            ["7p", "8p", "8p", "9p", "9p", "9p"]
        );
        assert_eq!(strings(""), Vec::<String>::new());
        let red: Tile = "0s".parse().unwrap();
        assert!(red.is_red() && red.number() == 5);
    }

    #[test]
    fn errors_name_the_column() {
        use NotationError::*;
        assert_eq!(
            parse_tiles("12m3x"),
            Err(UnexpectedChar {
                column: 5,
                found: 'x'
            })
        );
        assert_eq!(parse_tiles("12m 34"), Err(MissingSuit { column: 5 }));
        assert_eq!(parse_tiles("12 3m"), Err(MissingSuit { column: 1 }));
        assert_eq!(
            parse_tiles("1m p"),
            Err(MissingDigits {
                column: 4,
                suit: 'p'
            })
        );
        assert_eq!(
            parse_tiles("1238z"),
            Err(NoSuchTile {
                column: 4,
                digit: 8,
                suit: 'z'
            })
        );
        assert_eq!(
            parse_tiles("0z"),
            Err(NoSuchTile {
                column: 1,
                digit: 0,
                suit: 'z'
            })
        );
        assert_eq!("12m".parse::<Tile>(), Err(NotOneTile { count: 2 }));
        assert_eq!(
            parse_tiles("5ö").unwrap_err().to_string(),
            "unexpected character 'ö' at column 2"
        );
    }

    #[test]
    fn prints_runs_per_suit_and_round_trips() {
        for text in ["123m406p11z", "19m19p19s1234567z", "0m0p0s", "919s"] {
            let tiles = parse_tiles(text).unwrap();
            assert_eq!(format_tiles(&tiles), text);
        }
        assert_eq!(format_tiles(&parse_tiles("9s 1s 9s2m").unwrap()), "919s2m");
        for tile in Tile::ALL {
            assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
        }
        assert_eq!(format!("[{:<3}]", "0s".parse::<Tile>().unwrap()), "[0s ]");
    }

    #[test]
    fn serde_uses_notation() {
        let tiles = parse_tiles("0p7z").unwrap();
        let json = serde_json::to_string(&tiles).unwrap();
        assert_eq!(json, r#"["0p","7z"]"#);
        assert_eq!(serde_json::from_str::<Vec<Tile>>(&json).unwrap(), tiles);
        assert!(serde_json::from_str::<Tile>(r#""8z""#).is_err());
    }
}
