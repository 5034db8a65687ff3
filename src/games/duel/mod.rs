//! Duel: a two-player dice card game in the style of Genius Invokation TCG, built to exercise
//! controllable dice and cards (DESIGN §4, §9, §10).
//!
//! - Each player has 3 characters (10 HP, energy, an element; normal attack, elemental skill,
//!   burst with full energy) and a deck; characters, cards and summons are RON data
//!   ([`catalog`], `assets/duel/`).
//! - Round: both roll 8 dice with their roll generator, each may reroll once (the dice no living
//!   character of theirs can use; skipped when a roll generator is set), then players alternate
//!   actions until both have declared the end of the round; the end phase runs summons and
//!   supports, discards the dice and draws 2 cards each. The first to declare the end acts first
//!   next round. After `round_limit` rounds the game is a draw.
//! - Combat actions pass the turn: a skill, switching (1 die), declaring the end. Fast actions
//!   keep it: playing a card, tuning (discard a card to turn one off-element die into the active
//!   character's element). Costs are paid automatically (see [`zones::payment`]).
//! - Elemental damage applies its element; a second element reacts (see [`reaction`]).
//!   A character at 0 HP is defeated; if it was active, its owner chooses the next one. Whoever
//!   defeats all three opposing characters wins.
//! - Chance: dice come from the [`DiceGenerator`]s sampled on the dice stream; the end-phase
//!   effect of a summon with several outcomes and the `Random` card effects are chance points
//!   ([`EffectCases`]) that the [`Case`](crate::chance::Case) resource drives.
//!
//! The determinization API of DESIGN §10 is in [`determinize`]; players in [`players`].

pub mod catalog;
pub mod determinize;
pub mod players;
pub mod state;
pub mod zones;

#[cfg(test)]
mod tests;

use std::hash::Hasher;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::chance::{CaseGenerator, Purpose, Streams};
use crate::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, MAX_DICE, Team};
use crate::kernel::{
    CardId, Decision, EventKind, Game, GameEvent, Rules, Seat, Setup, Table, Zone,
};
use crate::pipeline::{Ctx, Flow};

use catalog::{CardTag, Catalog, CatalogError, Deck, Effect, Outcome};
use state::{
    Attached, CARD_SLOTS, DuelControl, DuelState, Fighter, NONE, Phase, PileOrder, ROLL,
    START_HAND, SUMMON_SLOTS, SUPPORT_SLOTS, Side, SummonSlot, SupportSlot, TEAM,
};

/// The duel's configuration: the catalog, the two decks and the round limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duel {
    /// Characters, cards and summons.
    pub catalog: Arc<Catalog>,
    /// Each seat's deck.
    pub decks: [Deck; 2],
    /// The game is a draw after this many rounds.
    pub round_limit: u32,
}

impl Default for Duel {
    /// The embedded catalog and default decks, 15 rounds.
    fn default() -> Self {
        let catalog = Catalog::embedded();
        let a = catalog
            .deck_from_ron("deck_fire.ron", catalog::DECK_A_RON)
            .expect("the embedded decks are valid");
        let b = catalog
            .deck_from_ron("deck_tide.ron", catalog::DECK_B_RON)
            .expect("the embedded decks are valid");
        Duel::new(catalog, [a, b])
    }
}

impl Duel {
    /// A duel of `decks` from `catalog`, 15 rounds.
    pub fn new(catalog: Arc<Catalog>, decks: [Deck; 2]) -> Self {
        Duel {
            catalog,
            decks,
            round_limit: 15,
        }
    }

    /// The embedded catalog with two decks written in RON.
    pub fn with_decks(a: &str, b: &str) -> Result<Self, CatalogError> {
        let catalog = Catalog::embedded();
        let decks = [
            catalog.deck_from_ron("first deck", a)?,
            catalog.deck_from_ron("second deck", b)?,
        ];
        Ok(Duel::new(catalog, decks))
    }

    /// The element of a fighter.
    pub fn element(&self, fighter: &Fighter) -> Face {
        self.catalog.characters[usize::from(fighter.character)].element
    }
}

