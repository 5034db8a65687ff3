//! Sichuan bloody battle: the fan table (every fan and total worked out by hand), the missing
//! suit and honors rule, the best wait (查大叫), the presets; invariants over random and greedy
//! games; scenarios (several winners on one discard, kan payments, robbing a kan, the
//! exhaustive draw's settlements) built by forcing tiles.

use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, SimBuilder, Table, Turn};
use alea::pipeline::LoggedEvent;
use alea_games::games::mahjong::HandTable;
use alea_games::games::mahjong::abilities::{SeatedAbility, future_sight};
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::mahjong::sichuan::{
    Battle, SEATS, SettlementKind, Sichuan, SichuanAction, SichuanEvent, SichuanMeld, Stage,
    Standings, choose, presets,
};
use alea_games::mount::{Exit, Mount, WallLayout};
use alea_games::scoring::meld::{Meld, MeldKind};
use alea_games::scoring::sichuan::{
    Fan, FanTable, SelfDrawBonus, SichuanHand, SichuanWin, best_wait, evaluate, is_win,
};
use alea_games::tiles::{KindCounts, Suit, Tile, TileCounts, TileKind, TileSet, parse_tiles};
use bevy_ecs::world::World;

fn table() -> FanTable {
    presets()["sichuan"].scoring.clone()
}

fn kinds(tiles: &str) -> KindCounts {
    TileCounts::from_tiles(parse_tiles(tiles).unwrap()).kinds()
}

fn meld(kind: MeldKind, tile: &str) -> Meld {
    let tile: Tile = tile.parse().unwrap();
    Meld::new(kind, &vec![tile; kind.size()]).unwrap()
}

/// (concealed, melds, missing suit, win, expected fans, expected fan total, expected per payer;
/// 0 when the hand does not win).
type Case = (
    &'static str,
    Vec<Meld>,
    Suit,
    SichuanWin,
    Vec<(Fan, u8)>,
    u8,
    i32,
);

/// The cases under the `sichuan` preset (cap 3, base 1, self-draw adds a base).
#[test]
fn fan_table_cases() {
    let ron = SichuanWin::default();
    let tsumo = SichuanWin {
        self_draw: true,
        ..ron
    };
    let rinshan = SichuanWin {
        self_draw: true,
        after_kan: true,
        ..ron
    };
    let pon = |t| meld(MeldKind::Pon, t);
    let kan = |t| meld(MeldKind::OpenKan, t);
    #[rustfmt::skip]
    let cases: Vec<Case> = vec![
        // plain: 0 fan = 1 base; self-drawn: + 1 base
        ("123456789m234p55p", vec![], Suit::Sou, ron, vec![], 0, 1),
        ("123456789m234p55p", vec![], Suit::Sou, tsumo, vec![], 0, 2),
        // all pungs 1 = 2
        ("111222m333444p55p", vec![], Suit::Sou, ron, vec![(Fan::AllPungs, 1)], 1, 2),
        // full flush 2 = 4
        ("112233456789m99m", vec![], Suit::Sou, ron, vec![(Fan::FullFlush, 2)], 2, 4),
        // 13 tiles: no win
        ("1111m223344556p", vec![], Suit::Sou, ron, vec![], 0, 0),
        // seven pairs 2 + a root 1 (龙七对) = 8
        ("1111m22334455p66p", vec![], Suit::Sou, ron, vec![(Fan::SevenPairs, 2), (Fan::Root, 1)], 3, 8),
        // full flush seven pairs with a root: 5 fan, capped at 3 = 8
        ("11112233445566m", vec![], Suit::Sou, ron,
            vec![(Fan::FullFlush, 2), (Fan::SevenPairs, 2), (Fan::Root, 1)], 5, 8),
        // four melds, won on the pair: all pungs 1 + full flush 2 + root (the kan) 1 + golden 1
        ("55m", vec![pon("1m"), pon("2m"), kan("3m"), pon("4m")], Suit::Sou, ron,
            vec![(Fan::AllPungs, 1), (Fan::FullFlush, 2), (Fan::Root, 1), (Fan::GoldenSingle, 1)], 5, 8),
        // won on a kan's replacement: 1 fan = 2, + 1 base self-drawn = 3
        ("123456789m234p55p", vec![], Suit::Sou, rinshan, vec![(Fan::WinAfterKan, 1)], 1, 3),
    ];
    for (tiles, melds, missing, win, fans, fan, per_payer) in cases {
        let hand = SichuanHand {
            concealed: kinds(tiles),
            melds: &melds,
            missing,
        };
        let score = evaluate(&hand, &win, &table());
        if per_payer == 0 {
            assert_eq!(score, None, "{tiles} does not win");
            assert!(!is_win(&hand), "{tiles}");
            continue;
        }
        let score = score.unwrap_or_else(|| panic!("{tiles} wins"));
        assert!(is_win(&hand), "{tiles}");
        assert_eq!(score.fans, fans, "{tiles}");
        assert_eq!(score.fan, fan, "{tiles}");
        assert_eq!(score.per_payer, per_payer, "{tiles}");
    }
}

