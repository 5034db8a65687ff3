//! The duel as numbers ([`Encode`]). With `C` cards in the catalog there are `47 + 2C` ids.
//!
//! What each id names is [`Encode::action_layout`] (the book's table and `alea games --json`
//! are made from it).

use super::board::view_of;
use super::players::{Player, PlayerKind};
use super::state::TEAM;
use super::zones::{card_id, dice_count, faces, hand};
use super::{Duel, DuelAction};
use alea::chance::Forced;
use alea::encode::{Bounds, Encode, Part, parts};
use alea::kernel::{Seat, Sim, SimError, Turn, Zone};
use alea::search::{Policy, UnknownPlayer};
use alea::snapshot::Snapshot;

/// Numbers per side: per character hp, energy, alive, active; summons, supports, ended.
const SIDE: usize = TEAM * 4 + 3;

impl Encode for Duel {
    fn player(&self, name: &str, seed: u64) -> Result<Box<dyn Policy<Duel>>, UnknownPlayer> {
        let kind: PlayerKind = name
            .parse()
            .map_err(|e| UnknownPlayer(format!("duel: {e}")))?;
        Ok(Box::new(Player::new(kind, seed)))
    }

    fn observation_layout(&self) -> Vec<Part> {
        let side = "per character hp / 10, energy / 3, alive, active (3 × 4); summons / 4, \
                    supports / 4, ended";
        parts([
            (SIDE, format!("the viewer's side: {side}")),
            (SIDE, format!("the opponent's side: {side}")),
            (
                8,
                "the viewer's dice per face / 8 (omni, then the seven elements)".into(),
            ),
            (1, "the opponent's dice / 8".into()),
            (
                self.catalog.cards.len(),
                "the viewer's hand, copies per catalog card".into(),
            ),
            (1, "the opponent's hand size / 10".into()),
            (1, "the round / 10".into()),
            (1, "1 when the viewer moves".into()),
        ])
    }

    fn action_layout(&self) -> Vec<Part> {
        let cards = self.catalog.cards.len();
        parts([
            (32, "redraw the starting cards of the mask (5 bits)"),
            (3, "start with the team slot"),
            (1, "keep the dice"),
            (1, "reroll"),
            (1, "end the round"),
            (3, "use skill 0, 1, 2"),
            (3, "switch to the slot"),
            (3, "choose the slot"),
            (cards, "play the card (catalog index)"),
            (cards, "tune the card (catalog index)"),
        ])
    }

    fn num_actions(&self) -> u32 {
        47 + 2 * self.catalog.cards.len() as u32
    }

    fn action_id(&self, action: &DuelAction) -> u32 {
        let cards = self.catalog.cards.len() as u32;
        match *action {
            DuelAction::Redraw(mask) => u32::from(mask & 31),
            DuelAction::Start(slot) => 32 + u32::from(slot).min(2),
            DuelAction::Keep => 35,
            DuelAction::Reroll => 36,
            DuelAction::EndRound => 37,
            DuelAction::Skill(k) => 38 + u32::from(k).min(2),
            DuelAction::Switch(slot) => 41 + u32::from(slot).min(2),
            DuelAction::Choose(slot) => 44 + u32::from(slot).min(2),
            DuelAction::Play(card) => 47 + u32::from(card),
            DuelAction::Tune(card) => 47 + cards + u32::from(card),
        }
    }

    /// Both sides from the viewer's (characters' hp / 10, energy / 3, alive, active; summons
    /// / 4, supports / 4, ended), the viewer's dice per face / 8, the opponent's dice / 8, the
    /// viewer's hand per catalog card, the opponent's hand size / 10, the round / 10, and 1
    /// when the viewer moves.
    fn observation_shape(&self) -> Vec<usize> {
        vec![2 * SIDE + 9 + self.catalog.cards.len() + 3]
    }

