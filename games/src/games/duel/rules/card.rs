//! Cards: playing one (its effect; equipment, supports and buffs become pieces), tuning one,
//! drawing.

use super::{active_element, count_move, edit, outcome, pay, state};
use crate::games::duel::catalog::{CardTag, Effect};
use crate::games::duel::history::DiceStep;
use crate::games::duel::live_dice::perform;
use crate::games::duel::pieces::{self, PieceKind};
use crate::games::duel::state::{Attached, Draw, DuelControl, TEAM};
use crate::games::duel::{Duel, DuelEvent, EffectCases, board, zones};
use alea::chance::CaseGenerator;
use alea::kernel::{Seat, Zone};
use alea::pipeline::{Ctx, Flow};

/// [`DuelEvent::CardPlayed`]: the card is paid and leaves the hand (equipment to the
/// equipment zone, a support to its row, any other to the discards), then takes effect.
pub(super) fn played(ctx: &mut Ctx<'_, Duel>, seat: Seat, card: u16) -> Flow {
    count_move(ctx);
    let rules = ctx.rules();
    let Some(entity) = zones::hand_card(rules, ctx.world(), seat, card) else {
        return Flow::Cancel;
    };
    let def = &rules.game.catalog.cards[usize::from(card)];
    edit(ctx, |s| s.sides[seat.index()].hand.revealed(def.tag));
    pay(ctx, seat, def.cost);
    let to = match def.tag {
        CardTag::Equipment => Zone::Equipment(seat),
        CardTag::Support => Zone::Meld(seat),
        _ => Zone::Discard(seat),
    };
    ctx.move_to(entity, to);
    let active = state(ctx).sides[seat.index()].active;
    if def.tag == CardTag::Equipment
        && let Some(mut a) = ctx.world().get_mut::<Attached>(entity)
    {
        a.0 = active;
    }
    let index = zones::cards(rules, seat)
        .iter()
        .position(|&e| e == entity)
        .unwrap_or(0) as u8;
    effect(ctx, seat, active, index, &def.effect);
    Flow::Continue
}

/// What a card's effect does for `seat` with active character `active`; `card` is the card's
/// index among the seat's card entities (a support keeps it).
fn effect(ctx: &mut Ctx<'_, Duel>, seat: Seat, active: u8, card: u8, effect: &Effect) {
    match effect {
        Effect::Nothing => {}
        Effect::Heal { amount, all } => {
            let team = board::fighters(ctx.rules(), ctx.world(), seat);
            for i in 0..TEAM as u8 {
                if team[usize::from(i)].alive && (*all || i == active) {
                    ctx.emit(DuelEvent::Healed {
                        seat,
                        target: i,
                        amount: *amount,
                    });
                }
            }
        }
        Effect::Draw { count, tag } => ctx.emit(DuelEvent::Drawn {
            seat,
            count: *count,
            tag: *tag,
        }),
        Effect::Damage(o) => outcome(ctx, seat, *o),
        Effect::Random(options) => {
            let mut cases = EffectCases::uniform("random_card", options.len());
            for (w, o) in cases.weights.iter_mut().zip(options) {
                *w = o.0;
            }
            let k = ctx.chance(&cases) as usize;
            outcome(ctx, seat, options[k.min(cases.max_case() as usize - 1)].1);
        }
        Effect::Energy(n) => {
            let catalog = &ctx.game().catalog;
            board::edit_fighter(ctx.rules(), ctx.world(), seat, active, |f| {
                let max = catalog.characters[usize::from(f.character)].energy;
                f.energy = (f.energy + n).min(max);
            });
        }
        Effect::SwitchNext => {
            if let Some(next) = board::next_alive(ctx.rules(), ctx.world(), seat, active) {
                edit(ctx, |s| s.sides[seat.index()].active = next);
            }
        }
        Effect::Omni(n) => {
            perform(ctx, seat, DiceStep::Omni { count: *n });
        }
        Effect::CreateDice(n) => ctx.emit(DuelEvent::DiceCreated { seat, count: *n }),
        Effect::Summon(name) => {
            if let Ok(summon) = ctx.game().catalog.summon(name) {
                ctx.emit(DuelEvent::Summoned { seat, summon });
            }
        }
        Effect::Shield(n) => pieces::gain(ctx, seat, PieceKind::Shield, active, *n, 0),
        Effect::Empower(n) => pieces::gain(ctx, seat, PieceKind::Empowered, active, *n, 0),
        Effect::DamageBonus(n) => pieces::gain(ctx, seat, PieceKind::DamageBonus, active, *n, 0),
        Effect::Guard(n) => pieces::gain(ctx, seat, PieceKind::Guard, active, *n, 0),
        Effect::EnergyBonus(n) => pieces::gain(ctx, seat, PieceKind::EnergyBonus, active, *n, 0),
        Effect::RoundOmni { count, rounds } => {
            support(ctx, seat, card, PieceKind::RoundOmni, *count, *rounds);
        }
        Effect::EndDraw { count, rounds } => {
            support(ctx, seat, card, PieceKind::EndDraw, *count, *rounds);
        }
        Effect::EndHeal { amount, rounds } => {
            support(ctx, seat, card, PieceKind::EndHeal, *amount, *rounds);
        }
    }
}

/// Puts a support of `kind` for `seat`'s card `card` in play: `value` per round, for
/// `rounds` rounds.
fn support(ctx: &mut Ctx<'_, Duel>, seat: Seat, card: u8, kind: PieceKind, value: u8, rounds: u8) {
    if let Some(entity) = pieces::take(ctx, seat, kind, 0, value, rounds)
        && let Some(mut piece) = ctx.world().get_mut::<pieces::Piece>(entity)
    {
        piece.card = card;
    }
}

/// [`DuelEvent::CardTuned`]: the card is discarded and the first die that is neither omni nor
/// of the active character's element becomes that element.
pub(super) fn tuned(ctx: &mut Ctx<'_, Duel>, seat: Seat, card: u16) -> Flow {
    count_move(ctx);
    let Some(entity) = zones::hand_card(ctx.rules(), ctx.world(), seat, card) else {
        return Flow::Cancel;
    };
    let element = active_element(ctx, seat);
    if !perform(ctx, seat, DiceStep::Tuned { element }) {
        return Flow::Cancel;
    }
    let tag = zones::tag(ctx.rules(), card);
    edit(ctx, |s| s.sides[seat.index()].hand.revealed(tag));
    ctx.move_to(entity, Zone::Discard(seat));
    Flow::Continue
}

/// [`DuelEvent::Drawn`]: cards from the pile, each a chance point (beyond the hand limit, to
/// the discards: [`pile::draw`](crate::games::duel::pile::draw)), or buffered while the
/// seat's draws are off (`no_draw`).
pub(super) fn drawn(ctx: &mut Ctx<'_, Duel>, seat: Seat, count: u8, tag: Option<CardTag>) -> Flow {
    let world = ctx.world();
    if world.resource::<DuelControl>().no_draw[seat.index()] {
        let mut control = world.resource_mut::<DuelControl>();
        control.draw_buffer[seat.index()].push(Draw { tag, count });
    } else {
        let kept = crate::games::duel::pile::draw(ctx, seat, count, tag);
        edit(ctx, |s| s.sides[seat.index()].hand.drawn(tag, kept));
    }
    Flow::Continue
}
