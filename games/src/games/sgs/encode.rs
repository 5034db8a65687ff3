//! sgs as numbers ([`Encode`]): 910 action ids.
//!
//! What each id names is [`Encode::action_layout`] (the book's table and `alea games --json`
//! are made from it).

use super::deck::{CardName, MAX_CARDS};
use super::state::{MAX_SEATS, Role};
use super::{PlayerKind, SeatPlayer, Sgs, SgsAction};
use alea::chance::Forced;
use alea::encode::{Bounds, Encode, Part, parts};
use alea::kernel::{Game, Seat, Sim, SimError, Turn};
use alea::search::{Policy, UnknownPlayer};
use alea::snapshot::Snapshot;

/// Card names.
const NAMES: usize = CardName::ALL.len();
/// Numbers per seat: hp / 4, max hp / 4, alive, the role if the viewer knows it (4), hand
/// size / 10, equipment by name.
const SEAT: usize = 3 + 4 + 1 + NAMES;

fn name_index(name: CardName) -> usize {
    CardName::ALL.iter().position(|&n| n == name).unwrap_or(0)
}

impl Encode for Sgs {
    fn player(&self, name: &str, seed: u64) -> Result<Box<dyn Policy<Sgs>>, UnknownPlayer> {
        let kind: PlayerKind = name.parse().map_err(|e| UnknownPlayer(format!("{e}")))?;
        Ok(Box::new(SeatPlayer::new(kind, self.seats(), seed)))
    }

    fn observation_layout(&self) -> Vec<Part> {
        let seat = |k: usize| {
            (
                SEAT,
                format!(
                    "seat {k} from the viewer on: hp / 4, max hp / 4, alive, the role one hot \
                     if the viewer knows it (4), hand size / 10, equipment by card name ({NAMES})"
                ),
            )
        };
        let mut layout: Vec<(usize, String)> = (0..MAX_SEATS).map(seat).collect();
        layout.extend([
            (
                NAMES,
                "the viewer's hand, copies per card name (CardName::ALL order)".into(),
            ),
            (MAX_CARDS, "the viewer's hand by deck index".into()),
            (
                MAX_SEATS,
                "the seat to move, one hot from the viewer on".into(),
            ),
            (NAMES, "the trick being resolved, by card name".into()),
        ]);
        parts(layout)
    }

    fn action_layout(&self) -> Vec<Part> {
        parts([
            (
                5 * MAX_CARDS,
                "card × 5 + t: use the card (deck index) on nobody (t = 0) or on seat t − 1",
            ),
            (MAX_CARDS, "discard the card (deck index)"),
            (MAX_CARDS, "take the face-up card (deck index)"),
            (
                NAMES,
                "respond with a card of the name (CardName::ALL order)",
            ),
            (1, "end the play phase"),
            (1, "pass"),
            (1, "take a hand card blind"),
        ])
    }

    fn num_actions(&self) -> u32 {
        910
    }

    fn action_id(&self, action: &SgsAction) -> u32 {
        const CARDS: u32 = MAX_CARDS as u32;
        match *action {
            SgsAction::Use { card, target } => {
                u32::from(card) * 5 + target.map_or(0, |s| 1 + u32::from(s.0.min(3)))
            }
            SgsAction::Discard { card } => 5 * CARDS + u32::from(card),
            SgsAction::Take { card } => 6 * CARDS + u32::from(card),
            SgsAction::Respond(name) => 7 * CARDS + name_index(name) as u32,
            SgsAction::End => 907,
            SgsAction::Pass => 908,
            SgsAction::TakeHand => 909,
        }
    }

    /// Per seat from the viewer on (hp, max hp, alive, the role if known, hand size, equipment
    /// by name), the viewer's hand by card name and by deck index (the suit and rank a name
    /// leaves out: a black slash is not a red one), the seat to move one hot from the viewer
    /// on, the trick being resolved by name.
    fn observation_shape(&self) -> Vec<usize> {
        vec![MAX_SEATS * SEAT + NAMES + MAX_CARDS + MAX_SEATS + NAMES]
    }

    fn observation(sim: &Sim<Sgs>, seat: Seat, out: &mut [f32]) {
        let (game, state) = (&sim.rules().game, sim.state());
        let seats = usize::from(game.mode.seats());
        let name = |card: u8| name_index(game.deck.card(card).name);
        for k in 0..seats {
            let s = Seat(((seat.index() + k) % seats) as u8);
            let at = &mut out[k * SEAT..(k + 1) * SEAT];
            let info = &state.seats[s.index()];
            at[0] = f32::from(info.hp) / 4.0;
            at[1] = f32::from(info.max_hp) / 4.0;
            at[2] = f32::from(u8::from(info.alive));
            if s == seat || info.revealed || info.role == Role::Lord {
                at[3 + info.role as usize] = 1.0;
            }
            at[7] = state.holdings.held(s) as f32 / 10.0;
            for card in state.holdings.equipment(s) {
                at[8 + name(card)] = 1.0;
            }
        }
        let mut at = MAX_SEATS * SEAT;
        for card in state.holdings.hand(seat) {
            out[at + name(card)] += 1.0;
            out[at + NAMES + usize::from(card)] = 1.0;
        }
        at += NAMES + MAX_CARDS;
        if let Turn::Player(mover) = sim.turn() {
            out[at + (mover.index() + seats - seat.index()) % seats] = 1.0;
        }
        at += MAX_SEATS;
        if let Some(trick) = state.trick {
            out[at + name(trick.card)] = 1.0;
        }
    }

