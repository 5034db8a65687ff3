//! Dice: the round roll and created dice, each a chance point of the player's generator.

use crate::chance::{CaseGenerator, Purpose};
use crate::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, MAX_DICE};
use crate::games::duel::state::{DuelControl, ROLL};
use crate::games::duel::{Duel, board, zones};
use crate::kernel::Seat;
use crate::pipeline::{Ctx, Flow};

/// A dice generator as a chance point whose outcome is a fixed array (no allocation). Dice are
/// sampled, never branched on: a `random` roll is drawn from the dice stream; a set
/// expression makes the dice it fixes.
struct Dice<'a>(&'a DiceGenerator);

impl CaseGenerator for Dice<'_> {
    type Outcome = ([Face; MAX_DICE], usize);
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn max_case(&self) -> u32 {
        self.0.max_case()
    }
    fn produce(&self, case: u32) -> Self::Outcome {
        let mut out = [Face::Omni; MAX_DICE];
        let n = self.0.produce_into(case, &mut out);
        (out, n)
    }
    fn purpose(&self) -> Purpose {
        Purpose::Dice
    }
    fn sampled(&self) -> bool {
        true
    }
    fn sample_keyed(&self, rng: &mut rand_chacha::ChaCha8Rng) -> (u32, Self::Outcome) {
        let mut out = [Face::Omni; MAX_DICE];
        let (case, n) = self.0.sample_case_into(rng, &mut out);
        (case, (out, n))
    }
}

/// `n` dice from `seat`'s generator of `kind` (its set expression, else `random`): a recorded
/// chance point.
fn generate(
    ctx: &mut Ctx<'_, Duel>,
    seat: Seat,
    kind: GeneratorKind,
    n: usize,
) -> ([Face; MAX_DICE], usize) {
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
    match generator {
        Ok(g) => ctx.chance(&Dice(&g)),
        Err(_) => ([Face::Omni; MAX_DICE], 0),
    }
}

/// Rolls `seat`'s dice for a new round with its roll generator.
pub(super) fn roll(ctx: &mut Ctx<'_, Duel>, seat: Seat) {
    let (dice, n) = generate(ctx, seat, GeneratorKind::Roll, ROLL);
    zones::set_faces(ctx.world(), seat, &dice[..n]);
}

/// [`DuelEvent::DiceCreated`](crate::games::duel::DuelEvent::DiceCreated): `count` dice
/// (as many as fit) from `seat`'s black generator.
pub(super) fn created(ctx: &mut Ctx<'_, Duel>, seat: Seat, count: u8) -> Flow {
    let free = MAX_DICE - zones::dice_count(ctx.world(), seat);
    let n = usize::from(count).min(free);
    let (dice, n) = generate(ctx, seat, GeneratorKind::Black, n);
    zones::add_dice(ctx.world(), seat, &dice[..n]);
    Flow::Continue
}
