//! sgs: invariants after every event of many random games, determinism, snapshots at every
//! kind of pending question, no leak through hidden information, trust, the CLI and replays.

use std::collections::BTreeSet;

use alea::chance::sub_seed;
use alea::kernel::playout::{random_choice, random_player_rng};
use alea::kernel::{GameRules, Rollback, Seat, Sim, SimBuilder, Table, Turn, Zone};
use alea_games::games::sgs::players::{ismcts_search, trust};
use alea_games::games::sgs::state::EVERYONE;
use alea_games::games::sgs::{
    Board, CardName, Mode, Outcome, Phase, PlayerKind, Players, Position, Question, Sgs, SgsAction,
    SgsEvent, SgsState,
};
use bevy_ecs::prelude::*;

use crate::{cli, cli_argv};

/// Checks the game's invariants after an event: every card in exactly one place (the draw
/// pile's order lists exactly the cards in the stock, nothing in a pool), hp within bounds,
/// the dead hold nothing, face-up cards known to all, equipment listeners on exactly while
/// worn.
fn invariants(world: &World, table: &Table, state: &SgsState) {
    let rules = world.resource::<GameRules<Sgs>>();
    let board = Board::read(rules, world);
    let deck = &rules.game.deck;
    let mut in_pile = [false; 128];
    for &card in state.pile() {
        assert!(!in_pile[usize::from(card)], "card {card} twice in the pile");
        in_pile[usize::from(card)] = true;
    }
    for (card, zone) in board.cards() {
        assert_eq!(
            zone == Zone::Stock,
            in_pile[usize::from(card)],
            "card {card} in {zone:?} vs the pile order"
        );
        assert!(
            !matches!(zone, Zone::Pool | Zone::Removed),
            "card {card} out of play"
        );
        if matches!(zone, Zone::Equipment(_) | Zone::DiscardPile | Zone::Table) {
            assert_eq!(
                state.known[usize::from(card)],
                EVERYONE,
                "{zone:?} is face up"
            );
        }
        if let Zone::Hand(s) | Zone::Equipment(s) | Zone::Judge(s) = zone {
            assert!(state.alive(s), "dead {s} holds card {card}");
        }
        if let Zone::Equipment(_) = zone {
            assert!(deck.card(card).name.is_equipment());
        }
        if let Zone::Judge(_) = zone {
            panic!("nothing goes to the judge area in this deck");
        }
    }
    assert_eq!(board.cards().count(), 81);
    assert_eq!(
        *board.holdings(),
        state.holdings,
        "the holdings index the zones"
    );
    for s in 0..usize::from(table.seats) {
        let seat = state.seats[s];
        assert!(seat.hp <= seat.max_hp, "seat {s} over max hp");
    }
    let listeners = [SgsEvent::LIMITS, SgsEvent::USE, SgsEvent::SLASH_EFFECT]
        .into_iter()
        .flat_map(|kind| rules.listeners_of(kind).iter().copied());
    for entity in listeners {
        let listener = world.get::<alea::pipeline::Listener>(entity).unwrap();
        let card = world
            .get::<alea_games::games::sgs::cards::OfCard>(entity)
            .unwrap();
        let zone = board.zone(card.0);
        match zone {
            Zone::Equipment(s) => assert!(listener.is_enabled() && listener.seat == Some(s)),
            _ => assert!(!listener.is_enabled() && listener.seat.is_none()),
        }
    }
}

/// Plays `games` random games of `mode` with the invariants checked after every event, and
/// checks that no entity was spawned or despawned.
fn random_games_keep_the_invariants(mode: Mode, games: u64) {
    let mut sim = SimBuilder::new(Sgs::new(mode))
        .inspect(invariants)
        .rollback(Rollback::Caller)
        .build();
    let entities = sim.world().entities().count_spawned();
    let mut outcomes = BTreeSet::new();
    for g in 0..games {
        let seed = sub_seed(1, g);
        Sgs::restart(&mut sim, seed);
        let mut rng = random_player_rng(seed);
        sim.play(|d| random_choice(d, &mut rng)).unwrap();
        assert!(sim.is_terminal());
        assert!(sim.state().outcome.is_over());
        outcomes.insert(format!("{:?}", sim.state().outcome));
    }
    assert_eq!(sim.world().entities().count_spawned(), entities);
    let want = match mode {
        Mode::OneVsOne => 2,
        Mode::Identity4 => 3,
    };
    assert!(outcomes.len() >= want, "{outcomes:?}");
}

#[test]
fn invariants_hold_after_every_event_of_2000_random_1v1_games() {
    random_games_keep_the_invariants(Mode::OneVsOne, 2000);
}

#[test]
fn invariants_hold_after_every_event_of_2000_random_identity4_games() {
    random_games_keep_the_invariants(Mode::Identity4, 2000);
}

#[test]
fn invariants_hold_through_reshuffles_in_long_trust_games() {
    // Trust never plays a card: it draws 2 and discards 2 a turn, so the pile runs out and the
    // discard pile is shuffled under it again and again.
    let game = Sgs::new(Mode::Identity4).with_max_rounds(30);
    let mut sim = SimBuilder::new(game).inspect(invariants).build();
    let players = [PlayerKind::Trust; 4];
    let mut reshuffles = 0;
    for g in 0..20 {
        Sgs::restart(&mut sim, g);
        sim.record_events(true);
        let mut rng = random_player_rng(g);
        let mut seating = Players::new(&players);
        while let Some(a) = seating.choose(&mut sim, &mut rng).unwrap() {
            sim.apply(a).unwrap();
        }
        reshuffles += sim
            .take_events()
            .iter()
            .filter(|e| matches!(e.event, SgsEvent::Reshuffled { .. }))
            .count();
        assert_eq!(sim.state().outcome, Outcome::Draw);
        assert_eq!(sim.state().turns, 120);
    }
    assert!(reshuffles >= 40, "{reshuffles} reshuffles");
}

#[test]
fn the_game_is_a_draw_when_both_piles_run_out() {
    // Every card in a hand: the rebel's draw phase finds both piles empty.
    let sim = from_position(
        r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4}, {"role": "rebel", "hp": 4}]}"#,
        0,
    );
    let deck = sim.rules().game.deck.clone();
    let names: Vec<String> = deck.cards().iter().map(|c| format!("\"{c}\"")).collect();
    let (lord, rebel) = names.split_at(40);
    let json = format!(
        r#"{{"mode": "1v1", "current": 0, "phase": "finish", "seats": [
        {{"role": "lord", "hp": 4, "hand": [{}]}}, {{"role": "rebel", "hp": 4, "hand": [{}]}}]}}"#,
        lord.join(", "),
        rebel.join(", ")
    );
    let sim = from_position(&json, 0);
    assert_eq!(sim.state().outcome, Outcome::Draw);
    assert!(sim.is_terminal());
    assert_eq!(sim.returns(), [0.0, 0.0]);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for mode in [Mode::OneVsOne, Mode::Identity4] {
        let play = |seed| {
            let mut sim = SimBuilder::new(Sgs::new(mode)).seed(seed).build();
            let mut rng = random_player_rng(seed);
            let mut actions = Vec::new();
            let mut seating = Players::new(&[PlayerKind::Random]);
            while let Some(a) = seating.choose(&mut sim, &mut rng).unwrap() {
                sim.apply(a).unwrap();
                actions.push(a);
            }
            (actions, sim.checksum())
        };
        assert_eq!(play(5), play(5));
        assert_ne!(play(5).1, play(6).1);
    }
}

