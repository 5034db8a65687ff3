//! Guard (Guard Plate): the character takes `value` less damage per hit. A *before* listener
//! of [`DuelEvent::Hit`] that runs before shields; piercing damage goes through.

use super::{ListenerSpec, amount, running, target};
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::HIT,
    timing: Timing::Before,
    priority: 1,
    name: "guard",
    run: guard,
}];

fn guard(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let Some((_, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    if target(event) == Some((piece.seat, piece.character, false))
        && let Some(amount) = amount(event)
    {
        *amount = amount.saturating_sub(piece.value);
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::duel::pieces::PieceKind;
    use alea::kernel::Seat;

    #[test]
    fn guard_plate_takes_one_off_each_hit_before_the_shield() {
        let mut sim = position(11);
        set_hand(&mut sim, Seat(0), &["Guard Plate", "Ward Charm"]);
        play(&mut sim, "Guard Plate");
        play(&mut sim, "Ward Charm");
        assert_eq!(
            status(&sim, Seat(0), 0, PieceKind::Guard).unwrap().1.value,
            1
        );
        // Rill's Splash (1 hydro) is guarded away entirely: the shield keeps its 2 points.
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 0);
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 10);
        assert_eq!(
            status(&sim, Seat(0), 0, PieceKind::Shield).unwrap().1.value,
            2
        );
        // Rill's Deluge (4 hydro, aura hydro: no reaction): 4 - 1 guard - 2 shield = 1.
        pass_to(&mut sim, Seat(1));
        set_energy(&mut sim, Seat(1), 0, 2);
        attack(&mut sim, Seat(1), 2);
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 9);
        assert!(status(&sim, Seat(0), 0, PieceKind::Shield).is_none());
    }
}
