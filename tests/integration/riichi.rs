//! Riichi mahjong: invariants over random games, scenarios built by forcing tiles, determinism.

use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, SimBuilder, Table, Turn};
use alea_games::games::mahjong::HandTable;
use alea_games::games::mahjong::riichi::{
    Kyoku, Length, Match, MeldRecord, Phase, PlayerKind, Riichi, RiichiAction, RiichiEvent, SEATS,
    choose, is_furiten, presets,
};
use alea_games::mount::{Exit, Mount, WallLayout};
use alea_games::scoring::riichi::{Meld, MeldKind};
use alea_games::tiles::{Tile, TileCounts, parse_tiles};
use bevy_ecs::world::World;

pub(crate) fn game(length: Length) -> Riichi {
    Riichi::preset("riichi").unwrap().with_length(length)
}

pub(crate) fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

fn counts(text: &str) -> TileCounts {
    parse_tiles(text).unwrap().into_iter().collect()
}

/// [`check_conservation`] as the builder's inspector (after every resolved event).
fn inspect_conservation(world: &World, _: &Table, _: &()) {
    check_conservation(world);
}

/// Every tile is in exactly one place: a hand, a meld, a river (uncalled), an indicator or
/// the mount's undrawn stock.
pub fn check_conservation(world: &World) {
    let kyoku = world.resource::<Kyoku>();
    let mount = world.resource::<Mount>();
    let mut all = mount.undrawn();
    for s in 0..SEATS as u8 {
        all.add(&kyoku.seat_tiles(Seat(s)));
    }
    for (_, t) in &kyoku.river {
        if !t.called {
            all[t.tile] += 1;
        }
    }
    for t in mount.dora_indicators().iter().chain(mount.ura_indicators()) {
        all[*t] += 1;
    }
    assert_eq!(all, *mount.tile_set().counts(), "tile conservation");
}

/// Concealed tiles + 3 per meld: 14 for the seat on turn, 13 for the others.
pub fn check_hand_sizes(sim: &Sim<Riichi>) {
    let kyoku = sim.world().resource::<Kyoku>();
    let on_turn = match kyoku.phase {
        Phase::Turn { seat, .. } => Some(seat),
        Phase::Claims { .. } => None,
        Phase::Over => return,
    };
    for s in 0..SEATS as u8 {
        let size =
            kyoku.hands[usize::from(s)].total() + 3 * u32::from(kyoku.meld_count[usize::from(s)]);
        let expected = if on_turn == Some(Seat(s)) { 14 } else { 13 };
        assert_eq!(
            size, expected,
            "seat {s} holds {size} tiles in {:?}",
            kyoku.phase
        );
    }
}

/// Each call in `events` is legal where it happened: chi only from the seat before, no call
/// by a seat in riichi, the called tile is the last discard of `from`.
fn check_calls(before: &Kyoku, events: &[alea::pipeline::LoggedEvent<RiichiEvent>]) {
    for e in events {
        if let RiichiEvent::Call {
            seat,
            from,
            kind,
            tile,
            ..
        } = &e.event
        {
            assert!(!before.riichi[seat.index()], "a call in riichi");
            assert_ne!(seat, from);
            if *kind == MeldKind::Chi {
                assert_eq!(seat.0, (from.0 + 1) % 4, "chi from the seat before only");
            }
            let last = before.river.last().expect("a discard to call");
            assert_eq!((last.0, last.1.tile), (*from, *tile));
        }
    }
}

#[test]
fn random_games_keep_the_invariants() {
    // Conservation after every event (the inspector), the rest after every action.
    let builder = SimBuilder::new(game(Length::Kyoku)).inspect(inspect_conservation);
    let mut wins = 0;
    let mut calls = 0;
    let mut kans = 0;
    let mut riichis = 0;
    for seed in 0..500u64 {
        let mut sim = builder.clone().seed(seed).build();
        sim.record_events(true);
        let mut rng = random_player_rng(seed);
        check_conservation(sim.world());
        check_hand_sizes(&sim);
        while let Some(action) = choose(&mut sim, &[PlayerKind::Random; 4], &mut rng) {
            let before = sim.world().resource::<Kyoku>().clone();
            sim.apply(action).unwrap();
            let events = sim.take_events();
            check_calls(&before, &events);
            for e in &events {
                match e.event {
                    RiichiEvent::Win { .. } => wins += 1,
                    RiichiEvent::Call { .. } => calls += 1,
                    RiichiEvent::Kan { .. } => kans += 1,
                    RiichiEvent::RiichiStick { .. } => riichis += 1,
                    _ => {}
                }
            }
            check_conservation(sim.world());
            check_hand_sizes(&sim);
            let table = sim.world().resource::<Match>();
            let total: i32 = table.scores.iter().sum::<i32>() + 1000 * i32::from(table.sticks);
            assert_eq!(total, 100_000, "points are conserved");
        }
        assert!(sim.is_terminal());
    }
    // Random play reaches every part of the flow.
    assert!(
        wins > 0 && calls > 0 && kans > 0 && riichis > 0,
        "{wins} {calls} {kans} {riichis}"
    );
}