/// A player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelAction {
    /// Keep the rolled dice.
    Keep,
    /// Reroll the dice none of the living characters can use (not omni).
    Reroll,
    /// Use skill 0 (normal attack), 1 (elemental skill) or 2 (burst).
    Skill(u8),
    /// Play a card (catalog index) from the hand.
    Play(u16),
    /// Tune a card (catalog index) from the hand: discard it, turn one die into the active
    /// character's element.
    Tune(u16),
    /// Switch the active character (costs 1 die, passes the turn).
    Switch(u8),
    /// Choose the new active character after a defeat.
    Choose(u8),
    /// Declare the end of the round.
    EndRound,
}

/// What happens in a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum DuelEvent {
    /// A round starts: dice are rolled.
    RoundStarted {
        /// The round.
        round: u32,
    },
    /// `seat` keeps or rerolls its dice.
    Rerolled {
        /// Who.
        seat: Seat,
        /// Rerolled (true) or kept.
        reroll: bool,
    },
    /// `seat`'s active character uses a skill.
    SkillUsed {
        /// Who.
        seat: Seat,
        /// 0 normal attack, 1 elemental skill, 2 burst.
        skill: u8,
    },
    /// `seat` plays `card`.
    CardPlayed {
        /// Who.
        seat: Seat,
        /// The card (catalog index).
        card: CardId,
    },
    /// `seat` tunes `card`.
    CardTuned {
        /// Who.
        seat: Seat,
        /// The card (catalog index).
        card: CardId,
    },
    /// `seat` switches to character `to`.
    Switched {
        /// Who.
        seat: Seat,
        /// The new active character.
        to: u8,
        /// An action (paid, passes the turn), not a choice after a defeat.
        action: bool,
    },
    /// Damage to character `target` of `seat`.
    Damage {
        /// The target's owner.
        seat: Seat,
        /// The target.
        target: u8,
        /// Hit points (listeners may change them).
        amount: u8,
        /// The element (`None`: physical).
        element: Option<Face>,
        /// Piercing damage ignores shields, guards and auras.
        piercing: bool,
    },
    /// Character `target` of `seat` heals.
    Healed {
        /// The owner.
        seat: Seat,
        /// The character.
        target: u8,
        /// Hit points.
        amount: u8,
    },
    /// Character `target` of `seat` is defeated.
    Defeated {
        /// The owner.
        seat: Seat,
        /// The character.
        target: u8,
    },
    /// `seat` draws `count` cards (of `tag` when given).
    Drawn {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
        /// Only cards of this tag.
        tag: Option<CardTag>,
    },
    /// `seat` gets `count` dice from its black generator.
    DiceCreated {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// `seat` gets a summon.
    Summoned {
        /// Who.
        seat: Seat,
        /// The summon (catalog index).
        summon: u8,
    },
    /// `seat`'s summon in `slot` acts (end phase).
    SummonActed {
        /// Who.
        seat: Seat,
        /// The slot.
        slot: u8,
    },
    /// `seat` declares the end of the round.
    RoundEnded {
        /// Who.
        seat: Seat,
    },
    /// The end phase.
    EndPhase,
    /// The game is over.
    GameOver {
        /// The winner (`None`: a draw at the round limit).
        winner: Option<Seat>,
    },
}

impl DuelEvent {
    /// Kind of [`DuelEvent::Damage`] (listeners may change the amount).
    pub const DAMAGE: EventKind = 6;
    /// Kind of [`DuelEvent::Drawn`].
    pub const DRAWN: EventKind = 9;
}

impl GameEvent for DuelEvent {
    fn kind(&self) -> EventKind {
        match self {
            DuelEvent::RoundStarted { .. } => 0,
            DuelEvent::Rerolled { .. } => 1,
            DuelEvent::SkillUsed { .. } => 2,
            DuelEvent::CardPlayed { .. } => 3,
            DuelEvent::CardTuned { .. } => 4,
            DuelEvent::Switched { .. } => 5,
            DuelEvent::Damage { .. } => Self::DAMAGE,
            DuelEvent::Healed { .. } => 7,
            DuelEvent::Defeated { .. } => 8,
            DuelEvent::Drawn { .. } => Self::DRAWN,
            DuelEvent::DiceCreated { .. } => 10,
            DuelEvent::Summoned { .. } => 11,
            DuelEvent::SummonActed { .. } => 12,
            DuelEvent::RoundEnded { .. } => 13,
            DuelEvent::EndPhase => 14,
            DuelEvent::GameOver { .. } => 15,
        }
    }
}

fn element_name(e: Option<Face>) -> &'static str {
    e.map_or("physical", Face::name)
}

