//! The staged dealer: uniform plain deals, the reference abilities' guarantees, uniform joint
//! plans, errors that leave the World unchanged, raid priority, beg exclusion, `on_draw`, and
//! determinism by seed.

use std::hash::{Hash, Hasher};

use alea::kernel::Seat;
use alea::snapshot::StableHasher;
use alea_games::dealer::{
    AbilityCtx, AbilityHooks, AbilityMemory, BargainHooks, Bargainer, Claim, DealConfig, DealError,
    DealRound, DealTable, Dealer, DrawView, RaidFix, RaidPriority, TableView, choose_joint_plan,
};
use alea_games::games::mahjong::abilities::{self, AWAI, KASUMI, KOROMO, KURO};
use alea_games::mount::{Exit, Mount};
use alea_games::tiles::{Tile, TileCounts, TileKind, TileSet, effective_kinds, shanten};

fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

fn chi_square(observed: &[u64], expected: f64) -> f64 {
    observed
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum()
}

/// Every deal: 13 tiles per seat, and hands + indicators + what is left in the mount = the set.
fn check_conservation(table: &DealTable, dealer: &Dealer, set: &TileSet) {
    let mut all = dealer.mount().undrawn();
    for hand in &table.hands {
        assert_eq!(hand.total(), 13);
        all.add(hand);
    }
    for &indicator in &table.dora_indicators {
        all[indicator] += 1;
    }
    assert_eq!(&all, set.counts());
}

#[test]
fn plain_deals_are_uniform_over_kinds_for_every_seat() {
    let mut dealer = Dealer::new(DealConfig::riichi(), &[], 11).unwrap();
    let deals = 2000;
    let mut counts = [[0u64; 34]; 4];
    for round in 0..deals {
        let table = dealer.deal(round).unwrap().clone();
        check_conservation(&table, &dealer, &TileSet::riichi(true));
        for (seat, hand) in table.hands.iter().enumerate() {
            for kind in TileKind::all() {
                counts[seat][kind.index()] += u64::from(hand.of_kind(kind));
            }
        }
    }
    // Each kind has 4 of 136 copies: expected 13 · deals / 34 per kind and seat. Chi-square
    // with 33 degrees of freedom at p = 0.001: critical value 63.87 (draws without replacement
    // only lower the variance, so the test is conservative).
    let expected = 13.0 * f64::from(deals) / 34.0;
    for (seat, observed) in counts.iter().enumerate() {
        let chi = chi_square(observed, expected);
        assert!(chi < 63.87, "seat {seat}: chi-square {chi:.1}");
    }
}

#[test]
fn kuro_keeps_the_dora_from_the_others_and_her_indicator_is_revealed() {
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(2), &KURO)], 5).unwrap();
    let mut dora_counts = Vec::new();
    for round in 0..150 {
        let table = dealer.deal(round).unwrap().clone();
        check_conservation(&table, &dealer, &TileSet::riichi(true));
        let plan = table.plans[0].plan.expect("Kuro bargains");
        let dora = TileKind::new(plan as u8).unwrap();
        let indicator = table.dora_indicators[0];
        // The indicator she loaded to B is the one flipped: the dora is her plan's.
        assert_eq!(indicator.kind().dora(), dora, "round {round}");
        let kuro = &table.hands[2];
        for (seat, hand) in table.hands.iter().enumerate() {
            if seat != 2 {
                assert_eq!(
                    hand.of_kind(dora),
                    0,
                    "round {round}: seat {seat} has the dora"
                );
            }
        }
        // Her indicator kind is not fully held by the others: one copy is the revealed
        // indicator.
        let others: u8 = (0..4)
            .filter(|&s| s != 2)
            .map(|s| table.hands[s].of_kind(indicator.kind()))
            .sum();
        assert!(others <= 3, "round {round}");
        if table.monkey_attempts[2] <= 100 {
            assert!((1..=2).contains(&kuro.of_kind(dora)), "round {round}");
        }
        dora_counts.push(kuro.of_kind(dora));
    }
    assert!(dora_counts.contains(&2));
}