#[test]
fn pon_plus_fourth_tile_is_a_root() {
    // 111m 222m 345p 99m + a pon of 5p: the fourth 5p is concealed, a root (not all pungs)
    let melds = [meld(MeldKind::Pon, "5p")];
    let hand = SichuanHand {
        concealed: kinds("111222m99m345p"),
        melds: &melds,
        missing: Suit::Sou,
    };
    let score = evaluate(&hand, &SichuanWin::default(), &table()).unwrap();
    assert_eq!(score.fans, vec![(Fan::Root, 1)]);
    assert_eq!(score.per_payer, 2);
    // 11 concealed tiles that are no four sets and a pair beside the meld
    let hand = SichuanHand {
        concealed: kinds("111222m99m346p"),
        melds: &melds,
        missing: Suit::Sou,
    };
    assert!(!is_win(&hand));
}

#[test]
fn missing_suit_and_honors_never_win() {
    let plain = kinds("123456789m234p55p");
    for (missing, wins) in [(Suit::Sou, true), (Suit::Pin, false), (Suit::Man, false)] {
        let hand = SichuanHand {
            concealed: plain,
            melds: &[],
            missing,
        };
        assert_eq!(is_win(&hand), wins, "missing {missing:?}");
    }
    let melds = [meld(MeldKind::Pon, "9s")];
    let hand = SichuanHand {
        concealed: kinds("123456789m55p"),
        melds: &melds,
        missing: Suit::Sou,
    };
    assert!(!is_win(&hand), "a melded missing-suit tile");
    let honors = SichuanHand {
        concealed: kinds("123456789m111z55p"),
        melds: &[],
        missing: Suit::Sou,
    };
    assert!(!is_win(&honors));
}

#[test]
fn self_draw_in_fan_and_the_cap() {
    let mut table = presets()["sichuan-4fan"].scoring.clone();
    assert_eq!(table.self_draw, SelfDrawBonus::Fan(1));
    let hand = SichuanHand {
        concealed: kinds("11112233445566m"),
        melds: &[],
        missing: Suit::Sou,
    };
    let tsumo = SichuanWin {
        self_draw: true,
        ..SichuanWin::default()
    };
    let score = evaluate(&hand, &tsumo, &table).unwrap();
    assert_eq!(score.fan, 6); // flush 2 + pairs 2 + root 1 + self-draw 1
    assert_eq!(score.per_payer, 16); // capped at 4
    table.cap = 10;
    table.base = 2;
    assert_eq!(evaluate(&hand, &tsumo, &table).unwrap().per_payer, 128); // 2 << 6
}

#[test]
fn best_wait_is_the_highest_paying() {
    // 123m×2, 456p×2 and 7p: waits on 7p only, as seven pairs (2 fan) or plain (0)
    let hand = SichuanHand {
        concealed: kinds("112233m445566p7p"),
        melds: &[],
        missing: Suit::Sou,
    };
    let (kind, score) = best_wait(&hand, &table()).unwrap();
    assert_eq!(kind, "7p".parse::<Tile>().unwrap().kind());
    assert_eq!((score.fan, score.per_payer), (2, 4));
    // 2345m waits on 2m and 5m (plain) — the first of equals is kept
    let hand = SichuanHand {
        concealed: kinds("2345m456789p111p"),
        melds: &[],
        missing: Suit::Sou,
    };
    let (kind, score) = best_wait(&hand, &table()).unwrap();
    assert_eq!(kind, TileKind::new(1).unwrap());
    assert_eq!(score.per_payer, 1);
    // not ready
    let hand = SichuanHand {
        concealed: kinds("1357m2468p13579p"),
        melds: &[],
        missing: Suit::Sou,
    };
    assert_eq!(best_wait(&hand, &table()), None);
}

#[test]
fn presets_parse() {
    let presets = presets();
    assert_eq!(
        presets.keys().collect::<Vec<_>>(),
        ["sichuan", "sichuan-4fan"]
    );
    assert_eq!(presets["sichuan"].scoring.cap, 3);
}

fn one_hand() -> Sichuan {
    Sichuan::preset("sichuan").unwrap().with_hands(1)
}

/// [`check_conservation`] as the builder's inspector (after every resolved event).
fn inspect_conservation(world: &World, _: &Table, _: &()) {
    check_conservation(world);
}