impl std::fmt::Display for DuelEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            DuelEvent::RoundStarted { round } => write!(f, "round {round} starts"),
            DuelEvent::Rerolled { seat, reroll } => {
                write!(
                    f,
                    "{seat} {}",
                    if reroll { "rerolls" } else { "keeps its dice" }
                )
            }
            DuelEvent::SkillUsed { seat, skill } => write!(f, "{seat} uses skill {skill}"),
            DuelEvent::CardPlayed { seat, card } => write!(f, "{seat} plays card #{}", card.0),
            DuelEvent::CardTuned { seat, card } => write!(f, "{seat} tunes card #{}", card.0),
            DuelEvent::Switched { seat, to, .. } => write!(f, "{seat} switches to character {to}"),
            DuelEvent::Damage {
                seat,
                target,
                amount,
                element,
                ..
            } => write!(
                f,
                "{amount} {} damage to {seat}'s character {target}",
                element_name(element)
            ),
            DuelEvent::Healed {
                seat,
                target,
                amount,
            } => write!(f, "{seat}'s character {target} heals {amount}"),
            DuelEvent::Defeated { seat, target } => {
                write!(f, "{seat}'s character {target} is defeated")
            }
            DuelEvent::Drawn { seat, count, tag } => match tag {
                Some(tag) => write!(f, "{seat} draws {count} {tag:?} card(s)"),
                None => write!(f, "{seat} draws {count}"),
            },
            DuelEvent::DiceCreated { seat, count } => write!(f, "{seat} creates {count} dice"),
            DuelEvent::Summoned { seat, summon } => write!(f, "{seat} summons #{summon}"),
            DuelEvent::SummonActed { seat, slot } => write!(f, "{seat}'s summon {slot} acts"),
            DuelEvent::RoundEnded { seat } => write!(f, "{seat} ends the round"),
            DuelEvent::EndPhase => write!(f, "end phase"),
            DuelEvent::GameOver { winner: Some(w) } => write!(f, "{w} wins"),
            DuelEvent::GameOver { winner: None } => write!(f, "draw at the round limit"),
        }
    }
}

/// A random effect's chance point: case `k` is outcome `k`, with the given weights (a summon's
/// end-phase effect: all 1; a `Random` card: the card's weights).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EffectCases {
    /// The generator's name (logs).
    pub name: &'static str,
    /// The outcomes' weights (the first `len`).
    pub weights: [u32; 8],
    /// How many outcomes.
    pub len: u8,
}

impl EffectCases {
    /// Equally likely outcomes.
    pub fn uniform(name: &'static str, len: usize) -> Self {
        EffectCases {
            name,
            weights: [1; 8],
            len: len.min(8) as u8,
        }
    }
}

impl CaseGenerator for EffectCases {
    type Outcome = u32;
    fn name(&self) -> &'static str {
        self.name
    }
    fn max_case(&self) -> u32 {
        u32::from(self.len.max(1))
    }
    fn produce(&self, case: u32) -> u32 {
        case
    }
    fn weight(&self, case: u32) -> u32 {
        self.weights[case as usize]
    }
}

/// The duel's public state.
pub fn state(world: &World) -> &DuelState {
    world.resource::<DuelState>()
}

fn team(rules: &Rules<Duel>, side: &Side) -> Team {
    let mut elements = [Face::Omni; TEAM];
    let mut len = 0;
    let mut active = 0;
    for (i, f) in side.fighters.iter().enumerate() {
        if f.alive {
            if i == usize::from(side.active) {
                active = len;
            }
            elements[len] = rules.game.element(f);
            len += 1;
        }
    }
    Team::new(&elements[..len], active)
}

/// Rolls `seat`'s dice for a new round with its roll generator (or `random`).
fn roll(rules: &Rules<Duel>, world: &mut World, seat: Seat) {
    let side = state(world).sides[seat.index()];
    let expr = world.resource::<DuelControl>().roll[seat.index()].clone();
    let generator = DiceGenerator::new(
        expr.as_ref().unwrap_or(&DiceExpr::Random),
        ROLL,
        GeneratorKind::Roll,
        &team(rules, &side),
    )
    .expect("roll expressions are checked when set");
    let mut out = [Face::Omni; MAX_DICE];
    let n = generator.sample_into(world.resource_mut::<Streams>().rng(Purpose::Dice), &mut out);
    zones::set_faces(world, seat, &out[..n]);
}

