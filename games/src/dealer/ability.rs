//! Abilities ("girls") as listener entities bound to a seat, and their optional hooks.
//!
//! Behaviour is data: an ability's hooks are plain `fn` pointers gathered in a
//! `static` [`AbilityHooks`], and the entity holds a `&'static` reference to it.

use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::Claim;
use crate::mount::{Mount, Presence};
use crate::tiles::{Tile, TileCounts, TileKind};
use alea::kernel::Seat;

/// An ability bound to a seat: a listener entity spawned when the dealer is built.
#[derive(Component, Clone, Copy, Debug)]
#[component(immutable)]
pub struct Ability {
    /// The seat it plays for.
    pub seat: Seat,
    /// Its place in the dealer's ability list (hooks run in this order).
    pub order: u16,
    /// What it does.
    pub hooks: &'static AbilityHooks,
}

impl Ability {
    /// `name@seat`, as the CLI writes it (`kuro@0`).
    pub fn label(&self) -> String {
        format!("{}@{}", self.hooks.name, self.seat.0)
    }
}

/// The plan the bargain gave an ability for this deal (`None`: it did not bargain).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AbilityPlan(pub Option<u16>);

/// Where a hand stands in its match: the round wind and number, the dealer, whether it is
/// all-last. Every hook sees it ([`AbilityCtx::round`]); a game sets it before each deal and
/// keeps it in its snapshots.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct DealRound {
    /// The round wind: 0 East, 1 South, 2 West, 3 North.
    pub wind: u8,
    /// The hand within the wind, from 0 (East 1 is 0).
    pub number: u8,
    /// The dealer's seat (east).
    pub dealer: Seat,
    /// The match's last hand (libsaki's all-last: the last scheduled hand and every hand after
    /// it, such as an extension).
    pub all_last: bool,
}

impl Default for DealRound {
    /// East 1, seat 0 dealing, not all-last.
    fn default() -> DealRound {
        DealRound {
            wind: 0,
            number: 0,
            dealer: Seat(0),
            all_last: false,
        }
    }
}

impl DealRound {
    /// The round wind as an honor kind (East = `1z`).
    pub fn round_wind(&self) -> TileKind {
        TileKind::wind(self.wind)
    }

    /// `seat`'s wind at a table of `seats` as an honor kind (the dealer's is East = `1z`).
    pub fn seat_wind(&self, seat: Seat, seats: u8) -> TileKind {
        TileKind::wind(seat.distance_from(self.dealer, seats))
    }
}

/// `E1`…`N4` (the round wind's letter and the hand number from 1), with seat `number - 1`
/// dealing; not all-last.
impl std::str::FromStr for DealRound {
    type Err = String;
    fn from_str(text: &str) -> Result<DealRound, String> {
        let wrong = || format!("bad round {text:?}: expected E1..E4, S1..S4, W1..W4 or N1..N4");
        let mut chars = text.chars();
        let wind = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('E') => 0,
            Some('S') => 1,
            Some('W') => 2,
            Some('N') => 3,
            _ => return Err(wrong()),
        };
        let number = match chars.as_str() {
            "1" => 0,
            "2" => 1,
            "3" => 2,
            "4" => 3,
            _ => return Err(wrong()),
        };
        Ok(DealRound {
            wind,
            number,
            dealer: Seat(number),
            all_last: false,
        })
    }
}

impl std::fmt::Display for DealRound {
    /// `E1`, `S4` (and ` all-last`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let wind = ['E', 'S', 'W', 'N'][usize::from(self.wind % 4)];
        write!(f, "{wind}{}", u32::from(self.number) + 1)?;
        if self.all_last {
            write!(f, " all-last")?;
        }
        Ok(())
    }
}

/// What an ability remembers from earlier hands (Takami's first discards, Sawaya's clouds):
/// a component of its entity, kept in the snapshots like everything else. The ability gives
/// the fields their meaning; [`AbilityHooks::on_hand_start`] and [`AbilityHooks::on_discard`]
/// change it, every hook reads it ([`AbilityCtx::memory`]).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct AbilityMemory {
    /// Tiles it keeps.
    pub tiles: TileCounts,
    /// Flags it keeps.
    pub flags: u32,
}

/// What a hook knows about its own ability and the hand.
#[derive(Clone, Copy, Debug)]
pub struct AbilityCtx {
    /// The ability's seat.
    pub seat: Seat,
    /// Its plan, once the bargain stage has chosen one. A bargaining ability may still have none
    /// after the bargain: with [`DealConfig::strict_bargain`](super::DealConfig) off (games in
    /// play) a bargain that cannot hold tells nobody a plan, and the deal goes on.
    pub plan: Option<u16>,
    /// The hand: round wind and number, dealer, all-last.
    pub round: DealRound,
    /// The number of seats.
    pub seats: u8,
    /// What it remembers from earlier hands.
    pub memory: AbilityMemory,
}

impl AbilityCtx {
    /// The seat wind of the ability's seat as an honor kind (east = `1z`).
    pub fn seat_wind(&self) -> TileKind {
        self.round.seat_wind(self.seat, self.seats)
    }

    /// `seat`'s wind as an honor kind.
    pub fn wind_of(&self, seat: Seat) -> TileKind {
        self.round.seat_wind(seat, self.seats)
    }
}

/// Raid priority: every High fix is applied before every Low one; a fix without
/// priority is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum RaidPriority {
    /// Applied first.
    High,
    /// Applied after the High fixes.
    Low,
    /// Dropped.
    None,
}

