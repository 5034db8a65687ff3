//! Dice in play: every change to a seat's dice goes through [`perform`], which makes the step
//! (a generator's dice are a chance point of the game, a rerolled die comes from the dice
//! stream) and logs it in the [`DiceHistory`]. The rules and the pieces both perform steps.

use crate::dice::{DiceGenerator, Face, MAX_DICE};
use crate::games::duel::history::{DiceDraws, DiceHistory, DiceStep};
use crate::games::duel::{Duel, zones};
use alea::chance::{CaseGenerator, Purpose, Streams};
use alea::kernel::Seat;
use alea::pipeline::Ctx;

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