/// A draw in play is a chance point over the mount's cells: listed by forcing each case, its
/// outcomes are the mount's odds for the next live tile, and a forced case hands the drawer
/// that tile.
#[test]
fn a_draw_is_a_chance_node_with_the_mount_s_odds() {
    use alea::search::{apply_outcome, chance_node, chance_outcomes};
    let mut checked = 0;
    for seed in 0..4u64 {
        let mut sim = SimBuilder::new(game(Length::Kyoku)).seed(seed).build();
        let mut rng = random_player_rng(seed);
        while let Some(action) = choose(&mut sim, &[PlayerKind::Random; 4], &mut rng) {
            let start = sim.snapshot();
            let odds = sim.world().resource::<Mount>().probabilities(Exit::Pii);
            sim.apply(action).unwrap();
            let first = chance_node(sim.chance_log());
            sim.restore(&start).unwrap();
            if checked < 12 * (seed + 1) && first.is_some_and(|p| p.generator == "the draw") {
                let odds = odds.unwrap();
                let outcomes = chance_outcomes(&mut sim, action).unwrap();
                let mut by_tile = [0.0; Tile::COUNT];
                for &(case, p) in &outcomes {
                    by_tile[case as usize % Tile::COUNT] += p;
                }
                for t in Tile::ALL {
                    assert!(
                        (by_tile[t.index()] - odds.probability(t)).abs() < 1e-12,
                        "{t}"
                    );
                }
                let &(case, p) = outcomes.iter().rfind(|&&(_, p)| p > 0.0).unwrap();
                sim.record_events(true);
                assert_eq!(apply_outcome(&mut sim, action, case).unwrap(), p);
                sim.record_events(false);
                let drawn = sim.take_events().iter().find_map(|e| match e.event {
                    RiichiEvent::Draw { tile, .. } => tile,
                    _ => None,
                });
                assert_eq!(drawn.map(|t| t.index()), Some(case as usize % Tile::COUNT));
                sim.restore(&start).unwrap();
                checked += 1;
            }
            sim.apply(action).unwrap();
        }
    }
    assert!(checked >= 40, "{checked} draws checked");
}

/// A match of `length` whose first hand is replaced by `hands` (P0 is the dealer and has
/// drawn `draw`), with `indicator` as the dora indicator. Tiles are taken out of a fresh
/// mount, so conservation holds.
fn scenario(length: Length, hands: [&str; 4], draw: &str, indicator: &str) -> Sim<Riichi> {
    scenario_of(game(length), hands, draw, indicator)
}

/// [`scenario`] with these rules.
pub(crate) fn scenario_of(
    game: Riichi,
    hands: [&str; 4],
    draw: &str,
    indicator: &str,
) -> Sim<Riichi> {
    let mut sim = SimBuilder::new(game.clone()).seed(0).build();
    let mut rng = random_player_rng(0);
    let mut mount = Mount::new(game.tile_set(), WallLayout::riichi());
    let mut kyoku = Kyoku {
        first_turn: [true; SEATS],
        uninterrupted: true,
        ..Kyoku::default()
    };
    for (s, text) in hands.iter().enumerate() {
        kyoku.hands[s] = counts(text);
        assert_eq!(kyoku.hands[s].total(), 13, "scenario hand {s}");
        for t in parse_tiles(text).unwrap() {
            assert!(mount.deal_tile(t), "{t} is available");
        }
    }
    mount
        .early_collapse(Exit::Dorahyou, 0, tile(indicator))
        .unwrap();
    mount.draw(Exit::Dorahyou, &mut rng).unwrap();
    mount.early_collapse(Exit::Pii, 0, tile(draw)).unwrap();
    let drawn = mount.draw(Exit::Pii, &mut rng).unwrap();
    kyoku.hands[0][drawn] += 1;
    kyoku.drawn[0] = Some(drawn);
    kyoku.phase = Phase::Turn {
        seat: Seat(0),
        called: false,
        rinshan: false,
    };
    *sim.world_mut().resource_mut::<Mount>() = mount;
    *sim.world_mut().resource_mut::<Kyoku>() = kyoku;
    sim.refresh_decision();
    check_conservation(sim.world());
    sim
}

