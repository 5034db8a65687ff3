//! An action that meets several chance points: each is its own chance node, forced one case
//! at a time ([`Cases`]), listed after the cases before it ([`chance_outcomes_after`]),
//! enumerated by exact expectimax and walked node by node by the registry's states.
//!
//! The game: one seat flips a coin weighted 1:3 (heads is case 0); on heads it then rolls a
//! three-faced die weighted 1:1:2. Its score is 10 for heads plus the die's face (1 to 3);
//! then it stops.

use alea::chance::{Case, CaseGenerator, MAX_FORCED};
use alea::encode::{Bounds, Encode};
use alea::kernel::{
    Decision, Game, GameEvent, Rules, Seat, Setup, Sim, SimBuilder, SimError, Table,
};
use alea::pipeline::{Ctx, Flow, RootEvents};
use alea::registry::{CHANCE, erase};
use alea::search::{Expectimax, Heuristic, apply_cases, chance_outcomes, chance_outcomes_after};
use bevy_ecs::prelude::*;

/// `spoil`: the seat may also [`Act::Spoil`]; `at_setup`: the coin (and die) are thrown by
/// the setup, through chance points like those of play; `restart`: the game restarts in place
/// without forcing the setup's points (a restart outside the contract of `Encode::restart`).
#[derive(Clone, Debug, Default)]
struct CoinDie {
    spoil: bool,
    /// The die is [wide](CaseGenerator::wide): still a chance node, sampled by search.
    wide_die: bool,
    at_setup: bool,
    restart: bool,
    /// The observation panics once the coin has shown heads (a bug in a game's encoding,
    /// outside the pipeline, which catches its own).
    touchy: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
enum Act {
    Flip,
    Stop,
    /// Adds 100 points, then fails (the rules refuse it mid-way).
    Spoil,
    /// Nothing happens.
    Wait,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, GameEvent)]
enum Ev {
    Flip,
    Stop,
    Spoil,
    Wait,
}

/// The score so far and whether the seat has flipped and stopped.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Score {
    points: u32,
    flipped: bool,
    over: bool,
}

struct Coin;
impl CaseGenerator for Coin {
    type Outcome = bool;
    fn name(&self) -> &'static str {
        "coin"
    }
    fn max_case(&self) -> u32 {
        2
    }
    fn produce(&self, case: u32) -> bool {
        case == 0
    }
    fn weight(&self, case: u32) -> u32 {
        [1, 3][case as usize]
    }
}

struct Die3 {
    wide: bool,
}
impl CaseGenerator for Die3 {
    type Outcome = u32;
    fn name(&self) -> &'static str {
        "die3"
    }
    fn max_case(&self) -> u32 {
        3
    }
    fn produce(&self, case: u32) -> u32 {
        case + 1
    }
    fn weight(&self, case: u32) -> u32 {
        [1, 1, 2][case as usize]
    }
    /// Faces named 101, 102, 103 (what the case produces, not its number).
    fn outcome_id(&self, case: u32) -> Option<u32> {
        Some(101 + case)
    }
    fn wide(&self) -> bool {
        self.wide
    }
}

impl Game for CoinDie {
    type Action = Act;
    type Event = Ev;
    type State = ();

