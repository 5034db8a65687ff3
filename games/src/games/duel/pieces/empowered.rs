//! Empowered (a buff, Battle Cry): the character's next skill deals `value` more damage; the
//! buff is used up by that skill. A *before* listener of [`DuelEvent::Damage`].

use super::damage_bonus::by_skill_of;
use super::{ListenerSpec, amount, release, running};
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::DAMAGE,
    timing: Timing::Before,
    priority: 0,
    name: "empowered",
    run: empowered,
}];

fn empowered(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let Some((entity, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    if by_skill_of(event, &piece)
        && let Some(amount) = amount(event)
    {
        *amount = amount.saturating_add(piece.value);
        release(ctx, entity);
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::duel::pieces::PieceKind;
    use alea::kernel::Seat;

    #[test]
    fn battle_cry_powers_the_next_skill_only() {
        let mut sim = position(13);
        set_hand(&mut sim, Seat(0), &["Battle Cry"]);
        play(&mut sim, "Battle Cry");
        assert_eq!(
            status(&sim, Seat(0), 0, PieceKind::Empowered)
                .unwrap()
                .1
                .value,
            2
        );
        attack(&mut sim, Seat(0), 0);
        assert_eq!(fighter(&sim, Seat(1), 0).hp, 10 - 2 - 2);
        assert!(status(&sim, Seat(0), 0, PieceKind::Empowered).is_none());
        pass_to(&mut sim, Seat(0));
        attack(&mut sim, Seat(0), 0);
        assert_eq!(fighter(&sim, Seat(1), 0).hp, 6 - 2);
    }
}
