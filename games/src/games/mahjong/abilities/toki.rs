//! Toki (怜, Onjouji): future sight. At her turn she plays out the next draws on a snapshot
//! once per candidate discard (a *timeline*), keeps the discard whose future is best for her,
//! and collapses the real wall ([`Mount::early_collapse`]) at every live-wall slot she saw, so
//! the wall is the same in every timeline and in the real game: whoever reaches a slot first
//! draws the tile she saw there. Replacement draws after kans are played but not foreseen.
//!
//! Timelines share the wall: before each one, the slots seen in the earlier ones are collapsed
//! on the restored snapshot, so a slot shows the same tile in every timeline. The look-ahead
//! leaves nothing behind but those collapses (the snapshot is restored, the event log kept).

use rand_chacha::ChaCha8Rng;

use super::{SeatedAbility, params};
use crate::dealer::AbilityHooks;
use crate::mount::{Exit, Mount};
use crate::tiles::Tile;
use alea::chance::sub_seed;
use alea::kernel::{Game, Seat, Sim, SimError, Turn};
use alea::pipeline::Observer;

/// Toki's hooks: none at the deal; her future sight runs at her decisions
/// ([`future_sight`], called by the ruleset's `choose`).
pub static TOKI: AbilityHooks = AbilityHooks::named("toki");

/// What a ruleset tells future sight.
pub trait Foresee: Game {
    /// True for the actions future sight compares (her discards).
    fn is_candidate(action: &Self::Action) -> bool;
    /// Every seat's choice in a simulated future (a plain player: no future sight in it).
    fn rollout_action(sim: &Sim<Self>, rng: &mut ChaCha8Rng) -> Option<Self::Action>;
    /// The exit and tile of a draw event.
    fn drawn(event: &Self::Event) -> Option<(Exit, Tile)>;
    /// True for an event that ends the hand (the simulated future stops there).
    fn ends_hand(event: &Self::Event) -> bool;
    /// How good the world is for `seat`: its points, then how close it is to a win.
    fn outlook(sim: &Sim<Self>, seat: Seat) -> f64;
    /// The abilities seated.
    fn abilities(&self) -> &[SeatedAbility];

    /// True when Toki sits at `seat`.
    fn has_toki(&self, seat: Seat) -> bool {
        SeatedAbility::is_seated(self.abilities(), &TOKI, seat)
    }
}

/// The slot of an exit: the exit and the slot's index from the exit's first slot (not from
/// the next one out, so it stays put as tiles are drawn).
pub type SlotIndex = (Exit, u16);

/// What a future-sight decision saw and chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Sight<A> {
    /// The discard kept.
    pub action: A,
    /// Every candidate with the outlook of its timeline, in the order looked at.
    pub timelines: Vec<(A, f64)>,
    /// Every slot seen, with its tile, in the order first seen (all collapsed on the real wall).
    pub seen: Vec<(SlotIndex, Tile)>,
}

/// Toki's decision for `seat` (the seat to move) in `sim`: plays out each candidate's future
/// on a snapshot (`horizon_draws` draws, every seat by [`Foresee::rollout_action`] seeded from
/// `seed`), keeps the best, then collapses the real wall at every slot seen. `None` when no
/// candidate is legal (nothing is changed then).
pub fn future_sight<G: Foresee>(
    sim: &mut Sim<G>,
    seat: Seat,
    seed: u64,
) -> Result<Option<Sight<G::Action>>, SimError> {
    let p = &params().toki;
    let mut candidates: Vec<G::Action> = sim
        .legal_actions()
        .iter()
        .copied()
        .filter(G::is_candidate)
        .collect();
    candidates.dedup();
    candidates.truncate(usize::from(p.timelines.max(1)));
    if candidates.is_empty() {
        return Ok(None);
    }
    let root = sim.snapshot();
    let watch = sim.watch();
    let logged = sim.take_events();
    sim.record_events(true);
    let mut seen: Vec<(SlotIndex, Tile)> = Vec::new();
    let mut timelines = Vec::with_capacity(candidates.len());
    let mut outcome = Ok(());
    for (i, &candidate) in candidates.iter().enumerate() {
        match timeline(
            sim,
            &root,
            candidate,
            seat,
            &mut seen,
            p.horizon_draws,
            sub_seed(seed, i as u64),
        ) {
            Ok(value) => timelines.push((candidate, value)),
            Err(error) => {
                outcome = Err(error);
                break;
            }
        }
    }
    let restored = sim.restore(&root);
    sim.record_events(watch.record_events);
    sim.world_mut().resource_mut::<Observer<G>>().events = logged;
    outcome?;
    restored?;
    collapse(sim.world_mut().resource_mut::<Mount>().as_mut(), &seen);
    let action = timelines
        .iter()
        .fold(None::<(G::Action, f64)>, |best, &(a, v)| match best {
            Some((_, bv)) if bv >= v => best,
            _ => Some((a, v)),
        })
        .map(|(a, _)| a)
        .expect("at least one timeline");
    Ok(Some(Sight {
        action,
        timelines,
        seen,
    }))
}

