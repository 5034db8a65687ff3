//! The duel's determinization. Hidden dice, from their public history: the replay is the
//! exact posterior on a constructed history, it reads nothing the viewer cannot see, the
//! history covers every change the rules make, and it predicts the true faces better than the
//! fixed expression it replaced. Hidden hands: a card drawn by tag is dealt as one of its tag,
//! uniformly over such deals, and what is known of a hand is counted, not tracked by card.

use std::collections::HashMap;

use alea::chance::{CaseGenerator, sub_seed};
use alea::kernel::{DieFace, Rollback, Seat, Sim, SimBuilder, Turn, Zone};
use alea_games::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, MAX_DICE, Team};
use alea_games::games::duel::catalog::{CardTag, Cost};
use alea_games::games::duel::determinize as det;
use alea_games::games::duel::evidence;
use alea_games::games::duel::history::{self, DiceDraws, DiceHistory, DiceStep, Faces};
use alea_games::games::duel::players::{Player, PlayerKind};
use alea_games::games::duel::state::Phase;
use alea_games::games::duel::{Duel, DuelAction, redeal, state, zones};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Draws read from a script: the roll's dice, then one face per rerolled die.
struct Script {
    roll: [Face; MAX_DICE],
    len: usize,
    rerolls: Vec<Face>,
}

impl DiceDraws for Script {
    fn generated(&mut self, _: &DiceGenerator, out: &mut [Face; MAX_DICE]) -> usize {
        *out = self.roll;
        self.len
    }
    fn face(&mut self) -> Face {
        self.rerolls.remove(0)
    }
}

/// Every sequence of `k` faces.
fn sequences(k: u32) -> impl Iterator<Item = Vec<Face>> {
    (0..8usize.pow(k)).map(move |mut n| {
        (0..k)
            .map(|_| {
                let f = Face::ALL[n % 8];
                n /= 8;
                f
            })
            .collect()
    })
}

#[test]
fn a_replay_draws_the_exact_posterior_of_the_faces_given_the_public_steps() {
    // Three random dice, a reroll of those neither omni nor pyro/hydro, then two pyro dice
    // paid (pyro active). The faces left, by enumeration of every roll and reroll, each path
    // weighted by its probability and kept when the payment can be made.
    let roll =
        DiceGenerator::new(&DiceExpr::Random, 3, GeneratorKind::Roll, &Team::default()).unwrap();
    let usable = 1 << Face::Pyro as u8 | 1 << Face::Hydro as u8;
    let cost = Cost {
        matching: 2,
        ..Cost::default()
    };
    let steps = [
        DiceStep::Rolled(roll),
        DiceStep::Rerolled { usable },
        DiceStep::Paid {
            cost,
            active: Face::Pyro,
        },
    ];
    let mut exact: HashMap<Faces, f64> = HashMap::new();
    let cases = roll.max_case();
    for case in 0..cases {
        let mut dice = [Face::Omni; MAX_DICE];
        let len = roll.produce_into(case, &mut dice);
        let off = dice[..len]
            .iter()
            .filter(|&&f| f != Face::Omni && usable & (1 << f as u8) == 0)
            .count() as u32;
        for rerolls in sequences(off) {
            let mut script = Script {
                roll: dice,
                len,
                rerolls,
            };
            let mut faces = [None; MAX_DICE];
            if steps.iter().all(|s| s.apply(&mut faces, &mut script)) {
                let p = 1.0 / f64::from(cases) / 8f64.powi(off as i32);
                *exact.entry(faces).or_default() += p;
            }
        }
    }
    let total: f64 = exact.values().sum();
    let log = DiceHistory {
        steps: [steps.to_vec(), Vec::new()],
    };
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen: HashMap<Faces, u64> = HashMap::new();
    let samples = 40_000;
    for _ in 0..samples {
        let (faces, consistent) = history::reroll(&log, Seat(0), &mut rng);
        assert!(
            consistent,
            "a consistent replay is found well within the attempts"
        );
        *seen.entry(faces).or_default() += 1;
    }
    assert!(
        seen.keys().all(|f| exact.contains_key(f)),
        "only reachable faces"
    );
    // Chi-square over the reachable outcomes at the 0.1 % significance level.
    let cells: Vec<(u64, f64)> = exact
        .iter()
        .map(|(f, p)| (seen.get(f).copied().unwrap_or(0), p / total))
        .collect();
    crate::assert_fits(&cells, "the replayed opponent dice");
}

