//! Slash: once per play phase (see [`crossbow`](super::crossbow)), on a living seat within
//! attack range, 1 damage (+1 per analeptic drunk this turn, spent on this slash even if it
//! misses). Its effect first passes the target's armor (a *before* listener of
//! [`SgsEvent::SlashEffect`]: [`nioh_shield`](super::nioh_shield)), then the target may answer
//! with a jink; otherwise the damage lands.

use super::answer;
use super::handler::{View, take_answer};
use crate::games::sgs::deck::CardName;
use crate::games::sgs::state::Question;
use crate::games::sgs::{Sgs, SgsAction, SgsEvent};
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

/// The seats `seat` may slash now: none once the phase's slashes are used up, else every
/// other living seat within its attack range.
pub(super) fn targets<'v>(view: &'v View<'_>, seat: Seat) -> impl Iterator<Item = Seat> + 'v {
    let me = view.state.seat(seat);
    let can = view.state.slashes < me.slash_limit;
    view.others(seat)
        .filter(move |&t| can && view.state.distance(seat, t, view.seats) <= me.range)
}

/// The rules of a used slash: counts it, spends the analeptic, and takes effect on the target.
pub(super) fn used(
    ctx: &mut Ctx<'_, Sgs>,
    user: Seat,
    card: u8,
    target: Option<Seat>,
    damage: u8,
    ignore_armor: bool,
) {
    let state = ctx.state();
    state.slashes = state.slashes.saturating_add(1);
    state.drunk = 0;
    if let Some(to) = target {
        ctx.emit(SgsEvent::SlashEffect {
            from: user,
            to,
            card,
            damage,
            ignore_armor,
        });
    }
}

/// [`SgsEvent::SlashEffect`]: the target may answer with a jink, which cancels the slash;
/// a pass (asked or not) lets the damage through.
pub(crate) fn effect(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let SgsEvent::SlashEffect {
        from, to, damage, ..
    } = *event
    else {
        return Flow::Continue;
    };
    if !ctx.state().alive(to) {
        return Flow::Continue;
    }
    match take_answer(ctx, to) {
        Some(SgsAction::Respond(CardName::Jink)) => {
            if answer::play(ctx, to, CardName::Jink).is_some() {
                return Flow::Continue;
            }
        }
        Some(_) => {}
        None => {
            let jink = answer::holds(ctx, to, CardName::Jink).then_some(CardName::Jink);
            let question = Question::Jink { from, to };
            if let Some(flow) = answer::ask(ctx, to, question, [jink, None]) {
                return flow;
            }
        }
    }
    ctx.emit(SgsEvent::Damage {
        from: Some(from),
        to,
        amount: damage,
    });
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::{CardName, SgsAction, SgsEvent};
    use alea::kernel::{Seat, Turn, Zone};

    const DUEL: &str = r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "slash/H10", "analeptic/S3"]},
        {"role": "rebel", "hp": 4, "hand": ["jink/D2"]}]}"#;

    #[test]
    fn a_jink_cancels_a_slash_and_a_pass_takes_the_damage() {
        let mut sim = scenario(DUEL);
        apply(&mut sim, use_on("slash/S7", 1));
        assert_eq!(sim.turn(), Turn::Player(Seat(1)));
        assert_eq!(
            sim.legal_actions(),
            &[SgsAction::Respond(CardName::Jink), SgsAction::Pass]
        );
        apply(&mut sim, SgsAction::Respond(CardName::Jink));
        assert_eq!(hp(&sim, 1), 4);
        assert_eq!(zone(&sim, "jink/D2"), Zone::DiscardPile);
        assert_eq!(zone(&sim, "slash/S7"), Zone::DiscardPile);
        assert!(played(&sim, |e| matches!(
            e,
            SgsEvent::Played { seat: Seat(1), .. }
        )));

        let mut sim = scenario(DUEL);
        apply(&mut sim, use_on("slash/S7", 1));
        apply(&mut sim, SgsAction::Pass);
        assert_eq!(hp(&sim, 1), 3);
        assert_eq!(zone(&sim, "jink/D2"), Zone::Hand(Seat(1)));
    }

    #[test]
    fn one_slash_per_play_phase() {
        let mut sim = scenario(DUEL);
        assert!(sim.legal_actions().contains(&use_on("slash/H10", 1)));
        apply(&mut sim, use_on("slash/S7", 1));
        apply(&mut sim, SgsAction::Pass);
        assert_eq!(sim.turn(), Turn::Player(Seat(0)));
        assert!(!sim.legal_actions().contains(&use_on("slash/H10", 1)));
    }

    #[test]
    fn an_analeptic_adds_one_damage_to_the_next_slash_only() {
        let mut sim = scenario(DUEL);
        apply(&mut sim, use_self("analeptic/S3"));
        assert!(!sim.legal_actions().iter().any(|a| matches!(a, SgsAction::Use { card, .. } if *card == card_index(&sim, "analeptic/S3"))));
        apply(&mut sim, use_on("slash/S7", 1));
        apply(&mut sim, SgsAction::Pass);
        assert_eq!(hp(&sim, 1), 2);
        assert_eq!(sim.state().drunk, 0);
    }

    #[test]
    fn a_slash_reaches_only_seats_within_range() {
        let mut sim = scenario(
            r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["slash/S7"]},
            {"role": "loyalist", "hp": 4}, {"role": "rebel", "hp": 4},
            {"role": "renegade", "hp": 4}]}"#,
        );
        assert_eq!(targets(&sim), [Seat(1), Seat(3)]);
        // Once seat 1 is dead, seat 2 is next to seat 0.
        sim.state_mut().seats[1].alive = false;
        sim.refresh_decision();
        assert!(sim.legal_actions().contains(&use_on("slash/S7", 2)));
    }
}
