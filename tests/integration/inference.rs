//! Fills that respect what the table has shown: exact constraints (a sichuan seat past its
//! missing suit, a riichi declarer ready, Kasumi's suit, Toki's collapses), the constrained
//! sampler's exact uniformity on a small position, the ready sampler's measured bias, no leak,
//! and the posterior's pull toward the hands the opponents' play implies.

use std::collections::HashMap;

use alea::chance::derive_stream;
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, SimBuilder, Turn};
use alea_games::games::mahjong::abilities::SeatedAbility;
use alea_games::games::mahjong::fill::{self, Concealed, Inference, KindMask, ready};
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::mahjong::riichi::{self, Kyoku, Length, Riichi};
use alea_games::games::mahjong::sichuan::{self, Battle, Sichuan, past_missing_suit};
use alea_games::mount::{Mount, WallLayout};
use alea_games::tiles::{KindCounts, Suit, Tile, TileCounts, TileSet, parse_tiles, shanten};

fn counts(text: &str) -> TileCounts {
    parse_tiles(text).unwrap().into_iter().collect()
}

/// The tiles of `seat` but its drawn one.
fn bound(tiles: &TileCounts, drawn: Option<Tile>) -> TileCounts {
    let mut t = *tiles;
    if let Some(d) = drawn {
        t[d] -= 1;
    }
    t
}

fn holds_suit(tiles: &TileCounts, suit: Suit) -> bool {
    tiles.iter().any(|(t, n)| n > 0 && t.suit() == suit)
}

/// Sichuan positions where some seat other than P0 is past its missing suit, after greedy play.
fn sichuan_positions() -> Vec<Sim<Sichuan>> {
    let game = Sichuan::preset("sichuan").unwrap().with_hands(1);
    let mut out = Vec::new();
    for seed in 0..40u64 {
        let mut sim = SimBuilder::new(game.clone()).seed(seed).build();
        let mut rng = random_player_rng(seed);
        for _ in 0..(30 + seed as usize * 3) {
            match sichuan::choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng) {
                Some(action) => sim.apply(action).unwrap(),
                None => break,
            }
        }
        let battle = sim.world().resource::<Battle>();
        if (1..4).any(|s| battle.in_play(Seat(s)) && past_missing_suit(battle, Seat(s))) {
            out.push(sim);
        }
    }
    out
}