#[test]
fn an_impossible_history_is_forced_and_keeps_the_table_s_count() {
    // Three hydro dice rolled, then two pyro dice paid: no replay can pay it.
    let hydro: DiceExpr = "hydro@3".parse().unwrap();
    let roll = DiceGenerator::new(&hydro, 3, GeneratorKind::Roll, &Team::default()).unwrap();
    let cost = Cost {
        matching: 2,
        ..Cost::default()
    };
    let paid = DiceStep::Paid {
        cost,
        active: Face::Pyro,
    };
    let log = DiceHistory {
        steps: [vec![DiceStep::Rolled(roll), paid], Vec::new()],
    };
    let (faces, consistent) = history::reroll(&log, Seat(0), &mut ChaCha8Rng::seed_from_u64(1));
    assert!(!consistent);
    let mut left = [None; MAX_DICE];
    left[2] = Some(Face::Hydro);
    assert_eq!(faces, left, "the two lowest dice are spent");
}

/// A game between two greedy players, stopped at seat 0's first action decision of round 2
/// or later after seat 1 paid a cost this round.
fn round_two(seed: u64) -> Sim<Duel> {
    let mut sim = SimBuilder::new(Duel::default()).seed(seed).build();
    let mut players = [
        Player::new(PlayerKind::Greedy, 1),
        Player::new(PlayerKind::Greedy, 2),
    ];
    loop {
        let s = state(sim.world());
        let paid = sim.world().resource::<DiceHistory>().steps[1]
            .iter()
            .any(|step| matches!(step, DiceStep::Paid { .. }));
        if s.round >= 2 && s.phase == Phase::Action && s.turn == Seat(0) && paid {
            return sim;
        }
        let Turn::Player(seat) = sim.pending_decision().turn else {
            panic!("the game ended before round 2");
        };
        let action = players[seat.index()].choose(&mut sim).unwrap();
        sim.apply(action).unwrap();
    }
}

#[test]
fn determinized_dice_depend_only_on_what_the_viewer_sees() {
    let mut a = round_two(4);
    let mut b = round_two(4);
    // b: every one of seat 1's dice, held or spent, shows another face (same count, same
    // public history).
    let dice = zones::dice(b.rules(), Seat(1)).to_vec();
    let world = b.world_mut();
    for die in dice {
        let mut face = world.get_mut::<DieFace>(die).unwrap();
        face.0 = if face.0 == Face::Geo as u8 {
            Face::Cryo as u8
        } else {
            Face::Geo as u8
        };
    }
    let other = zones::faces(b.world(), Seat(1));
    assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
    assert_ne!(a.checksum(), b.checksum());
    a.determinize(Seat(0), 42);
    b.determinize(Seat(0), 42);
    assert_eq!(a.checksum(), b.checksum());
    let count = |sim: &Sim<Duel>| zones::faces(sim.world(), Seat(1)).iter().flatten().count();
    assert_eq!(count(&a), other.iter().flatten().count());
}

/// Seat `s`'s dice as a count per face.
fn histogram(faces: &Faces) -> [u32; 8] {
    let mut h = [0; 8];
    for f in faces.iter().flatten() {
        h[*f as usize] += 1;
    }
    h
}

/// Positions met in games between a greedy and a random player (every decision of 120 games),
/// with the true dice of each seat.
fn positions(mut visit: impl FnMut(&Sim<Duel>)) {
    let builder = SimBuilder::new(Duel::default()).rollback(Rollback::Caller);
    let mut sim = builder.build();
    let start = sim.snapshot();
    for g in 0..120u64 {
        sim.restore(&start).unwrap();
        sim.reseed(sub_seed(17, g));
        redeal(&mut sim).unwrap();
        let mut players = [
            Player::new(PlayerKind::Greedy, g),
            Player::new(PlayerKind::Random, g + 1000),
        ];
        while let Turn::Player(seat) = sim.pending_decision().turn {
            visit(&sim);
            let action = players[seat.index()].choose(&mut sim).unwrap();
            sim.apply(action).unwrap();
        }
    }
}

