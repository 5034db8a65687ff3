//! The dealer seed's own examples (seed 004, DESIGN §8): Takami's teacup and Hatsumi's four
//! winds in the raid stage, Sawaya's clouds in the bargain, through the dealer alone and through
//! whole riichi matches.

use std::collections::BTreeMap;

use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, SimBuilder};
use alea_games::dealer::{AbilityHooks, AbilityMemory, DealConfig, DealRound, DealTable, Dealer};
use alea_games::games::mahjong::abilities::{HATSUMI, KASUMI, KURO, SAWAYA, SeatedAbility, TAKAMI};
use alea_games::games::mahjong::riichi::{Length, PlayerKind, Riichi, RiichiEvent, choose};
use alea_games::tiles::{Suit, Tile, TileCounts, TileKind};

fn kind(text: &str) -> TileKind {
    text.parse::<Tile>().unwrap().kind()
}

/// Zone B after a deal, read the only way a test may: what is left of the mount minus zone A
/// (no slot is collapsed during a deal).
fn zone_b(dealer: &Dealer) -> TileCounts {
    let mut b = dealer.mount().undrawn();
    for (tile, n) in dealer.mount().stock_a().iter() {
        b[tile] -= n;
    }
    b
}

/// A hand dealt with seat `dealer` dealing (East `dealer + 1`), not all-last.
fn round(dealer: u8) -> DealRound {
    DealRound {
        number: dealer,
        dealer: Seat(dealer),
        ..DealRound::default()
    }
}

#[test]
fn hatsumi_at_the_north_seat_starts_with_east_and_north_pairs_and_loads_south_and_west() {
    let (east, north) = (kind("1z"), kind("4z"));
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(3), &HATSUMI)], 5).unwrap();
    let loaded: TileCounts = "222333z".parse().unwrap();
    for deal in 0..300 {
        let table = dealer.deal(deal).unwrap().clone();
        let hand = table.hands[3];
        assert!(
            hand.of_kind(east) >= 2 && hand.of_kind(north) >= 2,
            "{hand}"
        );
        // Rivals never start with an east or north pair (perseverance 100 is never reached).
        for rival in &table.hands[..3] {
            assert!(
                rival.of_kind(east) <= 1 && rival.of_kind(north) <= 1,
                "{rival}"
            );
        }
        assert_eq!(zone_b(&dealer), loaded);
    }
    // Seat 3 is west, south, east as seats 1, 2, 3 deal: no raid, no load, no bargain, and
    // the pairs come only as often as chance gives them.
    for d in 1..4 {
        dealer.set_round(round(d));
        let mut both = 0;
        for deal in 0..300 {
            let table = dealer.deal(deal).unwrap().clone();
            let hand = table.hands[3];
            both += u32::from(hand.of_kind(east) >= 2 && hand.of_kind(north) >= 2);
            assert_eq!(zone_b(&dealer), TileCounts::new());
            assert_eq!(table.plans[0].plan, None);
        }
        assert!(both < 15, "dealer seat {d}: {both} of 300 deals");
    }
}

