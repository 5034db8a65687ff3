//! Abilities ("girls") as listener entities bound to a seat, and their optional hooks.
//!
//! Behaviour is data (DESIGN §2): an ability's hooks are plain `fn` pointers gathered in a
//! `static` [`AbilityHooks`], and the entity holds a `&'static` reference to it.

use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::Claim;
use crate::kernel::Seat;
use crate::mount::{Mount, Presence};
use crate::tiles::{Tile, TileCounts, TileKind};

/// An ability bound to a seat: a listener entity spawned when the dealer is built.
#[derive(Component, Clone, Copy, Debug)]
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

/// What a hook knows about its own ability.
#[derive(Clone, Copy, Debug)]
pub struct AbilityCtx {
    /// The ability's seat.
    pub seat: Seat,
    /// Its plan, once the bargain stage has chosen one.
    pub plan: Option<u16>,
    /// The seat of the dealer (east) this round.
    pub dealer: Seat,
    /// The number of seats.
    pub seats: u8,
}

impl AbilityCtx {
    /// The seat wind of the ability's seat as an honor kind (east = `1z`).
    pub fn seat_wind(&self) -> TileKind {
        let distance = self.seat.distance_from(self.dealer, self.seats);
        TileKind::new(27 + distance).expect("at most four seats")
    }
}

/// Raid priority (DESIGN §8): every High fix is applied before every Low one; a fix without
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
    /// Its claim on `kind` under plan `plan`.
    pub claim: fn(&AbilityCtx, u16, TileKind) -> Claim,
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

/// An ability's hooks, each optional. Runs in the dealer's ability order.
#[derive(Clone, Copy, Debug)]
pub struct AbilityHooks {
    /// The ability's name (`kuro`).
    pub name: &'static str,
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
}

impl AbilityHooks {
    /// An ability with no hooks (a starting point for `..` struct updates).
    pub const fn named(name: &'static str) -> AbilityHooks {
        AbilityHooks {
            name,
            raid: None,
            bargain: None,
            beg: None,
            on_monkey: None,
            check_init: None,
            on_draw: None,
        }
    }
}