#[test]
fn the_history_covers_every_change_and_predicts_the_faces_better_than_a_fixed_expression() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let fixed: DiceExpr = "omni@3/4, black@1/4".parse().unwrap();
    let (mut replays, mut forced) = (0u64, 0u64);
    // Mean log-probability of a true die's face under each model (per-face frequencies over
    // 32 draws, smoothed by half a die per face).
    let (mut score_history, mut score_fixed, mut dice) = (0.0f64, 0.0f64, 0u64);
    positions(|sim| {
        let world = sim.world();
        let log = world.resource::<DiceHistory>();
        for seat in [Seat(0), Seat(1)] {
            let truth = zones::faces(world, seat);
            let held = truth.iter().flatten().count();
            let mut from_history = [0u32; 8];
            for _ in 0..32 {
                let (faces, consistent) = history::reroll(log, seat, &mut rng);
                assert_eq!(faces.iter().flatten().count(), held, "the count is public");
                replays += 1;
                forced += u64::from(!consistent);
                for (n, h) in from_history.iter_mut().zip(histogram(&faces)) {
                    *n += h;
                }
            }
            if held == 0 || state(world).phase != Phase::Action {
                continue;
            }
            let rules = sim.rules();
            let active = state(world).sides[seat.index()].active;
            let team = alea_games::games::duel::board::team(rules, world, seat, active);
            let generator = DiceGenerator::new(&fixed, held, GeneratorKind::Roll, &team).unwrap();
            let mut from_fixed = [0u32; 8];
            for _ in 0..32 {
                for f in generator.sample(&mut rng) {
                    from_fixed[f as usize] += 1;
                }
            }
            let p = |counts: &[u32; 8], f: usize| {
                (f64::from(counts[f]) + 0.5) / (32.0 * held as f64 + 4.0)
            };
            for (f, n) in histogram(&truth).into_iter().enumerate() {
                score_history += f64::from(n) * p(&from_history, f).ln();
                score_fixed += f64::from(n) * p(&from_fixed, f).ln();
                dice += u64::from(n);
            }
        }
    });
    let (history_mean, fixed_mean) = (score_history / dice as f64, score_fixed / dice as f64);
    println!(
        "{replays} replays, {forced} forced; {dice} dice: log-probability of the true face \
         {history_mean:.3} (history) vs {fixed_mean:.3} (fixed expression)"
    );
    assert!(
        forced * 100 < replays,
        "{forced} of {replays} replays forced"
    );
    assert!(history_mean > fixed_mean + 0.1);
}

#[test]
fn a_deal_with_a_known_card_deals_as_the_table_did() {
    // Seven unseen cards: ids 0, 0, 1 are equipment, 2 an event, 3, 3, 3 dummies; a hand of 3
    // holds one card a tag draw took. Exactly: the hand's two other cards are a uniform pair
    // of the seven copies, the drawn one uniform among the equipment copies left (the pairs
    // holding all three are impossible: the draw found one).
    let tag = |id: u16| match id {
        0 | 1 => CardTag::Equipment,
        2 => CardTag::Event,
        _ => CardTag::Dummy,
    };
    let unseen = [0u16, 0, 1, 2, 3, 3, 3];
    let known = [0, 1, 0, 0];
    let hand_of = |cards: &[u16]| {
        let mut hand = cards.to_vec();
        hand.sort_unstable();
        hand
    };
    let mut exact: HashMap<Vec<u16>, f64> = HashMap::new();
    for a in 0..unseen.len() {
        for b in a + 1..unseen.len() {
            let left: Vec<usize> = (0..unseen.len())
                .filter(|&i| i != a && i != b && tag(unseen[i]) == CardTag::Equipment)
                .collect();
            for &drawn in &left {
                let hand = hand_of(&[unseen[a], unseen[b], unseen[drawn]]);
                *exact.entry(hand).or_default() += 1.0 / left.len() as f64;
            }
        }
    }
    let total: f64 = exact.values().sum();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut seen: HashMap<Vec<u16>, u64> = HashMap::new();
    for _ in 0..40_000 {
        let mut ids = unseen;
        evidence::deal(&mut ids, 3, known, tag, &mut rng);
        let mut sorted = ids;
        sorted.sort_unstable();
        assert_eq!(sorted, unseen, "a deal is an order of the same cards");
        *seen.entry(hand_of(&ids[..3])).or_default() += 1;
    }
    assert!(seen.keys().all(|h| exact.contains_key(h)), "{seen:?}");
    let cells: Vec<(u64, f64)> = exact
        .iter()
        .map(|(h, p)| (seen.get(h).copied().unwrap_or(0), p / total))
        .collect();
    crate::assert_fits(&cells, "the opponent's hands");
    // Nothing known: the plain shuffle, the same draws.
    let (mut plain, mut dealt) = (unseen, unseen);
    let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(2), ChaCha8Rng::seed_from_u64(2));
    rand::seq::SliceRandom::shuffle(&mut plain[..], &mut a);
    evidence::deal(&mut dealt, 3, [0; 4], tag, &mut b);
    assert_eq!(plain, dealt);
}

