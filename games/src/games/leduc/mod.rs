//! Leduc poker, with OpenSpiel's `leduc_poker` rules for two players (default parameters).
//!
//! - A deck of six cards: J, Q, K in two suits ([`CardId`] `rank * 2 + suit`).
//! - Each player antes 1 chip and is dealt one private card: at setup, P0 then P1, each a
//!   chance point ([`PrivateCard`]) with one case per stock card in [`CardId`] order (sampled
//!   from the seed's [`Purpose::Deal`] stream unless a case is forced), so the deal is
//!   chance nodes like OpenSpiel's `leduc_poker`'s.
//! - Two betting rounds, seat 0 acting first in each. *Call* matches the current stakes (a
//!   check when there is nothing to call); *raise* matches and then raises by 2 in round 1 and
//!   by 4 in round 2; at most 2 raises per round; *fold* is legal only when facing a bet.
//!   A round ends when both players have called with no raise, or when the raise has been called.
//! - Between the rounds one public card is revealed: a chance point ([`PublicCard`]) with one
//!   case per stock card, in [`CardId`] order, so search can enumerate it exactly.
//! - Showdown: a private card pairing the public card wins, otherwise the higher rank wins;
//!   equal ranks split the pot. Returns are the chips won or lost (zero-sum).

mod encode;
mod entry;
mod players;

pub use entry::ENTRY;
pub use players::{DEFAULT_ITERATIONS, LeducIsmcts};

use std::hash::Hasher;

use bevy_ecs::prelude::*;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use alea::chance::{CaseGenerator, Purpose};
use alea::determinize;
use alea::kernel::{CardId, Decision, Game, GameEvent, Rules, Seat, Setup, Table, Zone};
use alea::pipeline::{Ctx, Flow, RootEvents};

/// Cards in the deck.
pub const DECK: usize = 6;
/// Chips each player antes.
pub const ANTE: u32 = 1;
/// Raise size in round 1 and round 2.
pub const RAISE: [u32; 2] = [2, 4];
/// Raises allowed per betting round.
pub const MAX_RAISES: u8 = 2;
/// The most actions a betting round can take (e.g. call, raise, raise, call).
pub const MAX_BETS_PER_ROUND: usize = 4;

/// Leduc poker's configuration: two players, OpenSpiel's defaults (nothing to set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leduc;

/// A player's choice, in OpenSpiel's action order (0 fold, 1 call, 2 raise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeducAction {
    /// Give up the hand (legal only when facing a bet).
    Fold,
    /// Match the current stakes (a check when there is nothing to call).
    Call,
    /// Match the current stakes, then raise them by the round's raise size.
    Raise,
}

impl std::fmt::Display for LeducAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LeducAction::Fold => "fold",
            LeducAction::Call => "call",
            LeducAction::Raise => "raise",
        })
    }
}

/// What happens in Leduc poker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, GameEvent)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum LeducEvent {
    /// `seat` puts `chips` into the pot with a call (0 chips: a check) or a raise.
    Bet {
        /// Who bets.
        seat: Seat,
        /// [`LeducAction::Call`] or [`LeducAction::Raise`].
        action: LeducAction,
        /// The chips put in (listeners may change them).
        chips: u32,
    },
    /// `seat` folds; the other seat wins the pot.
    Folded {
        /// Who folds.
        seat: Seat,
    },
    /// Betting round `round` (1 or 2) is over.
    RoundEnded {
        /// The round that ended.
        round: u8,
    },
    /// `seat` is dealt its private card from the stock (a chance point, at setup).
    Deal {
        /// Who is dealt a card.
        seat: Seat,
    },
    /// The public card is drawn from the stock (the chance point).
    RevealPublic,
    /// `card` is the public card.
    PublicRevealed {
        /// The public card.
        card: CardId,
    },
    /// The hands are compared and the pot is awarded.
    Showdown,
}

