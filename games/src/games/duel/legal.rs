//! The decision to make: who must choose, and the legal actions in a stable order.

use bevy_ecs::prelude::*;

use super::catalog::{CardTag, Cost, Effect};
use super::pieces;
use super::state::{CARD_SLOTS, DuelState, Phase, SUPPORT_SLOTS, TEAM};
use super::{Duel, DuelAction, board, zones};
use crate::dice::{Face, MAX_DICE};
use alea::kernel::{Decision, Rules, Seat, Zone};

/// The most legal actions at once: 3 skills, 2 switches, a play and a tune per card, the end
/// of the round.
const MAX_ACTIONS: usize = 3 + 2 + 2 * CARD_SLOTS + 1;

/// Asks the seat that must choose (a replacement for a defeated active character first), or
/// finishes the game.
pub(super) fn decide(
    rules: &Rules<Duel>,
    world: &World,
    st: &DuelState,
    decision: &mut Decision<DuelAction>,
) {
    if st.phase == Phase::Over {
        decision.finish();
        return;
    }
    for seat in [Seat(0), Seat(1)] {
        if st.sides[seat.index()].must_switch {
            let team = board::fighters(rules, world, seat);
            let alive = (0..TEAM as u8).filter(|&i| team[usize::from(i)].alive);
            decision.ask(seat, alive.map(DuelAction::Choose));
            return;
        }
    }
    match st.phase {
        Phase::Mulligan(seat) => decision.ask(seat, redraws(rules, world, seat)),
        Phase::Start(seat) => decision.ask(seat, (0..TEAM as u8).map(DuelAction::Start)),
        Phase::Reroll(seat) => decision.ask(seat, [DuelAction::Keep, DuelAction::Reroll]),
        _ => actions(rules, world, st, st.turn, decision),
    }
}

/// The mulligan's choices: every distinct set of hand cards to put back, as masks over the
/// hand sorted by catalog index (of equal cards, the first ones), smallest mask first.
fn redraws(rules: &Rules<Duel>, world: &World, seat: Seat) -> impl Iterator<Item = DuelAction> {
    let hand = zones::sorted_hand(rules, world, seat);
    let n = hand.len().min(u16::BITS as usize - 1);
    let cards: Vec<u16> = hand.iter().map(|h| h.0).collect();
    (0..1u16 << n)
        .filter(move |&mask| {
            (1..n).all(|i| {
                let (this, prev) = (mask & (1 << i) != 0, mask & (1 << (i - 1)) != 0);
                !(this && !prev && cards[i] == cards[i - 1])
            })
        })
        .map(DuelAction::Redraw)
}

/// The legal actions of the player to move (stable order). Reads only the mover's dice and
/// cards, and allocates nothing.
fn actions(
    rules: &Rules<Duel>,
    world: &World,
    st: &DuelState,
    seat: Seat,
    out: &mut Decision<DuelAction>,
) {
    let side = &st.sides[seat.index()];
    let game = &rules.game;
    let faces = zones::faces(world, seat);
    let purse = zones::Purse::new(&faces);
    let team = board::fighters(rules, world, seat);
    let active = team[usize::from(side.active)];
    let element = game.element(&active);
    let character = &game.catalog.characters[usize::from(active.character)];
    // Many cards share a cost: check each cost once (the first few distinct ones are kept).
    let mut checked = [(Cost::default(), false); 8];
    let mut n_checked = 0;
    let mut affordable = |cost: Cost| match checked[..n_checked].iter().find(|c| c.0 == cost) {
        Some(c) => c.1,
        None => {
            let ok = purse.pay(cost, element).is_some();
            if n_checked < checked.len() {
                checked[n_checked] = (cost, ok);
                n_checked += 1;
            }
            ok
        }
    };
    let mut choices = [DuelAction::EndRound; MAX_ACTIONS];
    let mut len = 0;
    let mut push = |a: DuelAction| {
        choices[len] = a;
        len += 1;
    };
    if side.frozen & (1 << side.active) == 0 {
        for (k, skill) in character.skills.iter().enumerate() {
            let energy_ok = k < 2 || active.energy >= character.energy;
            if energy_ok && purse.pay(skill.cost, element).is_some() {
                push(DuelAction::Skill(k as u8));
            }
        }
    }
    let one = Cost {
        any: 1,
        ..Default::default()
    };
    if purse.pay(one, element).is_some() {
        for i in 0..TEAM as u8 {
            if i != side.active && team[usize::from(i)].alive {
                push(DuelAction::Switch(i));
            }
        }
    }
    let tunable = faces
        .iter()
        .flatten()
        .any(|&f| f != Face::Omni && f != element);
    // The distinct cards in hand, sorted.
    let cards = zones::seat_cards(world, seat);
    let mut hand = [u16::MAX; CARD_SLOTS];
    let mut n_hand = 0;
    for i in cards.slots_in(Zone::Hand(seat)) {
        hand[n_hand] = cards.card[i];
        n_hand += 1;
    }
    hand[..n_hand].sort_unstable();
    let mut distinct = 0;
    for i in 0..n_hand {
        if i == 0 || hand[i] != hand[i - 1] {
            hand[distinct] = hand[i];
            distinct += 1;
        }
    }
    let hand = &hand[..distinct];
    let mut support_room = None;
    for &c in hand {
        let card = &game.catalog.cards[usize::from(c)];
        let playable = match &card.effect {
            Effect::Nothing => false,
            Effect::CreateDice(_) => faces.iter().flatten().count() < MAX_DICE,
            Effect::SwitchNext => board::next_alive(rules, world, seat, side.active).is_some(),
            _ if card.tag == CardTag::Support => {
                *support_room.get_or_insert_with(|| pieces::row_len(st, seat, true) < SUPPORT_SLOTS)
            }
            _ => true,
        };
        if playable && affordable(card.cost) {
            push(DuelAction::Play(c));
        }
    }
    if tunable {
        for &c in hand {
            push(DuelAction::Tune(c));
        }
    }
    push(DuelAction::EndRound);
    out.ask(seat, choices[..len].iter().copied());
}