/// Every tile is in exactly one place: a hand, a meld, a river (uncalled; a tile won on by
/// ron stays there) or the mount's undrawn stock.
pub fn check_conservation(world: &World) {
    let battle = world.resource::<Battle>();
    let mount = world.resource::<Mount>();
    let mut all = mount.undrawn();
    for s in 0..SEATS as u8 {
        all.add(&battle.seat_tiles(Seat(s)));
    }
    for &(_, tile, called) in &battle.river {
        if !called {
            all[tile] += 1;
        }
    }
    assert_eq!(all, *TileSet::sichuan().counts(), "tile conservation");
}

/// Concealed + 3 per meld: 14 for the seat on turn and a seat that won by self-draw, 13 for
/// the others (a seat that won on a discard keeps 13: the tile stays in the river).
/// While the seats declare, the dealer holds its 14th tile.
pub fn check_hand_sizes(world: &World) {
    let battle = world.resource::<Battle>();
    let on_turn = match battle.stage {
        Stage::Turn { seat, .. } => Some(seat),
        Stage::Declare { .. } => Some(world.resource::<Standings>().dealer()),
        Stage::Claims { .. } => None,
        Stage::Over => return,
    };
    for s in 0..SEATS {
        let size = battle.hands[s].total() + 3 * u32::from(battle.meld_count[s]);
        let self_drawn = battle.won[s].is_some() && size == 14;
        let expected = if on_turn == Some(Seat(s as u8)) || self_drawn {
            14
        } else {
            13
        };
        assert_eq!(
            size, expected,
            "seat {s} holds {size} in {:?}",
            battle.stage
        );
    }
}

/// What each resolved action may do: only playing seats act; the missing suit is discarded
/// first and never called; winning hands hold none of it.
fn check_action(before: &Battle, after: &Battle, seat: Seat, events: &[LoggedEvent<SichuanEvent>]) {
    assert!(before.in_play(seat), "{seat} left but acts");
    for e in events {
        match e.event {
            SichuanEvent::Discard { seat, tile } if before.holds_missing(seat) => {
                assert_eq!(
                    Some(tile.suit()),
                    before.missing[seat.index()],
                    "missing suit first"
                );
            }
            SichuanEvent::Call { seat, tile, .. } | SichuanEvent::Kan { seat, tile, .. } => {
                assert_ne!(
                    Some(tile.suit()),
                    before.missing[seat.index()],
                    "a call of the missing suit"
                );
            }
            SichuanEvent::Draw { tile: None, .. } => panic!("a draw found no tile"),
            SichuanEvent::Win { seat, .. } => {
                let s = seat.index();
                assert!(after.won[s].is_some());
                let missing = after.missing[s].unwrap();
                assert!(
                    after
                        .seat_tiles(seat)
                        .iter()
                        .all(|(t, n)| n == 0 || t.suit() != missing)
                );
            }
            _ => {}
        }
    }
}

#[test]
fn random_games_keep_the_invariants() {
    let builder = SimBuilder::new(one_hand()).inspect(inspect_conservation);
    let (mut wins, mut multi, mut kans, mut draws, mut robbed) = (0, 0, 0, 0, 0);
    for seed in 0..500u64 {
        let mut sim = builder.clone().seed(seed).build();
        sim.record_events(true);
        let mut rng = random_player_rng(seed);
        check_hand_sizes(sim.world());
        while let Some(action) = choose(&mut sim, &[PlayerKind::Random; 4], &mut rng) {
            let Turn::Player(seat) = sim.turn() else {
                unreachable!()
            };
            let before = sim.world().resource::<Battle>().clone();
            sim.apply(action).unwrap();
            let events = sim.take_events();
            let after = sim.world().resource::<Battle>();
            check_action(&before, after, seat, &events);
            check_hand_sizes(sim.world());
            let won_here = events
                .iter()
                .filter(|e| matches!(e.event, SichuanEvent::Win { .. }))
                .count();
            wins += won_here;
            multi += usize::from(won_here > 1);
            for e in &events {
                match e.event {
                    SichuanEvent::Kan { .. }
                    | SichuanEvent::Call {
                        kind: MeldKind::OpenKan,
                        ..
                    } => kans += 1,
                    SichuanEvent::ExhaustiveDraw { .. } => draws += 1,
                    SichuanEvent::Win { robbing: true, .. } => robbed += 1,
                    _ => {}
                }
            }
            assert_eq!(
                sim.world()
                    .resource::<Standings>()
                    .scores
                    .iter()
                    .sum::<i32>(),
                0,
                "points are conserved"
            );
        }
        assert!(sim.is_terminal());
        let battle = sim.world().resource::<Battle>();
        let playing = battle.playing().count();
        assert!(
            playing <= 1 || sim.world().resource::<Mount>().slots_left(Exit::Pii) == 0,
            "ends with one seat or no wall"
        );
    }
    // Random play reaches wins, kans and draws (several winners on one discard and robbed
    // kans are rare in random play: the scenarios below cover them).
    assert!(
        wins > 0 && kans > 0 && draws > 0,
        "{wins} {multi} {kans} {draws} {robbed}"
    );
}