#[test]
fn the_teacup_goes_before_the_four_winds() {
    let (east, north) = (kind("1z"), kind("4z"));
    // Hatsumi first in the list: priority, not list order, decides.
    let seated: [(Seat, &'static AbilityHooks); 2] = [(Seat(3), &HATSUMI), (Seat(0), &TAKAMI)];
    let mut dealer = Dealer::new(DealConfig::riichi(), &seated, 9).unwrap();
    let teacup = AbilityMemory {
        tiles: "111444z".parse().unwrap(),
        flags: 0,
    };
    assert!(dealer.set_memory(1, teacup));
    dealer.set_round(DealRound {
        all_last: true,
        ..round(0)
    });
    for deal in 0..50 {
        let table = dealer.deal(deal).unwrap().clone();
        let (takami, hatsumi) = (table.hands[0], table.hands[3]);
        assert_eq!((takami.of_kind(east), takami.of_kind(north)), (3, 3));
        // The four winds find one East and one North left.
        assert_eq!((hatsumi.of_kind(east), hatsumi.of_kind(north)), (1, 1));
        assert_eq!(zone_b(&dealer), "222333z".parse().unwrap());
        // Takami's teacup raid is her memory, which the deal does not change.
        assert_eq!(dealer.memory(1), Some(teacup));
    }
    // Not all-last: the teacup waits, and the four winds take their pairs.
    dealer.set_round(round(0));
    for deal in 0..20 {
        let table = dealer.deal(deal).unwrap();
        assert!(table.hands[3].of_kind(east) >= 2 && table.hands[3].of_kind(north) >= 2);
        let takami = table.hands[0];
        assert!(takami.of_kind(east) + takami.of_kind(north) < 6, "{takami}");
    }
}

/// A riichi East match with Takami at seat 0.
fn east_match_with_takami() -> Riichi {
    Riichi::preset("riichi")
        .unwrap()
        .with_length(Length::East)
        .with_abilities(&[SeatedAbility {
            hooks: &TAKAMI,
            seat: Seat(0),
        }])
        .unwrap()
}

/// A riichi match with Takami at seat 0 (greedy players): at every all-last deal her starting
/// hand holds each of her first discards of the hands before (by kind: a red five may come
/// back black). Returns the all-last deals checked.
fn teacup_match(seed: u64) -> u32 {
    let game = east_match_with_takami();
    let mut sim = SimBuilder::new(game).seed(seed).build();
    sim.record_events(true);
    let mut rng = random_player_rng(seed);
    let mut teacup: Vec<Tile> = Vec::new();
    let mut first_of_hand = true;
    let mut checked = 0;
    while let Some(action) = choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng) {
        sim.apply(action).unwrap();
        for logged in sim.take_events() {
            match logged.event {
                RiichiEvent::Discard { seat, tile, .. } if seat == Seat(0) && first_of_hand => {
                    teacup.push(tile);
                    first_of_hand = false;
                }
                RiichiEvent::Deal {
                    wind,
                    number,
                    hands,
                    ..
                } => {
                    first_of_hand = true;
                    // East only: from East 4 on every hand is all-last.
                    if wind > 0 || number == 3 {
                        let hand = hands[0].expect("full information");
                        let want: TileCounts = teacup.iter().copied().collect();
                        for kind in TileKind::all() {
                            assert!(hand.of_kind(kind) >= want.of_kind(kind), "{hand} {want}");
                        }
                        checked += 1;
                    }
                }
                _ => {}
            }
        }
    }
    checked
}

#[test]
fn takamis_all_last_hand_holds_her_first_discards_of_an_east_match() {
    let checked: u32 = (0..8).map(teacup_match).sum();
    assert!(checked >= 4, "{checked} all-last deals");
}

#[test]
fn what_an_ability_remembers_is_in_the_snapshot() {
    let game = east_match_with_takami();
    let mut sim = SimBuilder::new(game).seed(2).build();
    let memory = |sim: &mut alea::kernel::Sim<Riichi>| {
        let world = sim.world_mut();
        let mut query = world.query::<&AbilityMemory>();
        *query.single(world).unwrap()
    };
    let start = sim.snapshot();
    let checksum = sim.checksum();
    let mut rng = random_player_rng(2);
    while memory(&mut sim).tiles.total() == 0 {
        let action = choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng).unwrap();
        sim.apply(action).unwrap();
    }
    assert_eq!(memory(&mut sim).tiles.total(), 1);
    sim.restore(&start).unwrap();
    assert_eq!(memory(&mut sim), AbilityMemory::default());
    assert_eq!(sim.checksum(), checksum);
}

