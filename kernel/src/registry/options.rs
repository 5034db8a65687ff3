//! A registered game's options: what each is ([`OptionSpec`]), the values given
//! ([`OptionValue`]), and the checked set a builder reads ([`Options`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What values an option takes.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// An integer in `min..=max`.
    Int {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// One of the names the function lists (a function: some lists are read from assets).
    Choice(fn() -> Vec<String>),
    /// Any text the game's builder reads (a file path, ...).
    Text,
    /// A list of texts the game's builder reads (`takami@0,hatsumi@3`; given as a list or as
    /// comma-separated text).
    List,
}

impl OptionKind {
    /// The kind's name in `alea games --json` (`int`, `choice`, `text`, `list`).
    pub fn name(&self) -> &'static str {
        match self {
            OptionKind::Int { .. } => "int",
            OptionKind::Choice(_) => "choice",
            OptionKind::Text => "text",
            OptionKind::List => "list",
        }
    }

    /// The values it takes, in words (for errors and listings).
    pub fn expected(&self) -> String {
        match self {
            OptionKind::Int { min, max } => format!("an integer from {min} to {max}"),
            OptionKind::Choice(names) => format!("one of {}", names().join(", ")),
            OptionKind::Text => "text".into(),
            OptionKind::List => "a list (or comma-separated text)".into(),
        }
    }
}

/// An option's default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionDefault {
    /// Absent unless given (the builder's own default applies: the embedded decks, ...).
    Absent,
    /// An integer.
    Int(i64),
    /// A text or choice.
    Text(&'static str),
    /// An empty list.
    Empty,
}

impl OptionDefault {
    /// The default as a value (`None` when absent).
    pub fn value(&self) -> Option<OptionValue> {
        match *self {
            OptionDefault::Absent => None,
            OptionDefault::Int(n) => Some(OptionValue::Int(n)),
            OptionDefault::Text(text) => Some(OptionValue::Text(text.into())),
            OptionDefault::Empty => Some(OptionValue::List(Vec::new())),
        }
    }
}

/// One option of a registered game.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// Its name (`target`, `max_rounds`: Python's keyword, the CLI's `--target`).
    pub name: &'static str,
    /// The values it takes.
    pub kind: OptionKind,
    /// Its default.
    pub default: OptionDefault,
    /// What it sets, in one sentence.
    pub description: &'static str,
}

/// A value given for an option.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// An integer.
    Int(i64),
    /// A text.
    Text(String),
    /// A list of texts.
    List(Vec<String>),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Text(text) => write!(f, "{text:?}"),
            OptionValue::List(items) => write!(f, "{items:?}"),
        }
    }
}

/// Why options were refused: each error names the option and what it takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No game has this name.
    #[error("unknown game {name:?}: expected one of {known}")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// The game has no option of this name.
    #[error("{game} has no option {option:?}: it takes {allowed}")]
    Unknown {
        /// The game.
        game: String,
        /// The option given.
        option: String,
        /// The options it takes, comma-separated (or "no options").
        allowed: String,
    },
    /// The value is not one the option takes.
    #[error("option {option} = {value}: expected {expected}")]
    Invalid {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// What it takes (`one of riichi, riichi-east`, `an integer from 2 to 10`, ...).
        expected: String,
    },
}

impl OptionError {
    /// The text `value` of `option` is refused (quoted in the message, as the checks quote
    /// text): it should be `expected`.
    pub fn invalid_text(option: &str, value: &str, expected: impl Into<String>) -> Self {
        OptionError::invalid(option, format!("{value:?}"), expected)
    }

