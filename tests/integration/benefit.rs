//! Benefit simulation: the ledger on DESIGN §11's worked positions, AI hooks (adjust, change,
//! stop), the nesting cap, the world left bit-identical without allocating, no leak, the
//! benefit stage as a system, `alea think`.

use alea::benefit::{Answers, BenefitGame, BenefitSystems, Ledger, Simulator, adjust, stop};
use alea::kernel::{
    Decision, EventKind, Game, GameEvent, Rollback, Rules, Seat, Setup, Sim, SimBuilder, Table,
};
use alea::pipeline::{Ctx, Flow, Listener, Property, RootEvents, Timing};
use alea_games::games::sgs::{Position, Sgs, SgsAction, Smart};
use bevy_ecs::prelude::*;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::alloc_count::allocations_during;
use crate::{cli, cli_argv};

fn position(json: &str, seed: u64) -> Sim<Sgs> {
    let deck = Sgs::default().deck;
    let game = Sgs::default().with_position(Position::from_json(json, &deck).unwrap());
    SimBuilder::new(game)
        .seed(seed)
        .rollback(Rollback::Caller)
        .build()
}

fn card(sim: &Sim<Sgs>, notation: &str) -> u8 {
    let deck = &sim.rules().game.deck;
    deck.copies(notation.parse().unwrap()).next().unwrap()
}

fn uses(sim: &Sim<Sgs>, notation: &str, target: Option<u8>) -> SgsAction {
    SgsAction::Use {
        card: card(sim, notation),
        target: target.map(Seat),
    }
}

/// The lord to move, wounded, with a black and a red slash, a peach, ex nihilo, dismantlement
/// and snatch; the rebel's only card its equipped nioh shield.
const WORKED: &str = r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
    {"role": "lord", "hp": 3, "hand": ["slash/S7", "slash/H10", "peach/H3", "ex_nihilo/H7",
                                       "dismantlement/S3", "snatch/S4"]},
    {"role": "rebel", "hp": 4, "equip": ["nioh_shield/C2"]}]}"#;

#[test]
fn the_ledger_gives_designs_worked_values() {
    for answers in [Answers::Optimistic, Answers::default()] {
        let mut sim = position(WORKED, 1);
        let mut simulator = Simulator::<Sgs>::new(answers);
        let cases = [
            (uses(&sim, "slash/S7", Some(1)), -90.0),
            (uses(&sim, "slash/H10", Some(1)), 110.0),
            (uses(&sim, "peach/H3", None), 110.0),
            (uses(&sim, "ex_nihilo/H7", None), 90.0),
            (uses(&sim, "dismantlement/S3", Some(1)), 20.0),
            (uses(&sim, "snatch/S4", Some(1)), 110.0),
            (SgsAction::End, 0.0),
        ];
        let actions: Vec<SgsAction> = cases.iter().map(|c| c.0).collect();
        let mut values = Vec::new();
        simulator
            .evaluate(&mut sim, &actions, 5, &mut values)
            .unwrap();
        for ((action, want), got) in cases.iter().zip(&values) {
            assert_eq!(got, want, "{answers:?} {action:?}");
        }
    }
    // A black slash on an unarmored rebel, and with the qinggang sword against nioh: 110.
    let mut sim = position(
        r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7"]}, {"role": "rebel", "hp": 4}]}"#,
        1,
    );
    let slash = uses(&sim, "slash/S7", Some(1));
    let mut optimistic = Simulator::<Sgs>::new(Answers::Optimistic);
    assert_eq!(optimistic.value(&mut sim, slash, 1).unwrap(), 110.0);
    let mut sim = position(
        r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7"], "equip": ["qinggang_sword/S6"]},
        {"role": "rebel", "hp": 4, "equip": ["nioh_shield/C2"]}]}"#,
        1,
    );
    assert_eq!(optimistic.value(&mut sim, slash, 1).unwrap(), 110.0);
}

