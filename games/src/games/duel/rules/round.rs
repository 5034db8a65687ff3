//! The round: the mulligan and the starting characters, round start (rolls, rerolls), the
//! end of the round, and the end of the game.

use super::{count_move, dice, edit, state};
use crate::games::duel::history::{DiceHistory, DiceStep};
use crate::games::duel::live_dice::perform;
use crate::games::duel::state::{DuelControl, Phase};
use crate::games::duel::{Duel, DuelEvent, board, zones};
use alea::chance::Streams;
use alea::kernel::{Seat, Zone};
use alea::pipeline::{Ctx, Flow};

/// [`DuelEvent::Redrawn`]: the chosen starting cards go back, the pile is shuffled, as many
/// are drawn; then the other seat's mulligan, or the starting characters.
pub(super) fn redrawn(ctx: &mut Ctx<'_, Duel>, seat: Seat, mask: u16) -> Flow {
    count_move(ctx);
    let rules = ctx.rules();
    let hand = zones::sorted_hand(rules, ctx.world(), seat);
    let mut back = 0u8;
    for (i, &(_, entity)) in hand.iter().enumerate() {
        if mask & (1 << i) != 0 {
            ctx.move_to(entity, Zone::Pile(seat));
            back += 1;
        }
    }
    if back > 0 {
        zones::shuffle_pile(rules, ctx.world(), seat);
        ctx.emit(DuelEvent::Drawn {
            seat,
            count: back,
            tag: None,
        });
    }
    edit(ctx, |s| {
        s.phase = match seat {
            Seat(0) => Phase::Mulligan(Seat(1)),
            _ => Phase::Start(Seat(0)),
        };
    });
    Flow::Continue
}

/// [`DuelEvent::StartChosen`]: the starting character; after both, round 1.
pub(super) fn start_chosen(ctx: &mut Ctx<'_, Duel>, seat: Seat, character: u8) -> Flow {
    if usize::from(character) >= crate::games::duel::state::TEAM {
        // Not a team slot (only an event emitted by hand can say so): refused.
        return Flow::Cancel;
    }
    count_move(ctx);
    edit(ctx, |s| {
        s.sides[seat.index()].active = character;
        s.phase = Phase::Start(Seat(1));
    });
    if seat != Seat(0) {
        ctx.emit(DuelEvent::RoundStarted { round: 1 });
    }
    Flow::Continue
}

/// [`DuelEvent::RoundStarted`]: both roll (round-start supports act after); the reroll
/// phase of the seats without a set roll generator. Past the round limit: a draw.
pub(super) fn round_started(ctx: &mut Ctx<'_, Duel>, round: u32) -> Flow {
    if round > ctx.game().round_limit {
        ctx.emit(DuelEvent::GameOver { winner: None });
        return Flow::Cancel;
    }
    ctx.world().resource_mut::<Streams>().start_round(round);
    for s in 0..2 {
        dice::roll(ctx, Seat(s));
    }
    let control = ctx.world().resource::<DuelControl>();
    let rerolls = [control.roll[0].is_none(), control.roll[1].is_none()];
    let first = edit(ctx, |st| {
        st.round = round;
        for side in &mut st.sides {
            side.ended = false;
        }
        st.turn = st.first;
        st.phase = match rerolls {
            [true, _] => Phase::Reroll(Seat(0)),
            [false, true] => Phase::Reroll(Seat(1)),
            [false, false] => Phase::Action,
        };
        st.first
    });
    ctx.table().active = first;
    Flow::Continue
}

/// [`DuelEvent::Rerolled`]: the dice no living character can use (not omni) are rolled again.
pub(super) fn rerolled(ctx: &mut Ctx<'_, Duel>, seat: Seat, reroll: bool) -> Flow {
    count_move(ctx);
    if reroll {
        let active = state(ctx).sides[seat.index()].active;
        let usable = board::team(ctx.rules(), ctx.world(), seat, active).living;
        perform(ctx, seat, DiceStep::Rerolled { usable });
    }
    let other_rerolls = ctx.world().resource::<DuelControl>().roll[1].is_none();
    edit(ctx, |s| {
        s.phase = if seat == Seat(0) && other_rerolls {
            Phase::Reroll(Seat(1))
        } else {
            Phase::Action
        };
    });
    Flow::Continue
}

/// [`DuelEvent::RoundEnded`]: the first to end acts first next round; once both have ended,
/// the end phase and the end of the round.
pub(super) fn round_ended(ctx: &mut Ctx<'_, Duel>, seat: Seat) -> Flow {
    count_move(ctx);
    let other = seat.next(2);
    let st = state(ctx);
    if st.sides[other.index()].ended {
        edit(ctx, |s| s.sides[seat.index()].ended = true);
        // End-phase listeners run from the seat that acts first.
        ctx.table().active = st.first;
        ctx.emit(DuelEvent::EndPhase);
        ctx.emit(DuelEvent::RoundFinished);
    } else {
        edit(ctx, |s| {
            s.sides[seat.index()].ended = true;
            s.first = seat;
            s.turn = other;
        });
    }
    Flow::Continue
}

/// [`DuelEvent::RoundFinished`]: the dice are discarded, both draw 2 (the first seat first),
/// the next round starts.
pub(super) fn round_finished(ctx: &mut Ctx<'_, Duel>) -> Flow {
    let st = state(ctx);
    let order = [st.first, st.first.next(2)];
    for seat in order {
        zones::set_faces(ctx.world(), seat, &[]);
        ctx.world().resource_mut::<DiceHistory>().clear(seat);
    }
    for seat in order {
        ctx.emit(DuelEvent::Drawn {
            seat,
            count: 2,
            tag: None,
        });
    }
    ctx.emit(DuelEvent::RoundStarted {
        round: st.round + 1,
    });
    Flow::Continue
}

/// [`DuelEvent::GameOver`].
pub(super) fn game_over(ctx: &mut Ctx<'_, Duel>, winner: Option<Seat>) -> Flow {
    edit(ctx, |s| {
        s.winner = winner;
        s.phase = Phase::Over;
    });
    Flow::Continue
}
