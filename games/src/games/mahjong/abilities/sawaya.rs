//! Sawaya (爽, Usuzan): the clouds (libsaki's red and white clouds; the kamuy are not written).
//! Each cloud is used once a match, in the first hand dealt in the round named in
//! `assets/abilities.ron` (`red_cloud`, `white_cloud`; libsaki leaves the choice to the player):
//! - **red cloud on the rivals**: she bargains `Any` on every honour (nobody may forbid her the
//!   honours); the monkey stage gives her honours (`monkey_honour_mk`) and keeps them from the
//!   rivals (`eject_mk`); in play her draws favour honours (`honour_mk`, `ready_honour_mk` once
//!   she is ready, half as much in zone B) and the rivals draw none (`eject_mk`);
//! - **red cloud on herself** (`red_on_rivals: false`): she neither starts with nor draws honours;
//! - **white cloud**: she bargains `Any` on every souzu kind; the monkey stage favours souzu for
//!   her (`monkey_souzu_mk`) and she wants at least `white_min_souzu` souzu at the start
//!   (perseverance 100); her draws favour souzu (`souzu_mk`).
//!
//! Her [`AbilityMemory::flags`](crate::dealer::AbilityMemory) hold which clouds are used and
//! which are up this hand. Differences from libsaki: a claim on a kind zone A no longer holds
//! (raided away) is dropped, where libsaki keeps it and its whole bargain fails; her presence
//! bends normal draws only (libsaki's replacement draws too).

use super::{kinds, light, params};
use crate::dealer::{
    AbilityCtx, AbilityHooks, AbilityMemory, BargainHooks, Claim, DealRound, DrawView, TableView,
};
use crate::mount::{Mount, Presence};
use crate::tiles::{Suit, TileCounts, TileKind, shanten};
use alea::kernel::Seat;

/// Sawaya's hooks.
pub static SAWAYA: AbilityHooks = AbilityHooks {
    on_hand_start: Some(on_hand_start),
    bargain: Some(BargainHooks {
        plans: |ctx| u16::from(red_on_rivals(ctx) || white(ctx)),
        claim,
        describe,
        on_bargained: |_, _| {},
    }),
    on_monkey: Some(on_monkey),
    check_init: Some(check_init),
    on_draw: Some(on_draw),
    ..AbilityHooks::named("sawaya")
};

/// The red cloud has been used this match.
const RED_USED: u32 = 1;
/// The white cloud has been used this match.
const WHITE_USED: u32 = 1 << 1;
/// This hand: the red cloud is on the rivals.
const RED_ON_RIVALS: u32 = 1 << 2;
/// This hand: the red cloud is on herself.
const RED_ON_SELF: u32 = 1 << 3;
/// This hand: the white cloud is up.
const WHITE: u32 = 1 << 4;
/// The clouds of this hand.
const THIS_HAND: u32 = RED_ON_RIVALS | RED_ON_SELF | WHITE;

fn red_on_rivals(ctx: &AbilityCtx) -> bool {
    ctx.memory.flags & RED_ON_RIVALS != 0
}

fn red_on_self(ctx: &AbilityCtx) -> bool {
    ctx.memory.flags & RED_ON_SELF != 0
}

fn white(ctx: &AbilityCtx) -> bool {
    ctx.memory.flags & WHITE != 0
}

/// True when `round` is the round named `at` (`E1`…`N4`; anything else: never).
fn reached(round: &DealRound, at: Option<&str>) -> bool {
    at.and_then(|text| text.parse::<DealRound>().ok())
        .is_some_and(|at| (round.wind, round.number) == (at.wind, at.number))
}

/// Chooses this hand's clouds: each unused cloud whose round this is.
fn on_hand_start(ctx: &AbilityCtx, memory: &mut AbilityMemory) {
    let p = &params().sawaya;
    memory.flags &= !THIS_HAND;
    if memory.flags & RED_USED == 0 && reached(&ctx.round, p.red_cloud.as_deref()) {
        memory.flags |= RED_USED
            | if p.red_on_rivals {
                RED_ON_RIVALS
            } else {
                RED_ON_SELF
            };
    }
    if memory.flags & WHITE_USED == 0 && reached(&ctx.round, p.white_cloud.as_deref()) {
        memory.flags |= WHITE_USED | WHITE;
    }
}

fn souzu(kind: TileKind) -> bool {
    kind.suit() == Suit::Sou
}

fn claim(ctx: &AbilityCtx, mount: &Mount, _: u16, kind: TileKind) -> Claim {
    let wanted = (red_on_rivals(ctx) && kind.is_honor()) || (white(ctx) && souzu(kind));
    if wanted && mount.remain_a(kind.tile()) > 0 {
        Claim::Any
    } else {
        Claim::None
    }
}

fn describe(ctx: &AbilityCtx, _: u16) -> String {
    match (red_on_rivals(ctx), white(ctx)) {
        (true, true) => "red cloud on the rivals, white cloud".into(),
        (true, false) => "red cloud on the rivals".into(),
        _ => "white cloud".into(),
    }
}

