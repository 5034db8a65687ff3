//! `fill_unknown` for riichi (DESIGN §10): sizes, conservation, uniformity, no leak,
//! determinism, errors.

use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, SimBuilder};
use alea_games::games::mahjong::HandTable;
use alea_games::games::mahjong::fill::FillError;
use alea_games::games::mahjong::riichi::{
    Kyoku, Length, Phase, PlayerKind, Riichi, SEATS, choose, fill_unknown, ismcts_search,
};
use alea_games::mount::Mount;
use alea_games::tiles::TileKind;

use crate::riichi::{check_conservation, check_hand_sizes};

fn game() -> Riichi {
    Riichi::preset("riichi").unwrap().with_length(Length::Kyoku)
}

/// A hand of `seed` after `steps` random actions (fewer if it ends first).
fn position(seed: u64, steps: usize) -> Sim<Riichi> {
    let mut sim = SimBuilder::new(game()).seed(seed).build();
    let mut rng = random_player_rng(seed);
    for _ in 0..steps {
        match choose(&mut sim, &[PlayerKind::Random; SEATS], &mut rng) {
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
    // Pearson's chi-square at the 0.1 % level. Tiles of one hand are drawn without
    // replacement, which only lowers the statistic's variance: the test is conservative.
    crate::assert_fits(&cells, "the kinds dealt");
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

/// A position of `seed` where the seat to move has several choices.
fn decision(seed: u64, steps: usize) -> Sim<Riichi> {
    let mut sim = position(seed, steps);
    let mut rng = random_player_rng(seed + 1);
    while sim.legal_actions().len() < 2 {
        let action = choose(&mut sim, &[PlayerKind::Random; SEATS], &mut rng).unwrap();
        sim.apply(action).unwrap();
    }
    sim
}

#[test]
fn ismcts_decides_from_what_the_seat_sees() {
    let game = game();
    for seed in [2, 11] {
        let mut a = decision(seed, 12 + seed as usize);
        let mut b = decision(seed, 12 + seed as usize);
        let alea::kernel::Turn::Player(viewer) = a.turn() else {
            panic!("a decision")
        };
        fill_unknown(&game, b.world_mut(), viewer, 77).unwrap();
        assert_ne!(hidden(&a), hidden(&b));
        let before = a.checksum();
        let ra = ismcts_search(&mut a, 40, 3).unwrap();
        let rb = ismcts_search(&mut b, 40, 3).unwrap();
        assert_eq!(a.checksum(), before, "the search leaves the sim as it was");
        assert_eq!(ra.action, rb.action);
        assert_eq!(ra.stats.len(), rb.stats.len());
        for (x, y) in ra.stats.iter().zip(&rb.stats) {
            assert_eq!((x.action, x.visits), (y.action, y.visits));
            assert_eq!(x.value.to_bits(), y.value.to_bits());
        }
        // The anchored root searches whole worlds: 40 rounded up to a multiple of its actions.
        let actions = ra.stats.len() as u64;
        assert_eq!(ra.simulations, 40u64.div_ceil(actions) * actions);
        assert_eq!(
            ra.stats.iter().map(|s| s.visits).sum::<u64>(),
            ra.simulations
        );
        // Determinism: the same search again.
        let again = ismcts_search(&mut a, 40, 3).unwrap();
        assert_eq!(again.action, ra.action);
    }
}

/// The scores after one hand of `seed` played by `players`.
fn hand_scores(sim: &mut Sim<Riichi>, seed: u64, players: &[PlayerKind; SEATS]) -> [i32; SEATS] {
    Riichi::restart(sim, seed).unwrap();
    let mut rng = random_player_rng(seed);
    while let Some(action) = choose(sim, players, &mut rng) {
        sim.apply(action).unwrap();
    }
    check_conservation(sim.world());
    alea_games::games::mahjong::riichi::scores(sim.world())
}

/// The cautious player beats greedy, duplicate style (each of 1 000 fixed-seed hands played by
/// four greedy players and once per seat with the cautious player there; its gain is its
/// points minus greedy's at the same seat of the same deal, averaged over the seats): the mean
/// gain is above 0 by more than 1.96 standard errors (5 % two-sided). Measured: +140 points a
/// hand, z 3.35. The arena measures the same edge another way (the cautious seat against the
/// greedy seats of the same rotations): `alea arena mahjong --length kyoku --players
/// cautious,greedy --deals 5000`, +0.330 [+0.279, +0.380] thousand points a hand.
#[test]
fn the_cautious_player_beats_greedy() {
    let mut sim = SimBuilder::new(game()).build();
    let gains: Vec<f64> = (0..1000)
        .map(|i| {
            let seed = alea::chance::sub_seed(26, i);
            let greedy = hand_scores(&mut sim, seed, &[PlayerKind::Greedy; SEATS]);
            let mut gain = |seat: usize| {
                let mut players = [PlayerKind::Greedy; SEATS];
                players[seat] = PlayerKind::Cautious;
                hand_scores(&mut sim, seed, &players)[seat] - greedy[seat]
            };
            (0..SEATS).map(|seat| f64::from(gain(seat))).sum::<f64>() / 4.0
        })
        .collect();
    let n = gains.len() as f64;
    let mean = gains.iter().sum::<f64>() / n;
    let sd = (gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let z = mean / (sd / n.sqrt());
    println!("cautious over greedy: {mean:+.1} points a hand, z {z:.2}");
    assert!(z > 1.96, "{mean:+.1} points a hand, z {z:.2}");
}

#[test]
fn the_cli_plays_mahjong_with_an_ismcts_player() {
    let out =
        crate::cli("alea play mahjong --players ismcts:4,greedy --length kyoku --seed 3").unwrap();
    assert!(out.contains("ismcts:4"), "{out}");
    let error = crate::cli("alea play mahjong --players ismcts:0").unwrap_err();
    assert!(error.to_string().contains("ismcts:N"), "{error}");
    assert_eq!(error.exit_code(), 2);
}

/// Determinizes for a seat that is not the one to move, at random points (claim windows
/// included), then plays on: the mover's choices are asked again from the cards it now holds,
/// and every game ends without an illegal call (a call the new hand cannot make used to
/// underflow a tile count). A deal that cannot keep the mover's call (rejection found none)
/// is reported, and the world restored.
fn another_seat_determinizes<G: alea::kernel::Game>(game: G, games: u64) -> (u32, u32) {
    use alea::kernel::Turn;
    use alea::kernel::playout::random_action;
    use rand::RngExt;
    let (mut kept, mut refused) = (0, 0);
    for seed in 0..games {
        let mut sim = SimBuilder::new(game.clone()).seed(seed).build();
        let mut rng = random_player_rng(seed);
        let mut moves = 0u32;
        while let Turn::Player(mover) = sim.turn() {
            if rng.random_range(0..8) == 0 {
                let viewer = Seat((mover.0 + rng.random_range(1..4)) % 4);
                let (before, checksum) = (sim.snapshot(), sim.checksum());
                if sim.try_determinize(viewer, rng.random()) {
                    kept += 1;
                    assert_eq!(sim.turn(), Turn::Player(mover));
                } else {
                    refused += 1;
                    sim.restore(&before).unwrap();
                    assert_eq!(sim.checksum(), checksum);
                }
            }
            let action = random_action(&sim, &mut rng).expect("the mover has a choice");
            sim.apply(action).unwrap();
            moves += 1;
        }
        assert!(moves > 20);
    }
    (kept, refused)
}

#[test]
fn another_seat_may_determinize_in_a_claim_window() {
    // A seat being asked to claim must still be able to in the new deal (who is asked is
    // public); a deal that leaves it none is drawn again, and after 64 such deals refused
    // (a ron on one tile is rare in a random hand). Before that rule the asked seat kept its
    // old options: a pon without the pair (a tile count below zero in a debug build).
    let (kept, refused) = another_seat_determinizes(game().with_length(Length::Kyoku), 40);
    assert!(kept > 8 * refused.max(1), "{kept} kept, {refused} refused");
    let sichuan = alea_games::games::mahjong::sichuan::Sichuan::preset("sichuan").unwrap();
    let (kept, refused) = another_seat_determinizes(sichuan, 6);
    assert!(kept > 8 * refused.max(1), "{kept} kept, {refused} refused");
}
