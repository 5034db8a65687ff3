//! Damage, healing and defeat. [`DuelEvent::Damage`] is dealt damage: bonuses change it as
//! *before* listeners, then its element reacts with the target's aura ([`reaction`]) and the
//! result reaches the target as a [`DuelEvent::Hit`], which guards and shields reduce as
//! *before* listeners before the hit points go. A defeat resolves right after the hit that
//! caused it (it is the hit's follow-up), before the reaction's damage to the other characters
//! (superconduct, electro-charged, swirl).

use super::{edit, state};
use crate::dice::Face;
use crate::games::duel::pieces::{self, PieceKind};
use crate::games::duel::state::{Attached, TEAM};
use crate::games::duel::{Duel, DuelEvent, board, zones};
use alea::kernel::{Seat, Zone};
use alea::pipeline::{Ctx, Flow, Property};

/// [`DuelEvent::Damage`]: the reaction (unless piercing), then the hit; a reaction's side
/// effects (a crystallize shield, frozen, damage to the other characters) follow it.
pub(super) fn damage(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let DuelEvent::Damage {
        seat,
        target,
        amount,
        element,
        piercing,
        ..
    } = *event
    else {
        return Flow::Continue;
    };
    let f = board::fighter(ctx.rules(), ctx.world(), seat, target);
    if !f.alive {
        return Flow::Cancel;
    }
    let mut r = Reaction {
        bonus: 0,
        aura: f.aura,
        effect: ReactionEffect::None,
    };
    if !piercing && let Some(e) = element {
        r = reaction(f.aura, e);
        board::edit_fighter(ctx.rules(), ctx.world(), seat, target, |f| f.aura = r.aura);
    }
    ctx.emit(DuelEvent::Hit {
        seat,
        target,
        amount: amount.saturating_add(r.bonus),
        piercing,
        overloaded: r.effect == ReactionEffect::ForceSwitch,
    });
    match r.effect {
        ReactionEffect::Shield => {
            let attacker = seat.next(2);
            let active = state(ctx).sides[attacker.index()].active;
            pieces::gain(ctx, attacker, PieceKind::Shield, active, 1, 0);
        }
        ReactionEffect::Freeze => pieces::gain(ctx, seat, PieceKind::Frozen, target, 0, 1),
        _ => {}
    }
    let (splash, element, piercing) = match r.effect {
        ReactionEffect::Pierce => (true, None, true),
        ReactionEffect::Swirl(e) => (true, Some(e), false),
        _ => (false, None, false),
    };
    if splash {
        let team = board::fighters(ctx.rules(), ctx.world(), seat);
        for i in (0..TEAM as u8).filter(|&i| i != target && team[usize::from(i)].alive) {
            ctx.emit(DuelEvent::Damage {
                seat,
                target: i,
                amount: 1,
                element,
                piercing,
                attacker: None,
            });
        }
    }
    Flow::Continue
}

/// [`DuelEvent::Hit`]: the hit points go; overloaded switches a standing active target out;
/// at 0 HP the character is defeated.
pub(super) fn hit(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let DuelEvent::Hit {
        seat,
        target,
        amount,
        overloaded,
        ..
    } = *event
    else {
        return Flow::Continue;
    };
    if !board::fighter(ctx.rules(), ctx.world(), seat, target).alive {
        return Flow::Cancel;
    }
    let Some((before, hp)) = board::edit_fighter(ctx.rules(), ctx.world(), seat, target, |f| {
        let before = f.hp;
        f.hp = f.hp.saturating_sub(amount);
        (before, f.hp)
    }) else {
        return Flow::Cancel;
    };
    if ctx.is_recording() {
        let character = board::character(ctx.rules(), seat, target);
        ctx.changed(character, Property::HP, before.into(), hp.into());
    }
    let active = state(ctx).sides[seat.index()].active;
    if overloaded
        && active == target
        && hp > 0
        && let Some(next) = board::next_alive(ctx.rules(), ctx.world(), seat, target)
    {
        edit(ctx, |s| s.sides[seat.index()].active = next);
    }
    if hp == 0 {
        ctx.emit(DuelEvent::Defeated { seat, target });
    }
    Flow::Continue
}

