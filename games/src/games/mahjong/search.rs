//! What the mahjong ISMCTS players share: the discard prior ([`DiscardPrior`]), the anchor's
//! threshold ([`ANCHOR_Z`]) and rollouts to the end of the hand by a heuristic player
//! ([`greedy_to_hand_end`]).

use bevy_ecs::world::World;

use crate::games::mahjong::fill::{FillTable, Inference, fill_table};
use crate::tiles::{KindCounts, ShantenProbe, Tile, TileKind, ukeire};
use alea::kernel::{Game, Rules, Seat, Sim, Turn};
use alea::search::SearchError;
use alea::search::{Candidates, Evaluator, Ismcts};

/// The share of the best ukeire a discard needs to be searched.
pub const UKEIRE_SHARE: f64 = 0.75;

/// The standard errors by which a searched action must beat the anchor (the heuristic
/// player's choice: cautious in riichi, greedy in sichuan), world by world, to be played
/// instead ([`Ismcts::with_anchored_root`]).
pub const ANCHOR_Z: f64 = 2.0;

/// The discards worth searching from a hand: those leaving the lowest shanten among the
/// discards offered, with at least [`UKEIRE_SHARE`] of the best ukeire among those.
#[derive(Clone, Copy, Debug)]
pub struct DiscardPrior {
    /// (shanten, ukeire) after discarding each kind offered.
    after: [Option<(i8, u32)>; TileKind::COUNT],
    lowest: Option<i8>,
    best: u32,
}

impl DiscardPrior {
    /// The prior for `hand` (the kinds it holds, the tile to discard included), `seen` the
    /// copies the player sees, over the `discards` offered.
    pub fn new(hand: &KindCounts, seen: &KindCounts, discards: impl Iterator<Item = Tile>) -> Self {
        let mut after = [None; TileKind::COUNT];
        let probe = ShantenProbe::new(hand);
        for tile in discards {
            after[tile.kind().index()].get_or_insert_with(|| {
                let mut h = *hand;
                h[tile.kind()] -= 1;
                (probe.with(tile.kind(), false), ukeire(&h, seen))
            });
        }
        let lowest = after.iter().flatten().map(|s| s.0).min();
        let best = after
            .iter()
            .flatten()
            .filter(|s| Some(s.0) == lowest)
            .map(|s| s.1)
            .max()
            .unwrap_or(0);
        DiscardPrior {
            after,
            lowest,
            best,
        }
    }

    /// True when discarding `tile` (one of the discards offered) is worth searching.
    pub fn keeps(&self, tile: Tile) -> bool {
        self.after[tile.kind().index()].is_some_and(|(s, u)| {
            Some(s) == self.lowest && f64::from(u) >= UKEIRE_SHARE * f64::from(self.best)
        })
    }
}

/// A greedy player: the action `seat` takes among the legal `choices`.
pub type GreedyPlayer<G> = fn(&Sim<G>, Seat, &[<G as Game>::Action]) -> <G as Game>::Action;

/// Plays `sim` on with `greedy` for every seat until the hand number `dealt` reads changes
/// or the game is over.
pub fn greedy_to_hand_end<G: Game>(
    sim: &mut Sim<G>,
    greedy: GreedyPlayer<G>,
    dealt: fn(&World) -> u32,
) -> Result<(), SearchError> {
    let hand = dealt(sim.world());
    while dealt(sim.world()) == hand {
        let Turn::Player(seat) = sim.turn() else {
            break;
        };
        let action = greedy(sim, seat, sim.legal_actions());
        sim.apply(action)?;
    }
    Ok(())
}

/// A ruleset whose fill takes an [`Inference`] (riichi, sichuan).
pub trait InferredFill: Game {
    /// Re-deals what `viewer` cannot see with `inference`; a position the fill cannot work
    /// from stays as it is.
    fn fill(
        rules: &Rules<Self>,
        world: &mut World,
        viewer: Seat,
        rng: &mut rand_chacha::ChaCha8Rng,
        inference: Inference,
    );
}

/// Every ruleset whose table the fill reads ([`FillTable`]: riichi, sichuan).
impl<G: Game + FillTable> InferredFill for G {
    fn fill(
        rules: &Rules<G>,
        world: &mut World,
        viewer: Seat,
        rng: &mut rand_chacha::ChaCha8Rng,
        inference: Inference,
    ) {
        let _ = fill_table(&rules.game, world, viewer, rng, inference);
    }
}

/// A mahjong ISMCTS searcher: leaves valued by `rollouts`, the tree searching the
/// `candidates` (the first of them the root's anchor, kept unless another beats it world by
/// world by [`ANCHOR_Z`] standard errors: [`Ismcts::with_anchored_root`]), over worlds of
/// `inference`.
pub fn anchored_ismcts<G: InferredFill>(
    uct_c: f64,
    rollouts: impl Evaluator<G> + 'static,
    candidates: Candidates<G>,
    inference: Inference,
) -> Ismcts<G> {
    let search = Ismcts::new(uct_c, rollouts)
        .with_candidates(candidates)
        .with_anchored_root(ANCHOR_Z);
    with_inference(search, inference)
}

/// The seat to move and its legal actions (`None` once the game is over or when there is
/// nothing to choose).
pub fn to_move<G: Game>(sim: &Sim<G>) -> Option<(Seat, &[G::Action])> {
    let Turn::Player(seat) = sim.turn() else {
        return None;
    };
    let choices = sim.legal_actions();
    (!choices.is_empty()).then_some((seat, choices))
}

/// `search` determinizing with `inference`'s fill ([`Inference::Constrained`] is the rulesets'
/// own `determinize`, kept as it is).
pub fn with_inference<G: InferredFill>(search: Ismcts<G>, inference: Inference) -> Ismcts<G> {
    match inference {
        Inference::Constrained => search,
        Inference::Uniform => search.with_determinize(determinize::<G, 0>),
        Inference::Posterior => search.with_determinize(determinize::<G, 2>),
    }
}

/// [`Sim::determinize`] with the fill of inference `I` (0 uniform, 1 constrained, 2 posterior).
fn determinize<G: InferredFill, const I: u8>(sim: &mut Sim<G>, viewer: Seat, seed: u64) {
    let inference = match I {
        0 => Inference::Uniform,
        1 => Inference::Constrained,
        _ => Inference::Posterior,
    };
    sim.try_determinize_with(viewer, seed, |rules, world, _, _, viewer, rng| {
        G::fill(rules, world, viewer, rng, inference);
    });
}