/// Fixes the next normal draws (slot 0 first).
pub(crate) fn force_draws(sim: &mut Sim<Riichi>, tiles: &str) {
    let mut mount = sim.world_mut().resource_mut::<Mount>();
    for (pos, t) in parse_tiles(tiles).unwrap().into_iter().enumerate() {
        mount.early_collapse(Exit::Pii, pos as u16, t).unwrap();
    }
}

pub(crate) fn kyoku(sim: &Sim<Riichi>) -> &Kyoku {
    sim.world().resource::<Kyoku>()
}

pub(crate) fn table(sim: &Sim<Riichi>) -> Match {
    *sim.world().resource::<Match>()
}

// P0 discards 5p: P1 can chi (46p), P2 can pon (55p), P3 can ron (34p wait, tanyao).
const PRIORITY: [&str; 4] = [
    "147m147p147s1357z",
    "46p123m789m12567z",
    "55p789s19m333z467z",
    "234m678m234s66s34p",
];

#[test]
fn ron_beats_pon_beats_chi() {
    let mut sim = scenario(Length::Kyoku, PRIORITY, "5p", "9p");
    sim.record_events(true);
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    // Asked in turn order: P1 (chi), P2 (pon), P3 (ron).
    for (seat, call) in [
        (1, RiichiAction::Chi(tile("4p"), tile("6p"))),
        (2, RiichiAction::Pon(tile("5p"), tile("5p"))),
    ] {
        assert_eq!(sim.turn(), Turn::Player(Seat(seat)));
        assert!(sim.legal_actions().contains(&call), "{call}");
        sim.apply(call).unwrap();
    }
    assert_eq!(sim.turn(), Turn::Player(Seat(3)));
    assert_eq!(
        sim.legal_actions(),
        &[RiichiAction::Ron, RiichiAction::Pass]
    );
    sim.apply(RiichiAction::Ron).unwrap();
    let events = sim.take_events();
    let win = events.iter().find_map(|e| match &e.event {
        RiichiEvent::Win {
            seat, from, han, ..
        } => Some((*seat, *from, *han)),
        _ => None,
    });
    // Pinfu and tanyao: 2 han 30 fu, 2000 from the discarder.
    assert_eq!(win, Some((Seat(3), Some(Seat(0)), 2)));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.event, RiichiEvent::Call { .. }))
    );
    assert_eq!(table(&sim).scores, [23000, 25000, 25000, 27000]);
    assert!(sim.is_terminal());
}

#[test]
fn pon_beats_chi_and_passing_a_win_is_temporary_furiten() {
    let mut sim = scenario(Length::Kyoku, PRIORITY, "5p", "9p");
    sim.record_events(true);
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    sim.apply(RiichiAction::Chi(tile("4p"), tile("6p")))
        .unwrap();
    sim.apply(RiichiAction::Pon(tile("5p"), tile("5p")))
        .unwrap();
    sim.apply(RiichiAction::Pass).unwrap();
    let calls: Vec<_> = sim
        .take_events()
        .into_iter()
        .filter_map(|e| match e.event {
            RiichiEvent::Call { seat, kind, .. } => Some((seat, kind)),
            _ => None,
        })
        .collect();
    assert_eq!(calls, vec![(Seat(2), MeldKind::Pon)]);
    let k = kyoku(&sim);
    assert_eq!(
        k.phase,
        Phase::Turn {
            seat: Seat(2),
            called: true,
            rinshan: false
        }
    );
    assert_eq!(k.meld_count, [0, 0, 1, 0]);
    assert!(k.temporary_furiten[3] && is_furiten(k, Seat(3)));
    // After a call only discards are legal (no tsumo, no kan).
    assert!(
        sim.legal_actions()
            .iter()
            .all(|a| matches!(a, RiichiAction::Discard(_)))
    );
    check_hand_sizes(&sim);
    check_conservation(sim.world());
}

