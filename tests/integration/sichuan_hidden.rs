//! Hidden information in sichuan (DESIGN §10): `fill_unknown`'s sizes, conservation and
//! departed seats, hidden declarations, no leak, determinism, errors; the ISMCTS player.

use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, SimBuilder, Turn};
use alea_games::games::mahjong::HandTable;
use alea_games::games::mahjong::fill::{FillError, Inference};
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::mahjong::sichuan::{
    Battle, Claim, SEATS, Sichuan, SichuanAction, Stage, choose, fill_unknown, fill_unknown_with,
    ismcts_search, scores,
};
use alea_games::mount::{Exit, Mount};
use alea_games::scoring::meld::MeldKind;
use alea_games::tiles::Suit;

use crate::sichuan::{check_conservation, check_hand_sizes};

fn game() -> Sichuan {
    Sichuan::preset("sichuan").unwrap().with_hands(1)
}

/// A hand of `seed` after `steps` actions of greedy players (fewer if it ends first).
fn position(seed: u64, steps: usize) -> Sim<Sichuan> {
    let mut sim = SimBuilder::new(game()).seed(seed).build();
    let mut rng = random_player_rng(seed);
    for _ in 0..steps {
        match choose(&mut sim, &[PlayerKind::Greedy; SEATS], &mut rng) {
            Some(action) => sim.apply(action).unwrap(),
            None => break,
        }
    }
    sim
}

fn hidden(sim: &Sim<Sichuan>) -> (Battle, Mount) {
    let world = sim.world();
    (
        world.resource::<Battle>().clone(),
        world.resource::<Mount>().clone(),
    )
}

#[test]
fn fills_keep_sizes_public_tiles_departed_seats_and_conservation() {
    let game = game();
    let (mut kans, mut departed, mut on_turn, mut claims, mut recomputed) = (0, 0, 0, 0, 0);
    for seed in 0..80 {
        let mut sim = position(seed, 10 + (seed as usize * 13) % 90);
        if seed % 2 == 1 {
            // On to the next claim window.
            let mut rng = random_player_rng(seed);
            while !matches!(
                sim.world().resource::<Battle>().stage,
                Stage::Claims { .. } | Stage::Over
            ) {
                let action = choose(&mut sim, &[PlayerKind::Greedy; SEATS], &mut rng).unwrap();
                sim.apply(action).unwrap();
            }
        }
        if matches!(sim.world().resource::<Battle>().stage, Stage::Over) {
            continue;
        }
        for v in 0..SEATS as u8 {
            let viewer = Seat(v);
            let before = sim.world().resource::<Battle>().clone();
            let legal = sim.legal_actions().to_vec();
            let mover = sim.turn();
            fill_unknown(&game, sim.world_mut(), viewer, seed * 4 + u64::from(v)).unwrap();
            check_conservation(sim.world());
            check_hand_sizes(sim.world());
            let after = sim.world().resource::<Battle>().clone();
            assert_eq!(after.hands[viewer.index()], before.hands[viewer.index()]);
            assert_eq!(after.melds, before.melds);
            assert_eq!(after.river, before.river);
            assert_eq!(after.won, before.won);
            assert_eq!(after.missing, before.missing, "declared: public");
            assert_eq!(after.stage, before.stage);
            for s in 0..SEATS {
                if before.won[s].is_some() {
                    assert_eq!(after.hands[s], before.hands[s], "a departed seat is kept");
                }
                assert_eq!(after.drawn[s].is_some(), before.drawn[s].is_some());
                if let Some(t) = after.drawn[s] {
                    assert!(after.hands[s][t] > 0, "the drawn tile is in the hand");
                }
            }
            recomputed += check_claim_options(&sim, viewer);
            sim.refresh_decision();
            if mover == Turn::Player(viewer) {
                assert_eq!(sim.turn(), mover);
                assert_eq!(
                    sim.legal_actions(),
                    legal.as_slice(),
                    "the viewer's options"
                );
                on_turn += 1;
                claims += usize::from(matches!(after.stage, Stage::Claims { .. }));
            }
            kans += usize::from(
                after
                    .melds_of(viewer)
                    .any(|m| m.meld.kind() != MeldKind::Pon),
            );
            departed += usize::from(after.won.iter().any(Option::is_some));
        }
    }
    println!(
        "kans {kans}, departed {departed}, on turn {on_turn}, claims {claims}, \
         recomputed {recomputed}"
    );
    assert!(recomputed > 5, "some claim options are recomputed");
    assert!(kans > 0, "some positions have a kan");
    assert!(departed > 0, "some positions have a departed seat");
    assert!(claims > 2, "some viewers answer a claim window");
    assert!(on_turn > 20);
}