#[test]
fn greedy_games_keep_the_invariants_and_are_deterministic() {
    let game = Sichuan::preset("sichuan").unwrap();
    let play = |seed: u64| {
        let mut sim = SimBuilder::new(game.clone())
            .inspect(inspect_conservation)
            .seed(seed)
            .build();
        let mut rng = random_player_rng(seed);
        let mut wins = 0;
        sim.record_events(true);
        while let Some(action) = choose(
            &mut sim,
            &[
                PlayerKind::Greedy,
                PlayerKind::Greedy,
                PlayerKind::Greedy,
                PlayerKind::Random,
            ],
            &mut rng,
        ) {
            sim.apply(action).unwrap();
            wins += sim
                .take_events()
                .iter()
                .filter(|e| matches!(e.event, SichuanEvent::Win { .. }))
                .count();
            check_hand_sizes(sim.world());
        }
        (sim.checksum(), *sim.world().resource::<Standings>(), wins)
    };
    let mut greedy_points = 0;
    let mut random_points = 0;
    for seed in 0..20 {
        let (checksum, standings, wins) = play(seed);
        assert_eq!(play(seed).0, checksum, "same seed, same game");
        assert_eq!(standings.dealt, 4);
        assert!(
            wins >= 4,
            "greedy players win hands ({wins} wins in 4 hands)"
        );
        greedy_points += standings.scores[..3].iter().sum::<i32>();
        random_points += standings.scores[3];
    }
    assert!(
        greedy_points > 0 && random_points < 0,
        "{greedy_points} {random_points}"
    );
}

/// A one-hand game of `game` whose deal is replaced: `hands` (13 tiles each), P0 has drawn
/// `draw` and is on turn, the missing suits declared. The tiles are taken out of a fresh mount.
fn scenario_of(game: Sichuan, hands: [&str; 4], missing: [Suit; 4], draw: &str) -> Sim<Sichuan> {
    let mut sim = SimBuilder::new(game)
        .inspect(inspect_conservation)
        .seed(0)
        .build();
    let mut rng = random_player_rng(0);
    let mut mount = Mount::new(TileSet::sichuan(), WallLayout::sichuan());
    let mut battle = Battle::default();
    for (s, text) in hands.iter().enumerate() {
        battle.hands[s] = TileCounts::from_tiles(parse_tiles(text).unwrap());
        assert_eq!(battle.hands[s].total(), 13, "scenario hand {s}");
        for t in parse_tiles(text).unwrap() {
            assert!(mount.deal_tile(t), "{t} is available");
        }
        battle.missing[s] = Some(missing[s]);
    }
    mount.early_collapse(Exit::Pii, 0, tile(draw)).unwrap();
    let drawn = mount.draw(Exit::Pii, &mut rng).unwrap();
    battle.hands[0][drawn] += 1;
    battle.drawn[0] = Some(drawn);
    battle.stage = Stage::Turn {
        seat: Seat(0),
        called: false,
        after_kan: false,
    };
    *sim.world_mut().resource_mut::<Mount>() = mount;
    *sim.world_mut().resource_mut::<Battle>() = battle;
    sim.refresh_decision();
    check_conservation(sim.world());
    sim
}

fn scenario(hands: [&str; 4], missing: [Suit; 4], draw: &str) -> Sim<Sichuan> {
    scenario_of(one_hand(), hands, missing, draw)
}

fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

fn scores_of(sim: &Sim<Sichuan>) -> [i32; SEATS] {
    sim.world().resource::<Standings>().scores
}

fn battle(sim: &Sim<Sichuan>) -> &Battle {
    sim.world().resource::<Battle>()
}

/// Applies `(seat, action)` in turn, checking each is the seat to move and legal; returns the
/// resolved events.
fn apply_all(sim: &mut Sim<Sichuan>, actions: &[(u8, SichuanAction)]) -> Vec<SichuanEvent> {
    sim.record_events(true);
    for &(seat, action) in actions {
        assert_eq!(sim.turn(), Turn::Player(Seat(seat)), "before {action}");
        assert!(
            sim.legal_actions().contains(&action),
            "{action} is legal for P{seat}: {:?}",
            sim.legal_actions()
        );
        sim.apply(action).unwrap();
    }
    sim.take_events().into_iter().map(|e| e.event).collect()
}

const S: Suit = Suit::Sou;