#[test]
fn simulate_gives_the_same_totals_on_any_thread_count() {
    for mode in ["1v1", "identity4"] {
        let run = |threads: &str| {
            let out = cli(&format!(
                "alea simulate sgs --mode {mode} --games 300 --seed 3 --threads {threads} --json"
            ))
            .unwrap();
            let mut json: serde_json::Value = serde_json::from_str(&out).unwrap();
            json.as_object_mut().unwrap().remove("games_per_second");
            json.as_object_mut().unwrap().remove("threads");
            json
        };
        assert_eq!(run("1"), run("2"));
    }
}

/// What kind of decision is pending.
fn kind(sim: &Sim<Sgs>) -> &'static str {
    match sim.state().question {
        Question::Jink { .. } => "jink",
        Question::Peach { .. } => "peach",
        Question::Nullify { .. } => "nullify",
        Question::Choose => "choose",
        Question::None if sim.legal_actions().contains(&SgsAction::End) => "play",
        Question::None => "discard",
    }
}

#[test]
fn restoring_a_snapshot_at_every_kind_of_question_restores_the_checksum() {
    let mut seen = BTreeSet::new();
    for mode in [Mode::OneVsOne, Mode::Identity4] {
        let mut sim = SimBuilder::new(Sgs::new(mode)).build();
        for g in 0..40 {
            Sgs::restart(&mut sim, g);
            let mut rng = random_player_rng(g);
            while let Turn::Player(_) = sim.turn() {
                let before = sim.checksum();
                let snapshot = sim.snapshot();
                seen.insert(kind(&sim));
                // Two actions deep, then back.
                for _ in 0..2 {
                    if let Some(a) = random_choice(sim.pending_decision(), &mut rng) {
                        sim.apply(a).unwrap();
                    }
                }
                sim.restore(&snapshot).unwrap();
                assert_eq!(sim.checksum(), before);
                let a = random_choice(sim.pending_decision(), &mut rng).unwrap();
                sim.apply(a).unwrap();
            }
        }
    }
    let all: BTreeSet<_> = ["play", "discard", "jink", "peach", "nullify", "choose"]
        .into_iter()
        .collect();
    assert_eq!(seen, all);
}

/// Two identity4 positions that differ only in what P0 (the lord) cannot see: the other
/// hands and the hidden roles.
const SEEN_BY_P0_A: &str = r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
    {"role": "lord", "hp": 4, "hand": ["slash/S7", "snatch/S3", "dismantlement/S4", "peach/H3"]},
    {"role": "loyalist", "hp": 3, "hand": ["jink/D2", "jink/D3", "nullification/CQ"]},
    {"role": "rebel", "hp": 4, "hand": ["slash/C2", "peach/H4"], "equip": ["crossbow/CA"]},
    {"role": "renegade", "hp": 2, "hand": ["analeptic/S9"]}]}"#;
const SEEN_BY_P0_B: &str = r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
    {"role": "lord", "hp": 4, "hand": ["slash/S7", "snatch/S3", "dismantlement/S4", "peach/H3"]},
    {"role": "renegade", "hp": 3, "hand": ["slash/D6", "ex_nihilo/H7", "jink/D4"]},
    {"role": "loyalist", "hp": 4, "hand": ["nullification/SJ", "slash/C3"], "equip": ["crossbow/CA"]},
    {"role": "rebel", "hp": 2, "hand": ["peach/H6"]}]}"#;

/// The deck index of the first copy of `notation`.
fn card(sim: &Sim<Sgs>, notation: &str) -> u8 {
    let card = notation.parse().unwrap();
    sim.rules().game.deck.copies(card).next().unwrap()
}

fn from_position(json: &str, seed: u64) -> Sim<Sgs> {
    let game =
        Sgs::default().with_position(Position::from_json(json, &Sgs::default().deck).unwrap());
    SimBuilder::new(game)
        .seed(seed)
        .rollback(Rollback::Caller)
        .build()
}

#[test]
fn worlds_that_differ_only_in_what_the_viewer_cannot_see_search_alike() {
    // The piles differ too (each world's unnamed cards are shuffled by its own seed).
    let mut a = from_position(SEEN_BY_P0_A, 1);
    let mut b = from_position(SEEN_BY_P0_B, 2);
    assert_ne!(a.checksum(), b.checksum());
    assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
    assert_ne!(a.info_key(Seat(1)), b.info_key(Seat(1)));
    let ra = ismcts_search(&mut a, 300, 7).unwrap();
    let rb = ismcts_search(&mut b, 300, 7).unwrap();
    assert_eq!(ra.action, rb.action);
    assert_eq!(ra.stats, rb.stats);
    // A search leaves the world as it found it.
    let before = a.checksum();
    ismcts_search(&mut a, 50, 8).unwrap();
    assert_eq!(a.checksum(), before);
}

/// Feeds everything through `write`, byte by byte: how the information key was fed before it
/// took integers by the hasher's word path.
struct BytesOnly<'a>(&'a mut dyn std::hash::Hasher);

impl std::hash::Hasher for BytesOnly<'_> {
    fn finish(&self) -> u64 {
        self.0.finish()
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }
}

#[test]
fn the_information_key_is_the_byte_by_byte_hash() {
    // The word path must give the keys (and so the searches) the byte path gave: positions of
    // both modes through random play, every seat's view.
    use alea::kernel::Game;
    use alea::snapshot::StableHasher;
    use std::hash::Hasher;
    for (mode, seed) in [(Mode::OneVsOne, 3), (Mode::Identity4, 4)] {
        let mut sim = SimBuilder::new(Sgs::new(mode)).seed(seed).build();
        let mut rng = random_player_rng(seed);
        for _ in 0..60 {
            for viewer in (0..mode.seats()).map(Seat) {
                let observe = |hasher: &mut dyn Hasher| {
                    Sgs::observe(
                        sim.rules(),
                        sim.world(),
                        sim.table(),
                        sim.state(),
                        viewer,
                        hasher,
                    )
                };
                let (mut words, mut bytes) = (StableHasher::new(), StableHasher::new());
                observe(&mut words);
                observe(&mut BytesOnly(&mut bytes));
                assert_eq!(words.finish(), bytes.finish(), "{mode:?} seed {seed}");
            }
            let Some(action) = random_choice(sim.pending_decision(), &mut rng) else {
                break;
            };
            sim.apply(action).unwrap();
        }
    }
}

