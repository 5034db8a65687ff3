//! Position files: a game set out by hand — each seat's role, hp, hand and
//! equipment, whose turn and which phase, and optionally the top of the draw pile.
//!
//! ```json
//! {"mode": "1v1", "current": 0, "phase": "play",
//!  "seats": [{"role": "lord", "hp": 4, "max_hp": 4, "hand": ["slash/S7"],
//!             "equip": ["nioh_shield/C2"], "judge": []},
//!            {"role": "rebel", "hp": 3, "hand": ["jink/D2"]}],
//!  "pile": ["jink/D3", "peach/H3"]}
//! ```
//!
//! `max_hp` defaults to 4, `hand`, `equip` and `judge` to empty, `alive` to true (a dead seat
//! holds nothing). `pile` lists the top of the draw pile, top first; `discard` the discard
//! pile. Every card not named anywhere goes into the draw pile under the named ones, shuffled
//! by the seed. A card may be named at most as often as the deck holds it (`slash/S8` twice).
//! Errors name the field (`seats[1].hand[0]: ...`).

use serde::{Deserialize, Serialize};

use super::deck::{Card, CardClass, Deck, MAX_CARDS};
use super::mode::Mode;
use super::state::{Phase, Role};
use alea::kernel::Seat;

/// A position file as written (cards in notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    /// `1v1` or `identity4`.
    pub mode: Mode,
    /// The seat whose turn it is.
    pub current: u8,
    /// Its phase: start, judge, draw, play, discard or finish.
    pub phase: Phase,
    /// Every seat, in seat order.
    pub seats: Vec<SeatFile>,
    /// The top of the draw pile, top first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pile: Option<Vec<String>>,
    /// The discard pile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<String>,
}

/// One seat of a position file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatFile {
    /// lord, loyalist, rebel or renegade.
    pub role: Role,
    /// Hit points (1 to `max_hp` for a living seat).
    pub hp: i64,
    /// Maximum hit points (default 4).
    #[serde(default = "default_max_hp")]
    pub max_hp: i64,
    /// Alive (default true).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub alive: bool,
    /// The hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<String>,
    /// The equipment area (one weapon, one armor at most).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equip: Vec<String>,
    /// The judge area (always empty: this deck has no delayed tricks).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub judge: Vec<String>,
}

fn default_max_hp() -> i64 {
    4
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

/// Why a position cannot be set out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not JSON at all.
    #[error("not a position file: {0}")]
    Json(String),
    /// A field is wrong.
    #[error("{field}: {reason}")]
    Field {
        /// Where (`seats[1].hand[0]`).
        field: String,
        /// What is wrong.
        reason: String,
    },
}

/// One seat of a checked position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSetup {
    /// Its role.
    pub role: Role,
    /// Hit points.
    pub hp: i8,
    /// Maximum hit points.
    pub max_hp: i8,
    /// Alive.
    pub alive: bool,
    /// Hand cards (deck indices).
    pub hand: Vec<u8>,
    /// Equipment (deck indices).
    pub equip: Vec<u8>,
}

/// A checked position: cards are deck indices, every field is in range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1v1 or identity4.
    pub mode: Mode,
    /// Whose turn.
    pub current: Seat,
    /// Its phase.
    pub phase: Phase,
    /// The seats.
    pub seats: Vec<SeatSetup>,
    /// The top of the draw pile, top first.
    pub pile: Vec<u8>,
    /// The discard pile.
    pub discard: Vec<u8>,
    /// The file it was read from (replays carry it).
    pub file: PositionFile,
}

fn field(field: impl Into<String>, reason: impl Into<String>) -> PositionError {
    PositionError::Field {
        field: field.into(),
        reason: reason.into(),
    }
}

/// Hands out deck indices for named cards: the first copy not yet named.
struct Copies<'d> {
    deck: &'d Deck,
    taken: [bool; MAX_CARDS],
}

impl Copies<'_> {
    fn take(&mut self, at: &str, text: &str) -> Result<u8, PositionError> {
        let card: Card = text.parse().map_err(|e: String| field(at, e))?;
        let mut copies = self.deck.copies(card).peekable();
        if copies.peek().is_none() {
            return Err(field(at, format!("{card} is not in the deck")));
        }
        let total = self.deck.copies(card).count();
        match copies.find(|&c| !self.taken[usize::from(c)]) {
            Some(c) => {
                self.taken[usize::from(c)] = true;
                Ok(c)
            }
            None => Err(field(
                at,
                format!(
                    "{card} is named {} times; the deck holds {total}",
                    total + 1
                ),
            )),
        }
    }

    fn list(&mut self, at: &str, cards: &[String]) -> Result<Vec<u8>, PositionError> {
        cards
            .iter()
            .enumerate()
            .map(|(i, c)| self.take(&format!("{at}[{i}]"), c))
            .collect()
    }
}

