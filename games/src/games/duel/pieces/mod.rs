//! Pieces: summons, supports and statuses (shields, frozen, buffs, equipment effects) — the
//! things that come and go during a duel. Each is a pre-spawned entity of a pool:
//! taking it puts it on its side's field ([`Zone::Field`]) and enables its listeners; it goes
//! back to the pool, listeners disabled, when it leaves. Nothing is spawned during play.
//!
//! One file per behaviour — its listeners, its handler and its scenario tests:
//!
//! | piece | file | listens to |
//! |---|---|---|
//! | a summon (any catalog summon) | [`summon`] | end phase, through its [`EffectCases`](crate::games::duel::EffectCases) component |
//! | Guide (support) | [`round_omni`] | round start: omni dice |
//! | Library (support) | [`end_draw`] | end phase: draw |
//! | Field Hospital (support) | [`end_heal`] | end phase: heal |
//! | shield | [`shield`] | hit: absorbs, breaks at 0 |
//! | frozen | [`frozen`] | damage: pyro/physical thaws it (+2); end phase: thaws |
//! | empowered (a buff) | [`empowered`] | damage: the next skill +N |
//! | damage bonus (Iron Sword) | [`damage_bonus`] | damage: skills +N |
//! | guard (Guard Plate) | [`guard`] | hit: −N |
//! | energy bonus (Battery Ring) | [`energy_bonus`] | skill used: +N energy |
//!
//! A card with an existing behaviour needs only RON (`assets/duel/catalog.ron`): its effect
//! names the behaviour and the numbers.

pub mod damage_bonus;
pub mod empowered;
pub mod end_draw;
pub mod end_heal;
pub mod energy_bonus;
pub mod frozen;
pub mod guard;
pub mod round_omni;
mod setup;
pub mod shield;
pub mod summon;

#[cfg(test)]
pub(super) mod scenario;

pub(in crate::games::duel) use setup::spawn;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use super::state::{DuelState, NONE, Phase, SUMMON_SLOTS, SUPPORT_SLOTS, TEAM};
use super::{Duel, DuelEvent, zones};
use alea::kernel::{EventKind, HandlerFn, Pool, Rules, Seat, Zone};
use alea::pipeline::{Ctx, Listener, Timing};

/// What a piece is: which behaviour its listeners run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceKind {
    /// A summon (which one: [`Piece::summon`]).
    Summon,
    /// A support that makes omni dice at each round start.
    RoundOmni,
    /// A support that draws cards at each end phase.
    EndDraw,
    /// A support that heals the active character at each end phase.
    EndHeal,
    /// Shield points on a character.
    Shield,
    /// A frozen character: no skills until the end phase.
    Frozen,
    /// A character's next skill deals more damage.
    Empowered,
    /// A character's skills deal more damage (equipment).
    DamageBonus,
    /// A character takes less damage per hit (equipment).
    Guard,
    /// A character gains more energy per skill (equipment).
    EnergyBonus,
}

/// The supports, in pool order.
pub const SUPPORTS: [PieceKind; 3] = [PieceKind::RoundOmni, PieceKind::EndDraw, PieceKind::EndHeal];
/// The character statuses, in pool order.
pub const STATUSES: [PieceKind; 6] = [
    PieceKind::Shield,
    PieceKind::Frozen,
    PieceKind::Empowered,
    PieceKind::DamageBonus,
    PieceKind::Guard,
    PieceKind::EnergyBonus,
];

impl PieceKind {
    /// True for the pieces of a side's support row.
    pub fn is_support(self) -> bool {
        SUPPORTS.contains(&self)
    }
}

/// A piece: the component of a pooled entity. `kind`, `seat`, `character` and `summon` are
/// fixed at setup; the rest changes while it is in play (all zero or [`NONE`] in the pool).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Its behaviour.
    pub kind: PieceKind,
    /// Its side.
    pub seat: Seat,
    /// The character (team slot) a status belongs to; [`NONE`] for summons and supports.
    pub character: u8,
    /// The catalog summon of a summon; [`NONE`] otherwise.
    pub summon: u8,
    /// Its position in its row (summons, supports) while in play.
    pub slot: u8,
    /// Its strength: shield points, extra damage, dice, cards or hit points per round.
    pub value: u8,
    /// End phases or rounds left (summons, supports, frozen).
    pub usages: u8,
    /// A support's card (its index among the seat's card entities); [`NONE`] otherwise.
    pub card: u8,
}