#[test]
fn several_seats_win_on_one_discard_and_leave() {
    // P0 discards 5p: P1 (123m 456m 789m 678p, tanki 5p) and P3 (234m 678m 777p 22p, 34p)
    // both win on it; P2 (55p) could pon it.
    let hands = [
        "123456789m1239p",
        "123456789m678p5p",
        "13579m55p66p2468s",
        "234m678m777p22p34p",
    ];
    let mut sim = scenario(hands, [S; 4], "5p");
    let events = apply_all(
        &mut sim,
        &[
            (0, SichuanAction::Discard(tile("5p"))),
            (1, SichuanAction::Ron),
            (2, SichuanAction::Pon),
            (3, SichuanAction::Ron),
        ],
    );
    let winners: Vec<(Seat, i32)> = events
        .iter()
        .filter_map(|e| match e {
            SichuanEvent::Win {
                seat,
                from: Some(Seat(0)),
                points,
                ..
            } => Some((*seat, *points)),
            _ => None,
        })
        .collect();
    // Both plain wins: 1 each from the discarder.
    assert_eq!(winners, vec![(Seat(1), 1), (Seat(3), 1)]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, SichuanEvent::Call { .. })),
        "a win beats the pon"
    );
    assert_eq!(scores_of(&sim), [-2, 1, 0, 1]);
    let b = battle(&sim);
    assert_eq!(b.won, [None, Some(tile("5p")), None, Some(tile("5p"))]);
    assert_eq!(b.playing().collect::<Vec<_>>(), vec![Seat(0), Seat(2)]);
    // The seat after the last winner (P3) still playing draws: P0; the others never act again.
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
    let mut rng = random_player_rng(5);
    while let Some(action) = choose(&mut sim, &[PlayerKind::Random; 4], &mut rng) {
        let Turn::Player(seat) = sim.turn() else {
            unreachable!()
        };
        assert!(seat == Seat(0) || seat == Seat(2), "{seat} left the hand");
        sim.apply(action).unwrap();
    }
}

#[test]
fn kan_payments_and_a_win_after_the_kan() {
    // P0: 1111m 234m 567m 899p + 9p. A closed kan (2 from each of the three others), then
    // the replacement 7p completes 234m 567m 789p 99p beside the kan.
    let hands = [
        "1111m234m567m899p",
        "123456789s234p5m",
        "123456789s234p6m",
        "123456789s234p8m",
    ];
    let mut sim = scenario(hands, [S, Suit::Man, Suit::Man, Suit::Man], "9p");
    sim.world_mut()
        .resource_mut::<Mount>()
        .early_collapse(Exit::Rinshan, 0, tile("7p"))
        .unwrap();
    let events = apply_all(&mut sim, &[(0, SichuanAction::ClosedKan(tile("1m")))]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, SichuanEvent::Kan { paid: 6, .. })),
        "{events:?}"
    );
    assert_eq!(scores_of(&sim), [6, -2, -2, -2]);
    assert_eq!(battle(&sim).drawn[0], Some(tile("7p")));
    let events = apply_all(&mut sim, &[(0, SichuanAction::Tsumo)]);
    // A root (the kan) 1 + win after kan 1 = 2 fan = 4, + 1 base self-drawn, from three seats.
    let win = events.iter().find_map(|e| match e {
        SichuanEvent::Win {
            fan,
            per_payer,
            points,
            ..
        } => Some((*fan, *per_payer, *points)),
        _ => None,
    });
    assert_eq!(win, Some((2, 5, 15)));
    assert_eq!(scores_of(&sim), [21, -7, -7, -7]);
}

#[test]
fn an_open_kan_is_paid_by_the_discarder() {
    let hands = [
        "123m456m678m123p4p",
        "999m123p456p789p1s",
        "123s456s789s123p2m",
        "123s456s789s123p3m",
    ];
    let mut sim = scenario(hands, [S, S, Suit::Man, Suit::Man], "9m");
    let events = apply_all(
        &mut sim,
        &[
            (0, SichuanAction::Discard(tile("9m"))),
            (1, SichuanAction::Kan),
        ],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        SichuanEvent::Call {
            kind: MeldKind::OpenKan,
            paid: 2,
            ..
        }
    )));
    assert_eq!(scores_of(&sim), [-2, 2, 0, 0]);
    assert!(matches!(
        battle(&sim).stage,
        Stage::Turn {
            seat: Seat(1),
            after_kan: true,
            ..
        }
    ));
}