fn suit_of(kind: TileKind) -> Option<usize> {
    (!kind.is_honor()).then(|| kind.index() / 9)
}

#[test]
fn kasumi_bars_her_suit_to_the_others() {
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(1), &KASUMI)], 6).unwrap();
    let mut suits = [0; 3];
    for round in 0..150 {
        let table = dealer.deal(round).unwrap().clone();
        let suit = usize::from(table.plans[0].plan.unwrap());
        suits[suit] += 1;
        for (seat, hand) in table.hands.iter().enumerate() {
            let held: u8 = TileKind::all()
                .filter(|&k| suit_of(k) == Some(suit))
                .map(|k| hand.of_kind(k))
                .sum();
            if seat == 1 {
                // Her own hand is her suit and honors only.
                assert_eq!(
                    u32::from(held)
                        + TileKind::all()
                            .filter(|k| k.is_honor())
                            .map(|k| u32::from(hand.of_kind(k)))
                            .sum::<u32>(),
                    13
                );
            } else {
                assert_eq!(held, 0, "round {round}: seat {seat} holds her suit");
            }
        }
    }
    assert!(suits.iter().all(|&n| n > 30), "{suits:?}");
}

#[test]
fn awai_begs_her_kan_ura_and_keeps_rivals_far_from_ready() {
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(3), &AWAI)], 8).unwrap();
    for round in 0..40 {
        let table = dealer.deal(round).unwrap().clone();
        let plan = table.plans[0].describe.clone().unwrap();
        let kanura = tile(plan.strip_prefix("kan-ura ").unwrap()).kind();
        assert!(table.hands[3].of_kind(kanura) >= 3, "round {round}");
        for seat in 0..3 {
            if table.monkey_attempts[seat] <= 300 {
                assert!(shanten(&table.hands[seat].kinds()) >= 5, "round {round}");
            }
        }
    }
}

// Two test bargainers whose feasible joint plans are lopsided: X claims all of the manzu (plan
// 0) or the east wind (plan 1); Y claims the four copies of one of 1m..9m or 2z (plans 0..10).
// Feasible: (0, 9) and (1, 0..=9): 11 joint plans. Choosing X's plan first, uniformly, would
// give (0, 9) half the time instead of 1/11.
fn x_claim(_: &AbilityCtx, _: &Mount, plan: u16, kind: TileKind) -> Claim {
    match plan {
        0 if kind.index() < 9 => Claim::All,
        1 if kind.index() == 27 => Claim::All,
        _ => Claim::None,
    }
}

fn y_claim(_: &AbilityCtx, _: &Mount, plan: u16, kind: TileKind) -> Claim {
    let target = if plan < 9 { usize::from(plan) } else { 28 };
    if kind.index() == target {
        Claim::Four
    } else {
        Claim::None
    }
}

static X: AbilityHooks = AbilityHooks {
    bargain: Some(BargainHooks {
        plans: |_| 2,
        claim: x_claim,
        describe: |_, p| p.to_string(),
        on_bargained: |_, _| {},
    }),
    ..AbilityHooks::named("x")
};

static Y: AbilityHooks = AbilityHooks {
    bargain: Some(BargainHooks {
        plans: |_| 10,
        claim: y_claim,
        describe: |_, p| p.to_string(),
        on_bargained: |_, _| {},
    }),
    ..AbilityHooks::named("y")
};

