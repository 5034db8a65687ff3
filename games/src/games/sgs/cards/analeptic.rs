//! Analeptic: once per turn in the play phase, the next slash this turn deals 1 more damage
//! (spent when that slash is used, hit or miss; gone at the end of the turn). While dying, a
//! seat may drink it to recover 1 — that use does not count against the limit.

use super::handler::View;
use crate::games::sgs::Sgs;
use alea::pipeline::Ctx;

/// Usable once per turn (whether or not a slash can follow).
pub(super) fn usable(view: &View<'_>) -> bool {
    !view.state.analeptic_used
}

/// The rules of an analeptic drunk in the play phase.
pub(super) fn used(ctx: &mut Ctx<'_, Sgs>) {
    let state = ctx.state();
    state.analeptic_used = true;
    state.drunk = state.drunk.saturating_add(1);
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::{CardName, SgsAction};
    use alea::kernel::{Seat, Turn};

    #[test]
    fn only_the_dying_seat_drinks_to_save_itself_and_it_keeps_its_limit() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["slash/S7", "analeptic/S9"]},
            {"role": "rebel", "hp": 1, "hand": ["analeptic/S3", "peach/H3"]}]}"#,
        );
        apply(&mut sim, use_on("slash/S7", 1));
        // P0 (the current seat) is asked first but holds no peach: only P1 is asked.
        assert_eq!(sim.turn(), Turn::Player(Seat(1)));
        assert_eq!(
            sim.legal_actions(),
            &[
                SgsAction::Respond(CardName::Peach),
                SgsAction::Respond(CardName::Analeptic),
                SgsAction::Pass
            ]
        );
        apply(&mut sim, SgsAction::Respond(CardName::Analeptic));
        assert_eq!(hp(&sim, 1), 1);
        assert_eq!(sim.turn(), Turn::Player(Seat(0)));
        // The lord may still drink its own analeptic this turn.
        assert!(sim.legal_actions().contains(&use_self("analeptic/S9")));
    }

    #[test]
    fn the_drink_is_spent_by_a_dodged_slash_and_lost_at_the_end_of_the_turn() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["slash/S7", "analeptic/S9"]},
            {"role": "rebel", "hp": 4, "hand": ["jink/D2"]}]}"#,
        );
        apply(&mut sim, use_self("analeptic/S9"));
        assert_eq!(sim.state().drunk, 1);
        apply(&mut sim, use_on("slash/S7", 1));
        apply(&mut sim, SgsAction::Respond(CardName::Jink));
        assert_eq!((hp(&sim, 1), sim.state().drunk), (4, 0));

        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["analeptic/S9"]},
            {"role": "rebel", "hp": 4}]}"#,
        );
        apply(&mut sim, use_self("analeptic/S9"));
        apply(&mut sim, SgsAction::End);
        assert_eq!(sim.state().drunk, 0);
        assert_eq!(sim.state().current, Seat(1));
    }
}
