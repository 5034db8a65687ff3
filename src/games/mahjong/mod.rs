//! Mahjong: the reference abilities and the rulesets, riichi and sichuan, with what they share:
//! the deal, the fill for hidden information ([`fill`]) and the search helpers ([`search`]).

pub mod abilities;
pub mod fill;
pub mod riichi;
mod ruleset;
pub mod search;
pub mod sichuan;

pub use ruleset::{LogKind, MatchTally, Ruleset, seat_line};

use bevy_ecs::prelude::*;

use crate::dealer::{DealConfig, DealTable, run_deal};
use crate::kernel::{Seat, Table};
use crate::mount::Mount;
use crate::tiles::TileCounts;

/// Deals hand number `round` with `dealer` as East: a fresh mount, the random streams keyed to
/// `round` (and `table`'s round set to it), the dealer's stages; returns the starting hands by
/// seat. The world must hold the dealer ([`crate::dealer::install`]) and the mount
/// ([`crate::mount::install`]).
pub(crate) fn deal_hand(
    world: &mut World,
    table: &mut Table,
    dealer: Seat,
    round: u32,
) -> Vec<TileCounts> {
    let mut config = *world.resource::<DealConfig>();
    config.dealer = dealer;
    world.insert_resource(config);
    *world.resource_mut::<Mount>() = Mount::new(config.set, config.layout);
    crate::kernel::start_round(world, table, round);
    // Without abilities no stage can fail: every hand fills from a full zone A. The rulesets
    // seat abilities only after a trial deal (plans that can all hold); their starting-hand
    // checks accept after their perseverance, far below the monkey stage's cap.
    run_deal(world).expect("a deal with checked abilities cannot fail");
    world.resource::<DealTable>().hands.clone()
}