/// Seat 0's view of a constructed position (no collapses kept).
fn view<'a>(set: &'a TileSet, seen: &'a TileCounts) -> fill::View<'a> {
    fill::View {
        set,
        viewer: Seat(0),
        seen,
        keep_collapses: false,
    }
}
#[test]
fn a_seat_past_its_missing_suit_is_dealt_none_of_it() {
    let game = Sichuan::preset("sichuan").unwrap().with_hands(1);
    let positions = sichuan_positions();
    assert!(positions.len() >= 20, "{} positions", positions.len());
    let (mut fills, mut uniform_breaks) = (0, 0);
    for mut sim in positions {
        let start = sim.snapshot();
        for seed in 0..40 {
            for inference in [
                Inference::Constrained,
                Inference::Posterior,
                Inference::Uniform,
            ] {
                sim.restore(&start).unwrap();
                sichuan::fill_unknown_with(&game, sim.world_mut(), Seat(0), seed, inference)
                    .unwrap();
                crate::sichuan::check_conservation(sim.world());
                crate::sichuan::check_hand_sizes(sim.world());
                let battle = sim.world().resource::<Battle>();
                for s in (1..4).map(Seat) {
                    if !battle.in_play(s) || !past_missing_suit(battle, s) {
                        continue;
                    }
                    let suit = battle.missing[s.index()].unwrap();
                    let holds = holds_suit(
                        &bound(&battle.hands[s.index()], battle.drawn[s.index()]),
                        suit,
                    );
                    match inference {
                        Inference::Uniform => uniform_breaks += usize::from(holds),
                        _ => {
                            assert!(!holds, "seed {seed}: {s} holds its missing suit");
                            fills += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "past the missing suit: {fills} constrained seat fills, uniform breaks {uniform_breaks}"
    );
    assert!(fills >= 1000, "{fills} constrained seat fills");
    // The baseline breaks the rule often: the constraint is doing work.
    assert!(
        uniform_breaks * 2 > fills / 2,
        "{uniform_breaks} of {fills}"
    );
}

#[test]
fn hidden_declarations_follow_the_new_hand() {
    let game = Sichuan::preset("sichuan").unwrap().with_hands(1);
    let mut sim = SimBuilder::new(game.clone()).seed(4).build();
    let mut rng = random_player_rng(4);
    // The dealer (P0) and P1 declare; P2 has not seen P1's declaration.
    for _ in 0..2 {
        let action = sichuan::choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng).unwrap();
        sim.apply(action).unwrap();
    }
    assert!(sim.world().resource::<Battle>().missing[1].is_some());
    for seed in 0..200 {
        let mut world = sim.fork();
        sichuan::fill_unknown(&game, world.world_mut(), Seat(2), seed).unwrap();
        let battle = world.world().resource::<Battle>();
        let fewest = sichuan::fewest_suit(&battle.hands[1]);
        assert_eq!(battle.missing[1], Some(fewest));
    }
}

/// Riichi positions with a riichi declarer other than P0, after greedy play.
fn riichi_positions() -> Vec<Sim<Riichi>> {
    let game = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
    let mut out = Vec::new();
    for seed in 0..120u64 {
        let mut sim = SimBuilder::new(game.clone()).seed(seed).build();
        let mut rng = random_player_rng(seed);
        let mut after = None;
        while let Some(action) = riichi::choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng) {
            sim.apply(action).unwrap();
            let kyoku = sim.world().resource::<Kyoku>();
            if after.is_none() && kyoku.riichi[1..].iter().any(|&r| r) {
                after = Some(seed as usize % 6);
            }
            if let Some(n) = after.as_mut() {
                if *n == 0 {
                    break;
                }
                *n -= 1;
            }
        }
        let kyoku = sim.world().resource::<Kyoku>();
        if after == Some(0) && !matches!(kyoku.phase, riichi::Phase::Over) {
            out.push(sim);
        }
    }
    out
}

#[test]
fn a_riichi_declarer_is_dealt_a_ready_hand() {
    let game = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
    let positions = riichi_positions();
    assert!(positions.len() >= 10, "{} positions", positions.len());
    let (mut fills, mut uniform_ready) = (0, 0);
    for mut sim in positions {
        let start = sim.snapshot();
        let legal = sim.legal_actions().to_vec();
        let mover = sim.turn();
        for seed in 0..100 {
            for inference in [Inference::Constrained, Inference::Uniform] {
                sim.restore(&start).unwrap();
                riichi::fill_unknown_with(&game, sim.world_mut(), Seat(0), seed, inference)
                    .unwrap();
                crate::riichi::check_conservation(sim.world());
                crate::riichi::check_hand_sizes(&sim);
                let kyoku = sim.world().resource::<Kyoku>();
                for s in 1..4 {
                    if !kyoku.riichi[s] {
                        continue;
                    }
                    let hand = bound(&kyoku.hands[s], kyoku.drawn[s]).kinds();
                    match inference {
                        Inference::Uniform => uniform_ready += usize::from(shanten(&hand) == 0),
                        _ => {
                            assert_eq!(shanten(&hand), 0, "seed {seed}: P{s} not ready");
                            fills += 1;
                        }
                    }
                }
            }
        }
        // P0's own decision is unchanged by any fill.
        if mover == Turn::Player(Seat(0)) {
            sim.restore(&start).unwrap();
            riichi::fill_unknown(&game, sim.world_mut(), Seat(0), 7).unwrap();
            sim.refresh_decision();
            assert_eq!(sim.legal_actions(), legal.as_slice());
        }
    }
    eprintln!("riichi: {fills} declarer fills, uniform ready {uniform_ready}");
    assert!(fills >= 1000, "{fills} declarer fills");
    assert!(
        uniform_ready * 10 < fills,
        "uniform fills ready {uniform_ready} of {fills}"
    );
}

/// The small position of the exactness test: 10 tiles (two each of 1m 2m 1p 2p 1z); the
/// viewer holds nothing, P1 holds 3 of them with one drawn and has shown it holds no man
/// (its drawn tile aside), P2 holds 3 and no pin, the stock the other 4.
fn small_position() -> (TileSet, [Concealed; 3], Mount) {
    let set = TileSet::from_counts(counts("1m1m2m2m1p1p2p2p1z1z")).unwrap();
    let mut mount = Mount::new(
        set,
        WallLayout {
            pii: 10,
            rinshan: 0,
            dorahyou: 0,
            urahyou: 0,
        },
    );
    for tile in parse_tiles("1m2m1p2p1z2m").unwrap() {
        assert!(mount.deal_tile(tile));
    }
    let seat = |tiles: &str, drawn: Option<&str>, forbidden: Suit| Concealed {
        tiles: counts(tiles),
        size: 3,
        playing: true,
        drawn: drawn.map(|d| d.parse().unwrap()),
        forbidden: KindMask::suit(forbidden),
        ready: false,
    };
    let viewer = Concealed {
        playing: true,
        ..Concealed::default()
    };
    (
        set,
        [
            viewer,
            seat("1m2m1p", Some("1m"), Suit::Man),
            seat("2p1z2m", None, Suit::Pin),
        ],
        mount,
    )
}

/// Every deal of the small position's 10 physical tiles (P1: 2 bound + 1 drawn, P2: 3,
/// stock: 4) that keeps P1's bound tiles clear of man and P2's of pin, counted by what a fill
/// returns: (P1's tiles, P1's drawn tile, P2's tiles).
fn exact_deals() -> HashMap<(TileCounts, Tile, TileCounts), u64> {
    let tiles = parse_tiles("1m1m2m2m1p1p2p2p1z1z").unwrap();
    let mut out = HashMap::new();
    // Assign each physical tile a place: 0, 1 P1 bound; 2 P1 drawn; 3 P2; 4 stock.
    let mut place = [0u8; 10];
    fn go(
        i: usize,
        left: [u8; 4],
        place: &mut [u8; 10],
        tiles: &[Tile],
        out: &mut HashMap<(TileCounts, Tile, TileCounts), u64>,
    ) {
        if i == tiles.len() {
            let (mut p1, mut p2) = (TileCounts::new(), TileCounts::new());
            let mut drawn = None;
            for (t, &p) in tiles.iter().zip(place.iter()) {
                match p {
                    0 => p1[*t] += 1,
                    1 => {
                        p1[*t] += 1;
                        drawn = Some(*t);
                    }
                    2 => p2[*t] += 1,
                    _ => {}
                }
            }
            let bound = bound(&p1, drawn);
            if !holds_suit(&bound, Suit::Man) && !holds_suit(&p2, Suit::Pin) {
                *out.entry((p1, drawn.unwrap(), p2)).or_default() += 1;
            }
            return;
        }
        for p in 0..4 {
            if left[p] > 0 {
                let mut l = left;
                l[p] -= 1;
                place[i] = p as u8;
                go(i + 1, l, place, tiles, out);
            }
        }
    }
    go(0, [2, 1, 3, 4], &mut place, &tiles, &mut out);
    out
}

#[test]
fn the_constrained_deal_is_uniform_over_the_consistent_deals() {
    let exact = exact_deals();
    let total: u64 = exact.values().sum();
    let (set, seats, mount) = small_position();
    let mut observed: HashMap<(TileCounts, Tile, TileCounts), u64> = HashMap::new();
    let fills = 40_000;
    let mut rng = derive_stream(11, 0, 0);
    for _ in 0..fills {
        let mut s = seats;
        let mut m = mount.clone();
        fill::fill_unknown(view(&set, &TileCounts::new()), &mut s, &mut m, &mut rng).unwrap();
        assert_eq!(m.undrawn().total(), 4);
        let key = (s[1].tiles, s[1].drawn.unwrap(), s[2].tiles);
        assert!(exact.contains_key(&key), "an inconsistent deal {key:?}");
        *observed.entry(key).or_default() += 1;
    }
    let cells: Vec<(u64, f64)> = exact
        .iter()
        .map(|(k, &n)| {
            (
                observed.get(k).copied().unwrap_or(0),
                n as f64 / total as f64,
            )
        })
        .collect();
    // Pearson's chi-square at the 0.1 % level over every consistent configuration.
    crate::assert_fits(&cells, "the consistent configurations");
}

#[test]
fn no_consistent_deal_is_an_error_that_changes_nothing() {
    let (set, mut seats, mount) = small_position();
    // P2 may hold neither man nor pin: 3 tiles from two 1z.
    seats[2].forbidden = KindMask::suit(Suit::Pin) | KindMask::suit(Suit::Man);
    let mut m = mount.clone();
    let before = seats;
    let error = fill::fill_unknown(
        view(&set, &TileCounts::new()),
        &mut seats,
        &mut m,
        &mut derive_stream(1, 0, 0),
    );
    assert!(
        matches!(error, Err(fill::FillError::Inconsistent { .. })),
        "{error:?}"
    );
    assert_eq!(m, mount);
    assert_eq!(seats, before);
}

#[test]
fn a_fill_refuses_more_seats_than_a_table_holds() {
    let (set, seats, mount) = small_position();
    let mut five = [seats[0], seats[1], seats[2], seats[0], seats[0]];
    let mut m = mount.clone();
    let error = fill::fill_unknown(
        view(&set, &TileCounts::new()),
        &mut five,
        &mut m,
        &mut derive_stream(1, 0, 0),
    );
    assert_eq!(error, Err(fill::FillError::TooManySeats { seats: 5 }));
    assert_eq!(m, mount);
}

#[test]
fn an_inconsistent_constrained_fill_falls_back_to_the_uniform_one() {
    let (set, mut seats, mount) = small_position();
    seats[2].forbidden = KindMask::suit(Suit::Pin) | KindMask::suit(Suit::Man);
    let mut m = mount.clone();
    let last = [None; 3];
    let mut rng = derive_stream(1, 0, 0);
    let seen = TileCounts::new();
    fill::fill_inferred(
        Inference::Constrained,
        view(&set, &seen),
        &mut seats,
        &mut m,
        &last,
        &mut rng,
    )
    .unwrap();
    // Re-dealt without constraints: sizes kept, every tile accounted for.
    assert_eq!(seats[1].tiles.total(), 3);
    assert_eq!(seats[2].tiles.total(), 3);
    assert!(seats[1].drawn.is_some());
    let mut all = seats[1].tiles;
    all.add(&seats[2].tiles);
    all.add(&m.undrawn());
    assert_eq!(all, *set.counts());
}

#[test]
fn the_ready_sampler_is_close_to_rejection_sampling() {
    // A 13-tile hand from 60 unseen tiles (a mid-hand pool), conditioned on being ready:
    // the Markov chain's per-kind frequencies against exact rejection sampling (rejection
    // costs most of this test).
    let pool = counts(
        "1m1m2m3m3m4m5m5m6m7m8m9m9m1p2p2p3p4p4p5p6p6p7p8p8p9p1s2s3s3s4s5s6s6s7s8s9s9s1z1z2z3z3z4z5z5z6z7z7z2m4p7s8m3p5s6m6p7p2s4s",
    );
    assert_eq!(pool.total(), 60);
    let draw = |rng: &mut rand_chacha::ChaCha8Rng| {
        let mut stock = pool;
        let mut hand = TileCounts::new();
        for _ in 0..13 {
            let t = fill::uniform_tile(&stock, rng).unwrap();
            stock[t] -= 1;
            hand[t] += 1;
        }
        (hand, stock)
    };
    let samples = 1000;
    let mut rng = derive_stream(5, 0, 0);
    let kinds = |hand: &TileCounts, into: &mut [u64; 34]| {
        for (k, n) in hand.kinds().0.iter().enumerate() {
            into[k] += u64::from(*n);
        }
    };
    // Two independent exact samples (their distance is the sampling noise) and the chain's.
    let mut exact = [[0u64; 34]; 2];
    for half in &mut exact {
        let mut found = 0;
        while found < samples {
            let (hand, _) = draw(&mut rng);
            if shanten(&hand.kinds()) == 0 {
                found += 1;
                kinds(&hand, half);
            }
        }
    }
    let mut chain = [0u64; 34];
    for _ in 0..samples {
        let (mut hand, mut stock) = draw(&mut rng);
        assert!(ready::mend(&mut hand, KindMask::NONE, &mut stock, &mut rng));
        assert_eq!(shanten(&hand.kinds()), 0);
        assert_eq!(hand.total(), 13);
        let mut all = hand;
        all.add(&stock);
        assert_eq!(all, pool, "a trade keeps the tiles");
        kinds(&hand, &mut chain);
    }
    // Total variation distance between per-kind tile distributions.
    let tv = |a: &[u64; 34], b: &[u64; 34]| {
        (0..34)
            .map(|k| (a[k] as f64 - b[k] as f64).abs() / (13.0 * samples as f64))
            .sum::<f64>()
            / 2.0
    };
    let (noise, bias) = (tv(&exact[0], &exact[1]), tv(&chain, &exact[0]));
    eprintln!(
        "ready sampler: total variation {bias:.4} against rejection (rejection against itself {noise:.4})"
    );
    assert!(
        bias < 1.5 * noise + 0.01,
        "total variation {bias}, noise {noise}"
    );
}

#[test]
fn constrained_and_posterior_fills_use_only_the_viewers_information() {
    let game = Sichuan::preset("sichuan").unwrap().with_hands(1);
    let rgame = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
    for inference in [Inference::Constrained, Inference::Posterior] {
        for mut sim in sichuan_positions().into_iter().take(6) {
            let (mut a, mut b) = (sim.fork(), sim.fork());
            // P0 fills b's hidden tiles first: a world that differs only in what P0 cannot see.
            sichuan::fill_unknown_with(&game, b.world_mut(), Seat(0), 999, inference).unwrap();
            assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
            for seed in 0..20 {
                sichuan::fill_unknown_with(&game, a.world_mut(), Seat(0), seed, inference).unwrap();
                sichuan::fill_unknown_with(&game, b.world_mut(), Seat(0), seed, inference).unwrap();
                assert_eq!(
                    a.world().resource::<Battle>(),
                    b.world().resource::<Battle>()
                );
                assert_eq!(a.world().resource::<Mount>(), b.world().resource::<Mount>());
            }
        }
        for mut sim in riichi_positions().into_iter().take(6) {
            let (mut a, mut b) = (sim.fork(), sim.fork());
            riichi::fill_unknown_with(&rgame, b.world_mut(), Seat(0), 999, inference).unwrap();
            assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
            for seed in 0..20 {
                riichi::fill_unknown_with(&rgame, a.world_mut(), Seat(0), seed, inference).unwrap();
                riichi::fill_unknown_with(&rgame, b.world_mut(), Seat(0), seed, inference).unwrap();
                assert_eq!(a.world().resource::<Kyoku>(), b.world().resource::<Kyoku>());
                assert_eq!(a.world().resource::<Mount>(), b.world().resource::<Mount>());
            }
        }
    }
}

/// True when `kind`, the seat's last discard, was among the discards leaving the lowest
/// shanten from what it held then (its tiles now, drawn aside, plus the discard).
fn discard_was_efficient(
    hand: &TileCounts,
    drawn: Option<Tile>,
    kind: alea_games::tiles::TileKind,
) -> bool {
    let mut before: KindCounts = bound(hand, drawn).kinds();
    before[kind] += 1;
    let after = |k| {
        let mut h = before;
        h[k] -= 1;
        shanten(&h)
    };
    let best = alea_games::tiles::TileKind::all()
        .filter(|&k| before[k] > 0)
        .map(after)
        .min()
        .unwrap();
    after(kind) == best
}

#[test]
fn the_posterior_moves_toward_the_hands_the_play_implies() {
    let game = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
    let (mut hits, mut trials) = ([0u64; 2], 0u64);
    for seed in 0..12u64 {
        let mut sim = SimBuilder::new(game.clone()).seed(seed).build();
        let mut rng = random_player_rng(seed);
        // Greedy play: every discard is efficient, so the true hands all pass the check.
        for _ in 0..(24 + seed as usize) {
            if let Some(action) = riichi::choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng) {
                sim.apply(action).unwrap();
            }
        }
        if sim.is_terminal() {
            continue;
        }
        let start = sim.snapshot();
        for fill_seed in 0..60 {
            for (i, inference) in [Inference::Constrained, Inference::Posterior]
                .into_iter()
                .enumerate()
            {
                sim.restore(&start).unwrap();
                riichi::fill_unknown_with(&game, sim.world_mut(), Seat(0), fill_seed, inference)
                    .unwrap();
                let kyoku = sim.world().resource::<Kyoku>();
                let on_turn = match kyoku.phase {
                    riichi::Phase::Turn { seat, .. } => Some(seat),
                    _ => None,
                };
                for s in (1..4).map(Seat).filter(|&s| Some(s) != on_turn) {
                    let Some((_, last)) = kyoku.river.iter().rev().find(|(d, _)| *d == s) else {
                        continue;
                    };
                    hits[i] += u64::from(discard_was_efficient(
                        &kyoku.hands[s.index()],
                        kyoku.drawn[s.index()],
                        last.tile.kind(),
                    ));
                    trials += u64::from(i == 0);
                }
            }
        }
    }
    let (p0, p1) = (
        hits[0] as f64 / trials as f64,
        hits[1] as f64 / trials as f64,
    );
    // A two-proportion z-test at the 0.1 % level (one-sided, z > 3.09).
    let pooled = (p0 + p1) / 2.0;
    let z = (p1 - p0) / (2.0 * pooled * (1.0 - pooled) / trials as f64).sqrt();
    eprintln!(
        "efficient last discards: constrained {p0:.3}, posterior {p1:.3} (z {z:.1}, {trials} seats)"
    );
    assert!(z > 3.09, "constrained {p0}, posterior {p1}, z {z}");
}

fn seated(text: &str) -> Vec<SeatedAbility> {
    text.split(',').map(|a| a.parse().unwrap()).collect()
}

/// Greedy play of `game` from `seed` for a few actions.
fn early(game: &Riichi, seed: u64) -> Sim<Riichi> {
    let mut sim = SimBuilder::new(game.clone()).seed(seed).build();
    let mut rng = random_player_rng(seed);
    for _ in 0..(6 + seed as usize % 10) {
        match riichi::choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng) {
            Some(action) => sim.apply(action).unwrap(),
            None => break,
        }
    }
    sim
}

#[test]
fn toki_keeps_her_own_collapses() {
    let game = Riichi::preset("riichi")
        .unwrap()
        .with_length(Length::Kyoku)
        .with_abilities(&seated("toki@0"))
        .unwrap();
    let mut checked = 0;
    for seed in 0..20u64 {
        let mut sim = early(&game, seed);
        let collapsed: Vec<_> = sim.world().resource::<Mount>().collapsed_slots().collect();
        let start = sim.snapshot();
        for fill_seed in 0..10 {
            // Toki (P0) keeps her slots; another viewer sees them resampled.
            sim.restore(&start).unwrap();
            riichi::fill_unknown(&game, sim.world_mut(), Seat(0), fill_seed).unwrap();
            let mount = sim.world().resource::<Mount>();
            assert_eq!(mount.collapsed_slots().collect::<Vec<_>>(), collapsed);
            crate::riichi::check_conservation(sim.world());
            checked += usize::from(!collapsed.is_empty());
            sim.restore(&start).unwrap();
            riichi::fill_unknown(&game, sim.world_mut(), Seat(2), fill_seed).unwrap();
            assert_eq!(sim.world().resource::<Mount>().collapsed_slots().count(), 0);
            crate::riichi::check_conservation(sim.world());
        }
    }
    assert!(checked > 0);
}

fn holds_any(tiles: &TileCounts, mask: KindMask) -> bool {
    tiles
        .kinds()
        .0
        .iter()
        .enumerate()
        .any(|(k, &n)| n > 0 && mask.0 >> k & 1 == 1)
}

#[test]
fn kasumi_knows_the_others_hold_none_of_her_suit() {
    let game = Riichi::preset("riichi")
        .unwrap()
        .with_length(Length::Kyoku)
        .with_abilities(&seated("kasumi@1"))
        .unwrap();
    let mut checked = 0;
    for seed in 0..20u64 {
        let mut sim = early(&game, seed);
        let discards = sim
            .world()
            .resource::<Kyoku>()
            .river
            .iter()
            .filter(|(s, _)| *s == Seat(1))
            .count();
        let kept =
            alea_games::games::mahjong::abilities::kept_from_rivals(sim.world(), Seat(1), discards);
        // Only Kasumi knows her plan.
        assert!(
            alea_games::games::mahjong::abilities::kept_from_rivals(sim.world(), Seat(0), discards)
                .is_empty()
        );
        if kept.is_empty() {
            continue;
        }
        // A kan's replacement draw is not steered by her ability: the fill then drops it.
        if sim.world().resource::<Kyoku>().kans > 0 {
            continue;
        }
        let truth = sim.world().resource::<Kyoku>().hands;
        for s in [0usize, 2, 3] {
            assert!(
                !holds_any(&truth[s], kept),
                "seed {seed}: the real deal gave P{s} {}",
                truth[s]
            );
        }
        let start = sim.snapshot();
        for fill_seed in 0..10 {
            sim.restore(&start).unwrap();
            riichi::fill_unknown(&game, sim.world_mut(), Seat(1), fill_seed).unwrap();
            crate::riichi::check_conservation(sim.world());
            let kyoku = sim.world().resource::<Kyoku>();
            for s in [0usize, 2, 3] {
                let hand = bound(&kyoku.hands[s], kyoku.drawn[s]);
                assert!(!holds_any(&hand, kept), "P{s} got Kasumi's suit");
            }
            checked += 1;
        }
    }
    assert!(checked >= 100, "{checked}");
}

#[test]
fn search_players_parse_and_print() {
    for name in [
        "ismcts",
        "ismcts:7",
        "ismcts-uniform",
        "ismcts-uniform:7",
        "ismcts-bayes:3",
    ] {
        let kind: PlayerKind = name.parse().unwrap();
        assert_eq!(kind.to_string(), name);
    }
    assert_eq!(
        "ismcts-bayes:3".parse::<PlayerKind>().unwrap().search(),
        Some((3, Inference::Posterior))
    );
    for bad in [
        "ismcts-uniform:0",
        "ismcts-bayes:",
        "ismcts-uniformx",
        "ismcts:x",
    ] {
        assert!(bad.parse::<PlayerKind>().is_err(), "{bad}");
    }
}