impl Piece {
    fn new(kind: PieceKind, seat: Seat, character: u8, summon: u8) -> Piece {
        Piece {
            kind,
            seat,
            character,
            summon,
            slot: NONE,
            value: 0,
            usages: 0,
            card: NONE,
        }
    }

    /// The same piece as it sits in its pool.
    fn pooled(self) -> Piece {
        Piece::new(self.kind, self.seat, self.character, self.summon)
    }
}

/// A listener entity's piece (the piece's own entity carries its first listener). Fixed at
/// setup.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[component(immutable)]
pub struct Of(pub Entity);

/// The listener entities of a piece (itself first). Fixed at setup.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[component(immutable)]
pub struct PieceListeners {
    /// The entities.
    pub all: [Entity; 2],
    /// How many.
    pub len: u8,
}

/// A listener a piece carries.
pub struct ListenerSpec {
    /// The event kind it listens to.
    pub event: EventKind,
    /// Before or after the rules.
    pub timing: Timing,
    /// Higher runs first.
    pub priority: i16,
    /// The handler's registered name (spans, logs).
    pub name: &'static str,
    /// The handler.
    pub run: HandlerFn<Duel>,
}

/// The kernel pool of the pieces of `kind` of `seat` (`owner`: the catalog summon of a
/// summon, the character of a status; unused for supports), `None` for an owner that is not
/// one. Per side, in spawn order: one pool per catalog summon, one per support kind
/// ([`SUPPORT_SLOTS`] members), one per character and status kind; the rules find them in
/// [`Rules::pool`] without a lookup in the world.
pub fn pool(rules: &Rules<Duel>, seat: Seat, kind: PieceKind, owner: u8) -> Option<Pool> {
    let summons = rules.game.catalog.summons.len();
    let per_side = summons + SUPPORTS.len() + TEAM * STATUSES.len();
    let index = if kind == PieceKind::Summon {
        Some(usize::from(owner)).filter(|&i| i < summons)?
    } else if let Some(k) = SUPPORTS.iter().position(|&x| x == kind) {
        summons + k
    } else {
        let k = STATUSES.iter().position(|&x| x == kind)?;
        let character = Some(usize::from(owner)).filter(|&c| c < TEAM)?;
        summons + SUPPORTS.len() + character * STATUSES.len() + k
    };
    Some(Pool((seat.index() * per_side + index) as u16))
}

/// The members of [`pool`] (none for an owner that is not one).
fn members(rules: &Rules<Duel>, seat: Seat, kind: PieceKind, owner: u8) -> &[Entity] {
    pool(rules, seat, kind, owner).map_or(&[], |p| rules.pool(p))
}

/// Every piece entity of `seat`, in pool order.
pub fn all(rules: &Rules<Duel>, seat: Seat) -> impl Iterator<Item = Entity> + '_ {
    let per_side = rules.game.catalog.summons.len() + SUPPORTS.len() + TEAM * STATUSES.len();
    let first = seat.index() * per_side;
    (first..first + per_side).flat_map(|p| rules.pool(Pool(p as u16)).iter().copied())
}

/// The piece whose listener is running, with its entity; `None` once the game is over (what
/// is still queued then does not happen). A running listener's piece is in play: its listeners
/// are enabled exactly while it is.
pub(crate) fn running(ctx: &mut Ctx<'_, Duel>) -> Option<(Entity, Piece)> {
    let listener = ctx.listener()?;
    if ctx.state().phase == Phase::Over {
        return None;
    }
    let world = ctx.world();
    if let Some(piece) = world.get::<Piece>(listener) {
        return Some((listener, *piece));
    }
    let entity = world.get::<Of>(listener)?.0;
    world.get::<Piece>(entity).map(|p| (entity, *p))
}

/// Writes `piece` back.
pub(crate) fn put(ctx: &mut Ctx<'_, Duel>, entity: Entity, piece: Piece) {
    if let Some(mut p) = ctx.world().get_mut::<Piece>(entity) {
        *p = piece;
    }
}

/// The piece of `kind` of `seat` in play (`owner`: the catalog summon of a summon, the
/// character of a status), if any. Not for supports, which can be in play several times.
pub fn find(
    rules: &Rules<Duel>,
    world: &World,
    seat: Seat,
    kind: PieceKind,
    owner: u8,
) -> Option<(Entity, Piece)> {
    rules
        .pool(pool(rules, seat, kind, owner)?)
        .iter()
        .find_map(|&e| {
            let in_play = matches!(world.get::<Zone>(e), Some(Zone::Field(_)));
            in_play.then(|| world.get::<Piece>(e).map(|p| (e, *p)))?
        })
}

