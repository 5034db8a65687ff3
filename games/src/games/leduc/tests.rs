use std::hash::Hasher;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{GameRules, Sim, SimBuilder};

use LeducAction::{Call, Fold, Raise};

const JS: u16 = 0;
const JH: u16 = 1;
const QS: u16 = 2;
const QH: u16 = 3;
const KS: u16 = 4;
const KH: u16 = 5;

fn rules_of(sim: &Sim<Leduc>) -> std::sync::Arc<Rules<Leduc>> {
    sim.world().resource::<GameRules<Leduc>>().0.clone()
}

/// A hand where seat 0 holds `p0` and seat 1 holds `p1` (every other card in the stock).
fn dealt(p0: u16, p1: u16) -> Sim<Leduc> {
    let mut sim = SimBuilder::new(Leduc).seed(3).build();
    let rules = rules_of(&sim);
    for (id, &entity) in rules.cards().iter().enumerate() {
        let zone = match id as u16 {
            c if c == p0 => Zone::Hand(Seat(0)),
            c if c == p1 => Zone::Hand(Seat(1)),
            _ => Zone::Stock,
        };
        *sim.world_mut().get_mut::<Zone>(entity).unwrap() = zone;
    }
    sim
}

/// Applies `action`, forcing the public card to `public` if the action reveals it.
fn play(sim: &mut Sim<Leduc>, actions: &[LeducAction], public: u16) {
    for &action in actions {
        let rules = rules_of(sim);
        let stock = PublicCard::of(&rules, sim.world());
        let case = stock.remaining[..usize::from(stock.len)]
            .iter()
            .position(|c| c.0 == public);
        sim.set_case(case.map(|k| k as u32));
        sim.apply(action).unwrap();
    }
}

fn state(sim: &Sim<Leduc>) -> LeducState {
    *sim.state()
}

fn observation(sim: &Sim<Leduc>, seat: Seat) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    Leduc::observe(
        &rules_of(sim),
        sim.world(),
        sim.table(),
        sim.state(),
        seat,
        &mut hasher,
    );
    hasher.finish()
}

#[test]
fn the_seed_deals_one_private_card_each_and_leaves_four_in_the_stock() {
    for seed in 0..50 {
        let sim = SimBuilder::new(Leduc).seed(seed).build();
        let rules = rules_of(&sim);
        let (a, b) = (
            private_card(&rules, sim.world(), Seat(0)).unwrap(),
            private_card(&rules, sim.world(), Seat(1)).unwrap(),
        );
        assert_ne!(a, b);
        assert_eq!(PublicCard::of(&rules, sim.world()).len, 4);
        assert_eq!(public_card(&rules, sim.world()), None);
        let again = SimBuilder::new(Leduc).seed(seed).build();
        assert_eq!(private_card(&rules, again.world(), Seat(0)), Some(a));
    }
}

#[test]
fn the_deal_is_two_chance_points_over_the_stock_in_card_order() {
    use alea::chance::Forced;
    // Uniform: P0's card one of six, P1's one of the five left.
    let sim = SimBuilder::new(Leduc).seed(4).build();
    let points: Vec<_> = sim
        .chance_log()
        .iter()
        .map(|r| (r.generator, r.max_case))
        .collect();
    assert_eq!(points, [("private_card", 6), ("private_card", 5)]);
    assert!(sim.chance_log().iter().all(|r| r.uniform && !r.forced));
    // Forced: case k is the k-th stock card by id, named by that id.
    for (p0, p1) in [(0, 0), (5, 4), (2, 2), (3, 0)] {
        let cases = Forced::path(&[p0, p1]).unwrap();
        let sim = SimBuilder::new(Leduc).seed(4).setup_cases(cases).build();
        let rules = rules_of(&sim);
        let first = CardId(p0 as u16);
        let second = (0..6u16)
            .filter(|&c| c != first.0)
            .nth(p1 as usize)
            .unwrap();
        assert_eq!(private_card(&rules, sim.world(), Seat(0)), Some(first));
        assert_eq!(
            private_card(&rules, sim.world(), Seat(1)),
            Some(CardId(second))
        );
        let ids: Vec<u32> = sim.chance_log().iter().map(|r| r.outcome_id()).collect();
        assert_eq!(ids, [u32::from(first.0), u32::from(second)]);
        assert_eq!(sim.chance_log()[1].probability(), 0.2);
    }
}