#[test]
fn joint_plans_of_two_bargainers_are_uniform() {
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(0), &X), (Seat(1), &Y)], 3).unwrap();
    let deals = 2200;
    let mut cells = [0u64; 11];
    for round in 0..deals {
        let table = dealer.deal(round).unwrap();
        let (x, y) = (table.plans[0].plan.unwrap(), table.plans[1].plan.unwrap());
        let cell = match (x, y) {
            (0, 9) => 0,
            (1, y) => 1 + usize::from(y),
            other => panic!("infeasible joint plan {other:?}"),
        };
        cells[cell] += 1;
    }
    // 11 cells, 10 degrees of freedom, p = 0.001: critical value 29.59.
    let chi = chi_square(&cells, f64::from(deals) / 11.0);
    assert!(chi < 29.59, "chi-square {chi:.1}: {cells:?}");

    // Kuro and Kasumi through the solver: 3 suits × 25 doras = 75 joint plans, uniform.
    let set = *TileSet::riichi(true).counts();
    let ctx = AbilityCtx {
        seat: Seat(0),
        plan: None,
        round: DealRound::default(),
        seats: 4,
        memory: AbilityMemory::default(),
    };
    let full = Mount::new(
        TileSet::riichi(true),
        alea_games::mount::WallLayout::riichi(),
    );
    let claims = |hooks: &AbilityHooks| {
        let b = hooks.bargain.unwrap();
        (0..(b.plans)(&ctx))
            .map(|p| {
                std::array::from_fn(|k| (b.claim)(&ctx, &full, p, TileKind::new(k as u8).unwrap()))
            })
            .collect()
    };
    let bargainers = [
        Bargainer {
            label: "kuro@0".into(),
            plans: claims(&KURO),
            held: TileCounts::new(),
        },
        Bargainer {
            label: "kasumi@1".into(),
            plans: claims(&KASUMI),
            held: TileCounts::new(),
        },
    ];
    let mut rng = alea::chance::derive_stream(9, 1, 0);
    let mut seen = std::collections::BTreeMap::new();
    let samples = 75 * 100;
    for _ in 0..samples {
        let plan = choose_joint_plan(&bargainers, &set, &set, &mut rng).unwrap();
        *seen.entry((plan[0], plan[1])).or_insert(0u64) += 1;
    }
    assert_eq!(seen.len(), 75);
    let observed: Vec<u64> = seen.values().copied().collect();
    // 74 degrees of freedom, p = 0.001: critical value 117.3 (Wilson–Hilferty).
    let chi = chi_square(&observed, 100.0);
    assert!(chi < 117.3, "chi-square {chi:.1}");
}

#[test]
fn an_infeasible_bargain_names_the_abilities_and_changes_nothing() {
    let four: Vec<(Seat, &'static AbilityHooks)> = (0..4).map(|s| (Seat(s), &KASUMI)).collect();
    let mut dealer = Dealer::new(DealConfig::riichi(), &four, 1).unwrap();
    let before = dealer.checksum();
    let mount = dealer.mount().clone();
    assert_eq!(
        dealer.deal(0).unwrap_err(),
        DealError::BargainInfeasible {
            abilities: vec![
                "kasumi@0".into(),
                "kasumi@1".into(),
                "kasumi@2".into(),
                "kasumi@3".into()
            ]
        }
    );
    assert_eq!(dealer.checksum(), before);
    assert_eq!(dealer.mount(), &mount);
    // Three Kasumis agree: the three suits, one each.
    let mut three = Dealer::new(DealConfig::riichi(), &four[..3], 1).unwrap();
    let table = three.deal(0).unwrap();
    let mut suits: Vec<u16> = table.plans.iter().map(|p| p.plan.unwrap()).collect();
    suits.sort();
    assert_eq!(suits, [0, 1, 2]);
}

/// Refuses seat 2's every hand when the dora indicator is a manzu tile.
static PICKY: AbilityHooks = AbilityHooks {
    check_init: Some(|_, seat, _, _, view: &TableView<'_>| {
        seat != Seat(2) || view.mount.dora_indicators()[0].kind().index() >= 9
    }),
    ..AbilityHooks::named("picky")
};