impl std::fmt::Display for LeducEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeducEvent::Bet {
                seat,
                action: LeducAction::Call,
                chips: 0,
            } => write!(f, "{seat} checks"),
            LeducEvent::Bet {
                seat,
                action,
                chips,
            } => write!(f, "{seat} {action}s, putting in {chips}"),
            LeducEvent::Folded { seat } => write!(f, "{seat} folds"),
            LeducEvent::RoundEnded { round } => write!(f, "betting round {round} ends"),
            LeducEvent::Deal { seat } => write!(f, "{seat} is dealt a card"),
            LeducEvent::RevealPublic => write!(f, "the public card is drawn"),
            LeducEvent::PublicRevealed { card } => write!(f, "the public card is {}", name(*card)),
            LeducEvent::Showdown => write!(f, "showdown"),
        }
    }
}

/// The rank of `card`: 0 jack, 1 queen, 2 king.
pub fn rank(card: CardId) -> u16 {
    card.0 / 2
}

/// A short name for `card`: rank letter and suit letter (`"Js"`, `"Kh"`).
pub fn name(card: CardId) -> &'static str {
    const NAMES: [&str; DECK] = ["Js", "Jh", "Qs", "Qh", "Ks", "Kh"];
    NAMES.get(usize::from(card.0)).copied().unwrap_or("??")
}

/// How the hand stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Still being played.
    #[default]
    Playing,
    /// `Seat` won the pot (by a fold or at showdown).
    Won(Seat),
    /// Equal hands at showdown: the pot is split.
    Split,
}

/// The betting state, Leduc's [`Game::State`] (kept in the pipeline's state, reached with no
/// world lookup): plain fixed-size data (copying it never allocates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeducState {
    /// The betting round, 1 or 2 (OpenSpiel's numbering).
    pub round: u8,
    /// The contribution each seat must match (OpenSpiel's `stakes`).
    pub stakes: u32,
    /// Each seat's chips in the pot, ante included.
    pub contributed: [u32; 2],
    /// Raises made this round.
    pub raises: u8,
    /// Calls made this round since the last raise.
    pub calls: u8,
    /// The actions of each round, oldest first (`None` past the round's length).
    pub history: [[Option<LeducAction>; MAX_BETS_PER_ROUND]; 2],
    /// How the hand stands.
    pub outcome: Outcome,
}

impl Default for LeducState {
    fn default() -> Self {
        LeducState {
            round: 1,
            stakes: ANTE,
            contributed: [ANTE; 2],
            raises: 0,
            calls: 0,
            history: [[None; MAX_BETS_PER_ROUND]; 2],
            outcome: Outcome::Playing,
        }
    }
}

impl LeducState {
    /// The chips in the pot.
    pub fn pot(&self) -> u32 {
        self.contributed.iter().sum()
    }

    /// The chips `seat` must put in to call.
    pub fn to_call(&self, seat: Seat) -> u32 {
        self.stakes.saturating_sub(self.contributed[seat.index()])
    }

    /// The actions of round `round` (1 or 2).
    pub fn actions(&self, round: u8) -> impl Iterator<Item = LeducAction> + '_ {
        self.history[usize::from(round.clamp(1, 2) - 1)]
            .iter()
            .map_while(|a| *a)
    }

    fn push(&mut self, action: LeducAction) {
        let round = &mut self.history[usize::from(self.round - 1)];
        if let Some(slot) = round.iter_mut().find(|a| a.is_none()) {
            *slot = Some(action);
        } else {
            debug_assert!(false, "more than {MAX_BETS_PER_ROUND} actions in a round");
        }
    }

    /// True when the current betting round is over (OpenSpiel's `ReadyForNextRound` for two
    /// players still in).
    fn round_over(&self) -> bool {
        (self.raises == 0 && self.calls == 2) || (self.raises > 0 && self.calls == 1)
    }
}

/// The reveal of the public card: case `k` is the `k`-th stock card in [`CardId`] order,
/// all equally likely.
#[derive(Clone, Copy, Debug)]
pub struct PublicCard {
    /// The stock cards, in [`CardId`] order (the first `len` entries).
    pub remaining: [CardId; DECK],
    /// How many cards the stock holds.
    pub len: u8,
}

