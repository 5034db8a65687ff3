//! The pipeline's census of enabled listeners, checked against the listeners themselves.

use bevy_ecs::prelude::*;

use crate::kernel::{Game, GameRules};
use crate::pipeline::{Listener, Resolution};

/// How many listeners of `world`'s game `G` are enabled, after checking that the
/// pipeline's census lists exactly those of every kind (panics naming the kind otherwise).
pub fn check_census<G: Game>(world: &World) -> usize {
    let rules = &world.resource::<GameRules<G>>().0;
    let census = &world.resource::<Resolution<G>>().census;
    let mut on = 0;
    for kind in 0..64 {
        let candidates = rules.listeners_of(kind);
        let listed: Vec<usize> = census.enabled(kind).collect();
        let enabled: Vec<usize> = (0..candidates.len())
            .filter(|&i| {
                world
                    .get::<Listener>(candidates[i])
                    .is_some_and(|l| l.is_enabled())
            })
            .collect();
        assert_eq!(listed, enabled, "event kind {kind}");
        on += listed.len();
    }
    on
}
