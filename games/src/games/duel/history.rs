//! What the table has seen happen to each seat's dice this round, and how a determinization
//! re-rolls them from it.
//!
//! A die's face is private, but every change to a seat's dice is public: the round roll and
//! the created dice (which generator, how many), the reroll (which faces the team can use),
//! each cost paid (the cost and the active element: [`zones::payment`] chooses the dice), a
//! tune, Alchemy's omni dice, Guide's. The rules make every change through [`DiceStep::apply`]
//! and log it in [`DiceHistory`]; [`reroll`] replays a seat's log with fresh draws and keeps
//! the first replay in which every logged step could happen (each payment paid, each tune
//! found its die). That is rejection sampling from the exact posterior of the faces given the
//! public steps (what the player *chose* to do is soft evidence, not used).

use bevy_ecs::prelude::*;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::catalog::Cost;
use super::zones;
use crate::dice::{DiceGenerator, Face, MAX_DICE};
use alea::kernel::Seat;

pub use super::zones::Faces;

/// Replays [`reroll`] tries before it settles for one whose impossible steps were forced.
pub const REPLAY_ATTEMPTS: u32 = 256;

/// One public change to a seat's dice (what it says is public: no face that was not shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiceStep {
    /// The round roll: the generator's dice replace all.
    Rolled(DiceGenerator),
    /// Created dice: the generator's dice go to the free slots, lowest first.
    Created(DiceGenerator),
    /// `count` dice of `face` go to the free slots, lowest first.
    Added {
        /// Their face.
        face: Face,
        /// How many.
        count: u8,
    },
    /// The dice that are neither omni nor of a `usable` element (bit per [`Face`]) are rolled
    /// again (uniform over the eight faces), then the dice close ranks.
    Rerolled {
        /// The living characters' elements.
        usable: u8,
    },
    /// `cost` paid with `active` the active character's element.
    Paid {
        /// The cost.
        cost: Cost,
        /// The active element.
        active: Face,
    },
    /// The first die that is neither omni nor `element` becomes `element`.
    Tuned {
        /// The active character's element.
        element: Face,
    },
    /// The first `count` dice that are not omni become omni.
    Omni {
        /// How many.
        count: u8,
    },
    /// Dice set from outside ([`determinize::set_dice`](super::determinize::set_dice)): a
    /// die in each slot of the mask (bit per slot). Their faces are not public: a replay
    /// draws each uniformly.
    Set {
        /// The slots that hold a die.
        slots: u16,
    },
}

/// Where a step's random dice come from: the game's chance points, or a determinization's
/// generator.
pub trait DiceDraws {
    /// Dice from `generator` into `out`; returns how many.
    fn generated(&mut self, generator: &DiceGenerator, out: &mut [Face; MAX_DICE]) -> usize;
    /// One rerolled die, uniform over the eight faces.
    fn face(&mut self) -> Face;
}

/// Draws from a generator of random numbers.
impl DiceDraws for ChaCha8Rng {
    fn generated(&mut self, generator: &DiceGenerator, out: &mut [Face; MAX_DICE]) -> usize {
        generator.sample_into(self, out)
    }
    fn face(&mut self) -> Face {
        Face::ALL[self.random_range(0..Face::ALL.len())]
    }
}

impl DiceStep {
    /// Makes the step on `faces`, drawing what it rolls from `draws`. False (and `faces`
    /// unchanged) when it cannot happen: a cost the dice cannot pay, a tune with no die to turn.
    pub fn apply(&self, faces: &mut Faces, draws: &mut impl DiceDraws) -> bool {
        match *self {
            DiceStep::Rolled(generator) => {
                *faces = [None; MAX_DICE];
                generated(faces, &generator, draws);
            }
            DiceStep::Created(generator) => generated(faces, &generator, draws),
            DiceStep::Added { face, count } => {
                add(faces, std::iter::repeat_n(face, usize::from(count)));
            }
            DiceStep::Rerolled { usable } => {
                for f in faces.iter_mut().flatten() {
                    if *f != Face::Omni && usable & (1 << *f as u8) == 0 {
                        *f = draws.face();
                    }
                }
                let kept = std::mem::replace(faces, [None; MAX_DICE]);
                add(faces, kept.into_iter().flatten());
            }
            DiceStep::Paid { cost, active } => {
                let Some(mask) = zones::payment(faces, cost, active) else {
                    return false;
                };
                for (slot, f) in faces.iter_mut().enumerate() {
                    if mask & (1 << slot) != 0 {
                        *f = None;
                    }
                }
            }
            DiceStep::Tuned { element } => {
                let turned = faces
                    .iter_mut()
                    .flatten()
                    .find(|f| **f != Face::Omni && **f != element);
                let Some(f) = turned else { return false };
                *f = element;
            }
            DiceStep::Omni { count } => {
                let not_omni = faces.iter_mut().flatten().filter(|f| **f != Face::Omni);
                for f in not_omni.take(usize::from(count)) {
                    *f = Face::Omni;
                }
            }
            DiceStep::Set { slots } => {
                for (slot, f) in faces.iter_mut().enumerate() {
                    *f = (slots >> slot & 1 != 0).then(|| draws.face());
                }
            }
        }
        true
    }

