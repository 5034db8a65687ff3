//! Snatch: a trick on another living seat at distance 1 holding a card: the user chooses one
//! ([`take`](super::take): a hand card blind) and takes it into its hand.

use super::handler::View;
use super::take::take_card;
use crate::games::sgs::Sgs;
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

/// The seats `seat` may snatch from: other living seats at distance 1 holding a card.
pub(super) fn targets<'v>(view: &'v View<'_>, seat: Seat) -> impl Iterator<Item = Seat> + 'v {
    view.others(seat).filter(move |&t| {
        view.state.holdings.held(t) > 0 && view.state.distance(seat, t, view.seats) <= 1
    })
}

/// Its effect: the chosen card goes to the user's hand.
pub(super) fn effect(ctx: &mut Ctx<'_, Sgs>, user: Seat, target: Seat) -> Flow {
    take_card(ctx, user, target, Some(user))
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use alea::kernel::{Seat, Zone};

    #[test]
    fn snatch_takes_a_worn_card_and_its_listener_follows_nobody() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["snatch/S3"]},
            {"role": "rebel", "hp": 4, "equip": ["crossbow/CA"]}]}"#,
        );
        assert_eq!(
            sim.state().seats[1].slash_limit,
            crate::games::sgs::state::UNLIMITED
        );
        apply(&mut sim, use_on("snatch/S3", 1));
        assert_eq!(zone(&sim, "crossbow/CA"), Zone::Hand(Seat(0)));
        assert_eq!(sim.state().seats[1].slash_limit, 1);
        // Everyone saw it taken from the equipment area.
        assert_eq!(
            sim.state().known[usize::from(card_index(&sim, "crossbow/CA"))],
            u8::MAX
        );
    }

    #[test]
    fn snatch_reaches_distance_one_only() {
        let sim = scenario(
            r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["snatch/S3"]},
            {"role": "loyalist", "hp": 4, "hand": ["jink/D2"]},
            {"role": "rebel", "hp": 4, "hand": ["jink/D3"]},
            {"role": "renegade", "hp": 4}]}"#,
        );
        assert_eq!(targets(&sim), [Seat(1)]);
    }
}
