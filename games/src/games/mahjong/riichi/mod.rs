//! Riichi mahjong on the kernel: four seats, 136 tiles (three red fives by default), dealt by
//! the staged [dealer](crate::dealer) and drawn from the [mount](crate::mount).
//!
//! **Model**. The entity set is fixed at setup: four players and one entity per
//! mount slot. Tiles are counts, as in the mount: the hand in play is one grouped resource,
//! [`Kyoku`] (concealed tiles per seat, melds, the river, riichi and furiten flags, the claim
//! window), the match another, [`Match`] (scores, round, honba, sticks), and the [`Mount`] a
//! third. A snapshot copies these three resources.
//!
//! **Turn flow.** Each hand is dealt by the staged dealer on the game's World (the [`DealTable`](crate::dealer::DealTable)
//! gives the starting hands, the mount the dora indicator). The dealer draws from
//! [`Exit::Pii`]; a seat on turn may win by tsumo, declare a closed or added kan, declare riichi
//! with a discard (closed, tenpai after it, 1000 points, four live tiles left), or discard.
//! After a discard every other seat with a legal call is asked in turn order (ron, open kan,
//! pon, chi for the next seat, or pass); the answers are resolved by priority — ron (with the
//! `double_ron` option every seat that rons wins, the nearest from the discarder taking the
//! honba and sticks; without it only that one: head bump), then pon/kan, then chi. An added
//! kan opens a window for chankan. Every kan flips a new indicator from
//! [`Exit::Dorahyou`] and draws its replacement from [`Exit::Rinshan`]; with
//! `delayed_kan_dora` an open or added kan's indicator waits for its declarer's discard.
//! Furiten: permanent (a wait among one's discards), temporary (a winning tile passed since
//! one's last discard) and riichi (a winning tile passed after riichi). Wins are scored by
//! [`evaluate`](crate::scoring::riichi::evaluate) (a yaku is required); a riichi winner
//! flips as many ura indicators as there are dora indicators. When the live wall is empty
//! after a discard nobody calls, the hand is an exhaustive draw with tenpai payments.
//! The dealer repeats on a win or tenpai (honba +1); a draw adds a honba too.
//!
//! **Abortive draws** ([`AbortiveDraws`], each a rule option, all on as on Tenhou): nine
//! terminals and honors (declared by the player on its first uninterrupted turn with
//! [`RiichiAction::NineTerminals`]), four winds (the first four discards the same wind, no
//! call), four riichi (when the fourth stick stands), four kans not all by one seat (when the
//! discard after the fourth passes without a ron) and triple ron. The hand ends with nothing
//! paid: the dealer repeats, a honba is added, the riichi sticks stay on the table (and
//! agari-yame does not end the match on one).
//!
//! With `nagashi_mangan`, a seat whose discards at an exhaustive draw are all terminals and
//! honors, none called, is paid a mangan tsumo instead of the tenpai payments.
//!
//! With `kuikae`, the caller of a chi or pon may not discard the called kind nor (chi) the
//! run's other end right after.
//!
//! When nobody has `target_points` after the last hand, one more wind is played in sudden
//! death (the match ends after the first hand that leaves somebody there).
//!
//! ```
//! use alea_games::games::mahjong::riichi::{Length, Riichi};
//! use alea::kernel::SimBuilder;
//! use alea::kernel::playout::{random_player_rng, random_playout};
//!
//! let game = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
//! let mut sim = SimBuilder::new(game).seed(3).build();
//! random_playout(&mut sim, &mut random_player_rng(3)).unwrap();
//! assert!(sim.is_terminal());
//! let total: i32 = alea_games::games::mahjong::riichi::scores(sim.world()).iter().sum();
//! assert_eq!(total + 1000 * i32::from(sim.world().resource::<alea_games::games::mahjong::riichi::Match>().sticks), 100_000);
//! ```

mod defense;
mod encode;
mod game;
mod heuristics;
mod hidden;
mod legal;
pub mod mjai;
mod players;
mod rules;
mod search;
mod state;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