    fn name(&self) -> &'static str {
        "coin_die"
    }

    fn seats(&self) -> u8 {
        1
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        setup.spawn_player(Seat(0), ());
        setup.insert_resource(Score::default());
        setup.snapshot_resource::<Score>();
        if self.at_setup {
            setup.emit(Ev::Flip);
        }
    }

    fn translate(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &(),
        _: Seat,
        action: Act,
        out: &mut RootEvents<'_, Ev>,
    ) {
        out.push(match action {
            Act::Flip => Ev::Flip,
            Act::Stop => Ev::Stop,
            Act::Spoil => Ev::Spoil,
            Act::Wait => Ev::Wait,
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut Ev) -> Flow {
        match event {
            Ev::Flip => {
                let heads = ctx.chance(&Coin);
                let wide = ctx.game().wide_die;
                let face = if heads { ctx.chance(&Die3 { wide }) } else { 0 };
                let mut score = ctx.world().resource_mut::<Score>();
                score.points += if heads { 10 } else { 0 } + face;
                score.flipped = true;
            }
            Ev::Stop => ctx.world().resource_mut::<Score>().over = true,
            Ev::Wait => {}
            Ev::Spoil => {
                ctx.world().resource_mut::<Score>().points += 100;
                return ctx.fail("spoiled");
            }
        }
        Flow::Continue
    }

    fn next_decision(
        rules: &Rules<Self>,
        world: &World,
        _: &Table,
        _: &(),
        decision: &mut Decision<Act>,
    ) {
        let score = world.resource::<Score>();
        decision.choices.clear();
        if score.over {
            decision.finish();
            return;
        }
        decision.turn = alea::kernel::Turn::Player(Seat(0));
        if !score.flipped {
            decision.choices.push(Act::Flip);
        }
        decision.choices.push(Act::Stop);
        if rules.game.spoil {
            decision.choices.extend([Act::Spoil, Act::Wait]);
        }
    }

    fn returns(_: &Rules<Self>, world: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        out.clear();
        out.push(f64::from(world.resource::<Score>().points));
    }
}

impl Encode for CoinDie {
    fn num_actions(&self) -> u32 {
        4
    }

    fn action_id(&self, action: &Act) -> u32 {
        *action as u32
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![1]
    }

    fn observation(sim: &Sim<Self>, _: Seat, out: &mut [f32]) {
        let points = sim.world().resource::<Score>().points;
        assert!(
            !(sim.rules().game.touchy && points >= 10),
            "a touchy coin showed heads"
        );
        out[0] = points as f32;
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            min_utility: 0.0,
            max_utility: 13.0,
            zero_sum: false,
            max_chance_outcomes: 3,
            max_game_length: 2,
        }
    }

    fn describe(sim: &Sim<Self>) -> String {
        format!("{:?}", sim.world().resource::<Score>())
    }

    /// With a throw at setup: restores, reseeds and throws again, ignoring any cases set
    /// before the call. Without: resets the score in place, outside the pipeline (as
    /// mahjong's restart does), leaving the last action's chance log as it was.
    fn restart(
        sim: &mut Sim<Self>,
        start: &alea::snapshot::Snapshot,
        seed: u64,
    ) -> Result<bool, alea::kernel::SimError> {
        if !sim.rules().game.restart {
            return Ok(false);
        }
        if sim.rules().game.at_setup {
            sim.restore(start)?;
        }
        sim.reseed(seed);
        sim.world_mut().insert_resource(Score::default());
        if sim.rules().game.at_setup {
            sim.emit([Ev::Flip])?;
        } else {
            sim.refresh_decision();
        }
        Ok(true)
    }
}

fn sim(seed: u64) -> Sim<CoinDie> {
    SimBuilder::new(CoinDie::default()).seed(seed).build()
}

fn points(sim: &Sim<CoinDie>) -> u32 {
    sim.world().resource::<Score>().points
}

/// Each branching point takes its own case, in the order the action meets them; the cases
/// are consumed by the action.
#[test]
fn cases_force_an_actions_points_one_at_a_time() {
    for (cases, expected) in [(&[0, 0][..], 11), (&[0, 2], 13), (&[1], 0), (&[1, 2], 0)] {
        let mut sim = sim(5);
        sim.set_cases(cases).unwrap();
        sim.apply(Act::Flip).unwrap();
        assert_eq!(points(&sim), expected, "cases {cases:?}");
        assert!(sim.chance_log().iter().all(|r| r.forced));
        assert!(sim.next_cases().is_empty(), "consumed");
    }
    // `set_case` drops cases set before it.
    let mut dropped = sim(5);
    dropped.set_cases(&[0, 2]).unwrap();
    dropped.set_case(None);
    assert!(dropped.next_cases().is_empty());
    // `Case` is the path of one: the die after it is sampled.
    let mut sim = sim(5);
    sim.set_case(Some(0));
    sim.apply(Act::Flip).unwrap();
    let log = sim.chance_log();
    assert_eq!((log.len(), log[0].forced, log[1].forced), (2, true, false));
    assert_eq!(*sim.world().resource::<Case>(), Case(None));
}

