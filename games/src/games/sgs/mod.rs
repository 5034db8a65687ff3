//! sgs (三国杀): a Sanguosha-style trick-card game on FreeKill's standard deck subset, the
//! host game of benefit simulation.
//!
//! - **Seats**: `1v1` (lord vs rebel) or `identity4` (lord, loyalist, rebel, renegade); roles
//!   dealt by the seed, only the lord's public (a dead seat's is revealed); hp = max hp = 4;
//!   everyone draws 4; the lord moves first.
//! - **A turn**: start, judge, draw 2, play (use cards until ending the phase), discard down to
//!   hp, finish. Distance counts the living seats between, the shorter way round; attack range
//!   is 1 unless a weapon says.
//! - **Cards** (`assets/sgs/cards.ron`, 81): slash (once per play phase, a target in range,
//!   1 damage, +1 after an analeptic), jink, peach, analeptic, dismantlement, snatch, ex
//!   nihilo, nullification, crossbow, qinggang sword, nioh shield — each one's behaviour is a
//!   file in [`cards`].
//! - **Questions** (jink? peach? nullify? which card to take?) are the kernel's pending
//!   decisions, asked mid-resolution by the rules, so a game stops at any of them and search
//!   resumes there. Only a seat that can answer is asked; the others pass unasked, their
//!   passes recorded like chosen ones, so being asked reveals nothing (see
//!   [`cards`]'s `answer` module).
//! - **Dying** at hp < 1: the living are asked for peaches from the current seat on (the dying
//!   seat may use an analeptic on itself); nobody saves → death: the seat's cards are
//!   discarded, then the victory check, then rewards (killing a rebel draws 3; a lord who kills
//!   a loyalist discards hand and equipment).
//! - **End**: lord dead → the rebels win (the renegade if it is the last one standing); all
//!   rebels and the renegade dead → the lord and loyalists win; a draw when the piles run out
//!   or after `max_rounds` rounds.
//!
//! The ECS shape: players, the 81 cards and the equipment's listeners are entities
//! spawned at setup; a card's [`Zone`](alea::kernel::Zone) says where it is; equipping a card
//! enables its listeners and unequipping disables them; everything else that changes is the
//! [`SgsState`].

mod board;
pub mod cards;
mod damage;
pub mod deck;
mod describe;
mod encode;
mod entry;
mod event;
pub mod evidence;
mod game;
mod hidden;
pub mod holdings;
mod legal;
mod mode;
mod phase;
pub mod pile;
pub mod players;
pub mod position;
pub mod smart;
pub mod state;
mod summary;
mod trust;
mod turn;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use board::Board;
pub use deck::{Card, CardClass, CardName, Deck, Suit};
pub use entry::{ENTRY, from_options, read_position};
pub use event::{SgsAction, SgsEvent};
pub use hidden::{UNKNOWN_CARD, posterior as determinize_posterior};
pub use holdings::{Cards, Holdings};
pub use mode::Mode;
pub use players::{PlayerKind, Players, SeatPlayer};
pub use position::{Position, PositionError};
pub use smart::{Smart, Thought};
pub use state::{Faction, Outcome, Phase, Question, Role, SgsState};
pub use summary::{RoleSummary, SgsResult, SgsSeatSummary, SgsSummary, SgsTally, wilson_interval};
pub use turn::Restarter;

use alea::kernel::Seat;

/// The default round limit: a game still running after this many rounds is a draw.
pub const MAX_ROUNDS: u32 = 100;

/// The largest round limit the command line and replay files accept.
pub const MAX_ROUNDS_LIMIT: u32 = 1_000_000;

/// The sgs configuration: the mode, the deck, the round limit and an optional position to
/// start from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sgs {
    /// 1v1 or identity4.
    pub mode: Mode,
    /// A game still running after this many rounds is a draw.
    pub max_rounds: u32,
    /// The cards.
    pub deck: Arc<Deck>,
    /// Where the game starts (`None`: a fresh deal).
    pub position: Option<Arc<Position>>,
}

impl Default for Sgs {
    /// 1v1 with the embedded deck, 100 rounds.
    fn default() -> Self {
        Sgs::new(Mode::OneVsOne)
    }
}

impl Sgs {
    /// A fresh game of `mode` with the embedded deck and [`MAX_ROUNDS`].
    pub fn new(mode: Mode) -> Self {
        Sgs {
            mode,
            max_rounds: MAX_ROUNDS,
            deck: Deck::embedded(),
            position: None,
        }
    }

