//! Energy bonus (Battery Ring): the character gains `value` more energy per skill (not per
//! burst). An *after* listener of [`DuelEvent::SkillUsed`].

use super::{ListenerSpec, running};
use crate::games::duel::{Duel, DuelEvent, board};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: DuelEvent::SKILL_USED,
    timing: Timing::After,
    priority: 0,
    name: "energy_bonus",
    run: energy_bonus,
}];

fn energy_bonus(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let Some((_, piece)) = running(ctx) else {
        return Flow::Continue;
    };
    let DuelEvent::SkillUsed { seat, skill } = *event else {
        return Flow::Continue;
    };
    let active = ctx.state().sides[seat.index()].active;
    if seat != piece.seat || active != piece.character || skill == 2 {
        return Flow::Continue;
    }
    let catalog = &ctx.game().catalog;
    board::edit_fighter(ctx.rules(), ctx.world(), seat, active, |f| {
        let max = catalog.characters[usize::from(f.character)].energy;
        f.energy = f.energy.saturating_add(piece.value).min(max);
    });
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use alea::kernel::Seat;

    #[test]
    fn battery_ring_doubles_the_energy_of_a_skill_up_to_the_maximum() {
        let mut sim = position(14);
        set_hand(&mut sim, Seat(0), &["Battery Ring"]);
        play(&mut sim, "Battery Ring");
        attack(&mut sim, Seat(0), 0);
        assert_eq!(fighter(&sim, Seat(0), 0).energy, 2);
        pass_to(&mut sim, Seat(0));
        attack(&mut sim, Seat(0), 0);
        assert_eq!(fighter(&sim, Seat(0), 0).energy, 2, "Ember holds at most 2");
    }
}
