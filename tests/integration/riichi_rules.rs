//! Riichi rule options: abortive draws (nine terminals, four winds, four kans, four riichi,
//! triple ron), each in a constructed position with its exact outcome.

use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, Turn};
use alea_games::games::mahjong::riichi::{
    Abort, AbortiveDraws, Length, Phase, PlayerKind, Riichi, RiichiAction, RiichiConfig,
    RiichiEvent, choose,
};
use alea_games::games::mahjong::riichi::{Kyoku, Match, RiverTile};
use alea_games::mount::Mount;

use super::riichi::{drain_wall, force_draws, game, kyoku, scenario_of, table, tile};

/// The abortive draw among the recorded events.
fn abort_of(sim: &mut Sim<Riichi>) -> Option<Abort> {
    sim.take_events().iter().find_map(|e| match e.event {
        RiichiEvent::AbortiveDraw { reason } => Some(reason),
        _ => None,
    })
}

/// Passes every claim window until a seat is on turn.
fn pass_claims(sim: &mut Sim<Riichi>) {
    while matches!(kyoku(sim).phase, Phase::Claims { .. }) {
        sim.apply(RiichiAction::Pass).unwrap();
    }
}

/// The seat on turn discards the tile it just drew.
fn tsumogiri(sim: &mut Sim<Riichi>) {
    let Turn::Player(seat) = sim.turn() else {
        panic!("nobody on turn");
    };
    let drawn = kyoku(sim).drawn[seat.index()].unwrap();
    sim.apply(RiichiAction::Discard(drawn)).unwrap();
}

/// Checks the hand ended in an abortive draw with nothing paid: the dealer (P0) repeats East 1
/// with one honba and `sticks` on the table, and deals the next hand.
fn assert_repeat(sim: &Sim<Riichi>, scores: [i32; 4], sticks: u8) {
    let t = table(sim);
    assert_eq!(t.scores, scores);
    assert_eq!((t.wind, t.number, t.honba, t.sticks), (0, 0, 1, sticks));
    assert_eq!((t.tally.aborts, t.tally.draws), (1, 0));
    assert_eq!(sim.turn(), Turn::Player(Seat(0)), "the dealer deals again");
    assert_eq!(t.dealt, 2);
}

const NINE: [&str; 4] = [
    "19m19p19s1234z234m",
    "46p123m789m12567z",
    "55p789s19m333z467z",
    "234m678m234s66s34p",
];

#[test]
fn nine_terminals_is_the_players_choice_and_repeats_the_dealer() {
    let mut sim = scenario_of(game(Length::Hanchan), NINE, "5p", "9p");
    assert!(sim.legal_actions().contains(&RiichiAction::NineTerminals));
    // Greedy declares it: ten kinds, three tiles from thirteen orphans.
    let mut rng = random_player_rng(0);
    assert_eq!(
        choose(&mut sim, &[PlayerKind::Greedy; 4], &mut rng),
        Some(RiichiAction::NineTerminals)
    );
    sim.record_events(true);
    sim.apply(RiichiAction::NineTerminals).unwrap();
    assert_eq!(abort_of(&mut sim), Some(Abort::NineTerminals(Seat(0))));
    assert_repeat(&sim, [25000; 4], 0);

    // The player may discard instead; the next seat holds seven kinds only: no option.
    let mut sim = scenario_of(game(Length::Hanchan), NINE, "5p", "9p");
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    assert_ne!(kyoku(&sim).phase, Phase::Over);
    assert!(!sim.legal_actions().contains(&RiichiAction::NineTerminals));

    // Off in the rules: not offered.
    let mut rules = game(Length::Hanchan);
    rules.config.abortive.nine_terminals = false;
    let sim = scenario_of(rules, NINE, "5p", "9p");
    assert!(!sim.legal_actions().contains(&RiichiAction::NineTerminals));
}

// Every seat holds one East and discards it on its first turn.
const WINDS: [&str; 4] = [
    "147m147p147s1357z",
    "46p123m789m12567z",
    "55p789s19m1333z67z",
    "234m678m234s6s1z34p",
];

