//! Sichuan bloody battle (血战到底) on the kernel: 108 tiles (no honors, no red fives), dealt
//! by the staged [dealer](crate::dealer) and drawn from the [mount](crate::mount).
//!
//! **Turn flow.** After the deal the dealer draws its 14th tile, then every seat declares its
//! missing suit (定缺) in turn from the dealer (sequentially; a seat's declaration is hidden
//! from the others until all have declared). A seat holding tiles of its missing suit must
//! discard them first, and no winning hand may hold one. The seat on turn may win by
//! self-draw, declare a closed kan or add to a pon (never of its missing suit), or discard.
//! After a discard the other playing seats may win on it (every seat that does wins: 一炮多响),
//! pon or open-kan it (no chi); a win takes precedence. An added kan opens a window for
//! robbing it (抢杠胡): a robbed kan reverts to a pon. Kan payments (刮风下雨): an open kan
//! 2 × base from the discarder, a closed kan 2 × base and an added kan 1 × base from every
//! playing seat. Replacement tiles come off the end of the wall.
//!
//! **Departures.** A seat that wins leaves the hand; the others play on until one is left or
//! the wall runs out. A self-draw is paid by every seat still playing, a win on a discard by
//! the discarder ([`crate::scoring::sichuan`] says how much).
//!
//! **Exhaustive draw** (preset options): a seat still holding its missing suit pays every
//! other playing seat the capped amount (查花猪); an unready seat pays every ready seat its
//! best wait (查大叫); unready seats give back their kan income (退税).
//!
//! A match is `hands` hands; the dealer moves one seat each hand.
//!
//! **Hidden information.** A seat observes its own tiles and the public state
//! ([`Game::observe`]); [`fill_unknown`] resamples the rest for information-set search, and
//! the ISMCTS player ([`ismcts`], `PlayerKind::Ismcts` in [`choose`]) searches those worlds.

mod encode;
mod game;
mod heuristics;
mod hidden;
mod legal;
mod players;
mod rules;
mod search;
mod state;

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

pub use crate::games::mahjong::HandTable;
pub use crate::games::mahjong::fill::{
    fill_world as fill_unknown, fill_world_with as fill_unknown_with,
};
pub use heuristics::greedy_action;
pub use hidden::{fewest_suit, past_missing_suit};
pub use legal::{SUITS, is_ready};
pub use players::choose;
pub use search::{
    SichuanRollouts, candidates, ismcts, ismcts_search, ismcts_search_with, ismcts_with,
};
pub use state::{Battle, Claim, SEATS, SichuanMeld, Stage, Standings, Tally};

use crate::dealer::{DealConfig, DealError, Dealer};
use crate::games::mahjong::abilities::SeatedAbility;
use crate::mount::{Exit, Mount};
use crate::scoring::meld::MeldKind;
use crate::scoring::sichuan::{Fan, FanTable};
use crate::tiles::{Suit, Tile, TileCounts};
use alea::kernel::{Decision, Game, GameEvent, Rules, Seat, Setup, Sim, SimError, Table};
use alea::pipeline::RootEvents;

/// The rule options of a sichuan game (a preset of `assets/sichuan.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SichuanConfig {
    /// Hands in a match.
    pub hands: u32,
    /// The fan table.
    pub scoring: FanTable,
    /// 查花猪: at an exhaustive draw a hand still holding its missing suit pays every other
    /// player still in the capped amount.
    pub settle_missing_suit: bool,
    /// 查大叫: at an exhaustive draw each unready hand pays each ready hand its best wait.
    pub settle_unready: bool,
    /// 退税: at an exhaustive draw an unready hand gives back what its kans earned.
    pub refund_kans: bool,
}

/// The presets embedded from `assets/sichuan.ron`, by name.
pub fn presets() -> &'static BTreeMap<String, SichuanConfig> {
    static PRESETS: OnceLock<BTreeMap<String, SichuanConfig>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        ron::from_str(include_str!("../../../../assets/sichuan.ron"))
            .expect("assets/sichuan.ron is valid (checked by a test)")
    })
}

