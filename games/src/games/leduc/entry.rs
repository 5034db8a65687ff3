//! Leduc poker's registry entry.

use alea::registry::{GameInfo, PlayerSpec, erase};

use super::Leduc;

/// Leduc poker in the registry: no options (OpenSpiel's `leduc_poker` defaults).
pub const ENTRY: GameInfo = GameInfo {
    name: "leduc",
    description: "Leduc poker with OpenSpiel's leduc_poker rules: two players, six cards, two betting rounds.",
    options: &[],
    players: &[
        PlayerSpec {
            name: "random",
            description: "Uniformly random legal actions.",
        },
        PlayerSpec {
            name: "ismcts[:N]",
            description: "Information-set MCTS with random rollouts, N iterations (default 500).",
        },
    ],
    build: |_| Ok(erase(Leduc)),
};
