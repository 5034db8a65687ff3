//! Dismantlement: a trick on another living seat holding a card (hand, equipment or judge
//! area): the user chooses one of them ([`take`](super::take): a hand card blind) and it is
//! discarded. Nothing happens if the target has no card left when it takes effect.

use super::handler::View;
use super::take::take_card;
use crate::games::sgs::Sgs;
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

/// The seats `seat` may dismantle: every other living seat holding a card.
pub(super) fn targets<'v>(view: &'v View<'_>, seat: Seat) -> impl Iterator<Item = Seat> + 'v {
    view.others(seat)
        .filter(|&t| view.state.holdings.held(t) > 0)
}

/// Its effect: the chosen card goes to the discard pile.
pub(super) fn effect(ctx: &mut Ctx<'_, Sgs>, user: Seat, target: Seat) -> Flow {
    take_card(ctx, user, target, None)
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::SgsAction;
    use alea::kernel::{Seat, Turn, Zone};

    #[test]
    fn the_user_chooses_equipment_by_name_or_a_hand_card_blind() {
        let position = r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["dismantlement/S3"]},
            {"role": "rebel", "hp": 4, "hand": ["jink/D2"], "equip": ["nioh_shield/C2"]}]}"#;
        let mut sim = scenario(position);
        apply(&mut sim, use_on("dismantlement/S3", 1));
        assert_eq!(sim.turn(), Turn::Player(Seat(0)));
        let shield = card_index(&sim, "nioh_shield/C2");
        assert_eq!(
            sim.legal_actions(),
            &[SgsAction::Take { card: shield }, SgsAction::TakeHand]
        );
        apply(&mut sim, SgsAction::Take { card: shield });
        assert_eq!(zone(&sim, "nioh_shield/C2"), Zone::DiscardPile);
        assert_eq!(zone(&sim, "jink/D2"), Zone::Hand(Seat(1)));
        // The shield's listener is off once it is gone.
        assert!(
            !sim.world()
                .get::<alea::pipeline::Listener>(listener_of(&sim, "nioh_shield/C2"))
                .unwrap()
                .is_enabled()
        );

        let mut sim = scenario(position);
        apply(&mut sim, use_on("dismantlement/S3", 1));
        apply(&mut sim, SgsAction::TakeHand);
        assert_eq!(zone(&sim, "jink/D2"), Zone::DiscardPile);
    }

    #[test]
    fn only_seats_with_cards_can_be_dismantled() {
        let sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["dismantlement/S3"]},
            {"role": "rebel", "hp": 4}]}"#,
        );
        assert_eq!(sim.legal_actions(), &[SgsAction::End]);
    }
}
