//! What each card does: one file per card — its rules, its listeners (for equipment) and its
//! scenario tests; the numbers (suits, ranks, ranges) stay in `assets/sgs/cards.ron`. This
//! file is the registry: which file answers for which card, the listener handlers, and the
//! events every card shares (using a card, settling it, the trick's effect).

mod analeptic;
pub(super) mod answer;
mod crossbow;
mod dismantlement;
mod equipment;
mod ex_nihilo;
mod handler;
mod nioh_shield;
mod nullification;
mod peach;
mod qinggang_sword;
mod slash;
mod snatch;
mod take;

#[cfg(test)]
pub(super) mod scenario;

use super::board::{CardListeners, move_card};
use super::deck::{CardName, Deck};
use super::state::SgsState;
use super::{Sgs, SgsAction, SgsEvent};
use alea::kernel::{Seat, Setup, Zone};
use alea::pipeline::{Ctx, Flow, Listener};

pub(super) use equipment::limits;
pub use handler::OfCard;
pub(super) use handler::{ListenerSpec, View, take_answer};
pub(super) use nullification::window;
pub(super) use slash::effect as slash_effect;

/// The listeners card `name` carries while worn.
fn listeners(name: CardName) -> &'static [ListenerSpec] {
    match name {
        CardName::Crossbow => &crossbow::LISTENERS,
        CardName::QinggangSword => &qinggang_sword::LISTENERS,
        CardName::NiohShield => &nioh_shield::LISTENERS,
        _ => &[],
    }
}

/// Registers the listener handlers and spawns the listeners of every equipment card of `deck`,
/// disabled (equipping enables them; nothing is spawned during play).
pub(super) fn spawn_listeners(setup: &mut Setup<'_, Sgs>, deck: &Deck) {
    let mut registered: Vec<(&'static str, alea::pipeline::HandlerId)> = Vec::new();
    let mut index = Vec::new();
    for (card, c) in (0u8..).zip(deck.cards()) {
        let specs = equipment::listeners(c.name).iter().chain(listeners(c.name));
        for spec in specs {
            let id = match registered.iter().find(|(name, _)| *name == spec.name) {
                Some(&(_, id)) => id,
                None => {
                    let id = setup.handler(spec.name, spec.run);
                    registered.push((spec.name, id));
                    id
                }
            };
            let mut listener = Listener::new(spec.event, spec.timing, id)
                .priority(spec.priority)
                .disabled();
            listener.slot = equipment::slot(c.name);
            index.push((card, setup.spawn_listener(listener, OfCard(card))));
        }
    }
    setup.insert_resource(CardListeners(index));
}

/// The damage a slash `card` will deal now (1 + what the user drank this turn; 0 for other
/// cards).
pub(super) fn damage_of(deck: &Deck, card: u8, state: &SgsState) -> u8 {
    match deck.card(card).name {
        CardName::Slash => 1 + state.drunk,
        _ => 0,
    }
}

/// Pushes the legal uses of hand card `card` by `seat` in its play phase.
pub(super) fn uses(view: &View<'_>, seat: Seat, card: u8, out: &mut Vec<SgsAction>) {
    let itself = SgsAction::Use { card, target: None };
    let at = |target| SgsAction::Use {
        card,
        target: Some(target),
    };
    match view.deck.card(card).name {
        CardName::Slash => out.extend(slash::targets(view, seat).map(at)),
        CardName::Dismantlement => out.extend(dismantlement::targets(view, seat).map(at)),
        CardName::Snatch => out.extend(snatch::targets(view, seat).map(at)),
        CardName::Peach if peach::usable(view, seat) => out.push(itself),
        CardName::Analeptic if analeptic::usable(view) => out.push(itself),
        CardName::ExNihilo => out.push(itself),
        name if name.is_equipment() => out.push(itself),
        // Jink and nullification only answer; a peach needs a wound.
        _ => {}
    }
}

/// [`SgsEvent::Use`]: equipment goes on; any other card goes to the table, takes effect, and
/// settles into the discard pile.
pub(super) fn use_card(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let SgsEvent::Use {
        user,
        card,
        target,
        damage,
        ignore_armor,
    } = *event
    else {
        return Flow::Continue;
    };
    ctx.state().remember(user, SgsAction::Use { card, target });
    let name = ctx.game().deck.card(card).name;
    if name.is_equipment() {
        equipment::equip(ctx, user, card);
        return Flow::Continue;
    }
    move_card(ctx, card, Zone::Table);
    match name {
        CardName::Slash => slash::used(ctx, user, card, target, damage, ignore_armor),
        CardName::Peach => peach::used(ctx, user),
        CardName::Analeptic => analeptic::used(ctx),
        CardName::ExNihilo | CardName::Dismantlement | CardName::Snatch => {
            nullification::open(ctx, user, card, target.unwrap_or(user));
        }
        _ => {}
    }
    ctx.emit(SgsEvent::Settle { card });
    Flow::Continue
}

/// [`SgsEvent::TrickEffect`]: cancelled if nullified, else the trick's own effect.
pub(super) fn trick_effect(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let SgsEvent::TrickEffect { user, card, target } = *event else {
        return Flow::Continue;
    };
    if ctx.state().nullified() {
        return Flow::Cancel;
    }
    match ctx.game().deck.card(card).name {
        CardName::ExNihilo => ex_nihilo::effect(ctx, user),
        CardName::Dismantlement => dismantlement::effect(ctx, user, target),
        CardName::Snatch => snatch::effect(ctx, user, target),
        _ => Flow::Continue,
    }
}

/// [`SgsEvent::Settle`]: a used card leaves the table; the trick it was is over.
pub(super) fn settle(ctx: &mut Ctx<'_, Sgs>, card: u8) -> Flow {
    let entity = ctx.rules().cards()[usize::from(card)];
    if ctx.world().get::<Zone>(entity) == Some(&Zone::Table) {
        move_card(ctx, card, Zone::DiscardPile);
    }
    let state = ctx.state();
    if state.trick.is_some_and(|t| t.card == card) {
        state.trick = None;
        state.nullifications = 0;
    }
    Flow::Continue
}
