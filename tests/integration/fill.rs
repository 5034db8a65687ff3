//! `fill_unknown` for riichi (DESIGN §10): sizes, conservation, uniformity, no leak,
//! determinism, errors.

use alea::games::mahjong::fill::FillError;
use alea::games::mahjong::riichi::{
    Kyoku, Length, Phase, PlayerKind, Riichi, SEATS, choose, fill_unknown,
};
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, SimBuilder};
use alea::mount::Mount;
use alea::tiles::TileKind;

use crate::mount::chi_square;
use crate::riichi::{check_conservation, check_hand_sizes};

fn game() -> Riichi {
    Riichi::preset("riichi").unwrap().with_length(Length::Kyoku)
}

/// A hand of `seed` after `steps` random actions (fewer if it ends first).
fn position(seed: u64, steps: usize) -> Sim<Riichi> {
    let mut sim = SimBuilder::new(game()).seed(seed).build();
    let mut rng = random_player_rng(seed);
    for _ in 0..steps {
        match choose(&sim, &[PlayerKind::Random; SEATS], &mut rng) {
            Some(action) => sim.apply(action).unwrap(),
            None => break,
        }
    }
    sim
}

fn hidden(sim: &Sim<Riichi>) -> (Kyoku, Mount) {
    let world = sim.world();
    (
        world.resource::<Kyoku>().clone(),
        world.resource::<Mount>().clone(),
    )
}

#[test]
fn fills_keep_sizes_public_tiles_and_conservation() {
    let game = game();
    let mut kans = 0;
    let mut on_turn = 0;
    for seed in 0..60 {
        let mut sim = position(seed, 20 + (seed as usize * 7) % 80);
        if matches!(sim.world().resource::<Kyoku>().phase, Phase::Over) {
            continue;
        }
        for v in 0..SEATS as u8 {
            let viewer = Seat(v);
            let before = sim.world().resource::<Kyoku>().clone();
            sim.refresh_decision();
            let legal = sim.legal_actions().to_vec();
            fill_unknown(&game, sim.world_mut(), viewer, seed * 4 + u64::from(v)).unwrap();
            check_conservation(sim.world());
            check_hand_sizes(&sim);
            let after = sim.world().resource::<Kyoku>().clone();
            assert_eq!(after.hands[viewer.index()], before.hands[viewer.index()]);
            assert_eq!(after.melds, before.melds);
            assert_eq!(after.river, before.river);
            for s in 0..SEATS {
                assert_eq!(after.drawn[s].is_some(), before.drawn[s].is_some());
                if let Some(t) = after.drawn[s] {
                    assert!(after.hands[s][t] > 0, "the drawn tile is in the hand");
                }
            }
            if sim.turn() == alea::kernel::Turn::Player(viewer) {
                sim.refresh_decision();
                assert_eq!(
                    sim.legal_actions(),
                    legal.as_slice(),
                    "the viewer's options"
                );
                on_turn += 1;
            }
            kans += usize::from(after.kans > 0);
        }
    }
    assert!(kans > 0, "some positions have a kan");
    assert!(on_turn > 20);
}