#[test]
fn monkey_exhaustion_is_an_error_and_restores_the_last_deal() {
    let config = DealConfig {
        monkey_cap: 40,
        ..DealConfig::riichi()
    };
    let mut dealer = Dealer::new(config, &[(Seat(0), &PICKY), (Seat(1), &KURO)], 2).unwrap();
    let (good_round, good) = (0..40)
        .find_map(|round| dealer.deal(round).ok().map(|t| (round, t.clone())))
        .unwrap();
    let after_good = dealer.checksum();
    let mount = dealer.mount().clone();
    let mut failed = false;
    for round in good_round + 1..good_round + 60 {
        let mut probe = Dealer::new(config, &[(Seat(0), &PICKY), (Seat(1), &KURO)], 2).unwrap();
        if probe.deal(round).is_ok() {
            continue;
        }
        let error = dealer.deal(round).unwrap_err();
        assert_eq!(
            error,
            DealError::MonkeyExhausted {
                seat: Seat(2),
                refused_by: vec!["picky@0".into()]
            }
        );
        assert_eq!(dealer.checksum(), after_good);
        assert_eq!(dealer.mount(), &mount);
        assert_eq!(dealer.table(), &good);
        failed = true;
        break;
    }
    assert!(failed, "some round flips a manzu indicator");
}

#[test]
fn seats_are_checked_when_the_dealer_is_built() {
    let taken = Dealer::new(
        DealConfig::riichi(),
        &[(Seat(1), &KURO), (Seat(1), &AWAI)],
        0,
    );
    assert_eq!(
        taken.err(),
        Some(DealError::SeatTaken {
            seat: Seat(1),
            first: "kuro@1".into(),
            second: "awai@1".into()
        })
    );
    let missing = Dealer::new(DealConfig::riichi(), &[(Seat(4), &KURO)], 0);
    assert!(matches!(missing.err(), Some(DealError::NoSuchSeat { .. })));
}

/// Raiders of 1m: High takes 3, Low the last one, None is dropped.
fn raid_ones(ctx: &AbilityCtx, _: &alea_games::mount::Mount) -> Option<RaidFix> {
    let priority =
        [RaidPriority::Low, RaidPriority::High, RaidPriority::None][usize::from(ctx.seat.0)];
    Some(RaidFix {
        priority,
        take: vec![tile("1m"); 3],
        load_b: vec![(tile("9p"), 4)],
    })
}

static RAIDER: AbilityHooks = AbilityHooks {
    raid: Some(raid_ones),
    ..AbilityHooks::named("raider")
};

/// Begs one copy of every kind, in kind order.
static BEGGAR: AbilityHooks = AbilityHooks {
    beg: Some(|_, _, _| TileKind::all().map(|k| k.tile()).collect()),
    ..AbilityHooks::named("beggar")
};

#[test]
fn raid_follows_priority_and_beg_respects_claims() {
    let raiders = [(Seat(0), &RAIDER), (Seat(1), &RAIDER), (Seat(2), &RAIDER)];
    let mut dealer = Dealer::new(DealConfig::riichi(), &raiders, 4).unwrap();
    let table = dealer.deal(0).unwrap().clone();
    let one = tile("1m").kind();
    assert_eq!(table.hands[1].of_kind(one), 3);
    assert_eq!(table.hands[0].of_kind(one), 1);
    assert_eq!(table.hands[2].of_kind(one), 0);
    // The 9p went to B: nobody was dealt one, and the stock still holds them.
    assert!(
        table
            .hands
            .iter()
            .all(|h| h.of_kind(tile("9p").kind()) == 0)
    );
    assert_eq!(dealer.mount().undrawn().of_kind(tile("9p").kind()), 4);

    // A beggar next to Kuro never gets Kuro's dora (claimed Four).
    let mut dealer = Dealer::new(
        DealConfig::riichi(),
        &[(Seat(0), &KURO), (Seat(1), &BEGGAR)],
        4,
    )
    .unwrap();
    for round in 0..30 {
        let table = dealer.deal(round).unwrap().clone();
        let dora = TileKind::new(table.plans[0].plan.unwrap() as u8).unwrap();
        assert_eq!(table.hands[1].of_kind(dora), 0);
        let begged = TileKind::all()
            .filter(|&k| table.hands[1].of_kind(k) > 0)
            .count();
        assert_eq!(begged, 13, "one of each of the first 13 kinds she may have");
    }
}