/// Not the name of a sichuan preset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown sichuan rules {name:?}: expected one of {known}")]
pub struct UnknownSichuanPreset {
    /// The name asked for.
    pub name: String,
    /// The presets there are.
    pub known: String,
}

/// Sichuan bloody battle: the [`Game`] for the kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sichuan {
    /// The rule options.
    pub config: SichuanConfig,
    /// The abilities seated (see [`Sichuan::with_abilities`]).
    pub abilities: Vec<SeatedAbility>,
}

/// Why abilities cannot be seated at a sichuan table.
#[derive(Debug, thiserror::Error)]
pub enum SichuanAbilityError {
    /// The ability needs what sichuan does not have.
    #[error("{name} does not apply to sichuan: {why}")]
    NotApplicable {
        /// The ability.
        name: &'static str,
        /// What it needs.
        why: &'static str,
    },
    /// The seats or the deal fail (two abilities on a seat, a seat past 3, plans that cannot
    /// all hold).
    #[error(transparent)]
    Deal(#[from] DealError),
}

impl Sichuan {
    /// The preset called `name` (see [`presets`]).
    pub fn preset(name: &str) -> Result<Sichuan, UnknownSichuanPreset> {
        presets()
            .get(name)
            .map(|config| Sichuan {
                config: config.clone(),
                abilities: Vec::new(),
            })
            .ok_or_else(|| UnknownSichuanPreset {
                name: name.to_string(),
                known: presets().keys().cloned().collect::<Vec<_>>().join(", "),
            })
    }

    /// The same rules with `hands` hands a match.
    pub fn with_hands(mut self, hands: u32) -> Sichuan {
        self.config.hands = hands;
        self
    }

    /// The same rules with `abilities` seated: their deal hooks run at every deal, Koromo's
    /// `on_draw` before every normal draw, Toki's future sight at her discards (in [`choose`]).
    /// Kuro and Awai need dora indicators and red fives, Hatsumi the winds: they do not apply.
    /// (Sawaya's red cloud and Takami's teacup of honours find none in sichuan's tiles.) The seats are
    /// checked and a trial deal is made, so a game built from the result always deals.
    pub fn with_abilities(
        mut self,
        abilities: &[SeatedAbility],
    ) -> Result<Sichuan, SichuanAbilityError> {
        if let Some((name, why)) = abilities
            .iter()
            .find_map(|a| Sichuan::refuses(a.hooks.name).map(|why| (a.hooks.name, why)))
        {
            return Err(SichuanAbilityError::NotApplicable { name, why });
        }
        Dealer::new(DealConfig::sichuan(), &SeatedAbility::pairs(abilities), 0)?.deal(0)?;
        self.abilities = abilities.to_vec();
        Ok(self)
    }

    /// Why the ability called `name` cannot sit at a sichuan table, if it cannot.
    pub fn refuses(name: &str) -> Option<&'static str> {
        match name {
            "kuro" | "awai" => Some("it needs dora indicators"),
            "hatsumi" => Some("it needs the winds"),
            _ => None,
        }
    }
}

/// A player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SichuanAction {
    /// Declare this suit missing.
    Declare(#[serde(with = "suit_letter")] Suit),
    /// Discard this tile.
    Discard(Tile),
    /// Win on the tile just drawn.
    Tsumo,
    /// Four of a kind from the hand.
    ClosedKan(Tile),
    /// Add the fourth tile to a pon.
    AddedKan(Tile),
    /// Win on the discard (or on the tile added to a kan).
    Ron,
    /// Pon the discard.
    Pon,
    /// Open kan on the discard.
    Kan,
    /// Decline.
    Pass,
}

/// Suits as their notation letter in JSON (`"m"`, `"p"`, `"s"`).
mod suit_letter {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::tiles::Suit;

    pub fn serialize<S: Serializer>(suit: &Suit, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(suit.letter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let letter = char::deserialize(d)?;
        Suit::from_letter(letter).ok_or_else(|| D::Error::custom(format!("no suit {letter:?}")))
    }
}

fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Man => "characters (m)",
        Suit::Pin => "dots (p)",
        Suit::Sou => "bamboo (s)",
        Suit::Honor => "honors (z)",
    }
}