fn four_easts(rules: Riichi) -> Sim<Riichi> {
    let mut sim = scenario_of(rules, WINDS, "9m", "9p");
    force_draws(&mut sim, "9s9s9s");
    sim.record_events(true);
    for _ in 0..4 {
        sim.apply(RiichiAction::Discard(tile("1z"))).unwrap();
        pass_claims(&mut sim);
    }
    sim
}

#[test]
fn four_winds_discarded_in_the_first_go_around_abort() {
    let mut sim = four_easts(game(Length::Hanchan));
    assert_eq!(abort_of(&mut sim), Some(Abort::FourWinds));
    assert_repeat(&sim, [25000; 4], 0);

    let mut rules = game(Length::Hanchan);
    rules.config.abortive.four_winds = false;
    let mut sim = four_easts(rules);
    assert_eq!(abort_of(&mut sim), None);
    assert_eq!(kyoku(&sim).river.len(), 4);
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
    assert_eq!(table(&sim).dealt, 1, "the same hand goes on");
}

// All four tenpai: P0 waits 25p, P1 69s, P2 47p, P3 8m; none of the riichi discards (9m, 1z,
// 1z, 2z) is a win or a call for anyone.
const RIICHI: [&str; 4] = [
    "234m678m234s66s34p",
    "234p678p234m66m78s",
    "345s789s567m77z56p",
    "111m999p123s456s8m",
];

fn four_riichi(rules: Riichi) -> Sim<Riichi> {
    let mut sim = scenario_of(rules, RIICHI, "9m", "9p");
    force_draws(&mut sim, "1z1z2z");
    sim.record_events(true);
    for discard in ["9m", "1z", "1z", "2z"] {
        sim.apply(RiichiAction::Riichi(tile(discard))).unwrap();
        pass_claims(&mut sim);
    }
    sim
}

#[test]
fn a_fourth_riichi_aborts_with_the_sticks_on_the_table() {
    let mut sim = four_riichi(game(Length::Hanchan));
    assert_eq!(abort_of(&mut sim), Some(Abort::FourRiichi));
    assert_repeat(&sim, [24000; 4], 4);

    let mut rules = game(Length::Hanchan);
    rules.config.abortive.four_riichi = false;
    let mut sim = four_riichi(rules);
    assert_eq!(abort_of(&mut sim), None);
    assert_eq!(kyoku(&sim).riichi, [true; 4]);
    assert_eq!(table(&sim).sticks, 4);
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
}

// P0 holds two quads (1m, 2m), P1 two (3p, 4p).
const KANS: [&str; 4] = [
    "1111m2222m147s13z",
    "3333p4444p258s24z",
    "55p789s69m333z467z",
    "567m678m234s66s89p",
];

/// P0 declares its two kans and discards, P1 draws 9s, declares its two and discards.
fn four_kans(rules: Riichi) -> Sim<Riichi> {
    let mut sim = scenario_of(rules, KANS, "9m", "9p");
    sim.record_events(true);
    for seat in [0u8, 1] {
        if seat == 1 {
            force_draws(&mut sim, "9s");
            pass_claims(&mut sim);
        }
        assert_eq!(sim.turn(), Turn::Player(Seat(seat)));
        let quads = if seat == 0 {
            ["1m", "2m"]
        } else {
            ["3p", "4p"]
        };
        for quad in quads {
            sim.apply(RiichiAction::ClosedKan(tile(quad))).unwrap();
        }
        tsumogiri(&mut sim);
    }
    pass_claims(&mut sim);
    sim
}

#[test]
fn four_kans_by_two_seats_abort_after_the_next_discard() {
    let mut sim = four_kans(game(Length::Hanchan));
    assert_eq!(abort_of(&mut sim), Some(Abort::FourKans));
    assert_repeat(&sim, [25000; 4], 0);

    let mut rules = game(Length::Hanchan);
    rules.config.abortive.four_kans = false;
    let mut sim = four_kans(rules);
    assert_eq!(abort_of(&mut sim), None);
    assert_eq!(kyoku(&sim).kans, 4);
    assert_eq!(sim.turn(), Turn::Player(Seat(2)));
}

