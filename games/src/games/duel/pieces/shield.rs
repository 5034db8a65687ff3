//! Shield points on a character (Bulwark, Ward Charm, crystallize): a *before* listener of
//! [`DuelEvent::Hit`] that absorbs the hit's damage (after guards) until its points run out,
//! then breaks (back to its pool). Piercing damage goes through.

use super::{ListenerSpec, amount, put, release, running, target};
use crate::games::duel::{Duel, DuelEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::HIT,
    timing: Timing::Before,
    priority: 0,
    name: "shield",
    run: shield,
}];

fn shield(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let Some((entity, mut piece)) = running(ctx) else {
        return Flow::Continue;
    };
    match target(event) {
        Some((seat, character, false)) if (seat, character) == (piece.seat, piece.character) => {}
        _ => return Flow::Continue,
    }
    let Some(amount) = amount(event) else {
        return Flow::Continue;
    };
    let absorbed = (*amount).min(piece.value);
    *amount -= absorbed;
    piece.value -= absorbed;
    if piece.value == 0 {
        release(ctx, entity);
    } else {
        put(ctx, entity, piece);
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::duel::DuelAction;
    use crate::games::duel::pieces::PieceKind;
    use alea::kernel::{Seat, Zone};

    #[test]
    fn a_shield_absorbs_then_breaks() {
        let mut sim = position(9);
        set_hand(&mut sim, Seat(0), &["Ward Charm"]);
        sim.apply(DuelAction::Play(card(&sim, "Ward Charm")))
            .unwrap();
        let (shield, points) = status(&sim, Seat(0), 0, PieceKind::Shield).unwrap();
        assert_eq!(points.value, 2);
        // Seat 1's Rill hits Ember for 1 hydro: absorbed, one point left.
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 0);
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 10);
        assert_eq!(piece(&sim, shield).value, 1);
        // A second hit of 1 breaks it: back in the pool, its listener disabled.
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 0);
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 10);
        assert_eq!(zone(&sim, shield), Zone::Pool);
        assert!(status(&sim, Seat(0), 0, PieceKind::Shield).is_none());
        // The next hit lands.
        pass_to(&mut sim, Seat(1));
        attack(&mut sim, Seat(1), 0);
        assert_eq!(fighter(&sim, Seat(0), 0).hp, 9);
    }

    #[test]
    fn piercing_damage_ignores_the_shield() {
        let mut sim = position(10);
        place(&mut sim, Seat(1), PieceKind::Shield, 1, 3, 0);
        // Volt (seat 0's character 1) hits hydro-applied Rill: electro-charged pierces 1
        // into Rill's team mates, through Frost's shield.
        set_aura(&mut sim, Seat(1), 0, Some(crate::dice::Face::Hydro));
        switch_to(&mut sim, Seat(0), 1);
        pass_to(&mut sim, Seat(0));
        sim.apply(DuelAction::Skill(1)).unwrap();
        assert_eq!(fighter(&sim, Seat(1), 1).hp, 9);
        assert_eq!(
            status(&sim, Seat(1), 1, PieceKind::Shield).unwrap().1.value,
            3
        );
    }
}
