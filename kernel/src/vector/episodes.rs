//! What one env of a batch keeps beside its game: the episodes it has dealt, its opponents,
//! its legal ids, and how it steps and writes its row (on the `Sim` its [`Home`](super::home::Home)
//! lends).

use std::sync::Arc;

use crate::encode::Encode;
use crate::kernel::{Seat, Sim, SimBuilder, SimError, Turn};
use crate::snapshot::Snapshot;

use super::outputs::Row;
use super::seating::{Opponents, Seating};
use super::{EnvError, VectorError, episode_seed};

/// Episodes in a row the opponents may end before the learner's first move (each is dealt
/// again) before the env reports [`EnvError::NoTurn`].
const MAX_SKIPPED: u32 = 1_000;

/// What dealing an episode needs from the batch.
pub(super) struct Dealer<'a, G: Encode> {
    pub(super) builder: &'a SimBuilder<G>,
    /// The batch's seed.
    pub(super) seed: u64,
    /// The learner's seat and its opponents, in a single-agent batch.
    pub(super) seating: Option<&'a Seating>,
}

/// What one env of a batch keeps beside its game ([`Env`](super::env::Env) pairs the two).
pub(super) struct Episodes<G: Encode> {
    /// A snapshot of a game just built, for [`Encode::restart`].
    start: Arc<Snapshot>,
    index: u64,
    /// The episode the next deal starts.
    next_episode: u64,
    /// The returns read at an episode's end (kept for their capacity).
    returns: Vec<f64>,
    /// The other seats' players, in a single-agent batch.
    opponents: Opponents<G>,
    /// The ids of the position's legal actions, in [`Sim::legal_actions`]'s order, kept
    /// beside the world when its row is written: drawing a random action (and checking one,
    /// in a game of more than 64 ids) then reads this short list, not the world (a batch of
    /// a thousand worlds outgrows the caches, and every visit to a world costs misses).
    legal: Vec<u32>,
    /// The same ids as bits (bit `id` set for a legal `id`) when every one is below 64, so a
    /// check reads nothing beyond the env itself; `None` when one is not (a game of more
    /// action ids: the check reads [`legal`](Self::legal)).
    legal_bits: Option<u64>,
}

impl<G: Encode> Episodes<G> {
    /// Env `index`, its restarts starting from `start` (a game just built: the batch's envs
    /// share one).
    pub(super) fn new(index: u64, start: Arc<Snapshot>) -> Self {
        Episodes {
            start,
            index,
            next_episode: 0,
            returns: Vec::new(),
            opponents: Opponents::none(),
            legal: Vec::new(),
            legal_bits: None,
        }
    }

    /// Puts the game dealt from `seed` into `sim`: restarted in place when the game can,
    /// else built anew by `builder`.
    pub(super) fn start_game(
        &self,
        sim: &mut Sim<G>,
        builder: &SimBuilder<G>,
        seed: u64,
    ) -> Result<(), SimError> {
        sim.forget_chance();
        if !G::restart(sim, &self.start, seed)? {
            *sim = builder.clone().seed(seed).try_build()?;
        }
        Ok(())
    }

    /// A copy of `self` for `sim` (a determinized copy of its game), its opponents (if
    /// `seating`) seated afresh from `seed`.
    pub(super) fn copy_for(
        &self,
        sim: &Sim<G>,
        seating: Option<&Seating>,
        seed: u64,
    ) -> Result<Self, EnvError> {
        let mut env = Episodes {
            start: Arc::clone(&self.start),
            index: self.index,
            next_episode: self.next_episode,
            returns: Vec::new(),
            opponents: Opponents::none(),
            legal: Vec::new(),
            legal_bits: None,
        };
        env.read_legal(sim);
        if let Some(seating) = seating {
            env.opponents.seat(&sim.rules().game, seating, seed)?;
        }
        Ok(env)
    }

    /// Starts the episodes over from 0 (a reset with a new seed).
    pub(super) fn rewind(&mut self) {
        self.next_episode = 0;
    }