    /// The value of `option` is refused: it should be `expected`.
    pub fn invalid(
        option: &str,
        value: impl std::fmt::Display,
        expected: impl Into<String>,
    ) -> Self {
        OptionError::Invalid {
            option: option.into(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}

/// A game's options, checked against its [`OptionSpec`]s, defaults filled in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Options {
    values: BTreeMap<String, OptionValue>,
}

impl Options {
    /// Checks `given` against `specs` (of `game`) and fills in the defaults: an unknown option
    /// or a value of the wrong kind is refused, naming the option and what it takes.
    pub fn check(
        game: &str,
        specs: &[OptionSpec],
        given: impl IntoIterator<Item = (String, OptionValue)>,
    ) -> Result<Options, OptionError> {
        let mut values = BTreeMap::new();
        for (name, value) in given {
            let Some(spec) = specs.iter().find(|s| s.name == name) else {
                return Err(OptionError::Unknown {
                    game: game.into(),
                    option: name,
                    allowed: names(specs),
                });
            };
            values.insert(name, checked(spec, value)?);
        }
        for spec in specs {
            if !values.contains_key(spec.name)
                && let Some(value) = spec.default.value()
            {
                values.insert(spec.name.into(), value);
            }
        }
        Ok(Options { values })
    }

    /// The value of `name` (`None` when absent).
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.values.get(name)
    }

    /// Integer option `name` (checked, so `None` only when absent).
    pub fn int(&self, name: &str) -> Option<i64> {
        match self.values.get(name) {
            Some(OptionValue::Int(n)) => Some(*n),
            _ => None,
        }
    }

    /// Text or choice option `name`.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.values.get(name) {
            Some(OptionValue::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// List option `name` (empty when absent).
    pub fn list(&self, name: &str) -> &[String] {
        match self.values.get(name) {
            Some(OptionValue::List(items)) => items,
            _ => &[],
        }
    }

    /// Every option set, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &OptionValue)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// The names of `specs`, for messages.
fn names(specs: &[OptionSpec]) -> String {
    if specs.is_empty() {
        return "no options".into();
    }
    specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
}

/// `value` as `spec` takes it: text is read as an integer or a comma-separated list where
/// the option wants one (command lines give text).
fn checked(spec: &OptionSpec, value: OptionValue) -> Result<OptionValue, OptionError> {
    let refuse = |value: &OptionValue| OptionError::invalid(spec.name, value, spec.kind.expected());
    match (&spec.kind, value) {
        (OptionKind::Int { min, max }, OptionValue::Int(n)) if (*min..=*max).contains(&n) => {
            Ok(OptionValue::Int(n))
        }
        (OptionKind::Int { .. }, OptionValue::Text(text)) => match text.trim().parse::<i64>() {
            Ok(n) => checked(spec, OptionValue::Int(n)),
            Err(_) => Err(refuse(&OptionValue::Text(text))),
        },
        (OptionKind::Choice(names), OptionValue::Text(text)) => {
            if names().contains(&text) {
                Ok(OptionValue::Text(text))
            } else {
                Err(refuse(&OptionValue::Text(text)))
            }
        }
        (OptionKind::Text, OptionValue::Text(text)) => Ok(OptionValue::Text(text)),
        (OptionKind::List, OptionValue::List(items)) => Ok(OptionValue::List(items)),
        (OptionKind::List, OptionValue::Text(text)) => Ok(OptionValue::List(
            text.split(',')
                .map(|item| item.trim().to_string())
                .filter(|item| !item.is_empty())
                .collect(),
        )),
        (_, value) => Err(refuse(&value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            name: "players",
            kind: OptionKind::Int { min: 2, max: 10 },
            default: OptionDefault::Int(2),
            description: "players",
        },
        OptionSpec {
            name: "rules",
            kind: OptionKind::Choice(|| vec!["a".into(), "b".into()]),
            default: OptionDefault::Text("a"),
            description: "rules",
        },
        OptionSpec {
            name: "seats",
            kind: OptionKind::List,
            default: OptionDefault::Empty,
            description: "seats",
        },
        OptionSpec {
            name: "file",
            kind: OptionKind::Text,
            default: OptionDefault::Absent,
            description: "file",
        },
    ];

    fn check(given: Vec<(&str, OptionValue)>) -> Result<Options, OptionError> {
        Options::check(
            "g",
            SPECS,
            given.into_iter().map(|(k, v)| (k.to_string(), v)),
        )
    }

    #[test]
    fn defaults_fill_in_and_text_is_read_as_the_kind() {
        let options = check(vec![("players", OptionValue::Text("4".into()))]).unwrap();
        assert_eq!(options.int("players"), Some(4));
        assert_eq!(options.text("rules"), Some("a"));
        assert!(options.list("seats").is_empty());
        assert_eq!(options.get("file"), None);
        let options = check(vec![("seats", OptionValue::Text("x@0, y@1".into()))]).unwrap();
        assert_eq!(options.list("seats"), ["x@0", "y@1"]);
    }

    #[test]
    fn errors_name_the_option_and_what_it_takes() {
        let error = check(vec![("players", OptionValue::Int(11))]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "option players = 11: expected an integer from 2 to 10"
        );
        let error = check(vec![("rules", OptionValue::Text("c".into()))]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "option rules = \"c\": expected one of a, b"
        );
        let error = check(vec![("target", OptionValue::Int(5))]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "g has no option \"target\": it takes players, rules, seats, file"
        );
        let error = check(vec![("file", OptionValue::Int(5))]).unwrap_err();
        assert!(matches!(error, OptionError::Invalid { ref option, .. } if option == "file"));
    }
}
