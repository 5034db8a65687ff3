//! Damage bonus (Iron Sword): the character's skills deal `value` more damage. A *before*
//! listener of [`DuelEvent::Damage`] for damage whose attacker is this character.

use super::{ListenerSpec, amount, running};
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::DAMAGE,
    timing: Timing::Before,
    priority: 0,
    name: "damage_bonus",
    run: damage_bonus,
}];

/// True when `event` is damage dealt by a skill of `piece`'s character.
pub(super) fn by_skill_of(event: &DuelEvent, piece: &super::Piece) -> bool {
    matches!(*event, DuelEvent::Damage { seat, attacker: Some(a), .. }
        if seat != piece.seat && a == piece.character)
}

fn damage_bonus(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let Some((_, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    if by_skill_of(event, &piece)
        && let Some(amount) = amount(event)
    {
        *amount = amount.saturating_add(piece.value);
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::duel::pieces::PieceKind;
    use alea::kernel::{Seat, Zone};

    #[test]
    fn iron_sword_adds_to_skills_only_and_leaves_with_its_wearer() {
        let mut sim = position(12);
        set_hand(&mut sim, Seat(0), &["Iron Sword", "Fire Flask"]);
        play(&mut sim, "Iron Sword");
        play(&mut sim, "Fire Flask");
        // The flask is not a skill: 1 pyro.
        assert_eq!(fighter(&sim, Seat(1), 0).hp, 9);
        // Ember's Strike: 2 + 1.
        attack(&mut sim, Seat(0), 0);
        assert_eq!(fighter(&sim, Seat(1), 0).hp, 6);
        // Ember defeated: the sword's card is discarded and its effect back in its pool.
        let (bonus, _) = status(&sim, Seat(0), 0, PieceKind::DamageBonus).unwrap();
        set_hp(&mut sim, Seat(0), 0, 1);
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 0);
        assert!(!fighter(&sim, Seat(0), 0).alive);
        assert_eq!(zone(&sim, bonus), Zone::Pool);
        let equipped =
            crate::games::duel::zones::count(sim.world(), Seat(0), Zone::Equipment(Seat(0)));
        assert_eq!(equipped, 0);
    }
}
