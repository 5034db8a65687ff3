//! Mahjong: the reference abilities and the rulesets, riichi and sichuan, with what they share:
//! the deal, the fill for hidden information ([`fill`]) and the search helpers ([`search`]).

pub mod abilities;
pub mod claims;
pub mod encode;
mod entry;
pub mod fill;
mod players;
pub mod riichi;
mod ruleset;
pub mod search;
mod shared;
pub mod sichuan;
mod summary;
mod table;

pub use entry::{RIICHI, SICHUAN, riichi_from, sichuan_from};
pub use players::{Choose, DEFAULT_ITERATIONS, PlayerKind, SeatPlayer, UnknownPlayer};
pub use ruleset::{LogKind, Ruleset};
pub(crate) use shared::{decide, encode_items, game_items};
pub use summary::{MahjongSummary, MahjongTally, MatchResult, SeatSummary};
pub use table::{
    HandTable, MatchStanding, MatchState, MatchTally, meld_tiles, score_line, seat_line,
};
pub(crate) use table::{deal_into, draw_into, draw_into_at_point};

use bevy_ecs::prelude::*;

use crate::dealer::{DealConfig, DealError, DealRound, DealTable, DiscardView, run_deal};
use crate::mount::Mount;
use crate::tiles::TileCounts;
use alea::kernel::{Seat, Table};

/// Deals hand number `dealt` in `round`: a fresh mount, the random streams keyed to `dealt`
/// (and `table`'s round set to it), the dealer's stages; returns the starting hands by seat.
/// The world must hold the dealer ([`crate::dealer::install`]) and the mount
/// ([`crate::mount::install`]).
///
/// Without abilities no stage can fail (every hand fills from a full zone A), and the
/// reference abilities never make one fail. A user's ability can (a starting-hand check that
/// refuses every attempt): the error is returned and the world is left mid-deal, for the
/// caller to roll back ([`Ctx::fail`](alea::pipeline::Ctx::fail) in the rules).
pub(crate) fn deal_hand(
    world: &mut World,
    table: &mut Table,
    round: DealRound,
    dealt: u32,
) -> Result<Vec<TileCounts>, DealError> {
    world.insert_resource(round);
    let config = *world.resource::<DealConfig>();
    *world.resource_mut::<Mount>() = Mount::new(config.set, config.layout);
    alea::kernel::start_round(world, table, dealt);
    run_deal(world)?;
    Ok(world.resource::<DealTable>().hands.clone())
}

/// Sets up what both rulesets' tables share: the four players, the mount and the dealer with
/// `abilities` seated (their entities adopted, the deal's state in snapshots). In play a bargain
/// the round makes infeasible deals on without plans (libsaki's way) instead of failing
/// mid-match. False (and the setup [failed](alea::kernel::Setup::fail)) when the abilities
/// cannot sit (two at one seat: a table built without `with_abilities`).
pub(crate) fn setup_table<G: alea::kernel::Game>(
    setup: &mut alea::kernel::Setup<'_, G>,
    config: DealConfig,
    abilities: &[abilities::SeatedAbility],
) -> bool {
    use crate::dealer::{AbilityMemory, AbilityPlan};
    for s in 0..4 {
        setup.spawn_player(Seat(s), ());
    }
    crate::mount::install(setup, Mount::new(config.set, config.layout));
    let seed = setup.seed();
    let config = DealConfig {
        strict_bargain: false,
        ..config
    };
    let pairs = abilities::SeatedAbility::pairs(abilities);
    match crate::dealer::install(setup.world(), config, &pairs, seed) {
        Ok(entities) => setup.adopt(&entities),
        Err(error) => {
            setup.fail(error);
            return false;
        }
    }
    setup.snapshot_resource::<DealTable>();
    setup.snapshot_resource::<DealRound>();
    setup.snapshot_component::<AbilityPlan>();
    setup.snapshot_component::<AbilityMemory>();
    setup.not_game_state::<crate::dealer::DealStatus>();
    // The dealer's stages, a schedule of systems.
    setup.not_game_state::<bevy_ecs::schedule::Schedules>();
    true
}

/// Starts a new match in `sim` exactly as if it had been built with `seed`: the streams
/// re-seeded, the abilities' memories forgotten, then `first_hand` (which resets the match
/// state and deals). A first deal that fails leaves `sim` as it was (a snapshot is taken
/// first when abilities are seated: without them no deal can fail).
pub(crate) fn restart<G: alea::kernel::Game>(
    sim: &mut alea::kernel::Sim<G>,
    seed: u64,
    first_hand: impl FnOnce(&mut World, &mut Table) -> Result<(), DealError>,
) -> Result<(), alea::kernel::SimError> {
    let before = crate::dealer::has_abilities(sim.world()).then(|| sim.snapshot());
    sim.reseed(seed);
    crate::dealer::forget_in_world(sim.world_mut());
    if let Err(error) = sim.with_world_and_table(first_hand) {
        if let Some(before) = before {
            sim.restore(&before)?;
        }
        let message = error.to_string();
        return Err(alea::pipeline::PipelineError::Failed { message }.into());
    }
    sim.refresh_decision();
    Ok(())
}

/// The seated abilities' `on_discard` after `seat` discards `tile` (nothing without
/// abilities); `nth` counts the seat's discards this hand, this one included.
pub(crate) fn abilities_on_discard(
    world: &mut World,
    seat: Seat,
    tile: crate::tiles::Tile,
    nth: impl FnOnce(&World) -> usize,
) {
    if crate::dealer::has_abilities(world) {
        let nth = u16::try_from(nth(world)).unwrap_or(u16::MAX);
        crate::dealer::on_discard_in_world(world, &DiscardView { seat, tile, nth });
    }
}

/// A deal event's starting hands as `viewer` sees them: its own only.
pub(crate) fn own_hand_only(hands: &[Option<TileCounts>], viewer: Seat) -> Vec<Option<TileCounts>> {
    hands
        .iter()
        .enumerate()
        .map(|(s, hand)| hand.filter(|_| s == viewer.index()))
        .collect()
}

/// The starting hands of the last deal, by seat (a deal event's `hands`).
pub(crate) fn dealt_hands(world: &World) -> Vec<Option<TileCounts>> {
    let table = world.resource::<DealTable>();
    table.hands.iter().copied().map(Some).collect()
}
