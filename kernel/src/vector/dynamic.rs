//! [`DynVector`]: a vector env whatever its game's type, as a registered game makes one
//! ([`DynGame::vector`](crate::registry::DynGame::vector)).

use crate::encode::Encode;

use super::home::Layout;
use super::outputs::{Outputs, Sizes};
use super::{VectorEnv, VectorError};

/// A [`VectorEnv`], type-erased.
pub trait DynVector: Send + Sync {
    /// The batch's sizes.
    fn sizes(&self) -> Sizes;
    /// One env's observation shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// Threads the envs are stepped on.
    fn threads(&self) -> usize;
    /// [`VectorEnv::learner`]: the learner's seat of a single-agent batch.
    fn learner(&self) -> Option<u8>;
    /// [`VectorEnv::layout`].
    fn layout(&self) -> Layout;
    /// [`VectorEnv::set_layout`].
    fn set_layout(&mut self, layout: Layout) -> Result<(), VectorError>;
    /// [`VectorEnv::reset`].
    fn reset(&mut self, seed: Option<u64>, out: &mut Outputs<'_>) -> Result<(), VectorError>;
    /// [`VectorEnv::step`].
    fn step(&mut self, actions: &[u32], out: &mut Outputs<'_>) -> Result<(), VectorError>;
    /// [`VectorEnv::step_random`], drawing from `rng`.
    fn step_random(
        &mut self,
        rng: &mut rand_chacha::ChaCha8Rng,
        out: &mut Outputs<'_>,
    ) -> Result<(), VectorError>;
    /// [`VectorEnv::random_actions`], drawing from `rng`.
    fn random_actions(
        &self,
        rng: &mut rand_chacha::ChaCha8Rng,
        actions: &mut Vec<u32>,
    ) -> Result<(), VectorError>;
    /// [`VectorEnv::observe`].
    fn observe(&mut self, out: &mut Outputs<'_>) -> Result<(), VectorError>;
    /// [`VectorEnv::determinize`].
    fn determinize(&mut self, seed: u64) -> Result<Box<dyn DynVector>, VectorError>;
}

impl<G: Encode> DynVector for VectorEnv<G> {
    fn sizes(&self) -> Sizes {
        VectorEnv::sizes(self)
    }

    fn observation_shape(&self) -> Vec<usize> {
        VectorEnv::observation_shape(self).to_vec()
    }

    fn threads(&self) -> usize {
        VectorEnv::threads(self)
    }

    fn learner(&self) -> Option<u8> {
        VectorEnv::learner(self).map(|seat| seat.0)
    }

    fn layout(&self) -> Layout {
        VectorEnv::layout(self)
    }

    fn set_layout(&mut self, layout: Layout) -> Result<(), VectorError> {
        VectorEnv::set_layout(self, layout)
    }

    fn reset(&mut self, seed: Option<u64>, out: &mut Outputs<'_>) -> Result<(), VectorError> {
        VectorEnv::reset(self, seed, out)
    }

    fn step(&mut self, actions: &[u32], out: &mut Outputs<'_>) -> Result<(), VectorError> {
        VectorEnv::step(self, actions, out)
    }

    fn step_random(
        &mut self,
        rng: &mut rand_chacha::ChaCha8Rng,
        out: &mut Outputs<'_>,
    ) -> Result<(), VectorError> {
        VectorEnv::step_random(self, rng, out)
    }

    fn random_actions(
        &self,
        rng: &mut rand_chacha::ChaCha8Rng,
        actions: &mut Vec<u32>,
    ) -> Result<(), VectorError> {
        VectorEnv::random_actions(self, rng, actions)
    }

    fn observe(&mut self, out: &mut Outputs<'_>) -> Result<(), VectorError> {
        VectorEnv::observe(self, out)
    }

    fn determinize(&mut self, seed: u64) -> Result<Box<dyn DynVector>, VectorError> {
        Ok(Box::new(VectorEnv::determinize(self, seed)?))
    }
}