impl std::fmt::Display for SichuanAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SichuanAction::Declare(suit) => write!(f, "declare {} missing", suit.letter()),
            SichuanAction::Discard(t) => write!(f, "discard {t}"),
            SichuanAction::Tsumo => f.write_str("tsumo"),
            SichuanAction::ClosedKan(t) => write!(f, "closed kan {t}"),
            SichuanAction::AddedKan(t) => write!(f, "added kan {t}"),
            SichuanAction::Ron => f.write_str("ron"),
            SichuanAction::Pon => f.write_str("pon"),
            SichuanAction::Kan => f.write_str("kan"),
            SichuanAction::Pass => f.write_str("pass"),
        }
    }
}

/// Why a payment is made at an exhaustive draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SettlementKind {
    /// 查花猪: the payer still holds its missing suit.
    MissingSuit,
    /// 查大叫: the payer is not ready, the receiver is.
    Unready,
    /// 退税: the unready payer gives back a kan payment.
    KanRefund,
}

/// One payment at an exhaustive draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Settlement {
    /// Why.
    pub kind: SettlementKind,
    /// Who pays.
    pub payer: Seat,
    /// Who receives.
    pub receiver: Seat,
    /// How much.
    pub points: i32,
}

/// What happens in a sichuan match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, GameEvent)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SichuanEvent {
    /// A new hand is dealt (hand `number` from 0).
    Deal {
        /// The hand.
        number: u32,
        /// Each seat's starting hand, before the dealer's first draw (the rules fill them in;
        /// a seat's view shows its own only).
        hands: Vec<Option<TileCounts>>,
    },
    /// `seat` declares `suit` missing.
    Declare {
        /// Who declares.
        seat: Seat,
        /// The suit.
        #[serde(serialize_with = "suit_letter::serialize")]
        suit: Suit,
    },
    /// `seat` draws from `exit` (the rules fill in `tile`).
    Draw {
        /// Who draws.
        seat: Seat,
        /// [`Exit::Pii`], or [`Exit::Rinshan`] after a kan.
        exit: Exit,
        /// The tile drawn.
        tile: Option<Tile>,
    },
    /// `seat` discards `tile`.
    Discard {
        /// Who discards.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// `seat` answers the claim window.
    Answer {
        /// Who answers.
        seat: Seat,
        /// The answer.
        claim: Claim,
    },
    /// `seat` takes `from`'s discard into a pon or an open kan.
    Call {
        /// Who calls.
        seat: Seat,
        /// The discarder.
        from: Seat,
        /// Pon or open kan.
        kind: MeldKind,
        /// The tile.
        tile: Tile,
        /// Kan payments received (the rules fill it in).
        paid: i32,
    },
    /// `seat` declares a closed or added kan of `tile`.
    Kan {
        /// Who declares.
        seat: Seat,
        /// Closed or added.
        kind: MeldKind,
        /// The tile.
        tile: Tile,
        /// Kan payments received (the rules fill it in).
        paid: i32,
    },
    /// `seat` wins (self-drawn when `from` is `None`) and leaves; the rules fill in the score.
    Win {
        /// The winner.
        seat: Seat,
        /// The discarder (or the robbed seat).
        from: Option<Seat>,
        /// The winning tile.
        tile: Tile,
        /// Robbing a kan.
        robbing: bool,
        /// On a kan's replacement (self-draw) or on the discard after the discarder's kan.
        after_kan: bool,
        /// Fan before the cap.
        fan: u8,
        /// What each payer pays.
        per_payer: i32,
        /// Everything the winner receives.
        points: i32,
        /// The patterns, `name fan` comma-separated.
        fans: String,
    },
    /// The wall ran out with two or more seats playing: the settlements (the rules fill them in).
    ExhaustiveDraw {
        /// The payments.
        settlements: Vec<Settlement>,
    },
    /// The hand is over.
    HandEnd,
    /// The match is over.
    MatchEnd {
        /// Final scores.
        scores: [i32; SEATS],
    },
}