/// A draw with no melds and no riichi.
fn draw_view<'a>(drawer: Seat, hands: &'a [TileCounts], turns: &'a [u16]) -> DrawView<'a> {
    DrawView {
        drawer,
        hands,
        turns,
        sets: &[0; 4],
        riichi: &[false; 4],
    }
}

#[test]
fn on_draw_edits_the_next_normal_draw() {
    let seated = [(Seat(0), &KASUMI), (Seat(1), &KOROMO), (Seat(2), &KURO)];
    let mut dealer = Dealer::new(DealConfig::riichi(), &seated, 12).unwrap();
    let table = dealer.deal(0).unwrap().clone();
    let suit = usize::from(table.plans[0].plan.unwrap());
    let dora = table.dora_indicators[0].kind().dora();
    let turns = [0u16; 4];
    // Seat 3 (a rival of all three) draws: no tile of Kasumi's suit, no dora, no red five.
    let plain = dealer.mount().probabilities(Exit::Pii).unwrap();
    dealer.on_draw(&draw_view(Seat(3), &table.hands, &turns));
    let odds = dealer.mount().probabilities(Exit::Pii).unwrap();
    for t in Tile::ALL {
        if suit_of(t.kind()) == Some(suit) || t.kind() == dora || t.is_red() {
            assert_eq!(odds.probability(t), 0.0, "{t}");
        }
    }
    assert!(
        Tile::ALL
            .iter()
            .any(|&t| plain.probability(t) > 0.0 && suit_of(t.kind()) == Some(suit))
    );

    // Koromo's own draw (Kasumi also bars her suit to Koromo, a rival): each effective kind
    // outside Kasumi's suit becomes more likely than before.
    let mut alone = Dealer::new(DealConfig::riichi(), &[(Seat(1), &KOROMO)], 12).unwrap();
    let table = alone.deal(0).unwrap().clone();
    let before = alone.mount().probabilities(Exit::Pii).unwrap();
    alone.on_draw(&draw_view(Seat(1), &table.hands, &turns));
    let after = alone.mount().probabilities(Exit::Pii).unwrap();
    let effective = effective_kinds(&table.hands[1].kinds());
    assert!(!effective.is_empty());
    for kind in TileKind::all() {
        let t = kind.tile();
        if before.probability(t) == 0.0 {
            continue;
        }
        if effective.contains(&kind) {
            assert!(after.probability(t) > before.probability(t), "{t}");
        } else {
            assert!(after.probability(t) < before.probability(t), "{t}");
        }
    }
}

fn tables_hash(seed: u64, rounds: std::ops::Range<u32>) -> u64 {
    let seated = [
        (Seat(0), &KURO),
        (Seat(1), &KASUMI),
        (Seat(2), &AWAI),
        (Seat(3), &KOROMO),
    ];
    let mut dealer = Dealer::new(DealConfig::riichi(), &seated, seed).unwrap();
    let mut h = StableHasher::new();
    for round in rounds {
        dealer.deal(round).unwrap().hash(&mut h);
    }
    h.finish()
}

#[test]
fn deals_are_determined_by_seed_and_round() {
    // Stored value: changes only when dealing changes, on purpose.
    assert_eq!(tables_hash(42, 0..8), 10_077_874_754_587_399_998);
    assert_eq!(tables_hash(42, 0..8), tables_hash(42, 0..8));
    assert_ne!(tables_hash(42, 0..8), tables_hash(43, 0..8));
    // A round replays alone.
    let seated = [(Seat(0), &KURO), (Seat(2), &AWAI)];
    let mut a = Dealer::new(DealConfig::riichi(), &seated, 7).unwrap();
    let mut b = Dealer::new(DealConfig::riichi(), &seated, 7).unwrap();
    for round in 0..5 {
        a.deal(round).unwrap();
    }
    let fifth = a.deal(5).unwrap().clone();
    assert_eq!(b.deal(5).unwrap(), &fifth);
    assert_eq!(a.checksum(), b.checksum());
}