    /// Makes the step as [`DiceStep::apply`] does, except that a cost the dice cannot pay
    /// spends as many dice, lowest slots first, and an impossible tune does nothing: the dice
    /// count stays the table's.
    fn force(&self, faces: &mut Faces, draws: &mut impl DiceDraws) {
        if !self.apply(faces, draws)
            && let DiceStep::Paid { cost, .. } = self
        {
            for f in faces
                .iter_mut()
                .filter(|f| f.is_some())
                .take(cost.total().into())
            {
                *f = None;
            }
        }
    }
}

/// Puts the generator's dice in the free slots.
fn generated(faces: &mut Faces, generator: &DiceGenerator, draws: &mut impl DiceDraws) {
    let mut out = [Face::Omni; MAX_DICE];
    let n = draws.generated(generator, &mut out);
    add(faces, out.into_iter().take(n));
}

/// Puts `new` in the free slots, lowest first (as many as fit).
fn add(faces: &mut Faces, new: impl IntoIterator<Item = Face>) {
    let free = faces.iter_mut().filter(|f| f.is_none());
    for (slot, face) in free.zip(new) {
        *slot = Some(face);
    }
}

/// Each seat's public dice steps since its last round roll (or set), oldest first: part of
/// snapshots and checksums.
#[derive(Resource, Debug, Default, PartialEq, Eq, Hash)]
pub struct DiceHistory {
    /// Per seat.
    pub steps: [Vec<DiceStep>; 2],
}

// Copied in place by snapshots: its lists keep their buffers.
alea::clone_in_place!(DiceHistory { steps });

impl DiceHistory {
    /// Logs `step` for `seat` (a roll or a set starts the log anew).
    pub fn log(&mut self, seat: Seat, step: DiceStep) {
        let steps = &mut self.steps[seat.index()];
        if matches!(step, DiceStep::Rolled(_) | DiceStep::Set { .. }) {
            steps.clear();
        }
        steps.push(step);
    }

    /// Forgets `seat`'s steps (its dice were discarded).
    pub fn clear(&mut self, seat: Seat) {
        self.steps[seat.index()].clear();
    }
}

/// Faces for `seat`'s dice that only its public steps decide ([`reroll`]), written into the
/// world. A world whose dice and history disagree on the count (dice edited from outside)
/// gets uniform faces, as many as it holds.
pub fn determinize(world: &mut World, seat: Seat, rng: &mut ChaCha8Rng) {
    let before = zones::faces(world, seat);
    let held = before.iter().flatten().count();
    let replayed = world
        .get_resource::<DiceHistory>()
        .map(|history| reroll(history, seat, rng).0)
        .filter(|faces| faces.iter().flatten().count() == held);
    let faces = replayed.unwrap_or_else(|| {
        let mut faces = [None; MAX_DICE];
        for f in faces.iter_mut().take(held) {
            *f = Some(rng.face());
        }
        faces
    });
    zones::replace_faces(world, seat, &faces);
}

/// Faces for `seat`'s dice drawn from its public steps: the first of [`REPLAY_ATTEMPTS`]
/// replays in which every step could happen; failing that, the last replay with its
/// impossible steps forced (`DiceStep::force`). The second value is false in that case.
pub fn reroll(history: &DiceHistory, seat: Seat, rng: &mut ChaCha8Rng) -> (Faces, bool) {
    let steps = &history.steps[seat.index()];
    for _ in 0..REPLAY_ATTEMPTS {
        let mut faces = [None; MAX_DICE];
        if steps.iter().all(|step| step.apply(&mut faces, rng)) {
            return (faces, true);
        }
    }
    let mut faces = [None; MAX_DICE];
    for step in steps {
        step.force(&mut faces, rng);
    }
    (faces, false)
}
