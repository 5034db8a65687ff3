//! [`Ruleset`]: what the command line needs of a mahjong ruleset, so one play log, one
//! simulation and one replay serve riichi and sichuan.

use std::fmt::Display;

use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::abilities::{Foresee, SeatedAbility};
use super::players::PlayerKind;
use super::table::{HandTable, MatchState, MatchTally};
use alea::kernel::{Game, Sim};

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
    /// The hand in play.
    type Hand: HandTable;
    /// The match.
    type Match: MatchState;

    /// The rule options.
    fn config(&self) -> &Self::Config;
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
    fn scores(world: &World) -> [i32; 4] {
        world.resource::<Self::Match>().standing().scores
    }
    /// The match's counts.
    fn tally(world: &World) -> MatchTally {
        world.resource::<Self::Match>().standing().tally
    }
    /// True once the match has ended (its last event resolved).
    fn is_over(world: &World) -> bool {
        world.resource::<Self::Match>().standing().over
    }
    /// The current hand's deal event, its starting hands filled in (its display opens the hand
    /// in the log: `East 1 (0 honba, 0 sticks): dealer P0`).
    fn deal_event(sim: &Sim<Self>) -> Self::Event;
    /// The dealer's first draw of the current hand as an event (the hands
    /// [`deal_event`](Self::deal_event) gives leave it out). Riichi emits it after a `Deal`
    /// event but not for the hand dealt at the build; sichuan never emits it.
    fn first_draw(sim: &Sim<Self>) -> Option<Self::Event>;
    /// Whether the seat to move answers a claim window: the others are not told who was
    /// asked, only what was called.
    fn answering(sim: &Sim<Self>) -> bool;
    /// The seats whose concealed tiles the rules show every seat when `event` resolves: a
    /// winner's; riichi's ready hands at an exhaustive draw and a nine-terminals declarer's;
    /// every hand at sichuan's exhaustive draw (its settlements check the hands still in play;
    /// a seat that won and left shows the hand it already showed).
    fn reveals(event: &Self::Event) -> [bool; 4];
    /// What a new hand shows before the seats' lines (riichi: the dora indicator).
    fn deal_header(sim: &Sim<Self>) -> String;
    /// [`deal_header`](Self::deal_header), then each seat's concealed tiles and melds, one
    /// line each.
    fn deal_lines(sim: &Sim<Self>) -> Vec<String> {
        let mut lines = vec![Self::deal_header(sim)];
        lines.extend(sim.world().resource::<Self::Hand>().seat_lines());
        lines
    }
    /// How the play log shows `event`.
    fn log_kind(event: &Self::Event) -> LogKind;
    /// The header's description of the rules (`riichi, Hanchan`).
    fn describe(&self) -> String;
    /// The match length as the replay file's rules hold it (riichi: `"hanchan"`; sichuan: the
    /// number of hands).
    fn length(&self) -> serde_json::Value;
}