pub use crate::games::mahjong::fill::{
    fill_world as fill_unknown, fill_world_with as fill_unknown_with,
};
pub use crate::games::mahjong::players::{DEFAULT_ITERATIONS, PlayerKind, UnknownPlayer};
pub use crate::games::mahjong::{HandTable, meld_tiles};
pub use defense::{FOLD_SHANTEN, cautious_action, fold_discard, safe_kinds};
pub use heuristics::greedy_action;
pub use hidden::FillStart;
pub use legal::{is_furiten, is_tenpai, nine_terminals, waits};
pub use players::choose;
pub use search::{
    CautiousRollouts, candidates, ismcts, ismcts_search, ismcts_search_with, ismcts_with,
};
pub use state::{
    Answer, Kyoku, Length, Match, MeldRecord, Phase, RiverTile, SEATS, Tally, UnknownLength,
    first_place, wind, wind_name,
};

use crate::dealer::{DealConfig, DealError, Dealer};
use crate::games::mahjong::abilities::SeatedAbility;
use crate::mount::{Exit, Mount};
use crate::scoring::riichi::{MeldKind, RiichiRules};
use crate::tiles::{Tile, TileCounts, TileSet, format_tiles};
use alea::kernel::{
    Decision, EventKind, Game, GameEvent, Rules, Seat, Setup, Sim, SimError, Table,
};
use alea::pipeline::RootEvents;

/// The rule options of a riichi match (a preset of `assets/riichi.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RiichiConfig {
    /// How long the match lasts.
    pub length: Length,
    /// Each seat's points at the start.
    pub start_points: i32,
    /// Points the noten seats pay the tenpai seats at an exhaustive draw.
    pub tenpai_payment: i32,
    /// The match ends when a seat goes below zero.
    pub busting: bool,
    /// The match ends when the last hand's dealer is first after a win or tenpai.
    pub agari_yame: bool,
    /// The hand evaluator's options (`red_fives` also decides the tile set).
    pub scoring: RiichiRules,
    /// Which abortive draws end a hand (absent: all of them, as on Tenhou).
    #[serde(default)]
    pub abortive: AbortiveDraws,
    /// Every seat that rons a discard wins (the one nearest the discarder takes the honba and
    /// the sticks); off, only that seat wins (head bump). Absent: on, as on Tenhou. Three rons
    /// are a triple-ron abortive draw when [`AbortiveDraws::triple_ron`] is on.
    #[serde(default = "on")]
    pub double_ron: bool,
    /// Nagashi mangan: at an exhaustive draw, a seat whose discards are all terminals and
    /// honors, none called, is paid a mangan tsumo (no honba) instead of the tenpai payments.
    /// Absent: on, as on Tenhou.
    #[serde(default = "on")]
    pub nagashi_mangan: bool,
    /// Kuikae: right after a chi or pon the caller may not discard the called kind nor, for a
    /// chi called at one end, the kind at the run's other end; a call leaving no other discard
    /// is not offered. Absent: on, as on Tenhou.
    #[serde(default = "on")]
    pub kuikae: bool,
    /// Delayed kan dora: an open or added kan flips its indicator when its declarer discards
    /// (or declares another kan), a closed kan at once; off, every kan flips at once.
    /// Absent: on, as on Tenhou.
    #[serde(default = "on")]
    pub delayed_kan_dora: bool,
    /// When nobody has this many points after the last hand, one more wind is played (West
    /// after a hanchan, South after an East game) until a hand ends with somebody there
    /// (sudden death); 0 never extends. Absent: 30 000, as on Tenhou.
    #[serde(default = "tenhou_target")]
    pub target_points: i32,
}

fn tenhou_target() -> i32 {
    30_000
}

fn on() -> bool {
    true
}

/// The abortive draws a rule set plays (each ends the hand at once: the dealer repeats, a
/// honba is added, riichi sticks stay on the table). Tenhou plays them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AbortiveDraws {
    /// Kyuushu kyuuhai: a seat on its first uninterrupted turn holding nine or more kinds of
    /// terminals and honors may declare the draw ([`RiichiAction::NineTerminals`]).
    pub nine_terminals: bool,
    /// Suufon renda: the first four discards, no call before, are the same wind.
    pub four_winds: bool,
    /// Suukaikan: the discard after the fourth kan, when more than one seat declared them,
    /// passes without a ron.
    pub four_kans: bool,
    /// Suucha riichi: the fourth seat's riichi stands.
    pub four_riichi: bool,
    /// Sanchahou: three seats ron the same discard.
    pub triple_ron: bool,
}