/// Deals `deals` hands in `round` with Kuro at seat 0, Sawaya at 1 and Kasumi at 2 (Sawaya's
/// clouds fresh each time): the joint plans (Kuro's dora, Kasumi's suit) and how often.
fn joint_plans(round: DealRound, deals: u32) -> BTreeMap<(u16, u16), u64> {
    let seated: [(Seat, &'static AbilityHooks); 3] =
        [(Seat(0), &KURO), (Seat(1), &SAWAYA), (Seat(2), &KASUMI)];
    let mut dealer = Dealer::new(DealConfig::riichi(), &seated, 21).unwrap();
    dealer.set_round(round);
    let mut seen = BTreeMap::new();
    for deal in 0..deals {
        dealer.forget();
        let table: &DealTable = dealer.deal(deal).unwrap();
        assert_eq!(table.plans[1].plan, Some(0), "Sawaya bargains");
        let plan = |at: usize| table.plans[at].plan.unwrap();
        *seen.entry((plan(0), plan(2))).or_insert(0) += 1;
    }
    seen
}

/// Asserts that the joint plans seen fit a uniform choice among them (chi-square, 0.1 %).
fn assert_uniform(seen: &BTreeMap<(u16, u16), u64>) {
    let p = 1.0 / seen.len() as f64;
    let cells: Vec<(u64, f64)> = seen.values().map(|&o| (o, p)).collect();
    crate::assert_fits(&cells, &format!("{seen:?}"));
}

#[test]
fn the_bargain_with_sawaya_kuro_and_kasumi_is_uniform_over_feasible_joint_plans() {
    let suit = |kind: u16| TileKind::new(kind as u8).unwrap().suit();
    // Red cloud on the rivals (East 1): Any on every honour, so Kuro's dora is a suited kind
    // (27) outside Kasumi's suit (2 of 3): 54 joint plans.
    let deals = 54 * 40;
    let red = joint_plans(round(0), deals);
    assert_eq!(red.len(), 54);
    for &(dora, kasumi) in red.keys() {
        assert!(!TileKind::new(dora as u8).unwrap().is_honor());
        assert_ne!(
            suit(dora),
            [Suit::Man, Suit::Pin, Suit::Sou][usize::from(kasumi)]
        );
    }
    // 53 degrees of freedom at p = 0.001: critical value 90.6.
    assert_uniform(&red);

    // White cloud (East 2): Any on the souzu, so Kasumi is manzu or pinzu and Kuro's dora is
    // outside her suit and not souzu: 9 + 9 + 7 · 2 = 32 joint plans.
    let deals = 32 * 40;
    let white = joint_plans(round(1), deals);
    assert_eq!(white.len(), 32);
    for &(dora, kasumi) in white.keys() {
        assert_ne!(suit(dora), Suit::Sou);
        assert_ne!(kasumi, 2);
    }
    // 31 degrees of freedom at p = 0.001: critical value 61.1.
    assert_uniform(&white);
}

#[test]
fn sawayas_clouds_shape_the_starting_hands() {
    let honours = |hand: &TileCounts| -> u8 {
        TileKind::all()
            .filter(|k| k.is_honor())
            .map(|k| hand.of_kind(k))
            .sum()
    };
    let souzu = |hand: &TileCounts| -> u8 {
        TileKind::all()
            .filter(|k| k.suit() == Suit::Sou)
            .map(|k| hand.of_kind(k))
            .sum()
    };
    let mut dealer = Dealer::new(DealConfig::riichi(), &[(Seat(1), &SAWAYA)], 4).unwrap();
    let (mut red_own, mut white_short) = (0u32, 0u32);
    for deal in 0..200 {
        // East 1: the red cloud on the rivals; none of them starts with an honour.
        dealer.forget();
        dealer.set_round(round(0));
        let table = dealer.deal(deal).unwrap();
        for (seat, hand) in table.hands.iter().enumerate() {
            if seat != 1 {
                assert_eq!(honours(hand), 0, "seat {seat}: {hand}");
            }
        }
        red_own += u32::from(honours(&table.hands[1]));
        // East 2: the white cloud; she wants 8 souzu (perseverance 100).
        dealer.forget();
        dealer.set_round(round(1));
        let table = dealer.deal(deal).unwrap();
        white_short += u32::from(souzu(&table.hands[1]) < 8);
    }
    // Her honours: far above the 13 · 28 / 136 ≈ 2.7 a plain deal gives.
    assert!(red_own > 200 * 4, "{red_own}");
    assert_eq!(white_short, 0);
    // In a match the clouds are spent: East 1 uses the red, a repeat of East 1 has none.
    dealer.forget();
    dealer.set_round(round(0));
    dealer.deal(0).unwrap();
    let table = dealer.deal(1).unwrap();
    assert_eq!(table.plans[0].plan, None);
}

#[test]
fn the_json_log_of_a_match_carries_every_starting_hand() {
    let out = crate::cli(
        "alea play mahjong --seed 3 --length east --abilities takami@0,hatsumi@3,sawaya@1 --json",
    )
    .unwrap();
    let log: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut deals = vec![log["deal"].clone()];
    for m in log["moves"].as_array().unwrap() {
        for e in m["events"].as_array().unwrap() {
            if e["event"]["event"] == "deal" {
                deals.push(e["event"].clone());
            }
        }
    }
    assert!(deals.len() >= 4, "{} deals", deals.len());
    for deal in &deals {
        let hands: Vec<TileCounts> = deal["hands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(hands.len(), 4);
        assert!(hands.iter().all(|h| h.total() == 13), "{deal}");
        // Seat 3 is north while seat 0 deals: the four winds' pairs are there.
        if deal["wind"] == 0 && deal["number"] == 0 {
            let north = hands[3];
            assert!(north.of_kind(kind("1z")) >= 2 && north.of_kind(kind("4z")) >= 2);
        }
    }
}

#[test]
fn a_bargain_the_round_makes_infeasible_deals_on_without_plans_in_play() {
    // Three Kasumis take the three suits; from East 2 Sawaya's white cloud claims the souzu.
    let seated: [(Seat, &'static AbilityHooks); 4] = [
        (Seat(0), &KASUMI),
        (Seat(1), &SAWAYA),
        (Seat(2), &KASUMI),
        (Seat(3), &KASUMI),
    ];
    let mut strict = Dealer::new(DealConfig::riichi(), &seated, 1).unwrap();
    assert!(
        strict.deal(0).is_ok(),
        "East 1: the red cloud leaves the suits"
    );
    strict.forget();
    strict.set_round(round(1));
    let before = strict.checksum();
    assert!(matches!(
        strict.deal(1),
        Err(alea_games::dealer::DealError::BargainInfeasible { .. })
    ));
    assert_eq!(strict.checksum(), before);
    let lenient = DealConfig {
        strict_bargain: false,
        ..DealConfig::riichi()
    };
    let mut lenient = Dealer::new(lenient, &seated, 1).unwrap();
    lenient.set_round(round(1));
    let table = lenient.deal(1).unwrap();
    assert!(table.plans.iter().all(|p| p.plan.is_none()));

    // A game seats them (its trial deal is East 1) and plays past East 2 (no busting: Sawaya's
    // red cloud often wins big in East 1).
    let abilities: Vec<SeatedAbility> = seated
        .iter()
        .map(|&(seat, hooks)| SeatedAbility { hooks, seat })
        .collect();
    let mut game = Riichi::preset("riichi").unwrap().with_length(Length::East);
    game.config.busting = false;
    let game = game.with_abilities(&abilities).unwrap();
    let mut sim = SimBuilder::new(game).seed(4).build();
    sim.record_events(true);
    let mut rng = random_player_rng(4);
    let mut east2 = false;
    while let Some(action) = choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng) {
        sim.apply(action).unwrap();
        east2 |= sim.take_events().iter().any(|e| {
            matches!(
                e.event,
                RiichiEvent::Deal {
                    wind: 0,
                    number: 1,
                    ..
                }
            )
        });
    }
    assert!(east2, "the match reached East 2");
}

#[test]
fn a_restarted_match_forgets_what_the_last_one_taught() {
    let abilities: Vec<SeatedAbility> = ["takami@0", "sawaya@1", "hatsumi@3"]
        .iter()
        .map(|a| a.parse().unwrap())
        .collect();
    let game = Riichi::preset("riichi")
        .unwrap()
        .with_length(Length::East)
        .with_abilities(&abilities)
        .unwrap();
    let mut reused = SimBuilder::new(game.clone()).seed(3).build();
    let mut rng = random_player_rng(3);
    while let Some(action) = choose(&mut reused, &[PlayerKind::Greedy; 4], &mut rng) {
        reused.apply(action).unwrap();
    }
    Riichi::restart(&mut reused, 8).unwrap();
    let mut fresh = SimBuilder::new(game).seed(8).build();
    assert_eq!(reused.checksum(), fresh.checksum());

    // Sichuan too (Takami and Sawaya sit there).
    use alea_games::games::mahjong::Ruleset;
    use alea_games::games::mahjong::sichuan::Sichuan;
    let game = Sichuan::preset("sichuan")
        .unwrap()
        .with_hands(3)
        .with_abilities(&abilities[..2])
        .unwrap();
    let mut reused = SimBuilder::new(game.clone()).seed(3).build();
    let mut rng = random_player_rng(3);
    while let Some(action) = Sichuan::choose(&mut reused, &[PlayerKind::Greedy; 4], &mut rng) {
        reused.apply(action).unwrap();
    }
    let memories = |sim: &mut alea::kernel::Sim<Sichuan>| {
        let world = sim.world_mut();
        let mut query = world.query::<&AbilityMemory>();
        query.iter(world).copied().collect::<Vec<_>>()
    };
    assert!(
        memories(&mut reused)
            .iter()
            .any(|m| *m != AbilityMemory::default())
    );
    Sichuan::restart(&mut reused, 8).unwrap();
    let mut fresh = SimBuilder::new(game).seed(8).build();
    assert_eq!(reused.checksum(), fresh.checksum());
}

/// One plan: `All` on every kind (nobody else may claim anything).
static EVERYTHING: AbilityHooks = AbilityHooks {
    bargain: Some(alea_games::dealer::BargainHooks {
        plans: |_| 1,
        claim: |_, _, _, _| alea_games::dealer::Claim::All,
        describe: |_, _| "everything".into(),
        on_bargained: |_, _| {},
    }),
    ..AbilityHooks::named("everything")
};

#[test]
fn abilities_left_without_a_plan_deal_on() {
    // Awai's kan-ura Four cannot sit beside an All on everything: in play nobody gets a plan,
    // and Awai (who begs and loads by her plan) must cope with none.
    let seated: [(Seat, &'static AbilityHooks); 3] = [
        (Seat(0), &EVERYTHING),
        (Seat(1), &alea_games::games::mahjong::abilities::AWAI),
        (Seat(2), &KURO),
    ];
    let lenient = DealConfig {
        strict_bargain: false,
        ..DealConfig::riichi()
    };
    let mut dealer = Dealer::new(lenient, &seated, 2).unwrap();
    for deal in 0..5 {
        let table = dealer.deal(deal).unwrap();
        assert!(table.plans.iter().all(|p| p.plan.is_none()));
        assert!(table.hands.iter().all(|h| h.total() == 13));
    }
}

/// While set, [`STUBBORN`] refuses every starting hand of its seat (one test uses it).
static REFUSING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A user's ability that can exhaust the monkey stage: it refuses its seat's every starting
/// hand while [`REFUSING`] is set.
static STUBBORN: AbilityHooks = AbilityHooks {
    check_init: Some(|_, seat, _, _, _| {
        seat != Seat(1) || !REFUSING.load(std::sync::atomic::Ordering::SeqCst)
    }),
    ..AbilityHooks::named("stubborn")
};

/// A deal a user's ability makes fail is an error of the action (or of the build, or of the
/// restart) that deals, and leaves the game exactly as it was: no panic mid-action.
#[test]
fn a_deal_that_fails_fails_its_action_and_leaves_the_game_unchanged() {
    use alea::kernel::SimError;
    use alea::pipeline::PipelineError;
    use std::sync::atomic::Ordering::SeqCst;
    let stubborn = SeatedAbility {
        hooks: &STUBBORN,
        seat: Seat(1),
    };
    let game = Riichi::preset("riichi")
        .unwrap()
        .with_length(Length::East)
        .with_abilities(&[stubborn])
        .unwrap();
    let failed = |error: SimError| match error {
        SimError::Pipeline(PipelineError::Failed { message }) => message,
        other => panic!("not a failed deal: {other}"),
    };
    let monkey = "the monkey stage gave up on seat 1 after the attempt cap; refused by stubborn@1";
    let builder = SimBuilder::new(game).seed(4);
    let mut sim = builder.build();

    // The build's first deal.
    REFUSING.store(true, SeqCst);
    let built = builder.try_build().map(|_| ()).unwrap_err();
    assert_eq!(failed(built), monkey);

    // A restart.
    let before = sim.checksum();
    assert_eq!(failed(Riichi::restart(&mut sim, 9).unwrap_err()), monkey);
    assert_eq!(sim.checksum(), before, "a failed restart changes nothing");

    // The action that ends the first hand deals the next: it fails, the world is unchanged,
    // and the same action applies once the ability accepts again.
    let mut rng = random_player_rng(4);
    sim.record_events(true);
    loop {
        let action = choose(&mut sim, &[PlayerKind::Random; 4], &mut rng).unwrap();
        let (before, legal) = (sim.checksum(), sim.legal_actions().to_vec());
        let logged = sim.events().len();
        match sim.apply(action) {
            Ok(_) => continue,
            Err(error) => {
                assert_eq!(failed(error), monkey);
                assert_eq!(sim.checksum(), before, "the failed action is rolled back");
                assert_eq!(sim.legal_actions(), legal);
                assert_eq!(sim.events().len(), logged, "and so is what it logged");
                REFUSING.store(false, SeqCst);
                sim.apply(action).unwrap();
                let dealt = sim.events()[logged..]
                    .iter()
                    .any(|e| matches!(e.event, RiichiEvent::Deal { .. }));
                assert!(dealt, "the retried action dealt the next hand");
                break;
            }
        }
    }
}

/// A table whose abilities cannot sit (two at one seat, set without `with_abilities`) fails
/// its build with the dealer's reason instead of panicking.
#[test]
fn a_table_whose_abilities_cannot_sit_fails_its_build() {
    use alea_games::games::mahjong::sichuan::Sichuan;
    let twice = [
        SeatedAbility {
            hooks: &KURO,
            seat: Seat(2),
        },
        SeatedAbility {
            hooks: &TAKAMI,
            seat: Seat(2),
        },
    ];
    let mut riichi = Riichi::preset("riichi").unwrap();
    riichi.abilities = twice.to_vec();
    let error = SimBuilder::new(riichi).try_build().map(|_| ()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a rule failed: seat 2 is taken by kuro@2; cannot also seat takami@2"
    );
    let mut sichuan = Sichuan::preset("sichuan").unwrap();
    sichuan.abilities = twice.to_vec();
    assert!(SimBuilder::new(sichuan).try_build().is_err());
}
