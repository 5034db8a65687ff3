//! Where the duel's characters are, and reading and writing their [`Fighter`] component.

use bevy_ecs::prelude::*;

use super::Duel;
use super::state::{DuelState, Fighter, TEAM};
use super::zones::{ZoneQueries, rows_of};
use crate::dice::{Face, Team};
use alea::kernel::{Group, Rules, Seat};
use alea::pipeline::Resolution;

/// The group of `seat`'s character entities, by team slot (spawned at setup).
pub fn characters(seat: Seat) -> Group {
    Group(u16::from(seat.0))
}

/// The character entity of `seat`'s team slot `slot`.
pub fn character(rules: &Rules<Duel>, seat: Seat, slot: u8) -> Entity {
    rules.group(characters(seat))[usize::from(slot) % TEAM]
}

/// `seat`'s character in team slot `slot`.
pub fn fighter(rules: &Rules<Duel>, world: &World, seat: Seat, slot: u8) -> Fighter {
    let entity = character(rules, seat, slot);
    world.get::<Fighter>(entity).copied().unwrap_or_default()
}

/// `seat`'s three characters, read as one row range of their table (one lookup per character
/// when a client moved them to other tables).
pub fn fighters(rules: &Rules<Duel>, world: &World, seat: Seat) -> [Fighter; TEAM] {
    let q = world.resource::<ZoneQueries>();
    let first = q.fighter_base + (seat.index() * TEAM) as u32;
    if let Ok(tables) = q.fighters.query_manual(world).contiguous_iter() {
        for (ids, fighters) in tables {
            if let Some(rows) = rows_of(ids, first, TEAM) {
                let mut out = [Fighter::default(); TEAM];
                out.copy_from_slice(&fighters[rows]);
                return out;
            }
        }
    }
    let group = rules.group(characters(seat));
    std::array::from_fn(|i| world.get::<Fighter>(group[i]).copied().unwrap_or_default())
}

/// `seat`'s active character.
pub fn active(rules: &Rules<Duel>, world: &World, state: &DuelState, seat: Seat) -> Fighter {
    fighter(rules, world, seat, state.sides[seat.index()].active)
}

/// Changes `seat`'s character in team slot `slot`; returns what `edit` returns.
pub fn edit_fighter<R>(
    rules: &Rules<Duel>,
    world: &mut World,
    seat: Seat,
    slot: u8,
    edit: impl FnOnce(&mut Fighter) -> R,
) -> Option<R> {
    let entity = character(rules, seat, slot);
    world.get_mut::<Fighter>(entity).map(|mut f| edit(&mut f))
}

/// The next living character of `seat` after team slot `from`, cyclically (not `from` itself).
pub fn next_alive(rules: &Rules<Duel>, world: &World, seat: Seat, from: u8) -> Option<u8> {
    let team = fighters(rules, world, seat);
    (1..TEAM as u8)
        .map(|d| (from + d) % TEAM as u8)
        .find(|&i| team[usize::from(i)].alive)
}

/// The elements of `seat`'s living characters (team slot `active` active), for its dice
/// generators.
pub fn team(rules: &Rules<Duel>, world: &World, seat: Seat, active: u8) -> Team {
    let mut elements = [Face::Omni; TEAM];
    let mut len = 0;
    let mut active_at = 0;
    for (i, f) in fighters(rules, world, seat).iter().enumerate() {
        if f.alive {
            if i == usize::from(active) {
                active_at = len;
            }
            elements[len] = rules.game.element(f);
            len += 1;
        }
    }
    Team::new(&elements[..len], active_at)
}

/// What both players see of the table, copied out of the world: the state and the characters
/// (for descriptions and logs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The public state.
    pub state: DuelState,
    /// Each side's characters.
    pub fighters: [[Fighter; TEAM]; 2],
}

impl View {
    /// `seat`'s active character.
    pub fn active(&self, seat: Seat) -> &Fighter {
        let slot = self.state.sides[seat.index()].active;
        &self.fighters[seat.index()][usize::from(slot) % TEAM]
    }
}

/// The view of a duel from its rules, world and state.
pub fn view_of(rules: &Rules<Duel>, world: &World, state: &DuelState) -> View {
    View {
        state: *state,
        fighters: [Seat(0), Seat(1)].map(|seat| fighters(rules, world, seat)),
    }
}

/// The view of `world`'s duel (a world built for a [`Duel`]: a `Sim`'s or a Bevy app's).
///
/// # Panics
/// If `world` holds no duel.
pub fn view(world: &World) -> View {
    let rules = &world.resource::<alea::kernel::GameRules<Duel>>().0;
    view_of(rules, world, &world.resource::<Resolution<Duel>>().state)
}