impl Default for AbortiveDraws {
    fn default() -> Self {
        AbortiveDraws {
            nine_terminals: true,
            four_winds: true,
            four_kans: true,
            four_riichi: true,
            triple_ron: true,
        }
    }
}

/// Why a hand ended in an abortive draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Abort {
    /// Kyuushu kyuuhai, declared by this seat.
    NineTerminals(Seat),
    /// Suufon renda.
    FourWinds,
    /// Suukaikan.
    FourKans,
    /// Suucha riichi.
    FourRiichi,
    /// Sanchahou.
    TripleRon,
}

impl std::fmt::Display for Abort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Abort::NineTerminals(seat) => write!(f, "{seat} declares nine terminals and honors"),
            Abort::FourWinds => f.write_str("four winds discarded"),
            Abort::FourKans => f.write_str("four kans"),
            Abort::FourRiichi => f.write_str("four riichi"),
            Abort::TripleRon => f.write_str("triple ron"),
        }
    }
}

/// The presets embedded from `assets/riichi.ron`, by name.
pub fn presets() -> &'static BTreeMap<String, RiichiConfig> {
    static PRESETS: OnceLock<BTreeMap<String, RiichiConfig>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        ron::from_str(include_str!("../../../../assets/riichi.ron"))
            .expect("assets/riichi.ron is valid (checked by a test)")
    })
}

/// Not the name of a riichi preset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown riichi rules {name:?}: expected one of {known}")]
pub struct UnknownPreset {
    /// The name asked for.
    pub name: String,
    /// The presets there are.
    pub known: String,
}

/// Riichi mahjong: the [`Game`] for the kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Riichi {
    /// The rule options.
    pub config: RiichiConfig,
    /// The abilities seated (see [`Riichi::with_abilities`]).
    pub abilities: Vec<SeatedAbility>,
}

impl Riichi {
    /// The preset called `name` (see [`presets`]).
    pub fn preset(name: &str) -> Result<Riichi, UnknownPreset> {
        presets()
            .get(name)
            .map(|config| Riichi::new(config.clone()))
            .ok_or_else(|| UnknownPreset {
                name: name.to_string(),
                known: presets().keys().cloned().collect::<Vec<_>>().join(", "),
            })
    }

    /// A game of `config` without abilities.
    pub fn new(config: RiichiConfig) -> Riichi {
        Riichi {
            config,
            abilities: Vec::new(),
        }
    }

    /// The same rules with `abilities` seated: their deal hooks run at every deal, Koromo's
    /// `on_draw` before every normal draw, Toki's future sight at her discards (in
    /// [`choose`]). The seats are checked and a trial deal is made, so a game built from the
    /// result always deals.
    pub fn with_abilities(mut self, abilities: &[SeatedAbility]) -> Result<Riichi, DealError> {
        Dealer::new(self.deal_config(), &SeatedAbility::pairs(abilities), 0)?.deal(0)?;
        self.abilities = abilities.to_vec();
        Ok(self)
    }

    /// The same rules with another match length.
    pub fn with_length(mut self, length: Length) -> Riichi {
        self.config.length = length;
        self
    }

    /// The tile set: 136 tiles, with three red fives when scoring counts them.
    pub fn tile_set(&self) -> TileSet {
        TileSet::riichi(self.config.scoring.red_fives)
    }

    /// The dealer's configuration.
    pub fn deal_config(&self) -> DealConfig {
        DealConfig {
            set: self.tile_set(),
            ..DealConfig::riichi()
        }
    }
}

/// A player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiichiAction {
    /// Discard this tile.
    Discard(Tile),
    /// Declare riichi and discard this tile.
    Riichi(Tile),
    /// Win on the tile just drawn.
    Tsumo,
    /// Four of a kind from the hand (the kind's black tile).
    ClosedKan(Tile),
    /// Add the fourth tile to a pon (the kind's black tile).
    AddedKan(Tile),
    /// Win on the discard (or on the tile added to a kan).
    Ron,
    /// Pon the discard with these two tiles.
    Pon(Tile, Tile),
    /// Chi the discard with these two tiles.
    Chi(Tile, Tile),
    /// Open kan on the discard.
    Kan,
    /// Decline every call.
    Pass,
    /// Declare kyuushu kyuuhai: the hand ends in an abortive draw.
    NineTerminals,
}