#[test]
fn a_friends_loss_counts_as_ones_own_and_a_hidden_seat_by_expectation() {
    // The lord snatches its loyalist's crossbow: the loyalist is hidden to the lord, a friend
    // one time in three (loyalist, rebel or renegade): −90 + 90 − 110 × (−1/3).
    let json = r#"{"mode": "identity4", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["snatch/S4", "peach/H3"]},
        {"role": "loyalist", "hp": 3, "equip": ["crossbow/CA"]},
        {"role": "rebel", "hp": 4}, {"role": "renegade", "hp": 4}]}"#;
    let mut sim = position(json, 1);
    let snatch = uses(&sim, "snatch/S4", Some(1));
    let mut optimistic = Simulator::<Sgs>::new(Answers::Optimistic);
    let value = optimistic.value(&mut sim, snatch, 1).unwrap();
    assert!((value - 110.0 / 3.0).abs() < 1e-9, "{value}");
    // The same snatch by the loyalist's own seat's friend who knows: the rebel is revealed
    // dead... here the loyalist snatches from the lord, whom it knows is a friend:
    // −90 + 90 − 110 = −110.
    let json = r#"{"mode": "identity4", "current": 1, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "equip": ["crossbow/CA"]},
        {"role": "loyalist", "hp": 3, "hand": ["snatch/S4"]},
        {"role": "rebel", "hp": 4}, {"role": "renegade", "hp": 4}]}"#;
    let mut sim = position(json, 1);
    let snatch = uses(&sim, "snatch/S4", Some(0));
    assert_eq!(optimistic.value(&mut sim, snatch, 1).unwrap(), -110.0);
}

#[test]
fn a_simulation_leaves_the_world_bit_identical_and_allocates_nothing_once_warm() {
    for answers in [Answers::Optimistic, Answers::default()] {
        let mut sim = position(WORKED, 3);
        sim.record_events(true);
        let before = sim.checksum();
        let legal = sim.legal_actions().to_vec();
        let mut simulator = Simulator::<Sgs>::new(answers);
        let mut values = Vec::new();
        simulator
            .evaluate(&mut sim, &legal, 1, &mut values)
            .unwrap();
        assert_eq!(sim.checksum(), before);
        assert!(sim.events().is_empty() && sim.effects().is_empty());
        // Warm up: the buffers grow to what these simulations need.
        for seed in 2..40 {
            simulator
                .evaluate(&mut sim, &legal, seed, &mut values)
                .unwrap();
        }
        let allocations = allocations_during(|| {
            for seed in 2..40 {
                simulator
                    .evaluate(&mut sim, &legal, seed, &mut values)
                    .unwrap();
            }
        });
        assert_eq!(allocations, 0, "{answers:?}");
        assert_eq!(sim.checksum(), before);
        assert_eq!(sim.watch().mode, alea::pipeline::Mode::Play);
    }
}

/// Two identity4 worlds that differ only in what P1 (a loyalist, to move) cannot see: the
/// other hands, the pile, and which hidden seat is the rebel and which the renegade.
const HIDDEN_A: &str = r#"{"mode": "identity4", "current": 1, "phase": "play", "seats": [
    {"role": "lord", "hp": 3, "hand": ["jink/D2", "peach/H4"]},
    {"role": "loyalist", "hp": 4, "hand": ["slash/S7", "dismantlement/S3", "snatch/S4", "peach/H3"]},
    {"role": "rebel", "hp": 2, "hand": ["jink/D3", "nullification/CQ", "slash/C2"]},
    {"role": "renegade", "hp": 3, "hand": ["jink/D4"], "equip": ["crossbow/CA"]}]}"#;
const HIDDEN_B: &str = r#"{"mode": "identity4", "current": 1, "phase": "play", "seats": [
    {"role": "lord", "hp": 3, "hand": ["slash/D6", "analeptic/S9"]},
    {"role": "loyalist", "hp": 4, "hand": ["slash/S7", "dismantlement/S3", "snatch/S4", "peach/H3"]},
    {"role": "renegade", "hp": 2, "hand": ["peach/H6", "ex_nihilo/H8", "jink/D5"]},
    {"role": "rebel", "hp": 3, "hand": ["slash/C3"], "equip": ["crossbow/CA"]}]}"#;

