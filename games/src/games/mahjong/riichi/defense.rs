//! Defense against a riichi: which discards are safe ([`safe_kinds`]), the safest tile to
//! fold with ([`fold_discard`]), and the cautious player ([`cautious_action`]): greedy tile
//! efficiency that folds when a rival has declared and its own hand is far from ready.

use super::heuristics::{greedy_action, visible};
use super::state::{Kyoku, Phase};
use super::{Riichi, RiichiAction};
use crate::mount::Mount;
use crate::tiles::{KindCounts, ShantenProbe, Tile, shanten};
use alea::kernel::{Seat, Sim};

/// How far from ready (shanten) a hand must be for [`cautious_action`] to fold against a
/// riichi: a hand one discard from ready still pushes.
pub const FOLD_SHANTEN: i8 = 1;

/// [`greedy_action`], but folding against a riichi: when another seat has declared and
/// `seat` (not in riichi itself) is [`FOLD_SHANTEN`] or more from ready, it passes every call
/// and discards the [`fold_discard`]. A win is still taken.
pub fn cautious_action(sim: &Sim<Riichi>, seat: Seat, choices: &[RiichiAction]) -> RiichiAction {
    cautious_after_greedy(sim, seat, choices, greedy_action(sim, seat, choices))
}

/// [`cautious_action`] given the greedy choice (`greedy`), for a caller that has it already.
pub fn cautious_after_greedy(
    sim: &Sim<Riichi>,
    seat: Seat,
    choices: &[RiichiAction],
    greedy: RiichiAction,
) -> RiichiAction {
    let world = sim.world();
    let kyoku = world.resource::<Kyoku>();
    if matches!(
        greedy,
        RiichiAction::Tsumo | RiichiAction::Ron | RiichiAction::Pass
    ) || kyoku.riichi[seat.index()]
    {
        return greedy;
    }
    let hand = kyoku.hands[seat.index()].kinds();
    let Some(safe) = safe_kinds(kyoku, seat).filter(|_| shanten(&hand) >= FOLD_SHANTEN) else {
        return greedy;
    };
    match kyoku.phase {
        Phase::Claims { .. } if choices.contains(&RiichiAction::Pass) => RiichiAction::Pass,
        Phase::Turn { .. } => {
            let seen = visible(kyoku, world.resource::<Mount>(), seat);
            let discards = choices.iter().filter_map(|a| match *a {
                RiichiAction::Discard(t) => Some(t),
                _ => None,
            });
            fold_discard(&hand, &seen, safe, discards).map_or(greedy, RiichiAction::Discard)
        }
        _ => greedy,
    }
}

/// The safest of `discards` from `hand` against riichi declarers whose safe kinds are `safe`
/// ([`safe_kinds`]): a safe kind first, then an honor with at most one copy unseen (`seen`),
/// then any honor or terminal, then the rest; among equals the one keeping the hand closest
/// to ready, a black five before a red one.
pub fn fold_discard(
    hand: &KindCounts,
    seen: &KindCounts,
    safe: u64,
    discards: impl Iterator<Item = Tile>,
) -> Option<Tile> {
    let probe = ShantenProbe::new(hand);
    discards.min_by_key(|t| {
        let kind = t.kind();
        let honor = kind.index() >= 27;
        let tier = if safe >> kind.index() & 1 == 1 {
            0
        } else if honor && seen[kind] >= 3 {
            1
        } else if honor || matches!(kind.number(), 1 | 9) {
            2
        } else {
            3
        };
        (tier, probe.with(kind, false), t.is_red())
    })
}