/// Toki's choice at her decision, when she looks ahead: only when the plain greedy choice
/// ([`Foresee::rollout_action`]) is a candidate — a win, a kan or a call is played as the
/// greedy player would (`None` then: the seat's own player decides). Her search seed is the
/// next number of `rng`.
pub fn toki_choice<G: Foresee>(
    sim: &mut Sim<G>,
    seat: Seat,
    rng: &mut ChaCha8Rng,
) -> Option<G::Action> {
    let plain = G::rollout_action(sim, rng)?;
    if !G::is_candidate(&plain) {
        return None;
    }
    let seed = rand::Rng::next_u64(rng);
    future_sight(sim, seat, seed)
        .ok()
        .flatten()
        .map(|sight| sight.action)
}

/// [`toki_choice`] for the seat to move when Toki sits there (`None` otherwise).
pub fn toki_to_move<G: Foresee>(sim: &mut Sim<G>, rng: &mut ChaCha8Rng) -> Option<G::Action> {
    let Turn::Player(seat) = sim.turn() else {
        return None;
    };
    if !sim.rules().game.has_toki(seat) {
        return None;
    }
    toki_choice(sim, seat, rng)
}

/// One timeline: restore, collapse what earlier timelines saw, play `candidate` and the next
/// `horizon` draws, record the slots drawn; returns the outlook for `seat`.
fn timeline<G: Foresee>(
    sim: &mut Sim<G>,
    root: &alea::snapshot::Snapshot,
    candidate: G::Action,
    seat: Seat,
    seen: &mut Vec<(SlotIndex, Tile)>,
    horizon: u16,
    seed: u64,
) -> Result<f64, SimError> {
    sim.restore(root)?;
    collapse(sim.world_mut().resource_mut::<Mount>().as_mut(), seen);
    let mount = sim.world().resource::<Mount>();
    // Only the live wall is foreseen: a replacement slot she saw in one timeline may never be
    // drawn in the game, and in a layout whose replacements come off the live wall (sichuan)
    // its collapsed tile would then be missing from the live wall's stock.
    let mut next = [(Exit::Pii, mount.drawn_from(Exit::Pii))];
    let mut rng = alea::kernel::playout::random_player_rng(seed);
    let mut draws = 0;
    let mut action = Some(candidate);
    while let Some(a) = action {
        sim.apply(a)?;
        let mut over = false;
        for logged in sim.take_events() {
            over |= G::ends_hand(&logged.event);
            let Some((exit, tile)) = G::drawn(&logged.event) else {
                continue;
            };
            let Some((_, index)) = next.iter_mut().find(|(e, _)| *e == exit) else {
                continue;
            };
            if !seen.iter().any(|&(slot, _)| slot == (exit, *index)) {
                seen.push(((exit, *index), tile));
            }
            *index += 1;
            draws += 1;
        }
        if over || draws >= horizon {
            break;
        }
        action = G::rollout_action(sim, &mut rng);
    }
    Ok(G::outlook(sim, seat))
}

/// Collapses every seen slot still ahead on `mount` (a slot already drawn is skipped).
fn collapse(mount: &mut Mount, seen: &[(SlotIndex, Tile)]) {
    for &((exit, index), tile) in seen {
        let taken = mount.drawn_from(exit);
        if index >= taken {
            // Abilities try: a slot cut off by replacement draws is simply skipped.
            let _ = mount.early_collapse(exit, index - taken, tile);
        }
    }
}
