//! SmartAI: FreeKill's AI on alea's benefit simulation. In its play phase it
//! values every legal use of every card by simulating it ([`Simulator`]) and plays the best
//! while it beats the cancel threshold `min(90 × (hand limit − hand size), −1)`, else ends the
//! phase; it is asked again after every card. Answers: a jink always; a peach (an analeptic
//! first, on itself) for itself or a dying friend; a nullification when the simulated outcome
//! with it beats the one without (the card's own cost included — this covers "when the
//! trick's benefit for it is negative" and countering a nullification of its own trick);
//! which card to take by the simulated benefit of each choice; in the discard phase the
//! cards worth least to keep. Friends and enemies come from what the seat knows
//! ([`relations`]); every simulation runs in worlds determinized for the seat, so nothing it
//! computes depends on what it cannot see.

use super::deck::CardName;
use super::state::{MAX_SEATS as SEATS, Phase, Question, Role, SgsState};
use super::{Mode, Sgs, SgsAction, trust};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use alea::benefit::{Answers, BenefitGame, Simulator};
use alea::chance::{Purpose, derive_stream};
use alea::kernel::{Seat, Sim, SimError, Turn};
use alea::search::MAX_SEATS;

/// +1 when `a` and `b` win together (the lord and a loyalist, two rebels), −1 otherwise.
fn relation(a: Role, b: Role) -> f64 {
    if a.faction() == b.faction() {
        1.0
    } else {
        -1.0
    }
}

/// How much each seat's changes count for `seat`: +1 for itself and the seats it knows are
/// friends, −1 for known enemies; for a seat whose role it cannot see, the expectation over
/// the roles still hidden (the mode's roles but its own and the revealed ones), each equally
/// likely. Depends only on what `seat` knows.
pub fn relations(state: &SgsState, mode: Mode, seat: Seat) -> [f64; MAX_SEATS] {
    let mine = state.seat(seat).role;
    let roles = mode.roles();
    let seats = mode.seats();
    let hidden = |s: usize| s != seat.index() && !state.seats[s].revealed;
    // The roles nobody has shown `seat`.
    let mut unseen = [0u8; 4];
    for &role in roles {
        unseen[role as usize] += 1;
    }
    for (s, st) in state.seats[..usize::from(seats)].iter().enumerate() {
        if !hidden(s) {
            unseen[st.role as usize] = unseen[st.role as usize].saturating_sub(1);
        }
    }
    let total: u8 = unseen.iter().sum();
    let expected = [Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade]
        .iter()
        .map(|&r| f64::from(unseen[r as usize]) * relation(mine, r))
        .sum::<f64>()
        / f64::from(total.max(1));
    let mut out = [0.0; MAX_SEATS];
    for (s, value) in out
        .iter_mut()
        .enumerate()
        .take(usize::from(seats).min(SEATS))
    {
        *value = match s {
            s if s == seat.index() => 1.0,
            s if hidden(s) => expected,
            s => relation(mine, state.seats[s].role),
        };
    }
    out
}

impl BenefitGame for Sgs {
    fn relations(sim: &Sim<Sgs>, seat: Seat) -> [f64; MAX_SEATS] {
        relations(sim.state(), sim.rules().game.mode, seat)
    }

    fn trust(sim: &Sim<Sgs>, rng: &mut ChaCha8Rng) -> SgsAction {
        match sim.turn() {
            Turn::Player(seat) => trust::trust(sim, seat, rng),
            Turn::Terminal => SgsAction::Pass,
        }
    }

    fn decline(sim: &Sim<Sgs>) -> Option<SgsAction> {
        sim.legal_actions()
            .contains(&SgsAction::Pass)
            .then_some(SgsAction::Pass)
    }
}

/// A SmartAI decision with every legal action's benefit.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// Who decides.
    pub seat: Seat,
    /// Every legal action with its simulated benefit, best first (ties in legal order).
    pub actions: Vec<(SgsAction, f64)>,
    /// What SmartAI does.
    pub choice: SgsAction,
    /// In the play phase, the benefit a card must beat to be played.
    pub threshold: Option<f64>,
}

/// The SmartAI of one seat (its simulator's buffers are reused from decision to decision).
pub struct Smart {
    simulator: Simulator<Sgs>,
    posterior: bool,
    actions: Vec<SgsAction>,
    values: Vec<f64>,
}

