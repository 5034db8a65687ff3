//! What a step writes: [`Outputs`], views of buffers the caller owns, and [`Buffers`], owned
//! buffers of the right sizes.

use super::VectorError;

/// A batch's sizes: envs, observation values per env, action ids, players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Envs in the batch (`B`).
    pub envs: usize,
    /// Values of one observation (the product of the shape).
    pub observation: usize,
    /// Action ids (`A`).
    pub actions: usize,
    /// Players (`P`).
    pub players: usize,
}

/// Where a step writes, row `i` for env `i` (row-major, `B` rows).
pub struct Outputs<'a> {
    /// `B × observation`: each env's observation from the view of its player to move.
    pub observation: &'a mut [f32],
    /// `B × A`: the legal action ids of each env.
    pub legal_action_mask: &'a mut [bool],
    /// `B`: each env's player to move.
    pub current_player: &'a mut [i32],
    /// `B × P`: what each player earned this step (the games pay their returns at the end).
    pub rewards: &'a mut [f32],
    /// `B`: the episode ended by the rules this step (the env was reset).
    pub terminated: &'a mut [bool],
    /// `B`: the episode was cut by the game's own cap this step (the env was reset).
    pub truncated: &'a mut [bool],
    /// `B × observation`: the ended episode's last observation, in the rows of the envs that
    /// reset this step (the other rows are left as they were).
    pub final_observation: &'a mut [f32],
    /// `B × P`: the ended episode's returns, in the rows of the envs that reset this step.
    pub final_rewards: &'a mut [f32],
}

impl Outputs<'_> {
    /// Checks every buffer's length against `sizes`.
    pub(super) fn check(&self, sizes: Sizes) -> Result<(), VectorError> {
        let Sizes {
            envs,
            observation,
            actions,
            players,
        } = sizes;
        let lengths = [
            ("observation", self.observation.len(), envs * observation),
            (
                "legal_action_mask",
                self.legal_action_mask.len(),
                envs * actions,
            ),
            ("current_player", self.current_player.len(), envs),
            ("rewards", self.rewards.len(), envs * players),
            ("terminated", self.terminated.len(), envs),
            ("truncated", self.truncated.len(), envs),
            (
                "final_observation",
                self.final_observation.len(),
                envs * observation,
            ),
            ("final_rewards", self.final_rewards.len(), envs * players),
        ];
        for (what, got, expected) in lengths {
            if got != expected {
                return Err(VectorError::WrongLength {
                    what,
                    expected,
                    got,
                });
            }
        }
        Ok(())
    }

    /// The same views, borrowed again (for a call that takes them by value).
    pub(super) fn reborrow(&mut self) -> Outputs<'_> {
        Outputs {
            observation: &mut *self.observation,
            legal_action_mask: &mut *self.legal_action_mask,
            current_player: &mut *self.current_player,
            rewards: &mut *self.rewards,
            terminated: &mut *self.terminated,
            truncated: &mut *self.truncated,
            final_observation: &mut *self.final_observation,
            final_rewards: &mut *self.final_rewards,
        }
    }

    /// The first `n` rows and the rest.
    pub(super) fn split_at(self, n: usize, sizes: Sizes) -> (Self, Self) {
        let (o, a, p) = (sizes.observation, sizes.actions, sizes.players);
        let (observation, observation_rest) = self.observation.split_at_mut(n * o);
        let (mask, mask_rest) = self.legal_action_mask.split_at_mut(n * a);
        let (player, player_rest) = self.current_player.split_at_mut(n);
        let (rewards, rewards_rest) = self.rewards.split_at_mut(n * p);
        let (terminated, terminated_rest) = self.terminated.split_at_mut(n);
        let (truncated, truncated_rest) = self.truncated.split_at_mut(n);
        let (last, last_rest) = self.final_observation.split_at_mut(n * o);
        let (returns, returns_rest) = self.final_rewards.split_at_mut(n * p);
        (
            Outputs {
                observation,
                legal_action_mask: mask,
                current_player: player,
                rewards,
                terminated,
                truncated,
                final_observation: last,
                final_rewards: returns,
            },
            Outputs {
                observation: observation_rest,
                legal_action_mask: mask_rest,
                current_player: player_rest,
                rewards: rewards_rest,
                terminated: terminated_rest,
                truncated: truncated_rest,
                final_observation: last_rest,
                final_rewards: returns_rest,
            },
        )
    }

    /// Row `i`'s views.
    pub(super) fn row(&mut self, i: usize, sizes: Sizes) -> Row<'_> {
        let (o, a, p) = (sizes.observation, sizes.actions, sizes.players);
        Row {
            observation: &mut self.observation[i * o..(i + 1) * o],
            legal_action_mask: &mut self.legal_action_mask[i * a..(i + 1) * a],
            current_player: &mut self.current_player[i],
            rewards: &mut self.rewards[i * p..(i + 1) * p],
            terminated: &mut self.terminated[i],
            truncated: &mut self.truncated[i],
            final_observation: &mut self.final_observation[i * o..(i + 1) * o],
            final_rewards: &mut self.final_rewards[i * p..(i + 1) * p],
        }
    }
}

/// One env's row of [`Outputs`].
pub(super) struct Row<'a> {
    pub(super) observation: &'a mut [f32],
    pub(super) legal_action_mask: &'a mut [bool],
    pub(super) current_player: &'a mut i32,
    pub(super) rewards: &'a mut [f32],
    pub(super) terminated: &'a mut bool,
    pub(super) truncated: &'a mut bool,
    pub(super) final_observation: &'a mut [f32],
    pub(super) final_rewards: &'a mut [f32],
}

/// Owned buffers of a batch's sizes, for Rust callers ([`Buffers::outputs`] lends them to a
/// step).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Buffers {
    /// See [`Outputs::observation`].
    pub observation: Vec<f32>,
    /// See [`Outputs::legal_action_mask`].
    pub legal_action_mask: Vec<bool>,
    /// See [`Outputs::current_player`].
    pub current_player: Vec<i32>,
    /// See [`Outputs::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Outputs::terminated`].
    pub terminated: Vec<bool>,
    /// See [`Outputs::truncated`].
    pub truncated: Vec<bool>,
    /// See [`Outputs::final_observation`].
    pub final_observation: Vec<f32>,
    /// See [`Outputs::final_rewards`].
    pub final_rewards: Vec<f32>,
}

impl Buffers {
    /// Zeroed buffers for `env`'s batch.
    pub fn new(env: &(impl super::DynVector + ?Sized)) -> Buffers {
        Buffers::of(env.sizes())
    }

    /// Zeroed buffers of `sizes`.
    pub fn of(sizes: Sizes) -> Buffers {
        let Sizes {
            envs,
            observation,
            actions,
            players,
        } = sizes;
        Buffers {
            observation: vec![0.0; envs * observation],
            legal_action_mask: vec![false; envs * actions],
            current_player: vec![0; envs],
            rewards: vec![0.0; envs * players],
            terminated: vec![false; envs],
            truncated: vec![false; envs],
            final_observation: vec![0.0; envs * observation],
            final_rewards: vec![0.0; envs * players],
        }
    }

    /// The buffers as a step's [`Outputs`].
    pub fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            observation: &mut self.observation,
            legal_action_mask: &mut self.legal_action_mask,
            current_player: &mut self.current_player,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            final_observation: &mut self.final_observation,
            final_rewards: &mut self.final_rewards,
        }
    }
}