#[test]
fn robbing_an_added_kan() {
    // P0 holds a pon of 5p and draws the fourth; P2 waits on 5p (34p): it robs the kan.
    let hands = [
        "123m456m789m555p7p",
        "123s456s789s123p9m",
        "234m678m777p22p34p",
        "123s456s789s123p8m",
    ];
    let mut sim = scenario(hands, [S, Suit::Man, S, Suit::Man], "5p");
    {
        let mut battle = sim.world_mut().resource_mut::<Battle>();
        battle.hands[0][tile("5p")] -= 3;
        battle.melds[0][0] = Some(SichuanMeld {
            meld: Meld::new(MeldKind::Pon, &[tile("5p"); 3]).unwrap(),
            from: Some(Seat(3)),
        });
        battle.meld_count[0] = 1;
    }
    sim.refresh_decision();
    check_conservation(sim.world());
    let events = apply_all(&mut sim, &[(0, SichuanAction::AddedKan(tile("5p")))]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, SichuanEvent::Kan { paid: 3, .. }))
    );
    assert_eq!(scores_of(&sim), [3, -1, -1, -1]);
    let events = apply_all(&mut sim, &[(2, SichuanAction::Ron)]);
    let win = events.iter().find_map(|e| match e {
        SichuanEvent::Win {
            seat,
            robbing: true,
            fan,
            points,
            ..
        } => Some((*seat, *fan, *points)),
        _ => None,
    });
    // 234m 678m 777p 22p + 345p: robbing a kan 1 fan = 2, from P0; the kan payments return.
    assert_eq!(win, Some((Seat(2), 1, 2)));
    assert_eq!(scores_of(&sim), [-2, 0, 2, 0]);
    let b = battle(&sim);
    assert_eq!(
        b.melds[0][0].unwrap().meld.kind(),
        MeldKind::Pon,
        "the kan reverts to a pon"
    );
    assert_eq!(b.kan_paid, [[0; SEATS]; SEATS]);
    // No replacement for a robbed kan: the seat after the winner draws.
    assert_eq!(sim.turn(), Turn::Player(Seat(3)));
}

/// P0 still holds its missing suit (2s after discarding 1s); P1 is ready (seven pairs on 9p,
/// 2 fan = 4); P2 and P3 are not. The live wall is empty.
const DRAW_HANDS: [&str; 4] = [
    "123m456m789m12p1s2s",
    "11m22m33m44p55p66p9p",
    "1357m2468m13579p",
    "13579s2468s2468p",
];

fn at_the_last_discard(game: Sichuan) -> Sim<Sichuan> {
    let mut sim = scenario_of(game, DRAW_HANDS, [S, S, S, Suit::Man], "3p");
    let mut rng = random_player_rng(1);
    let mut mount = sim.world().resource::<Mount>().clone();
    let mut battle = sim.world().resource::<Battle>().clone();
    while mount.slots_left(Exit::Pii) > 0 {
        // The rest of the wall went to P3's river earlier in the hand.
        battle
            .river
            .push((Seat(3), mount.draw(Exit::Pii, &mut rng).unwrap(), false));
    }
    *sim.world_mut().resource_mut::<Mount>() = mount;
    *sim.world_mut().resource_mut::<Battle>() = battle;
    sim.refresh_decision();
    check_conservation(sim.world());
    sim
}

fn settlements(sim: &mut Sim<Sichuan>) -> Vec<(SettlementKind, u8, u8, i32)> {
    let events = apply_all(sim, &[(0, SichuanAction::Discard(tile("1s")))]);
    events
        .iter()
        .find_map(|e| match e {
            SichuanEvent::ExhaustiveDraw { settlements } => Some(
                settlements
                    .iter()
                    .map(|s| (s.kind, s.payer.0, s.receiver.0, s.points))
                    .collect(),
            ),
            _ => None,
        })
        .expect("an exhaustive draw")
}

#[test]
fn exhaustive_draw_settlements() {
    use SettlementKind::{MissingSuit, Unready};
    // Both options: P0 pays the cap (8) to each other seat; P2 and P3 pay P1 its best wait.
    let mut sim = at_the_last_discard(one_hand());
    assert_eq!(
        settlements(&mut sim),
        vec![
            (MissingSuit, 0, 1, 8),
            (MissingSuit, 0, 2, 8),
            (MissingSuit, 0, 3, 8),
            (Unready, 2, 1, 4),
            (Unready, 3, 1, 4),
        ]
    );
    assert_eq!(scores_of(&sim), [-24, 16, 4, 4]);
    assert!(sim.is_terminal());
    // Without 查花猪, P0 is simply not ready.
    let mut game = one_hand();
    game.config.settle_missing_suit = false;
    let mut sim = at_the_last_discard(game);
    assert_eq!(
        settlements(&mut sim),
        vec![(Unready, 0, 1, 4), (Unready, 2, 1, 4), (Unready, 3, 1, 4)]
    );
    // Without either, nobody pays.
    let mut game = one_hand();
    game.config.settle_missing_suit = false;
    game.config.settle_unready = false;
    let mut sim = at_the_last_discard(game);
    assert_eq!(settlements(&mut sim), vec![]);
    assert_eq!(scores_of(&sim), [0; SEATS]);
}

