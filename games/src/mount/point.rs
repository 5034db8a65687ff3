//! The next draw of an exit as a chance point ([`NextDraw`]), and the pick it produces.

use alea::chance::{CaseGenerator, Purpose};
use rand_chacha::ChaCha8Rng;

use super::presence::{CELLS, Odds, Weights, sample_copy};
use super::{Exit, MountZone};
use crate::tiles::{Tile, TileCounts};

/// Where the next tile of a slot comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    Zone(MountZone),
    Collapsed,
}

/// What a draw takes: a tile and where it comes from (see [`Mount::draw_picked`](super::Mount::draw_picked)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawPick {
    pub(crate) tile: Tile,
    pub(crate) source: Source,
}

impl DrawPick {
    /// The tile drawn.
    pub fn tile(&self) -> Tile {
        self.tile
    }
}

/// How the next tile of an exit is chosen.
#[derive(Clone, Copy, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "a draw's rule lives on the stack for one draw; boxing would allocate per draw"
)]
pub(crate) enum Rule {
    /// A collapsed slot: this tile, certainly.
    Collapsed(Tile),
    /// No presence on the slot: one copy of `zone`'s stock, uniformly.
    ByCount {
        zone: MountZone,
        counts: TileCounts,
        total: u32,
    },
    /// Presence decides (see [the module docs](crate::mount)).
    Weighted(Weights),
}

/// The next draw out of one exit of a [`Mount`](super::Mount), as a chance point: its cases
/// are the mount's 74 (zone, identity) cells — case `k < 37` is identity `k` from zone A (the
/// normal stock), `37 + k` the same identity from zone B (the reserve abilities load) — each
/// weighted exactly as the draw rule weighs it (a collapsed slot: its tile's cell, certainly).
/// The case names the outcome, so a chance node lists a draw by these numbers
/// ([`Tile::index`] from A).
///
/// Unforced, it draws as [`Mount::draw`](super::Mount::draw) always has, from the same stream
/// ([`Purpose::Draw`]) with the same numbers: games recorded before draws were chance points
/// replay unchanged. Weights above `u32::MAX` (presence deltas of billions of mk) are capped.
#[derive(Clone, Copy, Debug)]
pub struct NextDraw {
    pub(crate) exit: Exit,
    pub(crate) rule: Rule,
}

impl NextDraw {
    /// The exit drawn from.
    pub fn exit(&self) -> Exit {
        self.exit
    }

    /// The exact distribution of the tile (both zones merged).
    pub fn odds(&self) -> Odds {
        match &self.rule {
            Rule::Collapsed(tile) => Odds::certain(*tile),
            Rule::ByCount { counts, .. } => Odds::by_count(counts),
            Rule::Weighted(weights) => weights.odds(),
        }
    }

    /// The pick of cell `case`.
    fn pick_of(&self, case: u32) -> DrawPick {
        let cell = case as usize % CELLS;
        let tile = Tile::new((cell % Tile::COUNT) as u8).expect("37 identities");
        let source = match self.rule {
            Rule::Collapsed(_) => Source::Collapsed,
            _ if cell < Tile::COUNT => Source::Zone(MountZone::A),
            _ => Source::Zone(MountZone::B),
        };
        DrawPick { tile, source }
    }

    /// A pick from `rng`, as the draw rule makes it.
    pub(crate) fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> DrawPick {
        match &self.rule {
            Rule::Collapsed(tile) => DrawPick {
                tile: *tile,
                source: Source::Collapsed,
            },
            Rule::ByCount {
                zone,
                counts,
                total,
            } => DrawPick {
                tile: sample_copy(counts, *total, rng),
                source: Source::Zone(*zone),
            },
            Rule::Weighted(weights) => {
                let (zone, tile) = weights.sample(rng);
                DrawPick {
                    tile,
                    source: Source::Zone(zone),
                }
            }
        }
    }
}

/// The cell a pick takes (a collapsed tile's is its identity's zone-A cell).
fn cell_of(pick: &DrawPick) -> u32 {
    let zone = match pick.source {
        Source::Zone(MountZone::B) => Tile::COUNT,
        _ => 0,
    };
    (zone + pick.tile.index()) as u32
}

impl CaseGenerator for NextDraw {
    type Outcome = DrawPick;

