//! Leduc as numbers ([`Encode`]): fold 0, call 1, raise 2 (OpenSpiel's ids), and OpenSpiel's
//! observation layout.

use super::{Leduc, LeducAction, name as card_name, private_card, public_card};
use alea::encode::{Bounds, Encode};
use alea::kernel::{CardId, Seat, Sim, SimError, Turn, Zone};
use alea::snapshot::Snapshot;

impl Encode for Leduc {
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
        let (rules, world) = (sim.rules(), sim.world());
        out[seat.index()] = 1.0;
        if let Some(card) = private_card(rules, world, seat) {
            out[2 + usize::from(card.0)] = 1.0;
        }
        if let Some(card) = public_card(rules, world) {
            out[8 + usize::from(card.0)] = 1.0;
        }
        let contributed = sim.state().contributed;
        out[14] = contributed[0] as f32;
        out[15] = contributed[1] as f32;
    }

    /// The start restored, its streams seeded and the cards dealt again from `seed`.
    fn restart(sim: &mut Sim<Leduc>, start: &Snapshot, seed: u64) -> Result<bool, SimError> {
        sim.restore(start)?;
        sim.reseed(seed);
        let zones = super::deal(seed);
        let cards = sim.rules().cards().to_vec();
        let world = sim.world_mut();
        for entity in cards {
            let Some(id) = world.get::<CardId>(entity).copied() else {
                continue;
            };
            if let Some(mut zone) = world.get_mut::<Zone>(entity) {
                *zone = zones[usize::from(id.0)];
            }
        }
        Ok(true)
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

    /// "the public card is Qh" (the outcome's id is the card's).
    fn outcome_string(_: &Sim<Leduc>, record: &alea::chance::ChanceRecord) -> String {
        let card = alea::kernel::CardId(record.outcome_id() as u16);
        format!("the public card is {}", card_name(card))
    }

    fn describe(sim: &Sim<Leduc>) -> String {
        let (rules, world, state) = (sim.rules(), sim.world(), sim.state());
        let card = |c: Option<alea::kernel::CardId>| c.map_or("-", card_name);
        let mover = match sim.turn() {
            Turn::Player(seat) => format!("{seat} to move"),
            Turn::Terminal => "over".to_string(),
        };
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