impl PublicCard {
    /// The stock of `world`, in [`CardId`] order.
    pub fn of(rules: &Rules<Leduc>, world: &World) -> Self {
        let mut generator = PublicCard {
            remaining: [CardId(0); DECK],
            len: 0,
        };
        // Card `i` is `CardId(i)` (see `cards_in`).
        for (i, &zone) in zones(rules, world).iter().enumerate() {
            if zone == Zone::Stock {
                generator.remaining[usize::from(generator.len)] = CardId(i as u16);
                generator.len += 1;
            }
        }
        generator
    }
}

impl CaseGenerator for PublicCard {
    type Outcome = CardId;
    fn name(&self) -> &'static str {
        "public_card"
    }
    fn max_case(&self) -> u32 {
        u32::from(self.len)
    }
    fn produce(&self, case: u32) -> CardId {
        self.remaining[case as usize]
    }
    /// The card's id (`rank * 2 + suit`, OpenSpiel's `leduc_poker` numbering).
    fn outcome_id(&self, case: u32) -> Option<u32> {
        Some(u32::from(self.produce(case).0))
    }
    fn purpose(&self) -> Purpose {
        // Not `Deal`: the private cards are drawn from that stream.
        Purpose::Draw
    }
}

/// The deal of `seat`'s private card: case `k` is the `k`-th stock card in [`CardId`] order,
/// all equally likely (OpenSpiel's deal: P0 from six cards, then P1 from five).
#[derive(Clone, Copy, Debug)]
pub struct PrivateCard {
    /// The stock, as the public card's reveal lists it.
    pub stock: PublicCard,
}

impl CaseGenerator for PrivateCard {
    type Outcome = CardId;
    fn name(&self) -> &'static str {
        "private_card"
    }
    fn max_case(&self) -> u32 {
        self.stock.max_case()
    }
    fn produce(&self, case: u32) -> CardId {
        self.stock.produce(case)
    }
    /// The card's id, as for the public card.
    fn outcome_id(&self, case: u32) -> Option<u32> {
        self.stock.outcome_id(case)
    }
    fn purpose(&self) -> Purpose {
        Purpose::Deal
    }
}

/// The card in `zone` (the first in [`CardId`] order), if any.
pub fn card_in(rules: &Rules<Leduc>, world: &World, zone: Zone) -> Option<CardId> {
    cards_in(&zones(rules, world), zone)
}

/// Every card's zone, in spawn order (one read of the cards' table column).
fn zones(rules: &Rules<Leduc>, world: &World) -> [Zone; DECK] {
    let mut zones = [Zone::Removed; DECK];
    rules.card_zones(world, &mut zones);
    zones
}

/// The card in `zone` given every card's zone (`zones`, in spawn order: the setup spawns
/// card `i` as `CardId(i)`, so a card's place is its id).
fn cards_in(zones: &[Zone; DECK], zone: Zone) -> Option<CardId> {
    let i = zones.iter().position(|&z| z == zone)?;
    Some(CardId(i as u16))
}

/// `seat`'s private card.
pub fn private_card(rules: &Rules<Leduc>, world: &World, seat: Seat) -> Option<CardId> {
    card_in(rules, world, Zone::Hand(seat))
}

/// The public card, once revealed.
pub fn public_card(rules: &Rules<Leduc>, world: &World) -> Option<CardId> {
    card_in(rules, world, Zone::Table)
}

/// OpenSpiel's hand rank: a pair beats any non-pair; otherwise the higher card's rank, then
/// the lower card's rank (the public card is shared, so this compares the private ranks).
fn hand_rank(private: CardId, public: CardId) -> u16 {
    let (low, high) = (
        rank(private).min(rank(public)),
        rank(private).max(rank(public)),
    );
    if low == high {
        100 + low
    } else {
        high * 3 + low
    }
}

/// Where each card (by [`CardId`]) starts in the game seeded with `seed` (each private card
/// is the [`PrivateCard`] chance point's draw from the seed's deal stream): builds the game
/// to read them.
pub fn deal(seed: u64) -> [Zone; DECK] {
    let sim = alea::kernel::SimBuilder::new(Leduc).seed(seed).build();
    zones(sim.rules(), sim.world())
}