#[test]
fn sichuan_deals_have_no_honors_and_no_indicators() {
    let mut dealer = Dealer::new(DealConfig::sichuan(), &[(Seat(0), &KASUMI)], 3).unwrap();
    for round in 0..20 {
        let table = dealer.deal(round).unwrap().clone();
        check_conservation(&table, &dealer, &TileSet::sichuan());
        assert!(table.dora_indicators.is_empty());
        assert!(table.hands.iter().all(|h| h.tiles().all(|t| !t.is_honor())));
    }
    assert!(abilities::by_name("kasumi").is_some());
    let _: TileCounts = TileCounts::new();
}

/// What a user system between the bargain and the indicators saw.
#[derive(bevy_ecs::prelude::Resource, Default)]
struct SeenBetween(Vec<(Option<u16>, usize)>);

#[test]
fn user_systems_run_between_the_named_stages() {
    use alea_games::dealer::{DealSchedule, DealerSystems};
    use bevy_ecs::prelude::*;
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(0), &KURO)], 9).unwrap();
    let world = dealer.world_mut();
    world.init_resource::<SeenBetween>();
    world.schedule_scope(DealSchedule, |_, schedule| {
        schedule.add_systems(
            (|table: Res<DealTable>, mut seen: ResMut<SeenBetween>| {
                seen.0
                    .push((table.plans[0].plan, table.dora_indicators.len()));
            })
            .after(DealerSystems::Bargain)
            .before(DealerSystems::FlipIndicators),
        );
    });
    let table = dealer.deal(0).unwrap().clone();
    let seen = &dealer.world().resource::<SeenBetween>().0;
    // The plan was chosen, the indicator not yet flipped.
    assert_eq!(seen.as_slice(), &[(table.plans[0].plan, 0)]);
    assert_eq!(table.dora_indicators.len(), 1);
}

mod cli {
    use alea_cli::cli::{Cli, CliError};
    use clap::Parser;

    fn run_cli(args: &[&str]) -> Result<String, CliError> {
        crate::cli_argv(["alea", "deal"].into_iter().chain(args.iter().copied()))
    }

    #[test]
    fn json_prints_one_deal_per_line() {
        let args = [
            "--rules",
            "riichi",
            "--abilities",
            "kuro@0,kasumi@1",
            "--deals",
            "3",
        ];
        let text = run_cli(&[&args[..], &["--seed", "3", "--json"]].concat()).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3);
        for deal in &lines {
            let hands = deal["hands"].as_array().unwrap();
            assert_eq!(hands.len(), 4);
            assert!(hands.iter().all(|h| h.as_array().unwrap().len() == 13));
            assert_eq!(deal["dora_indicators"].as_array().unwrap().len(), 1);
            assert!(
                deal["plans"]["kuro@0"]
                    .as_str()
                    .unwrap()
                    .starts_with("dora ")
            );
            assert!(
                deal["plans"]["kasumi@1"]
                    .as_str()
                    .unwrap()
                    .starts_with("suit ")
            );
        }
        // Same seed, same lines.
        assert_eq!(
            text,
            run_cli(&[&args[..], &["--seed", "3", "--json"]].concat()).unwrap()
        );
        let human = run_cli(&[
            "--rules",
            "sichuan",
            "--abilities",
            "kasumi@0",
            "--deals",
            "5",
        ])
        .unwrap();
        assert!(human.contains("5 sichuan deals, seed 0"));
        assert!(human.contains("kasumi@0"));
        assert!(human.contains("her suit's tiles held by others 0.00"));
        assert!(human.contains("deals/s"));
    }

    #[test]
    fn errors_are_clear_and_exit_non_zero() {
        let infeasible = run_cli(&[
            "--rules",
            "riichi",
            "--abilities",
            "kasumi@0,kasumi@1,kasumi@2,kasumi@3",
        ])
        .unwrap_err();
        assert_eq!(
            infeasible.to_string(),
            "the bargain is infeasible: kasumi@0, kasumi@1, kasumi@2, kasumi@3 cannot agree on a joint plan"
        );
        assert_eq!(infeasible.exit_code(), 1);
        let taken = run_cli(&["--rules", "riichi", "--abilities", "kuro@2,awai@2"]).unwrap_err();
        assert_eq!(
            taken.to_string(),
            "seat 2 is taken by kuro@2; cannot also seat awai@2"
        );
        assert_eq!(taken.exit_code(), 2);
        for (value, needle) in [
            ("saki@0", "unknown ability \"saki\""),
            ("kuro", "expected NAME@SEAT"),
            ("kuro@4", "bad seat \"4\""),
        ] {
            let argv = ["alea", "deal", "--rules", "riichi", "--abilities", value];
            let error = Cli::try_parse_from(argv).unwrap_err().to_string();
            assert!(error.contains(needle), "{value}: {error}");
        }
    }
}