#[test]
fn restart_is_a_fresh_build() {
    let game = Sichuan::preset("sichuan").unwrap();
    let mut reused = SimBuilder::new(game.clone()).seed(1).build();
    let mut rng = random_player_rng(1);
    for _ in 0..40 {
        let action = choose(&mut reused, &[PlayerKind::Random; 4], &mut rng).unwrap();
        reused.apply(action).unwrap();
    }
    Sichuan::restart(&mut reused, 9).unwrap();
    let mut fresh = SimBuilder::new(game).seed(9).build();
    assert_eq!(reused.checksum(), fresh.checksum());
    assert_eq!(reused.legal_actions(), fresh.legal_actions());
}

// ---- abilities in play ----

fn seated(text: &str) -> Vec<SeatedAbility> {
    text.split(',').map(|a| a.parse().unwrap()).collect()
}

#[test]
fn abilities_that_need_dora_do_not_apply() {
    for name in ["kuro@0", "awai@2"] {
        let error = one_hand().with_abilities(&seated(name)).unwrap_err();
        assert!(
            error.to_string().contains("does not apply to sichuan"),
            "{error}"
        );
    }
    let error = one_hand()
        .with_abilities(&seated("koromo@1,toki@1"))
        .unwrap_err();
    assert!(error.to_string().contains("seat 1"), "{error}");
    assert!(
        one_hand()
            .with_abilities(&seated("koromo@1,toki@2,kasumi@0"))
            .is_ok()
    );
}

/// Koromo (seat 1) is about to draw after P0's forced discard of 9s (nobody can call it): the
/// exact distribution of her draw with her presence, against 4 000 draws sampled through the
/// game (restore, reseed, discard).
#[test]
fn koromo_draws_her_effective_tiles_as_often_as_her_presence_says() {
    let game = one_hand().with_abilities(&seated("koromo@1")).unwrap();
    let hands = [
        "123456789m1239p",
        "1368m2479p13569s",
        "2345m5678p1357s9m",
        "4567m1248p2468s9m",
    ];
    let mut sim = scenario_of(game, hands, [S, Suit::Man, S, S], "9s");
    assert_eq!(sim.legal_actions(), &[SichuanAction::Discard(tile("9s"))]);
    let start = sim.snapshot();
    // The exact odds: Koromo's on_draw on a copy of the mount.
    let world = sim.world_mut();
    let hands_now = world.resource::<Battle>().hands;
    let plain = world.resource::<Mount>().probabilities(Exit::Pii).unwrap();
    let mut copy = world.resource::<Mount>().clone();
    std::mem::swap(&mut *world.resource_mut::<Mount>(), &mut copy);
    let view = alea_games::dealer::DrawView {
        drawer: Seat(1),
        hands: &hands_now,
        turns: &[0; 4],
        sets: &[0; 4],
        riichi: &[false; 4],
    };
    alea_games::dealer::on_draw_in_world(world, &view);
    let odds = world.resource::<Mount>().probabilities(Exit::Pii).unwrap();
    std::mem::swap(&mut *world.resource_mut::<Mount>(), &mut copy);
    let effective = alea_games::tiles::effective_kinds(&hands_now[1].kinds());
    let p_eff = |o: &alea_games::mount::Odds| -> f64 {
        effective.iter().map(|k| o.probability(k.tile())).sum()
    };
    assert!(
        p_eff(&odds) > p_eff(&plain) + 0.1,
        "{} vs {}",
        p_eff(&odds),
        p_eff(&plain)
    );
    // Sampled through the game.
    let n = 4000u64;
    let mut drawn = [0u64; Tile::COUNT];
    for i in 0..n {
        sim.restore(&start).unwrap();
        sim.reseed(1000 + i);
        sim.apply(SichuanAction::Discard(tile("9s"))).unwrap();
        drawn[battle(&sim).drawn[1].expect("Koromo drew").index()] += 1;
    }
    let cells = |o: &alea_games::mount::Odds| -> Vec<(u64, f64)> {
        Tile::ALL
            .iter()
            .filter(|t| plain.probability(**t) > 0.0)
            .map(|t| (drawn[t.index()], o.probability(*t)))
            .collect()
    };
    let with = cells(&odds);
    let critical = crate::chi_square_critical(with.len() - 1);
    let chi = crate::chi_square(&with);
    assert!(
        chi < critical,
        "chi-square {chi:.1} >= {critical:.1}: not Koromo's odds"
    );
    // Without her presence the same draws are far off.
    let chi_plain = crate::chi_square(&cells(&plain));
    assert!(
        chi_plain > critical,
        "chi-square {chi_plain:.1}: indistinguishable from a plain draw"
    );
    // The measured frequency of her effective tiles, within 4 standard deviations.
    let measured = effective
        .iter()
        .map(|k| drawn[k.tile().index()])
        .sum::<u64>() as f64
        / n as f64;
    let sd = (p_eff(&odds) * (1.0 - p_eff(&odds)) / n as f64).sqrt();
    assert!(
        (measured - p_eff(&odds)).abs() < 4.0 * sd,
        "{measured} vs {}",
        p_eff(&odds)
    );
}