#[test]
fn determinize_keeps_what_the_viewer_knows_and_resamples_the_rest_uniformly() {
    let mut sim = from_position(SEEN_BY_P0_A, 1);
    let start = sim.snapshot();
    let deck = sim.rules().game.deck.clone();
    let own: Vec<u8> = Board::read(sim.rules(), sim.world())
        .hand(Seat(0))
        .collect();
    let crossbow = deck.copies("crossbow/CA".parse().unwrap()).next().unwrap();
    let jink = deck.copies("jink/D2".parse().unwrap()).next().unwrap();
    let mut role_of_p1 = [0u64; 4];
    let mut jink_at = [0u64; 4];
    for i in 0..4000 {
        sim.restore(&start).unwrap();
        sim.determinize(Seat(0), i);
        let board = Board::read(sim.rules(), sim.world());
        assert_eq!(board.hand(Seat(0)).collect::<Vec<_>>(), own);
        assert_eq!(board.zone(crossbow), Zone::Equipment(Seat(2)));
        for (s, n) in [(1, 3), (2, 2), (3, 1)] {
            assert_eq!(board.count(Zone::Hand(Seat(s))), n);
        }
        let st = sim.state();
        assert_eq!(st.seats[0].role, alea_games::games::sgs::Role::Lord);
        role_of_p1[st.seats[1].role as usize] += 1;
        match board.zone(jink) {
            Zone::Hand(s) => jink_at[s.index()] += 1,
            Zone::Stock => jink_at[0] += 1,
            other => panic!("jink/D2 in {other:?}"),
        }
    }
    // P1's hidden role is the loyalist, the rebel or the renegade, each 1/3 (chi-square at
    // the 0.1 % level, 2 degrees of freedom: 13.82).
    assert_eq!(role_of_p1[0], 0);
    let cells: Vec<(u64, f64)> = role_of_p1[1..].iter().map(|&n| (n, 1.0 / 3.0)).collect();
    assert!(crate::chi_square(&cells) < 13.82, "{role_of_p1:?}");
    // An unseen card is in each unseen place alike: 76 places (81 cards but P0's 4 and the
    // worn crossbow): P1's 3 hand cards, P2's 2, P3's 1 and the 70 of the pile.
    let cells = [
        (jink_at[1], 3.0 / 76.0),
        (jink_at[2], 2.0 / 76.0),
        (jink_at[3], 1.0 / 76.0),
        (jink_at[0], 70.0 / 76.0),
    ];
    crate::assert_fits(&cells, &format!("{jink_at:?}"));
}

#[test]
fn trust_answers_as_freekills_trust_ai() {
    let mut rng = random_player_rng(0);
    // Its own play phase: nothing.
    let sim = from_position(SEEN_BY_P0_A, 1);
    assert_eq!(trust(&sim, Seat(0), &mut rng), SgsAction::End);
    // Asked for a jink: always.
    let mut sim = from_position(
        r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "dismantlement/S3", "peach/H3"]},
        {"role": "rebel", "hp": 1, "hand": ["jink/D2", "nullification/CQ", "peach/H4"]}]}"#,
        0,
    );
    let start = sim.snapshot();
    sim.apply(SgsAction::Use {
        card: 0,
        target: Some(Seat(1)),
    })
    .unwrap();
    assert_eq!(
        trust(&sim, Seat(1), &mut rng),
        SgsAction::Respond(CardName::Jink)
    );
    // A trick aimed at itself: nullify; the user does not nullify its own trick.
    sim.restore(&start).unwrap();
    let dismantle = card(&sim, "dismantlement/S3");
    sim.apply(SgsAction::Use {
        card: dismantle,
        target: Some(Seat(1)),
    })
    .unwrap();
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    assert_eq!(
        trust(&sim, Seat(1), &mut rng),
        SgsAction::Respond(CardName::Nullification)
    );
}

#[test]
fn trust_saves_only_itself_and_never_counters_a_nullification() {
    let mut rng = random_player_rng(0);
    // P1 (trust, at 1 hp, no jink) is slashed: dying, it drinks its own peach.
    let mut sim = from_position(
        r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "dismantlement/S3", "nullification/SJ"]},
        {"role": "rebel", "hp": 1, "hand": ["peach/H4", "nullification/CQ"]},
        {"role": "loyalist", "hp": 4, "hand": ["peach/H6", "nullification/CK"]},
        {"role": "renegade", "hp": 4}]}"#,
        0,
    );
    let start = sim.snapshot();
    sim.apply(SgsAction::Use {
        card: 0,
        target: Some(Seat(1)),
    })
    .unwrap();
    assert_eq!(sim.state().question, Question::Peach { dying: Seat(1) });
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    assert_eq!(
        trust(&sim, Seat(1), &mut rng),
        SgsAction::Respond(CardName::Peach)
    );
    sim.apply(SgsAction::Pass).unwrap();
    // P2 would save P1 with a peach; trust does not.
    assert_eq!(sim.turn(), Turn::Player(Seat(2)));
    assert_eq!(trust(&sim, Seat(2), &mut rng), SgsAction::Pass);
    // The lord dismantles P1 (passing in its own window); P1 (trust) nullifies; the lord
    // counters; the loyalist (trust) is asked about that, chain 2, and passes: trust only
    // answers a trick aimed at itself, never a nullification.
    sim.restore(&start).unwrap();
    let dismantle = card(&sim, "dismantlement/S3");
    sim.apply(SgsAction::Use {
        card: dismantle,
        target: Some(Seat(1)),
    })
    .unwrap();
    assert_eq!(
        (sim.turn(), sim.state().question),
        (Turn::Player(Seat(0)), Question::Nullify { chain: 0 })
    );
    sim.apply(SgsAction::Pass).unwrap();
    assert_eq!(
        trust(&sim, Seat(1), &mut rng),
        SgsAction::Respond(CardName::Nullification)
    );
    sim.apply(SgsAction::Respond(CardName::Nullification))
        .unwrap();
    assert_eq!(sim.state().question, Question::Nullify { chain: 1 });
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
    sim.apply(SgsAction::Respond(CardName::Nullification))
        .unwrap();
    // P1 has no nullification left; P2 (the loyalist, trust) does not counter: not its trick.
    assert_eq!(sim.turn(), Turn::Player(Seat(2)));
    assert_eq!(sim.state().question, Question::Nullify { chain: 2 });
    assert_eq!(trust(&sim, Seat(2), &mut rng), SgsAction::Pass);
}

