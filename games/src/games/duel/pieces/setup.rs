//! Spawning the pieces at setup: every pool of both sides, each piece with the listeners of its
//! kind (registered once per handler), disabled until the piece comes into play.

use bevy_ecs::prelude::*;

use super::{
    ListenerSpec, Of, Piece, PieceKind, PieceListeners, STATUSES, SUPPORTS, damage_bonus,
    empowered, end_draw, end_heal, energy_bonus, frozen, guard, pool, round_omni, shield, summon,
};
use crate::games::duel::state::{NONE, SUPPORT_SLOTS, TEAM};
use crate::games::duel::{Duel, EffectCases};
use alea::kernel::{Seat, Setup};
use alea::pipeline::{HandlerId, Listener};

impl PieceKind {
    /// The listeners a piece of this kind carries.
    fn listeners(self) -> &'static [ListenerSpec] {
        match self {
            PieceKind::Summon => &summon::LISTENERS,
            PieceKind::RoundOmni => &round_omni::LISTENERS,
            PieceKind::EndDraw => &end_draw::LISTENERS,
            PieceKind::EndHeal => &end_heal::LISTENERS,
            PieceKind::Shield => &shield::LISTENERS,
            PieceKind::Frozen => &frozen::LISTENERS,
            PieceKind::Empowered => &empowered::LISTENERS,
            PieceKind::DamageBonus => &damage_bonus::LISTENERS,
            PieceKind::Guard => &guard::LISTENERS,
            PieceKind::EnergyBonus => &energy_bonus::LISTENERS,
        }
    }
}

/// Registers the handlers and spawns every piece of both sides, in their pools (see [`pool`]),
/// listeners disabled.
pub(in crate::games::duel) fn spawn(setup: &mut Setup<'_, Duel>) {
    let mut handlers: Vec<(&'static str, HandlerId)> = Vec::new();
    let summons = setup.rules().game.catalog.summons.clone();
    for seat in [Seat(0), Seat(1)] {
        for (i, def) in (0u8..).zip(&summons) {
            let piece = Piece::new(PieceKind::Summon, seat, NONE, i);
            let cases = EffectCases::uniform("summon_end_phase", def.end_phase.len());
            spawn_pool(setup, &mut handlers, piece, cases, 1, 0);
        }
        for kind in SUPPORTS {
            let piece = Piece::new(kind, seat, NONE, NONE);
            spawn_pool(setup, &mut handlers, piece, (), SUPPORT_SLOTS, 0);
        }
        for c in 0..TEAM as u8 {
            for (k, kind) in STATUSES.into_iter().enumerate() {
                let piece = Piece::new(kind, seat, c, NONE);
                let slot = u16::from(c) * 16 + k as u16;
                spawn_pool(setup, &mut handlers, piece, (), 1, slot);
            }
        }
    }
    setup.snapshot_component::<Piece>();
}

/// Spawns the pool of `count` pieces like `piece` (each with `extra`) and their listeners.
fn spawn_pool(
    setup: &mut Setup<'_, Duel>,
    handlers: &mut Vec<(&'static str, HandlerId)>,
    piece: Piece,
    extra: impl Bundle + Clone,
    count: usize,
    slot: u16,
) {
    let pool = pool(
        setup.rules(),
        piece.seat,
        piece.kind,
        piece.character.min(piece.summon),
    )
    .expect("every piece spawned has a pool");
    assert_eq!(
        setup.rules().pool(pool).len(),
        0,
        "pieces spawn in pool order"
    );
    let members = setup.spawn_pool(pool, count, |_| (piece, extra.clone()));
    for &member in &members {
        let mut all = [member; 2];
        let specs = piece.kind.listeners();
        assert!(
            specs.len() <= all.len(),
            "a piece carries at most 2 listeners"
        );
        for (i, spec) in specs.iter().enumerate() {
            let id = match handlers.iter().find(|(name, _)| *name == spec.name) {
                Some(&(_, id)) => id,
                None => {
                    let id = setup.handler(spec.name, spec.run);
                    handlers.push((spec.name, id));
                    id
                }
            };
            let listener = Listener::new(spec.event, spec.timing, id)
                .priority(spec.priority)
                .seat(piece.seat, slot)
                .disabled();
            if i == 0 {
                setup.add_listener(member, listener);
            } else {
                all[i] = setup.spawn_listener(listener, Of(member));
            }
        }
        let len = specs.len().min(all.len()) as u8;
        setup
            .world()
            .entity_mut(member)
            .insert((Of(member), PieceListeners { all, len }));
    }
}