/// The restart works in place (no snapshot): from the middle of a hand, at any betting round,
/// it is the build of its seed all the same.
#[test]
fn a_restart_mid_hand_is_the_build_of_its_seed() {
    use alea::encode::Encode;
    use rand::RngExt;
    let unused = SimBuilder::new(Leduc).seed(7).build().snapshot();
    let mut rounds = [0; 3];
    for seed in 0..60u64 {
        let mut sim = SimBuilder::new(Leduc).seed(seed + 1000).build();
        let mut rng = random_player_rng(seed);
        for _ in 0..seed % 5 {
            let legal = sim.legal_actions().to_vec();
            if legal.is_empty() {
                break;
            }
            sim.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        rounds[usize::from(sim.state().round)] += 1;
        assert!(Leduc::restart(&mut sim, &unused, seed).unwrap());
        let mut built = SimBuilder::new(Leduc).seed(seed).build();
        assert_eq!(sim.checksum(), built.checksum(), "seed {seed}");
        assert_eq!(sim.legal_actions(), built.legal_actions(), "seed {seed}");
    }
    assert!(
        rounds[1] > 0 && rounds[2] > 0,
        "restarts from both rounds: {rounds:?}"
    );
}

#[test]
fn a_restart_is_the_build_of_its_seed_and_keeps_forced_deal_cases() {
    use alea::chance::Forced;
    use alea::encode::Encode;
    let mut sim = SimBuilder::new(Leduc).seed(0).build();
    let start = sim.snapshot();
    for seed in 0..40 {
        assert!(Leduc::restart(&mut sim, &start, seed).unwrap());
        let mut built = SimBuilder::new(Leduc).seed(seed).build();
        assert_eq!(sim.checksum(), built.checksum(), "seed {seed}");
        let cases = [seed as u32 % 6, seed as u32 % 5];
        sim.set_cases(&cases).unwrap();
        assert!(Leduc::restart(&mut sim, &start, seed).unwrap());
        let forced = Forced::path(&cases).unwrap();
        let mut built = SimBuilder::new(Leduc)
            .seed(seed)
            .setup_cases(forced)
            .build();
        assert_eq!(
            sim.checksum(),
            built.checksum(),
            "seed {seed} cases {cases:?}"
        );
        // Play on: the same game from either.
        let mut rng = random_player_rng(seed);
        let mut rng_built = random_player_rng(seed);
        random_playout(&mut sim, &mut rng).unwrap();
        random_playout(&mut built, &mut rng_built).unwrap();
        assert_eq!(sim.checksum(), built.checksum(), "seed {seed} played");
    }
}

#[test]
fn legal_actions_at_the_start_after_a_raise_and_at_the_cap() {
    let mut sim = dealt(JS, QS);
    // Nothing to call: OpenSpiel allows no fold.
    assert_eq!(sim.turn(), alea::kernel::Turn::Player(Seat(0)));
    assert_eq!(sim.legal_actions(), &[Call, Raise]);
    play(&mut sim, &[Call], KS);
    assert_eq!(sim.turn(), alea::kernel::Turn::Player(Seat(1)));
    assert_eq!(sim.legal_actions(), &[Call, Raise]);
    play(&mut sim, &[Raise], KS);
    assert_eq!(state(&sim).contributed, [1, 3]);
    assert_eq!(sim.legal_actions(), &[Fold, Call, Raise]);
    play(&mut sim, &[Raise], KS);
    assert_eq!(state(&sim).contributed, [5, 3]);
    // Two raises this round: a third is not legal.
    assert_eq!(sim.legal_actions(), &[Fold, Call]);
    assert!(sim.apply(Raise).is_err());
    play(&mut sim, &[Call], KS);
    // Round 2: seat 0 acts first, raises are available again, nothing to call.
    let s = state(&sim);
    assert_eq!(
        (s.round, s.raises, s.contributed, s.stakes),
        (2, 0, [5, 5], 5)
    );
    assert_eq!(sim.turn(), alea::kernel::Turn::Player(Seat(0)));
    assert_eq!(sim.legal_actions(), &[Call, Raise]);
    play(&mut sim, &[Raise, Raise], KS);
    assert_eq!(state(&sim).contributed, [9, 13]);
    assert_eq!(sim.legal_actions(), &[Fold, Call]);
}

#[test]
fn folding_to_a_raise_in_round_one_loses_the_ante() {
    let mut sim = dealt(KS, JS);
    play(&mut sim, &[Call, Raise, Fold], QS);
    assert!(sim.is_terminal());
    assert_eq!(sim.returns(), vec![-1.0, 1.0]);
    let s = state(&sim);
    assert_eq!(s.outcome, Outcome::Won(Seat(1)));
    assert_eq!(s.actions(1).collect::<Vec<_>>(), vec![Call, Raise, Fold]);
    // No public card was revealed.
    assert_eq!(public_card(&rules_of(&sim), sim.world()), None);
}

#[test]
fn folding_to_a_reraise_loses_the_raise() {
    let mut sim = dealt(KS, JS);
    play(&mut sim, &[Raise, Raise, Fold], QS);
    assert_eq!(sim.returns(), vec![-3.0, 3.0]);
}

#[test]
fn folding_in_round_two_loses_everything_put_in() {
    let mut sim = dealt(JS, KS);
    play(&mut sim, &[Raise, Call], QS);
    assert_eq!(public_card(&rules_of(&sim), sim.world()), Some(CardId(QS)));
    play(&mut sim, &[Raise, Raise, Fold], QS);
    // Seat 0: ante 1 + raise 2, then raise 4 → 7 chips, lost.
    assert_eq!(sim.returns(), vec![-7.0, 7.0]);
}

#[test]
fn a_pair_beats_a_higher_card() {
    let mut sim = dealt(JS, KS);
    play(&mut sim, &[Call, Call], JH);
    assert_eq!(public_card(&rules_of(&sim), sim.world()), Some(CardId(JH)));
    play(&mut sim, &[Call, Call], JH);
    assert!(sim.is_terminal());
    assert_eq!(sim.returns(), vec![1.0, -1.0]);
}

#[test]
fn the_higher_card_wins_without_a_pair() {
    let mut sim = dealt(QS, KS);
    play(&mut sim, &[Raise, Call], JS);
    play(&mut sim, &[Call, Raise, Call], JS);
    assert_eq!(state(&sim).contributed, [7, 7]);
    assert_eq!(sim.returns(), vec![-7.0, 7.0]);
    // Whether the public card ranks below or above both private cards does not matter.
    let mut sim = dealt(JS, QS);
    play(&mut sim, &[Call, Call, Call, Call], KH);
    assert_eq!(sim.returns(), vec![-1.0, 1.0]);
    let mut sim = dealt(JS, KS);
    play(&mut sim, &[Call, Call, Call, Call], QH);
    assert_eq!(sim.returns(), vec![-1.0, 1.0]);
}

#[test]
fn equal_ranks_split_the_pot() {
    let mut sim = dealt(QS, QH);
    play(&mut sim, &[Raise, Raise, Call], KS);
    play(&mut sim, &[Raise, Raise, Call], KS);
    let s = state(&sim);
    assert_eq!((s.outcome, s.contributed), (Outcome::Split, [13, 13]));
    assert_eq!(sim.returns(), vec![0.0, 0.0]);
}

#[test]
fn the_biggest_pot_is_thirteen_chips_each() {
    let mut sim = dealt(KS, QS);
    play(&mut sim, &[Raise, Raise, Call], QH);
    play(&mut sim, &[Raise, Raise, Call], QH);
    // Seat 1 pairs the queen.
    assert_eq!(sim.returns(), vec![-13.0, 13.0]);
}

#[test]
fn the_public_card_is_a_chance_point_over_the_stock_in_card_order() {
    let mut sim = dealt(JS, KS);
    sim.set_case(Some(2));
    sim.apply(Call).unwrap();
    assert!(sim.chance_log().is_empty());
    sim.set_case(Some(2));
    sim.apply(Call).unwrap();
    let log = sim.chance_log();
    assert_eq!(log.len(), 1);
    assert_eq!(
        (log[0].generator, log[0].max_case, log[0].case),
        ("public_card", 4, 2)
    );
    assert_eq!(log[0].probability(), 0.25);
    // Stock in card order: Jh, Qs, Qh, Kh → case 2 is Qh.
    assert_eq!(public_card(&rules_of(&sim), sim.world()), Some(CardId(QH)));
}

#[test]
fn observe_sees_own_card_public_card_and_bets_only() {
    let mut a = dealt(KS, JS);
    let mut b = dealt(KS, QH);
    assert_eq!(observation(&a, Seat(0)), observation(&b, Seat(0)));
    assert_ne!(observation(&a, Seat(1)), observation(&b, Seat(1)));
    // Same public card (case 3 of both stocks is Kh).
    play(&mut a, &[Raise, Call], KH);
    play(&mut b, &[Raise, Call], KH);
    assert_eq!(observation(&a, Seat(0)), observation(&b, Seat(0)));
    // The viewer's own card matters.
    let c = dealt(QS, JS);
    let d = dealt(KS, JS);
    assert_ne!(observation(&c, Seat(0)), observation(&d, Seat(0)));
    // So does the history.
    let mut e = dealt(KS, JS);
    play(&mut e, &[Call], KH);
    assert_ne!(observation(&e, Seat(0)), observation(&d, Seat(0)));
    // And which seat is looking.
    assert_ne!(observation(&d, Seat(0)), observation(&d, Seat(1)));
}

#[test]
fn the_information_key_hashes_the_history_byte_by_byte() {
    // The key feeds the history as one word: the same hash as a byte per action, the key
    // searches used before (a test of that, not of the fields: see the test above).
    let mut sim = dealt(KS, JS);
    play(&mut sim, &[Raise, Call, Call], KH);
    let mut expected = alea::snapshot::StableHasher::new();
    expected.write_u8(0); // `Sim::info_key`'s seat
    expected.write_u8(0); // `observe`'s seat
    expected.write_u16(KS);
    expected.write_u16(KH);
    expected.write_u8(2);
    let rounds = [
        [Some(Raise), Some(Call), None, None],
        [Some(Call), None, None, None],
    ];
    for action in rounds.as_flattened() {
        expected.write_u8(action.map_or(u8::MAX, |a| a as u8));
    }
    assert_eq!(sim.info_key(Seat(0)), expected.finish());
}

#[test]
fn the_cards_named_by_place_are_the_cards_the_world_holds() {
    // `cards_in` and `PublicCard::of` take a card's id from its place in spawn order; here the
    // world's `CardId`s say, through play and determinizations, on many seeds.
    let ids_in = |sim: &Sim<Leduc>, zone: Zone| -> Vec<CardId> {
        let mut ids: Vec<CardId> = rules_of(sim)
            .cards()
            .iter()
            .filter(|&&e| sim.world().get::<Zone>(e) == Some(&zone))
            .filter_map(|&e| sim.world().get::<CardId>(e).copied())
            .collect();
        ids.sort_unstable_by_key(|c| c.0);
        ids
    };
    for seed in 0..40 {
        let mut sim = SimBuilder::new(Leduc).seed(seed).build();
        let mut rng = random_player_rng(seed);
        for step in 0u64.. {
            let rules = rules_of(&sim);
            for zone in [Zone::Hand(Seat(0)), Zone::Hand(Seat(1)), Zone::Table] {
                let first = ids_in(&sim, zone).first().copied();
                assert_eq!(card_in(&rules, sim.world(), zone), first, "seed {seed}");
            }
            let stock = PublicCard::of(&rules, sim.world());
            assert_eq!(
                stock.remaining[..usize::from(stock.len)],
                ids_in(&sim, Zone::Stock)[..],
                "seed {seed}"
            );
            let Some(action) = alea::kernel::playout::random_action(&sim, &mut rng) else {
                break;
            };
            sim.apply(action).unwrap();
            determinized(&mut sim, Seat((step % 2) as u8), seed * 100 + step);
        }
    }
}

fn determinized(sim: &mut Sim<Leduc>, viewer: Seat, seed: u64) {
    let rules = rules_of(sim);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (table, mut state) = (*sim.table(), *sim.state());
    Leduc::determinize(
        &rules,
        sim.world_mut(),
        &table,
        &mut state,
        viewer,
        &mut rng,
    );
}

#[test]
fn determinize_depends_only_on_what_the_viewer_sees() {
    let mut a = dealt(KS, JS);
    let mut b = dealt(KS, JH);
    // Kh is case 3 of both stocks (Jh, Qs, Qh, Kh and Js, Qs, Qh, Kh).
    play(&mut a, &[Call, Raise, Call], KH);
    play(&mut b, &[Call, Raise, Call], KH);
    assert_ne!(a.checksum(), b.checksum());
    for seed in 0..20 {
        let (mut a, mut b) = (a.fork(), b.fork());
        let before = observation(&a, Seat(0));
        determinized(&mut a, Seat(0), seed);
        determinized(&mut b, Seat(0), seed);
        assert_eq!(a.checksum(), b.checksum(), "seed {seed}");
        assert_eq!(observation(&a, Seat(0)), before);
        let rules = rules_of(&a);
        assert_eq!(private_card(&rules, a.world(), Seat(0)), Some(CardId(KS)));
        assert_eq!(public_card(&rules, a.world()), Some(CardId(KH)));
        let theirs = private_card(&rules, a.world(), Seat(1)).unwrap();
        assert!(![KS, KH].contains(&theirs.0));
        assert_eq!(PublicCard::of(&rules, a.world()).len, 3);
    }
}

#[test]
fn determinize_deals_every_unseen_card_to_the_opponent() {
    let mut seen = [0u32; DECK];
    for seed in 0..400 {
        let mut sim = dealt(QS, KS);
        determinized(&mut sim, Seat(0), seed);
        let rules = rules_of(&sim);
        let theirs = private_card(&rules, sim.world(), Seat(1)).unwrap();
        assert_eq!(PublicCard::of(&rules, sim.world()).len, 4);
        seen[usize::from(theirs.0)] += 1;
    }
    assert_eq!(seen[usize::from(QS)], 0);
    // Five unseen cards, 80 expected each (sd 8): a 5 sd band.
    for (card, &n) in seen.iter().enumerate() {
        if card != usize::from(QS) {
            assert!((40..=120).contains(&n), "card {card} dealt {n} times");
        }
    }
}

#[test]
fn random_playouts_end_zero_sum_with_uniform_public_cards() {
    let mut reveals = 0;
    for seed in 0..2000 {
        let mut sim = SimBuilder::new(Leduc).seed(seed).build();
        let mut rng = random_player_rng(seed);
        let mut moves = 0;
        while let Some(action) = alea::kernel::playout::random_action(&sim, &mut rng) {
            sim.apply(action).unwrap();
            moves += 1;
            assert!(moves <= 2 * MAX_BETS_PER_ROUND, "seed {seed}");
            for record in sim.chance_log() {
                assert_eq!(record.generator, "public_card");
                assert_eq!(record.max_case, 4);
                assert_eq!(record.probability(), 0.25);
                reveals += 1;
            }
        }
        let returns = sim.returns();
        assert_eq!(returns.iter().sum::<f64>(), 0.0, "seed {seed}");
        assert!(returns.iter().all(|r| r.abs() <= 13.0));
        let s = state(&sim);
        assert_ne!(s.outcome, Outcome::Playing);
        assert_eq!(
            public_card(&rules_of(&sim), sim.world()).is_some(),
            s.round == 2
        );
    }
    assert!(reveals > 500, "{reveals} reveals");
    // The shared helper agrees.
    let mut sim = SimBuilder::new(Leduc).seed(9).build();
    assert!(random_playout(&mut sim, &mut random_player_rng(9)).unwrap() >= 2);
}

#[test]
fn events_display_for_logs() {
    let mut sim = dealt(JS, KS);
    sim.record_events(true);
    play(&mut sim, &[Raise, Call], QS);
    let lines: Vec<String> = sim.events().iter().map(|e| e.event.to_string()).collect();
    assert_eq!(
        lines,
        vec![
            "P0 raises, putting in 2",
            "P1 calls, putting in 2",
            "betting round 1 ends",
            "the public card is drawn",
            "the public card is Qs",
        ]
    );
}

#[test]
fn actions_parse_from_snake_case() {
    let parsed: Vec<LeducAction> = serde_json::from_str(r#"["fold","call","raise"]"#).unwrap();
    assert_eq!(parsed, vec![Fold, Call, Raise]);
}

#[test]
fn snapshot_and_restore_bring_back_the_betting_and_the_cards() {
    let mut sim = dealt(JS, KS);
    play(&mut sim, &[Raise], QS);
    let (snapshot, before) = (sim.snapshot(), sim.checksum());
    play(&mut sim, &[Call, Raise, Fold], QS);
    assert!(sim.is_terminal());
    sim.restore(&snapshot).unwrap();
    assert_eq!(sim.checksum(), before);
    assert_eq!(state(&sim).contributed, [3, 1]);
    assert_eq!(public_card(&rules_of(&sim), sim.world()), None);
    assert_eq!(sim.legal_actions(), &[Fold, Call, Raise]);
}

/// The kernel's determinization by hand on Leduc: a chosen card trades places with P1's,
/// and what cannot be done is refused whole.
#[test]
fn placing_a_card_in_a_hand_trades_it_with_the_hand_s_card() {
    use alea::determinize::DeterminizeError;
    let mut sim = dealt(KS, JS);
    play(&mut sim, &[Call, Call], KH);
    let before = sim.checksum();
    let rules = rules_of(&sim);
    let refused = [
        (
            KH,
            DeterminizeError::Visible {
                card: CardId(KH),
                zone: Zone::Table,
            },
        ),
        (9, DeterminizeError::UnknownCard { card: CardId(9) }),
    ];
    for (card, error) in refused {
        assert_eq!(
            sim.place_cards(Zone::Hand(Seat(1)), &[CardId(card)]),
            Err(error)
        );
    }
    assert_eq!(
        sim.place_cards(Zone::Table, &[CardId(QS)]),
        Err(DeterminizeError::NotConcealed { zone: Zone::Table })
    );
    assert_eq!(
        sim.place_cards(Zone::Hand(Seat(1)), &[CardId(QS), CardId(QH)]),
        Err(DeterminizeError::TooMany {
            zone: Zone::Hand(Seat(1)),
            asked: 2,
            holds: 1
        })
    );
    assert_eq!(sim.checksum(), before, "a refusal changes nothing");
    sim.place_cards(Zone::Hand(Seat(1)), &[CardId(QH)]).unwrap();
    assert_eq!(private_card(&rules, sim.world(), Seat(1)), Some(CardId(QH)));
    let js = rules.cards()[usize::from(JS)];
    assert_eq!(sim.world().get::<Zone>(js), Some(&Zone::Stock));
    // A card already there is no change; the other seat's card can be taken too.
    let placed = sim.checksum();
    sim.place_cards(Zone::Hand(Seat(1)), &[CardId(QH)]).unwrap();
    assert_eq!(sim.checksum(), placed);
    sim.place_cards(Zone::Hand(Seat(1)), &[CardId(KS)]).unwrap();
    assert_eq!(private_card(&rules, sim.world(), Seat(0)), Some(CardId(QH)));
    // Leduc keeps no order in its stock.
    assert_eq!(
        sim.place_on_top(Zone::Stock, &[CardId(JS)]),
        Err(DeterminizeError::Unordered { zone: Zone::Stock })
    );
    assert_eq!(private_card(&rules, sim.world(), Seat(1)), Some(CardId(KS)));
}

/// The kernel's default `set_zone`: the hand is exactly the cards named, as many as it holds;
/// an unordered zone is set whole too (its order is nothing to set).
#[test]
fn a_zone_set_whole_holds_exactly_the_cards_named() {
    use alea::determinize::DeterminizeError;
    let mut sim = dealt(KS, JS);
    let rules = rules_of(&sim);
    let before = sim.checksum();
    assert_eq!(
        sim.set_zone(Zone::Hand(Seat(1)), &[]),
        Err(DeterminizeError::WrongSize {
            zone: Zone::Hand(Seat(1)),
            asked: 0,
            holds: 1
        })
    );
    assert_eq!(
        sim.set_zone(Zone::Hand(Seat(1)), &[CardId(QS), CardId(QH)]),
        Err(DeterminizeError::TooMany {
            zone: Zone::Hand(Seat(1)),
            asked: 2,
            holds: 1
        })
    );
    assert_eq!(sim.checksum(), before, "a refusal changes nothing");
    sim.set_zone(Zone::Hand(Seat(1)), &[CardId(QH)]).unwrap();
    assert_eq!(private_card(&rules, sim.world(), Seat(1)), Some(CardId(QH)));
    // The stock made of seat 0's KS and three of its own: its fourth card, KH, goes to seat 0.
    let stock = [JS, JH, QS, KS].map(CardId);
    sim.set_zone(Zone::Stock, &stock).unwrap();
    assert_eq!(private_card(&rules, sim.world(), Seat(0)), Some(CardId(KH)));
    assert_eq!(private_card(&rules, sim.world(), Seat(1)), Some(CardId(QH)));
}