#[test]
fn smartai_decides_alike_in_worlds_it_cannot_tell_apart() {
    for answers in [Answers::Optimistic, Answers::default()] {
        let mut a = position(HIDDEN_A, 1);
        let mut b = position(HIDDEN_B, 2);
        assert_eq!(a.info_key(Seat(1)), b.info_key(Seat(1)));
        assert_ne!(a.checksum(), b.checksum());
        let ta = Smart::new(answers).think(&mut a, 9).unwrap().unwrap();
        let tb = Smart::new(answers).think(&mut b, 9).unwrap().unwrap();
        assert_eq!(ta, tb, "{answers:?}");
        // The decision is not trivial: several actions, different benefits.
        assert!(ta.actions.len() >= 5);
        assert!(ta.actions[0].1 > ta.actions[ta.actions.len() - 1].1);
    }
}

#[test]
fn smartai_plays_the_best_card_above_the_threshold_and_answers_by_its_rules() {
    let mut sim = position(WORKED, 1);
    let mut smart = Smart::new(Answers::Optimistic);
    // 110 is the best (three actions tie; the choice is one of them).
    let choice = smart.choose(&mut sim, 1).unwrap().unwrap();
    let best = [
        uses(&sim, "slash/H10", Some(1)),
        uses(&sim, "peach/H3", None),
        uses(&sim, "snatch/S4", Some(1)),
    ];
    assert!(best.contains(&choice), "{choice:?}");
    // Nothing worth more than −1 left: the phase ends.
    let mut sim = position(
        r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["slash/S7", "analeptic/S3"]},
        {"role": "rebel", "hp": 4, "equip": ["nioh_shield/C2"]}]}"#,
        1,
    );
    assert_eq!(smart.choose(&mut sim, 1).unwrap(), Some(SgsAction::End));
    // Over the hand limit, the threshold drops: 2 cards over → −180, the −90 slash goes.
    let mut sim = position(
        r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 1, "hand": ["slash/S7", "jink/D2", "jink/D3"]},
        {"role": "rebel", "hp": 4, "equip": ["nioh_shield/C2"]}]}"#,
        1,
    );
    assert_eq!(
        smart.choose(&mut sim, 1).unwrap(),
        Some(uses(&sim, "slash/S7", Some(1)))
    );
    // The discard phase: the card worth least to keep (a jink, 100, before a peach, 200).
    let mut sim = position(
        r#"{"mode": "1v1", "current": 0, "phase": "discard", "seats": [
        {"role": "lord", "hp": 1, "hand": ["peach/H3", "jink/D2"]},
        {"role": "rebel", "hp": 4}]}"#,
        1,
    );
    let jink = card(&sim, "jink/D2");
    assert_eq!(
        smart.choose(&mut sim, 1).unwrap(),
        Some(SgsAction::Discard { card: jink })
    );
}

#[test]
fn smartai_nullifies_an_enemy_trick_and_keeps_its_card_otherwise() {
    // The rebel dismantles the lord (SmartAI), who holds a nullification and wears two cards:
    // passing loses one of its three cards (two worth 110), nullifying loses the card (90).
    let json = r#"{"mode": "1v1", "current": 1, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["nullification/SJ"],
         "equip": ["crossbow/CA", "nioh_shield/C2"]},
        {"role": "rebel", "hp": 4, "hand": ["dismantlement/S3"]}]}"#;
    let mut sim = position(json, 1);
    let dismantle = uses(&sim, "dismantlement/S3", Some(0));
    sim.apply(dismantle).unwrap();
    assert_eq!(sim.turn(), alea::kernel::Turn::Player(Seat(0)));
    let mut smart = Smart::new(Answers::default());
    assert_eq!(
        smart.choose(&mut sim, 1).unwrap(),
        Some(SgsAction::Respond(
            alea_games::games::sgs::CardName::Nullification
        ))
    );
    // Its own ex nihilo: no reason to nullify it.
    let json = r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["nullification/SJ", "ex_nihilo/H7"]},
        {"role": "rebel", "hp": 4}]}"#;
    let mut sim = position(json, 1);
    let ex_nihilo = uses(&sim, "ex_nihilo/H7", None);
    sim.apply(ex_nihilo).unwrap();
    assert_eq!(smart.choose(&mut sim, 1).unwrap(), Some(SgsAction::Pass));
}