/// Out of range, a case samples its point and the next case still forces the next point.
#[test]
fn a_case_out_of_range_samples_and_the_rest_still_apply() {
    for seed in 0..40 {
        let mut sim = sim(seed);
        sim.set_cases(&[9, 2]).unwrap();
        sim.apply(Act::Flip).unwrap();
        let log = sim.chance_log();
        assert!(!log[0].forced);
        if log[0].case == 0 {
            assert_eq!((log[1].case, log[1].forced), (2, true));
            assert_eq!(points(&sim), 13);
        }
    }
}

/// Forcing nothing plays the game the streams play: `set_cases(&[])` changes nothing.
#[test]
fn no_case_is_the_seeded_game() {
    for seed in 0..20 {
        let (mut a, mut b) = (sim(seed), sim(seed));
        b.set_cases(&[]).unwrap();
        a.apply(Act::Flip).unwrap();
        b.apply(Act::Flip).unwrap();
        assert_eq!(a.checksum(), b.checksum());
    }
}

/// More cases than an action can take are refused, and nothing changes.
#[test]
fn too_many_cases_are_refused_whole() {
    let mut sim = sim(1);
    let before = sim.checksum();
    let error = sim.set_cases(&[0; MAX_FORCED + 1]).unwrap_err();
    assert!(matches!(error, SimError::TooManyCases { given } if given == MAX_FORCED + 1));
    assert_eq!(
        error.to_string(),
        "17 forced cases: an action takes at most 16"
    );
    assert!(sim.next_cases().is_empty());
    assert_eq!(sim.checksum(), before);
    // Set, the cases wait for the next action and are no part of the checksum.
    sim.set_cases(&[0, 1]).unwrap();
    assert_eq!(sim.checksum(), before);
    assert_eq!(sim.next_cases(), [0, 1]);
}

/// The chance nodes of one action, one after another: the coin, then (after heads only) the
/// die, each with its probabilities given the cases before it; the `Sim` is left as it was.
#[test]
fn an_actions_chance_nodes_are_listed_one_after_another() {
    let mut sim = sim(2);
    let before = sim.checksum();
    assert_eq!(
        chance_outcomes(&mut sim, Act::Flip).unwrap(),
        [(0, 0.25), (1, 0.75)]
    );
    assert_eq!(
        chance_outcomes_after(&mut sim, Act::Flip, &[0]).unwrap(),
        [(0, 0.25), (1, 0.25), (2, 0.5)]
    );
    assert!(
        chance_outcomes_after(&mut sim, Act::Flip, &[1])
            .unwrap()
            .is_empty()
    );
    assert!(
        chance_outcomes_after(&mut sim, Act::Flip, &[0, 1])
            .unwrap()
            .is_empty()
    );
    assert!(chance_outcomes(&mut sim, Act::Stop).unwrap().is_empty());
    // An earlier case out of its point's range: that point would be sampled, no node follows.
    assert!(
        chance_outcomes_after(&mut sim, Act::Flip, &[5])
            .unwrap()
            .is_empty()
    );
    assert_eq!(sim.checksum(), before);
    // The probability of the last case given the ones before; 0 when a case is not taken.
    let start = sim.snapshot();
    for (cases, p) in [
        (&[0, 2][..], 0.5),
        (&[1], 0.75),
        (&[0], 0.25),
        (&[1, 0], 0.0),
    ] {
        assert_eq!(
            apply_cases(&mut sim, Act::Flip, cases).unwrap(),
            p,
            "{cases:?}"
        );
        sim.restore(&start).unwrap();
    }
}