// P0 discards 5p: P1 (25p), P2 (58p) and P3 (5p kanchan) can all ron with tanyao.
const TRIPLE: [&str; 4] = [
    "147m147p147s1357z",
    "234m678m234s66s34p",
    "345m678s456s88m67p",
    "567m333s456p46p88p",
];

#[test]
fn triple_ron_aborts_and_without_the_rule_the_head_bump_wins() {
    let mut sim = scenario_of(game(Length::Hanchan), TRIPLE, "5p", "9p");
    sim.record_events(true);
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    for seat in 1..4 {
        assert_eq!(sim.turn(), Turn::Player(Seat(seat)));
        sim.apply(RiichiAction::Ron).unwrap();
    }
    assert_eq!(abort_of(&mut sim), Some(Abort::TripleRon));
    assert_repeat(&sim, [25000; 4], 0);

    // Without the rule all three win: P1 and P2 pinfu tanyao (2 han 30 fu, 2000), P3 tanyao
    // iipeikou (2 han 40 fu: kanchan 2, a concealed triplet of simples 4; 2600).
    let mut rules = game(Length::Hanchan);
    rules.config.abortive.triple_ron = false;
    let mut sim = scenario_of(rules, TRIPLE, "5p", "9p");
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    for _ in 1..4 {
        sim.apply(RiichiAction::Ron).unwrap();
    }
    let t = table(&sim);
    assert_eq!(t.scores, [18400, 27000, 27000, 27600]);
    assert_eq!((t.wind, t.number, t.honba, t.tally.aborts), (0, 1, 0, 0));
    assert_eq!(t.tally.wins, [0, 1, 1, 1]);
    assert_eq!(t.tally.deal_ins, [1, 0, 0, 0], "one discard dealt in");
}

/// The triple-ron position with one honba and one stick on the table (P3 put it down), P3
/// passing: P1 and P2 ron.
fn two_rons(double_ron: bool) -> Sim<Riichi> {
    let mut rules = game(Length::Hanchan);
    rules.config.double_ron = double_ron;
    let mut sim = scenario_of(rules, TRIPLE, "5p", "9p");
    {
        let mut t = sim.world_mut().resource_mut::<Match>();
        t.honba = 1;
        t.sticks = 1;
        t.scores[3] -= 1000;
    }
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    sim.apply(RiichiAction::Ron).unwrap();
    sim.apply(RiichiAction::Ron).unwrap();
    sim.apply(RiichiAction::Pass).unwrap();
    sim
}

#[test]
fn double_ron_pays_both_and_the_head_bump_takes_honba_and_sticks() {
    // P1 (nearest the discarder): 2000 + 300 honba + 1000 stick; P2: 2000 flat.
    let sim = two_rons(true);
    let t = table(&sim);
    assert_eq!(t.scores, [20700, 28300, 27000, 24000]);
    assert_eq!((t.wind, t.number, t.honba, t.sticks), (0, 1, 0, 0));
    assert_eq!(t.tally.wins, [0, 1, 1, 0]);
    assert_eq!(sim.turn(), Turn::Player(Seat(1)), "East 2: P1 deals");

    // Off: only the head bump wins.
    let t = table(&two_rons(false));
    assert_eq!(t.scores, [22700, 28300, 25000, 24000]);
    assert_eq!((t.wind, t.number, t.honba, t.sticks), (0, 1, 0, 0));
    assert_eq!(t.tally.wins, [0, 1, 0, 0]);
}

#[test]
fn presets_without_the_new_options_parse_with_tenhous_defaults() {
    let old = "(length: hanchan, start_points: 25000, tenpai_payment: 3000, busting: true, \
               agari_yame: true, scoring: (kuitan: true, red_fives: true, double_yakuman: false, \
               kazoe_yakuman: true, kiriage_mangan: false))";
    let config: RiichiConfig = ron::from_str(old).unwrap();
    assert_eq!(config, Riichi::preset("riichi").unwrap().config);
    let partial: AbortiveDraws = ron::from_str("(triple_ron: false)").unwrap();
    assert_eq!(
        partial,
        AbortiveDraws {
            triple_ron: false,
            ..AbortiveDraws::default()
        }
    );
}