/// Deals the start of a game from the streams: each pile shuffled (the deal stream), 5 cards
/// drawn, round 1 rolled.
fn deal(rules: &Rules<Duel>, world: &mut World) {
    for s in 0..2u8 {
        let seat = Seat(s);
        let cards: Vec<Entity> = zones::live(rules, world, seat)
            .iter()
            .copied()
            .filter(|&e| matches!(zones::zone(world, e), Zone::Hand(_) | Zone::Pile(_)))
            .collect();
        let mut order: Vec<u16> = (0..cards.len() as u16).collect();
        order.shuffle(
            world
                .resource_mut::<Streams>()
                .into_inner()
                .rng(Purpose::Deal),
        );
        for (&e, &o) in cards.iter().zip(&order) {
            if let Some(mut z) = world.get_mut::<Zone>(e) {
                *z = Zone::Pile(seat);
            }
            if let Some(mut p) = world.get_mut::<PileOrder>(e) {
                p.0 = o;
            }
        }
        zones::draw(rules, world, seat, START_HAND, None);
    }
    start_round(rules, world, 1);
}

/// Deals a new game from the current position, which must be a start position (as built):
/// call it after [`Sim::reseed`](crate::kernel::Sim::reseed) on a restored start snapshot to
/// get the game a fresh build with that seed would give, without rebuilding the world.
pub fn redeal(sim: &mut crate::kernel::Sim<Duel>) {
    let rules = sim
        .world()
        .resource::<crate::kernel::GameRules<Duel>>()
        .0
        .clone();
    deal(&rules, sim.world_mut());
    sim.refresh_decision();
}

/// Starts round `round`: rolls, round-start supports, then the reroll phase.
fn start_round(rules: &Rules<Duel>, world: &mut World, round: u32) {
    for s in 0..2 {
        roll(rules, world, Seat(s));
    }
    let control = world.resource::<DuelControl>();
    let rerolls = [control.roll[0].is_none(), control.roll[1].is_none()];
    let mut st = *state(world);
    st.round = round;
    for s in 0..2 {
        st.sides[s].ended = false;
        for slot in 0..SUPPORT_SLOTS {
            let support = st.sides[s].supports[slot];
            if support.card == NONE {
                continue;
            }
            let entity = zones::cards(rules, Seat(s as u8))[usize::from(support.card)];
            let card = zones::card_id(world, entity);
            if let Effect::RoundOmni { count, .. } =
                rules.game.catalog.cards[usize::from(card)].effect
            {
                let omni = [Face::Omni; MAX_DICE];
                zones::add_dice(world, Seat(s as u8), &omni[..usize::from(count)]);
                use_support(rules, world, &mut st, Seat(s as u8), slot);
            }
        }
    }
    st.turn = st.first;
    st.phase = match (rerolls[0], rerolls[1]) {
        (true, _) => Phase::Reroll(Seat(0)),
        (false, true) => Phase::Reroll(Seat(1)),
        (false, false) => Phase::Action,
    };
    *world.resource_mut::<DuelState>() = st;
}

/// Uses one round of a support; discards it when it runs out.
fn use_support(
    rules: &Rules<Duel>,
    world: &mut World,
    st: &mut DuelState,
    seat: Seat,
    slot: usize,
) {
    let support = &mut st.sides[seat.index()].supports[slot];
    support.usages = support.usages.saturating_sub(1);
    if support.usages == 0 {
        let entity = zones::cards(rules, seat)[usize::from(support.card)];
        *support = SupportSlot {
            card: NONE,
            usages: 0,
        };
        if let Some(mut z) = world.get_mut::<Zone>(entity) {
            *z = Zone::Discard(seat);
        }
    }
}

/// The reaction of `incoming` on `aura`: extra damage, the aura left, and a side effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reaction {
    /// Damage added.
    pub bonus: u8,
    /// The aura afterwards.
    pub aura: Option<Face>,
    /// What else happens.
    pub effect: ReactionEffect,
}

/// A reaction's side effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReactionEffect {
    /// Nothing else.
    None,
    /// Overloaded: the target's side switches to its next character.
    ForceSwitch,
    /// Superconduct, electro-charged: 1 piercing damage to the target's other characters.
    Pierce,
    /// Swirl: 1 damage of the swirled element to the target's other characters.
    Swirl(Face),
    /// Crystallize: the attacker's active character gains 1 shield.
    Shield,
}

