//! The active player's combat actions: skills and switching; and summoning.

use super::{count_move, edit, pass_turn, pay, state, strike};
use crate::games::duel::catalog::Cost;
use crate::games::duel::pieces::{self, PieceKind};
use crate::games::duel::state::TEAM;
use crate::games::duel::{Duel, DuelEvent, board};
use alea::kernel::Seat;
use alea::pipeline::{Ctx, Flow};

/// [`DuelEvent::SkillUsed`]: the skill is paid, the user gains energy (a burst spends it
/// all) and its shield, the turn passes; its damage, healing and summon follow as events.
pub(super) fn skill_used(ctx: &mut Ctx<'_, Duel>, seat: Seat, skill: u8) -> Flow {
    count_move(ctx);
    let catalog = &ctx.game().catalog;
    let user = state(ctx).sides[seat.index()].active;
    let fighter = board::fighter(ctx.rules(), ctx.world(), seat, user);
    let character = &catalog.characters[usize::from(fighter.character)];
    let sk = &character.skills[usize::from(skill.min(2))];
    pay(ctx, seat, sk.cost);
    board::edit_fighter(ctx.rules(), ctx.world(), seat, user, |f| {
        f.energy = match skill {
            2 => 0,
            _ => (f.energy + 1).min(character.energy),
        };
    });
    edit(ctx, |s| pass_turn(s, seat));
    if sk.shield > 0 {
        pieces::gain(ctx, seat, PieceKind::Shield, user, sk.shield, 0);
    }
    if sk.damage > 0 {
        strike(ctx, seat, sk.damage, sk.element, Some(user));
    }
    if sk.heal > 0 {
        ctx.emit(DuelEvent::Healed {
            seat,
            target: user,
            amount: sk.heal,
        });
    }
    if let Some(name) = &sk.summon
        && let Ok(summon) = catalog.summon(name)
    {
        ctx.emit(DuelEvent::Summoned { seat, summon });
    }
    Flow::Continue
}

/// [`DuelEvent::Switched`]: a switch action (1 die, passes the turn) or the choice after a
/// defeat.
pub(super) fn switched(ctx: &mut Ctx<'_, Duel>, seat: Seat, to: u8, action: bool) -> Flow {
    count_move(ctx);
    if action {
        let one = Cost {
            any: 1,
            ..Default::default()
        };
        pay(ctx, seat, one);
    }
    let to = to % TEAM as u8;
    let alive = board::fighter(ctx.rules(), ctx.world(), seat, to).alive;
    edit(ctx, |s| {
        if action {
            pass_turn(s, seat);
        } else {
            s.sides[seat.index()].must_switch = false;
        }
        if alive {
            s.sides[seat.index()].active = to;
        }
    });
    Flow::Continue
}

/// [`DuelEvent::Summoned`]: the summon comes from its pool into the first free summon slot;
/// one already in play gets its usages back. A full row refuses it.
pub(super) fn summoned(ctx: &mut Ctx<'_, Duel>, seat: Seat, summon: u8) -> Flow {
    let Some(def) = ctx.game().catalog.summons.get(usize::from(summon)) else {
        return Flow::Cancel;
    };
    let usages = def.usages;
    match pieces::find(ctx.rules(), ctx.world(), seat, PieceKind::Summon, summon) {
        Some((entity, mut piece)) => {
            piece.usages = usages;
            pieces::put(ctx, entity, piece);
        }
        None => {
            pieces::take(ctx, seat, PieceKind::Summon, summon, 0, usages);
        }
    }
    Flow::Continue
}
