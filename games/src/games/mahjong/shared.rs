//! The kernel trait items both rulesets write the same, written once: [`game_items`] inside
//! each `impl Game`, [`encode_items`] inside each `impl Encode`, and [`decide`] behind each
//! `next_decision`. (A trait of the kernel's crate cannot be implemented for every
//! [`Ruleset`](super::Ruleset) at once, so the shared items are spliced in by macro.)

use alea::kernel::{Decision, Seat, Turn};

/// Fills `decision` from `legal`, which writes the legal actions into the vector it is given
/// and returns the seat to move (`None` once the match is over).
pub(crate) fn decide<A: Copy>(
    decision: &mut Decision<A>,
    legal: impl FnOnce(&mut Vec<A>) -> Option<Seat>,
) {
    let mut choices = std::mem::take(&mut decision.choices);
    let seat = legal(&mut choices);
    decision.choices = choices;
    match seat {
        Some(seat) => decision.turn = Turn::Player(seat),
        None => decision.finish(),
    }
}

/// The `Game` items both rulesets share: four seats, events resolved by the ruleset's
/// `rules::apply`, hidden information seen through its `hidden::seen_by`, determinization by
/// the constrained fill. Expanded inside `impl Game for ...` of a ruleset module that has
/// `rules` and `hidden` submodules.
macro_rules! game_items {
    () => {
        fn seats(&self) -> u8 {
            4
        }

        fn apply(
            ctx: &mut alea::pipeline::Ctx<'_, Self>,
            event: &mut Self::Event,
        ) -> alea::pipeline::Flow {
            rules::apply(ctx, event);
            alea::pipeline::Flow::Continue
        }

        const HIDDEN_INFORMATION: bool = true;

        fn seen_by(event: &Self::Event, viewer: alea::kernel::Seat) -> Option<Self::Event> {
            hidden::seen_by(event, viewer)
        }

        /// The constrained fill ([`fill_unknown`]) from `rng`; a position it cannot work from
        /// stays as it is.
        fn determinize(
            rules: &alea::kernel::Rules<Self>,
            world: &mut bevy_ecs::world::World,
            _: &alea::kernel::Table,
            _: &mut (),
            viewer: alea::kernel::Seat,
            rng: &mut rand_chacha::ChaCha8Rng,
        ) {
            use $crate::games::mahjong::{fill::Inference, search::InferredFill};
            <Self as InferredFill>::fill(rules, world, viewer, rng, Inference::Constrained);
        }
    };
}
pub(crate) use game_items;

/// The `Encode` items both rulesets share: actions in their display words, a new match
/// restarted in place, mahjong's [`BOUNDS`](super::encode::BOUNDS), the position described
/// by [`describe`](super::encode::describe).
macro_rules! encode_items {
    () => {
        fn action_string(_: &alea::kernel::Sim<Self>, action: &Self::Action) -> String {
            action.to_string()
        }

        fn restart(
            sim: &mut alea::kernel::Sim<Self>,
            _: &alea::snapshot::Snapshot,
            seed: u64,
        ) -> Result<bool, alea::kernel::SimError> {
            <Self as $crate::games::mahjong::Ruleset>::restart(sim, seed)?;
            Ok(true)
        }

        fn bounds(&self) -> alea::encode::Bounds {
            $crate::games::mahjong::encode::BOUNDS
        }

        fn outcome_string(
            _: &alea::kernel::Sim<Self>,
            record: &alea::chance::ChanceRecord,
        ) -> String {
            $crate::games::mahjong::encode::outcome_string(record)
        }

        fn describe(sim: &alea::kernel::Sim<Self>) -> String {
            $crate::games::mahjong::encode::describe(sim)
        }
    };
}
pub(crate) use encode_items;