impl std::fmt::Display for RiichiAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RiichiAction::Discard(t) => write!(f, "discard {t}"),
            RiichiAction::Riichi(t) => write!(f, "riichi {t}"),
            RiichiAction::Tsumo => f.write_str("tsumo"),
            RiichiAction::ClosedKan(t) => write!(f, "closed kan {t}"),
            RiichiAction::AddedKan(t) => write!(f, "added kan {t}"),
            RiichiAction::Ron => f.write_str("ron"),
            RiichiAction::Pon(a, b) => write!(f, "pon {}", format_tiles(&[*a, *b])),
            RiichiAction::Chi(a, b) => write!(f, "chi {}", format_tiles(&[*a, *b])),
            RiichiAction::Kan => f.write_str("kan"),
            RiichiAction::Pass => f.write_str("pass"),
            RiichiAction::NineTerminals => f.write_str("nine terminals"),
        }
    }
}

/// What happens in a riichi match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum RiichiEvent {
    /// A new hand is dealt.
    Deal {
        /// Round wind index (0 East).
        wind: u8,
        /// Hand within the wind (the dealer's seat).
        number: u8,
        /// Counters.
        honba: u8,
        /// Riichi sticks on the table.
        sticks: u8,
        /// Each seat's starting hand, before the dealer's first draw (the rules fill them in;
        /// a seat's view shows its own only).
        hands: Vec<Option<TileCounts>>,
        /// The first dora indicator (the rules fill it in).
        indicator: Option<Tile>,
    },
    /// `seat` draws from `exit` (the rules fill in `tile`).
    Draw {
        /// Who draws.
        seat: Seat,
        /// [`Exit::Pii`] or, after a kan, [`Exit::Rinshan`].
        exit: Exit,
        /// The tile drawn.
        tile: Option<Tile>,
    },
    /// `seat` discards `tile` (declaring riichi with it).
    Discard {
        /// Who discards.
        seat: Seat,
        /// The tile.
        tile: Tile,
        /// A riichi declaration.
        riichi: bool,
    },
    /// `seat` answers the claim window.
    Answer {
        /// Who answers.
        seat: Seat,
        /// The answer.
        answer: Answer,
    },
    /// `seat`'s riichi stands: 1000 points to the table.
    RiichiStick {
        /// Who declared.
        seat: Seat,
    },
    /// `seat` calls `tile` from `from` into a pon, chi or open kan with `with`.
    Call {
        /// Who calls.
        seat: Seat,
        /// The discarder.
        from: Seat,
        /// Pon, chi or open kan.
        kind: MeldKind,
        /// The called tile.
        tile: Tile,
        /// The hand tiles used (two; an open kan uses a third copy too).
        with: [Tile; 2],
    },
    /// `seat` declares a closed or added kan of `tile`'s kind.
    Kan {
        /// Who declares.
        seat: Seat,
        /// Closed or added.
        kind: MeldKind,
        /// The kind's black tile.
        tile: Tile,
    },
    /// A new dora indicator is flipped (the rules fill in `tile`).
    Indicator {
        /// The indicator.
        tile: Option<Tile>,
    },
    /// `seat` wins (tsumo when `from` is `None`); the rules fill in the score.
    Win {
        /// The winner.
        seat: Seat,
        /// The discarder, for a ron.
        from: Option<Seat>,
        /// The winning tile.
        tile: Tile,
        /// Robbing a kan.
        chankan: bool,
        /// On a replacement tile.
        rinshan: bool,
        /// Han.
        han: u32,
        /// Fu.
        fu: u32,
        /// Everything the winner receives.
        points: u32,
        /// The yaku and dora, `name han` comma-separated.
        yaku: String,
        /// The ura indicators flipped.
        ura: Vec<Tile>,
        /// The score change by seat (the honba and sticks included; the rules fill it in).
        deltas: [i32; SEATS],
    },
    /// The live wall is exhausted: tenpai seats receive from noten ones (or, with nagashi
    /// mangan, the seats with a qualifying river are paid a mangan instead).
    ExhaustiveDraw {
        /// Which seats are tenpai (the rules fill it in).
        tenpai: [bool; SEATS],
        /// Which seats score nagashi mangan (the rules fill it in).
        nagashi: [bool; SEATS],
        /// The score change by seat (the rules fill it in).
        deltas: [i32; SEATS],
    },
    /// The hand ends in an abortive draw.
    AbortiveDraw {
        /// Why.
        reason: Abort,
    },
    /// The hand is over: the round advances or the dealer repeats.
    HandEnd {
        /// The dealer keeps the seat.
        repeat: bool,
        /// An exhaustive or abortive draw (honba +1 even when the dealer moves on).
        draw: bool,
        /// An abortive draw (the dealer repeats; agari-yame does not end the match).
        abortive: bool,
    },
    /// The match is over.
    MatchEnd {
        /// Final scores.
        scores: [i32; SEATS],
    },
}

