//! sgs's registry entry: `mode`, `position` and `max_rounds`.

use alea::registry::{
    GameInfo, OptionDefault, OptionError, OptionKind, OptionSpec, Options, PlayerSpec, erase,
};

use super::{Deck, MAX_ROUNDS, MAX_ROUNDS_LIMIT, Mode, Position, Sgs};

/// sgs in the registry.
pub const ENTRY: GameInfo = GameInfo {
    name: "sgs",
    description: "sgs, the trick-card game of hidden roles (FreeKill's standard cards): 1v1 or identity4.",
    options: &[
        OptionSpec {
            name: "mode",
            kind: OptionKind::Choice(|| vec!["1v1".into(), "identity4".into()]),
            default: OptionDefault::Absent,
            description: "The table: 1v1 (lord vs rebel) or identity4 (lord, loyalist, rebel, renegade); default 1v1, or the position's.",
        },
        OptionSpec {
            name: "position",
            kind: OptionKind::Text,
            default: OptionDefault::Absent,
            description: "Start from this position file (JSON: seats with role, hp, max_hp, hand, equip; current seat and phase).",
        },
        OptionSpec {
            name: "max_rounds",
            kind: OptionKind::Int {
                min: 1,
                max: MAX_ROUNDS_LIMIT as i64,
            },
            default: OptionDefault::Int(MAX_ROUNDS as i64),
            description: "A game still running after this many rounds is a draw.",
        },
    ],
    players: &[
        PlayerSpec {
            name: "random",
            description: "Uniformly random legal actions.",
        },
        PlayerSpec {
            name: "trust",
            description: "FreeKill's TrustAI: answers every question it can, plays nothing itself.",
        },
        PlayerSpec {
            name: "smart[:K]",
            description: "SmartAI: benefit simulation in K sampled worlds (default 8).",
        },
        PlayerSpec {
            name: "smart-optimistic",
            description: "SmartAI with nobody answering inside its simulations (FreeKill's own).",
        },
        PlayerSpec {
            name: "smart-bayes[:K]",
            description: "SmartAI in worlds weighted by the seats' passes.",
        },
        PlayerSpec {
            name: "ismcts[:N]",
            description: "Information-set MCTS, N iterations (default 100).",
        },
        PlayerSpec {
            name: "ismcts-bayes[:N]",
            description: "ISMCTS in worlds weighted by the seats' passes.",
        },
    ],
    build: |options| Ok(erase(from_options(options)?)),
};

/// The game `options` describe: `position` (its mode; `mode` must agree), else `mode`;
/// `max_rounds`.
pub fn from_options(options: &Options) -> Result<Sgs, OptionError> {
    let mode = options
        .text("mode")
        .map(|text| {
            text.parse::<Mode>()
                .map_err(|e| OptionError::invalid_text("mode", text, e))
        })
        .transpose()?;
    let mut game = Sgs::new(mode.unwrap_or_default());
    if let Some(path) = options.text("position") {
        let position = read_position(path, &game.deck)?;
        if let Some(mode) = mode.filter(|&m| m != position.mode) {
            return Err(OptionError::invalid_text(
                "mode",
                mode.as_str(),
                format!("the position's mode {}", position.mode),
            ));
        }
        game = game.with_position(position);
    }
    if let Some(rounds) = options.int("max_rounds") {
        game = game.with_max_rounds(rounds as u32);
    }
    Ok(game)
}

/// The position file at `path` for `deck`, read and checked (errors name the option, the file
/// and the field).
pub fn read_position(path: &str, deck: &Deck) -> Result<Position, OptionError> {
    let refuse = |why: String| OptionError::invalid_text("position", path, why);
    let text = std::fs::read_to_string(path)
        .map_err(|e| refuse(format!("a readable position file ({e})")))?;
    Position::from_json(&text, deck).map_err(|e| refuse(format!("a position file ({e})")))
}
