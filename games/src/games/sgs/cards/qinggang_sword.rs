//! Qinggang sword (weapon, range 2): its wearer's slashes ignore armor. A *before* listener of
//! [`SgsEvent::Use`], enabled while worn: it marks the wearer's slash `ignore_armor`, which
//! the slash's effect carries to the target's armor listeners (so it runs before them,
//! whatever their priority).

use super::handler::ListenerSpec;
use crate::games::sgs::board::wearer;
use crate::games::sgs::deck::CardName;
use crate::games::sgs::{Sgs, SgsEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: SgsEvent::USE,
    timing: Timing::Before,
    priority: 0,
    name: "qinggang_sword",
    run: qinggang_sword,
}];

fn qinggang_sword(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let wearer = wearer(ctx);
    let deck = &ctx.game().deck;
    if let SgsEvent::Use {
        user,
        card,
        ignore_armor,
        ..
    } = event
        && Some(*user) == wearer
        && deck.card(*card).name == CardName::Slash
    {
        *ignore_armor = true;
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::{CardName, SgsAction};
    use alea::kernel::{Seat, Turn};

    #[test]
    fn a_black_slash_with_qinggang_pierces_the_nioh_shield() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["slash/S7"], "equip": ["qinggang_sword/S6"]},
            {"role": "rebel", "hp": 4, "hand": ["jink/D2"], "equip": ["nioh_shield/C2"]}]}"#,
        );
        apply(&mut sim, use_on("slash/S7", 1));
        // Not nullified: the rebel is asked for a jink.
        assert_eq!(sim.turn(), Turn::Player(Seat(1)));
        assert!(
            sim.legal_actions()
                .contains(&SgsAction::Respond(CardName::Jink))
        );
        apply(&mut sim, SgsAction::Pass);
        assert_eq!(hp(&sim, 1), 3);
    }
}