impl RiichiEvent {
    /// `seat`'s win on `tile` (from `from`'s discard, or by tsumo), for the rules to score.
    pub fn unscored_win(
        seat: Seat,
        from: Option<Seat>,
        tile: Tile,
        chankan: bool,
        rinshan: bool,
    ) -> RiichiEvent {
        RiichiEvent::Win {
            seat,
            from,
            tile,
            chankan,
            rinshan,
            han: 0,
            fu: 0,
            points: 0,
            yaku: String::new(),
            ura: Vec::new(),
            deltas: [0; SEATS],
        }
    }

    /// Kind of [`RiichiEvent::Deal`].
    pub const DEAL: EventKind = 0;
    /// Kind of [`RiichiEvent::Draw`].
    pub const DRAW: EventKind = 1;
    /// Kind of [`RiichiEvent::Discard`].
    pub const DISCARD: EventKind = 2;
    /// Kind of [`RiichiEvent::Answer`].
    pub const ANSWER: EventKind = 3;
    /// Kind of [`RiichiEvent::RiichiStick`].
    pub const RIICHI_STICK: EventKind = 4;
    /// Kind of [`RiichiEvent::Call`].
    pub const CALL: EventKind = 5;
    /// Kind of [`RiichiEvent::Kan`].
    pub const KAN: EventKind = 6;
    /// Kind of [`RiichiEvent::Indicator`].
    pub const INDICATOR: EventKind = 7;
    /// Kind of [`RiichiEvent::Win`].
    pub const WIN: EventKind = 8;
    /// Kind of [`RiichiEvent::ExhaustiveDraw`].
    pub const EXHAUSTIVE_DRAW: EventKind = 9;
    /// Kind of [`RiichiEvent::HandEnd`].
    pub const HAND_END: EventKind = 10;
    /// Kind of [`RiichiEvent::MatchEnd`].
    pub const MATCH_END: EventKind = 11;
    /// Kind of [`RiichiEvent::AbortiveDraw`].
    pub const ABORTIVE_DRAW: EventKind = 12;
}

impl GameEvent for RiichiEvent {
    fn kind(&self) -> EventKind {
        match self {
            RiichiEvent::Deal { .. } => Self::DEAL,
            RiichiEvent::Draw { .. } => Self::DRAW,
            RiichiEvent::Discard { .. } => Self::DISCARD,
            RiichiEvent::Answer { .. } => Self::ANSWER,
            RiichiEvent::RiichiStick { .. } => Self::RIICHI_STICK,
            RiichiEvent::Call { .. } => Self::CALL,
            RiichiEvent::Kan { .. } => Self::KAN,
            RiichiEvent::Indicator { .. } => Self::INDICATOR,
            RiichiEvent::Win { .. } => Self::WIN,
            RiichiEvent::ExhaustiveDraw { .. } => Self::EXHAUSTIVE_DRAW,
            RiichiEvent::HandEnd { .. } => Self::HAND_END,
            RiichiEvent::MatchEnd { .. } => Self::MATCH_END,
            RiichiEvent::AbortiveDraw { .. } => Self::ABORTIVE_DRAW,
        }
    }
}

fn opt_tile(tile: &Option<Tile>) -> String {
    tile.map_or_else(|| "?".to_string(), |t| t.to_string())
}

