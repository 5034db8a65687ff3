//! Kasumi (霞, Eisui): three plans, one per number suit, each `All` on its nine kinds. In the
//! monkey stage the others get none of her suit and she gets only her suit and honors (fewer
//! honors); she wants to start at least 2 steps from ready with at most 5 honors (relaxing the
//! honors after 50 attempts, perseverance 100). In play, up to her 12th discard, she draws only
//! her suit and the others do not draw it.

use super::{effective, kinds, light, params, suit_kinds};
use bevy_ecs::world::World;

use crate::dealer::{
    Ability, AbilityCtx, AbilityHooks, AbilityList, AbilityPlan, BargainHooks, Claim, DrawView,
    TableView,
};
use crate::mount::{Mount, Presence};
use crate::tiles::KindMask;
use crate::tiles::{Suit, TileCounts, TileKind, shanten};
use alea::kernel::Seat;

/// Kasumi's hooks.
pub static KASUMI: AbilityHooks = AbilityHooks {
    bargain: Some(BargainHooks {
        plans: |_| 3,
        claim,
        describe: |_, plan| format!("suit {}", ['m', 'p', 's'][usize::from(plan)]),
        on_bargained: |_, _| {},
    }),
    on_monkey: Some(on_monkey),
    check_init: Some(check_init),
    on_draw: Some(on_draw),
    ..AbilityHooks::named("kasumi")
};

fn in_suit(kind: TileKind, suit: u16) -> bool {
    !kind.is_honor() && kind.index() / 9 == usize::from(suit)
}

fn claim(_: &AbilityCtx, _: &Mount, plan: u16, kind: TileKind) -> Claim {
    if in_suit(kind, plan) {
        Claim::All
    } else {
        Claim::None
    }
}

fn on_monkey(ctx: &AbilityCtx, _: &TableView<'_>, presence: &mut [Presence]) {
    let p = &params().kasumi;
    let Some(suit) = ctx.plan else {
        return;
    };
    for (seat, exist) in presence.iter_mut().enumerate() {
        let mine = seat == usize::from(ctx.seat.0);
        for kind in TileKind::all() {
            if kind.is_honor() {
                if mine {
                    exist.inc(kind.tile(), p.own_honor_mk);
                }
            } else if in_suit(kind, suit) != mine {
                exist.inc(kind.tile(), -p.eject_mk);
            }
        }
    }
}

fn check_init(
    ctx: &AbilityCtx,
    seat: Seat,
    hand: &TileCounts,
    iter: u32,
    _: &TableView<'_>,
) -> bool {
    let p = &params().kasumi;
    if seat != ctx.seat || iter > p.perseverance {
        return true;
    }
    let kinds = kinds(hand);
    let honors: u8 = TileKind::all()
        .filter(|k| k.is_honor())
        .map(|k| kinds[k])
        .sum();
    shanten(&kinds) >= p.min_shanten && (iter > p.relax_at || honors <= p.max_honors)
}

fn on_draw(ctx: &AbilityCtx, view: &DrawView<'_>, mount: &mut Mount) {
    let p = &params().kasumi;
    let Some(suit) = ctx.plan else {
        return;
    };
    let turn = view
        .turns
        .get(usize::from(ctx.seat.0))
        .copied()
        .unwrap_or(0);
    if turn > p.draw_turns {
        return;
    }
    if view.drawer == ctx.seat {
        let hand = kinds(&view.hands[usize::from(ctx.seat.0)]);
        let improving = if shanten(&hand) <= 1 {
            Some(effective(&hand))
        } else {
            None
        };
        for other in (0..3).filter(|&s| s != suit) {
            for kind in suit_kinds(other) {
                light(mount, kind, -p.other_suits_mk);
            }
        }
        if let Some(improving) = improving {
            for kind in suit_kinds(suit).filter(|k| !improving.contains(k)) {
                light(mount, kind, p.own_suit_mk);
            }
        }
    } else {
        for kind in suit_kinds(suit) {
            light(mount, kind, -p.rival_mk);
        }
    }
}

/// The kinds the seats other than `viewer` cannot hold when `viewer` is Kasumi: her plan's
/// suit (the others were dealt none and have drawn none while she had made at most her
/// `draw_turns` discards; `discards` is how many she has made). Another viewer does not know
/// her plan: no kind. Nor when Toki sits at the table: her collapsed slots are drawn whatever
/// the presence says. A fill uses it ([`crate::games::mahjong::fill`]).
pub fn kept_from_rivals(world: &World, viewer: Seat, discards: usize) -> KindMask {
    if discards > usize::from(params().kasumi.draw_turns) {
        return KindMask::NONE;
    }
    let Some(list) = world.get_resource::<AbilityList>() else {
        return KindMask::NONE;
    };
    let abilities = || list.0.iter().filter_map(|&e| world.get::<Ability>(e));
    if abilities().any(|a| std::ptr::eq(a.hooks, &super::TOKI)) {
        return KindMask::NONE;
    }
    list.0
        .iter()
        .filter_map(|&e| Some((world.get::<Ability>(e)?, world.get::<AbilityPlan>(e)?.0?)))
        .filter(|(a, _)| a.seat == viewer && std::ptr::eq(a.hooks, &KASUMI))
        .fold(KindMask::NONE, |mask, (_, plan)| {
            mask | KindMask::suit(Suit::ALL[usize::from(plan).min(2)])
        })
}
