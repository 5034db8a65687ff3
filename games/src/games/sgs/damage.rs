//! Damage, recovery, dying, death, rewards and victory.

use super::board::move_card;
use super::cards::{self, answer};
use super::deck::CardName;
use super::holdings::Cards;
use super::state::{Faction, Outcome, Question, Role, SgsState};
use super::{Sgs, SgsAction, SgsEvent};
use alea::kernel::{Seat, Zone};
use alea::pipeline::{Ctx, Flow, Property};

/// Sets `seat`'s hp, recording the change.
fn set_hp(ctx: &mut Ctx<'_, Sgs>, seat: Seat, hp: i8) {
    let player = ctx.rules().player(seat);
    let before = std::mem::replace(&mut ctx.state().seat_mut(seat).hp, hp);
    ctx.changed(player, Property::HP, i64::from(before), i64::from(hp));
}

/// [`SgsEvent::Damage`]: `to` loses `amount` hp; below 1 it is dying.
pub(super) fn damage(ctx: &mut Ctx<'_, Sgs>, from: Option<Seat>, to: Seat, amount: u8) -> Flow {
    let seat = *ctx.state().seat(to);
    if !seat.alive {
        return Flow::Continue;
    }
    let hp = seat.hp.saturating_sub(amount.min(i8::MAX as u8) as i8);
    set_hp(ctx, to, hp);
    if hp < 1 {
        ctx.emit(SgsEvent::Dying {
            seat: to,
            killer: from,
            asked: 0,
        });
    }
    Flow::Continue
}

/// [`SgsEvent::Recover`] (and a peach or analeptic while dying): up to the max hp.
pub(super) fn recover(ctx: &mut Ctx<'_, Sgs>, seat: Seat, amount: u8) {
    let st = *ctx.state().seat(seat);
    if st.alive {
        let hp = st
            .hp
            .saturating_add(amount.min(i8::MAX as u8) as i8)
            .min(st.max_hp);
        set_hp(ctx, seat, hp);
    }
}

/// The cards `asker` may save `dying` with: a peach, and an analeptic on itself.
fn saving_cards(ctx: &mut Ctx<'_, Sgs>, asker: Seat, dying: Seat) -> [Option<CardName>; 2] {
    let peach = answer::holds(ctx, asker, CardName::Peach);
    let analeptic = asker == dying && answer::holds(ctx, asker, CardName::Analeptic);
    [
        peach.then_some(CardName::Peach),
        analeptic.then_some(CardName::Analeptic),
    ]
}

/// [`SgsEvent::Dying`]: the living are asked in turn from the current seat, each again after
/// every card it saves with, until `seat` is back to 1 hp (saved) or everyone declined
/// (death).
pub(super) fn dying(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let SgsEvent::Dying {
        seat,
        killer,
        ref mut asked,
    } = *event
    else {
        return Flow::Continue;
    };
    let asker = answer::asked_seat(ctx, *asked);
    match cards::take_answer(ctx, asker) {
        Some(SgsAction::Respond(name @ (CardName::Peach | CardName::Analeptic)))
            if answer::play(ctx, asker, name).is_some() =>
        {
            recover(ctx, seat, 1);
        }
        Some(_) => *asked += 1,
        None => {}
    }
    if ctx.state().seat(seat).hp >= 1 {
        return Flow::Continue;
    }
    let question = Question::Peach { dying: seat };
    let saving = |ctx: &mut Ctx<'_, Sgs>, asker| saving_cards(ctx, asker, seat);
    answer::ask_in_turn(ctx, asked, question, saving).unwrap_or_else(|| {
        ctx.emit(SgsEvent::Death { seat, killer });
        Flow::Continue
    })
}