/// The pieces of `seat` in play, in pool order.
pub fn in_play<'w>(
    rules: &'w Rules<Duel>,
    world: &'w World,
    seat: Seat,
) -> impl Iterator<Item = (Entity, Piece)> + 'w {
    all(rules, seat)
        .filter(|&e| matches!(world.get::<Zone>(e), Some(Zone::Field(_))))
        .filter_map(|e| world.get::<Piece>(e).map(|p| (e, *p)))
}

/// How many summons (`support: false`) or supports `seat` has in play.
pub fn row_len(state: &DuelState, seat: Seat, support: bool) -> usize {
    row(state, seat, support).count_ones() as usize
}

/// `seat`'s summon or support row: bit `i` set while position `i` is taken.
fn row(state: &DuelState, seat: Seat, support: bool) -> u8 {
    let side = &state.sides[seat.index()];
    if support { side.supports } else { side.summons }
}

/// Takes (`on`) or frees the row position of `piece` (summons and supports), or marks its
/// character frozen or not (frozen).
fn mark_row(state: &mut DuelState, piece: &Piece, on: bool) {
    let side = &mut state.sides[piece.seat.index()];
    let (row, position) = match piece.kind {
        PieceKind::Summon => (&mut side.summons, piece.slot),
        PieceKind::Frozen => (&mut side.frozen, piece.character),
        k if k.is_support() => (&mut side.supports, piece.slot),
        _ => return,
    };
    let bit = 1u8.checked_shl(u32::from(position)).unwrap_or(0);
    if on {
        *row |= bit;
    } else {
        *row &= !bit;
    }
}

/// Takes a free piece of `kind` (`owner` as in [`find`]) into play for `seat` with `value`
/// and `usages`: it goes to the first free row position (summons, supports) and its listeners
/// are enabled. `None` when its pool is empty or its row full.
pub(crate) fn take(
    ctx: &mut Ctx<'_, Duel>,
    seat: Seat,
    kind: PieceKind,
    owner: u8,
    value: u8,
    usages: u8,
) -> Option<Entity> {
    let state = *ctx.state();
    let wanted = Wanted(seat, kind, owner, value, usages);
    let (entity, piece) = plan(ctx.rules(), ctx.world(), &state, wanted)?;
    mark_row(ctx.state(), &piece, true);
    ctx.move_to(entity, Zone::Field(seat));
    install(ctx.world(), entity, piece);
    for listener in listeners(ctx.world(), entity) {
        ctx.set_enabled(listener, true);
    }
    Some(entity)
}

/// Like the rules taking a piece, but outside them (to set up a position): puts a free piece
/// of `kind` in play for `seat` in `sim`. `None` when its pool is empty or its row full (nothing
/// changed).
pub fn place(
    sim: &mut alea::kernel::Sim<Duel>,
    seat: Seat,
    kind: PieceKind,
    owner: u8,
    value: u8,
    usages: u8,
) -> Option<Entity> {
    let rules = sim.shared_rules();
    let state = *sim.state();
    let wanted = Wanted(seat, kind, owner, value, usages);
    let (entity, piece) = plan(&rules, sim.world(), &state, wanted)?;
    mark_row(sim.state_mut(), &piece, true);
    let world = sim.world_mut();
    *world.get_mut::<Zone>(entity)? = Zone::Field(seat);
    install(world, entity, piece);
    for listener in listeners(world, entity) {
        sim.set_enabled(listener, true);
    }
    sim.refresh_decision();
    Some(entity)
}

/// A piece asked for: side, kind, owner (as in [`find`]), value and usages.
#[derive(Clone, Copy)]
struct Wanted(Seat, PieceKind, u8, u8, u8);

/// The free piece [`take`] would take, with its state in play.
fn plan(
    rules: &Rules<Duel>,
    world: &World,
    state: &DuelState,
    Wanted(seat, kind, owner, value, usages): Wanted,
) -> Option<(Entity, Piece)> {
    let members = members(rules, seat, kind, owner);
    let entity = members
        .iter()
        .copied()
        .find(|&e| world.get::<Zone>(e) == Some(&Zone::Pool))?;
    let mut piece = world.get::<Piece>(entity)?.pooled();
    let in_row = match kind {
        PieceKind::Summon => Some((false, SUMMON_SLOTS)),
        k if k.is_support() => Some((true, SUPPORT_SLOTS)),
        _ => None,
    };
    if let Some((support, len)) = in_row {
        let taken = row(state, seat, support);
        piece.slot = (0..len as u8).find(|&i| taken & (1 << i) == 0)?;
    }
    piece.value = value;
    piece.usages = usages;
    Some((entity, piece))
}