/// Elemental application and reactions. Anemo and geo never stay applied; cryo+dendro (no
/// reaction here) keeps the newer element.
pub fn reaction(aura: Option<Face>, incoming: Face) -> Reaction {
    use Face::*;
    use ReactionEffect as E;
    let done = |bonus, effect| Reaction {
        bonus,
        aura: None,
        effect,
    };
    let Some(aura) = aura else {
        let aura = (!matches!(incoming, Anemo | Geo | Omni)).then_some(incoming);
        return Reaction {
            bonus: 0,
            aura,
            effect: E::None,
        };
    };
    match (aura, incoming) {
        (a, i) if a == i => Reaction {
            bonus: 0,
            aura: Some(a),
            effect: E::None,
        },
        (Pyro, Cryo) | (Cryo, Pyro) | (Pyro, Hydro) | (Hydro, Pyro) => done(2, E::None),
        (Pyro, Electro) | (Electro, Pyro) => done(2, E::ForceSwitch),
        (Cryo, Electro) | (Electro, Cryo) | (Hydro, Electro) | (Electro, Hydro) => {
            done(1, E::Pierce)
        }
        (Hydro, Cryo) | (Cryo, Hydro) => done(1, E::None),
        (Dendro, Hydro | Pyro | Electro) | (Hydro | Pyro | Electro, Dendro) => done(1, E::None),
        (a, Anemo) if a != Dendro => done(0, E::Swirl(a)),
        (a, Geo) if a != Dendro => done(1, E::Shield),
        (a, Anemo | Geo) => Reaction {
            bonus: 0,
            aura: Some(a),
            effect: E::None,
        },
        (_, i) => Reaction {
            bonus: 0,
            aura: Some(i),
            effect: E::None,
        },
    }
}

/// The most legal actions at once: 3 skills, 2 switches, a play and a tune per card, the end
/// of the round.
const MAX_ACTIONS: usize = 3 + 2 + 2 * CARD_SLOTS + 1;