/// Exact expectimax enumerates both points: E = 1/4 × (10 + (1 + 2 + 2 × 3) / 4) = 3.0625.
#[test]
fn exact_expectimax_enumerates_every_point_of_an_action() {
    let mut sim = sim(3);
    let before = sim.checksum();
    let mut search = Expectimax::new(
        2,
        Heuristic(|_: &Sim<CoinDie>, _: &mut alea::search::Values| {}),
    );
    let result = search.search(&mut sim, 0).unwrap();
    assert_eq!(sim.checksum(), before, "restored");
    let flip = result.stats.iter().find(|s| s.action == Act::Flip).unwrap();
    assert!((flip.value - 3.0625).abs() < 1e-12, "{}", flip.value);
    assert_eq!(result.action, Act::Flip);
}

/// A wide die stays a chance node the registry lists with its odds, but exact expectimax takes
/// the world's own roll there: E = 1/4 × (10 + the face this world rolls after heads).
#[test]
fn exact_expectimax_takes_the_world_s_own_draw_at_a_wide_point() {
    let game = CoinDie {
        wide_die: true,
        ..CoinDie::default()
    };
    let mut sim = SimBuilder::new(game.clone()).seed(3).build();
    let start = sim.snapshot();
    apply_cases(&mut sim, Act::Flip, &[0]).unwrap();
    let die = sim.chance_log()[1];
    assert!(die.wide && !die.forced, "{die:?}");
    let face = points(&sim) - 10;
    sim.restore(&start).unwrap();
    let mut search = Expectimax::new(
        2,
        Heuristic(|_: &Sim<CoinDie>, _: &mut alea::search::Values| {}),
    );
    let result = search.search(&mut sim, 0).unwrap();
    let flip = result.stats.iter().find(|s| s.action == Act::Flip).unwrap();
    assert_eq!(flip.value, 0.25 * (10.0 + f64::from(face)));
    let mut state = erase(game).new_state(4).unwrap();
    state.apply(0).unwrap(); // Flip
    state.apply(0).unwrap(); // heads
    assert_eq!(
        state.chance_outcomes().unwrap(),
        [(101, 0.25), (102, 0.25), (103, 0.5)]
    );
}

/// The registry's states walk the nodes: the coin, then the die after heads, then the
/// player; tails skips the die. Probabilities are the nodes' own.
#[test]
fn registry_states_expose_each_point_as_a_chance_node() {
    let game = erase(CoinDie::default());
    let mut state = game.clone().new_state(4).unwrap();
    state.apply(0).unwrap(); // Flip
    assert_eq!(state.current_player(), CHANCE);
    assert_eq!(state.chance_outcomes().unwrap(), [(0, 0.25), (1, 0.75)]);
    let mut tails = state.clone_box();
    state.apply(0).unwrap(); // heads
    assert_eq!(state.current_player(), CHANCE);
    assert_eq!(
        state.chance_outcomes().unwrap(),
        [(101, 0.25), (102, 0.25), (103, 0.5)]
    );
    assert_eq!(state.legal().unwrap(), [101, 102, 103]);
    assert_eq!(state.action_string(103), "die3 103");
    assert_eq!(
        state.action_string(0),
        "outcome 0 (not one of this chance node's)"
    );
    state.apply(103).unwrap(); // face 3
    assert_eq!(state.current_player(), 0);
    state.apply(1).unwrap(); // Stop
    assert_eq!(state.returns(), [13.0]);
    tails.apply(1).unwrap();
    assert_eq!(tails.current_player(), 0);
    tails.apply(1).unwrap();
    assert_eq!(tails.returns(), [0.0]);
    // An outcome outside the node is refused and changes nothing.
    let mut again = game.clone().new_state(4).unwrap();
    again.apply(0).unwrap();
    again.apply(0).unwrap();
    let refused = again.apply(2).unwrap_err().to_string();
    assert!(
        refused.contains("outcome 2 is not one of this chance node's outcomes [101, 102, 103]"),
        "{refused}"
    );
    assert_eq!(again.chance_outcomes().unwrap().len(), 3);
    assert_eq!(again.current_player(), CHANCE);
}