/// Writes a piece's state in play and puts its listeners at its row position.
fn install(world: &mut World, entity: Entity, piece: Piece) {
    if let Some(mut p) = world.get_mut::<Piece>(entity) {
        *p = piece;
    }
    if piece.slot == NONE {
        return;
    }
    for l in listeners(world, entity) {
        if let Some(mut listener) = world.get_mut::<Listener>(l) {
            listener.slot = u16::from(piece.slot);
        }
    }
}

/// The listener entities of a piece.
fn listeners(world: &World, entity: Entity) -> impl Iterator<Item = Entity> + use<> {
    let list = world.get::<PieceListeners>(entity).copied();
    let (all, len) = list.map_or(([entity; 2], 0), |l| (l.all, usize::from(l.len)));
    all.into_iter().take(len)
}

/// Adds to a status of character `character` of `seat`: more `value` and at least `usages`
/// when it is in play, else it is taken from its pool with them.
pub(crate) fn gain(
    ctx: &mut Ctx<'_, Duel>,
    seat: Seat,
    kind: PieceKind,
    character: u8,
    value: u8,
    usages: u8,
) {
    match find(ctx.rules(), ctx.world(), seat, kind, character) {
        Some((entity, mut piece)) => {
            piece.value = piece.value.saturating_add(value);
            piece.usages = piece.usages.max(usages);
            put(ctx, entity, piece);
        }
        None => {
            take(ctx, seat, kind, character, value, usages);
        }
    }
}

/// Returns a piece to its pool: its listeners disabled, its state cleared. A support's card
/// goes to the discards.
pub(crate) fn release(ctx: &mut Ctx<'_, Duel>, entity: Entity) {
    let Some(piece) = ctx.world().get::<Piece>(entity).copied() else {
        return;
    };
    if piece.card != NONE {
        let card = zones::cards(ctx.rules(), piece.seat)[usize::from(piece.card)];
        ctx.move_to(card, Zone::Discard(piece.seat));
    }
    ctx.move_to(entity, Zone::Pool);
    mark_row(ctx.state(), &piece, false);
    put(ctx, entity, piece.pooled());
    for listener in listeners(ctx.world(), entity) {
        ctx.set_enabled(listener, false);
    }
}

/// Returns every status of character `character` of `seat` to its pool (it was defeated).
pub(crate) fn release_character(ctx: &mut Ctx<'_, Duel>, seat: Seat, character: u8) {
    let rules = ctx.rules();
    for kind in STATUSES {
        for &entity in members(rules, seat, kind, character) {
            if matches!(ctx.world().get::<Zone>(entity), Some(Zone::Field(_))) {
                release(ctx, entity);
            }
        }
    }
}

/// Uses one round of a piece with usages (a support that acted, a summon): it leaves when
/// they run out.
pub(crate) fn use_once(ctx: &mut Ctx<'_, Duel>, entity: Entity, mut piece: Piece) {
    piece.usages = piece.usages.saturating_sub(1);
    if piece.usages == 0 {
        release(ctx, entity);
    } else {
        put(ctx, entity, piece);
    }
}

/// The target of a *before* listener of [`DuelEvent::Damage`] or [`DuelEvent::Hit`]: the
/// event's target character, its owner and whether it pierces.
pub(crate) fn target(event: &DuelEvent) -> Option<(Seat, u8, bool)> {
    match *event {
        DuelEvent::Damage {
            seat,
            target,
            piercing,
            ..
        }
        | DuelEvent::Hit {
            seat,
            target,
            piercing,
            ..
        } => Some((seat, target, piercing)),
        _ => None,
    }
}

/// The amount of a [`DuelEvent::Damage`] or [`DuelEvent::Hit`], to change.
pub(crate) fn amount(event: &mut DuelEvent) -> Option<&mut u8> {
    match event {
        DuelEvent::Damage { amount, .. } | DuelEvent::Hit { amount, .. } => Some(amount),
        _ => None,
    }
}