#[test]
fn trust_against_trust_ends_in_a_draw_after_max_rounds() {
    let out =
        cli("alea simulate sgs --players trust --games 4 --max-rounds 7 --seed 1 --json").unwrap();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["draws"], 4);
    assert_eq!(json["mean_turns"], 14.0);
    // Each turn: end the play phase, then discard down to hp (4 in hand after the draw
    // each turn but the lord's first: 6 in hand, 2 discards).
    assert_eq!(json["mean_moves"], 14.0 * 3.0);
}

#[test]
fn rewards_killing_a_rebel_draws_three_and_a_lord_killing_a_loyalist_discards_all() {
    let mut sim = from_position(
        r#"{"mode": "identity4", "current": 3, "phase": "play", "seats": [
        {"role": "lord", "hp": 4}, {"role": "loyalist", "hp": 4},
        {"role": "rebel", "hp": 1},
        {"role": "renegade", "hp": 4, "hand": ["slash/S7", "peach/H3"]}]}"#,
        0,
    );
    sim.apply(SgsAction::Use {
        card: 0,
        target: Some(Seat(2)),
    })
    .unwrap();
    // Nobody holds a peach for P2 but P3, who passes.
    assert_eq!(sim.turn(), Turn::Player(Seat(3)));
    sim.apply(SgsAction::Pass).unwrap();
    assert!(!sim.state().alive(Seat(2)));
    let board = Board::read(sim.rules(), sim.world());
    assert_eq!(board.count(Zone::Hand(Seat(3))), 1 + 3);
    assert_eq!(sim.state().outcome, Outcome::Playing);

    let mut sim = from_position(
        r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "jink/D2"], "equip": ["crossbow/CA"]},
        {"role": "loyalist", "hp": 1}, {"role": "rebel", "hp": 4},
        {"role": "renegade", "hp": 4}]}"#,
        0,
    );
    sim.apply(SgsAction::Use {
        card: 0,
        target: Some(Seat(1)),
    })
    .unwrap();
    assert!(!sim.state().alive(Seat(1)));
    let board = Board::read(sim.rules(), sim.world());
    assert_eq!(
        board.count(Zone::Hand(Seat(0))) + board.count(Zone::Equipment(Seat(0))),
        0
    );
    assert_eq!(sim.state().seats[0].slash_limit, 1);
    assert_eq!(sim.state().outcome, Outcome::Playing);
}

#[test]
fn the_game_ends_for_every_side_in_identity4() {
    use alea_games::games::sgs::Faction;
    // The rebel kills the lord: the rebels win (the loyalist and renegade alive).
    let mut sim = from_position(
        r#"{"mode": "identity4", "current": 2, "phase": "play", "seats": [
        {"role": "renegade", "hp": 4}, {"role": "lord", "hp": 1},
        {"role": "rebel", "hp": 4, "hand": ["slash/S7"]}, {"role": "loyalist", "hp": 4}]}"#,
        0,
    );
    sim.apply(SgsAction::Use {
        card: 0,
        target: Some(Seat(1)),
    })
    .unwrap();
    assert_eq!(sim.state().outcome, Outcome::Won(Faction::Rebels));
    assert!(sim.is_terminal());
    assert_eq!(sim.returns(), [-1.0, -1.0, 1.0, -1.0]);
    // The renegade, last one standing with the lord, kills the lord: the renegade wins.
    let mut sim = from_position(
        r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
        {"role": "renegade", "hp": 4, "hand": ["slash/S7"]}, {"role": "lord", "hp": 1},
        {"role": "rebel", "hp": 0, "alive": false}, {"role": "loyalist", "hp": 0, "alive": false}]}"#,
        0,
    );
    sim.apply(SgsAction::Use {
        card: 0,
        target: Some(Seat(1)),
    })
    .unwrap();
    assert_eq!(sim.state().outcome, Outcome::Won(Faction::Renegade));
    assert_eq!(sim.returns(), [1.0, -1.0, -1.0, -1.0]);
    // The lord kills the last enemy: the lord's side wins.
    let mut sim = from_position(
        r#"{"mode": "identity4", "current": 1, "phase": "play", "seats": [
        {"role": "renegade", "hp": 1}, {"role": "lord", "hp": 4, "hand": ["slash/S7"]},
        {"role": "rebel", "hp": 0, "alive": false}, {"role": "loyalist", "hp": 4}]}"#,
        0,
    );
    sim.apply(SgsAction::Use {
        card: 0,
        target: Some(Seat(0)),
    })
    .unwrap();
    assert_eq!(sim.state().outcome, Outcome::Won(Faction::Lord));
    assert_eq!(sim.returns(), [-1.0, 1.0, -1.0, 1.0]);
}