/// Plays a four-hand match with Toki at `toki` (greedy everywhere); at each of her discards
/// future sight decides. Returns (her decisions, slots seen, real draws at seen slots, the final
/// checksum).
fn toki_hand(seed: u64, toki: u8) -> (usize, usize, usize, u64) {
    let game = Sichuan::preset("sichuan")
        .unwrap()
        .with_abilities(&seated(&format!("toki@{toki}")))
        .unwrap();
    let mut sim = SimBuilder::new(game)
        .inspect(inspect_conservation)
        .seed(seed)
        .build();
    sim.record_events(true);
    let mut rng = random_player_rng(seed);
    let mut seen: std::collections::HashMap<(Exit, u16), Tile> = Default::default();
    let (mut decisions, mut matched, mut total_seen) = (0, 0, 0);
    while let Turn::Player(seat) = sim.turn() {
        let base =
            [Exit::Pii, Exit::Rinshan].map(|e| (e, sim.world().resource::<Mount>().drawn_from(e)));
        let action = if seat == Seat(toki) {
            let before = sim.snapshot();
            let sight = future_sight(&mut sim, seat, seed ^ decisions as u64).unwrap();
            match sight {
                Some(sight) => {
                    decisions += 1;
                    // No trace but the collapses: the same world as collapsing by hand.
                    let after = sim.checksum();
                    let now = sim.snapshot();
                    sim.restore(&before).unwrap();
                    {
                        let mut mount = sim.world_mut().resource_mut::<Mount>();
                        for &((exit, index), tile) in &sight.seen {
                            let taken = mount.drawn_from(exit);
                            if index >= taken {
                                let _ = mount.early_collapse(exit, index - taken, tile);
                            }
                        }
                    }
                    assert_eq!(sim.checksum(), after, "future sight left a trace");
                    sim.restore(&now).unwrap();
                    assert!(sight.timelines.iter().any(|&(a, _)| a == sight.action));
                    for &(slot, tile) in &sight.seen {
                        let first = *seen.entry(slot).or_insert(tile);
                        assert_eq!(first, tile, "a slot shows the same tile in every timeline");
                    }
                    sight.action
                }
                None => choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng).unwrap(),
            }
        } else {
            choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng).unwrap()
        };
        sim.take_events();
        sim.apply(action).unwrap();
        let mut next = base;
        for e in sim.take_events() {
            assert!(
                !matches!(e.event, SichuanEvent::Draw { tile: None, .. }),
                "every draw finds a tile (the collapses never starve the live wall)"
            );
            if let SichuanEvent::Deal { .. } = e.event {
                // A new wall: what she saw was in the last one; the dealer has drawn slot 0.
                total_seen += seen.len();
                seen.clear();
                next = [(Exit::Pii, 1), (Exit::Rinshan, 0)];
            }
            if let SichuanEvent::Draw {
                exit,
                tile: Some(tile),
                ..
            } = e.event
            {
                let (_, index) = next.iter_mut().find(|(x, _)| *x == exit).unwrap();
                if let Some(&saw) = seen.get(&(exit, *index)) {
                    assert_eq!(
                        saw, tile,
                        "slot {exit:?} {index}: Toki saw {saw}, {tile} came out"
                    );
                    matched += 1;
                }
                *index += 1;
            }
        }
    }
    assert_eq!(
        sim.world().resource::<Standings>().dealt,
        4,
        "every hand is played"
    );
    (decisions, total_seen + seen.len(), matched, sim.checksum())
}

#[test]
fn toki_sees_the_tiles_that_come_out() {
    let (mut decisions, mut seen, mut matched) = (0, 0, 0);
    for seed in 0..3 {
        let (d, s, m, checksum) = toki_hand(seed, (seed % 4) as u8);
        assert_eq!(
            toki_hand(seed, (seed % 4) as u8).3,
            checksum,
            "same seed, same hand"
        );
        decisions += d;
        seen += s;
        matched += m;
    }
    assert!(
        decisions >= 30 && seen >= 100 && matched >= 100,
        "{decisions} {seen} {matched}"
    );
}

/// Whole matches with Toki through the command line: every match plays all its hands (a kan's
/// replacement at the end of a wall she has collapsed still finds a tile), and she wins by
/// self-draw like anyone (her look-ahead is only for discards).
#[test]
fn matches_with_toki_play_every_hand() {
    let out = crate::cli(
        "alea simulate mahjong --rules sichuan --games 60 --seed 3 --players greedy --abilities toki@1,toki@3 --json",
    )
    .unwrap();
    let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(summary["hands"], 240, "{summary}");
    assert!(
        summary["seats"][1]["win_rate"].as_f64().unwrap() > 0.2,
        "{summary}"
    );
}