impl Position {
    /// Reads and checks a position file against `deck`.
    /// Errors name the field (`seats[1].hp: invalid type: string "4", expected i64 ...`).
    pub fn from_json(text: &str, deck: &Deck) -> Result<Position, PositionError> {
        let json = &mut serde_json::Deserializer::from_str(text);
        let file: PositionFile = serde_path_to_error::deserialize(json).map_err(|e| {
            let path = e.path().to_string();
            match path.as_str() {
                "." | "?" => PositionError::Json(e.into_inner().to_string()),
                _ => field(path, e.into_inner().to_string()),
            }
        })?;
        Position::from_file(file, deck)
    }

    /// Checks a parsed position file against `deck`.
    pub fn from_file(file: PositionFile, deck: &Deck) -> Result<Position, PositionError> {
        let mode = file.mode;
        let n = usize::from(mode.seats());
        if file.seats.len() != n {
            return Err(field(
                "seats",
                format!("{mode} has {n} seats, {} given", file.seats.len()),
            ));
        }
        let mut copies = Copies {
            deck,
            taken: [false; MAX_CARDS],
        };
        let mut seats = Vec::with_capacity(n);
        for (i, seat) in file.seats.iter().enumerate() {
            check_role(mode, &seats, i, seat.role)?;
            seats.push(check_seat(&mut copies, i, seat)?);
        }
        match seats.get(usize::from(file.current)) {
            None => {
                return Err(field(
                    "current",
                    format!(
                        "seat {} does not exist ({mode} has {n} seats)",
                        file.current
                    ),
                ));
            }
            Some(s) if !s.alive => {
                return Err(field("current", format!("seat {} is dead", file.current)));
            }
            Some(_) => {}
        }
        check_not_over(&seats)?;
        let pile = copies.list("pile", file.pile.as_deref().unwrap_or_default())?;
        let discard = copies.list("discard", &file.discard)?;
        Ok(Position {
            mode,
            current: Seat(file.current),
            phase: file.phase,
            seats,
            pile,
            discard,
            file,
        })
    }
}

/// Checks seat `i`'s role against the mode and the seats before it (`earlier`).
fn check_role(
    mode: Mode,
    earlier: &[SeatSetup],
    i: usize,
    role: Role,
) -> Result<(), PositionError> {
    let at = format!("seats[{i}].role");
    if !mode.roles().contains(&role) {
        return Err(field(at, format!("{mode} has no {role}")));
    }
    match earlier.iter().position(|s| s.role == role) {
        Some(j) => Err(field(
            at,
            format!("a second {role} (seats[{j}] is the {role})"),
        )),
        None => Ok(()),
    }
}

/// Checks seat `i`'s hp and cards.
fn check_seat(
    copies: &mut Copies<'_>,
    i: usize,
    seat: &SeatFile,
) -> Result<SeatSetup, PositionError> {
    let at = |f: &str| format!("seats[{i}].{f}");
    if !(1..=10).contains(&seat.max_hp) {
        return Err(field(
            at("max_hp"),
            format!("{} is out of range (1 to 10)", seat.max_hp),
        ));
    }
    if seat.alive && !(1..=seat.max_hp).contains(&seat.hp) {
        return Err(field(
            at("hp"),
            format!("{} is out of range (1 to max_hp {})", seat.hp, seat.max_hp),
        ));
    }
    if !seat.alive {
        for (name, cards) in [("hand", &seat.hand), ("equip", &seat.equip)] {
            if !cards.is_empty() {
                return Err(field(at(name), "a dead seat holds no card"));
            }
        }
    }
    if !seat.judge.is_empty() {
        return Err(field(
            at("judge[0]"),
            "this deck has no delayed tricks: the judge area stays empty",
        ));
    }
    let hand = copies.list(&at("hand"), &seat.hand)?;
    let equip = copies.list(&at("equip"), &seat.equip)?;
    check_equipment(copies.deck, i, &equip)?;
    Ok(SeatSetup {
        role: seat.role,
        hp: if seat.alive { seat.hp as i8 } else { 0 },
        max_hp: seat.max_hp as i8,
        alive: seat.alive,
        hand,
        equip,
    })
}

/// Checks seat `i`'s equipment: equipment cards only, one weapon and one armor at most.
fn check_equipment(deck: &Deck, i: usize, equip: &[u8]) -> Result<(), PositionError> {
    for (j, &card) in equip.iter().enumerate() {
        let at = format!("seats[{i}].equip[{j}]");
        let c = deck.card(card);
        if !c.name.is_equipment() {
            return Err(field(at, format!("{c} is not an equipment card")));
        }
        let class = c.name.class();
        if equip[..j]
            .iter()
            .any(|&e| deck.card(e).name.class() == class)
        {
            let slot = match class {
                CardClass::Weapon => "weapon",
                _ => "armor",
            };
            return Err(field(at, format!("a second {slot} ({c})")));
        }
    }
    Ok(())
}