fn on_monkey(ctx: &AbilityCtx, _: &TableView<'_>, presence: &mut [Presence]) {
    let p = &params().sawaya;
    for (seat, exist) in presence.iter_mut().enumerate() {
        let mine = seat == usize::from(ctx.seat.0);
        for kind in TileKind::all() {
            let mut mk = 0;
            if kind.is_honor() && red_on_rivals(ctx) {
                mk += if mine {
                    p.monkey_honour_mk
                } else {
                    -p.eject_mk
                };
            }
            if kind.is_honor() && red_on_self(ctx) && mine {
                mk -= p.eject_mk;
            }
            if souzu(kind) && white(ctx) && mine {
                mk += p.monkey_souzu_mk;
            }
            if mk != 0 {
                exist.inc(kind.tile(), mk);
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
    let p = &params().sawaya;
    if seat != ctx.seat || iter > p.perseverance || !white(ctx) {
        return true;
    }
    let count: u8 = TileKind::all()
        .filter(|&k| souzu(k))
        .map(|k| hand.of_kind(k))
        .sum();
    count >= p.white_min_souzu
}

fn on_draw(ctx: &AbilityCtx, view: &DrawView<'_>, mount: &mut Mount) {
    let p = &params().sawaya;
    let mine = view.drawer == ctx.seat;
    let honours = || TileKind::all().filter(|k| k.is_honor());
    if red_on_rivals(ctx) && mine {
        let hand = kinds(&view.hands[usize::from(ctx.seat.0)]);
        let mk = if shanten(&hand) <= 0 {
            p.ready_honour_mk
        } else {
            p.honour_mk
        };
        for kind in honours() {
            let _ = mount.light_b(kind.tile(), mk / 2);
            light(mount, kind, mk);
        }
    } else if red_on_rivals(ctx) || (red_on_self(ctx) && mine) {
        for kind in honours() {
            light(mount, kind, -p.eject_mk);
        }
    }
    if white(ctx) && mine {
        for kind in TileKind::all().filter(|&k| souzu(k)) {
            light(mount, kind, p.souzu_mk);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mount::WallLayout;
    use crate::tiles::TileSet;

    fn ctx(round: &str, flags: u32) -> AbilityCtx {
        AbilityCtx {
            seat: Seat(1),
            plan: None,
            round: round.parse().unwrap(),
            seats: 4,
            memory: AbilityMemory {
                tiles: TileCounts::new(),
                flags,
            },
        }
    }

    /// The flags after `on_hand_start` in each round, from `flags`.
    fn start(round: &str, flags: u32) -> u32 {
        let mut memory = ctx(round, flags).memory;
        on_hand_start(&ctx(round, flags), &mut memory);
        memory.flags
    }

    #[test]
    fn each_cloud_once_a_match_in_its_round() {
        // The embedded schedule: the red cloud on the rivals in East 1, the white in East 2.
        let east1 = start("E1", 0);
        assert_eq!(east1, RED_USED | RED_ON_RIVALS);
        // East 1 again (a repeat): the red cloud is spent.
        assert_eq!(start("E1", east1), RED_USED);
        let east2 = start("E2", east1);
        assert_eq!(east2, RED_USED | WHITE_USED | WHITE);
        assert_eq!(start("S4", east2), RED_USED | WHITE_USED);
        // Only in its own round: a hand dealt as East 2 without East 1 has the white cloud.
        assert_eq!(start("E2", 0), WHITE_USED | WHITE);
        assert_eq!(start("E3", 0), 0);
    }

    #[test]
    fn her_draws_follow_the_clouds() {
        let mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let hands = [TileCounts::new(); 4];
        let odds = |flags: u32, drawer: u8, tile: &str| {
            let view = DrawView {
                drawer: Seat(drawer),
                hands: &hands,
                turns: &[0; 4],
                sets: &[0; 4],
                riichi: &[false; 4],
            };
            let mut bent = mount.clone();
            on_draw(&ctx("E1", flags), &view, &mut bent);
            let odds = bent.probabilities(crate::mount::Exit::Pii).unwrap();
            odds.probability(tile.parse().unwrap())
        };
        let plain = mount
            .probabilities(crate::mount::Exit::Pii)
            .unwrap()
            .probability("5z".parse().unwrap());
        // Red cloud on the rivals: more honours for her, none for a rival.
        assert!(odds(RED_ON_RIVALS, 1, "5z") > plain);
        assert_eq!(odds(RED_ON_RIVALS, 2, "5z"), 0.0);
        // On herself: none for her, a rival draws as usual.
        assert_eq!(odds(RED_ON_SELF, 1, "5z"), 0.0);
        assert_eq!(odds(RED_ON_SELF, 2, "5z"), plain);
        // White cloud: more souzu for her only.
        let sou = mount
            .probabilities(crate::mount::Exit::Pii)
            .unwrap()
            .probability("3s".parse().unwrap());
        assert!(odds(WHITE, 1, "3s") > sou);
        assert_eq!(odds(WHITE, 0, "3s"), sou);
    }

    #[test]
    fn claims_follow_the_clouds() {
        let mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let red = ctx("E1", RED_ON_RIVALS);
        let white_cloud = ctx("E2", WHITE);
        let honour = TileKind::new(31).unwrap();
        let sou = TileKind::new(20).unwrap();
        assert_eq!(claim(&red, &mount, 0, honour), Claim::Any);
        assert_eq!(claim(&red, &mount, 0, sou), Claim::None);
        assert_eq!(claim(&white_cloud, &mount, 0, sou), Claim::Any);
        assert_eq!(claim(&white_cloud, &mount, 0, honour), Claim::None);
        assert_eq!((SAWAYA.bargain.unwrap().plans)(&ctx("E3", RED_ON_SELF)), 0);
    }
}