/// Deals `seat` its private card from the stock (the [`PrivateCard`] chance point).
fn deal_private(ctx: &mut Ctx<'_, Leduc>, seat: Seat) {
    let rules = ctx.rules();
    let stock = PublicCard::of(rules, ctx.world());
    if stock.len == 0 {
        return;
    }
    let card = ctx.chance(&PrivateCard { stock });
    ctx.move_to(rules.cards()[usize::from(card.0)], Zone::Hand(seat));
}

/// The setup's events: P0's private card, then P1's.
pub const DEAL: [LeducEvent; 2] = [
    LeducEvent::Deal { seat: Seat(0) },
    LeducEvent::Deal { seat: Seat(1) },
];

impl Game for Leduc {
    type Action = LeducAction;
    type Event = LeducEvent;
    type State = LeducState;

    fn name(&self) -> &'static str {
        "leduc"
    }

    fn seats(&self) -> u8 {
        2
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        for s in 0..2 {
            setup.spawn_player(Seat(s), ());
        }
        for id in 0..DECK as u16 {
            setup.spawn_card(CardId(id), Zone::Stock, ());
        }
        for event in DEAL {
            setup.emit(event);
        }
    }

    fn translate(
        _: &Rules<Leduc>,
        _: &World,
        _: &Table,
        state: &LeducState,
        seat: Seat,
        action: LeducAction,
        out: &mut RootEvents<'_, LeducEvent>,
    ) {
        let to_call = state.to_call(seat);
        out.push(match action {
            LeducAction::Fold => LeducEvent::Folded { seat },
            LeducAction::Call => LeducEvent::Bet {
                seat,
                action,
                chips: to_call,
            },
            LeducAction::Raise => LeducEvent::Bet {
                seat,
                action,
                chips: to_call + RAISE[usize::from(state.round - 1)],
            },
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut LeducEvent) -> Flow {
        match *event {
            LeducEvent::Bet {
                seat,
                action,
                chips,
            } => {
                let state = ctx.state();
                state.contributed[seat.index()] += chips;
                state.push(action);
                if action == LeducAction::Raise {
                    state.stakes = state.stakes.max(state.contributed[seat.index()]);
                    state.raises += 1;
                    state.calls = 0;
                } else {
                    state.calls += 1;
                }
                if state.round_over() {
                    let round = state.round;
                    ctx.emit(LeducEvent::RoundEnded { round });
                } else {
                    ctx.table().pass_turn();
                }
            }
            LeducEvent::Folded { seat } => {
                let state = ctx.state();
                state.push(LeducAction::Fold);
                state.outcome = Outcome::Won(seat.next(2));
            }
            LeducEvent::RoundEnded { round: 1 } => {
                let state = ctx.state();
                state.round = 2;
                state.raises = 0;
                state.calls = 0;
                ctx.table().active = Seat(0);
                ctx.emit(LeducEvent::RevealPublic);
            }
            LeducEvent::RoundEnded { .. } => ctx.emit(LeducEvent::Showdown),
            LeducEvent::Deal { seat } => deal_private(ctx, seat),
            LeducEvent::RevealPublic => {
                let rules = ctx.rules();
                let generator = PublicCard::of(rules, ctx.world());
                if generator.len == 0 {
                    return Flow::Continue;
                }
                let card = ctx.chance(&generator);
                ctx.move_to(rules.cards()[usize::from(card.0)], Zone::Table);
                ctx.emit(LeducEvent::PublicRevealed { card });
            }
            LeducEvent::PublicRevealed { .. } => {}
            LeducEvent::Showdown => {
                let rules = ctx.rules();
                let world = ctx.world();
                let zones = zones(rules, world);
                let public = cards_in(&zones, Zone::Table);
                let ranks =
                    [Seat(0), Seat(1)].map(|s| match (cards_in(&zones, Zone::Hand(s)), public) {
                        (Some(private), Some(public)) => hand_rank(private, public),
                        _ => 0,
                    });
                ctx.state().outcome = match ranks[0].cmp(&ranks[1]) {
                    std::cmp::Ordering::Greater => Outcome::Won(Seat(0)),
                    std::cmp::Ordering::Less => Outcome::Won(Seat(1)),
                    std::cmp::Ordering::Equal => Outcome::Split,
                };
            }
        }
        Flow::Continue
    }

    fn next_decision(
        _: &Rules<Leduc>,
        _: &World,
        table: &Table,
        state: &LeducState,
        decision: &mut Decision<LeducAction>,
    ) {
        if state.outcome != Outcome::Playing {
            decision.finish();
            return;
        }
        let seat = table.active;
        let fold = (state.to_call(seat) > 0).then_some(LeducAction::Fold);
        let raise = (state.raises < MAX_RAISES).then_some(LeducAction::Raise);
        decision.ask(
            seat,
            [fold, Some(LeducAction::Call), raise].into_iter().flatten(),
        );
    }

    fn returns(_: &Rules<Leduc>, _: &World, _: &Table, state: &LeducState, out: &mut Vec<f64>) {
        out.clear();
        out.resize(2, 0.0);
        if let Outcome::Won(winner) = state.outcome {
            let loser = winner.next(2);
            let won = f64::from(state.contributed[loser.index()]);
            out[winner.index()] = won;
            out[loser.index()] = -won;
        }
    }

    const HIDDEN_INFORMATION: bool = true;

    /// What `seat` sees: its seat, its own card, the public card once revealed, the round and
    /// the betting history (the contributions and whose turn follow from it). Not the other
    /// seat's card nor the stock.
    fn observe(
        rules: &Rules<Leduc>,
        world: &World,
        _: &Table,
        state: &LeducState,
        seat: Seat,
        hasher: &mut dyn Hasher,
    ) {
        hasher.write_u8(seat.0);
        let card = |c: Option<CardId>| c.map_or(u16::MAX, |c| c.0);
        let zones = zones(rules, world);
        hasher.write_u16(card(cards_in(&zones, Zone::Hand(seat))));
        hasher.write_u16(card(cards_in(&zones, Zone::Table)));
        hasher.write_u8(state.round);
        // The history's bytes in one word, in one call: the same hash as a byte at a time (an
        // integer hashes as its bytes in native order).
        const { assert!(2 * MAX_BETS_PER_ROUND == 8, "the history fills one word") };
        let mut bytes = [0u8; 8];
        for (byte, action) in bytes.iter_mut().zip(state.history.as_flattened()) {
            *byte = action.map_or(u8::MAX, |a| a as u8);
        }
        hasher.write_u64(u64::from_ne_bytes(bytes));
    }

    /// Re-deals the cards `viewer` cannot see (neither in its hand nor on the table): one of
    /// them, uniformly by `rng` among them in [`CardId`] order, is placed in the other seat's
    /// hand ([`alea::determinize`]: it trades places with the card there); the rest are the
    /// stock.
    fn determinize(
        rules: &Rules<Leduc>,
        world: &mut World,
        _: &Table,
        _: &mut LeducState,
        viewer: Seat,
        rng: &mut ChaCha8Rng,
    ) {
        let zones = zones(rules, world);
        let mut unseen = [CardId(0); DECK];
        let mut len = 0;
        for (id, &zone) in (0u16..).zip(&zones) {
            if zone != Zone::Hand(viewer) && zone != Zone::Table {
                unseen[len] = CardId(id);
                len += 1;
            }
        }
        if len == 0 {
            return;
        }
        let card = unseen[rng.random_range(0..len)];
        let theirs = Zone::Hand(viewer.next(2));
        if let Ok(swaps) =
            determinize::plan(world, rules.cards(), theirs, &[card], Self::concealed_zone)
        {
            determinize::apply(world, &swaps);
        }
    }
}

#[cfg(test)]
mod tests;

/// The conformance suite (`alea::testing`), in one call.
#[cfg(test)]
#[test]
fn conforms() {
    let suite = alea::testing::Conformance::new(Leduc).seeds(0..2000);
    let report = suite.every(1).perfect_recall().encoded().assert();
    // The public card is a chance node in every game that reaches the second round.
    assert!(report.chance_nodes > 0 && report.views > 0, "{report:?}");
}