/// Leduc's public card is listed by card id (OpenSpiel's numbering), not by its place among
/// the cards left, and reads as the card.
#[test]
fn leduc_public_card_outcomes_are_card_ids() {
    use alea_games::games::leduc::{Leduc, name};
    let game = erase(Leduc);
    for seed in 0..12 {
        let mut state = game.clone().new_state(seed).unwrap();
        state.apply(1).unwrap(); // call (check)
        state.apply(1).unwrap(); // call (check): the round ends, the public card waits
        assert_eq!(state.current_player(), CHANCE);
        let outcomes = state.chance_outcomes().unwrap();
        let ids: Vec<u32> = outcomes.iter().map(|&(id, _)| id).collect();
        assert_eq!(ids.len(), 4, "six cards, two dealt");
        assert!(ids.windows(2).all(|w| w[0] < w[1]) && ids.iter().all(|&id| id < 6));
        assert!(outcomes.iter().all(|&(_, p)| p == 0.25));
        let card = ids[seed as usize % 4];
        let text = state.action_string(card);
        assert_eq!(
            text,
            format!(
                "the public card is {}",
                name(alea::kernel::CardId(card as u16))
            )
        );
        state.apply(card).unwrap();
        assert!(
            state.describe().contains(&format!(
                "public {}",
                name(alea::kernel::CardId(card as u16))
            )),
            "{}",
            state.describe()
        );
    }
}

/// Under the default rollback, an action forced by a path (set after the journal's
/// checkpoint, so the checkpoint does not hold it) goes alone and is never replayed: a later
/// action that fails rolls back to the world the path made, bit for bit.
#[test]
fn a_failed_action_after_a_path_rolls_back_to_the_paths_world() {
    use alea::kernel::Rollback;
    for seed in 0..8 {
        let mut sim = SimBuilder::new(CoinDie {
            spoil: true,
            ..CoinDie::default()
        })
        .seed(seed)
        .rollback(Rollback::PerAction)
        .build();
        sim.apply(Act::Wait).unwrap();
        sim.set_cases(&[0, 2]).unwrap();
        sim.apply(Act::Flip).unwrap();
        assert_eq!(points(&sim), 13);
        let before = sim.checksum();
        assert!(
            sim.apply(Act::Spoil).is_err(),
            "the rules refuse it mid-way"
        );
        assert_eq!((points(&sim), sim.checksum()), (13, before), "seed {seed}");
    }
}

/// Chance points met by the setup's events are forced by the builder, one case each, and
/// listed by the built `Sim`'s chance log; unforced, the seed decides them.
#[test]
fn the_setup_s_chance_points_are_forced_by_the_builder() {
    use alea::chance::Forced;
    let game = CoinDie {
        at_setup: true,
        ..CoinDie::default()
    };
    for (cases, expected) in [(&[0, 1][..], 12), (&[0, 2], 13), (&[1], 0)] {
        let sim = SimBuilder::new(game.clone())
            .seed(3)
            .setup_cases(Forced::path(cases).unwrap())
            .build();
        assert_eq!(points(&sim), expected, "{cases:?}");
        let forced: Vec<(u32, bool)> = sim
            .chance_log()
            .iter()
            .map(|r| (r.case, r.forced))
            .collect();
        let wanted: Vec<(u32, bool)> = cases.iter().map(|&k| (k, true)).collect();
        assert_eq!(forced, wanted);
        assert_eq!(sim.legal_actions(), [Act::Stop], "flipped at setup");
    }
    let build = |seed| SimBuilder::new(game.clone()).seed(seed).build();
    let faces: Vec<u32> = (0..200).map(|seed| points(&build(seed))).collect();
    assert_eq!(
        faces,
        (0..200)
            .map(|seed| points(&build(seed)))
            .collect::<Vec<_>>()
    );
    // Heads 1 in 4: over 200 seeds, 50 expected, sd 6.1; a 5 sd bound.
    let heads = faces.iter().filter(|&&p| p >= 10).count();
    assert!((20..=80).contains(&heads), "{heads} heads");
    assert!(build(0).chance_log().iter().all(|r| !r.forced));
}