    /// The same game, ending as a draw after `rounds` rounds.
    pub fn with_max_rounds(mut self, rounds: u32) -> Self {
        self.max_rounds = rounds;
        self
    }

    /// A game that starts from `position` (its mode becomes the position's).
    pub fn with_position(mut self, position: Position) -> Self {
        self.mode = position.mode;
        self.position = Some(Arc::new(position));
        self
    }

    /// The configuration as a replay line records it (everything needed to build the game
    /// again without the embedded deck).
    pub fn config(&self) -> SgsConfig {
        SgsConfig {
            mode: self.mode,
            max_rounds: self.max_rounds,
            deck: self.deck.entries(),
            position: self.position.as_ref().map(|p| p.file.clone()),
        }
    }

    /// The game a [`SgsConfig`] describes (its deck and position checked; `max_rounds` in
    /// 1..=[`MAX_ROUNDS_LIMIT`], as on the command line).
    pub fn from_config(config: &SgsConfig) -> Result<Sgs, String> {
        if !(1..=MAX_ROUNDS_LIMIT).contains(&config.max_rounds) {
            return Err(format!(
                "max_rounds {} is out of range (1 to {MAX_ROUNDS_LIMIT})",
                config.max_rounds
            ));
        }
        let deck = Arc::new(Deck::from_entries(&config.deck).map_err(|e| e.to_string())?);
        let mut game = Sgs {
            mode: config.mode,
            max_rounds: config.max_rounds,
            deck,
            position: None,
        };
        if let Some(file) = &config.position {
            let position =
                Position::from_file(file.clone(), &game.deck).map_err(|e| e.to_string())?;
            if position.mode != config.mode {
                return Err(format!(
                    "mode {} but the position's is {}",
                    config.mode, position.mode
                ));
            }
            game = game.with_position(position);
        }
        Ok(game)
    }
}

/// An sgs configuration as written in replay files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SgsConfig {
    /// `1v1` or `identity4`.
    pub mode: Mode,
    /// The round limit.
    pub max_rounds: u32,
    /// The deck, entry by entry.
    pub deck: Vec<deck::DeckEntry>,
    /// The position the game started from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<position::PositionFile>,
}

/// The seats of the sides that won (empty for a draw or a game still running).
pub fn winners(state: &SgsState, seats: u8) -> Vec<Seat> {
    let Outcome::Won(side) = state.outcome else {
        return Vec::new();
    };
    (0..seats)
        .map(Seat)
        .filter(|&s| state.seat(s).role.faction() == side)
        .collect()
}

#[cfg(test)]
mod census_tests {
    use super::*;
    use alea::kernel::playout::{random_action, random_player_rng};
    use alea::kernel::{Rollback, SimBuilder};
    use alea::testing::check_census;

    /// The pipeline's census of enabled listeners follows the equipment listeners through
    /// random games, both ways of restarting, and restores.
    #[test]
    fn the_enabled_listener_census_follows_the_listeners() {
        let mut sim = SimBuilder::new(Sgs::default())
            .seed(3)
            .rollback(Rollback::Caller)
            .build();
        let restarter = Restarter::new(&mut sim);
        let mut most = 0;
        for g in 0..100u64 {
            if g % 2 == 0 {
                restarter.restart(&mut sim, g).unwrap();
            } else {
                Sgs::restart(&mut sim, g);
            }
            check_census::<Sgs>(sim.world());
            let mut rng = random_player_rng(g);
            let mut mid = None;
            for n in 0.. {
                let Some(action) = random_action(&sim, &mut rng) else {
                    break;
                };
                sim.apply(action).unwrap();
                most = most.max(check_census::<Sgs>(sim.world()));
                if n == 30 {
                    mid = Some(sim.snapshot());
                }
            }
            if let Some(mid) = mid {
                sim.restore(&mid).unwrap();
                check_census::<Sgs>(sim.world());
            }
        }
        assert!(most > 1, "equipment was worn: {most}");
    }
}

/// The conformance suite (`alea::testing`), in one call.
#[cfg(test)]
#[test]
fn conforms() {
    use alea::testing::Conformance;
    let one_vs_one = Conformance::new(Sgs::new(Mode::OneVsOne)).seeds(0..100);
    let report = one_vs_one.perfect_recall().encoded().assert();
    assert!(
        report.determinizations > 0 && report.views > 0,
        "{report:?}"
    );
    let identity4 = Conformance::new(Sgs::new(Mode::Identity4)).seeds(0..40);
    identity4.perfect_recall().encoded().assert();
}