// ---- A small game for hooks and the cap ----

/// Seat 1 loses `amount` hp per `Hit`; a `Chain` re-emits itself forever.
#[derive(Clone, Debug, Default)]
struct Ladder {
    hooks: Vec<(&'static str, Option<&'static str>)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum LadderAction {
    Hit,
    Chain,
    Roll,
    RollTwice,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum LadderEvent {
    Hit {
        amount: i64,
    },
    Chain,
    /// The enemy loses 1 hp (weight 1) or 3 (weight 3); after a 3, rolls `again`.
    Roll {
        again: bool,
    },
}

impl GameEvent for LadderEvent {
    fn kind(&self) -> EventKind {
        match self {
            LadderEvent::Hit { .. } => 0,
            LadderEvent::Chain => 1,
            LadderEvent::Roll { .. } => 2,
        }
    }
}

/// 1 hp one time in four, 3 hp three times in four.
struct Die;

impl alea::chance::CaseGenerator for Die {
    type Outcome = i64;
    fn name(&self) -> &'static str {
        "die"
    }
    fn max_case(&self) -> u32 {
        2
    }
    fn produce(&self, case: u32) -> i64 {
        [1, 3][case as usize]
    }
    fn weight(&self, case: u32) -> u32 {
        [1, 3][case as usize]
    }
}

/// Seat 1's hp.
#[derive(Component, Clone, Copy, Debug, Hash, PartialEq, Eq)]
struct Hp(i64);

fn lose(ctx: &mut Ctx<'_, Ladder>, amount: i64) {
    let target = ctx.rules().player(Seat(1));
    let before = ctx.world().get::<Hp>(target).map_or(0, |h| h.0);
    if let Some(mut hp) = ctx.world().get_mut::<Hp>(target) {
        hp.0 = before - amount;
    }
    ctx.changed(target, Property::HP, before, before - amount);
}

fn plain(_: &mut Ctx<'_, Ladder>, _: &mut LadderEvent) -> Flow {
    Flow::Continue
}

fn plus_seven(ctx: &mut Ctx<'_, Ladder>, _: &mut LadderEvent) -> Flow {
    adjust(ctx, 7.0);
    Flow::Continue
}

fn double(_: &mut Ctx<'_, Ladder>, event: &mut LadderEvent) -> Flow {
    if let LadderEvent::Hit { amount } = event {
        *amount *= 2;
    }
    Flow::Continue
}

fn halt(ctx: &mut Ctx<'_, Ladder>, _: &mut LadderEvent) -> Flow {
    stop(ctx);
    Flow::Continue
}

/// After the hit: one more hp (counted unless the simulation stopped).
fn one_more(ctx: &mut Ctx<'_, Ladder>, _: &mut LadderEvent) -> Flow {
    lose(ctx, 1);
    Flow::Continue
}

impl Game for Ladder {
    type Action = LadderAction;
    type Event = LadderEvent;
    type State = ();

    fn name(&self) -> &'static str {
        "ladder"
    }

    fn seats(&self) -> u8 {
        2
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        setup.spawn_player(Seat(0), Hp(10));
        setup.spawn_player(Seat(1), Hp(10));
        setup.snapshot_component::<Hp>();
        setup.insert_resource(Ledger::default());
        let handlers = [
            ("plain", setup.handler("plain", plain)),
            ("plus_seven", setup.handler("plus_seven", plus_seven)),
            ("double", setup.handler("double", double)),
            ("halt", setup.handler("halt", halt)),
            ("one_more", setup.handler("one_more", one_more)),
        ];
        let id = |name: &str| handlers.iter().find(|h| h.0 == name).unwrap().1;
        for &(handler, hook) in &self.hooks {
            let timing = match handler {
                "one_more" => Timing::After,
                _ => Timing::Before,
            };
            let mut listener = Listener::new(0, timing, id(handler));
            if let Some(hook) = hook {
                listener = listener.ai_hook(id(hook));
            }
            setup.spawn_listener(listener, ());
        }
    }