/// A state at the chance root waits on the setup's chance points one node each, probed by
/// building the game with the cases forced (this game has no in-place restart); nothing is
/// observable until the last one is dealt, and each path ends in the world the builder makes.
#[test]
fn the_chance_root_lists_the_setup_s_points_one_node_each() {
    use alea::chance::Forced;
    let coin_die = CoinDie {
        at_setup: true,
        ..CoinDie::default()
    };
    let game = erase(coin_die.clone());
    let mut root = game.clone().new_chance_root(5).unwrap();
    assert!(root.started_at_chance_root() && root.move_number() == 0);
    assert_eq!(root.current_player(), CHANCE);
    assert_eq!(root.chance_outcomes().unwrap(), [(0, 0.25), (1, 0.75)]);
    let mut out = [7.0];
    root.observation(0, &mut out).unwrap();
    assert_eq!(out, [0.0], "nothing dealt yet");
    assert_eq!(
        root.information_state(0).unwrap(),
        "coin_die P0 at the deal, node 0"
    );
    assert!(root.determinize(0, 1).is_err());
    let mut tails = root.clone_box();
    root.apply(0).unwrap(); // heads: the die's node
    assert_eq!(
        root.chance_outcomes().unwrap(),
        [(101, 0.25), (102, 0.25), (103, 0.5)]
    );
    root.apply(102).unwrap();
    assert_eq!(root.current_player(), 0);
    root.observation(0, &mut out).unwrap();
    assert_eq!(out, [12.0]);
    tails.apply(1).unwrap();
    assert_eq!(tails.current_player(), 0);
    // The dealt worlds are the builder's with those cases forced.
    for (state, cases) in [(&mut root, &[0, 1][..]), (&mut tails, &[1])] {
        state.apply(1).unwrap(); // stop
        let mut built = SimBuilder::new(coin_die.clone())
            .seed(5)
            .setup_cases(Forced::path(cases).unwrap())
            .build();
        built.apply(Act::Stop).unwrap();
        assert_eq!(state.returns(), [f64::from(points(&built))]);
        assert_eq!(state.move_number(), cases.len() + 1);
    }
    // A game whose setup meets no chance point: the chance root is the dealt state.
    let plain = erase(CoinDie::default());
    let mut root = plain.clone().new_chance_root(5).unwrap();
    let mut dealt = plain.new_state(5).unwrap();
    assert_eq!(
        (root.current_player(), root.describe()),
        (0, dealt.describe())
    );
}

/// A restart that does not force the setup's points (outside `Encode::restart`'s contract)
/// does not corrupt the chance root: the registry builds the game instead. A restart outside
/// the pipeline leaves no earlier action's chance point behind to pass for the deal's.
#[test]
fn the_chance_root_survives_restarts_outside_the_contract() {
    let careless = CoinDie {
        at_setup: true,
        restart: true,
        ..CoinDie::default()
    };
    let mut root = erase(careless).new_chance_root(5).unwrap();
    assert_eq!(root.chance_outcomes().unwrap(), [(0, 0.25), (1, 0.75)]);
    root.apply(0).unwrap();
    assert_eq!(
        root.chance_outcomes().unwrap(),
        [(101, 0.25), (102, 0.25), (103, 0.5)]
    );
    root.apply(103).unwrap();
    let mut out = [0.0];
    root.observation(0, &mut out).unwrap();
    assert_eq!(out, [13.0]);
    // No setup points: after a flip in play (its points in the thread's log), a new chance
    // root is the dealt state, not a node on that old flip.
    let plain = erase(CoinDie {
        restart: true,
        ..CoinDie::default()
    });
    let mut played = plain.clone().new_state(2).unwrap();
    played.apply(0).unwrap(); // Flip: a chance node
    played.apply(0).unwrap(); // heads: the die's node
    assert_eq!(played.current_player(), CHANCE);
    let fresh = plain.new_chance_root(3).unwrap();
    assert_eq!(fresh.current_player(), 0);
}