#[test]
fn permanent_furiten_blocks_ron_but_not_tsumo() {
    let mut sim = scenario(Length::Kyoku, PRIORITY, "5p", "9p");
    // P3 discarded a 2p earlier: its 25p wait is furiten.
    sim.world_mut().resource_mut::<Kyoku>().discarded_kinds[3] = 1 << tile("2p").kind().index();
    assert!(is_furiten(kyoku(&sim), Seat(3)));
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    assert_eq!(
        sim.world().resource::<Kyoku>().can[3],
        0,
        "no ron in furiten"
    );
    sim.apply(RiichiAction::Pass).unwrap(); // P1's chi
    sim.apply(RiichiAction::Pass).unwrap(); // P2's pon
    // Nobody called: P1 draws.
    assert_eq!(
        kyoku(&sim).phase,
        Phase::Turn {
            seat: Seat(1),
            called: false,
            rinshan: false
        }
    );
}

#[test]
fn riichi_furiten_outlasts_the_next_discard() {
    let mut sim = scenario(Length::Kyoku, PRIORITY, "5p", "9p");
    {
        let mut k = sim.world_mut().resource_mut::<Kyoku>();
        k.riichi[3] = true;
    }
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    sim.apply(RiichiAction::Pass).unwrap();
    sim.apply(RiichiAction::Pass).unwrap();
    assert_eq!(
        sim.legal_actions(),
        &[RiichiAction::Ron, RiichiAction::Pass]
    );
    sim.apply(RiichiAction::Pass).unwrap();
    let k = kyoku(&sim);
    assert!(k.riichi_furiten[3] && k.temporary_furiten[3]);
    // P3's own discard clears temporary furiten only.
    let mut k = k.clone();
    k.temporary_furiten[3] = false;
    assert!(is_furiten(&k, Seat(3)));
    k.riichi_furiten[3] = false;
    assert!(!is_furiten(&k, Seat(3)));
}

