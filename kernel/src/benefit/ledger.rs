//! The [`Ledger`]: the weighted sum of what a simulated action changed, from the deciding
//! seat's side, and the benefit stage that scores the pipeline's effects into it.

use bevy_ecs::prelude::*;

use super::Weights;
use crate::kernel::{Game, Seat};
use crate::pipeline::{Ctx, Effect, Observer};
use crate::search::MAX_SEATS;

/// The benefit of what is being simulated, scored from the effects the pipeline records
/// (card moves and property changes), weighted by [`Weights`] and signed by who gains: each
/// owner seat's changes count `relations[seat]` times (+1 the deciding seat and its friends,
/// −1 its enemies, an expectation in between for a seat whose role it cannot see). AI hooks
/// may [`adjust`](Ledger::adjust) it or stop it ([`stop`]).
#[derive(Resource, Clone, Debug)]
pub struct Ledger {
    /// The weights.
    pub weights: Weights,
    /// Who decides.
    pub seat: Seat,
    /// How much each owner seat's changes count for the deciding seat.
    pub relations: [f64; MAX_SEATS],
    /// The benefit so far.
    pub total: f64,
    /// Effects of the [`Observer`] scored so far.
    scored: usize,
    /// Effects from this index on are not counted (an AI hook stopped the simulation).
    stopped_at: Option<usize>,
}

impl Default for Ledger {
    fn default() -> Self {
        Ledger::new(Weights::embedded())
    }
}

impl Ledger {
    /// An empty ledger with `weights`.
    pub fn new(weights: Weights) -> Self {
        Ledger {
            weights,
            seat: Seat(0),
            relations: [0.0; MAX_SEATS],
            total: 0.0,
            scored: 0,
            stopped_at: None,
        }
    }

    /// Starts a simulation for `seat`, weighing each owner seat by `relations`.
    pub fn start(&mut self, seat: Seat, relations: [f64; MAX_SEATS]) {
        self.seat = seat;
        self.relations = relations;
        self.total = 0.0;
        self.scored = 0;
        self.stopped_at = None;
    }

    /// Adds `delta` to the benefit (an AI hook's own judgement); nothing once stopped.
    pub fn adjust(&mut self, delta: f64) {
        if !self.stopped() {
            self.total += delta;
        }
    }

    /// True once an AI hook stopped the simulation.
    pub fn stopped(&self) -> bool {
        self.stopped_at.is_some()
    }

    /// Sets where scoring stands: the total, the effects already scored, where it stopped.
    pub fn resume(&mut self, (total, scored, stopped_at): (f64, usize, Option<usize>)) {
        self.total = total;
        self.scored = scored;
        self.stopped_at = stopped_at;
    }

    fn relation(&self, seat: Option<Seat>) -> f64 {
        seat.and_then(|s| self.relations.get(s.index()).copied())
            .unwrap_or(0.0)
    }

    /// The worth of one effect for the deciding seat (`owner`: whose entity changed, for
    /// property changes).
    pub fn value(&self, effect: &Effect, owner: Option<Seat>) -> f64 {
        match *effect {
            Effect::Moved { from, to, .. } => {
                self.weights.entering(to) * self.relation(to.owner())
                    - self.weights.entering(from) * self.relation(from.owner())
            }
            Effect::Changed {
                property,
                before,
                after,
                ..
            } => self.weights.property(property) * (after - before) as f64 * self.relation(owner),
        }
    }
}

/// The benefit stage: scores into the [`Ledger`] the effects the pipeline recorded since the
/// last scoring (a property change's owner is its entity's [`Seat`]). Does nothing in a world
/// without a ledger.
pub fn score<G: Game>(world: &mut World) {
    let Some(ledger) = world.get_resource::<Ledger>() else {
        return;
    };
    let effects = &world.resource::<Observer<G>>().effects;
    let end = ledger.stopped_at.unwrap_or(usize::MAX).min(effects.len());
    let mut total = 0.0;
    for effect in effects.get(ledger.scored..end).unwrap_or_default() {
        let owner = match *effect {
            Effect::Changed { entity, .. } => world.get::<Seat>(entity).copied(),
            Effect::Moved { .. } => None,
        };
        total += ledger.value(effect, owner);
    }
    let scored = effects.len();
    let mut ledger = world.resource_mut::<Ledger>();
    let ledger = ledger.bypass_change_detection();
    ledger.total += total;
    ledger.scored = scored;
}

/// [`score`] as a system, in [`BenefitSystems::Score`](super::BenefitSystems::Score).
pub fn score_system<G: Game>(world: &mut World) {
    score::<G>(world);
}

/// From an AI hook: stops the simulation — what happens from here on is not counted.
pub fn stop<G: Game>(ctx: &mut Ctx<'_, G>) {
    let world = ctx.world();
    let recorded = world.resource::<Observer<G>>().effects.len();
    if let Some(mut ledger) = world.get_resource_mut::<Ledger>() {
        ledger.stopped_at.get_or_insert(recorded);
    }
}

/// From an AI hook: adds `delta` to the benefit.
pub fn adjust<G: Game>(ctx: &mut Ctx<'_, G>, delta: f64) {
    if let Some(mut ledger) = ctx.world().get_resource_mut::<Ledger>() {
        ledger.adjust(delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Zone;
    use crate::pipeline::Property;

    fn ledger() -> Ledger {
        let mut ledger = Ledger::default();
        ledger.start(
            Seat(0),
            [
                1.0, -1.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            ],
        );
        ledger
    }

    #[test]
    fn effects_are_weighed_and_signed_by_their_owner() {
        let l = ledger();
        let e = Entity::PLACEHOLDER;
        let moved = |from, to| Effect::Moved {
            entity: e,
            from,
            to,
        };
        // A card used from the own hand: −90; an enemy losing an equipped card: +110.
        assert_eq!(
            l.value(&moved(Zone::Hand(Seat(0)), Zone::Table), None),
            -90.0
        );
        assert_eq!(
            l.value(&moved(Zone::Equipment(Seat(1)), Zone::Hand(Seat(0))), None),
            110.0 + 90.0
        );
        assert_eq!(
            l.value(&moved(Zone::Stock, Zone::Hand(Seat(2))), None),
            45.0
        );
        let hp = |before, after| Effect::Changed {
            entity: e,
            property: Property::HP,
            before,
            after,
        };
        assert_eq!(l.value(&hp(4, 3), Some(Seat(1))), 200.0);
        assert_eq!(l.value(&hp(3, 4), Some(Seat(0))), 200.0);
        assert_eq!(l.value(&hp(3, 4), None), 0.0);
        let chained = Effect::Changed {
            entity: e,
            property: Property::CHAINED,
            before: 0,
            after: 1,
        };
        assert_eq!(l.value(&chained, Some(Seat(0))), -80.0);
        assert_eq!(l.value(&chained, Some(Seat(1))), 80.0);
    }
}