    /// Deals the next episode: in place when the game can restart, else a new `Sim`. In a
    /// single-agent batch the opponents are seated and play up to the learner's first move
    /// (an episode they end before it is skipped: dealt again). A game that fails while it is
    /// dealt (its setup, an opponent's move) is given up as one that fails in a step is, and
    /// the next episode dealt. Returns the first such failure; `Err` when no episode could
    /// be dealt in [`MAX_SKIPPED`] tries (the env is then at no decision). Write the row
    /// afterwards in every case: the next step's check reads the legal ids it stores.
    pub(super) fn deal(
        &mut self,
        sim: &mut Sim<G>,
        dealer: &Dealer<'_, G>,
    ) -> Result<Option<EnvError>, EnvError> {
        let mut failed = None;
        for _ in 0..MAX_SKIPPED {
            match self.deal_episode(sim, dealer) {
                Ok(true) => return Ok(failed),
                Ok(false) => {}
                Err(error) => {
                    failed.get_or_insert(error);
                }
            }
        }
        Err(failed.unwrap_or(EnvError::NoTurn(MAX_SKIPPED)))
    }

    /// Deals one episode (and plays the opponents' first moves); true when it stops at a
    /// decision of the learner's (always, in a batch whose every seat the caller plays).
    fn deal_episode(&mut self, sim: &mut Sim<G>, dealer: &Dealer<'_, G>) -> Result<bool, EnvError> {
        let seed = self.deal_once(sim, dealer)?;
        let Some(seating) = dealer.seating else {
            return Ok(true);
        };
        self.opponents.seat(dealer.builder.game(), seating, seed)?;
        self.opponents.play(sim, seating.learner)?;
        Ok(!sim.is_terminal())
    }

    /// True when the position written last has a legal action (the env can step).
    pub(super) fn playable(&self) -> bool {
        !self.legal.is_empty()
    }

    /// Deals the next episode of the batch; returns its seed.
    fn deal_once(&mut self, sim: &mut Sim<G>, dealer: &Dealer<'_, G>) -> Result<u64, SimError> {
        let seed = episode_seed(dealer.seed, self.index, self.next_episode);
        self.next_episode += 1;
        self.start_game(sim, dealer.builder, seed)?;
        Ok(seed)
    }

    /// The id of a uniformly random legal action picked by `draw` (a random number shared by
    /// the batch) and this env's index (0 when there is none: a finished game, which
    /// [`check`](Self::check) then refuses). Each env picks on its own, in any order: the
    /// same on any thread count.
    pub(super) fn random_action(&self, draw: u64) -> u32 {
        let mine = crate::chance::sub_seed(draw, self.index);
        // Uniform up to `len / 2^64` (Lemire's multiply, without the rejection).
        let at = (u128::from(mine) * self.legal.len() as u128) >> 64;
        self.legal.get(at as usize).copied().unwrap_or(0)
    }

    /// Checks that `id` is a legal action here (as env `env` of a game of `num_actions`
    /// action ids).
    pub(super) fn check(&self, env: usize, id: u32, num_actions: u32) -> Result<(), VectorError> {
        if id >= num_actions {
            return Err(VectorError::OutOfRange {
                env,
                action: id,
                num_actions,
            });
        }
        let legal = match self.legal_bits {
            Some(bits) => id < 64 && bits >> id & 1 == 1,
            None => self.legal.contains(&id),
        };
        match legal {
            true => Ok(()),
            false => Err(VectorError::Illegal { env, action: id }),
        }
    }

    /// Reads the position's legal action ids into [`legal`](Self::legal) and
    /// [`legal_bits`](Self::legal_bits).
    fn read_legal(&mut self, sim: &Sim<G>) {
        crate::encode::legal_ids(sim, &mut self.legal);
        self.legal_bits =
            (self.legal.iter()).try_fold(0u64, |bits, &id| (id < 64).then(|| bits | 1 << id));
    }