/// A pattern's name in logs.
pub fn fan_name(pattern: Fan) -> &'static str {
    match pattern {
        Fan::AllPungs => "all pungs",
        Fan::FullFlush => "full flush",
        Fan::SevenPairs => "seven pairs",
        Fan::Root => "roots",
        Fan::GoldenSingle => "golden single",
        Fan::WinAfterKan => "win after kan",
        Fan::DiscardAfterKan => "discard after kan",
        Fan::RobbingKan => "robbing a kan",
        Fan::LastTile => "last tile",
        Fan::SelfDraw => "self-draw",
    }
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Claim::None => "nothing",
            Claim::Pass => "pass",
            Claim::Ron => "ron",
            Claim::Pon => "pon",
            Claim::Kan => "kan",
        })
    }
}

impl std::fmt::Display for SichuanEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tile_or = |tile: &Option<Tile>| tile.map_or_else(|| "?".to_string(), |t| t.to_string());
        match self {
            SichuanEvent::Deal { number, .. } => write!(f, "hand {}", number + 1),
            SichuanEvent::Declare { seat, suit } => {
                write!(f, "{seat} declares {} missing", suit_name(*suit))
            }
            SichuanEvent::Draw { seat, exit, tile } => match exit {
                Exit::Rinshan => write!(f, "{seat} draws {} after the kan", tile_or(tile)),
                _ => write!(f, "{seat} draws {}", tile_or(tile)),
            },
            SichuanEvent::Discard { seat, tile } => write!(f, "{seat} discards {tile}"),
            SichuanEvent::Answer { seat, claim } => write!(f, "{seat} answers {claim}"),
            SichuanEvent::Call {
                seat,
                from,
                kind,
                tile,
                paid,
            } => {
                write!(f, "{seat} calls {kind} on {tile} from {from}")?;
                if *paid > 0 {
                    write!(f, " (kan payment {paid})")?;
                }
                Ok(())
            }
            SichuanEvent::Kan {
                seat,
                kind,
                tile,
                paid,
            } => write!(f, "{seat} declares {kind} of {tile} (kan payment {paid})"),
            SichuanEvent::Win {
                seat,
                from,
                tile,
                robbing,
                fan,
                per_payer,
                points,
                fans,
                ..
            } => {
                match from {
                    Some(from) if *robbing => write!(f, "{seat} robs {from}'s kan of {tile}")?,
                    Some(from) => write!(f, "{seat} wins on {tile} from {from}")?,
                    None => write!(f, "{seat} wins by self-draw on {tile}")?,
                }
                write!(f, ": {fan} fan, {per_payer} per payer, {points} points")?;
                if !fans.is_empty() {
                    write!(f, " [{fans}]")?;
                }
                f.write_str("; leaves the hand")
            }
            SichuanEvent::ExhaustiveDraw { settlements } => {
                f.write_str("exhaustive draw")?;
                for s in settlements {
                    let why = match s.kind {
                        SettlementKind::MissingSuit => "missing suit",
                        SettlementKind::Unready => "unready",
                        SettlementKind::KanRefund => "kan refund",
                    };
                    write!(f, "; {} pays {} {} ({why})", s.payer, s.receiver, s.points)?;
                }
                Ok(())
            }
            SichuanEvent::HandEnd => f.write_str("hand over"),
            SichuanEvent::MatchEnd { scores } => {
                write!(
                    f,
                    "match over: {}",
                    crate::games::mahjong::score_line(scores)
                )
            }
        }
    }
}

/// The scores by seat.
pub fn scores(world: &World) -> [i32; SEATS] {
    world.resource::<Standings>().scores
}

/// The points of a capped win, the unit of [`Sichuan`]'s returns (at least 1).
pub fn point_unit(game: &Sichuan) -> f64 {
    let scoring = &game.config.scoring;
    f64::from(scoring.points(scoring.cap, false).max(1))
}

/// The conformance suite (`alea::testing`), in one call.
#[cfg(test)]
#[test]
fn conforms() {
    let report = alea::testing::conformance_encoded(Sichuan::preset("sichuan").unwrap(), 0..20);
    assert!(
        report.determinizations > 0 && report.views > 0,
        "{report:?}"
    );
}