/// Seat 1 to act with Scout Report, Sweet Bun and Iron Sword in hand, eight omni dice, and a
/// pile of `pile` over dummies.
fn scouting(pile: &[&str]) -> Sim<Duel> {
    let mut sim = SimBuilder::new(Duel::default()).seed(6).build();
    det::set_hand(
        &mut sim,
        Seat(1),
        &["Scout Report", "Sweet Bun", "Iron Sword"],
    )
    .unwrap();
    let mut cards = pile.to_vec();
    cards.extend(["dummy"; 10]);
    det::set_pile(&mut sim, Seat(1), &cards).unwrap();
    det::set_dice(&mut sim, Seat(1), &[Face::Omni; 8]).unwrap();
    sim.state_mut().phase = Phase::Action;
    sim.state_mut().turn = Seat(1);
    sim.refresh_decision();
    sim
}

fn play(sim: &mut Sim<Duel>, name: &str) {
    let card = sim.rules().game.catalog.card(name).unwrap();
    sim.apply(DuelAction::Play(card)).unwrap();
}

fn known(sim: &Sim<Duel>, seat: Seat, tag: CardTag) -> u8 {
    sim.state().sides[seat.index()].hand.known[tag as usize]
}

fn hand_tags(sim: &Sim<Duel>, seat: Seat) -> Vec<CardTag> {
    let (rules, world) = (sim.rules(), sim.world());
    zones::hand(rules, world, seat)
        .iter()
        .map(|&e| zones::tag(rules, zones::card_id(world, e)))
        .collect()
}

#[test]
fn a_card_drawn_by_tag_is_known_to_be_of_it_until_one_of_its_tag_is_played() {
    // The pile's only equipment is under two dummies: Scout Report finds it.
    let mut sim = scouting(&["dummy", "dummy", "Guard Plate"]);
    play(&mut sim, "Scout Report");
    assert_eq!(known(&sim, Seat(1), CardTag::Equipment), 1);
    // Seat 0 cannot tell which equipment card seat 1 plays: one fewer is known either way.
    let start = sim.snapshot();
    for equipment in ["Iron Sword", "Guard Plate"] {
        sim.restore(&start).unwrap();
        play(&mut sim, equipment);
        assert_eq!(known(&sim, Seat(1), CardTag::Equipment), 0);
    }
    // Every world seat 0 imagines gives seat 1's hand of 3 an equipment card, though only 2 of
    // its 15 unseen cards are equipment (a uniform deal misses them in C(13, 3) / C(15, 3) =
    // 63 % of worlds); the other cards are dealt as before.
    let unseen = |sim: &Sim<Duel>| {
        let (rules, world) = (sim.rules(), sim.world());
        let mut ids: Vec<u16> = zones::live(rules, world, Seat(1))
            .iter()
            .filter(|&&e| matches!(zones::zone(world, e), Zone::Hand(_) | Zone::Pile(_)))
            .map(|&e| zones::card_id(world, e))
            .collect();
        ids.sort_unstable();
        ids
    };
    sim.restore(&start).unwrap();
    let cards = unseen(&sim);
    assert_eq!(cards.len(), 15);
    for seed in 0..1000 {
        sim.restore(&start).unwrap();
        sim.determinize(Seat(0), seed);
        let tags = hand_tags(&sim, Seat(1));
        assert_eq!(tags.len(), 3);
        assert!(tags.contains(&CardTag::Equipment), "seed {seed}: {tags:?}");
        assert_eq!(unseen(&sim), cards);
    }
}

#[test]
fn what_is_known_of_a_hand_does_not_say_which_card_it_is() {
    // Two worlds where Scout Report drew different equipment cards: seat 0 sees the same.
    let mut a = scouting(&["Guard Plate", "Battery Ring"]);
    let mut b = scouting(&["Battery Ring", "Guard Plate"]);
    play(&mut a, "Scout Report");
    play(&mut b, "Scout Report");
    assert_eq!(known(&a, Seat(1), CardTag::Equipment), 1);
    assert_eq!(known(&b, Seat(1), CardTag::Equipment), 1);
    assert_ne!(a.checksum(), b.checksum(), "seat 1 drew different cards");
    assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
    a.determinize(Seat(0), 9);
    b.determinize(Seat(0), 9);
    assert_eq!(a.checksum(), b.checksum());
}