#[test]
fn play_prints_a_log_and_json_the_same_game() {
    let text = cli("alea play sgs --seed 3").unwrap();
    assert!(
        text.starts_with("sgs 1v1, seed 3, players random,random\n"),
        "{text}"
    );
    assert!(text.contains("turn 2: P1 (rebel)"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&cli("alea play sgs --seed 3 --json").unwrap()).unwrap();
    let checksum = json["checksum"].as_str().unwrap();
    assert!(
        text.trim_end().ends_with(&format!("checksum {checksum}")),
        "{text}"
    );
    assert_eq!(cli("alea play sgs --seed 3").unwrap(), text);
    let moves = json["moves"].as_array().unwrap();
    assert!(
        moves
            .iter()
            .all(|m| m["text"].is_string() && m["events"].is_array())
    );
}

#[test]
fn bad_positions_and_players_exit_with_status_2_naming_the_field() {
    let dir = crate::scratch("sgs");
    let path = dir.join("pos.json");
    let cases = [
        (
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [{"role": "lord", "hp": 4, "hand": ["slash/Z7"]}, {"role": "rebel", "hp": 4}]}"#,
            "seats[0].hand[0]",
        ),
        (
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [{"role": "lord", "hp": 4}, {"role": "lord", "hp": 4}]}"#,
            "seats[1].role: a second lord",
        ),
        (
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [{"role": "lord", "hp": 9}, {"role": "rebel", "hp": 4}]}"#,
            "seats[0].hp: 9 is out of range",
        ),
    ];
    for (json, field) in cases {
        std::fs::write(&path, json).unwrap();
        let err =
            cli_argv(["alea", "play", "sgs", "--position", path.to_str().unwrap()]).unwrap_err();
        assert_eq!(err.exit_code(), 2, "{err}");
        assert!(err.to_string().contains(field), "{err}");
    }
    for args in [
        "alea play sgs --players trust,random,random",
        "alea simulate sgs --players 3",
        "alea play pig --mode identity4",
        "alea simulate duel --max-rounds 5",
    ] {
        assert_eq!(cli(args).unwrap_err().exit_code(), 2, "{args}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// At every decision of many random games: the seat to move is alive and every living seat
/// has at least 1 hp; in the play and discard phases nothing is left on the table and no
/// trick or question is pending; each hand's cards are known to their owner; and a
/// determinization for the seat to move keeps the invariants, the hand sizes, that seat's
/// information key and its legal actions.
#[test]
fn every_decision_point_is_sound_and_determinizes_consistently() {
    for mode in [Mode::OneVsOne, Mode::Identity4] {
        let mut sim = SimBuilder::new(Sgs::new(mode)).inspect(invariants).build();
        let mut asked = BTreeSet::new();
        for g in 0..60 {
            Sgs::restart(&mut sim, 1000 + g);
            let mut rng = random_player_rng(g);
            let players = [PlayerKind::Random, PlayerKind::Trust, PlayerKind::Random];
            let mut seating = Players::new(&players);
            while let Turn::Player(seat) = sim.turn() {
                check_decision_point(&mut sim, seat, g);
                asked.insert(kind(&sim));
                let a = seating.choose(&mut sim, &mut rng).unwrap().unwrap();
                sim.apply(a).unwrap();
            }
        }
        assert!(asked.len() >= 5, "{mode}: {asked:?}");
    }
}

fn check_decision_point(sim: &mut Sim<Sgs>, seat: Seat, salt: u64) {
    let seats = sim.rules().game.mode.seats();
    let state = *sim.state();
    assert!(state.alive(seat));
    for s in (0..seats).map(Seat).filter(|&s| state.alive(s)) {
        let dying = matches!(state.question, Question::Peach { dying } if dying == s);
        assert!(
            dying || state.seat(s).hp >= 1,
            "{s} at {} hp",
            state.seat(s).hp
        );
    }
    let board = Board::read(sim.rules(), sim.world());
    if state.question == Question::None {
        assert_eq!(board.count(Zone::Table), 0);
        assert_eq!(state.trick, None);
    }
    for s in (0..seats).map(Seat) {
        for card in board.hand(s) {
            assert!(state.knows(s, card), "{s} does not know its card {card}");
        }
    }
    let snapshot = sim.snapshot();
    let key = sim.info_key(seat);
    let legal = sim.legal_actions().to_vec();
    let sizes: Vec<usize> = (0..seats).map(|s| board.hand(Seat(s)).len()).collect();
    sim.determinize(seat, salt);
    let world = sim.world();
    invariants(world, sim.table(), sim.state());
    let after = Board::read(sim.rules(), sim.world());
    let sizes_after: Vec<usize> = (0..seats).map(|s| after.hand(Seat(s)).len()).collect();
    assert_eq!(sizes_after, sizes);
    assert_eq!(sim.info_key(seat), key);
    assert_eq!(sim.legal_actions(), &legal[..]);
    sim.restore(&snapshot).unwrap();
}

#[test]
fn being_asked_reveals_nothing() {
    // P1 holds a jink in one world and not in the other: P0 slashes; P1 passes when asked,
    // and passes unasked without a jink. P0 sees the same thing in both worlds.
    let with = r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "peach/H3"]},
        {"role": "rebel", "hp": 4, "hand": ["jink/D2", "slash/C2"]}]}"#;
    let without = with.replace("jink/D2", "dismantlement/S4");
    let mut a = from_position(with, 1);
    let mut b = from_position(&without, 1);
    assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
    let slash = SgsAction::Use {
        card: card(&a, "slash/S7"),
        target: Some(Seat(1)),
    };
    a.apply(slash).unwrap();
    b.apply(slash).unwrap();
    assert_eq!(a.turn(), Turn::Player(Seat(1)));
    assert_eq!(b.turn(), Turn::Player(Seat(0)), "no jink: no question");
    a.apply(SgsAction::Pass).unwrap();
    assert_eq!(a.state().seats[1].hp, b.state().seats[1].hp);
    assert_eq!(a.state().history, b.state().history);
    assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
    assert_ne!(a.info_key(Seat(1)), b.info_key(Seat(1)));
}

/// P1 held no jink when slashed (it passed unasked), P0 holding two cards after the slash.
const P1_PASSED: &str = r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
    {"role": "lord", "hp": 4, "hand": ["slash/S7", "peach/H3", "snatch/S3"]},
    {"role": "rebel", "hp": 4, "hand": ["slash/C2", "peach/H4", "slash/C3", "snatch/S4"]}]}"#;

/// `P1_PASSED` after P0 slashes P1.
fn slashed(json: &str, seed: u64) -> Sim<Sgs> {
    let mut sim = from_position(json, seed);
    let slash = SgsAction::Use {
        card: card(&sim, "slash/S7"),
        target: Some(Seat(1)),
    };
    sim.apply(slash).unwrap();
    if sim.turn() == Turn::Player(Seat(1)) {
        sim.apply(SgsAction::Pass).unwrap();
    }
    assert_eq!(sim.turn(), Turn::Player(Seat(0)));
    sim
}

#[test]
fn the_posterior_keeps_jinks_from_a_seat_that_took_a_slash() {
    use alea_games::games::sgs::evidence::{CANDIDATES, Denial, LAPSE};
    let mut sim = slashed(P1_PASSED, 1);
    assert_eq!(sim.state().evidence.cleared(Seat(1), Denial::Jink), 4);
    let start = sim.snapshot();
    let deck = sim.rules().game.deck.clone();
    let jinks = |sim: &Sim<Sgs>| {
        let board = Board::read(sim.rules(), sim.world());
        board
            .hand(Seat(1))
            .filter(|&c| deck.card(c).name == CardName::Jink)
            .count()
    };
    // P0 knows its 2 cards and the slash in the discard pile: 78 unknown cards, all 15 jinks
    // among them; P1's 4 cards hold none with probability q = C(63, 4) / C(78, 4).
    let q: f64 = (0..4).map(|i| (63 - i) as f64 / (78 - i) as f64).product();
    // The posterior keeps a jinkless deal among the 16 candidates (weight 1 against the
    // lapse's for the others) with probability E[n / (n + lapse (16 - n))], n ~ B(16, q).
    let k = CANDIDATES as i32;
    let choose = |n: i32| {
        (1..=n)
            .map(|i| (k - n + i) as f64 / i as f64)
            .product::<f64>()
    };
    let posterior: f64 = (1..=k)
        .map(|n| {
            let p = choose(n) * q.powi(n) * (1.0 - q).powi(k - n);
            p * n as f64 / (n as f64 + LAPSE * (k - n) as f64)
        })
        .sum();
    assert!(posterior > 0.92 && q < 0.42, "{posterior} {q}");
    shares_match(&mut sim, &start, [q, posterior], |sim| {
        let board = Board::read(sim.rules(), sim.world());
        assert_eq!(board.count(Zone::Hand(Seat(1))), 4);
        jinks(sim) == 0
    });
}

