//! Ex nihilo: a trick on oneself (nullifiable, see [`nullification`](super::nullification)):
//! draw 2.

use crate::games::sgs::{Sgs, SgsEvent};
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

/// Its effect: the user draws 2.
pub(super) fn effect(ctx: &mut Ctx<'_, Sgs>, user: Seat) -> Flow {
    ctx.emit(SgsEvent::Draw {
        seat: user,
        count: 2,
    });
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use alea::kernel::{Seat, Zone};

    #[test]
    fn ex_nihilo_draws_two_from_the_top_of_the_pile() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["ex_nihilo/H7"]},
            {"role": "rebel", "hp": 4}], "pile": ["jink/D2", "peach/H3", "slash/S7"]}"#,
        );
        apply(&mut sim, use_self("ex_nihilo/H7"));
        assert_eq!(zone(&sim, "jink/D2"), Zone::Hand(Seat(0)));
        assert_eq!(zone(&sim, "peach/H3"), Zone::Hand(Seat(0)));
        assert_eq!(zone(&sim, "slash/S7"), Zone::Stock);
        assert_eq!(zone(&sim, "ex_nihilo/H7"), Zone::DiscardPile);
    }
}
