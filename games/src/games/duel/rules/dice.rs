//! Dice: the round roll and created dice come from the player's generator (its set
//! expression, else `random`); every change goes through `perform` (see `live_dice.rs`).

use crate::dice::{DiceExpr, DiceGenerator, GeneratorKind, MAX_DICE};
use crate::games::duel::history::DiceStep;
use crate::games::duel::state::{DuelControl, ROLL};
use crate::games::duel::{Duel, board, zones};
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

use crate::games::duel::live_dice::perform;

/// `seat`'s generator of `kind` for `n` dice (its set expression, else `random`; `None` when
/// even `random` cannot make them).
fn generator(
    ctx: &mut Ctx<'_, Duel>,
    seat: Seat,
    kind: GeneratorKind,
    n: usize,
) -> Option<DiceGenerator> {
    let rules = ctx.rules();
    let active = ctx.state().sides[seat.index()].active;
    let world = ctx.world();
    let control = world.resource::<DuelControl>();
    let expr = match kind {
        GeneratorKind::Roll => &control.roll[seat.index()],
        GeneratorKind::Black => &control.black[seat.index()],
    };
    // `random` makes no white or black dice: the team does not matter to it.
    let team = match expr {
        Some(_) => board::team(rules, world, seat, active),
        None => crate::dice::Team::default(),
    };
    let random = || DiceGenerator::new(&DiceExpr::Random, n, kind, &team);
    // A set expression is checked for every count when it is set; `random` fits any count.
    let generator = match expr {
        Some(expr) => DiceGenerator::new(expr, n, kind, &team).or_else(|_| random()),
        None => random(),
    };
    generator.ok()
}

/// Rolls `seat`'s dice for a new round with its roll generator.
pub(super) fn roll(ctx: &mut Ctx<'_, Duel>, seat: Seat) {
    let step = match generator(ctx, seat, GeneratorKind::Roll, ROLL) {
        Some(g) => DiceStep::Rolled(g),
        None => DiceStep::Set { slots: 0 },
    };
    perform(ctx, seat, step);
}

/// [`DuelEvent::DiceCreated`](crate::games::duel::DuelEvent::DiceCreated): `count` dice
/// (as many as fit) from `seat`'s black generator.
pub(super) fn created(ctx: &mut Ctx<'_, Duel>, seat: Seat, count: u8) -> Flow {
    let free = MAX_DICE - zones::dice_count(ctx.world(), seat);
    let n = usize::from(count).min(free);
    if let Some(g) = generator(ctx, seat, GeneratorKind::Black, n) {
        perform(ctx, seat, DiceStep::Created(g));
    }
    Flow::Continue
}
