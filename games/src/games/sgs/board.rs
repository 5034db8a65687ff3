//! Where the cards are: every card's [`Zone`] read in one pass ([`Board`]), and the one way
//! a card moves ([`move_card`]), which keeps who-knows-what and the equipment's listeners in
//! step with the move.

use bevy_ecs::prelude::*;

use super::deck::MAX_CARDS;
use super::holdings::{Cards, Holdings};
use super::pile::NextCard;
use super::state::EVERYONE;
use super::{Sgs, SgsEvent};
use alea::kernel::{Rules, Seat, Zone};
use alea::pipeline::{Ctx, Listener};

/// Every card's zone, by deck index, read in one pass over the cards' table column, with the
/// seats' [`Holdings`] worked out from it: how code outside the rules (a client, the log,
/// hidden information, tests) sees where the cards are. The rules keep the holdings in the
/// game's state and read a board only for rare full scans (a reshuffle, a position).
#[derive(Clone, Copy, Debug)]
pub struct Board {
    zones: [Zone; MAX_CARDS],
    len: u8,
    holdings: Holdings,
}

impl Board {
    /// Reads the zones of `rules`'s cards in `world`.
    pub fn read(rules: &Rules<Sgs>, world: &World) -> Board {
        let len = rules.game.deck.len();
        let mut zones = [Zone::Removed; MAX_CARDS];
        rules.card_zones(world, &mut zones[..len]);
        Board {
            zones,
            len: len as u8,
            holdings: Holdings::of(zones[..len].iter().copied()),
        }
    }

    /// Where card `card` is.
    pub fn zone(&self, card: u8) -> Zone {
        self.zones[usize::from(card)]
    }

    /// Every card with its zone, in deck order.
    pub fn cards(&self) -> impl Iterator<Item = (u8, Zone)> + '_ {
        (0u8..).zip(self.zones[..usize::from(self.len)].iter().copied())
    }

    /// The cards in `zone`, in deck order.
    pub fn in_zone(&self, zone: Zone) -> impl Iterator<Item = u8> + '_ {
        self.cards()
            .filter(move |&(_, z)| z == zone)
            .map(|(c, _)| c)
    }

    /// How many cards are in `zone`.
    pub fn count(&self, zone: Zone) -> usize {
        self.in_zone(zone).count()
    }

    /// The seats' hands and equipment.
    pub fn holdings(&self) -> &Holdings {
        &self.holdings
    }

    /// `seat`'s hand, in deck order.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.holdings.hand(seat)
    }
}

/// The listener entities of each equipment card, spawned disabled at setup (a static index,
/// not game state).
#[derive(Resource, Default)]
#[component(immutable)]
pub struct CardListeners(pub(super) Vec<(u8, Entity)>);

/// Who knows where a card is after it moves from `from` to `to`: a draw is seen by the
/// drawer, a blind take by the taker and the loser, a card coming out of a face-up zone (or
/// going into one) by everyone, and the draw pile hides its cards from all.
fn known_after(from: Zone, to: Zone) -> u8 {
    let bit = |s: Seat| 1u8 << s.0;
    match (from, to) {
        (_, Zone::Stock) => 0,
        (Zone::Stock, Zone::Hand(s)) => bit(s),
        (Zone::Hand(v), Zone::Hand(s)) => bit(s) | bit(v),
        _ => EVERYONE,
    }
}

/// Moves card `card` to `to` (recorded like every move, see [`Ctx::move_to`]), updating who
/// knows where it is; a card leaving an equipment area disables its listeners, one entering
/// it enables them for the wearer, and either way the seat's [`SgsEvent::Limits`] are
/// worked out again.
pub fn move_card(ctx: &mut Ctx<'_, Sgs>, card: u8, to: Zone) {
    let entity = ctx.rules().cards()[usize::from(card)];
    let Some(from) = ctx.move_to(entity, to) else {
        return;
    };
    let state = ctx.state();
    state.known[usize::from(card)] = known_after(from, to);
    state.holdings.moved(card, from, to);
    if from == to {
        return;
    }
    if let Zone::Hand(seat) = from {
        let name = ctx.game().deck.card(card).name;
        let state = ctx.state();
        let name = (state.known[usize::from(card)] == EVERYONE).then_some(name);
        let hand = state.holdings.hand(seat).len();
        state.evidence.left(seat, name, hand);
    }
    if let Zone::Equipment(seat) = from {
        wear(ctx, card, None);
        ctx.emit(limits(seat));
    }
    if let Zone::Equipment(seat) = to {
        wear(ctx, card, Some(seat));
        ctx.emit(limits(seat));
    }
}

