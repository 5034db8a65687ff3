//! Equipment: using a weapon or armor puts it in the user's equipment area, replacing the
//! one in the same slot (which is discarded). Worn cards act through listeners (see
//! [`board::move_card`](crate::games::sgs::board)): every weapon's listener sets the
//! wearer's attack range on [`SgsEvent::Limits`]; the rest is each card's own file.

use super::handler::{ListenerSpec, card_of};
use crate::games::sgs::board::{move_card, wearer};
use crate::games::sgs::deck::{CardClass, CardName};
use crate::games::sgs::{Sgs, SgsEvent};
use alea::kernel::{Seat, Zone};
use alea::pipeline::{Ctx, Flow, Timing};

/// The listeners every card of `name`'s class carries (a weapon: its attack range).
pub(super) fn listeners(name: CardName) -> &'static [ListenerSpec] {
    match name.class() {
        CardClass::Weapon => &WEAPON,
        _ => &[],
    }
}

/// The slot of the equipment area a card sits in (listener order within a seat).
pub(super) fn slot(name: CardName) -> u16 {
    match name.class() {
        CardClass::Armor => 1,
        _ => 0,
    }
}

const WEAPON: [ListenerSpec; 1] = [ListenerSpec {
    event: SgsEvent::LIMITS,
    timing: Timing::Before,
    priority: 0,
    name: "weapon_range",
    run: weapon_range,
}];

/// A worn weapon's attack range becomes its wearer's.
fn weapon_range(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let (Some(wearer), Some(card)) = (wearer(ctx), card_of(ctx)) else {
        return Flow::Continue;
    };
    let deck = &ctx.game().deck;
    if let SgsEvent::Limits { seat, range, .. } = event
        && *seat == wearer
    {
        *range = deck.range(deck.card(card).name);
    }
    Flow::Continue
}

/// [`SgsEvent::Limits`]: stores what the listeners left.
pub(crate) fn limits(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    if let SgsEvent::Limits {
        seat,
        slash_limit,
        range,
    } = *event
    {
        let st = ctx.state().seat_mut(seat);
        st.slash_limit = slash_limit;
        st.range = range;
    }
    Flow::Continue
}

/// Puts `card` on `seat`, replacing the card in the same slot.
pub(super) fn equip(ctx: &mut Ctx<'_, Sgs>, seat: Seat, card: u8) {
    let deck = &ctx.game().deck;
    let class = deck.card(card).name.class();
    if let Some(old) = ctx.state().holdings.equipped(deck, seat, class) {
        move_card(ctx, old, Zone::DiscardPile);
        ctx.emit(SgsEvent::Lost {
            from: seat,
            card: old,
            to: None,
        });
    }
    move_card(ctx, card, Zone::Equipment(seat));
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use alea::kernel::{Seat, Zone};

    #[test]
    fn a_new_weapon_replaces_the_old_and_sets_the_range() {
        let mut sim = scenario(
            r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["qinggang_sword/S6", "slash/S7"], "equip": ["crossbow/CA"]},
            {"role": "loyalist", "hp": 4}, {"role": "rebel", "hp": 4},
            {"role": "renegade", "hp": 4}]}"#,
        );
        assert_eq!(sim.state().seats[0].range, 1);
        assert!(!sim.legal_actions().contains(&use_on("slash/S7", 2)));
        apply(&mut sim, use_self("qinggang_sword/S6"));
        assert_eq!(zone(&sim, "crossbow/CA"), Zone::DiscardPile);
        assert_eq!(zone(&sim, "qinggang_sword/S6"), Zone::Equipment(Seat(0)));
        assert_eq!(
            (sim.state().seats[0].range, sim.state().seats[0].slash_limit),
            (2, 1)
        );
        assert!(sim.legal_actions().contains(&use_on("slash/S7", 2)));
    }
}