/// Determinizes 4 000 worlds from `start` for P0, uniformly and with the posterior, and checks
/// the share of each where `hit` holds against its exact probability in `expected` (uniform,
/// posterior): chi-square at the 0.1 % level, 1 degree of freedom.
fn shares_match(
    sim: &mut Sim<Sgs>,
    start: &alea::snapshot::Snapshot,
    expected: [f64; 2],
    hit: impl Fn(&Sim<Sgs>) -> bool,
) {
    let worlds = 4000;
    let mut hits = [0u64; 2];
    for i in 0..worlds {
        for (posterior, hits) in [false, true].into_iter().zip(&mut hits) {
            sim.restore(start).unwrap();
            match posterior {
                true => alea_games::games::sgs::determinize_posterior(sim, Seat(0), i),
                false => sim.determinize(Seat(0), i),
            }
            *hits += u64::from(hit(sim));
        }
    }
    for (observed, p) in hits.into_iter().zip(expected) {
        let cells = [(observed, p), (worlds - observed, 1.0 - p)];
        assert!(
            crate::chi_square(&cells) < 10.83,
            "{hits:?} vs {expected:?}"
        );
    }
}

#[test]
fn the_posterior_reads_only_what_the_viewer_saw() {
    // P1 passes holding a jink in one world (against the model) and unasked without one in
    // the other: the same pass for P0, the same posterior deal from the same seed.
    let with = P1_PASSED.replace("slash/C2", "jink/D2");
    let mut a = slashed(&with, 1);
    let mut b = slashed(P1_PASSED, 2);
    assert_eq!(a.state().evidence, b.state().evidence);
    assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)));
    for seed in 0..20 {
        alea_games::games::sgs::determinize_posterior(&mut a, Seat(0), seed);
        alea_games::games::sgs::determinize_posterior(&mut b, Seat(0), seed);
        let zones = |sim: &Sim<Sgs>| {
            let board = Board::read(sim.rules(), sim.world());
            board.cards().collect::<Vec<_>>()
        };
        assert_eq!(zones(&a), zones(&b));
        assert_eq!(a.state().seats, b.state().seats);
    }
}

#[test]
fn the_posterior_keeps_saves_from_a_seat_that_died_without_one() {
    use alea_games::games::sgs::evidence::{CANDIDATES, Denial, LAPSE};
    // P0 slashes P1 (1 hp, no jink, no peach, no analeptic): P1 passes the jink unasked and,
    // dying, its own peach unasked; P2's peach saves it. P1's 3 cards deny both.
    let mut sim = from_position(
        r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "dismantlement/S3", "nullification/SJ"]},
        {"role": "rebel", "hp": 1, "hand": ["slash/C2", "nullification/CQ", "snatch/S4"]},
        {"role": "loyalist", "hp": 4, "hand": ["peach/H6", "nullification/CK"]},
        {"role": "renegade", "hp": 4}]}"#,
        5,
    );
    sim.apply(SgsAction::Use {
        card: card(&sim, "slash/S7"),
        target: Some(Seat(1)),
    })
    .unwrap();
    assert_eq!(sim.state().question, Question::Peach { dying: Seat(1) });
    assert_eq!(sim.turn(), Turn::Player(Seat(2)), "P0 and P1 hold no peach");
    sim.apply(SgsAction::Respond(CardName::Peach)).unwrap();
    assert_eq!(
        (sim.state().seats[1].hp, sim.turn()),
        (1, Turn::Player(Seat(0)))
    );
    let evidence = sim.state().evidence;
    assert_eq!(evidence.cleared(Seat(1), Denial::Save), 3);
    assert_eq!(evidence.cleared(Seat(1), Denial::Jink), 3);
    assert_eq!(
        evidence.cleared(Seat(0), Denial::Save),
        0,
        "not the dying seat"
    );
    let start = sim.snapshot();
    let deck = sim.rules().game.deck.clone();
    let saves = |name: CardName| matches!(name, CardName::Peach | CardName::Analeptic);
    // P0's unknown cards: the stock and the other hands.
    let board = Board::read(sim.rules(), sim.world());
    let unknown: Vec<CardName> = board
        .cards()
        .filter(|&(_, z)| z == Zone::Stock || matches!(z, Zone::Hand(s) if s != Seat(0)))
        .map(|(c, _)| deck.card(c).name)
        .collect();
    let (u, j) = (
        unknown.len(),
        unknown.iter().filter(|&&n| n == CardName::Jink).count(),
    );
    let s = unknown.iter().filter(|&&n| saves(n)).count();
    // 81 cards less P0's 2 and the 2 discarded (the slash, P2's peach); 13 peaches and
    // analeptics less the one spent.
    assert_eq!((u, j, s), (77, 15, 12));
    // P1's 3 cards, dealt uniformly: no jink and no save card, no jink only, no save only.
    let none_of = |k: usize| {
        (0..3)
            .map(|i| (u - k - i) as f64 / (u - i) as f64)
            .product::<f64>()
    };
    let clean = none_of(j + s);
    let p = [
        clean,
        none_of(j) - clean,
        none_of(s) - clean,
        1.0 - none_of(j) - none_of(s) + clean,
    ];
    // A candidate weighs 1, LAPSE per denial its hand contradicts: the posterior keeps a deal
    // without a save card with probability E[(n0 + n2 L) / (n0 + (n1 + n2) L + n3 L^2)] over
    // the 16 candidates' types (multinomial).
    let k = CANDIDATES;
    let fact = |n: usize| (1..=n).map(|i| i as f64).product::<f64>();
    let mut posterior = 0.0;
    for n0 in 0..=k {
        for n1 in 0..=k - n0 {
            for n2 in 0..=k - n0 - n1 {
                let n3 = k - n0 - n1 - n2;
                let n = [n0, n1, n2, n3];
                let prob = fact(k) / n.iter().map(|&m| fact(m)).product::<f64>()
                    * n.iter()
                        .zip(p)
                        .map(|(&m, q)| q.powi(m as i32))
                        .product::<f64>();
                let (f, l) = (|m: usize| m as f64, LAPSE);
                let weight = f(n0) + f(n1 + n2) * l + f(n3) * l * l;
                posterior += prob * (f(n0) + f(n2) * l) / weight;
            }
        }
    }
    let uniform = none_of(s);
    assert!(posterior > 0.9 && uniform < 0.7, "{posterior} {uniform}");
    shares_match(&mut sim, &start, [uniform, posterior], |sim| {
        let board = Board::read(sim.rules(), sim.world());
        assert_eq!(board.count(Zone::Hand(Seat(1))), 3);
        !board.hand(Seat(1)).any(|c| saves(deck.card(c).name))
    });
}