/// A game that cannot restart (its `Encode::restart` says so) is built afresh at each deal:
/// parked, its block's worker becomes that new game. With an action that fails mid-way
/// (`spoil`), the batch's rows and errors are the same parked on three threads as resident
/// on one.
#[test]
fn a_game_built_afresh_at_each_deal_steps_the_same_parked() {
    use alea::vector::{Buffers, Layout, VectorEnv};
    let game = CoinDie {
        spoil: true,
        ..CoinDie::default()
    };
    let batch = |threads, layout| {
        let mut env = VectorEnv::new(game.clone(), 7, 3, threads).unwrap();
        env.set_layout(layout).unwrap();
        env
    };
    let (mut resident, mut parked) = (batch(1, Layout::Resident), batch(3, Layout::Parked));
    let (mut a, mut b) = (Buffers::new(&resident), Buffers::new(&parked));
    resident.reset(None, &mut a.outputs()).unwrap();
    parked.reset(None, &mut b.outputs()).unwrap();
    let mut rng_a = alea::chance::derive_stream(2, 0, 0);
    let mut rng_b = alea::chance::derive_stream(2, 0, 0);
    let (mut ended, mut failed) = (0, 0);
    for _ in 0..300 {
        let stepped = resident.step_random(&mut rng_a, &mut a.outputs());
        assert_eq!(stepped, parked.step_random(&mut rng_b, &mut b.outputs()));
        assert_eq!(a, b);
        failed += usize::from(stepped.is_err());
        ended += a.terminated.iter().filter(|&&t| t).count();
    }
    assert!(ended > 0 && failed > 0, "{ended} ended, {failed} failed");
}

/// A game whose observation panics in a step (outside the pipeline): the panic reaches the
/// caller, and a parked batch's games are then where a resident batch's are — the envs
/// before the one that panicked stepped, that one with its action played, those after
/// untouched: no game is left in its thread's worker, or lost to it.
#[test]
fn a_panic_in_a_parked_step_leaves_every_game_where_a_resident_one_does() {
    use alea::vector::{Buffers, Layout, VectorEnv};
    // Restarted in place: the threads' workers keep their worlds, so the games trade places.
    let game = CoinDie {
        touchy: true,
        restart: true,
        ..CoinDie::default()
    };
    let scores_after_a_panic = |layout| {
        let mut env = VectorEnv::new(game.clone(), 8, 11, 1).unwrap();
        env.set_layout(layout).unwrap();
        let mut out = Buffers::new(&env);
        env.reset(None, &mut out.outputs()).unwrap();
        // Every env flips: the first whose coin shows heads panics writing its row.
        let flips = [Act::Flip as u32; 8];
        let stepped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            env.step(&flips, &mut out.outputs())
        }));
        assert!(stepped.is_err(), "no coin showed heads");
        (0..8)
            .map(|i| *env.sim(i).unwrap().world().resource::<Score>())
            .collect::<Vec<_>>()
    };
    let parked = scores_after_a_panic(Layout::Parked);
    assert_eq!(parked, scores_after_a_panic(Layout::Resident));
    // Env 0 flipped tails (its game went back as env 1's came in), a later one panicked
    // with heads, the last did not step.
    assert!(parked[0].flipped && parked[0].points == 0, "{parked:?}");
    assert!(parked.iter().any(|s| s.points >= 10), "{parked:?}");
    assert!(!parked[7].flipped, "{parked:?}");
}
