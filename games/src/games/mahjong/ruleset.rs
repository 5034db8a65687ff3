//! [`Ruleset`]: what the command line needs of a mahjong ruleset, so one play log, one
//! simulation and one replay serve riichi and sichuan.

use std::fmt::Display;

use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::abilities::{Foresee, SeatedAbility};
use super::riichi::PlayerKind;
use crate::tiles::format_tiles;
use alea::kernel::{Game, Seat, Sim};

/// Counts over a match, for summaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MatchTally {
    /// Hands played.
    pub hands: u32,
    /// Wins by seat.
    pub wins: [u32; 4],
    /// Discards another seat won on, by seat.
    pub deal_ins: [u32; 4],
    /// Hands that ran out of tiles.
    pub draws: u32,
}

/// How the play log shows an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogKind {
    /// Not shown (a claim answer).
    Hidden,
    /// A new hand: the event, then [`Ruleset::deal_lines`].
    Deal,
    /// The end of a hand: the event, then the scores.
    HandEnd,
    /// One indented line.
    Line,
}

/// A mahjong ruleset as the command line drives it.
pub trait Ruleset: Game<Action: Display, Event: Display> + Foresee {
    /// The `game` field of its replay lines.
    const RECORD: &'static str;
    /// Its rule options, as replay lines hold them.
    type Config: Serialize + DeserializeOwned + Clone + Send + Sync;

    /// The rule options.
    fn config(&self) -> &Self::Config;
    /// The abilities seated.
    fn abilities(&self) -> &[SeatedAbility];
    /// The game of `config` with `abilities` seated (an error says why they cannot sit).
    fn build(config: Self::Config, abilities: &[SeatedAbility]) -> Result<Self, String>;
    /// A new match in `sim`, as if built with `seed` (a failed first deal leaves `sim` as it
    /// was).
    fn restart(sim: &mut Sim<Self>, seed: u64) -> Result<(), alea::kernel::SimError>;
    /// The action of the seat to move, played by `players[seat]`.
    fn choose(
        sim: &mut Sim<Self>,
        players: &[PlayerKind],
        rng: &mut ChaCha8Rng,
    ) -> Option<Self::Action>;
    /// Scores by seat.
    fn scores(world: &World) -> [i32; 4];
    /// The match's counts.
    fn tally(world: &World) -> MatchTally;
    /// True once the match has ended (its last event resolved).
    fn is_over(world: &World) -> bool;
    /// The current hand's deal event, its starting hands filled in (its display opens the hand
    /// in the log: `East 1 (0 honba, 0 sticks): dealer P0`).
    fn deal_event(sim: &Sim<Self>) -> Self::Event;
    /// Each seat's concealed tiles and melds (and what else a new hand shows), one line each.
    fn deal_lines(sim: &Sim<Self>) -> Vec<String>;
    /// How the play log shows `event`.
    fn log_kind(event: &Self::Event) -> LogKind;
    /// The header's description of the rules (`riichi, Hanchan`).
    fn describe(&self) -> String;
    /// The match length as the replay file's rules hold it (riichi: `"hanchan"`; sichuan: the
    /// number of hands).
    fn length(&self) -> serde_json::Value;
}

/// `seat` and its tiles in notation, then its melds in brackets.
pub fn seat_line(
    seat: Seat,
    concealed: &crate::tiles::TileCounts,
    melds: &[(String, Vec<crate::tiles::Tile>)],
) -> String {
    let tiles: Vec<_> = concealed.tiles().collect();
    let mut line = format!("{seat} {}", format_tiles(&tiles));
    for (kind, tiles) in melds {
        line.push_str(&format!(" [{kind} {}]", format_tiles(tiles)));
    }
    line
}