/// The kinds no riichi declarer other than `seat` can win on by ron (bits by kind index): its
/// own discards (furiten) and every discard after its declaration (it passed them, so it could
/// not ron a wait since). `None` when no other seat is in riichi; `Some(0)` when declarers
/// share no safe kind.
pub fn safe_kinds(kyoku: &Kyoku, seat: Seat) -> Option<u64> {
    let mut safe = u64::MAX;
    let mut any = false;
    for r in (0..super::SEATS as u8).map(Seat).filter(|&r| r != seat) {
        if !kyoku.riichi[r.index()] {
            continue;
        }
        any = true;
        let declared = kyoku
            .river
            .iter()
            .position(|(s, t)| *s == r && t.riichi)
            .unwrap_or(kyoku.river.len());
        let mut mine = 0u64;
        for (i, (s, t)) in kyoku.river.iter().enumerate() {
            if *s == r || i > declared {
                mine |= 1 << t.tile.kind().index();
            }
        }
        safe &= mine;
    }
    any.then_some(safe)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mahjong::riichi::state::RiverTile;
    use crate::tiles::parse_tiles;

    #[test]
    fn safe_kinds_are_the_declarers_discards_and_every_discard_since() {
        let tile = |t: &str| t.parse::<Tile>().unwrap();
        let mut kyoku = Kyoku::default();
        let discard = |seat: u8, t: &str, riichi: bool| {
            (
                Seat(seat),
                RiverTile {
                    tile: tile(t),
                    riichi,
                    called: false,
                },
            )
        };
        kyoku.river = vec![
            discard(1, "9m", false),
            discard(2, "5p", false),
            discard(1, "1z", true),
            discard(2, "7s", false),
        ];
        assert_eq!(safe_kinds(&kyoku, Seat(0)), None, "nobody is in riichi");
        kyoku.riichi[1] = true;
        let bits = |ts: &[&str]| ts.iter().fold(0u64, |b, t| b | 1 << tile(t).kind().index());
        // 9m and 1z are P1's own (furiten); 7s came after its declaration; 5p before it.
        assert_eq!(safe_kinds(&kyoku, Seat(0)), Some(bits(&["9m", "1z", "7s"])));
        assert_eq!(safe_kinds(&kyoku, Seat(1)), None, "a declarer fears no one");
        // A declarer with no known safe kind (a constructed river): still a threat.
        kyoku.river.clear();
        assert_eq!(safe_kinds(&kyoku, Seat(0)), Some(0));
    }

    #[test]
    fn a_fold_discards_a_safe_kind_then_a_near_dead_honor_then_a_terminal() {
        let tile = |t: &str| t.parse::<Tile>().unwrap();
        // 567m 234p sets, 45s 89p waits, 55z pair, 2m and 1z alone: one from ready.
        let hand = "2m567m234p45s1z55z89p".parse::<crate::tiles::TileCounts>();
        let hand = hand.unwrap().kinds();
        let mut seen = hand;
        seen[tile("1z").kind()] += 2; // 1z: three seen, at most one left
        let fold = |safe: u64, discards: &str| {
            fold_discard(
                &hand,
                &seen,
                safe,
                parse_tiles(discards).unwrap().into_iter(),
            )
        };
        let all = "2m567m234p45s1z5z89p";
        let bit = |t: &str| 1u64 << tile(t).kind().index();
        // A safe kind first, the one keeping the hand closest to ready (2m, not 4s).
        assert_eq!(fold(bit("4s") | bit("2m"), all), Some(tile("2m")));
        // No safe kind held: the near-dead honor.
        assert_eq!(fold(bit("3m"), all), Some(tile("1z")));
        // Without it, an honor or a terminal, though 2m would keep the hand closer to ready.
        let edge = fold(bit("3m"), "2m567m234p45s5z89p").unwrap();
        assert!(edge == tile("5z") || edge == tile("9p"), "{edge}");
        assert_eq!(fold(0, ""), None);
    }

    #[test]
    fn cautious_folds_against_a_riichi_only_when_far_from_ready() {
        use crate::games::mahjong::riichi::Length;
        use alea::kernel::{Rollback, SimBuilder, Turn};
        let game = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
        let mut sim = SimBuilder::new(game).rollback(Rollback::Caller).build();
        let (mut folds, mut passes, mut pushes) = (0, 0, 0);
        for seed in 0..60 {
            Riichi::restart(&mut sim, seed).unwrap();
            while let Turn::Player(seat) = sim.turn() {
                let choices = sim.legal_actions().to_vec();
                let greedy = greedy_action(&sim, seat, &choices);
                let cautious = cautious_action(&sim, seat, &choices);
                let kyoku = sim.world().resource::<Kyoku>();
                let threatened = safe_kinds(kyoku, seat).is_some() && !kyoku.riichi[seat.index()];
                let safe = safe_kinds(kyoku, seat).unwrap_or(0);
                let far = shanten(&kyoku.hands[seat.index()].kinds()) >= FOLD_SHANTEN;
                let keeps = matches!(
                    greedy,
                    RiichiAction::Tsumo | RiichiAction::Ron | RiichiAction::Pass
                );
                if !threatened || !far || keeps {
                    assert_eq!(cautious, greedy, "seed {seed}");
                    pushes += usize::from(threatened && !keeps);
                } else if let Phase::Turn { .. } = kyoku.phase {
                    let RiichiAction::Discard(t) = cautious else {
                        panic!("seed {seed}: a fold is a discard, not {cautious:?}");
                    };
                    let holds_safe = choices.iter().any(|a| {
                        matches!(*a, RiichiAction::Discard(x) if safe >> x.kind().index() & 1 == 1)
                    });
                    assert_eq!(safe >> t.kind().index() & 1 == 1, holds_safe, "seed {seed}");
                    folds += 1;
                } else {
                    assert_eq!(cautious, RiichiAction::Pass, "seed {seed}");
                    passes += 1;
                }
                sim.apply(greedy).unwrap();
            }
        }
        assert!(
            folds > 50 && pushes > 10,
            "{folds} folds, {passes} passes, {pushes} pushes"
        );
    }
}
