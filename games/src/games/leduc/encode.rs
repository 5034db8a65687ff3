//! Leduc as numbers ([`Encode`]): fold 0, call 1, raise 2 (OpenSpiel's ids), and OpenSpiel's
//! observation layout.

use super::{
    DEAL, Leduc, LeducAction, LeducState, MAX_BETS_PER_ROUND, cards_in, name as card_name,
    private_card, public_card, zones,
};
use alea::chance::Forced;
use alea::encode::{Bounds, Encode, Part, parts};
use alea::kernel::{CardId, ComponentSlot, Seat, Sim, SimError, Table, Turn, Zone};
use alea::search::{Policy, RandomPolicy, UnknownPlayer};
use alea::snapshot::Snapshot;

impl Encode for Leduc {
    /// `random`, or `ismcts` / `ismcts:N` ([`LeducIsmcts`](super::LeducIsmcts)).
    fn player(&self, name: &str, seed: u64) -> Result<Box<dyn Policy<Leduc>>, UnknownPlayer> {
        if let Some(search) = super::LeducIsmcts::named(name, seed) {
            return Ok(Box::new(search));
        }
        match name.trim() {
            "random" => Ok(Box::new(RandomPolicy::new(seed))),
            other => Err(UnknownPlayer(format!(
                "unknown leduc player {other:?}: expected random, ismcts or ismcts:N (N \
                 iterations > 0)"
            ))),
        }
    }

    fn observation_layout(&self) -> Vec<Part> {
        parts([
            (2, "the viewer, one hot"),
            (
                6,
                "its private card, one hot (Js Jh Qs Qh Ks Kh: card id rank × 2 + suit)",
            ),
            (6, "the public card, one hot"),
            (2, "each seat's chips in the pot"),
        ])
    }

    fn action_layout(&self) -> Vec<Part> {
        parts([(1, "fold"), (1, "call"), (1, "raise")])
    }

    fn num_actions(&self) -> u32 {
        3
    }

    fn action_id(&self, action: &LeducAction) -> u32 {
        match action {
            LeducAction::Fold => 0,
            LeducAction::Call => 1,
            LeducAction::Raise => 2,
        }
    }

    /// The viewer one hot (2), its private card one hot (6), the public card one hot (6),
    /// each seat's chips in the pot (2).
    fn observation_shape(&self) -> Vec<usize> {
        vec![16]
    }

    fn observation(sim: &Sim<Leduc>, seat: Seat, out: &mut [f32]) {
        write_cards(sim, seat, out);
        let contributed = sim.state().contributed;
        out[14] = contributed[0] as f32;
        out[15] = contributed[1] as f32;
    }

    /// In place, without the start snapshot: the resolution abandoned, the streams seeded,
    /// the table and the betting state new, every card back in the stock and the deal's
    /// chance points met again (forced to the cases set before the call).
    fn restart(sim: &mut Sim<Leduc>, _: &Snapshot, seed: u64) -> Result<bool, SimError> {
        let cases = Forced::path(sim.next_cases()).unwrap_or(Forced::NONE);
        sim.abandon_resolution();
        sim.reseed(seed);
        let rules = sim.shared_rules();
        sim.with_world_and_table(|world, table| {
            *table = Table::new(2);
            let zone = ComponentSlot::<Zone>::register(world);
            for &entity in rules.cards() {
                if let Some(mut zone) = zone.get_mut(world, entity) {
                    *zone = Zone::Stock;
                }
            }
        });
        *sim.state_mut() = LeducState::default();
        sim.set_cases(cases.as_slice())?;
        sim.emit(DEAL)?;
        Ok(true)
    }

    /// OpenSpiel's `leduc_poker` information-state tensor: the viewer one hot (2), its private
    /// card one hot (6), the public card one hot (6), then each round's bets in order, two
    /// numbers a bet (call `1 0`, raise `0 1`, fold `0 0`), four bets a round (16).
    fn information_state_shape(&self) -> Option<Vec<usize>> {
        Some(vec![2 + 2 * super::DECK + 2 * MAX_BETS_PER_ROUND * 2])
    }

    fn information_state(sim: &Sim<Leduc>, seat: Seat, out: &mut [f32]) {
        write_cards(sim, seat, out);
        let bets = sim.state().history.as_flattened();
        for (at, bet) in bets.iter().enumerate() {
            let bit = match bet {
                Some(LeducAction::Call) => 0,
                Some(LeducAction::Raise) => 1,
                Some(LeducAction::Fold) | None => continue,
            };
            out[14 + 2 * at + bit] = 1.0;
        }
    }

    /// "P0 holds Qh; public Ks; round 2; pot 3+3; P1 to move" (the other seat's card never).
    fn observation_string(sim: &Sim<Leduc>, seat: Seat) -> Option<String> {
        let (rules, world, state) = (sim.rules(), sim.world(), sim.state());
        let card = |c: Option<CardId>| c.map_or("-", card_name);
        Some(format!(
            "{seat} holds {}; public {}; round {}; pot {}+{}; {}",
            card(private_card(rules, world, seat)),
            card(public_card(rules, world)),
            state.round,
            state.contributed[0],
            state.contributed[1],
            mover(sim)
        ))
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            min_utility: -13.0,
            max_utility: 13.0,
            zero_sum: true,
            max_chance_outcomes: super::DECK as u32,
            max_game_length: 8,
        }
    }

    /// "P1 is dealt Qh", "the public card is Qh" (the outcome's id is the card's).
    fn outcome_string(sim: &Sim<Leduc>, record: &alea::chance::ChanceRecord) -> String {
        let card = CardId(record.outcome_id() as u16);
        let (rules, world) = (sim.rules(), sim.world());
        let holder = [Seat(0), Seat(1)]
            .into_iter()
            .find(|&s| private_card(rules, world, s) == Some(card));
        match holder {
            Some(seat) if record.generator == "private_card" => {
                format!("{seat} is dealt {}", card_name(card))
            }
            _ => format!("the public card is {}", card_name(card)),
        }
    }

    fn describe(sim: &Sim<Leduc>) -> String {
        let (rules, world, state) = (sim.rules(), sim.world(), sim.state());
        let card = |c: Option<alea::kernel::CardId>| c.map_or("-", card_name);
        let mover = mover(sim);
        format!(
            "leduc round {}: P0 {} P1 {} public {}, pot {}+{}, {mover}",
            state.round,
            card(private_card(rules, world, Seat(0))),
            card(private_card(rules, world, Seat(1))),
            card(public_card(rules, world)),
            state.contributed[0],
            state.contributed[1]
        )
    }
}

/// "P1 to move", or "over".
fn mover(sim: &Sim<Leduc>) -> String {
    match sim.turn() {
        Turn::Player(seat) => format!("{seat} to move"),
        Turn::Terminal => "over".to_string(),
    }
}

/// The first 14 numbers of both tensors: the viewer one hot (2), its private card one hot (6),
/// the public card one hot (6).
fn write_cards(sim: &Sim<Leduc>, seat: Seat, out: &mut [f32]) {
    // One read of the cards' zones for both cards.
    let zones = zones(sim.rules(), sim.world());
    out[seat.index()] = 1.0;
    if let Some(card) = cards_in(&zones, Zone::Hand(seat)) {
        out[2 + usize::from(card.0)] = 1.0;
    }
    if let Some(card) = cards_in(&zones, Zone::Table) {
        out[8 + usize::from(card.0)] = 1.0;
    }
}