// P1 is tenpai; P2's river (set below) is all terminals and honors.
const NAGASHI: [&str; 4] = [
    "147m147p147s1357z",
    "234m678m234s66s34p",
    "258m258p258s2466z",
    "369m369p369s2345z",
];

/// An exhaustive draw after P0's last discard (8m), P2 having discarded 1m and 7z, P3 9s
/// (with `called`: taken by a pon).
fn nagashi(on: bool, called: bool) -> Sim<Riichi> {
    let mut rules = game(Length::Hanchan);
    rules.config.nagashi_mangan = on;
    let mut sim = scenario_of(rules, NAGASHI, "8m", "9p");
    drain_wall(&mut sim);
    {
        let mut kyoku = sim.world_mut().resource_mut::<Kyoku>();
        for (seat, t, called) in [(2, "1m", false), (2, "7z", false), (3, "9s", called)] {
            let tile = tile(t);
            kyoku.river.push((
                Seat(seat),
                RiverTile {
                    tile,
                    riichi: false,
                    called,
                },
            ));
        }
    }
    sim.record_events(true);
    sim.apply(RiichiAction::Discard(tile("8m"))).unwrap();
    sim
}

#[test]
fn nagashi_mangan_replaces_the_tenpai_payments() {
    // P2 and P3 (9s uncalled) are paid a mangan tsumo each: 2000 from each non-dealer, 4000
    // from the dealer; P1's tenpai earns nothing; the dealer (noten) moves on with a honba.
    let mut sim = nagashi(true, false);
    let paid = sim.take_events().iter().find_map(|e| match e.event {
        RiichiEvent::ExhaustiveDraw {
            tenpai,
            nagashi,
            deltas,
        } => Some((tenpai, nagashi, deltas)),
        _ => None,
    });
    assert_eq!(
        paid,
        Some((
            [false, true, false, false],
            [false, false, true, true],
            [-8000, -4000, 6000, 6000]
        ))
    );
    let t = table(&sim);
    assert_eq!(t.scores, [17000, 21000, 31000, 31000]);
    assert_eq!((t.wind, t.number, t.honba, t.tally.draws), (0, 1, 1, 1));

    // P3's 9s was called: only P2.
    let t = table(&nagashi(true, true));
    assert_eq!(t.scores, [21000, 23000, 33000, 23000]);

    // Off: the tenpai payment (P1 +3000).
    let t = table(&nagashi(false, false));
    assert_eq!(t.scores, [24000, 28000, 24000, 24000]);
}

/// P0 discards 5p; P1 chis it with 34p (the run's high end), the others pass.
fn chi_at_the_end(kuikae: bool) -> Sim<Riichi> {
    let mut rules = game(Length::Kyoku);
    rules.config.kuikae = kuikae;
    let hands = [
        "147m147p147s1357z",
        "2347p123m789m125z",
        "55p789s19m333z467z",
        "234m678m234s66s34p",
    ];
    let mut sim = scenario_of(rules, hands, "5p", "9p");
    sim.apply(RiichiAction::Discard(tile("5p"))).unwrap();
    while matches!(kyoku(&sim).phase, Phase::Claims { .. }) {
        let action = if sim.turn() == Turn::Player(Seat(1)) {
            RiichiAction::Chi(tile("3p"), tile("4p"))
        } else {
            RiichiAction::Pass
        };
        sim.apply(action).unwrap();
    }
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    sim
}

#[test]
fn kuikae_forbids_the_called_kind_and_the_other_end_after_a_chi() {
    let discards = |sim: &Sim<Riichi>| -> Vec<String> {
        sim.legal_actions()
            .iter()
            .map(|a| match a {
                RiichiAction::Discard(t) => t.to_string(),
                other => panic!("only discards after a chi, got {other}"),
            })
            .collect()
    };
    // 345p called on 5p: neither 5p (none left) nor 2p, which would make 234p.
    let mut sim = chi_at_the_end(true);
    assert_eq!(
        discards(&sim),
        ["1m", "2m", "3m", "7m", "8m", "9m", "7p", "1z", "2z", "5z"]
    );
    assert!(sim.apply(RiichiAction::Discard(tile("2p"))).is_err());
    let sim = chi_at_the_end(false);
    assert!(discards(&sim).contains(&"2p".to_string()));
}

