//! Hidden information: what a seat observes, and the worlds consistent with
//! it. A seat sees its own hand and role, every face-up card (equipment, the table, the
//! discard pile), the cards it was shown (a card it drew, or took or lost blind), how many
//! cards each hand and the draw pile hold, the public roles (the lord's, the dead's), hp,
//! the turn, the question being asked, and every action taken (all are public: cards are
//! used face up). It does not see other hands, the draw pile's order, or hidden roles.

use std::hash::{Hash, Hasher};

use bevy_ecs::prelude::*;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::board::Board;
use super::deck::MAX_CARDS;
use super::evidence::{self, Denial};
use super::state::{MAX_SEATS, NO_CARD, Role, SgsState};
use super::{Sgs, SgsEvent};
use alea::kernel::{Rules, Seat, Sim, Table, Zone};

/// Feeds everything `seat` has observed to `hasher` (see the module docs).
pub(super) fn observe(
    rules: &Rules<Sgs>,
    world: &World,
    table: &Table,
    state: &SgsState,
    seat: Seat,
    mut h: &mut dyn Hasher,
) {
    let seats = usize::from(table.seats);
    seat.hash(&mut h);
    table.active.hash(&mut h);
    for (s, st) in state.seats[..seats].iter().enumerate() {
        let role = (st.revealed || s == seat.index()).then_some(st.role);
        (st.hp, st.max_hp, st.alive, role, st.slash_limit, st.range).hash(&mut h);
    }
    (
        state.lord,
        state.current,
        state.phase,
        state.turns,
        state.round,
    )
        .hash(&mut h);
    (state.slashes, state.analeptic_used, state.drunk).hash(&mut h);
    (
        state.trick,
        state.nullifications,
        state.question,
        state.outcome,
    )
        .hash(&mut h);
    (state.pile_len, state.history).hash(&mut h);
    let board = Board::read(rules, world);
    let mut hands = [0u8; MAX_SEATS];
    for (card, zone) in board.cards() {
        if let Zone::Hand(s) = zone {
            hands[s.index()] += 1;
        }
        let seen = state.knows(seat, card).then_some(zone);
        seen.hash(&mut h);
    }
    hands.hash(&mut h);
}

/// Re-deals what `viewer` cannot see, uniformly among the worlds consistent with what it saw:
/// the cards it does not know are shuffled (taken in deck order, so the result does not depend
/// on where they really were) and dealt to the other seats' hands, as many as each holds
/// beyond the cards the viewer knows there, and the rest form the draw pile; the hidden roles
/// (not the viewer's, the lord's or the dead's) are shuffled among their seats. Call it when
/// the viewer is to move (a question pending for another seat keeps naming its old hand).
pub(super) fn determinize(
    rules: &Rules<Sgs>,
    world: &mut World,
    state: &mut SgsState,
    viewer: Seat,
    rng: &mut ChaCha8Rng,
) {
    redeal(rules, world, state, viewer, rng, 1);
}

/// [`determinize`] weighted by the seats' passes: [`evidence::CANDIDATES`] deals are drawn
/// and one is kept with probability proportional to the [`Evidence`](evidence::Evidence)'s
/// likelihood of every other seat's hand in it (sampling importance resampling: the posterior
/// of the model in [`evidence`], approached as the candidates grow).
pub(super) fn determinize_posterior(
    rules: &Rules<Sgs>,
    world: &mut World,
    _: &alea::kernel::Table,
    state: &mut SgsState,
    viewer: Seat,
    rng: &mut ChaCha8Rng,
) {
    redeal(rules, world, state, viewer, rng, evidence::CANDIDATES);
}

/// [`Sim::determinize`] with the posterior deal (the seats' passes weigh the hands): a
/// [`Determinize`](alea::search::Determinize) for search and benefit simulation.
pub fn posterior(sim: &mut Sim<Sgs>, viewer: Seat, seed: u64) {
    sim.try_determinize_with(viewer, seed, determinize_posterior);
}

/// The card number of entity `entity` (its place among the rules' cards).
fn card_of(rules: &Rules<Sgs>, entity: Entity) -> Option<u8> {
    let at = rules.cards().iter().position(|&e| e == entity)?;
    u8::try_from(at).ok()
}