/// A [`SgsEvent::Limits`] for `seat` with the base values (one slash, range 1).
fn limits(seat: Seat) -> SgsEvent {
    SgsEvent::Limits {
        seat,
        slash_limit: 1,
        range: 1,
    }
}

/// Enables `card`'s listeners for `wearer`, or disables them (`None`).
fn wear(ctx: &mut Ctx<'_, Sgs>, card: u8, wearer: Option<Seat>) {
    let index = ctx.world().resource::<CardListeners>();
    let first = index.0.partition_point(|&(c, _)| c < card);
    let mut entities = [Entity::PLACEHOLDER; 4];
    let mut n = 0;
    for &(c, entity) in &index.0[first..] {
        if c != card || n == entities.len() {
            break;
        }
        entities[n] = entity;
        n += 1;
    }
    for &entity in &entities[..n] {
        if let Some(mut listener) = ctx.world().get_mut::<Listener>(entity) {
            listener.seat = wearer;
        }
        ctx.set_enabled(entity, wearer.is_some());
    }
}

/// The seat wearing the listener being run (`None` outside a listener or when unworn).
pub fn wearer(ctx: &mut Ctx<'_, Sgs>) -> Option<Seat> {
    let entity = ctx.listener()?;
    ctx.world().get::<Listener>(entity)?.seat
}

/// Draws `count` cards for `seat` from the draw pile, each the [`NextCard`] chance point
/// (the cards of a set top as set); when the pile holds too few, the discard pile is shuffled
/// under it first (the draw stream decides the order). Returns false, drawing nothing, when
/// even then there are too few: the game is then a draw.
pub fn draw(ctx: &mut Ctx<'_, Sgs>, seat: Seat, count: u8) -> bool {
    if ctx.state().pile_len < count {
        reshuffle(ctx);
        if ctx.state().pile_len < count {
            return false;
        }
    }
    for _ in 0..count {
        if let Some(card) = next_card(ctx) {
            move_card(ctx, card, Zone::Hand(seat));
        }
    }
    true
}

/// Takes the next card from the draw pile: the top one while its order is set, else the
/// card the [`NextCard`] chance point names.
fn next_card(ctx: &mut Ctx<'_, Sgs>) -> Option<u8> {
    let state = ctx.state();
    if state.pile_set > 0 {
        state.pile_set -= 1;
        return state.pop_pile();
    }
    if state.pile_len == 0 {
        return None;
    }
    let point = NextCard::of(state);
    let card = ctx.chance(&point);
    ctx.state().take_from_pile(card)
}

/// Shuffles the discard pile (taken in deck order) under the draw pile.
fn reshuffle(ctx: &mut Ctx<'_, Sgs>) {
    use rand::seq::SliceRandom;
    let board = Board::read(ctx.rules(), ctx.world());
    let mut cards = [0u8; MAX_CARDS];
    let mut n = 0;
    for card in board.in_zone(Zone::DiscardPile) {
        cards[n] = card;
        n += 1;
    }
    if n == 0 {
        return;
    }
    let cards = &mut cards[..n];
    cards.shuffle(
        ctx.world()
            .resource_mut::<alea::chance::Streams>()
            .rng(alea::chance::Purpose::Draw),
    );
    for &card in cards.iter() {
        move_card(ctx, card, Zone::Stock);
    }
    ctx.state().put_under_pile(cards);
    ctx.emit(SgsEvent::Reshuffled { cards: n as u8 });
}