/// [`DuelEvent::Healed`]: up to the character's maximum, if it stands.
pub(super) fn healed(ctx: &mut Ctx<'_, Duel>, seat: Seat, target: u8, amount: u8) -> Flow {
    let catalog = &ctx.game().catalog;
    board::edit_fighter(ctx.rules(), ctx.world(), seat, target, |f| {
        if f.alive {
            let max = catalog.characters[usize::from(f.character)].hp;
            f.hp = (f.hp + amount).min(max);
        }
    });
    Flow::Continue
}

/// [`DuelEvent::Defeated`]: the character's energy, aura and statuses go, its equipment is
/// discarded; the last one standing loses the game, else an active one must be replaced.
pub(super) fn defeated(ctx: &mut Ctx<'_, Duel>, seat: Seat, target: u8) -> Flow {
    board::edit_fighter(ctx.rules(), ctx.world(), seat, target, |f| {
        f.alive = false;
        f.energy = 0;
        f.aura = None;
    });
    pieces::release_character(ctx, seat, target);
    let rules = ctx.rules();
    for &e in zones::live(rules, ctx.world(), seat) {
        let world = ctx.world();
        if zones::zone(world, e) == Zone::Equipment(seat)
            && world.get::<Attached>(e).is_some_and(|a| a.0 == target)
        {
            ctx.move_to(e, Zone::Discard(seat));
        }
    }
    if board::fighters(ctx.rules(), ctx.world(), seat)
        .iter()
        .all(|f| !f.alive)
    {
        ctx.emit(DuelEvent::GameOver {
            winner: Some(seat.next(2)),
        });
        return Flow::Continue;
    }
    edit(ctx, |s| {
        let side = &mut s.sides[seat.index()];
        if side.active == target {
            side.must_switch = true;
        }
    });
    Flow::Continue
}

/// The reaction of `incoming` on `aura`: extra damage, the aura left, and a side effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reaction {
    /// Damage added.
    pub bonus: u8,
    /// The aura afterwards.
    pub aura: Option<Face>,
    /// What else happens.
    pub effect: ReactionEffect,
}

/// A reaction's side effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReactionEffect {
    /// Nothing else.
    None,
    /// Overloaded: the target's side switches to its next character.
    ForceSwitch,
    /// Superconduct, electro-charged: 1 piercing damage to the target's other characters.
    Pierce,
    /// Swirl: 1 damage of the swirled element to the target's other characters.
    Swirl(Face),
    /// Crystallize: the attacker's active character gains 1 shield.
    Shield,
    /// Frozen (hydro and cryo): the target is [frozen](crate::games::duel::pieces::frozen)
    /// until the end phase.
    Freeze,
}

/// Elemental application and reactions. Anemo and geo never stay applied; cryo+dendro (no
/// reaction here) keeps the newer element.
pub fn reaction(aura: Option<Face>, incoming: Face) -> Reaction {
    use Face::*;
    use ReactionEffect as E;
    let done = |bonus, effect| Reaction {
        bonus,
        aura: None,
        effect,
    };
    let Some(aura) = aura else {
        let aura = (!matches!(incoming, Anemo | Geo | Omni)).then_some(incoming);
        return Reaction {
            bonus: 0,
            aura,
            effect: E::None,
        };
    };
    match (aura, incoming) {
        (a, i) if a == i => Reaction {
            bonus: 0,
            aura: Some(a),
            effect: E::None,
        },
        (Pyro, Cryo) | (Cryo, Pyro) | (Pyro, Hydro) | (Hydro, Pyro) => done(2, E::None),
        (Pyro, Electro) | (Electro, Pyro) => done(2, E::ForceSwitch),
        (Cryo, Electro) | (Electro, Cryo) | (Hydro, Electro) | (Electro, Hydro) => {
            done(1, E::Pierce)
        }
        (Hydro, Cryo) | (Cryo, Hydro) => done(1, E::Freeze),
        (Dendro, Hydro | Pyro | Electro) | (Hydro | Pyro | Electro, Dendro) => done(1, E::None),
        (a, Anemo) if a != Dendro => done(0, E::Swirl(a)),
        (a, Geo) if a != Dendro => done(1, E::Shield),
        (a, Anemo | Geo) => Reaction {
            bonus: 0,
            aura: Some(a),
            effect: E::None,
        },
        (_, i) => Reaction {
            bonus: 0,
            aura: Some(i),
            effect: E::None,
        },
    }
}