    /// Writes the row of an env whose game is lost (its snapshot could not be restored):
    /// cut (`truncated`), nothing earned, no legal action — every later step that moves it
    /// is refused, naming it.
    pub(super) fn lose(&mut self, row: Row<'_>) {
        self.legal.clear();
        self.legal_bits = Some(0);
        *row.terminated = false;
        *row.truncated = true;
        row.rewards.fill(0.0);
        row.legal_action_mask.fill(false);
        row.observation.fill(0.0);
        *row.current_player = crate::registry::TERMINAL as i32;
    }

    /// Plays `id` (checked) and, in a single-agent batch, the opponents' moves up to the
    /// learner's next; at the episode's end writes the final rows and deals the next
    /// episode; then writes the position's row.
    pub(super) fn step(
        &mut self,
        sim: &mut Sim<G>,
        dealer: &Dealer<'_, G>,
        id: u32,
        row: Row<'_>,
    ) -> Result<(), EnvError> {
        let mover = seat_to_move(sim).unwrap_or(Seat(0));
        if let Err(error) = self.play(sim, dealer, id) {
            // The envs run with `Rollback::Caller`: a failed action leaves its world
            // half-applied, so the episode is given up (cut: `truncated`, nothing earned)
            // and the next one dealt.
            *row.terminated = false;
            *row.truncated = true;
            row.rewards.fill(0.0);
            row.final_rewards.fill(0.0);
            row.final_observation.fill(0.0);
            // A deal that fails too leaves the position as it is; the first failure is told.
            let _ = self.deal(sim, dealer);
            self.write(sim, row);
            return Err(error);
        }
        let ended = sim.is_terminal();
        *row.truncated = ended && G::truncated(sim);
        *row.terminated = ended && !*row.truncated;
        if ended {
            sim.returns_into(&mut self.returns);
            for (to, from) in row.rewards.iter_mut().zip(&self.returns) {
                *to = *from as f32;
            }
            row.final_rewards.copy_from_slice(row.rewards);
            row.final_observation.fill(0.0);
            G::observation(sim, mover, row.final_observation);
            let dealt = self.deal(sim, dealer);
            self.write(sim, row);
            return first_failure(dealt);
        }
        row.rewards.fill(0.0);
        self.write(sim, row);
        Ok(())
    }

    /// Plays `id` (checked) and, in a single-agent batch, the opponents' moves up to the
    /// learner's next.
    fn play(&mut self, sim: &mut Sim<G>, dealer: &Dealer<'_, G>, id: u32) -> Result<(), EnvError> {
        let action = crate::encode::action_of(sim, id).expect("checked before the step");
        sim.apply(action)?;
        if let Some(seating) = dealer.seating {
            self.opponents.play(sim, seating.learner)?;
        }
        Ok(())
    }

    /// Writes the position's observation (from the view of the player to move), its legal
    /// mask and the player to move (`-4`, OpenSpiel's terminal id, if the episode is over).
    pub(super) fn write(&mut self, sim: &Sim<G>, row: Row<'_>) {
        self.read_legal(sim);
        row.legal_action_mask.fill(false);
        for &id in &self.legal {
            row.legal_action_mask[id as usize] = true;
        }
        row.observation.fill(0.0);
        match seat_to_move(sim) {
            Some(seat) => {
                *row.current_player = i32::from(seat.0);
                G::observation(sim, seat, row.observation);
            }
            None => *row.current_player = crate::registry::TERMINAL as i32,
        }
    }
}

/// The seat to move (every env is at a player's decision between steps).
pub(super) fn seat_to_move<G: Encode>(sim: &Sim<G>) -> Option<Seat> {
    match sim.turn() {
        Turn::Player(seat) => Some(seat),
        Turn::Terminal => None,
    }
}

/// A deal's first failure, as an error (`Ok` when every game dealt was sound).
pub(super) fn first_failure(dealt: Result<Option<EnvError>, EnvError>) -> Result<(), EnvError> {
    match dealt {
        Ok(None) => Ok(()),
        Ok(Some(error)) | Err(error) => Err(error),
    }
}