/// Refuses a position whose game is already over.
fn check_not_over(seats: &[SeatSetup]) -> Result<(), PositionError> {
    if let Some(i) = seats.iter().position(|s| s.role == Role::Lord && !s.alive) {
        return Err(field(
            format!("seats[{i}].alive"),
            "the lord is dead: the game would be over",
        ));
    }
    let enemies = seats
        .iter()
        .filter(|s| s.alive && matches!(s.role, Role::Rebel | Role::Renegade))
        .count();
    if enemies == 0 {
        return Err(field(
            "seats",
            "every rebel and the renegade are dead: the game would be over",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(json: &str) -> Result<Position, PositionError> {
        Position::from_json(json, &Deck::embedded())
    }

    fn error(json: &str) -> String {
        check(json).unwrap_err().to_string()
    }

    const TWO: &str = r#"{"role": "rebel", "hp": 4}"#;

    fn duel(lord: &str) -> String {
        format!(r#"{{"mode": "1v1", "current": 0, "phase": "play", "seats": [{lord}, {TWO}]}}"#)
    }

    #[test]
    fn a_position_reads_with_its_defaults() {
        let p = check(&duel(
            r#"{"role": "lord", "hp": 3, "hand": ["slash/S8", "slash/S8"], "equip": ["nioh_shield/C2"]}"#,
        ))
        .unwrap();
        assert_eq!(p.seats[0].hand.len(), 2);
        assert_ne!(p.seats[0].hand[0], p.seats[0].hand[1]);
        assert_eq!((p.seats[0].hp, p.seats[0].max_hp), (3, 4));
        assert_eq!(p.phase, Phase::Play);
    }

    #[test]
    fn bad_positions_name_the_field() {
        let cases = [
            (
                duel(r#"{"role": "lord", "hp": 4, "hand": ["slash/S1"]}"#),
                "seats[0].hand[0]: ",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "hand": ["slash/S7", "slash/S7"]}"#),
                "seats[0].hand[1]: slash/S7 is named 2 times; the deck holds 1",
            ),
            (
                duel(r#"{"role": "lord", "hp": 5}"#),
                "seats[0].hp: 5 is out of range (1 to max_hp 4)",
            ),
            (
                duel(r#"{"role": "lord", "hp": 0}"#),
                "seats[0].hp: 0 is out of range",
            ),
            (
                duel(r#"{"role": "rebel", "hp": 4}"#),
                "seats[1].role: a second rebel (seats[0] is the rebel)",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "equip": ["slash/S7"]}"#),
                "seats[0].equip[0]: slash/S7 is not an equipment card",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "equip": ["crossbow/CA", "qinggang_sword/S6"]}"#),
                "seats[0].equip[1]: a second weapon (qinggang_sword/S6)",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "judge": ["slash/S7"]}"#),
                "seats[0].judge[0]: this deck has no delayed tricks",
            ),
            (
                duel(r#"{"role": "loyalist", "hp": 4}"#),
                "seats[0].role: 1v1 has no loyalist",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "max_hp": 0}"#),
                "seats[0].max_hp: 0 is out of range",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "alive": false}"#)
                    .replace("\"current\": 0", "\"current\": 1"),
                "seats[0].alive: the lord is dead",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "alive": false}"#),
                "current: seat 0 is dead",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4, "colour": "red"}"#),
                "unknown field `colour`",
            ),
            (
                r#"{"mode": "2v2", "current": 0, "phase": "play", "seats": []}"#.to_string(),
                "mode: unknown variant `2v2`, expected `1v1` or `identity4`",
            ),
            (
                r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": []}"#.to_string(),
                "seats: 1v1 has 2 seats, 0 given",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4}"#).replace("\"play\"", "\"lunch\""),
                "phase: unknown variant `lunch`",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4}"#).replace("\"current\": 0", "\"current\": 2"),
                "current: seat 2 does not exist",
            ),
            (
                format!(
                    r#"{{"mode": "1v1", "current": 0, "phase": "play", "seats": [{}, {TWO}], "pile": ["nioh_shield/C2"]}}"#,
                    r#"{"role": "lord", "hp": 4, "hand": ["nioh_shield/C2"]}"#
                ),
                "pile[0]: nioh_shield/C2 is named 2 times; the deck holds 1",
            ),
            ("{".to_string(), "not a position file"),
            (
                duel(r#"{"role": "lord", "hp": "4"}"#),
                "seats[0].hp: invalid type: string \"4\", expected i64",
            ),
            (duel(r#"{"role": "lord"}"#), "seats[0]: missing field `hp`"),
            (
                duel(r#"{"role": "king", "hp": 4}"#),
                "seats[0].role: unknown variant `king`",
            ),
            (
                duel(r#"{"role": "lord", "hp": 4}"#).replace("\"current\": 0", "\"current\": 300"),
                "current: invalid value: integer `300`",
            ),
        ];
        for (json, want) in cases {
            let got = error(&json);
            assert!(got.contains(want), "{json}\n  got:  {got}\n  want: {want}");
        }
    }
}