/// In a claim window on a discard, the seats still to answer after `viewer` may pon exactly
/// when their new hands hold two copies (not of their missing suit, not on the last tile;
/// bit 2 of `Battle::can`). Returns how many seats it checked.
fn check_claim_options(sim: &Sim<Sichuan>, viewer: Seat) -> usize {
    let battle = sim.world().resource::<Battle>();
    let Stage::Claims {
        from,
        tile,
        robbing: false,
        ..
    } = battle.stage
    else {
        return 0;
    };
    let last = sim.world().resource::<Mount>().slots_left(Exit::Pii) == 0;
    let after = (viewer.0 + SEATS as u8 - from.0) % SEATS as u8;
    let mut checked = 0;
    for d in after + 1..SEATS as u8 {
        let seat = Seat((from.0 + d) % SEATS as u8);
        let s = seat.index();
        if !battle.in_play(seat) || battle.claims[s] != Claim::None {
            continue;
        }
        let may = !last && battle.missing[s] != Some(tile.suit()) && battle.hands[s][tile] >= 2;
        assert_eq!(battle.can[s] & 2 != 0, may, "{seat}'s pon option on {tile}");
        checked += 1;
    }
    checked
}

/// The dealer's hand while the seats declare: the dealer P0 and P1 have declared, P2 is to.
fn declaring(seed: u64) -> Sim<Sichuan> {
    let mut sim = SimBuilder::new(game()).seed(seed).build();
    for suit in [Suit::Man, Suit::Pin] {
        sim.apply(SichuanAction::Declare(suit)).unwrap();
    }
    assert_eq!(
        sim.world().resource::<Battle>().stage,
        Stage::Declare { seat: Seat(2) }
    );
    sim
}

#[test]
fn declarations_not_yet_shown_are_resampled_and_never_leak() {
    let game = game();
    let mut a = declaring(4);
    let mut b = declaring(4);
    // Another declaration by P1, which P2 cannot see yet.
    b.world_mut().resource_mut::<Battle>().missing[1] = Some(Suit::Sou);
    assert_eq!(a.info_key(Seat(2)), b.info_key(Seat(2)));
    assert_ne!(a.info_key(Seat(1)), b.info_key(Seat(1)));
    let mut suits = [0u32; 3];
    let (x, y) = (a.snapshot(), b.snapshot());
    for seed in 0..300 {
        // The baseline's uniform declarations (the default follows the new hand: see
        // `inference::hidden_declarations_follow_the_new_hand`).
        fill_unknown_with(&game, a.world_mut(), Seat(2), seed, Inference::Uniform).unwrap();
        fill_unknown_with(&game, b.world_mut(), Seat(2), seed, Inference::Uniform).unwrap();
        assert_eq!(hidden(&a), hidden(&b));
        let battle = a.world().resource::<Battle>();
        assert_eq!(battle.missing[2..], [None, None], "not declared yet");
        assert_eq!(
            battle.hands[0].total(),
            14,
            "the dealer holds its 14th tile"
        );
        suits[battle.missing[1].unwrap() as usize] += 1;
        a.restore(&x).unwrap();
        b.restore(&y).unwrap();
    }
    // Uniform over the three suits: chi-square, 2 degrees of freedom, 0.1 % level.
    let cells: Vec<(u64, f64)> = suits.iter().map(|&n| (u64::from(n), 1.0 / 3.0)).collect();
    let chi2 = crate::chi_square(&cells);
    assert!(chi2 < 13.82, "{suits:?}: chi2 {chi2}");
}

#[test]
fn fills_depend_only_on_the_viewers_information_and_the_seed() {
    let game = game();
    for seed in 0..10 {
        let steps = 20 + seed as usize * 9;
        let mut a = position(seed, steps);
        let Turn::Player(viewer) = a.turn() else {
            continue;
        };
        // The same position with other hidden tiles: the viewer's view is unchanged.
        let mut b = position(seed, steps);
        fill_unknown(&game, b.world_mut(), viewer, 1000 + seed).unwrap();
        assert_ne!(hidden(&a), hidden(&b), "the hidden tiles differ");
        assert_eq!(a.info_key(viewer), b.info_key(viewer));
        fill_unknown(&game, a.world_mut(), viewer, 7).unwrap();
        fill_unknown(&game, b.world_mut(), viewer, 7).unwrap();
        assert_eq!(hidden(&a), hidden(&b));
        // Another seed, another world.
        fill_unknown(&game, b.world_mut(), viewer, 8).unwrap();
        assert_ne!(hidden(&a), hidden(&b));
    }
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
    let mut battle = sim.world().resource::<Battle>().clone();
    let extra = battle.hands[2].tiles().next().unwrap();
    battle.hands[2][extra] += 1;
    *sim.world_mut().resource_mut::<Battle>() = battle;
    let key = sim.checksum();
    assert!(matches!(
        fill_unknown(&game, sim.world_mut(), Seat(0), 1),
        Err(FillError::HandSize { seat: Seat(2), .. })
    ));
    assert_eq!(sim.checksum(), key);
}