    fn observation(sim: &Sim<Duel>, seat: Seat, out: &mut [f32]) {
        let (rules, world) = (sim.rules(), sim.world());
        let view = view_of(rules, world, sim.state());
        let other = Seat(1 - seat.0.min(1));
        for (k, side) in [seat, other].into_iter().enumerate() {
            let at = &mut out[k * SIDE..(k + 1) * SIDE];
            let state = &view.state.sides[side.index()];
            for (i, f) in view.fighters[side.index()].iter().enumerate() {
                at[i * 4] = f32::from(f.hp) / 10.0;
                at[i * 4 + 1] = f32::from(f.energy) / 3.0;
                at[i * 4 + 2] = f32::from(u8::from(f.alive));
                at[i * 4 + 3] = f32::from(u8::from(usize::from(state.active) == i));
            }
            at[TEAM * 4] = f32::from(state.summons) / 4.0;
            at[TEAM * 4 + 1] = f32::from(state.supports) / 4.0;
            at[TEAM * 4 + 2] = f32::from(u8::from(state.ended));
        }
        let mut at = 2 * SIDE;
        for face in faces(world, seat).into_iter().flatten() {
            out[at + face as usize] += 1.0 / 8.0;
        }
        at += 8;
        out[at] = dice_count(world, other) as f32 / 8.0;
        at += 1;
        for entity in hand(rules, world, seat) {
            out[at + usize::from(card_id(world, entity))] += 1.0;
        }
        at += rules.game.catalog.cards.len();
        out[at] = super::zones::count(world, other, Zone::Hand(other)) as f32 / 10.0;
        out[at + 1] = view.state.round as f32 / 10.0;
        out[at + 2] = f32::from(u8::from(sim.turn() == Turn::Player(seat)));
    }

    /// Which of a random effect's outcomes happened: "the random card's effect 2 of 3", "the
    /// summon's end-phase effect 1 of 2" (outcome `k` is the effect's `k + 1`-th, in catalog
    /// order).
    /// "the card drawn is Sweet Bun" (a draw names its card), "the random card's effect 2
    /// of 3".
    fn outcome_string(sim: &Sim<Duel>, record: &alea::chance::ChanceRecord) -> String {
        if record.generator == "draw" {
            let cards = &sim.rules().game.catalog.cards;
            let id = record.outcome_id();
            return match usize::try_from(id).ok().and_then(|i| cards.get(i)) {
                Some(card) => format!("the card drawn is {}", card.name),
                None => format!("the card drawn is #{id}"),
            };
        }
        let what = match record.generator {
            "random_card" => "the random card's effect",
            "summon_end_phase" => "the summon's end-phase effect",
            other => other,
        };
        format!("{what} {} of {}", record.outcome_id() + 1, record.max_case)
    }

    fn action_string(sim: &Sim<Duel>, action: &DuelAction) -> String {
        let view = view_of(sim.rules(), sim.world(), sim.state());
        let seat = match sim.turn() {
            Turn::Player(seat) => seat,
            Turn::Terminal => Seat(0),
        };
        // The description names the cards, not which copies: the action tells them apart.
        let described = sim.rules().game.describe_action(&view, seat, *action);
        format!("{described} ({action:?})")
    }

    /// A new game from the start snapshot, reseeded and dealt again ([`super::redeal`]), its
    /// deal's chance points forced to the cases set before the call.
    fn restart(sim: &mut Sim<Duel>, start: &Snapshot, seed: u64) -> Result<bool, SimError> {
        let cases = Forced::path(sim.next_cases()).unwrap_or(Forced::NONE);
        sim.restore(start)?;
        sim.reseed(seed);
        sim.set_cases(cases.as_slice())?;
        super::redeal(sim)?;
        Ok(true)
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            min_utility: -1.0,
            max_utility: 1.0,
            zero_sum: true,
            // A draw's outcome is a catalog index; a random effect's, its number.
            max_chance_outcomes: (self.catalog.cards.len() as u32).max(8),
            max_game_length: 100_000,
        }
    }

    fn describe(sim: &Sim<Duel>) -> String {
        let view = view_of(sim.rules(), sim.world(), sim.state());
        let mover = match sim.turn() {
            Turn::Player(seat) => format!("{seat} to move"),
            Turn::Terminal => "over".to_string(),
        };
        let (rules, world) = (sim.rules(), sim.world());
        let seat_line = |seat: Seat| {
            let cards: Vec<&str> = hand(rules, world, seat)
                .into_iter()
                .map(|e| {
                    let card = usize::from(card_id(world, e));
                    rules
                        .game
                        .catalog
                        .cards
                        .get(card)
                        .map_or("?", |c| c.name.as_str())
                })
                .collect();
            let dice: Vec<String> = faces(world, seat)
                .into_iter()
                .flatten()
                .map(|f| format!("{f:?}"))
                .collect();
            format!("  {seat} hand {} dice {}", cards.join(", "), dice.join(" "))
        };
        format!(
            "duel round {}: {}, {mover}\n{}\n{}",
            view.state.round,
            rules.game.status(&view),
            seat_line(Seat(0)),
            seat_line(Seat(1))
        )
    }
}