/// [`Game::swapped`](alea::kernel::Game::swapped): each pair of cards that traded zones
/// trades its place in the draw pile, its holdings entry and what the seats know of where it
/// is (whoever saw the one card's place now sees the other there).
pub(super) fn swapped(rules: &Rules<Sgs>, state: &mut SgsState, swaps: &[alea::determinize::Swap]) {
    for swap in swaps {
        let (Some(a), Some(b)) = (card_of(rules, swap.incoming), card_of(rules, swap.outgoing))
        else {
            continue;
        };
        state.holdings.moved(a, swap.from, swap.to);
        state.holdings.moved(b, swap.to, swap.from);
        state.known.swap(usize::from(a), usize::from(b));
        let len = usize::from(state.pile_len);
        for slot in &mut state.pile[..len] {
            if *slot == a {
                *slot = b;
            } else if *slot == b {
                *slot = a;
            }
        }
    }
}

/// [`Game::put_on_top`](alea::kernel::Game::put_on_top) for the draw pile: `top` (in the
/// pile) goes on top, the first drawn first, the rest keeping their order below. The set top
/// ([`SgsState::pile_set`]) grows by the cards that were not in it: they are drawn as placed.
pub(super) fn put_on_top(rules: &Rules<Sgs>, state: &mut SgsState, top: &[Entity]) -> bool {
    let top: Vec<u8> = top.iter().filter_map(|&e| card_of(rules, e)).collect();
    let pile = state.pile().to_vec();
    if !top.iter().all(|card| pile.contains(card)) {
        return false;
    }
    let set = &pile[pile.len().saturating_sub(usize::from(state.pile_set))..];
    let still_set = set.iter().filter(|card| !top.contains(card)).count();
    let mut order: Vec<u8> = pile.iter().copied().filter(|c| !top.contains(c)).collect();
    order.extend(top.iter().rev());
    state.pile[..order.len()].copy_from_slice(&order);
    state.pile_set = (top.len() + still_set) as u8;
    true
}

/// The cards `viewer` cannot place, and how the other seats' hands hold them.
struct Unknown {
    /// The unknown cards, in deck order.
    cards: [u8; MAX_CARDS],
    len: usize,
    /// Per seat, the unknown cards its hand holds.
    need: [usize; MAX_SEATS],
    /// Per seat, the cards the viewer knows in its hand, and how many of them each denial
    /// denies.
    known: [(usize, [usize; 2]); MAX_SEATS],
}

impl Unknown {
    fn of(rules: &Rules<Sgs>, board: &Board, state: &SgsState, viewer: Seat) -> Unknown {
        let mut unknown = Unknown {
            cards: [0; MAX_CARDS],
            len: 0,
            need: [0; MAX_SEATS],
            known: [(0, [0; 2]); MAX_SEATS],
        };
        for (card, zone) in board.cards() {
            let Zone::Hand(s) = zone else {
                // Face-up zones are known to all; anything else stays where it is.
                if zone == Zone::Stock && !state.knows(viewer, card) {
                    unknown.cards[unknown.len] = card;
                    unknown.len += 1;
                }
                continue;
            };
            if state.knows(viewer, card) {
                let (held, denied) = &mut unknown.known[s.index()];
                *held += 1;
                count_denied(rules, card, denied);
            } else {
                unknown.need[s.index()] += 1;
                unknown.cards[unknown.len] = card;
                unknown.len += 1;
            }
        }
        unknown
    }

    /// The likelihood of the seats' passes when `order` is dealt (see [`redeal`]).
    fn likelihood(&self, rules: &Rules<Sgs>, state: &SgsState, seats: u8, order: &[u8]) -> f64 {
        let mut dealt = 0;
        let mut weight = 1.0;
        for s in (0..seats).map(Seat) {
            let need = self.need[s.index()];
            let (known, mut denied) = self.known[s.index()];
            for &card in &order[dealt..dealt + need] {
                count_denied(rules, card, &mut denied);
            }
            dealt += need;
            weight *= state.evidence.likelihood(s, known + need, denied);
        }
        weight
    }

    /// `candidates` shuffles of the unknown cards, one kept in proportion to the likelihood
    /// of the seats' passes when it is dealt.
    fn weighted_order(
        &self,
        rules: &Rules<Sgs>,
        state: &SgsState,
        seats: u8,
        candidates: usize,
        rng: &mut ChaCha8Rng,
    ) -> [u8; MAX_CARDS] {
        let n = self.len;
        let mut orders = [[0u8; MAX_CARDS]; evidence::CANDIDATES];
        let mut weights = [0.0; evidence::CANDIDATES];
        for (order, weight) in orders.iter_mut().zip(&mut weights).take(candidates) {
            order[..n].copy_from_slice(&self.cards[..n]);
            order[..n].shuffle(rng);
            *weight = self.likelihood(rules, state, seats, &order[..n]);
        }
        orders[alea::chance::pick_weighted(&weights[..candidates], rng)]
    }
}

