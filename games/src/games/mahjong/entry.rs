//! Riichi's and sichuan's registry entries: `rules` (a preset of their RON file), `length`
//! and `abilities`.

use alea::registry::{
    GameInfo, OptionDefault, OptionError, OptionKind, OptionSpec, OptionValue, Options, PlayerSpec,
    erase,
};

use super::abilities::SeatedAbility;
use super::riichi::{self, Length, Riichi};
use super::sichuan::{self, Sichuan};

/// The options both rulesets take, after `rules`.
const LENGTH: OptionSpec = OptionSpec {
    name: "length",
    kind: OptionKind::Choice(|| vec!["kyoku".into(), "east".into(), "hanchan".into()]),
    default: OptionDefault::Absent,
    description: "The match length, overriding the preset's (sichuan: 1, 4 or 8 hands).",
};

const ABILITIES: OptionSpec = OptionSpec {
    name: "abilities",
    kind: OptionKind::List,
    default: OptionDefault::Empty,
    description: "Abilities in play as NAME@SEAT (kuro, kasumi, awai, koromo, toki, takami, hatsumi, sawaya; seats 0-3).",
};

const RANDOM: PlayerSpec = PlayerSpec {
    name: "random",
    description: "Uniformly random legal actions.",
};
const GREEDY: PlayerSpec = PlayerSpec {
    name: "greedy",
    description: "Lowers shanten, wins and calls when it can.",
};
const ISMCTS: PlayerSpec = PlayerSpec {
    name: "ismcts[:N]",
    description: "Information-set MCTS over determinized walls, N iterations (default 100).",
};
const ISMCTS_UNIFORM: PlayerSpec = PlayerSpec {
    name: "ismcts-uniform[:N]",
    description: "ISMCTS with unseen tiles dealt uniformly.",
};
const ISMCTS_BAYES: PlayerSpec = PlayerSpec {
    name: "ismcts-bayes[:N]",
    description: "ISMCTS with unseen tiles weighted by the seats' discards.",
};

/// Riichi in the registry.
pub const RIICHI: GameInfo = GameInfo {
    name: "riichi",
    description: "Riichi mahjong (Tenhou-style rules by default), four seats, presets in games/assets/riichi.ron.",
    options: &[
        OptionSpec {
            name: "rules",
            kind: OptionKind::Choice(|| riichi::presets().keys().cloned().collect()),
            default: OptionDefault::Text("riichi"),
            description: "The rules preset.",
        },
        LENGTH,
        ABILITIES,
    ],
    players: &[
        RANDOM,
        GREEDY,
        PlayerSpec {
            name: "cautious",
            description: "Greedy, but folds against a riichi.",
        },
        ISMCTS,
        ISMCTS_UNIFORM,
        ISMCTS_BAYES,
    ],
    build: |options| Ok(erase(riichi_from(options)?)),
};

/// Sichuan bloody battle in the registry.
pub const SICHUAN: GameInfo = GameInfo {
    name: "sichuan",
    description: "Sichuan bloody-battle mahjong: 108 suited tiles, a missing suit, play on after a win; presets in games/assets/sichuan.ron.",
    options: &[
        OptionSpec {
            name: "rules",
            kind: OptionKind::Choice(|| sichuan::presets().keys().cloned().collect()),
            default: OptionDefault::Text("sichuan"),
            description: "The rules preset.",
        },
        LENGTH,
        ABILITIES,
    ],
    players: &[RANDOM, GREEDY, ISMCTS, ISMCTS_UNIFORM, ISMCTS_BAYES],
    build: |options| Ok(erase(sichuan_from(options)?)),
};

/// The riichi table `options` describe (checked against [`RIICHI`]'s options).
pub fn riichi_from(options: &Options) -> Result<Riichi, OptionError> {
    let rules = options.text("rules").unwrap_or("riichi");
    let mut game = Riichi::preset(rules)
        .map_err(|e| OptionError::invalid_text("rules", rules, format!("a riichi preset ({e})")))?;
    if let Some(length) = length(options)? {
        game = game.with_length(length);
    }
    game.with_abilities(&abilities(options)?)
        .map_err(|e| unseated(options, e))
}

/// The sichuan table `options` describe (checked against [`SICHUAN`]'s options).
pub fn sichuan_from(options: &Options) -> Result<Sichuan, OptionError> {
    let rules = options.text("rules").unwrap_or("sichuan");
    let mut game = Sichuan::preset(rules)
        .map_err(|e| OptionError::invalid_text("rules", rules, e.to_string()))?;
    if let Some(length) = length(options)? {
        game = game.with_hands(match length {
            Length::Kyoku => 1,
            Length::East => 4,
            Length::Hanchan => 8,
        });
    }
    game.with_abilities(&abilities(options)?)
        .map_err(|e| unseated(options, e))
}

/// The abilities of `options` refused by the table (`why`).
fn unseated(options: &Options, why: impl std::fmt::Display) -> OptionError {
    let given = OptionValue::List(options.list("abilities").to_vec());
    OptionError::invalid("abilities", given, why.to_string())
}

fn length(options: &Options) -> Result<Option<Length>, OptionError> {
    options
        .text("length")
        .map(|text| {
            text.parse()
                .map_err(|_| OptionError::invalid_text("length", text, LENGTH.kind.expected()))
        })
        .transpose()
}

fn abilities(options: &Options) -> Result<Vec<SeatedAbility>, OptionError> {
    options
        .list("abilities")
        .iter()
        .map(|item| {
            item.parse::<SeatedAbility>().map_err(|e| {
                OptionError::invalid_text("abilities", item, format!("NAME@SEAT ({e})"))
            })
        })
        .collect()
}