/// P0 discards the red 5p; P2 calls an open kan with its three black fives (the others pass).
fn open_kan(delayed: bool) -> Sim<Riichi> {
    let mut rules = game(Length::Kyoku);
    rules.config.delayed_kan_dora = delayed;
    let hands = [
        "147m147p147s1357z",
        "46p123m789m12567z",
        "555p789s19m33z467z",
        "234m678m234s66s28p",
    ];
    let mut sim = scenario_of(rules, hands, "0p", "9p");
    sim.apply(RiichiAction::Discard(tile("0p"))).unwrap();
    while matches!(kyoku(&sim).phase, Phase::Claims { .. }) {
        let action = if sim.turn() == Turn::Player(Seat(2)) {
            RiichiAction::Kan
        } else {
            RiichiAction::Pass
        };
        sim.apply(action).unwrap();
    }
    assert_eq!(
        sim.turn(),
        Turn::Player(Seat(2)),
        "the replacement is drawn"
    );
    assert_eq!(kyoku(&sim).kans, 1);
    sim
}

fn indicators(sim: &Sim<Riichi>) -> usize {
    sim.world().resource::<Mount>().dora_indicators().len()
}

#[test]
fn an_open_kans_indicator_waits_for_its_discard() {
    let mut sim = open_kan(true);
    assert_eq!(indicators(&sim), 1, "not yet: the replacement comes first");
    tsumogiri(&mut sim);
    assert_eq!(indicators(&sim), 2, "flipped with the discard");
    assert!(!kyoku(&sim).indicator_pending);

    let sim = open_kan(false);
    assert_eq!(indicators(&sim), 2, "at once without the rule");
}

/// An exhaustive draw (P1 tenpai, +3 000) in hand `number` of wind `wind` with `scores`
/// before it, under `target` points.
fn draw_at(wind: u8, number: u8, scores: [i32; 4], target: i32) -> Sim<Riichi> {
    let mut rules = game(Length::Hanchan);
    rules.config.target_points = target;
    rules.config.nagashi_mangan = false;
    let mut sim = scenario_of(rules, NAGASHI, "8m", "9p");
    {
        let mut t = sim.world_mut().resource_mut::<Match>();
        (t.wind, t.number, t.scores) = (wind, number, scores);
    }
    drain_wall(&mut sim);
    sim.apply(RiichiAction::Discard(tile("8m"))).unwrap();
    sim
}

#[test]
fn nobody_at_the_target_after_south_4_plays_the_west_round_in_sudden_death() {
    // South 4 (dealer P3, noten): everyone under 30 000 afterwards, so West 1 follows.
    let sim = draw_at(1, 3, [25000; 4], 30000);
    let t = table(&sim);
    assert_eq!(t.scores, [24000, 28000, 24000, 24000]);
    assert_eq!((t.over, t.wind, t.number, t.honba), (false, 2, 0, 1));
    // Target 0 (never extend): the match ends there.
    assert!(table(&draw_at(1, 3, [25000; 4], 0)).over);
    // South 4 with somebody at the target: over.
    assert!(table(&draw_at(1, 3, [22000, 31000, 22000, 25000], 30000)).over);
    // West 2: P1 reaches 30 000 (27 000 + 3 000): sudden death ends the match.
    let t = table(&draw_at(2, 1, [25000, 27000, 24000, 24000], 30000));
    assert!(t.over);
    assert_eq!(t.scores, [24000, 30000, 23000, 23000]);
    // West 2 without anybody there: the dealer (P1, tenpai) repeats it.
    let t = table(&draw_at(2, 1, [25000; 4], 30000));
    assert_eq!((t.over, t.wind, t.number, t.honba), (false, 2, 1, 1));
    // West 3 (dealer P2 noten) without anybody there: West 4.
    let t = table(&draw_at(2, 2, [25000; 4], 30000));
    assert_eq!((t.over, t.wind, t.number), (false, 2, 3));
    // West 4 is the last hand whatever the scores.
    assert!(table(&draw_at(2, 3, [25000; 4], 30000)).over);
}