#[test]
fn draws_taken_over_by_a_search_keep_the_count() {
    // Seat 1's draws are taken over: Scout Report's draw waits in the buffer until
    // `pile_to_hand` makes it; cards put back unseen may have been the known one.
    let mut sim = scouting(&["dummy", "Guard Plate"]);
    det::no_draw(&mut sim, Seat(1), true);
    play(&mut sim, "Scout Report");
    assert_eq!(known(&sim, Seat(1), CardTag::Equipment), 0);
    det::pile_to_hand(&mut sim, Seat(1), &[1]).unwrap();
    assert_eq!(known(&sim, Seat(1), CardTag::Equipment), 1);
    det::hand_to_pile(&mut sim, Seat(1), &[0]).unwrap();
    assert_eq!(known(&sim, Seat(1), CardTag::Equipment), 0);
    // A hand set from outside is a new hand: nothing is known of it.
    let mut sim = scouting(&["Guard Plate"]);
    play(&mut sim, "Scout Report");
    assert_eq!(known(&sim, Seat(1), CardTag::Equipment), 1);
    det::set_hand(&mut sim, Seat(1), &["Sweet Bun"]).unwrap();
    assert_eq!(known(&sim, Seat(1), CardTag::Equipment), 0);
}

#[test]
fn the_information_key_holds_what_the_dice_went_through() {
    // Seat 1 keeps or rerolls: seat 0 sees eight dice either way, but the worlds it imagines
    // differ (a reroll moves the faces toward the team's elements), so the keys must too.
    let mut sim = SimBuilder::new(Duel::default()).seed(12).build();
    let mut players = [
        Player::new(PlayerKind::Greedy, 1),
        Player::new(PlayerKind::Greedy, 2),
    ];
    while state(sim.world()).phase != Phase::Reroll(Seat(1)) {
        let Turn::Player(seat) = sim.pending_decision().turn else {
            panic!("the game ended before the first reroll");
        };
        let action = players[seat.index()].choose(&mut sim).unwrap();
        sim.apply(action).unwrap();
    }
    let start = sim.snapshot();
    sim.apply(DuelAction::Keep).unwrap();
    let kept = sim.info_key(Seat(0));
    sim.restore(&start).unwrap();
    sim.apply(DuelAction::Reroll).unwrap();
    assert_ne!(sim.info_key(Seat(0)), kept);
}

#[test]
fn with_fixed_generators_the_history_replays_the_dice_exactly() {
    // Rolls and created dice from fixed faces (no reroll then): every step is deterministic,
    // so replaying a seat's log must give its dice exactly, slot by slot, at every decision of
    // 200 random games. A change the rules made without logging it (a tune, Alchemy's omni,
    // Guide's dice, a payment) would show.
    let builder = SimBuilder::new(Duel::default()).rollback(Rollback::Caller);
    let mut sim = builder.build();
    let start = sim.snapshot();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut steps = [0usize; 2];
    for g in 0..200u64 {
        sim.restore(&start).unwrap();
        sim.reseed(sub_seed(23, g));
        redeal(&mut sim).unwrap();
        for seat in [Seat(0), Seat(1)] {
            let roll = Some("omni@2, pyro@2, hydro@1, electro@1, cryo@1, geo@1");
            det::set_roll_generator(&mut sim, seat, roll).unwrap();
            det::set_black_generator(&mut sim, seat, Some("anemo@1, dendro@1, geo@1")).unwrap();
        }
        let mut players = [
            Player::new(PlayerKind::Random, g),
            Player::new(PlayerKind::Random, g + 500),
        ];
        while let Turn::Player(mover) = sim.pending_decision().turn {
            let log = sim.world().resource::<DiceHistory>();
            for seat in [Seat(0), Seat(1)] {
                let (faces, consistent) = history::reroll(log, seat, &mut rng);
                assert!(consistent);
                assert_eq!(faces, zones::faces(sim.world(), seat), "game {g}, {seat}");
                steps[seat.index()] += log.steps[seat.index()].len();
            }
            let action = players[mover.index()].choose(&mut sim).unwrap();
            sim.apply(action).unwrap();
        }
    }
    assert!(steps[0] > 10_000 && steps[1] > 10_000, "{steps:?}");
}
