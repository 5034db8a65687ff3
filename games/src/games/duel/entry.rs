//! The duel's registry entry: `decks`, two deck files in RON.

use alea::registry::{
    GameInfo, OptionDefault, OptionError, OptionKind, OptionSpec, Options, PlayerSpec, erase,
};

use super::Duel;

/// The duel in the registry.
pub const ENTRY: GameInfo = GameInfo {
    name: "duel",
    description: "Duel, a dice card game of three characters a side, elemental dice and reactions.",
    options: &[OptionSpec {
        name: "decks",
        kind: OptionKind::List,
        default: OptionDefault::Empty,
        description: "Two deck files in RON (see games/assets/duel/deck_fire.ron); none: the embedded decks.",
    }],
    players: &[
        PlayerSpec {
            name: "random",
            description: "Uniformly random legal actions.",
        },
        PlayerSpec {
            name: "greedy",
            description: "The action whose immediate result the evaluation heuristic likes best.",
        },
        PlayerSpec {
            name: "expectimax",
            description: "Determinized expectimax: the mean over 4 sampled worlds of an exact expectimax 2 moves deep.",
        },
    ],
    build: |options| Ok(erase(from_options(options)?)),
};

/// The duel `options` describe: the embedded decks, or the two files of `decks`.
pub fn from_options(options: &Options) -> Result<Duel, OptionError> {
    let refuse =
        |why: String| OptionError::invalid_text("decks", &options.list("decks").join(","), why);
    match options.list("decks") {
        [] => Ok(Duel::default()),
        [a, b] => {
            let read = |path: &String| {
                std::fs::read_to_string(path).map_err(|e| {
                    refuse(format!("two readable deck files (cannot read {path}: {e})"))
                })
            };
            Duel::with_decks(&read(a)?, &read(b)?)
                .map_err(|e| refuse(format!("two deck files ({e})")))
        }
        more => Err(refuse(format!("two deck files, not {}", more.len()))),
    }
}
