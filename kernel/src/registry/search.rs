//! A search of a registered game, type-erased: the position is reached by moves named as
//! the game's actions serialize (`roll`, `"call"`), the result's actions come back as JSON.

use serde::Serialize;

use crate::kernel::{Game, Rollback, SimBuilder, SimError};
use crate::search::{ActionStats, SearchError, SearchRequest};

/// What a search of a registered game found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchReport {
    /// The best action, as the game's action serializes.
    pub action: serde_json::Value,
    /// Its value for the player to move.
    pub value: f64,
    /// Simulations run.
    pub simulations: u64,
    /// Every root action's visits and value.
    pub stats: Vec<ActionStats<serde_json::Value>>,
}

/// Why a search of a registered game did not run.
#[derive(Debug, thiserror::Error)]
pub enum SearchRefused {
    /// A move is not an action of the game.
    #[error("move {index} of --moves, {token:?}, is not an action of this game")]
    BadMove {
        /// 1-based position in the list.
        index: usize,
        /// The token.
        token: String,
    },
    /// A move is not legal where it is played.
    #[error("move {index} of --moves, {token:?}: {error}")]
    IllegalMove {
        /// 1-based position in the list.
        index: usize,
        /// The token.
        token: String,
        /// Why it was refused.
        error: SimError,
    },
    /// The game could not be built.
    #[error(transparent)]
    Build(SimError),
    /// The search failed.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// Parses `token` as one of the game's actions (its JSON name, quoted or not).
fn parse_move<A: serde::de::DeserializeOwned>(token: &str) -> Option<A> {
    let token = token.trim();
    serde_json::from_str(token)
        .ok()
        .or_else(|| serde_json::from_value(serde_json::Value::String(token.to_owned())).ok())
}

/// Builds `builder`'s game dealt from `request.seed`, plays `moves`, and runs `request` there.
pub fn search_game<G: Game>(
    builder: &SimBuilder<G>,
    moves: &[String],
    request: &SearchRequest,
) -> Result<SearchReport, SearchRefused> {
    let mut sim = builder
        .clone()
        .seed(request.seed)
        .rollback(Rollback::Caller)
        .try_build()
        .map_err(SearchRefused::Build)?;
    for (at, token) in moves.iter().enumerate() {
        let (index, token) = (at + 1, token.clone());
        let Some(action) = parse_move::<G::Action>(&token) else {
            return Err(SearchRefused::BadMove { index, token });
        };
        sim.apply(action)
            .map_err(|error| SearchRefused::IllegalMove {
                index,
                token,
                error,
            })?;
    }
    let result = request.run(&mut sim)?;
    let json = |a: &G::Action| serde_json::to_value(a).unwrap_or(serde_json::Value::Null);
    Ok(SearchReport {
        action: json(&result.action),
        value: result.value,
        simulations: result.simulations,
        stats: result
            .stats
            .iter()
            .map(|s| ActionStats {
                action: json(&s.action),
                visits: s.visits,
                value: s.value,
            })
            .collect(),
    })
}
