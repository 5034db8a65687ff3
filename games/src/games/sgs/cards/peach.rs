//! Peach: in the play phase, recover 1 on oneself when wounded. When someone is dying, any
//! living seat may save them with it (the dying loop is in [`damage`](crate::games::sgs)).

use super::handler::View;
use crate::games::sgs::{Sgs, SgsEvent};
use alea::kernel::Seat;
use alea::pipeline::Ctx;

/// A peach is usable in the play phase only by a wounded seat.
pub(super) fn usable(view: &View<'_>, seat: Seat) -> bool {
    let me = view.state.seat(seat);
    me.hp < me.max_hp
}

/// The rules of a used peach: the user recovers 1.
pub(super) fn used(ctx: &mut Ctx<'_, Sgs>, user: Seat) {
    ctx.emit(SgsEvent::Recover {
        seat: user,
        amount: 1,
    });
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::{CardName, SgsAction};
    use alea::kernel::{Seat, Turn, Zone};

    #[test]
    fn a_peach_heals_the_wounded_only() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 3, "hand": ["peach/H3", "peach/H4"]},
            {"role": "rebel", "hp": 4}]}"#,
        );
        apply(&mut sim, use_self("peach/H3"));
        assert_eq!(hp(&sim, 0), 4);
        assert_eq!(zone(&sim, "peach/H3"), Zone::DiscardPile);
        assert!(!sim.legal_actions().contains(&use_self("peach/H4")));
    }

    #[test]
    fn dying_asks_every_living_seat_from_the_current_one() {
        // P1 slashes P2 down to 0 in its turn: P1, P2 (the dying seat), P3, then P0 are
        // asked, in that order; everyone holds a peach, only P0 uses it.
        let mut sim = scenario(
            r#"{"mode": "identity4", "current": 1, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["peach/H6"]},
            {"role": "rebel", "hp": 4, "hand": ["slash/S7", "peach/H3"]},
            {"role": "loyalist", "hp": 1, "hand": ["peach/H4"]},
            {"role": "renegade", "hp": 4, "hand": ["analeptic/S3", "peach/H7"]}]}"#,
        );
        apply(&mut sim, use_on("slash/S7", 2));
        let mut asked = Vec::new();
        while let Turn::Player(seat) = sim.turn() {
            if sim.state().current != Seat(1) || sim.legal_actions().contains(&SgsAction::End) {
                break;
            }
            asked.push(seat.0);
            let save = sim
                .legal_actions()
                .contains(&SgsAction::Respond(CardName::Peach));
            let answer = if seat == Seat(0) && save {
                SgsAction::Respond(CardName::Peach)
            } else {
                SgsAction::Pass
            };
            apply(&mut sim, answer);
        }
        assert_eq!(asked, [1, 2, 3, 0]);
        assert_eq!(hp(&sim, 2), 1);
        assert!(sim.state().alive(Seat(2)));
        assert_eq!(zone(&sim, "peach/H6"), Zone::DiscardPile);
    }
}