/// The legal actions of the player to move (stable order). Reads only the mover's dice and
/// cards, and allocates nothing.
fn actions(rules: &Rules<Duel>, world: &World, seat: Seat, out: &mut Decision<DuelAction>) {
    let st = state(world);
    let side = &st.sides[seat.index()];
    let game = &rules.game;
    let faces = zones::faces(world, seat);
    let purse = zones::Purse::new(&faces);
    let active = side.active();
    let element = game.element(active);
    let character = &game.catalog.characters[usize::from(active.character)];
    // Many cards share a cost: check each cost once (the first few distinct ones are kept).
    let mut checked = [(catalog::Cost::default(), false); 8];
    let mut n_checked = 0;
    let mut affordable =
        |cost: catalog::Cost| match checked[..n_checked].iter().find(|c| c.0 == cost) {
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
    for (k, skill) in character.skills.iter().enumerate() {
        let energy_ok = k < 2 || active.energy >= character.energy;
        if energy_ok && purse.pay(skill.cost, element).is_some() {
            push(DuelAction::Skill(k as u8));
        }
    }
    let one = catalog::Cost {
        any: 1,
        ..Default::default()
    };
    if purse.pay(one, element).is_some() {
        for i in 0..TEAM as u8 {
            if i != side.active && side.fighters[usize::from(i)].alive {
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
    for &c in hand {
        let card = &game.catalog.cards[usize::from(c)];
        let playable = match &card.effect {
            Effect::Nothing => false,
            Effect::CreateDice(_) => faces.iter().flatten().count() < MAX_DICE,
            Effect::SwitchNext => side.next_alive(side.active).is_some(),
            _ if card.tag == CardTag::Support => side.supports.iter().any(|s| s.card == NONE),
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

/// Passes the turn after a combat action (to the other seat unless it has ended the round).
fn pass_turn(st: &mut DuelState, seat: Seat) {
    let other = seat.next(2);
    if !st.sides[other.index()].ended {
        st.turn = other;
    }
}

fn damage_outcome(ctx: &mut Ctx<'_, Duel>, seat: Seat, outcome: Outcome) {
    let st = *state(ctx.world());
    let other = seat.next(2);
    if outcome.damage > 0 {
        ctx.emit(DuelEvent::Damage {
            seat: other,
            target: st.sides[other.index()].active,
            amount: outcome.damage,
            element: outcome.element,
            piercing: false,
        });
    }
    if outcome.heal > 0 {
        ctx.emit(DuelEvent::Healed {
            seat,
            target: st.sides[seat.index()].active,
            amount: outcome.heal,
        });
    }
}

impl Game for Duel {
    type Action = DuelAction;
    type Event = DuelEvent;
    type State = ();

    fn name(&self) -> &'static str {
        "duel"
    }

    fn seats(&self) -> u8 {
        2
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        for s in 0..2 {
            setup.spawn_player(Seat(s), ());
        }
        for s in 0..2u8 {
            let seat = Seat(s);
            let deck = &self.decks[usize::from(s)];
            for i in 0..CARD_SLOTS {
                let (card, zone) = match deck.cards.get(i) {
                    Some(&c) => (c, Zone::Pile(seat)),
                    None => (0, Zone::Pool),
                };
                setup.spawn_card(CardId(card), zone, (seat, PileOrder(i as u16), Attached(0)));
            }
        }
        for s in 0..2u8 {
            for _ in 0..MAX_DICE {
                setup.spawn_die(8, Zone::Pool, Seat(s));
            }
        }
        let side = |deck: &Deck| {
            let mut fighters = [Fighter::default(); TEAM];
            for (f, &c) in fighters.iter_mut().zip(&deck.characters) {
                *f = Fighter {
                    character: c,
                    hp: self.catalog.characters[usize::from(c)].hp,
                    alive: true,
                    ..Fighter::default()
                };
            }
            Side {
                fighters,
                active: 0,
                summons: [SummonSlot {
                    summon: NONE,
                    usages: 0,
                }; SUMMON_SLOTS],
                supports: [SupportSlot {
                    card: NONE,
                    usages: 0,
                }; SUPPORT_SLOTS],
                ended: false,
                must_switch: false,
            }
        };
        setup.insert_resource(DuelState {
            sides: [side(&self.decks[0]), side(&self.decks[1])],
            phase: Phase::Action,
            round: 1,
            turn: Seat(0),
            first: Seat(0),
            winner: None,
            moves: 0,
        });
        setup.insert_resource(DuelControl {
            card_slots: self
                .decks
                .clone()
                .map(|d| d.cards.len().min(CARD_SLOTS) as u8),
            ..DuelControl::default()
        });
        setup.snapshot_component::<CardId>();
        setup.snapshot_component::<PileOrder>();
        setup.snapshot_component::<Attached>();
        setup.snapshot_component::<crate::kernel::DieFace>();
        setup.snapshot_resource::<DuelState>();
        setup.snapshot_resource::<DuelControl>();
        let (first_card, first_die) = (setup.rules.cards()[0], setup.rules.dice()[0]);
        let query = zones::ZoneQueries::new(setup.world(), first_card, first_die);
        setup.insert_resource(query);
        deal(&*setup.rules, &mut *setup.world);
    }

    fn translate(
        _: &Rules<Duel>,
        _: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        action: DuelAction,
        out: &mut Vec<DuelEvent>,
    ) {
        out.push(match action {
            DuelAction::Keep => DuelEvent::Rerolled {
                seat,
                reroll: false,
            },
            DuelAction::Reroll => DuelEvent::Rerolled { seat, reroll: true },
            DuelAction::Skill(skill) => DuelEvent::SkillUsed { seat, skill },
            DuelAction::Play(card) => DuelEvent::CardPlayed {
                seat,
                card: CardId(card),
            },
            DuelAction::Tune(card) => DuelEvent::CardTuned {
                seat,
                card: CardId(card),
            },
            DuelAction::Switch(to) => DuelEvent::Switched {
                seat,
                to,
                action: true,
            },
            DuelAction::Choose(to) => DuelEvent::Switched {
                seat,
                to,
                action: false,
            },
            DuelAction::EndRound => DuelEvent::RoundEnded { seat },
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut DuelEvent) -> Flow {
        rules::apply(ctx, event)
    }

    fn next_decision(
        rules: &Rules<Duel>,
        world: &World,
        _: &Table,
        _: &(),
        decision: &mut Decision<DuelAction>,
    ) {
        let st = state(world);
        if st.phase == Phase::Over {
            decision.finish();
            return;
        }
        for s in 0..2u8 {
            let side = &st.sides[usize::from(s)];
            if side.must_switch {
                decision.ask(
                    Seat(s),
                    (0..TEAM as u8)
                        .filter(|&i| side.fighters[usize::from(i)].alive)
                        .map(DuelAction::Choose),
                );
                return;
            }
        }
        match st.phase {
            Phase::Reroll(seat) => decision.ask(seat, [DuelAction::Keep, DuelAction::Reroll]),
            _ => actions(rules, world, st.turn, decision),
        }
    }

    fn returns(_: &Rules<Duel>, world: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        out.clear();
        out.resize(2, 0.0);
        if let Some(w) = state(world).winner {
            out[w.index()] = 1.0;
            out[w.next(2).index()] = -1.0;
        }
    }

    const HIDDEN_INFORMATION: bool = true;

    /// What `seat` sees: the public state, its own hand (as a sorted multiset), its own dice, the
    /// number of cards in each hand and pile and of dice of the opponent, every discard pile,
    /// equipment and support, and its own draw buffer. Not the opponent's hand or dice faces,
    /// nor any pile's order.
    fn observe(
        rules: &Rules<Duel>,
        world: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        mut h: &mut dyn Hasher,
    ) {
        use std::hash::Hash;
        state(world).hash(&mut h);
        for s in [seat, seat.next(2)] {
            let mut seen: Vec<(u8, u16, u8)> = zones::live(rules, world, s)
                .iter()
                .filter_map(|&e| {
                    let z = zones::zone(world, e);
                    let c = zones::card_id(world, e);
                    let attached = world.get::<Attached>(e).map_or(0, |a| a.0);
                    match z {
                        Zone::Hand(_) if s == seat => Some((0, c, 0)),
                        Zone::Hand(_) => Some((0, u16::MAX, 0)),
                        Zone::Pile(_) => Some((1, u16::MAX, 0)),
                        Zone::Discard(_) => Some((2, c, 0)),
                        Zone::Equipment(_) => Some((3, c, attached)),
                        Zone::Meld(_) => Some((4, c, 0)),
                        _ => None,
                    }
                })
                .collect();
            seen.sort_unstable();
            seen.hash(&mut h);
            let faces = zones::faces(world, s);
            if s == seat {
                faces.hash(&mut h);
            } else {
                faces.iter().flatten().count().hash(&mut h);
            }
        }
        let control = world.resource::<DuelControl>();
        control.draw_buffer[seat.index()].hash(&mut h);
    }

    /// Re-deals what `viewer` cannot see: the opponent's hand and pile are shuffled together
    /// and dealt back in the same sizes, the viewer's own pile is shuffled, and the opponent's
    /// dice are regenerated (same count) from `omni@3/4, black@1/4`.
    fn determinize(rules: &Rules<Duel>, world: &mut World, viewer: Seat, rng: &mut ChaCha8Rng) {
        let other = viewer.next(2);
        let hand_len = zones::count(world, other, Zone::Hand(other));
        // The opponent's hand and pile, as a canonical multiset (sorted card ids on the
        // entities in card order), dealt out anew: only what the viewer knows matters.
        let unseen: Vec<Entity> = zones::live(rules, world, other)
            .iter()
            .copied()
            .filter(|&e| matches!(zones::zone(world, e), Zone::Hand(_) | Zone::Pile(_)))
            .collect();
        redistribute(world, &unseen, rng, |i| {
            if i < hand_len {
                Zone::Hand(other)
            } else {
                Zone::Pile(other)
            }
        });
        let own = zones::in_zone(rules, world, viewer, Zone::Pile(viewer));
        redistribute(world, &own, rng, |_| Zone::Pile(viewer));
        let n = zones::dice_count(world, other);
        let side = state(world).sides[other.index()];
        let expr: DiceExpr = "omni@3/4, black@1/4".parse().expect("a valid expression");
        if let Ok(g) = DiceGenerator::new(&expr, n, GeneratorKind::Roll, &team(rules, &side)) {
            let mut out = [Face::Omni; MAX_DICE];
            let n = g.sample_into(rng, &mut out);
            zones::set_faces(world, other, &out[..n]);
        }
    }
}

/// Puts the card ids of `entities`, sorted then shuffled with `rng`, back on them in order;
/// entity `i` goes to `zone(i)` with pile position `i`.
fn redistribute(
    world: &mut World,
    entities: &[Entity],
    rng: &mut ChaCha8Rng,
    zone: impl Fn(usize) -> Zone,
) {
    let mut ids: Vec<u16> = entities.iter().map(|&e| zones::card_id(world, e)).collect();
    ids.sort_unstable();
    ids.shuffle(rng);
    for (i, (&e, id)) in entities.iter().zip(ids).enumerate() {
        if let Some(mut z) = world.get_mut::<Zone>(e) {
            *z = zone(i);
        }
        if let Some(mut c) = world.get_mut::<CardId>(e) {
            c.0 = id;
        }
        if let Some(mut o) = world.get_mut::<PileOrder>(e) {
            o.0 = i as u16;
        }
    }
}

mod rules;

impl Duel {
    fn card_name(&self, card: u16) -> &str {
        self.catalog
            .cards
            .get(usize::from(card))
            .map_or("?", |c| c.name.as_str())
    }

    fn fighter_name(&self, st: &DuelState, seat: Seat, i: u8) -> &str {
        let c = st.sides[seat.index()].fighters[usize::from(i % TEAM as u8)].character;
        self.catalog.characters[usize::from(c)].name.as_str()
    }

    /// `action` of `seat` in words, with the names of cards, skills and characters.
    pub fn describe_action(&self, st: &DuelState, seat: Seat, action: DuelAction) -> String {
        let side = &st.sides[seat.index()];
        match action {
            DuelAction::Keep => "keeps the dice".into(),
            DuelAction::Reroll => "rerolls unusable dice".into(),
            DuelAction::Skill(k) => {
                let c = &self.catalog.characters[usize::from(side.active().character)];
                format!("{} uses {}", c.name, c.skills[usize::from(k.min(2))].name)
            }
            DuelAction::Play(c) => format!("plays {}", self.card_name(c)),
            DuelAction::Tune(c) => format!("tunes {}", self.card_name(c)),
            DuelAction::Switch(i) => format!("switches to {}", self.fighter_name(st, seat, i)),
            DuelAction::Choose(i) => format!("chooses {}", self.fighter_name(st, seat, i)),
            DuelAction::EndRound => "ends the round".into(),
        }
    }

    /// The characters of both sides with their hit points (`*` marks the active one).
    pub fn status(&self, st: &DuelState) -> String {
        let mut out = String::new();
        for s in 0..2u8 {
            let side = &st.sides[usize::from(s)];
            out.push_str(if s == 0 { "P0" } else { " | P1" });
            for (i, f) in side.fighters.iter().enumerate() {
                let name = &self.catalog.characters[usize::from(f.character)].name;
                let mark = if i == usize::from(side.active) {
                    "*"
                } else {
                    ""
                };
                out.push_str(&format!(" {mark}{name} {}", f.hp));
            }
        }
        out
    }

    /// `event` in words (names instead of indices), in the state `st` it resolved in.
    pub fn describe(&self, st: &DuelState, event: &DuelEvent) -> String {
        match *event {
            DuelEvent::Damage {
                seat,
                target,
                amount,
                element,
                piercing,
            } => format!(
                "{seat}'s {} takes {amount} {}{} damage",
                self.fighter_name(st, seat, target),
                if piercing { "piercing " } else { "" },
                element_name(element),
            ),
            DuelEvent::Healed {
                seat,
                target,
                amount,
            } => format!(
                "{seat}'s {} heals {amount}",
                self.fighter_name(st, seat, target)
            ),
            DuelEvent::Defeated { seat, target } => {
                format!(
                    "{}'s {} is defeated",
                    seat,
                    self.fighter_name(st, seat, target)
                )
            }
            DuelEvent::Summoned { seat, summon } => format!(
                "{seat} summons {}",
                self.catalog.summons[usize::from(summon)].name
            ),
            DuelEvent::CardPlayed { seat, card } => {
                format!("{seat} plays {}", self.card_name(card.0))
            }
            DuelEvent::CardTuned { seat, card } => {
                format!("{seat} tunes {}", self.card_name(card.0))
            }
            DuelEvent::Switched { seat, to, .. } => {
                format!("{seat} switches to {}", self.fighter_name(st, seat, to))
            }
            ref other => other.to_string(),
        }
    }
}