/// Adds `card` to the denials that deny it.
fn count_denied(rules: &Rules<Sgs>, card: u8, denied: &mut [usize; 2]) {
    let name = rules.game.deck.card(card).name;
    for d in Denial::ALL {
        denied[d as usize] += usize::from(d.denies(name));
    }
}

/// Re-deals for `viewer` (see [`determinize`]): `candidates` shuffles of the unknown cards,
/// one kept in proportion to the evidence's likelihood (the only one when `candidates` is 1,
/// or when no seat has passed anything).
fn redeal(
    rules: &Rules<Sgs>,
    world: &mut World,
    state: &mut SgsState,
    viewer: Seat,
    rng: &mut ChaCha8Rng,
    candidates: usize,
) {
    let seats = rules.game.mode.seats();
    let board = Board::read(rules, world);
    let unknown = Unknown::of(rules, &board, state, viewer);
    let n = unknown.len;
    let candidates = if state.evidence.says_nothing_to(viewer) {
        1
    } else {
        candidates.clamp(1, evidence::CANDIDATES)
    };
    let order = match candidates {
        1 => {
            let mut order = unknown.cards;
            order[..n].shuffle(rng);
            order
        }
        _ => unknown.weighted_order(rules, state, seats, candidates, rng),
    };
    let order = &order[..n];
    let mut zones = [Zone::Removed; MAX_CARDS];
    let mut dealt = 0;
    for s in (0..seats).map(Seat) {
        let need = unknown.need[s.index()];
        for &card in &order[dealt..dealt + need] {
            zones[usize::from(card)] = Zone::Hand(s);
            state.known[usize::from(card)] = 1 << s.0;
        }
        dealt += need;
    }
    let pile = &order[dealt..];
    for &card in pile {
        zones[usize::from(card)] = Zone::Stock;
        state.known[usize::from(card)] = 0;
    }
    for &card in order {
        let c = usize::from(card);
        state.holdings.moved(card, board.zone(card), zones[c]);
    }
    state.pile_len = 0;
    state.pile_set = 0;
    state.pile = [NO_CARD; MAX_CARDS];
    state.put_under_pile(pile);
    shuffle_roles(state, seats, viewer, rng);
    for &card in order {
        // Most unknown cards stay in the draw pile: only the cards that move are written.
        let to = zones[usize::from(card)];
        let entity = rules.cards()[usize::from(card)];
        if board.zone(card) != to
            && let Some(mut zone) = world.get_mut::<Zone>(entity)
        {
            *zone.bypass_change_detection() = to;
        }
    }
}

/// Shuffles the roles `viewer` cannot see among their seats (the roles in a fixed order
/// first, so the result depends only on which seats hide them).
fn shuffle_roles(state: &mut SgsState, seats: u8, viewer: Seat, rng: &mut ChaCha8Rng) {
    let mut hidden = [false; MAX_SEATS];
    let mut roles = [Role::Lord; MAX_SEATS];
    let mut n = 0;
    let seats = usize::from(seats);
    for (s, (hide, seat)) in hidden.iter_mut().zip(&state.seats).take(seats).enumerate() {
        *hide = s != viewer.index() && !seat.revealed;
        if *hide {
            roles[n] = seat.role;
            n += 1;
        }
    }
    let roles = &mut roles[..n];
    roles.sort_unstable();
    roles.shuffle(rng);
    let mut next = roles.iter();
    for (seat, _) in state.seats.iter_mut().zip(hidden).filter(|(_, h)| *h) {
        if let Some(&role) = next.next() {
            seat.role = role;
        }
    }
}

/// The card index an event shows in place of a card its viewer may not see (outside every
/// deck, and not [`NO_CARD`]).
pub const UNKNOWN_CARD: u8 = u8::MAX - 1;

/// `event` as `viewer` sees it: the card a snatch takes into the snatcher's hand is known to
/// the two seats only ([`UNKNOWN_CARD`] to the others, even when it came from the equipment
/// they saw); draws name no cards, and every other card is shown to all.
pub(super) fn seen_by(event: &SgsEvent, viewer: Seat) -> Option<SgsEvent> {
    match *event {
        SgsEvent::Lost {
            from, to: Some(to), ..
        } if viewer != from && viewer != to => Some(SgsEvent::Lost {
            from,
            card: UNKNOWN_CARD,
            to: Some(to),
        }),
        _ => Some(*event),
    }
}