    fn translate(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &(),
        _: Seat,
        action: LadderAction,
        out: &mut RootEvents<'_, LadderEvent>,
    ) {
        out.push(match action {
            LadderAction::Hit => LadderEvent::Hit { amount: 1 },
            LadderAction::Chain => LadderEvent::Chain,
            LadderAction::Roll => LadderEvent::Roll { again: false },
            LadderAction::RollTwice => LadderEvent::Roll { again: true },
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut LadderEvent) -> Flow {
        match *event {
            LadderEvent::Hit { amount } => lose(ctx, amount),
            LadderEvent::Chain => {
                lose(ctx, 1);
                ctx.emit(LadderEvent::Chain);
            }
            LadderEvent::Roll { again } => {
                let hp = ctx.chance(&Die);
                lose(ctx, hp);
                if again && hp == 3 {
                    ctx.emit(LadderEvent::Roll { again: false });
                }
            }
        }
        Flow::Continue
    }

    fn next_decision(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &(),
        d: &mut Decision<LadderAction>,
    ) {
        d.ask(
            Seat(0),
            [
                LadderAction::Hit,
                LadderAction::Chain,
                LadderAction::Roll,
                LadderAction::RollTwice,
            ],
        );
    }

    fn returns(_: &Rules<Self>, _: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        out.clear();
        out.resize(2, 0.0);
    }
}

impl BenefitGame for Ladder {
    fn relations(_: &Sim<Self>, _: Seat) -> [f64; alea::search::MAX_SEATS] {
        let mut r = [0.0; alea::search::MAX_SEATS];
        r[0] = 1.0;
        r[1] = -1.0;
        r
    }
    fn trust(sim: &Sim<Self>, _: &mut ChaCha8Rng) -> LadderAction {
        sim.legal_actions()[0]
    }
    fn decline(_: &Sim<Self>) -> Option<LadderAction> {
        None
    }
}

fn ladder(hooks: &[(&'static str, Option<&'static str>)]) -> Sim<Ladder> {
    SimBuilder::new(Ladder {
        hooks: hooks.to_vec(),
    })
    .rollback(Rollback::Caller)
    .build()
}

#[test]
fn ai_hooks_run_instead_of_handlers_and_adjust_change_or_stop_the_simulation() {
    let hit = LadderAction::Hit;
    let mut simulator = Simulator::<Ladder>::new(Answers::Optimistic);
    // No listener: the enemy loses 1 hp, worth 200.
    assert_eq!(simulator.value(&mut ladder(&[]), hit, 0).unwrap(), 200.0);
    // A hook that adjusts the ledger: +7, and only in simulation.
    let mut sim = ladder(&[("plain", Some("plus_seven"))]);
    assert_eq!(simulator.value(&mut sim, hit, 0).unwrap(), 207.0);
    // A hook that changes the event: the hit doubled in simulation (the handler leaves it).
    let mut sim = ladder(&[("plain", Some("double"))]);
    assert_eq!(simulator.value(&mut sim, hit, 0).unwrap(), 400.0);
    sim.apply(hit).unwrap();
    let target = sim.rules().player(Seat(1));
    assert_eq!(
        sim.world().get::<Hp>(target),
        Some(&Hp(9)),
        "play runs the handler"
    );
    // A hook that stops: it runs before the rules (a *before* listener), so nothing after it
    // counts — neither the hit, nor the after listener's extra hp, nor a later adjustment.
    let mut sim = ladder(&[("plain", Some("halt")), ("one_more", None)]);
    assert_eq!(simulator.value(&mut sim, hit, 0).unwrap(), 0.0);
    let mut sim = ladder(&[("plain", Some("halt")), ("one_more", Some("plus_seven"))]);
    assert_eq!(simulator.value(&mut sim, hit, 0).unwrap(), 0.0);
    // Without the stop, the after listener's extra hp counts too.
    let mut sim = ladder(&[("one_more", None)]);
    assert_eq!(simulator.value(&mut sim, hit, 0).unwrap(), 400.0);
}

#[test]
fn nesting_past_the_benefit_cap_is_prevented_not_an_error() {
    let mut sim = ladder(&[]);
    let before = sim.checksum();
    let mut simulator = Simulator::<Ladder>::new(Answers::Optimistic);
    // An endless chain: depths 1..=30 resolve (each −1 hp of the enemy), the rest is prevented.
    assert_eq!(
        simulator.value(&mut sim, LadderAction::Chain, 0).unwrap(),
        30.0 * 200.0
    );
    assert_eq!(sim.checksum(), before);
    sim.set_benefit_cap(5);
    assert_eq!(
        simulator.value(&mut sim, LadderAction::Chain, 0).unwrap(),
        5.0 * 200.0
    );
    assert_eq!(sim.prevented(), 0, "a simulation leaves no count behind");
    // Applied in benefit mode by hand: five levels, then one prevented event.
    sim.set_mode(alea::pipeline::Mode::Benefit);
    sim.apply(LadderAction::Chain).unwrap();
    assert_eq!(sim.prevented(), 1);
    let target = sim.rules().player(Seat(1));
    assert_eq!(sim.world().get::<Hp>(target), Some(&Hp(5)));
    // In play the same chain is an error past the depth limit, rolled back.
    let mut sim = SimBuilder::new(Ladder::default()).depth_limit(40).build();
    assert!(sim.apply(LadderAction::Chain).is_err());
}

#[derive(Resource)]
struct Seen(f64);

/// A user system between the pipeline and the benefit stage: what the ledger holds there.
fn peek(ledger: Res<Ledger>, mut seen: ResMut<Seen>) {
    seen.0 = ledger.total;
}

#[test]
fn the_benefit_stage_is_a_system_in_its_set() {
    use alea::kernel::{PipelineSystems, RunMode};
    let mut sim = SimBuilder::new(Ladder::default())
        .run_mode(RunMode::Schedule)
        .build();
    sim.world_mut().insert_resource(Seen(-1.0));
    let schedule = sim.schedule_mut().unwrap();
    alea::benefit::add_stages::<Ladder>(schedule);
    schedule.add_systems(
        peek.after(PipelineSystems::Resolve)
            .before(BenefitSystems::Score),
    );
    let relations = Ladder::relations(&sim, Seat(0));
    sim.world_mut()
        .resource_mut::<Ledger>()
        .start(Seat(0), relations);
    sim.set_mode(alea::pipeline::Mode::Benefit);
    sim.record_effects(true);
    sim.apply(LadderAction::Hit).unwrap();
    assert_eq!(sim.world().resource::<Seen>().0, 0.0, "not scored yet");
    assert_eq!(sim.world().resource::<Ledger>().total, 200.0);
}

#[test]
fn think_lists_every_action_with_its_benefit_and_smartais_choice() {
    let dir = crate::scratch("think");
    let path = dir.join("worked.json");
    std::fs::write(&path, WORKED).unwrap();
    let file = path.to_str().unwrap();
    let out = cli_argv([
        "alea",
        "think",
        "sgs",
        "--position",
        file,
        "--answers",
        "optimistic",
        "--json",
    ])
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["seat"], 0);
    let actions = json["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 7);
    let benefits: Vec<f64> = actions
        .iter()
        .map(|a| a["benefit"].as_f64().unwrap())
        .collect();
    assert_eq!(benefits, [110.0, 110.0, 110.0, 90.0, 20.0, 0.0, -90.0]);
    let black = actions.iter().find(|a| a["card"] == "slash/S7").unwrap();
    assert_eq!(black["targets"], serde_json::json!([1]));
    assert_eq!(black["action"], "slash/S7 on P1");
    let end = actions
        .iter()
        .find(|a| a["action"] == "end the play phase")
        .unwrap();
    assert!(end.get("card").is_none());
    assert_eq!(end["targets"], serde_json::json!([]));
    let choice = json["choice"].as_str().unwrap();
    assert!(
        ["slash/H10 on P1", "peach/H3", "snatch/S4 on P1"].contains(&choice),
        "{choice}"
    );
    let text = cli(&format!("alea think sgs --position {file}")).unwrap();
    assert!(
        text.contains("sampled answers (TrustAI), 8 worlds"),
        "{text}"
    );
    assert!(text.contains("   -90.0  slash/S7 on P1"), "{text}");
    let err = cli(&format!(
        "alea think sgs --position {file} --answers optimistic --worlds 4"
    ))
    .unwrap_err();
    assert_eq!(err.exit_code(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_small_chance_point_is_enumerated_exactly_and_two_are_sampled() {
    let mut simulator = Simulator::<Ladder>::new(Answers::Optimistic);
    let mut sim = ladder(&[]);
    // One roll: 1/4 × 200 + 3/4 × 600, whatever the seed.
    for seed in 0..5 {
        assert_eq!(
            simulator.value(&mut sim, LadderAction::Roll, seed).unwrap(),
            500.0
        );
    }
    // A roll that may roll again meets two chance points in one action: forcing a case
    // would force both (950 instead of 875), so the action keeps its sample.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let value = simulator
            .value(&mut sim, LadderAction::RollTwice, seed)
            .unwrap();
        assert!([200.0, 800.0, 1200.0].contains(&value), "{value}");
        seen.insert(value as i64);
    }
    assert!(seen.len() >= 2, "{seen:?}");
}

#[test]
fn an_actions_benefit_does_not_depend_on_what_was_valued_before_it() {
    for answers in [Answers::Optimistic, Answers::default()] {
        let mut sim = position(HIDDEN_A, 1);
        let legal = sim.legal_actions().to_vec();
        let mut simulator = Simulator::<Sgs>::new(answers);
        let mut all = Vec::new();
        simulator.evaluate(&mut sim, &legal, 4, &mut all).unwrap();
        for (i, &action) in legal.iter().enumerate() {
            let alone = simulator.value(&mut sim, action, 4).unwrap();
            assert_eq!(alone, all[i], "{answers:?} {action:?}");
        }
        let twice = [legal[0], legal[0]];
        let mut values = Vec::new();
        simulator
            .evaluate(&mut sim, &twice, 4, &mut values)
            .unwrap();
        assert_eq!(values[0], values[1]);
    }
}

#[test]
fn the_simulator_works_on_any_sim_and_looks_no_further_than_the_turn() {
    use alea::kernel::RunMode;
    let deck = Sgs::default().deck;
    let game = Sgs::default().with_position(Position::from_json(WORKED, &deck).unwrap());
    let builders = [
        SimBuilder::new(game.clone()).seed(1),
        SimBuilder::new(game.clone())
            .seed(1)
            .run_mode(RunMode::Schedule),
        SimBuilder::new(game).seed(1).rollback(Rollback::Caller),
    ];
    let mut results = Vec::new();
    for builder in builders {
        let mut sim = builder.build();
        let before = sim.checksum();
        let legal = sim.legal_actions().to_vec();
        let mut values = Vec::new();
        Simulator::<Sgs>::new(Answers::default())
            .evaluate(&mut sim, &legal, 2, &mut values)
            .unwrap();
        assert_eq!(sim.checksum(), before);
        results.push(values);
    }
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0], results[2]);
    // Ending the phase with a hand that fits: the next seat's turn (its draw) is not counted.
    let mut sim = position(
        r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
        {"role": "lord", "hp": 4, "hand": ["jink/D2"]}, {"role": "rebel", "hp": 4}]}"#,
        1,
    );
    let mut simulator = Simulator::<Sgs>::new(Answers::default());
    assert_eq!(simulator.value(&mut sim, SgsAction::End, 1).unwrap(), 0.0);
}