/// What an ability takes in the raid stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaidFix {
    /// Its priority.
    pub priority: RaidPriority,
    /// Tiles taken from zone A into the ability's seat's hand (a tile no longer in A is skipped).
    pub take: Vec<Tile>,
    /// Tiles moved from A to B: `(tile, copies)`.
    pub load_b: Vec<(Tile, u8)>,
}

/// The state the monkey stage and play hooks see.
#[derive(Clone, Copy, Debug)]
pub struct TableView<'a> {
    /// The mount (its zone A, its revealed indicators).
    pub mount: &'a Mount,
    /// Every seat's hand so far.
    pub hands: &'a [TileCounts],
}

/// The bargain hooks of an ability that negotiates plans (麻学式).
#[derive(Clone, Copy, Debug)]
pub struct BargainHooks {
    /// How many plans it offers this deal (0: it does not bargain).
    pub plans: fn(&AbilityCtx) -> u16,
    /// Its claim on `kind` under plan `plan`, given the mount after the raid (zone A).
    pub claim: fn(&AbilityCtx, &Mount, u16, TileKind) -> Claim,
    /// A readable name for a plan (`dora 5m`).
    pub describe: fn(&AbilityCtx, u16) -> String,
    /// Told the chosen plan (`ctx.plan` is set): enforce it on the mount (presence, B loads).
    pub on_bargained: fn(&AbilityCtx, &mut Mount),
}

/// What a draw during play looks like to an ability's `on_draw` hook.
#[derive(Clone, Copy, Debug)]
pub struct DrawView<'a> {
    /// The seat about to draw from [`Exit::Pii`](crate::mount::Exit::Pii).
    pub drawer: Seat,
    /// Every seat's concealed hand before the draw.
    pub hands: &'a [TileCounts],
    /// How many tiles each seat has discarded so far.
    pub turns: &'a [u16],
    /// Per seat, the kinds it has a pon or kan of (open or closed): bit `k` for kind `k`.
    pub sets: &'a [u64],
    /// Per seat, whether its riichi stands.
    pub riichi: &'a [bool],
}

impl DrawView<'_> {
    /// True when `seat` has a pon or kan of `kind`.
    pub fn has_set(&self, seat: Seat, kind: TileKind) -> bool {
        self.sets
            .get(usize::from(seat.0))
            .is_some_and(|bits| bits & (1 << kind.index()) != 0)
    }

    /// True when `seat`'s riichi stands.
    pub fn in_riichi(&self, seat: Seat) -> bool {
        self.riichi
            .get(usize::from(seat.0))
            .copied()
            .unwrap_or(false)
    }
}

/// A discard during play, as an ability's `on_discard` hook sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscardView {
    /// Who discarded.
    pub seat: Seat,
    /// The tile.
    pub tile: Tile,
    /// The discarder's discards this hand, this one included (1: its first).
    pub nth: u16,
}

/// Raid hook: a fix with a priority, or nothing.
pub type RaidHook = fn(&AbilityCtx, &Mount) -> Option<RaidFix>;
/// Beg hook: the tiles wanted from zone A.
pub type BegHook = fn(&AbilityCtx, &Mount, &mut ChaCha8Rng) -> Vec<Tile>;
/// `on_monkey` hook: presence edits per seat for filling the hands.
pub type MonkeyHook = fn(&AbilityCtx, &TableView<'_>, &mut [Presence]);
/// `check_init(seat, hand, iter)` hook: accept or refuse a seat's starting hand.
pub type CheckInitHook = fn(&AbilityCtx, Seat, &TileCounts, u32, &TableView<'_>) -> bool;
/// `on_draw` hook: presence edits on the next normal draw.
pub type DrawHook = fn(&AbilityCtx, &DrawView<'_>, &mut Mount);
/// `on_hand_start` hook: before the raid, update what the ability remembers.
pub type HandStartHook = fn(&AbilityCtx, &mut AbilityMemory);
/// `on_discard` hook: after a discard, update what the ability remembers.
pub type DiscardHook = fn(&AbilityCtx, &DiscardView, &mut AbilityMemory);

/// An ability's hooks, each optional. Runs in the dealer's ability order.
#[derive(Clone, Copy, Debug)]
pub struct AbilityHooks {
    /// The ability's name (`kuro`).
    pub name: &'static str,
    /// Before each deal (before the raid): what it remembers, updated for this hand (Sawaya
    /// chooses her clouds).
    pub on_hand_start: Option<HandStartHook>,
    /// Raid stage: tiles to take with absolute priority.
    pub raid: Option<RaidHook>,
    /// Bargain stage: plans and claims.
    pub bargain: Option<BargainHooks>,
    /// Beg stage: tiles wanted from zone A (kinds others claimed All/Four are refused).
    pub beg: Option<BegHook>,
    /// Monkey stage, once before the hands are filled: presence edits per seat (libsaki's
    /// `onMonkey` exists), applied when that seat's hand is filled from A.
    pub on_monkey: Option<MonkeyHook>,
    /// Monkey stage, per attempt: does the ability accept `hand` for `seat` at attempt `iter`?
    /// It must accept once `iter` is large (its perseverance).
    pub check_init: Option<CheckInitHook>,
    /// Play: before a normal draw, presence edits on the next Pii slot.
    pub on_draw: Option<DrawHook>,
    /// Play: after every discard, what it remembers (Takami keeps her first discards).
    pub on_discard: Option<DiscardHook>,
}

impl AbilityHooks {
    /// An ability with no hooks (a starting point for `..` struct updates).
    pub const fn named(name: &'static str) -> AbilityHooks {
        AbilityHooks {
            name,
            on_hand_start: None,
            raid: None,
            bargain: None,
            beg: None,
            on_monkey: None,
            check_init: None,
            on_draw: None,
            on_discard: None,
        }
    }
}
