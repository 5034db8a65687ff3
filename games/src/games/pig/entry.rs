//! Pig's registry entry.

use alea::registry::{
    GameInfo, OptionDefault, OptionError, OptionKind, OptionSpec, Options, PlayerSpec, erase,
};

use super::Pig;

/// Pig in the registry: `players` (2–10) and `target`.
pub const ENTRY: GameInfo = GameInfo {
    name: "pig",
    description: "Pig, the dice game (OpenSpiel's rules): roll to add, stop to bank, a 1 loses the turn.",
    options: &[
        OptionSpec {
            name: "players",
            kind: OptionKind::Int { min: 2, max: 10 },
            default: OptionDefault::Int(2),
            description: "The number of players.",
        },
        OptionSpec {
            name: "target",
            kind: OptionKind::Int {
                min: 1,
                max: 100_000,
            },
            default: OptionDefault::Int(100),
            description: "The score that wins.",
        },
    ],
    players: &[
        PlayerSpec {
            name: "random",
            description: "Uniformly random legal actions.",
        },
        PlayerSpec {
            name: "hold[:N]",
            description: "Rolls until the turn total reaches N (default 20), then stops.",
        },
        PlayerSpec {
            name: "optimal",
            description: "The optimal policy of two-player Pig (value iteration; target up to 128).",
        },
        PlayerSpec {
            name: "best-response:random",
            description: "The exact best response to random play (two players).",
        },
        PlayerSpec {
            name: "best-response:hold[:N]",
            description: "The exact best response to hold or hold:N (two players).",
        },
        PlayerSpec {
            name: "best-response:optimal",
            description: "The exact best response to the optimal policy (two players).",
        },
    ],
    build: |options| Ok(erase(from_options(options)?)),
};

/// The game `options` describe (checked against [`ENTRY`]'s options).
pub fn from_options(options: &Options) -> Result<Pig, OptionError> {
    Ok(Pig {
        players: int(options, "players")? as u8,
        win_score: int(options, "target")? as u32,
        ..Pig::default()
    })
}

/// Integer option `name`, which checked options always hold.
fn int(options: &Options, name: &str) -> Result<i64, OptionError> {
    options
        .int(name)
        .ok_or_else(|| OptionError::invalid(name, "nothing", "an integer"))
}