#[test]
fn install_sets_up_a_game_world_and_keeps_its_streams() {
    use alea::chance::{Purpose, Streams};
    use alea_games::dealer::{install, run_deal};
    let mut world = bevy_ecs::world::World::new();
    world.insert_resource(Streams::at_round(21, 3));
    let entities = install(&mut world, DealConfig::riichi(), &[(Seat(1), &KASUMI)], 0).unwrap();
    assert_eq!(entities.len(), 1);
    run_deal(&mut world).unwrap();
    let table = world.resource::<DealTable>();
    assert!(table.hands.iter().all(|h| h.total() == 13));
    // The game's own deal stream was used (round 3 of seed 21): the same as the Dealer's.
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(1), &KASUMI)], 21).unwrap();
    assert_eq!(dealer.deal(3).unwrap(), table);
    assert!(world.resource::<Streams>().word_pos(Purpose::Deal) > 0);
    // Seat errors insert nothing.
    let mut empty = bevy_ecs::world::World::new();
    let seated = [(Seat(0), &KURO), (Seat(0), &AWAI)];
    assert!(install(&mut empty, DealConfig::riichi(), &seated, 0).is_err());
    assert!(!empty.contains_resource::<DealTable>());
}

/// Koromo's last draw of the live wall (haitei): her presence on her effective tiles grows by
/// `last_tile_mk` (riichi: the dead wall keeps 14 tiles in the stock at the last draw).
#[test]
fn koromo_is_strongest_on_the_last_tile() {
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(1), &KOROMO)], 3).unwrap();
    let table = dealer.deal(0).unwrap().clone();
    let effective = effective_kinds(&table.hands[1].kinds());
    let p_eff = |mount: &Mount| -> f64 {
        let odds = mount.probabilities(Exit::Pii).unwrap();
        effective.iter().map(|k| odds.probability(k.tile())).sum()
    };
    let on_draw = KOROMO.on_draw.unwrap();
    let ctx = AbilityCtx {
        seat: Seat(1),
        plan: None,
        round: DealRound::default(),
        seats: 4,
        memory: AbilityMemory::default(),
    };
    let view = draw_view(Seat(1), &table.hands, &[0; 4]);
    // The odds ratio (effective : other) her presence gives, early and on the last tile.
    let odds_ratio = |mount: &Mount| {
        let plain = p_eff(mount);
        let mut edited = mount.clone();
        on_draw(&ctx, &view, &mut edited);
        let p = p_eff(&edited);
        (p / (1.0 - p)) / (plain / (1.0 - plain))
    };
    let mut mount = dealer.mount().clone();
    let early = odds_ratio(&mount);
    let mut rng = alea::kernel::playout::random_player_rng(0);
    while mount.slots_left(Exit::Pii) > 1 {
        mount.draw(Exit::Pii, &mut rng).unwrap();
    }
    // Keep at least one effective kind in the stock for the comparison to mean anything.
    assert!(p_eff(&mount) > 0.0 && p_eff(&mount) < 1.0);
    let last = odds_ratio(&mount);
    let p = &alea_games::games::mahjong::abilities::params().koromo;
    assert!(p.last_tile_mk > 0);
    // Presence is 10 mk per copy plus the deltas: early +own_effective_mk, last
    // +own_effective_mk + last_tile_mk per effective kind; the odds ratio grows with it.
    assert!(last > early, "last tile {last:.2} vs early {early:.2}");
}
