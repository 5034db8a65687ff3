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

pub use heuristics::greedy_action;
pub use hidden::{fewest_suit, fill_unknown, fill_unknown_with, past_missing_suit};
pub use legal::{SUITS, is_ready};
pub use players::choose;
pub use search::{
    SichuanRollouts, candidates, ismcts, ismcts_search, ismcts_search_with, ismcts_with,
};
pub use state::{Battle, Claim, SEATS, SichuanMeld, Stage, Standings, Tally};

use crate::dealer::{DealConfig, DealError, Dealer};
use crate::games::mahjong::abilities::{SeatedAbility, TOKI};
use crate::mount::{Exit, Mount};
use crate::scoring::meld::MeldKind;
use crate::scoring::sichuan::{Fan, FanTable};
use crate::tiles::{Suit, Tile, TileCounts};
use alea::kernel::{Decision, Game, GameEvent, Rules, Seat, Setup, Sim, SimError, Table};
use alea::pipeline::{Ctx, Flow, RootEvents};

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

    /// True when Toki sits at `seat`.
    pub fn has_toki(&self, seat: Seat) -> bool {
        SeatedAbility::is_seated(&self.abilities, &TOKI, seat)
    }

    /// Starts a new match in `sim` exactly as if it had been built with `seed`.
    /// A first deal that a user's ability makes fail is an error and leaves `sim` as it was.
    pub fn restart(sim: &mut Sim<Sichuan>, seed: u64) -> Result<(), SimError> {
        let hands = sim.rules().game.config.hands;
        crate::games::mahjong::restart(sim, seed, |world, table| {
            *world.resource_mut::<Standings>() = Standings::default();
            first_hand(world, table, hands)
        })
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
            SichuanEvent::MatchEnd { scores } => write!(
                f,
                "match over: {}",
                scores
                    .iter()
                    .map(i32::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
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

/// Deals a match's first hand and the dealer's first draw (at setup and restart).
fn first_hand(world: &mut World, table: &mut Table, hands: u32) -> Result<(), DealError> {
    rules::start_hand(world, table, hands)?;
    rules::first_draw(world, table);
    Ok(())
}

impl Game for Sichuan {
    type Action = SichuanAction;
    type Event = SichuanEvent;
    type State = ();

    fn name(&self) -> &'static str {
        "sichuan"
    }

    fn seats(&self) -> u8 {
        SEATS as u8
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        if !crate::games::mahjong::setup_table(setup, DealConfig::sichuan(), &self.abilities) {
            return;
        }
        setup.insert_resource(Standings::default());
        setup.insert_resource(Battle::default());
        setup.snapshot_resource::<Standings>();
        setup.snapshot_resource::<Battle>();
        let hands = self.config.hands;
        if let Err(error) =
            setup.with_world_and_table(|world, table| first_hand(world, table, hands))
        {
            setup.fail(error);
        }
    }

    fn translate(
        _: &Rules<Sichuan>,
        world: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        action: SichuanAction,
        out: &mut RootEvents<'_, SichuanEvent>,
    ) {
        let battle = world.resource::<Battle>();
        let answer = |claim| SichuanEvent::Answer { seat, claim };
        out.push(match action {
            SichuanAction::Declare(suit) => SichuanEvent::Declare { seat, suit },
            SichuanAction::Discard(tile) => SichuanEvent::Discard { seat, tile },
            SichuanAction::Tsumo => SichuanEvent::Win {
                seat,
                from: None,
                tile: battle.drawn[seat.index()].unwrap_or(Tile::ALL[0]),
                robbing: false,
                after_kan: matches!(
                    battle.stage,
                    Stage::Turn {
                        after_kan: true,
                        ..
                    }
                ),
                fan: 0,
                per_payer: 0,
                points: 0,
                fans: String::new(),
            },
            SichuanAction::ClosedKan(tile) => SichuanEvent::Kan {
                seat,
                kind: MeldKind::ClosedKan,
                tile,
                paid: 0,
            },
            SichuanAction::AddedKan(tile) => SichuanEvent::Kan {
                seat,
                kind: MeldKind::AddedKan,
                tile,
                paid: 0,
            },
            SichuanAction::Ron => answer(Claim::Ron),
            SichuanAction::Pon => answer(Claim::Pon),
            SichuanAction::Kan => answer(Claim::Kan),
            SichuanAction::Pass => answer(Claim::Pass),
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut SichuanEvent) -> Flow {
        rules::apply(ctx, event);
        Flow::Continue
    }

    fn next_decision(
        rules: &Rules<Sichuan>,
        world: &World,
        _: &Table,
        _: &(),
        decision: &mut Decision<SichuanAction>,
    ) {
        let mut choices = std::mem::take(&mut decision.choices);
        let seat = legal::legal_actions(
            &rules.game,
            world.resource::<Battle>(),
            world.resource::<Mount>(),
            &mut choices,
        );
        decision.choices = choices;
        match seat {
            Some(seat) => decision.turn = alea::kernel::Turn::Player(seat),
            None => decision.finish(),
        }
    }

    const HIDDEN_INFORMATION: bool = true;

    fn seen_by(event: &SichuanEvent, viewer: Seat) -> Option<SichuanEvent> {
        hidden::seen_by(event, viewer)
    }

    /// Everything `seat` has seen: its concealed tiles, its missing suit (the others' once all
    /// have declared), every meld, discard, win (a winner's tiles are shown), kan payment and
    /// score, the stage, its own claim options and answer, and how far the wall is drawn.
    fn observe(
        _: &Rules<Sichuan>,
        world: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        mut h: &mut dyn Hasher,
    ) {
        let battle = world.resource::<Battle>();
        let s = seat.index();
        seat.hash(&mut h);
        battle.hands[s].hash(&mut h);
        battle.drawn[s].hash(&mut h);
        let declared = battle.missing.iter().all(Option::is_some);
        for (other, missing) in battle.missing.iter().enumerate() {
            (other == s || declared).then_some(missing).hash(&mut h);
        }
        battle.melds.hash(&mut h);
        battle.river.hash(&mut h);
        battle.won.hash(&mut h);
        for (other, won) in battle.won.iter().enumerate() {
            if won.is_some() {
                battle.hands[other].hash(&mut h);
            }
        }
        battle.kan_paid.hash(&mut h);
        battle.stage.hash(&mut h);
        (battle.can[s], battle.claims[s]).hash(&mut h);
        world.resource::<Standings>().hash(&mut h);
        let mount = world.resource::<Mount>();
        (mount.drawn_from(Exit::Pii), mount.drawn_from(Exit::Rinshan)).hash(&mut h);
    }

    /// [`fill_unknown`] from `rng`; a position it cannot work from stays as it is.
    fn determinize(
        rules: &Rules<Sichuan>,
        world: &mut World,
        _: &Table,
        _: &mut (),
        viewer: Seat,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) {
        use crate::games::mahjong::{fill::Inference, search::InferredFill};
        <Sichuan as InferredFill>::fill(rules, world, viewer, rng, Inference::Constrained);
    }

    fn returns(rules: &Rules<Sichuan>, world: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        let unit = point_unit(&rules.game);
        out.clear();
        out.extend(scores(world).iter().map(|&s| f64::from(s) / unit));
    }
}

impl crate::games::mahjong::Ruleset for Sichuan {
    const RECORD: &'static str = "sichuan";
    type Config = SichuanConfig;

    fn config(&self) -> &SichuanConfig {
        &self.config
    }

    fn abilities(&self) -> &[SeatedAbility] {
        &self.abilities
    }

    /// A replay line's rules are checked: a base of 1 to 1 000 and a cap of at most 16 fan
    /// keep every payment far inside `i32`.
    fn build(config: SichuanConfig, abilities: &[SeatedAbility]) -> Result<Sichuan, String> {
        let scoring = &config.scoring;
        if !(1..=1000).contains(&scoring.base) || scoring.cap > 16 {
            return Err(format!(
                "base {} and cap {}: expected a base of 1 to 1000 and a cap of at most 16",
                scoring.base, scoring.cap
            ));
        }
        Sichuan {
            config,
            abilities: Vec::new(),
        }
        .with_abilities(abilities)
        .map_err(|e| e.to_string())
    }

    fn restart(sim: &mut Sim<Sichuan>, seed: u64) -> Result<(), SimError> {
        Sichuan::restart(sim, seed)
    }

    fn choose(
        sim: &mut Sim<Sichuan>,
        players: &[crate::games::mahjong::riichi::PlayerKind],
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<SichuanAction> {
        choose(sim, players, rng)
    }

    fn scores(world: &World) -> [i32; SEATS] {
        scores(world)
    }

    fn is_over(world: &World) -> bool {
        world.resource::<Standings>().over
    }

    fn tally(world: &World) -> crate::games::mahjong::MatchTally {
        let t = world.resource::<Standings>().tally;
        crate::games::mahjong::MatchTally {
            hands: t.hands,
            wins: t.wins,
            deal_ins: t.deal_ins,
            draws: t.draws,
        }
    }

    fn deal_event(sim: &Sim<Sichuan>) -> SichuanEvent {
        let dealt = sim.world().resource::<Standings>().dealt;
        SichuanEvent::Deal {
            number: dealt.saturating_sub(1),
            hands: crate::games::mahjong::dealt_hands(sim.world()),
        }
    }

    /// Each seat's tiles and melds.
    fn deal_lines(sim: &Sim<Sichuan>) -> Vec<String> {
        let battle = sim.world().resource::<Battle>();
        let mut lines = vec!["hands (the dealer has drawn):".to_string()];
        lines.extend((0..SEATS as u8).map(|s| {
            let melds: Vec<_> = battle
                .melds_of(Seat(s))
                .map(|m| {
                    let tiles = crate::games::mahjong::riichi::meld_tiles(&m.meld);
                    (m.meld.kind().to_string(), tiles.tiles().collect())
                })
                .collect();
            format!(
                "  {}",
                crate::games::mahjong::seat_line(Seat(s), &battle.hands[usize::from(s)], &melds)
            )
        }));
        lines
    }

    fn log_kind(event: &SichuanEvent) -> crate::games::mahjong::LogKind {
        use crate::games::mahjong::LogKind;
        match event {
            SichuanEvent::Answer { .. } => LogKind::Hidden,
            SichuanEvent::Deal { .. } => LogKind::Deal,
            SichuanEvent::HandEnd => LogKind::HandEnd,
            _ => LogKind::Line,
        }
    }

    fn describe(&self) -> String {
        format!("{} hands", self.config.hands)
    }

    fn length(&self) -> serde_json::Value {
        self.config.hands.into()
    }
}

/// The conformance suite (`alea::testing`), in one call.
#[cfg(test)]
#[test]
fn conforms() {
    alea::testing::conformance_encoded(Sichuan::preset("sichuan").unwrap(), 0..20);
}
