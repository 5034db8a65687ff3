//! Nioh shield (armor): a black slash has no effect on its wearer. A *before* listener of
//! [`SgsEvent::SlashEffect`], enabled while worn: it cancels the effect before the wearer is
//! asked for a jink — unless the slash ignores armor ([`qinggang_sword`](super::qinggang_sword)).

use super::handler::ListenerSpec;
use crate::games::sgs::board::wearer;
use crate::games::sgs::{Sgs, SgsEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: SgsEvent::SLASH_EFFECT,
    timing: Timing::Before,
    priority: 0,
    name: "nioh_shield",
    run: nioh_shield,
}];

fn nioh_shield(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let wearer = wearer(ctx);
    let deck = &ctx.game().deck;
    match *event {
        SgsEvent::SlashEffect {
            to,
            card,
            ignore_armor: false,
            ..
        } if Some(to) == wearer && deck.card(card).suit.is_black() => Flow::Cancel,
        _ => Flow::Continue,
    }
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::{CardName, SgsAction, SgsEvent};
    use alea::kernel::{Seat, Turn};

    const SHIELDED: &str = r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "slash/H10"]},
        {"role": "rebel", "hp": 4, "hand": ["jink/D2"], "equip": ["nioh_shield/C2"]}]}"#;

    #[test]
    fn a_black_slash_into_the_nioh_shield_is_nullified_before_any_jink() {
        let mut sim = scenario(SHIELDED);
        apply(&mut sim, use_on("slash/S7", 1));
        assert_eq!(sim.turn(), Turn::Player(Seat(0)));
        assert_eq!(hp(&sim, 1), 4);
        let effect = events(&sim)
            .into_iter()
            .find(|e| matches!(e.event, SgsEvent::SlashEffect { .. }))
            .unwrap();
        assert!(effect.cancelled);
    }

    #[test]
    fn a_red_slash_goes_through() {
        let mut sim = scenario(SHIELDED);
        apply(&mut sim, use_on("slash/H10", 1));
        assert_eq!(sim.turn(), Turn::Player(Seat(1)));
        assert!(
            sim.legal_actions()
                .contains(&SgsAction::Respond(CardName::Jink))
        );
        apply(&mut sim, SgsAction::Pass);
        assert_eq!(hp(&sim, 1), 3);
    }
}