/// identity4: P0 slashes P1, who has no jink; P1 draws `drawn` and a slash, discards slash/C2;
/// P2 snatches a card of P1's hand blind (picked by chance: P1 wears nothing, so P2 is not
/// asked).
fn snatched_after_a_pass(drawn: &str, seed: u64) -> Sim<Sgs> {
    let json = format!(
        r#"{{"mode": "identity4", "current": 0, "phase": "play",
        "pile": ["{drawn}", "slash/C3", "slash/C4", "slash/C5"], "seats": [
        {{"role": "lord", "hp": 4, "hand": ["slash/S7"]}},
        {{"role": "loyalist", "hp": 4, "hand": ["peach/H4", "slash/C2"]}},
        {{"role": "rebel", "hp": 4, "hand": ["snatch/S3"]}},
        {{"role": "renegade", "hp": 4, "hand": []}}]}}"#
    );
    let mut sim = from_position(&json, seed);
    let use_on = |sim: &Sim<Sgs>, name: &str, target: u8| SgsAction::Use {
        card: card(sim, name),
        target: Some(Seat(target)),
    };
    let discard = SgsAction::Discard {
        card: card(&sim, "slash/C2"),
    };
    let script = [
        (0, use_on(&sim, "slash/S7", 1)),
        (0, SgsAction::End),
        (1, SgsAction::End),
        (1, discard),
        (2, use_on(&sim, "snatch/S3", 1)),
    ];
    for (seat, action) in script {
        assert_eq!(sim.turn(), Turn::Player(Seat(seat)), "{action:?}");
        sim.apply(action).unwrap();
    }
    sim
}

#[test]
fn a_card_snatched_blind_tells_the_evidence_nothing() {
    use alea_games::games::sgs::evidence::Denial;
    // P1's drawn card is a jink in one world and not in the other; P2 may snatch it. P3 sees
    // the same table in both, and so must the evidence it reads.
    let mut took_the_drawn_card = 0;
    for seed in 0..24 {
        let mut a = snatched_after_a_pass("jink/D2", seed);
        let mut b = snatched_after_a_pass("dismantlement/S4", seed);
        assert_eq!(a.info_key(Seat(3)), b.info_key(Seat(3)), "seed {seed}");
        assert_eq!(a.state().evidence, b.state().evidence, "seed {seed}");
        // Cleared at the pass with 2 cards; the public discard and the blind snatch may each
        // have been one of them.
        assert_eq!(a.state().evidence.cleared(Seat(1), Denial::Jink), 0);
        let drawn = card(&a, "jink/D2");
        let at = Board::read(a.rules(), a.world()).zone(drawn);
        took_the_drawn_card += u32::from(at == Zone::Hand(Seat(2)));
    }
    assert!(
        took_the_drawn_card > 0,
        "the snatch never took the drawn card"
    );
}

#[test]
fn bayesian_players_play_whole_games_alike_on_any_thread_count() {
    let one = cli(
        "alea simulate sgs --mode identity4 --players smart-bayes:4,ismcts-bayes:20,smart:4,trust \
         --games 6 --seed 3 --threads 1 --json",
    )
    .unwrap();
    let two = cli(
        "alea simulate sgs --mode identity4 --players smart-bayes:4,ismcts-bayes:20,smart:4,trust \
         --games 6 --seed 3 --threads 2 --json",
    )
    .unwrap();
    let strip = |text: &str| {
        let mut json: serde_json::Value = serde_json::from_str(text).unwrap();
        for key in ["threads", "games_per_second"] {
            json.as_object_mut().unwrap().remove(key);
        }
        json
    };
    let (one, two) = (strip(&one), strip(&two));
    assert_eq!(one, two);
    assert_eq!(one["games"], 6);
    assert_eq!(one["seats"][0]["player"], "smart-bayes:4");
    assert_eq!(one["seats"][1]["player"], "ismcts-bayes:20");
}

#[test]
fn positions_go_on_from_any_phase() {
    let at = |phase: &str| {
        let json = format!(
            r#"{{"mode": "1v1", "current": 1, "phase": "{phase}", "seats": [
            {{"role": "lord", "hp": 4}},
            {{"role": "rebel", "hp": 2, "hand": ["jink/D2", "jink/D3", "slash/S7"]}}],
            "pile": ["peach/H3", "peach/H4", "slash/S8", "slash/S9"]}}"#
        );
        from_position(&json, 0)
    };
    let hand = |sim: &Sim<Sgs>, s| Board::read(sim.rules(), sim.world()).hand(Seat(s)).len();
    for phase in ["start", "judge", "draw"] {
        let sim = at(phase);
        // The rebel drew the top two, and plays.
        assert_eq!(
            (sim.state().current, sim.state().phase),
            (Seat(1), Phase::Play),
            "{phase}"
        );
        assert_eq!(hand(&sim, 1), 5, "{phase}");
        assert!(sim.legal_actions().contains(&SgsAction::End));
    }
    let sim = at("play");
    assert_eq!((sim.state().phase, hand(&sim, 1)), (Phase::Play, 3));
    // Discard: 3 cards over hp 2, one to discard.
    let mut sim = at("discard");
    assert_eq!(sim.state().phase, Phase::Discard);
    assert_eq!(sim.legal_actions().len(), 3);
    sim.apply(sim.legal_actions()[0]).unwrap();
    // Then the lord's turn: a new round, its draw from the pile's top.
    assert_eq!((sim.state().current, sim.state().round), (Seat(0), 2));
    assert_eq!(hand(&sim, 0), 2);
    let sim = at("finish");
    assert_eq!(
        (sim.state().current, hand(&sim, 1), hand(&sim, 0)),
        (Seat(0), 3, 2)
    );
}

#[test]
fn a_depth_limit_below_what_the_start_needs_is_an_error_not_a_panic() {
    let builder = SimBuilder::new(Sgs::default()).depth_limit(2);
    assert!(matches!(
        builder.try_build(),
        Err(alea::kernel::SimError::Pipeline(
            alea::pipeline::PipelineError::TooDeep { limit: 2 }
        ))
    ));
    assert!(
        SimBuilder::new(Sgs::default())
            .depth_limit(8)
            .try_build()
            .is_ok()
    );
}

