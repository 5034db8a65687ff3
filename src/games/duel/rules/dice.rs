//! Dice: every change to a seat's dice goes through `perform`, which logs it in the
//! [`DiceHistory`]; the round roll and created dice are chance points of the player's generator.

use crate::chance::{CaseGenerator, Purpose, Streams};
use crate::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, MAX_DICE};
use crate::games::duel::history::{DiceDraws, DiceHistory, DiceStep};
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

/// The game's draws: a generator's dice from a recorded chance point, a rerolled die from the
/// dice stream.
struct Live<'c, 'a>(&'c mut Ctx<'a, Duel>);

impl DiceDraws for Live<'_, '_> {
    fn generated(&mut self, generator: &DiceGenerator, out: &mut [Face; MAX_DICE]) -> usize {
        let (dice, n) = self.0.chance(&Dice(generator));
        *out = dice;
        n
    }
    fn face(&mut self) -> Face {
        let world = self.0.world();
        let rng = world
            .resource_mut::<Streams>()
            .into_inner()
            .rng(Purpose::Dice);
        // The same uniform face a replay draws, from the game's dice stream.
        DiceDraws::face(rng)
    }
}

/// Makes `step` on `seat`'s dice and logs it in the [`DiceHistory`]; false (nothing changed)
/// when it cannot happen.
pub(crate) fn perform(ctx: &mut Ctx<'_, Duel>, seat: Seat, step: DiceStep) -> bool {
    let before = zones::faces(ctx.world(), seat);
    let mut after = before;
    if !step.apply(&mut after, &mut Live(ctx)) {
        return false;
    }
    let world = ctx.world();
    zones::write_faces(world, seat, &before, &after);
    world.resource_mut::<DiceHistory>().log(seat, step);
    true
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