/// A position of `seed` where the seat to move has several discards.
fn decision(seed: u64, steps: usize) -> Sim<Sichuan> {
    let mut sim = position(seed, steps);
    let mut rng = random_player_rng(seed + 1);
    while sim
        .legal_actions()
        .iter()
        .filter(|a| matches!(a, SichuanAction::Discard(_)))
        .count()
        < 2
    {
        let action = choose(&mut sim, &[PlayerKind::Greedy; SEATS], &mut rng).unwrap();
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
        let Turn::Player(viewer) = a.turn() else {
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
        assert_eq!(ra.stats.iter().map(|s| s.visits).sum::<u64>(), 40);
        // Determinism: the same search again.
        let again = ismcts_search(&mut a, 40, 3).unwrap();
        assert_eq!(again.action, ra.action);
    }
}

/// P0's total points over `hands` single hands played by `p0` against three greedy players,
/// with the final checksum of each game.
fn p0_points(p0: PlayerKind, hands: u64) -> (i32, Vec<u64>) {
    let players = [
        p0,
        PlayerKind::Greedy,
        PlayerKind::Greedy,
        PlayerKind::Greedy,
    ];
    let mut checksums = Vec::new();
    let points = (0..hands)
        .map(|seed| {
            let mut sim = SimBuilder::new(game()).seed(seed).build();
            let mut rng = random_player_rng(seed);
            while let Some(action) = choose(&mut sim, &players, &mut rng) {
                sim.apply(action).unwrap();
            }
            check_conservation(sim.world());
            checksums.push(sim.checksum());
            scores(sim.world())[0]
        })
        .sum();
    (points, checksums)
}

/// ISMCTS (100 iterations) as P0 against three greedy players, hand by hand the same seeds as
/// greedy in its seat: not worse over 16 hands. `SICHUAN_HANDS` plays more (the strength
/// measurement is the arena's, `benches/strength/tables.sh sichuan`, see the book).
#[test]
fn ismcts_is_not_worse_than_greedy() {
    const ITERATIONS: u32 = 100;
    let hands: u64 = std::env::var("SICHUAN_HANDS").map_or(16, |h| h.parse().unwrap());
    let (greedy, _) = p0_points(PlayerKind::Greedy, hands);
    let (ismcts, games) = p0_points(PlayerKind::Ismcts(ITERATIONS), hands);
    println!("P0 over {hands} hands: greedy {greedy}, ismcts:{ITERATIONS} {ismcts}");
    assert_eq!(
        p0_points(PlayerKind::Ismcts(ITERATIONS), 2).1,
        games[..2],
        "same seed, same game"
    );
    assert!(ismcts >= greedy, "ismcts {ismcts} < greedy {greedy}");
}

/// In a claim window where a seat answered before the viewer, a fill forgets that hidden
/// answer (a pass, or no answer when the new hand has no option): worlds that differ only in
/// it fill the same, and every filled world plays on to the end of the hand.
#[test]
fn fills_forget_answers_given_before_the_viewer() {
    let mut windows = 0;
    for seed in 0..400u64 {
        let mut sim = SimBuilder::new(game()).seed(seed).build();
        let mut rng = random_player_rng(seed);
        while let Some(action) = choose(&mut sim, &[PlayerKind::Random; SEATS], &mut rng) {
            let battle = sim.world().resource::<Battle>().clone();
            if let (Stage::Claims { from, .. }, Turn::Player(viewer)) = (battle.stage, sim.turn()) {
                let before = (1..SEATS as u8)
                    .map(|d| Seat((from.0 + d) % SEATS as u8))
                    .take_while(|&s| s != viewer)
                    .find(|s| battle.claims[s.index()] != Claim::None);
                if let Some(earlier) = before {
                    windows += 1;
                    let mut a = sim.fork();
                    let mut b = sim.fork();
                    b.world_mut().resource_mut::<Battle>().claims[earlier.index()] = Claim::Pass;
                    fill_unknown(&game(), a.world_mut(), viewer, 7).unwrap();
                    fill_unknown(&game(), b.world_mut(), viewer, 7).unwrap();
                    let (ca, cb) = (
                        a.world().resource::<Battle>().claims,
                        b.world().resource::<Battle>().claims,
                    );
                    assert_eq!(ca, cb, "the earlier answer does not leak");
                    assert!(matches!(ca[earlier.index()], Claim::Pass | Claim::None));
                    a.refresh_decision();
                    assert_eq!(a.turn(), Turn::Player(viewer), "the viewer still moves");
                    let mut play = random_player_rng(seed + 1);
                    let dealt = |s: &Sim<Sichuan>| {
                        s.world()
                            .resource::<alea_games::games::mahjong::sichuan::Standings>()
                            .dealt
                    };
                    let hand = dealt(&a);
                    while dealt(&a) == hand
                        && let Some(next) = choose(&mut a, &[PlayerKind::Random; SEATS], &mut play)
                    {
                        a.apply(next).unwrap();
                        check_conservation(a.world());
                    }
                    assert!(
                        a.is_terminal() || dealt(&a) > hand,
                        "the filled world plays on to the end of the hand"
                    );
                }
            }
            sim.apply(action).unwrap();
        }
    }
    assert!(windows >= 5, "{windows} windows with an earlier answer");
}