/// [`SgsEvent::Death`]: the seat's role is revealed and its cards discarded; then the victory
/// check; then the rewards, if the game goes on.
pub(super) fn death(ctx: &mut Ctx<'_, Sgs>, seat: Seat, killer: Option<Seat>) -> Flow {
    let st = ctx.state().seat_mut(seat);
    st.alive = false;
    st.revealed = true;
    discard_all(ctx, seat);
    let seats = ctx.table().seats;
    if let Some(outcome) = victory(ctx.state(), seats) {
        ctx.state().outcome = outcome;
        return Flow::Continue;
    }
    let state = *ctx.state();
    if let Some(killer) = killer.filter(|&k| state.alive(k)) {
        match state.seat(seat).role {
            Role::Rebel => ctx.emit(SgsEvent::Draw {
                seat: killer,
                count: 3,
            }),
            Role::Loyalist if state.seat(killer).role == Role::Lord => {
                discard_all(ctx, killer);
            }
            _ => {}
        }
    }
    // Only the seat to move deals damage in this deck, never to itself: the current seat
    // never dies on its own turn, so no turn is cut short here.
    Flow::Continue
}

/// Discards `seat`'s hand and equipment (its judge area is always empty in this deck),
/// telling each loss.
fn discard_all(ctx: &mut Ctx<'_, Sgs>, seat: Seat) {
    let holdings = ctx.state().holdings;
    for card in Cards(holdings.hand(seat).0 | holdings.equipment(seat).0) {
        move_card(ctx, card, Zone::DiscardPile);
        ctx.emit(SgsEvent::Lost {
            from: seat,
            card,
            to: None,
        });
    }
}

/// The outcome once somebody has died, if the game is over: the lord dead → the rebels win
/// (the renegade when it is the only one left); no rebel nor renegade alive → the lord's side.
pub fn victory(state: &SgsState, seats: u8) -> Option<Outcome> {
    let living = || (0..seats).map(Seat).filter(|&s| state.alive(s));
    if !state.alive(state.lord) {
        let mut left = living();
        let alone = match (left.next(), left.next()) {
            (Some(s), None) => state.seat(s).role == Role::Renegade,
            _ => false,
        };
        return Some(Outcome::Won(if alone {
            Faction::Renegade
        } else {
            Faction::Rebels
        }));
    }
    let enemies = living()
        .filter(|&s| matches!(state.seat(s).role, Role::Rebel | Role::Renegade))
        .count();
    (enemies == 0).then_some(Outcome::Won(Faction::Lord))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state with `roles` seated and `alive`.
    fn table(roles: [Role; 4], alive: [bool; 4]) -> SgsState {
        let mut st = SgsState::default();
        for (s, (role, alive)) in roles.into_iter().zip(alive).enumerate() {
            st.seats[s].role = role;
            st.seats[s].alive = alive;
            if role == Role::Lord {
                st.lord = Seat(s as u8);
            }
        }
        st
    }

    #[test]
    fn victory_for_every_role() {
        use Role::*;
        let roles = [Lord, Loyalist, Rebel, Renegade];
        assert_eq!(victory(&table(roles, [true; 4]), 4), None);
        // The lord dies with others alive: the rebels win, even with no rebel alive.
        let rebels = Some(Outcome::Won(Faction::Rebels));
        assert_eq!(victory(&table(roles, [false, true, true, true]), 4), rebels);
        assert_eq!(
            victory(&table(roles, [false, true, false, true]), 4),
            rebels
        );
        assert_eq!(
            victory(&table(roles, [false, false, true, false]), 4),
            rebels
        );
        // The renegade alone.
        assert_eq!(
            victory(&table(roles, [false, false, false, true]), 4),
            Some(Outcome::Won(Faction::Renegade))
        );
        // Rebel and renegade dead: the lord's side, loyalist alive or not.
        let lord = Some(Outcome::Won(Faction::Lord));
        assert_eq!(victory(&table(roles, [true, true, false, false]), 4), lord);
        assert_eq!(victory(&table(roles, [true, false, false, false]), 4), lord);
        // One of the two enemies left: the game goes on.
        assert_eq!(victory(&table(roles, [true, false, true, false]), 4), None);
        assert_eq!(victory(&table(roles, [true, true, false, true]), 4), None);
        // 1v1.
        let duel = [Rebel, Lord, Rebel, Rebel];
        let mut st = table(duel, [false, true, false, false]);
        assert_eq!(victory(&st, 2), lord);
        st.seats[0].alive = true;
        st.seats[1].alive = false;
        assert_eq!(victory(&st, 2), rebels);
    }
}
