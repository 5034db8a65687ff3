//! The mount in a game's World: one grouped resource plus one entity per slot.

use bevy_ecs::prelude::*;

use super::{Exit, Mount, MountError, MountSlot};
use crate::tiles::Tile;
use alea::chance::{Purpose, Streams};
use alea::kernel::{Game, Kind, Setup};
use alea::pipeline::Ctx;

/// Puts `mount` into the game's World at setup: the [`Mount`] resource (registered for
/// snapshots and checksums) and one [`MountSlot`] entity per slot, exit by exit. Returns the
/// slot entities in that order.
pub fn install<G: Game>(setup: &mut Setup<'_, G>, mount: Mount) -> Vec<Entity> {
    let layout = mount.layout();
    setup.insert_resource(mount);
    setup.snapshot_resource::<Mount>();
    Exit::ALL
        .into_iter()
        .flat_map(|exit| (0..layout.slots(exit)).map(move |index| MountSlot { exit, index }))
        .map(|slot| setup.spawn((Kind::MountSlot, slot)))
        .collect()
}

/// Draws the next tile out of `exit` of the World's [`Mount`] with the game's
/// [`Purpose::Draw`] stream.
///
/// # Panics
/// If the World has no [`Mount`] or no [`Streams`] (a setup bug: see [`install`]).
pub fn draw_in_world(world: &mut World, exit: Exit) -> Result<Tile, MountError> {
    let (Some(mount), Some(streams)) = (
        world.resource_entity::<Mount>(),
        world.resource_entity::<Streams>(),
    ) else {
        panic!("draw_in_world needs the Mount (see mount::install) and Streams resources");
    };
    let [mut mount, mut streams] = world
        .get_entity_mut([mount, streams])
        .expect("resource entities exist and differ");
    let mut mount = mount.get_mut::<Mount>().expect("the mount resource");
    let mut streams = streams.get_mut::<Streams>().expect("the streams resource");
    mount.draw(exit, streams.rng(Purpose::Draw))
}

/// Draws the next tile out of `exit` of the World's [`Mount`] through a chance point
/// ([`NextDraw`](super::NextDraw)): forced when the action's cases force it, else drawn from
/// the game's [`Purpose::Draw`] stream exactly as [`draw_in_world`] draws. Nothing is drawn
/// (and no point met) when the exit cannot give a tile.
///
/// # Panics
/// If the World has no [`Mount`] (a setup bug: see [`install`]).
pub fn draw_at_point<G: Game>(ctx: &mut Ctx<'_, G>, exit: Exit) -> Result<Tile, MountError> {
    let next = ctx.world().resource::<Mount>().next_draw(exit)?;
    let pick = ctx.chance(&next);
    ctx.world().resource_mut::<Mount>().draw_picked(exit, pick)
}