    /// The action's name and, for a card, its deck index (the deck holds identical copies).
    fn action_string(sim: &Sim<Sgs>, action: &SgsAction) -> String {
        let name = sim.rules().game.action_name(*action);
        match *action {
            SgsAction::Use { card, .. }
            | SgsAction::Discard { card }
            | SgsAction::Take { card } => {
                format!("{name} #{card}")
            }
            _ => name,
        }
    }

    /// The card the pick produced, by its deck index: "the blind pick is slash/S7 #12",
    /// "the copy played is dodge/H2 #40", "the card drawn is peach/H3 #55".
    fn outcome_string(sim: &Sim<Sgs>, record: &alea::chance::ChanceRecord) -> String {
        let index = record.outcome_id();
        let what = match record.generator {
            "blind_pick" => "the blind pick",
            "copy_played" => "the copy played",
            "draw" => "the card drawn",
            other => other,
        };
        let deck = sim.rules().game.deck.cards();
        match usize::try_from(index).ok().and_then(|i| deck.get(i)) {
            Some(card) => format!("{what} is {card} #{index}"),
            None => format!("{what} is #{index}"),
        }
    }

    /// A new game on the cleared table ([`Sgs::restart`]), its deal's chance points forced to
    /// the cases set before the call.
    fn restart(sim: &mut Sim<Sgs>, _: &Snapshot, seed: u64) -> Result<bool, SimError> {
        let cases = Forced::path(sim.next_cases()).unwrap_or(Forced::NONE);
        super::turn::restart_forced(sim, seed, cases.as_slice())?;
        Ok(true)
    }

    /// A draw because `max_rounds` rounds were played (a draw because both piles ran out is
    /// the rules' end).
    fn truncated(sim: &Sim<Sgs>) -> bool {
        let state = sim.state();
        state.outcome == super::state::Outcome::Draw && state.round > sim.rules().game.max_rounds
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            min_utility: -1.0,
            max_utility: 1.0,
            zero_sum: false,
            max_chance_outcomes: MAX_CARDS as u32,
            max_game_length: 1_000_000,
        }
    }

    fn describe(sim: &Sim<Sgs>) -> String {
        let (game, state) = (&sim.rules().game, sim.state());
        let mut lines = vec![format!(
            "sgs {} round {}, {} in {:?}",
            game.mode, state.round, state.current, state.phase
        )];
        for s in 0..game.mode.seats() {
            let (seat, info) = (Seat(s), &state.seats[usize::from(s)]);
            let cards = |c: super::holdings::Cards| -> Vec<String> {
                c.map(|card| game.deck.card(card).to_string()).collect()
            };
            lines.push(format!(
                "  {seat} {} hp {}/{}{}: hand {} equip {}",
                info.role,
                info.hp,
                info.max_hp,
                if info.alive { "" } else { " (dead)" },
                cards(state.holdings.hand(seat)).join(" "),
                cards(state.holdings.equipment(seat)).join(" ")
            ));
        }
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use crate::games::sgs::Sgs;
    use crate::games::sgs::cards::scenario::scenario;
    use alea::encode::{Encode, size};
    use alea::kernel::Seat;

    fn lord_holding(hand: &str) -> Vec<f32> {
        let sim = scenario(&format!(
            r#"{{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {{"role": "lord", "hp": 4, "hand": [{hand}]}},
            {{"role": "rebel", "hp": 4, "hand": ["jink/D2"], "equip": ["nioh_shield/C2"]}}]}}"#
        ));
        let mut tensor = vec![0.0; size(&sim.rules().game.observation_shape())];
        Sgs::observation(&sim, Seat(0), &mut tensor);
        tensor
    }

    /// Found by the conformance suite: by name alone, a hand with a black slash looked like one
    /// with a red slash (which the nioh shield does not stop).
    #[test]
    fn the_observation_tells_a_black_slash_from_a_red_one() {
        let black = lord_holding(r#""slash/S7""#);
        let red = lord_holding(r#""slash/H10""#);
        assert_ne!(black, red);
        assert_eq!(black.iter().sum::<f32>(), red.iter().sum::<f32>());
    }
}