#[test]
fn an_opponents_hand_is_a_uniform_sample_of_the_unseen_tiles() {
    let game = game();
    let mut sim = position(5, 30);
    let start = sim.snapshot();
    let (kyoku, mount) = hidden(&sim);
    // The unseen copies per kind, as the viewer P0 counts them.
    let mut unseen = [0u64; TileKind::COUNT];
    let mut seen = kyoku.hands[0];
    for s in 0..SEATS as u8 {
        for meld in kyoku.melds_of(Seat(s)) {
            seen.add(&meld.tiles());
        }
    }
    for (_, t) in kyoku.river.iter().filter(|(_, t)| !t.called) {
        seen[t.tile] += 1;
    }
    for &t in mount.dora_indicators() {
        seen[t] += 1;
    }
    let set = *game.tile_set().counts();
    for kind in TileKind::all() {
        unseen[kind.index()] = u64::from(set.of_kind(kind) - seen.of_kind(kind));
    }
    let total: u64 = unseen.iter().sum();
    let size = kyoku.hands[1].total();
    let mut observed = [0u64; TileKind::COUNT];
    let fills = 3000;
    for seed in 0..fills {
        sim.restore(&start).unwrap();
        fill_unknown(&game, sim.world_mut(), Seat(0), seed).unwrap();
        let hand = sim.world().resource::<Kyoku>().hands[1].kinds();
        for kind in TileKind::all() {
            observed[kind.index()] += u64::from(hand[kind]);
        }
    }
    let cells: Vec<(u64, f64)> = (0..TileKind::COUNT)
        .filter(|&k| unseen[k] > 0)
        .map(|k| (observed[k], unseen[k] as f64 / total as f64))
        .collect();
    assert_eq!(
        cells.iter().map(|c| c.0).sum::<u64>(),
        fills * u64::from(size)
    );
    // Pearson's chi-square at the 0.1 % level (Wilson–Hilferty critical value for the cells'
    // degrees of freedom). Tiles of one hand are drawn without replacement, which only lowers
    // the statistic's variance: the test is conservative.
    let df = cells.len() as f64 - 1.0;
    let z = 3.090;
    let critical = df * (1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt()).powi(3);
    let chi2 = chi_square(&cells);
    assert!(chi2 < critical, "chi2 {chi2} >= {critical} ({df} dof)");
}

#[test]
fn fills_depend_only_on_the_viewers_information_and_the_seed() {
    let game = game();
    for seed in 0..10 {
        let mut a = position(seed, 25 + seed as usize * 5);
        // The same position with other hidden tiles: P0's view is unchanged.
        let mut b = position(seed, 25 + seed as usize * 5);
        fill_unknown(&game, b.world_mut(), Seat(0), 1000 + seed).unwrap();
        assert_ne!(hidden(&a), hidden(&b), "the hidden tiles differ");
        assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
        fill_unknown(&game, a.world_mut(), Seat(0), 7).unwrap();
        fill_unknown(&game, b.world_mut(), Seat(0), 7).unwrap();
        assert_eq!(hidden(&a), hidden(&b));
        // Another seed, another world.
        fill_unknown(&game, b.world_mut(), Seat(0), 8).unwrap();
        assert_ne!(hidden(&a), hidden(&b));
    }
}

#[test]
fn an_observation_changes_with_what_the_seat_sees() {
    let mut sim = position(3, 10);
    let mut other = position(3, 10);
    // Another seat's hand is hidden from P0 but not from its owner.
    let mut kyoku = other.world().resource::<Kyoku>().clone();
    let (a, b) = (kyoku.hands[1], kyoku.hands[2]);
    kyoku.hands[1] = b;
    kyoku.hands[2] = a;
    *other.world_mut().resource_mut::<Kyoku>() = kyoku;
    assert_eq!(sim.info_key(Seat(0)), other.info_key(Seat(0)));
    assert_ne!(sim.info_key(Seat(1)), other.info_key(Seat(1)));
}

#[test]
fn a_fill_that_cannot_work_changes_nothing() {
    let game = game();
    let mut sim = position(9, 15);
    let key = sim.checksum();
    assert_eq!(
        fill_unknown(&game, sim.world_mut(), Seat(4), 1),
        Err(FillError::NoSuchViewer {
            viewer: Seat(4),
            seats: 4
        })
    );
    assert_eq!(sim.checksum(), key);
    // A seat holding a tile too many.
    let mut kyoku = sim.world().resource::<Kyoku>().clone();
    let extra = kyoku.hands[2].tiles().next().unwrap();
    kyoku.hands[2][extra] += 1;
    *sim.world_mut().resource_mut::<Kyoku>() = kyoku;
    let key = sim.checksum();
    assert!(matches!(
        fill_unknown(&game, sim.world_mut(), Seat(0), 1),
        Err(FillError::HandSize { seat: Seat(2), .. })
    ));
    assert_eq!(sim.checksum(), key);
}