    fn name(&self) -> &'static str {
        match self.exit {
            Exit::Pii => "the draw",
            Exit::Rinshan => "the replacement draw",
            Exit::Dorahyou => "the dora indicator",
            Exit::Urahyou => "the ura indicator",
        }
    }

    fn max_case(&self) -> u32 {
        CELLS as u32
    }

    fn produce(&self, case: u32) -> DrawPick {
        self.pick_of(case)
    }

    fn weight(&self, case: u32) -> u32 {
        let cell = case as usize;
        let weight = match &self.rule {
            Rule::Collapsed(tile) => u64::from(cell == tile.index()),
            Rule::ByCount { zone, counts, .. } => {
                let first = zone.index() * Tile::COUNT;
                match cell.checked_sub(first) {
                    Some(at) if at < Tile::COUNT => u64::from(counts.0[at]),
                    _ => 0,
                }
            }
            Rule::Weighted(weights) if cell < CELLS => weights.cell(cell),
            Rule::Weighted(_) => 0,
        };
        u32::try_from(weight).unwrap_or(u32::MAX)
    }

    /// Known without a pass over the 74 cells, except under presence (one zone, or one cell,
    /// holds every positive weight: never uniform).
    fn weight_summary(&self) -> Option<(u64, bool)> {
        match self.rule {
            Rule::Collapsed(_) => Some((1, false)),
            Rule::ByCount { total, .. } => Some((u64::from(total), false)),
            Rule::Weighted(_) => None,
        }
    }

    fn draw_case(&self, rng: &mut ChaCha8Rng, _total_weight: u64) -> u32 {
        cell_of(&self.sample(rng))
    }

    /// 74 cells: search takes the world's own draw (see [`CaseGenerator::wide`]).
    fn wide(&self) -> bool {
        true
    }
    fn purpose(&self) -> Purpose {
        Purpose::Draw
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mount::{Mount, MountError, WallLayout};
    use crate::tiles::TileSet;
    use alea::chance::{case_probabilities, derive_stream};

    fn tile(text: &str) -> Tile {
        text.parse().unwrap()
    }

    /// Mounts whose next draws take each rule: plain, presence in both zones, a collapsed
    /// slot, and a replacement draw that cuts a collapsed live slot off.
    fn mounts() -> Vec<(Mount, Exit)> {
        let fresh = || Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let plain = fresh();
        let mut lit = fresh();
        lit.load_b(tile("7z"), 2).unwrap();
        lit.light_a(tile("5p"), 300).unwrap();
        lit.light_b(tile("7z"), 40).unwrap();
        lit.light_a(tile("1m"), -10).unwrap();
        let mut collapsed = fresh();
        collapsed.early_collapse(Exit::Pii, 0, tile("3s")).unwrap();
        let mut cut = fresh();
        let last = cut.slots_left(Exit::Pii) - 1;
        cut.early_collapse(Exit::Pii, last, tile("0m")).unwrap();
        vec![
            (plain, Exit::Pii),
            (lit, Exit::Pii),
            (collapsed, Exit::Pii),
            (cut, Exit::Rinshan),
        ]
    }

    #[test]
    fn the_cells_weigh_each_tile_as_the_odds_do() {
        for (mount, exit) in mounts() {
            let next = mount.next_draw(exit).unwrap();
            let odds = mount.probabilities(exit).unwrap();
            let p = case_probabilities(&next);
            for t in Tile::ALL {
                let cells = p[t.index()] + p[Tile::COUNT + t.index()];
                assert!(
                    (cells - odds.probability(t)).abs() < 1e-12,
                    "{t} out of {exit}"
                );
            }
        }
    }

    #[test]
    fn the_weight_summary_is_the_cells_sum() {
        for (mount, exit) in mounts() {
            let next = mount.next_draw(exit).unwrap();
            let weights: Vec<u32> = (0..next.max_case()).map(|k| next.weight(k)).collect();
            let sum: u64 = weights.iter().map(|&w| u64::from(w)).sum();
            let uniform = weights.iter().all(|&w| w == weights[0] && w > 0);
            if let Some(summary) = next.weight_summary() {
                assert_eq!(summary, (sum, uniform), "out of {exit}");
            }
        }
    }

    #[test]
    fn an_unforced_draw_is_the_mount_s_own_draw() {
        // The same stream gives the same tile and leaves the same mount and stream position.
        for (mount, exit) in mounts() {
            for seed in 0..50 {
                let (mut a, mut b) = (mount.clone(), mount.clone());
                let mut ra = derive_stream(seed, Purpose::Draw.key(), 0);
                let mut rb = ra.clone();
                let tile = a.draw(exit, &mut ra).unwrap();
                let next = b.next_draw(exit).unwrap();
                let case = next.draw_case(&mut rb, 0);
                assert!(next.weight(case) > 0);
                assert_eq!(b.draw_picked(exit, next.produce(case)), Ok(tile));
                assert_eq!((a, ra.get_word_pos()), (b, rb.get_word_pos()));
            }
        }
    }

    #[test]
    fn draws_follow_the_weights() {
        // 20 000 draws of the lit mount against its exact cell weights: chi-square with 2
        // degrees of freedom over the cells 5p (A), 7z (B) and the rest; the 0.1 % critical
        // value is 13.82 (fixed seed: the test is deterministic).
        let (mount, exit) = mounts().swap_remove(1);
        let next = mount.next_draw(exit).unwrap();
        let p = case_probabilities(&next);
        let groups = |case: usize| match case {
            c if c == tile("5p").index() => 0,
            c if c == Tile::COUNT + tile("7z").index() => 1,
            _ => 2,
        };
        let mut expected = [0.0; 3];
        for (case, p) in p.iter().enumerate() {
            expected[groups(case)] += p;
        }
        let mut seen = [0u32; 3];
        let mut rng = derive_stream(7, Purpose::Draw.key(), 0);
        let n = 20_000;
        for _ in 0..n {
            seen[groups(next.draw_case(&mut rng, 0) as usize)] += 1;
        }
        let chi: f64 = (0..3)
            .map(|g| {
                let e = expected[g] * f64::from(n);
                (f64::from(seen[g]) - e).powi(2) / e
            })
            .sum();
        assert!(expected.iter().all(|&e| e > 0.01), "{expected:?}");
        assert!(
            chi < 13.82,
            "chi-square {chi}: seen {seen:?}, expected {expected:?}"
        );
    }

    #[test]
    fn every_weighted_cell_draws_its_tile_and_a_refused_pick_changes_nothing() {
        for (mount, exit) in mounts() {
            let next = mount.next_draw(exit).unwrap();
            for case in 0..next.max_case() {
                let pick = next.produce(case);
                let mut drawn = mount.clone();
                let result = drawn.draw_picked(exit, pick);
                if next.weight(case) > 0 {
                    assert_eq!(result, Ok(pick.tile()), "case {case} out of {exit}");
                    assert_eq!(drawn.undrawn().total() + 1, mount.undrawn().total());
                } else if result.is_err() {
                    assert_eq!(
                        result,
                        Err(MountError::CannotDraw {
                            exit,
                            tile: pick.tile()
                        })
                    );
                    assert_eq!(drawn, mount, "a refused pick changes nothing");
                }
            }
        }
    }
}
