//! One env of a batch: its game ([`Home`]) and what it keeps beside it ([`Episodes`]).

use std::sync::Arc;

use crate::encode::Encode;
use crate::kernel::{Sim, SimBuilder, SimError};
use crate::snapshot::Snapshot;

use super::episodes::{Episodes, seat_to_move};
use super::home::{Home, Layout};
use super::{VectorError, episode_seed};

/// One env of a batch.
pub(super) struct Env<G: Encode> {
    pub(super) home: Home<G>,
    pub(super) episodes: Episodes<G>,
}

impl<G: Encode> Env<G> {
    /// Env `index` of a batch seeded `seed`, holding its episode 0 (not yet dealt: the first
    /// reset deals it again) kept as `layout` (resolved) keeps it: resident, a game built
    /// from its seed; parked, restarted from `start` in `worker` (the same game, for far
    /// less than a build) and saved. Its restarts start from `start`.
    pub(super) fn new(
        builder: &SimBuilder<G>,
        seed: u64,
        index: u64,
        layout: Layout,
        start: &Arc<Snapshot>,
        worker: &mut Sim<G>,
    ) -> Result<Self, SimError> {
        let episodes = Episodes::new(index, Arc::clone(start));
        let first = episode_seed(seed, index, 0);
        let home = match layout {
            Layout::Parked => {
                episodes.start_game(worker, builder, first)?;
                Home::Parked(worker.snapshot())
            }
            Layout::Auto | Layout::Resident => {
                Home::Resident(Box::new(builder.clone().seed(first).try_build()?))
            }
        };
        Ok(Env { home, episodes })
    }

    /// True when the position written last has a legal action (the env can step).
    pub(super) fn playable(&self) -> bool {
        self.episodes.playable()
    }

    /// [`Episodes::check`].
    pub(super) fn check(&self, env: usize, id: u32, num_actions: u32) -> Result<(), VectorError> {
        self.episodes.check(env, id, num_actions)
    }

    /// [`Episodes::random_action`].
    pub(super) fn random_action(&self, draw: u64) -> u32 {
        self.episodes.random_action(draw)
    }

    /// A parked copy of this env whose hidden information is resampled for its player to
    /// move from `seed` (its opponents, if `seating`, seated afresh from the same seed);
    /// `self` is untouched.
    pub(super) fn determinized(
        &mut self,
        worker: &mut Sim<G>,
        seating: Option<&super::seating::Seating>,
        seed: u64,
    ) -> Result<Self, super::EnvError> {
        let episodes = &self.episodes;
        let (home, episodes) = self.home.parked_copy_with(worker, |sim| {
            if let Some(viewer) = seat_to_move(sim) {
                sim.determinize(viewer, seed);
            }
            episodes.copy_for(sim, seating, seed)
        })?;
        Ok(Env { home, episodes })
    }
}