#[test]
fn replays_of_sgs_games_verify_and_a_changed_one_does_not() {
    let dir = crate::scratch("sgs-replay");
    let path = dir.join("games.jsonl");
    let file = path.to_str().unwrap();
    for players in ["random", "trust,random", "random,trust,random,trust"] {
        let mode = if players.matches(',').count() == 3 {
            "identity4"
        } else {
            "1v1"
        };
        cli(&format!(
            "alea simulate sgs --mode {mode} --players {players} --games 40 --seed 2 --out {file}"
        ))
        .unwrap();
        assert_eq!(
            cli(&format!("alea replay {file}")).unwrap(),
            "40 games, all verified\n"
        );
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let first = text.lines().next().unwrap();
    // Another checksum: replayed, and reported.
    let mut record: serde_json::Value = serde_json::from_str(first).unwrap();
    record["checksum"] = serde_json::json!("0000000000000000");
    std::fs::write(&path, format!("{record}\n")).unwrap();
    let err = cli(&format!("alea replay {file}")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "1 of 1 replayed games differ from their records"
    );
    // An action that is not legal where it comes: refused, naming the line and the action.
    let mut record: serde_json::Value = serde_json::from_str(first).unwrap();
    record["actions"][0] = serde_json::json!({"discard": {"card": 80}});
    std::fs::write(&path, format!("{record}\n")).unwrap();
    let err = cli(&format!("alea replay {file}")).unwrap_err().to_string();
    assert!(err.starts_with("line 1, action 0 "), "{err}");
    // A round limit out of range, and a position of another mode: bad rules.
    let mut record: serde_json::Value = serde_json::from_str(first).unwrap();
    record["rules"]["max_rounds"] = serde_json::json!(0);
    std::fs::write(&path, format!("{record}\n")).unwrap();
    let err = cli(&format!("alea replay {file}")).unwrap_err().to_string();
    assert!(err.contains("line 1: bad rules: max_rounds 0"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn win_rates_come_with_their_wilson_interval() {
    use alea_cli::cli::wilson_interval;
    let [lo, hi] = wilson_interval(50, 100);
    assert!(
        (lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4,
        "{lo} {hi}"
    );
    let [lo, hi] = wilson_interval(0, 10);
    assert_eq!(lo, 0.0);
    assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
    assert_eq!(wilson_interval(3, 0), [0.0, 1.0]);
}

/// The kernel's `Sim::set_zone` on sgs: a hand set whole is exactly the cards named (as many as
/// it held), the draw pile set whole is drawn in the order given, the game's records follow.
#[test]
fn a_hand_and_the_pile_set_whole_are_exactly_the_cards_named() {
    use alea::determinize::DeterminizeError;
    use alea::kernel::CardId;
    let mut sim = SimBuilder::new(Sgs::default()).seed(5).build();
    let Turn::Player(mover) = sim.turn() else {
        panic!("a game starts with a move")
    };
    let id = |c: u8| CardId(u16::from(c));
    let hand = |sim: &Sim<Sgs>| sim.state().holdings.hand(mover).collect::<Vec<u8>>();
    let held = hand(&sim).len();
    let pile = sim.state().pile().to_vec();
    let wanted: Vec<u8> = pile[..held].to_vec();
    let before = sim.checksum();
    let short: Vec<CardId> = wanted[1..].iter().map(|&c| id(c)).collect();
    assert_eq!(
        sim.set_zone(Zone::Hand(mover), &short),
        Err(DeterminizeError::WrongSize {
            zone: Zone::Hand(mover),
            asked: held - 1,
            holds: held
        })
    );
    assert_eq!(sim.checksum(), before);
    let cards: Vec<CardId> = wanted.iter().map(|&c| id(c)).collect();
    sim.set_zone(Zone::Hand(mover), &cards).unwrap();
    invariants(sim.world(), sim.table(), sim.state());
    let mut now = hand(&sim);
    now.sort_unstable();
    let mut expected = wanted.clone();
    expected.sort_unstable();
    assert_eq!(now, expected);
    // The pile in a new order, top first: the rotation of its drawing order by one.
    let mut order: Vec<u8> = sim.state().pile().iter().rev().copied().collect();
    order.rotate_left(1);
    let cards: Vec<CardId> = order.iter().map(|&c| id(c)).collect();
    sim.set_zone(Zone::Stock, &cards).unwrap();
    invariants(sim.world(), sim.table(), sim.state());
    let drawn_first: Vec<u8> = sim.state().pile().iter().rev().copied().collect();
    assert_eq!(drawn_first, order);
}

/// The kernel's determinization by hand (`Sim::place_cards`, `Sim::place_on_top`): the mover
/// is given a card from the draw pile and two chosen cards go on top of it. The game's records
/// follow (the invariants), the search from there plays the card given, the next draws take
/// the cards on top, and a refused placement changes nothing.
#[test]
fn a_hand_and_the_pile_top_set_by_card_are_what_play_and_search_meet() {
    use alea::determinize::DeterminizeError;
    use alea::kernel::CardId;
    let mut sim = SimBuilder::new(Sgs::default()).seed(4).build();
    let Turn::Player(mover) = sim.turn() else {
        panic!("a game starts with a move")
    };
    let other = Seat(1 - mover.0);
    let pile = sim.state().pile().to_vec();
    let deck = &sim.rules().game.deck;
    let slash = *pile
        .iter()
        .find(|&&c| deck.card(c).name == CardName::Slash)
        .expect("a slash in the pile");
    let (a, b) = (pile[0], pile[1]); // the bottom two
    let hand = |sim: &Sim<Sgs>, seat: Seat| sim.state().holdings.hand(seat).collect::<Vec<u8>>();
    let held = hand(&sim, mover).len();
    let before = sim.checksum();
    // Refused whole: a card twice, a face-up zone, more cards than the hand holds.
    let id = |c: u8| CardId(u16::from(c));
    let errors = [
        sim.place_cards(Zone::Hand(mover), &[id(slash), id(slash)]),
        sim.place_cards(Zone::DiscardPile, &[id(slash)]),
        sim.place_cards(Zone::Hand(mover), &vec![id(a); held + 1]),
        sim.place_on_top(Zone::Hand(mover), &[id(a)]),
    ];
    assert_eq!(
        errors[0],
        Err(DeterminizeError::Duplicate { card: id(slash) })
    );
    assert!(matches!(
        errors[1],
        Err(DeterminizeError::NotConcealed { .. })
    ));
    assert!(matches!(errors[2], Err(DeterminizeError::TooMany { .. })));
    assert_eq!(
        errors[3],
        Err(DeterminizeError::Unordered {
            zone: Zone::Hand(mover)
        })
    );
    assert_eq!(sim.checksum(), before);

    sim.place_cards(Zone::Hand(mover), &[id(slash)]).unwrap();
    sim.place_on_top(Zone::Stock, &[id(a), id(b)]).unwrap();
    invariants(sim.world(), sim.table(), sim.state());
    assert!(hand(&sim, mover).contains(&slash));
    assert_eq!(hand(&sim, mover).len(), held);
    let top = sim
        .state()
        .pile()
        .iter()
        .rev()
        .take(2)
        .copied()
        .collect::<Vec<u8>>();
    assert_eq!(top, [a, b]);
    assert!(sim.state().knows(mover, slash) && !sim.state().knows(other, slash));

    // The search from here uses the slash it was given.
    let result = ismcts_search(&mut sim, 200, 3).unwrap();
    assert!(
        result
            .stats
            .iter()
            .any(|s| matches!(s.action, SgsAction::Use { card, .. } if card == slash)),
        "{:?}",
        result.stats
    );
    // The next draw takes the top: end the turn and play on until the other seat has drawn.
    let mut rng = random_player_rng(4);
    sim.apply(SgsAction::End).unwrap();
    while !hand(&sim, other).contains(&a) {
        let action = random_choice(sim.pending_decision(), &mut rng).expect("the game goes on");
        sim.apply(action).unwrap();
    }
    assert!(
        hand(&sim, other).contains(&b),
        "the two cards on top are drawn together"
    );
}
