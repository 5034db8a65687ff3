//! Nullification: answers a trick. When a trick is used, a *window* opens: the living seats
//! holding a nullification are asked in turn from the current seat; when one plays it, that
//! nullification is itself a trick whose own window opens — everyone is asked again, from the
//! current seat, whether to nullify *it*. The chain ends when a window closes unanswered, and
//! the trick is cancelled when an odd number of nullifications were played. (FreeKill asks all
//! holders at once and takes the first answer; here the order is explicit.)

use super::answer;
use super::handler::take_answer;
use crate::games::sgs::deck::CardName;
use crate::games::sgs::state::{Question, Trick};
use crate::games::sgs::{Sgs, SgsAction, SgsEvent};
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

/// Starts trick `card` of `user` on `target`: its window, then its effect.
pub(super) fn open(ctx: &mut Ctx<'_, Sgs>, user: Seat, card: u8, target: Seat) {
    let state = ctx.state();
    state.trick = Some(Trick { user, card, target });
    state.nullifications = 0;
    ctx.emit(SgsEvent::Window { asked: 0 });
    ctx.emit(SgsEvent::TrickEffect { user, card, target });
}

/// [`SgsEvent::Window`]: asks the holders in turn; a nullification flips the trick's fate and
/// opens a new window (asking everyone again).
pub(crate) fn window(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let SgsEvent::Window { ref mut asked } = *event else {
        return Flow::Continue;
    };
    let seat = answer::asked_seat(ctx, *asked);
    match take_answer(ctx, seat) {
        Some(SgsAction::Respond(CardName::Nullification))
            if answer::play(ctx, seat, CardName::Nullification).is_some() =>
        {
            let state = ctx.state();
            state.nullifications = state.nullifications.saturating_add(1);
            *asked = 0;
        }
        Some(_) => *asked += 1,
        None => {}
    }
    let chain = ctx.state().nullifications;
    let holder = |ctx: &mut Ctx<'_, Sgs>, seat| {
        let name = CardName::Nullification;
        [answer::holds(ctx, seat, name).then_some(name), None]
    };
    answer::ask_in_turn(ctx, asked, Question::Nullify { chain }, holder).unwrap_or(Flow::Continue)
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::{CardName, Question, SgsAction, SgsEvent};
    use alea::kernel::{Seat, Turn, Zone};

    const CHAIN: &str = r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["dismantlement/S3", "nullification/SJ"]},
        {"role": "rebel", "hp": 4, "hand": ["nullification/CQ", "jink/D2"]},
        {"role": "loyalist", "hp": 4, "hand": ["nullification/CK"]},
        {"role": "renegade", "hp": 4, "hand": ["nullification/DQ"]}]}"#;

    /// Answers every question with `answer(seat, question)` until the lord's play phase is
    /// back; returns the seats asked, in order.
    fn answer_all(
        sim: &mut alea::kernel::Sim<crate::games::sgs::Sgs>,
        mut answer: impl FnMut(Seat, u8) -> bool,
    ) -> Vec<(u8, u8)> {
        let mut asked = Vec::new();
        while let Turn::Player(seat) = sim.turn() {
            let question = sim.state().question;
            if question == Question::None {
                break;
            }
            let Question::Nullify { chain } = question else {
                panic!("unexpected question {question:?}")
            };
            asked.push((seat.0, chain));
            let play = answer(seat, chain);
            apply(
                sim,
                if play {
                    SgsAction::Respond(CardName::Nullification)
                } else {
                    SgsAction::Pass
                },
            );
        }
        asked
    }

    #[test]
    fn nobody_nullifies_and_the_trick_resolves() {
        let mut sim = scenario(CHAIN);
        apply(&mut sim, use_on("dismantlement/S3", 1));
        let asked = answer_all(&mut sim, |_, _| false);
        assert_eq!(asked, [(0, 0), (1, 0), (2, 0), (3, 0)]);
        // P1 has two hand cards and no equipment: a blind pick, no question.
        assert_eq!(count(&sim, Zone::Hand(Seat(1))), 1);
    }

    #[test]
    fn a_nullification_cancels_and_a_second_one_restores_the_trick() {
        // P1 nullifies; the window reopens from P0: P0 nullifies P1's nullification; the
        // window reopens again, everyone passes: two nullifications, the trick resolves.
        let mut sim = scenario(CHAIN);
        apply(&mut sim, use_on("dismantlement/S3", 1));
        let asked = answer_all(&mut sim, |seat, chain| {
            matches!((seat.0, chain), (1, 0) | (0, 1))
        });
        assert_eq!(asked, [(0, 0), (1, 0), (0, 1), (2, 2), (3, 2)]);
        let effect = events(&sim)
            .into_iter()
            .find(|e| matches!(e.event, SgsEvent::TrickEffect { .. }))
            .unwrap();
        assert!(!effect.cancelled);
        // P1 lost its nullification and one more (blind) card: the jink.
        assert_eq!(count(&sim, Zone::Hand(Seat(1))), 0);
        assert_eq!(zone(&sim, "nullification/SJ"), Zone::DiscardPile);
    }

    #[test]
    fn three_nullifications_cancel_the_trick() {
        let mut sim = scenario(CHAIN);
        apply(&mut sim, use_on("dismantlement/S3", 1));
        let asked = answer_all(&mut sim, |seat, chain| match seat.0 {
            0 => chain % 2 == 1,
            1 | 3 => chain % 2 == 0,
            _ => false,
        });
        // P0 passes first (its own trick), then P1 nullifies; P0 counters; P1 has none left,
        // P2 passes, P3 nullifies again; then nobody holds one.
        assert_eq!(asked, [(0, 0), (1, 0), (0, 1), (2, 2), (3, 2), (2, 3)]);
        let effect = events(&sim)
            .into_iter()
            .find(|e| matches!(e.event, SgsEvent::TrickEffect { .. }))
            .unwrap();
        assert!(effect.cancelled);
        assert_eq!(zone(&sim, "jink/D2"), Zone::Hand(Seat(1)));
        assert_eq!(zone(&sim, "dismantlement/S3"), Zone::DiscardPile);
    }
}