#[test]
fn riichi_needs_tenpai_costs_a_stick_and_locks_the_hand() {
    // P0: 234m678m234s66s34p + 9z drawn: riichi with 9z... 7z (chun) discard keeps tenpai.
    let mut sim = scenario(
        Length::Kyoku,
        [
            "234m678m234s66s34p",
            "147m147p147s1357z",
            "258m258p258s2466z",
            "369m369p369s2345z",
        ],
        "7z",
        "9p",
    );
    let riichi: Vec<_> = sim
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            RiichiAction::Riichi(t) => Some(t.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(riichi, ["7z"], "only the 7z discard keeps the hand tenpai");
    force_draws(&mut sim, "1m9s");
    sim.apply(RiichiAction::Riichi(tile("7z"))).unwrap();
    // P1 and P2 hold no 7z pair: nobody calls; the stick is down.
    let t = table(&sim);
    assert_eq!((t.scores[0], t.sticks), (24000, 1));
    assert!(kyoku(&sim).riichi[0] && kyoku(&sim).double_riichi[0] && kyoku(&sim).ippatsu[0]);
    // P1..P3 discard their draws; then P0 may only discard what it draws (1m... forced).
    for _ in 0..3 {
        let Turn::Player(seat) = sim.turn() else {
            panic!()
        };
        let drawn = kyoku(&sim).drawn[seat.index()].unwrap();
        sim.apply(RiichiAction::Discard(drawn)).unwrap();
        while matches!(kyoku(&sim).phase, Phase::Claims { .. }) {
            sim.apply(RiichiAction::Pass).unwrap();
        }
    }
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
    let drawn = kyoku(&sim).drawn[0].unwrap();
    assert!(
        sim.legal_actions()
            .iter()
            .all(|a| matches!(a, RiichiAction::Discard(t) if *t == drawn)
                || *a == RiichiAction::Tsumo)
    );
}

#[test]
fn a_noten_hand_cannot_riichi() {
    let sim = scenario(
        Length::Kyoku,
        [
            "147m147p147s1357z",
            "234m678m234s66s34p",
            "258m258p258s2466z",
            "369m369p369s2345z",
        ],
        "5m",
        "9p",
    );
    assert!(
        !sim.legal_actions()
            .iter()
            .any(|a| matches!(a, RiichiAction::Riichi(_)))
    );
}

#[test]
fn closed_kan_flips_an_indicator_and_draws_from_the_dead_wall() {
    let mut sim = scenario(
        Length::Kyoku,
        [
            "999m123p456s1122z",
            "147m147p147s1357z",
            "258m258p258s2466z",
            "368m369p369s2345z",
        ],
        "9m",
        "9p",
    );
    {
        let mut mount = sim.world_mut().resource_mut::<Mount>();
        mount.early_collapse(Exit::Rinshan, 0, tile("3z")).unwrap();
        mount.early_collapse(Exit::Dorahyou, 0, tile("8p")).unwrap();
    }
    let live = sim.world().resource::<Mount>().slots_left(Exit::Pii);
    assert!(
        sim.legal_actions()
            .contains(&RiichiAction::ClosedKan(tile("9m")))
    );
    sim.apply(RiichiAction::ClosedKan(tile("9m"))).unwrap();
    let k = kyoku(&sim);
    assert_eq!(k.meld_count[0], 1);
    assert_eq!(k.melds[0][0].unwrap().meld.kind(), MeldKind::ClosedKan);
    assert_eq!(k.drawn[0], Some(tile("3z")));
    assert_eq!(
        k.phase,
        Phase::Turn {
            seat: Seat(0),
            called: false,
            rinshan: true
        }
    );
    let mount = sim.world().resource::<Mount>();
    assert_eq!(mount.dora_indicators(), &[tile("9p"), tile("8p")]);
    assert_eq!(
        mount.slots_left(Exit::Pii),
        live - 1,
        "a replacement draw shortens the live wall"
    );
    assert_eq!(k.kans, 1);
    check_hand_sizes(&sim);
    check_conservation(sim.world());
    // 3z completes 1122z + 3z? No: the hand is 123p456s1122z3z: not a win; a discard follows.
    assert!(
        sim.legal_actions()
            .contains(&RiichiAction::Discard(tile("3z")))
    );
}

/// Draws the live wall down to its last tile's discard.
pub(crate) fn drain_wall(sim: &mut Sim<Riichi>) {
    let mut rng = random_player_rng(99);
    let mut mount = sim.world_mut().resource_mut::<Mount>();
    while mount.slots_left(Exit::Pii) > 0 {
        mount.draw(Exit::Pii, &mut rng).unwrap();
    }
}

#[test]
fn exhaustive_draw_pays_tenpai_and_moves_or_keeps_the_dealer() {
    // P1 tenpai (34p), the others noten; the dealer (P0) moves on, honba 1.
    let hands = [
        "147m147p147s1357z",
        "234m678m234s66s34p",
        "258m258p258s2466z",
        "369m369p369s2345z",
    ];
    let mut sim = scenario(Length::Hanchan, hands, "8m", "9p");
    drain_wall(&mut sim);
    sim.record_events(true);
    sim.apply(RiichiAction::Discard(tile("8m"))).unwrap();
    let events = sim.take_events();
    let tenpai = events.iter().find_map(|e| match e.event {
        RiichiEvent::ExhaustiveDraw { tenpai, .. } => Some(tenpai),
        _ => None,
    });
    assert_eq!(tenpai, Some([false, true, false, false]));
    let t = table(&sim);
    assert_eq!(t.scores, [24000, 28000, 24000, 24000]);
    assert_eq!((t.wind, t.number, t.honba), (0, 1, 1), "East 2, one honba");
    assert_eq!(t.tally.draws, 1);
    assert_eq!(
        sim.turn(),
        Turn::Player(Seat(1)),
        "the new dealer is on turn"
    );

    // The dealer tenpai with one other: 1500 each from the two noten seats; the dealer repeats.
    let hands = [
        "234m678m234s66s34p",
        "147m147p147s1357z",
        "258m258p258s2466z",
        "333m456m777p11s99s",
    ];
    // (P0's only discard, 1z, would be nagashi mangan: that rule is off here.)
    let mut rules = game(Length::Hanchan);
    rules.config.nagashi_mangan = false;
    let mut sim = scenario_of(rules, hands, "1z", "9p");
    drain_wall(&mut sim);
    sim.apply(RiichiAction::Discard(tile("1z"))).unwrap();
    let t = table(&sim);
    assert_eq!(t.scores, [26500, 23500, 23500, 26500]);
    assert_eq!(
        (t.wind, t.number, t.honba),
        (0, 0, 1),
        "the dealer repeats with a honba"
    );
}

#[test]
fn a_dealer_win_repeats_with_a_honba() {
    // P0 tsumo on 5p: 234m678m234s66s34p + 5p (menzen tsumo, tanyao).
    let hands = [
        "234m678m234s66s34p",
        "147m147p147s1357z",
        "258m258p258s2466z",
        "369m369p369s2345z",
    ];
    let mut sim = scenario(Length::Hanchan, hands, "5p", "9p");
    assert!(sim.legal_actions().contains(&RiichiAction::Tsumo));
    sim.apply(RiichiAction::Tsumo).unwrap();
    let t = table(&sim);
    // Tenhou (yakuman): 16000 all.
    assert_eq!(t.scores, [73000, 9000, 9000, 9000]);
    assert_eq!((t.wind, t.number, t.honba), (0, 0, 1));
    assert_eq!(t.tally.wins, [1, 0, 0, 0]);
}

#[test]
fn illegal_actions_change_nothing() {
    let mut sim = scenario(Length::Kyoku, PRIORITY, "5p", "9p");
    let before = sim.checksum();
    assert!(
        sim.apply(RiichiAction::Pon(tile("5p"), tile("5p")))
            .is_err()
    );
    assert!(sim.apply(RiichiAction::Discard(tile("5m"))).is_err());
    assert_eq!(sim.checksum(), before);
}

#[test]
fn presets_parse_and_a_seed_replays_to_its_checksum() {
    let names: Vec<&str> = presets().keys().map(String::as_str).collect();
    assert_eq!(names, ["riichi", "riichi-east", "riichi-nored"]);
    let run = |seed: u64| {
        let mut sim = SimBuilder::new(game(Length::Hanchan)).seed(seed).build();
        let mut rng = random_player_rng(seed);
        let players = [
            PlayerKind::Greedy,
            PlayerKind::Random,
            PlayerKind::Greedy,
            PlayerKind::Greedy,
        ];
        while let Some(action) = choose(&mut sim, &players, &mut rng) {
            sim.apply(action).unwrap();
        }
        (sim.checksum(), table(&sim).scores)
    };
    let first = run(7);
    assert_eq!(first, run(7));
    // Restarting a played simulator equals building a fresh one.
    let mut reused = SimBuilder::new(game(Length::Hanchan)).seed(3).build();
    let mut rng = random_player_rng(3);
    while let Some(action) = choose(&mut reused, &[PlayerKind::Random; 4], &mut rng) {
        reused.apply(action).unwrap();
    }
    Riichi::restart(&mut reused, 7).unwrap();
    let mut fresh = SimBuilder::new(game(Length::Hanchan)).seed(7).build();
    assert_eq!(reused.checksum(), fresh.checksum());
    assert_eq!(reused.legal_actions(), fresh.legal_actions());
    assert_ne!(first.0, run(8).0);
    assert_eq!(format!("{:016x}", first.0), "3bae5f94df66fb84");
}

#[test]
fn greedy_play_pays_exhaustive_draws_by_the_table() {
    let players = [PlayerKind::Greedy; 4];
    let mut seen = [0; 5];
    for seed in 0..200u64 {
        let mut sim = SimBuilder::new(game(Length::Kyoku)).seed(seed).build();
        let mut rng = random_player_rng(seed);
        sim.record_events(true);
        while let Some(action) = choose(&mut sim, &players, &mut rng) {
            let before = table(&sim);
            sim.apply(action).unwrap();
            let events = sim.take_events();
            let Some(tenpai) = events.iter().find_map(|e| match e.event {
                RiichiEvent::ExhaustiveDraw { tenpai, .. } => Some(tenpai),
                _ => None,
            }) else {
                continue;
            };
            let n = tenpai.iter().filter(|&&t| t).count();
            seen[n] += 1;
            let mut expected = [0i32; 4];
            for (s, e) in expected.iter_mut().enumerate() {
                *e = match (n, tenpai[s]) {
                    (0 | 4, _) => 0,
                    (n, true) => 3000 / n as i32,
                    (n, false) => -3000 / (4 - n as i32),
                };
            }
            // A riichi declared on the last discard puts its stick down first.
            let mut sticks = i32::from(before.sticks);
            for e in &events {
                if let RiichiEvent::RiichiStick { seat } = e.event {
                    expected[seat.index()] -= 1000;
                    sticks += 1;
                }
            }
            // At the end of the match the sticks go to the first seat.
            if let Some(scores) = events.iter().find_map(|e| match e.event {
                RiichiEvent::MatchEnd { scores } => Some(scores),
                _ => None,
            }) {
                let top = (0..4).fold(0, |b, o| if scores[o] > scores[b] { o } else { b });
                expected[top] += 1000 * sticks;
            }
            let after = table(&sim);
            let deltas: Vec<i32> = (0..4).map(|s| after.scores[s] - before.scores[s]).collect();
            assert_eq!(deltas, expected, "seed {seed}");
        }
    }
    // Fixed seeds: draws with 0, 1, 2 and 3 seats tenpai all occur ([2, 1, 6, 1, 0]).
    assert!(seen[..4].iter().all(|&n| n > 0), "{seen:?}");
}

/// P0 has pon'd 7p from P2 and draws the fourth 7p; P1 waits on 47p.
fn added_kan_scenario() -> Sim<Riichi> {
    let mut sim = scenario(
        Length::Kyoku,
        [
            "777p123m456s11z23z",
            "234m678m234s66s56p",
            "258m258p258s2466z",
            "369m369p369s2345z",
        ],
        "7p",
        "9p",
    );
    let seven = tile("7p");
    {
        let mut k = sim.world_mut().resource_mut::<Kyoku>();
        k.hands[0][seven] -= 3;
        k.melds[0][0] = Some(MeldRecord {
            meld: Meld::new(MeldKind::Pon, &[seven; 3]).unwrap(),
            from: Some(Seat(2)),
            called: seven,
        });
        k.meld_count[0] = 1;
        k.uninterrupted = false;
    }
    sim.refresh_decision();
    check_conservation(sim.world());
    check_hand_sizes(&sim);
    sim
}

#[test]
fn an_added_kan_can_be_robbed() {
    let mut sim = added_kan_scenario();
    assert!(
        sim.legal_actions()
            .contains(&RiichiAction::AddedKan(tile("7p")))
    );
    sim.record_events(true);
    sim.apply(RiichiAction::AddedKan(tile("7p"))).unwrap();
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    assert_eq!(
        sim.legal_actions(),
        &[RiichiAction::Ron, RiichiAction::Pass]
    );
    sim.apply(RiichiAction::Ron).unwrap();
    let win = sim.take_events().into_iter().find_map(|e| match e.event {
        RiichiEvent::Win {
            seat,
            from,
            chankan,
            yaku,
            ..
        } => Some((seat, from, chankan, yaku)),
        _ => None,
    });
    let (seat, from, chankan, yaku) = win.expect("a win");
    assert_eq!((seat, from, chankan), (Seat(1), Some(Seat(0)), true));
    assert!(yaku.contains("chankan"), "{yaku}");
}

#[test]
fn an_added_kan_nobody_robs_draws_a_replacement() {
    let mut sim = added_kan_scenario();
    force_draws(&mut sim, "");
    sim.world_mut()
        .resource_mut::<Mount>()
        .early_collapse(Exit::Rinshan, 0, tile("1s"))
        .unwrap();
    sim.apply(RiichiAction::AddedKan(tile("7p"))).unwrap();
    sim.apply(RiichiAction::Pass).unwrap();
    let k = kyoku(&sim);
    assert_eq!(k.melds[0][0].unwrap().meld.kind(), MeldKind::AddedKan);
    assert_eq!(k.drawn[0], Some(tile("1s")));
    assert_eq!(
        k.phase,
        Phase::Turn {
            seat: Seat(0),
            called: false,
            rinshan: true
        }
    );
    // Delayed kan dora: the added kan's indicator is flipped with the next discard.
    assert_eq!(sim.world().resource::<Mount>().dora_indicators().len(), 1);
    assert!(k.temporary_furiten[1], "passing a chankan is furiten too");
    check_hand_sizes(&sim);
    check_conservation(sim.world());
    sim.apply(RiichiAction::Discard(tile("1s"))).unwrap();
    assert_eq!(sim.world().resource::<Mount>().dora_indicators().len(), 2);
    check_conservation(sim.world());
}

use crate::cli;

#[test]
fn cli_play_and_simulate_mahjong() {
    let log = cli("alea play mahjong --seed 4 --length kyoku --players greedy,random").unwrap();
    assert!(log.starts_with(
        "Riichi mahjong (riichi, Kyoku), seed 4, players greedy,random,random,random"
    ));
    assert!(log.contains("East 1 (0 honba, 0 sticks): dealer P0"));
    assert!(log.contains("match over"));
    assert_eq!(
        log,
        cli("alea play mahjong --seed 4 --length kyoku --players greedy,random").unwrap()
    );
    let json = |threads: u32| {
        let text = cli(&format!(
            "alea simulate mahjong --games 12 --length east --players greedy --seed 2 --threads {threads} --json"
        ))
        .unwrap();
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        value["games_per_second"] = 0.into();
        value["threads"] = 0.into();
        value
    };
    let one = json(1);
    assert_eq!(one, json(2), "results do not depend on the thread count");
    assert_eq!(one["games"], 12);
    assert_eq!(one["seats"].as_array().unwrap().len(), 4);
    for bad in [
        "alea play mahjong --rules nope",
        "alea play mahjong --players 3",
        "alea simulate pig --players greedy",
        "alea play mahjong --players robot",
    ] {
        assert_eq!(cli(bad).map(|_| ()).unwrap_err().exit_code(), 2, "{bad}");
    }
    use clap::Parser;
    let bad = "alea play mahjong --length long";
    assert!(
        alea_cli::cli::Cli::try_parse_from(bad.split_whitespace()).is_err(),
        "{bad}"
    );
}

#[test]
fn letting_a_yakuless_winning_tile_pass_is_furiten_too() {
    // P3 waits on 2z/9m with no yaku: P0's 9m completes its hand but gives no ron.
    let mut sim = scenario(
        Length::Kyoku,
        [
            "147m147p147s1357z",
            "46p123m789m12567z",
            "258m258p258s2466z",
            "123m456p789s22z99m",
        ],
        "9m",
        "9p",
    );
    sim.apply(RiichiAction::Discard(tile("9m"))).unwrap();
    let k = kyoku(&sim);
    assert_eq!(k.can[3], 2, "no yaku: a pon (bit 2) but no ron (bit 1)");
    assert!(k.temporary_furiten[3] && is_furiten(k, Seat(3)));
    assert!(!k.temporary_furiten[1] && !k.temporary_furiten[2]);
}

/// The `index`-th branching chance point of `sim`'s last action.
fn branching_point(sim: &Sim<Riichi>, index: usize) -> alea::chance::ChanceRecord {
    *sim.chance_log()
        .iter()
        .filter(|p| p.branches())
        .nth(index)
        .unwrap()
}

/// An action meeting several draws (a kan's replacement and indicator, a win's ura
/// indicators): the listing of its last draw, read as the action meets it, is what forcing
/// each of its cases gives — the same cases, weights and outcome ids, the weights summing to
/// the point's total; a case it leaves out has weight 0 or cannot be drawn.
#[test]
fn a_later_draw_s_listing_is_what_forcing_each_case_gives() {
    let mut checked = 0;
    'games: for seed in 0..200u64 {
        let mut sim = SimBuilder::new(game(Length::Kyoku)).seed(seed).build();
        let mut rng = random_player_rng(seed);
        while let Some(action) = choose(&mut sim, &[PlayerKind::Random; 4], &mut rng) {
            let start = sim.snapshot();
            sim.apply(action).unwrap();
            let taken: Vec<u32> = (sim.chance_log().iter())
                .filter(|p| p.branches())
                .map(|p| p.case)
                .collect();
            if taken.len() < 2 {
                continue;
            }
            let last = taken.len() - 1;
            sim.restore(&start).unwrap();
            sim.set_cases(&taken[..last]).unwrap();
            sim.list_chance_point(Some(last));
            sim.apply(action).unwrap();
            let listing = sim.chance_listing().unwrap().to_vec();
            sim.list_chance_point(None);
            let point = branching_point(&sim, last);
            let mut listed_weight = 0u64;
            for case in 0..point.max_case {
                sim.restore(&start).unwrap();
                let mut path = taken[..last].to_vec();
                path.push(case);
                sim.set_cases(&path).unwrap();
                let listed = listing.iter().find(|l| l.case == case);
                if sim.apply(action).is_err() {
                    assert!(listed.is_none(), "listed case {case} cannot be drawn");
                    continue;
                }
                let forced = branching_point(&sim, last);
                assert!(forced.forced && forced.case == case, "{forced:?}");
                match listed {
                    Some(listed) => {
                        assert_eq!(
                            (forced.weight, forced.outcome_id()),
                            (listed.weight, listed.outcome)
                        );
                        listed_weight += u64::from(listed.weight);
                    }
                    None => assert_eq!(forced.weight, 0, "case {case} is left out"),
                }
            }
            assert_eq!(listed_weight, point.total_weight, "seed {seed}");
            checked += 1;
            if checked == 3 {
                break 'games;
            }
            sim.restore(&start).unwrap();
            sim.apply(action).unwrap();
        }
    }
    assert_eq!(checked, 3, "actions meeting several draws found");
}