impl Smart {
    /// A SmartAI whose simulations answer questions by `answers` (`Optimistic`: FreeKill's own
    /// AI, `smart-optimistic`).
    pub fn new(answers: Answers) -> Smart {
        Smart {
            simulator: Simulator::new(answers),
            posterior: false,
            actions: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The same SmartAI, its worlds determinized by the posterior
    /// ([`super::determinize_posterior`]: weighted by what the seats' passes showed).
    pub fn with_posterior(self) -> Smart {
        Smart {
            simulator: self
                .simulator
                .with_determinize(super::determinize_posterior),
            posterior: true,
            ..self
        }
    }

    /// How its simulations answer questions.
    pub fn answers(&self) -> Answers {
        self.simulator.answers
    }

    /// The action of the seat to move (`None` once the game is over); its simulations are
    /// seeded from `seed`. `sim` is left as it was.
    pub fn choose(&mut self, sim: &mut Sim<Sgs>, seed: u64) -> Result<Option<SgsAction>, SimError> {
        let Turn::Player(seat) = sim.turn() else {
            return Ok(None);
        };
        let state = *sim.state();
        let legal = sim.legal_actions();
        let has = |a: SgsAction| legal.contains(&a).then_some(a);
        let respond = |name| has(SgsAction::Respond(name));
        let choice = match state.question {
            Question::Jink { .. } => respond(CardName::Jink),
            Question::Peach { dying } if dying == seat => {
                respond(CardName::Analeptic).or_else(|| respond(CardName::Peach))
            }
            Question::Peach { dying } => {
                let friend = relations(&state, sim.rules().game.mode, seat)[dying.index()];
                (friend > 0.0).then(|| respond(CardName::Peach)).flatten()
            }
            Question::Nullify { .. } => self.nullify(sim, seed)?,
            Question::Choose => {
                self.actions.clear();
                self.actions.extend_from_slice(legal);
                self.best(sim, seed)?
            }
            Question::None if state.phase == Phase::Play => self.play(sim, seat, seed)?,
            Question::None => discard(sim),
        };
        Ok(Some(choice.unwrap_or(SgsAction::Pass)))
    }

    /// Every legal action of the seat to move with its benefit, and the choice.
    pub fn think(&mut self, sim: &mut Sim<Sgs>, seed: u64) -> Result<Option<Thought>, SimError> {
        let Turn::Player(seat) = sim.turn() else {
            return Ok(None);
        };
        let legal = sim.legal_actions().to_vec();
        let mut values = Vec::new();
        self.simulator.evaluate(sim, &legal, seed, &mut values)?;
        let mut actions: Vec<(SgsAction, f64)> = legal.into_iter().zip(values).collect();
        actions.sort_by(|a, b| b.1.total_cmp(&a.1));
        let threshold = (sim.state().question == Question::None
            && sim.state().phase == Phase::Play)
            .then(|| threshold(sim.state(), seat));
        let choice = self.choose(sim, seed)?.unwrap_or(SgsAction::Pass);
        Ok(Some(Thought {
            seat,
            actions,
            choice,
            threshold,
        }))
    }

    /// A nullification when the outcome with it beats the outcome without (a tie keeps the
    /// card).
    fn nullify(&mut self, sim: &mut Sim<Sgs>, seed: u64) -> Result<Option<SgsAction>, SimError> {
        let respond = SgsAction::Respond(CardName::Nullification);
        self.actions.clear();
        self.actions.extend([SgsAction::Pass, respond]);
        self.simulator
            .evaluate(sim, &self.actions, seed, &mut self.values)?;
        Ok(Some(match self.values[..] {
            [pass, with] if with > pass + 1e-9 => respond,
            _ => SgsAction::Pass,
        }))
    }

    /// The play phase: the best use of a card while it beats the threshold, else the end.
    fn play(
        &mut self,
        sim: &mut Sim<Sgs>,
        seat: Seat,
        seed: u64,
    ) -> Result<Option<SgsAction>, SimError> {
        self.actions.clear();
        let uses = sim.legal_actions().iter().filter(|a| **a != SgsAction::End);
        self.actions.extend(uses);
        let best = self.best_with_value(sim, seed)?;
        let threshold = threshold(sim.state(), seat);
        Ok(Some(match best {
            Some((action, value)) if value > threshold => action,
            _ => SgsAction::End,
        }))
    }

    /// The action of `self.actions` with the highest benefit (equals broken at random).
    fn best(&mut self, sim: &mut Sim<Sgs>, seed: u64) -> Result<Option<SgsAction>, SimError> {
        Ok(self.best_with_value(sim, seed)?.map(|(a, _)| a))
    }

    fn best_with_value(
        &mut self,
        sim: &mut Sim<Sgs>,
        seed: u64,
    ) -> Result<Option<(SgsAction, f64)>, SimError> {
        self.simulator
            .evaluate(sim, &self.actions, seed, &mut self.values)?;
        let Some(best) = self.values.iter().copied().reduce(f64::max) else {
            return Ok(None);
        };
        // Equal benefits are broken at random (from the decision's seed): taking the first
        // would always aim at the lowest seat.
        let tied = |v: f64| v >= best - 1e-9;
        let count = self.values.iter().filter(|&&v| tied(v)).count();
        let pick = derive_stream(seed, Purpose::Ai.key(), 3).random_range(0..count);
        let action = self
            .actions
            .iter()
            .zip(&self.values)
            .filter(|&(_, &v)| tied(v))
            .nth(pick)
            .map(|(&a, _)| a);
        Ok(action.map(|a| (a, best)))
    }
}

/// The cancel threshold: `min(90 × (hand limit − hand size), −1)` — a card must beat it to
/// be played (with more cards than the limit, cards about to be discarded may be played at a
/// loss).
pub fn threshold(state: &SgsState, seat: Seat) -> f64 {
    let limit = i64::from(state.seat(seat).hp.max(0));
    let size = state.holdings.hand(seat).len() as i64;
    (90 * (limit - size)).min(-1) as f64
}

/// The discard phase: the legal discard of the card worth least to keep (the first of equals).
fn discard(sim: &Sim<Sgs>) -> Option<SgsAction> {
    let deck = &sim.rules().game.deck;
    sim.legal_actions()
        .iter()
        .copied()
        .min_by_key(|a| match *a {
            SgsAction::Discard { card } => deck.keep(deck.card(card).name),
            _ => u16::MAX,
        })
}

impl std::fmt::Debug for Smart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let posterior = if self.posterior { ", posterior" } else { "" };
        write!(f, "Smart({:?}{posterior})", self.simulator.answers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(roles: [Role; 4], revealed: [bool; 4]) -> SgsState {
        let mut st = SgsState::default();
        for (s, (role, revealed)) in roles.into_iter().zip(revealed).enumerate() {
            st.seats[s].role = role;
            st.seats[s].revealed = revealed;
            st.seats[s].alive = true;
        }
        st
    }

    #[test]
    fn relations_from_what_the_seat_knows() {
        use Role::*;
        // The loyalist sees the lord; the rebel and the renegade are hidden: both enemies.
        let st = state(
            [Lord, Loyalist, Rebel, Renegade],
            [true, false, false, false],
        );
        let four = Mode::Identity4;
        let r = relations(&st, four, Seat(1));
        assert_eq!(&r[..4], &[1.0, 1.0, -1.0, -1.0]);
        // The rebel: the loyalist and the renegade are hidden, both enemies of a rebel.
        let r = relations(&st, four, Seat(2));
        assert_eq!(&r[..4], &[-1.0, -1.0, 1.0, -1.0]);
        // The lord: loyalist, rebel, renegade hidden — each seat a friend one time in three.
        let r = relations(&st, four, Seat(0));
        let third = (1.0 - 2.0) / 3.0;
        assert_eq!(&r[..4], &[1.0, third, third, third]);
        // A dead rebel is revealed: the other two hidden seats are loyalist or renegade.
        let st = state(
            [Lord, Loyalist, Rebel, Renegade],
            [true, false, true, false],
        );
        let r = relations(&st, four, Seat(0));
        assert_eq!(&r[..4], &[1.0, 0.0, -1.0, 0.0]);
        // The answer never depends on the hidden seats' real roles.
        let swapped = state(
            [Lord, Renegade, Rebel, Loyalist],
            [true, false, false, false],
        );
        let lord = state(
            [Lord, Loyalist, Rebel, Renegade],
            [true, false, false, false],
        );
        assert_eq!(
            relations(&swapped, four, Seat(0)),
            relations(&lord, four, Seat(0))
        );
        // 1v1: lord and rebel, enemies.
        let st = state([Rebel, Lord, Rebel, Rebel], [false, true, false, false]);
        let two = Mode::OneVsOne;
        assert_eq!(&relations(&st, two, Seat(0))[..2], &[1.0, -1.0]);
        assert_eq!(&relations(&st, two, Seat(1))[..2], &[-1.0, 1.0]);
    }

    #[test]
    fn the_cancel_threshold() {
        let mut st = SgsState::default();
        st.seats[0].hp = 3;
        assert_eq!(threshold(&st, Seat(0)), -1.0);
        for card in 0..5 {
            st.holdings.moved(
                card,
                alea::kernel::Zone::Stock,
                alea::kernel::Zone::Hand(Seat(0)),
            );
        }
        assert_eq!(threshold(&st, Seat(0)), -180.0);
    }
}