impl std::fmt::Display for RiichiEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RiichiEvent::Deal {
                wind,
                number,
                honba,
                sticks,
                ..
            } => write!(
                f,
                "{} {} ({} honba, {} sticks): dealer P{number}",
                wind_name(state::wind(*wind)),
                number + 1,
                honba,
                sticks
            ),
            RiichiEvent::Draw { seat, exit, tile } => match exit {
                Exit::Rinshan => write!(f, "{seat} draws {} from the dead wall", opt_tile(tile)),
                _ => write!(f, "{seat} draws {}", opt_tile(tile)),
            },
            RiichiEvent::Discard { seat, tile, riichi } => {
                if *riichi {
                    write!(f, "{seat} declares riichi and discards {tile}")
                } else {
                    write!(f, "{seat} discards {tile}")
                }
            }
            RiichiEvent::Answer { seat, answer } => write!(f, "{seat} answers {answer}"),
            RiichiEvent::RiichiStick { seat } => write!(f, "{seat} puts a riichi stick down"),
            RiichiEvent::Call {
                seat,
                from,
                kind,
                tile,
                with,
            } => write!(
                f,
                "{seat} calls {kind} on {tile} from {from} with {}",
                format_tiles(with)
            ),
            RiichiEvent::Kan { seat, kind, tile } => write!(f, "{seat} declares {kind} of {tile}"),
            RiichiEvent::Indicator { tile } => write!(f, "new dora indicator {}", opt_tile(tile)),
            RiichiEvent::Win {
                seat,
                from,
                tile,
                han,
                fu,
                points,
                yaku,
                ura,
                ..
            } => {
                match from {
                    Some(from) => write!(f, "{seat} wins by ron on {tile} from {from}")?,
                    None => write!(f, "{seat} wins by tsumo on {tile}")?,
                }
                write!(f, ": {han} han {fu} fu, {points} points [{yaku}]")?;
                if !ura.is_empty() {
                    write!(f, " (ura indicators {})", format_tiles(ura))?;
                }
                Ok(())
            }
            RiichiEvent::ExhaustiveDraw {
                tenpai, nagashi, ..
            } => {
                let seats = |of: &[bool; SEATS]| {
                    (0..SEATS)
                        .filter(|&s| of[s])
                        .map(|s| format!("P{s}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                if tenpai.contains(&true) {
                    write!(f, "exhaustive draw: tenpai {}", seats(tenpai))?;
                } else {
                    write!(f, "exhaustive draw: nobody is tenpai")?;
                }
                if nagashi.contains(&true) {
                    write!(f, "; nagashi mangan {}", seats(nagashi))?;
                }
                Ok(())
            }
            RiichiEvent::AbortiveDraw { reason } => write!(f, "abortive draw: {reason}"),
            RiichiEvent::HandEnd {
                repeat,
                draw,
                abortive,
            } => write!(
                f,
                "hand over{}{}",
                match (draw, abortive) {
                    (_, true) => " (abortive draw)",
                    (true, false) => " (draw)",
                    _ => "",
                },
                if *repeat { ", the dealer repeats" } else { "" }
            ),
            RiichiEvent::MatchEnd { scores } => {
                write!(
                    f,
                    "match over: {}",
                    crate::games::mahjong::score_line(scores)
                )
            }
        }
    }
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::None => f.write_str("nothing"),
            Answer::Pass => f.write_str("pass"),
            Answer::Ron => f.write_str("ron"),
            Answer::Pon(a, b) => write!(f, "pon with {}", format_tiles(&[*a, *b])),
            Answer::Chi(a, b) => write!(f, "chi with {}", format_tiles(&[*a, *b])),
            Answer::Kan => f.write_str("kan"),
        }
    }
}

/// The scores by seat.
pub fn scores(world: &World) -> [i32; SEATS] {
    world.resource::<Match>().scores
}

/// The conformance suite (`alea::testing`), in one call.
#[cfg(test)]
#[test]
fn conforms() {
    let kyoku = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
    let report = alea::testing::conformance_encoded(kyoku, 0..40);
    assert!(
        report.determinizations > 0 && report.views > 0,
        "{report:?}"
    );
}
