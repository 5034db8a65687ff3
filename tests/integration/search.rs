//! Search: exact expectimax against independent backward induction on Pig, Monte Carlo
//! convergence, MCTS on constructed positions, determinism per (seed, threads), no allocation.

use std::collections::HashMap;

use alea::kernel::{Rollback, RunMode, Seat, Sim, SimBuilder, Zone};
use alea::search::{
    Candidates, ChanceMode, Expectimax, Heuristic, Ismcts, Mcts, RandomRollouts, Values,
    chance_outcomes, root_parallel,
};
use alea_games::games::leduc::{Leduc, LeducAction};
use alea_games::games::pig::{Pig, PigAction};

use super::alloc_count::allocations_during;

/// Small Pig: 2 players, target 20, the game ends after `horizon` moves.
fn small_pig(horizon: u32) -> Sim<Pig> {
    SimBuilder::new(Pig {
        win_score: 20,
        horizon,
        ..Pig::default()
    })
    .rollback(Rollback::Caller)
    .build()
}

fn no_eval() -> Heuristic<fn(&Sim<Pig>, &mut Values)> {
    Heuristic(|_: &Sim<Pig>, _: &mut Values| {})
}

/// Player 0's value by backward induction over (banked, turn total, mover, moves), written
/// from the rules, independently of the kernel.
struct PigDp {
    target: u32,
    horizon: u32,
    memo: HashMap<([u32; 2], u32, usize, u32), f64>,
}

impl PigDp {
    fn value(&mut self, banked: [u32; 2], turn: u32, p: usize, moves: u32) -> f64 {
        if moves >= self.horizon {
            return 0.0;
        }
        if let Some(&v) = self.memo.get(&(banked, turn, p, moves)) {
            return v;
        }
        let sign = if p == 0 { 1.0 } else { -1.0 };
        let stop = if banked[p] + turn >= self.target {
            sign
        } else {
            let mut b = banked;
            b[p] += turn;
            self.value(b, 0, 1 - p, moves + 1)
        };
        let v = if banked[p] + turn >= self.target {
            stop
        } else {
            let roll = (self.value(banked, 0, 1 - p, moves + 1)
                + (2..=6)
                    .map(|f| self.value(banked, turn + f, p, moves + 1))
                    .sum::<f64>())
                / 6.0;
            if p == 0 {
                stop.max(roll)
            } else {
                stop.min(roll)
            }
        };
        self.memo.insert((banked, turn, p, moves), v);
        v
    }
}

const HORIZON: u32 = 10;

fn exact_value(horizon: u32) -> f64 {
    let mut dp = PigDp {
        target: 20,
        horizon,
        memo: HashMap::new(),
    };
    dp.value([0, 0], 0, 0, 0)
}

#[test]
fn exact_expectimax_equals_backward_induction() {
    let expected = exact_value(HORIZON);
    assert!(expected > 0.05, "the first player has an edge: {expected}");
    let mut sim = small_pig(HORIZON);
    let before = sim.checksum();
    let mut search = Expectimax::new(HORIZON, no_eval());
    let value = search.value(&mut sim, 1).unwrap();
    approx::assert_abs_diff_eq!(value[0], expected, epsilon = 1e-9);
    approx::assert_abs_diff_eq!(value[1], -expected, epsilon = 1e-9);
    assert_eq!(sim.checksum(), before, "the search restores the position");
    // The best first move's value is the position's value.
    let result = search.search(&mut sim, 1).unwrap();
    approx::assert_abs_diff_eq!(result.value, expected, epsilon = 1e-9);
}

#[test]
fn monte_carlo_chance_sampling_converges_to_the_exact_value() {
    const SHORT: u32 = 6;
    let expected = exact_value(SHORT);
    let mut sim = small_pig(SHORT);
    let mut search = Expectimax::new(SHORT, no_eval()).chance(ChanceMode::Sampled(512));
    let value = search.value(&mut sim, 3).unwrap()[0];
    // 512 draws per chance node estimate each face's 1/6 with a standard error of 0.016;
    // errors compound over 6 plies and the max favours lucky estimates, so the tolerance is
    // 0.05 (about three standard errors of a single node). The seed is fixed.
    assert!(
        (value - expected).abs() < 0.05,
        "Monte Carlo {value} vs exact {expected}"
    );
    assert_ne!(value, expected, "sampled, not enumerated");
}

#[test]
fn chance_outcomes_of_a_roll_are_six_equal_faces() {
    let mut sim = small_pig(HORIZON);
    let before = sim.checksum();
    let outcomes = chance_outcomes(&mut sim, PigAction::Roll).unwrap();
    assert_eq!(outcomes.len(), 6);
    for (k, &(case, p)) in outcomes.iter().enumerate() {
        assert_eq!(case, k as u32);
        approx::assert_abs_diff_eq!(p, 1.0 / 6.0, epsilon = 1e-15);
    }
    assert!(
        chance_outcomes(&mut sim, PigAction::Stop)
            .unwrap()
            .is_empty()
    );
    assert_eq!(sim.checksum(), before);
}

/// A Pig position: banked scores, P0's turn total, P0 to move.
fn position(banked: [u32; 2], turn_total: u32) -> Sim<Pig> {
    let mut sim = SimBuilder::new(Pig::default())
        .rollback(Rollback::Caller)
        .build();
    let state = sim.state_mut();
    state.banked[..2].copy_from_slice(&banked);
    state.turn_total = turn_total;
    sim.refresh_decision();
    sim
}

fn mcts() -> Mcts<Pig> {
    Mcts::new(2.0, RandomRollouts::new(1, 9))
}

#[test]
fn mcts_finds_the_winning_move_in_constructed_positions() {
    // 98 vs 99: stopping hands the opponent a 5/6 win; rolling wins with 5/6.
    let mut sim = position([98, 99], 0);
    assert_eq!(sim.legal_actions(), &[PigAction::Roll, PigAction::Stop]);
    let result = mcts().search(&mut sim, 2000, 1).unwrap();
    assert_eq!(result.action, PigAction::Roll, "{result:?}");
    // 0 banked but 99 this turn against 0: banking is almost a sure win, rolling risks it all.
    let mut sim = position([0, 0], 99);
    let result = mcts().search(&mut sim, 2000, 1).unwrap();
    assert_eq!(result.action, PigAction::Stop, "{result:?}");
    assert_eq!(result.simulations, 2000);
    assert_eq!(result.stats.iter().map(|s| s.visits).sum::<u64>(), 2000);
}

/// MCTS walks its tree in one `play` call: journaled under the default rollback, through the
/// schedule in `RunMode::Schedule`, directly otherwise. Each gives the same tree and leaves
/// the position as it was.
#[test]
fn mcts_searches_the_same_tree_in_every_rollback_and_run_mode() {
    let search = |rollback: Rollback, mode: RunMode| {
        let mut sim = SimBuilder::new(Pig::default())
            .rollback(rollback)
            .run_mode(mode)
            .build();
        let state = sim.state_mut();
        state.banked[..2].copy_from_slice(&[60, 70]);
        state.turn_total = 12;
        sim.refresh_decision();
        let before = sim.checksum();
        let result = mcts().search(&mut sim, 400, 3).unwrap();
        assert_eq!(sim.checksum(), before, "{rollback:?} {mode:?}");
        result
    };
    let direct = search(Rollback::Caller, RunMode::Direct);
    assert_eq!(direct.stats.iter().map(|s| s.visits).sum::<u64>(), 400);
    assert_eq!(search(Rollback::PerAction, RunMode::Direct), direct);
    assert_eq!(search(Rollback::Caller, RunMode::Schedule), direct);
    assert_eq!(search(Rollback::PerAction, RunMode::Schedule), direct);
}

#[test]
fn root_parallel_results_depend_on_seed_and_threads_only() {
    let run = |threads: usize| {
        let mut sim = position([98, 99], 0);
        root_parallel(&mut sim, threads, 1200, 7, |t| {
            Mcts::new(2.0, RandomRollouts::new(1, t as u64))
        })
        .unwrap()
    };
    let two = run(2);
    assert_eq!(two, run(2));
    assert_eq!(run(1), run(1));
    assert_eq!(two.action, PigAction::Roll);
    assert_eq!(two.stats.iter().map(|s| s.visits).sum::<u64>(), 1200);
}

#[test]
fn searches_allocate_nothing_once_warm() {
    let mut sim = small_pig(HORIZON);
    let mut tree = mcts();
    tree.search(&mut sim, 500, 4).unwrap();
    let allocations = allocations_during(|| {
        tree.search(&mut sim, 500, 4).unwrap();
    });
    assert_eq!(allocations, 1, "MCTS: only the returned statistics");
    let mut exact = Expectimax::new(6, no_eval());
    exact.value(&mut sim, 1).unwrap();
    let allocations = allocations_during(|| {
        exact.value(&mut sim, 1).unwrap();
    });
    assert_eq!(allocations, 0, "expectimax");
}

/// A tree search's memory is bounded by its node cap, and its monitor sees every simulation
/// and can stop it; the result counts the simulations that ran.
#[test]
fn the_node_cap_bounds_a_search_and_the_monitor_stops_it() {
    use alea::search::Limits;
    use std::sync::atomic::{AtomicU64, Ordering};
    let mut sim = small_pig(HORIZON);
    let capped = Limits {
        max_nodes: 64,
        ..Limits::default()
    };
    let mut tree = mcts().with_limits(capped.clone());
    // Warm, the tree full: 20 times more simulations allocate no node.
    tree.search(&mut sim, 1000, 4).unwrap();
    let allocations = allocations_during(|| {
        tree.search(&mut sim, 20_000, 4).unwrap();
    });
    assert_eq!(
        allocations, 1,
        "MCTS at its cap: only the returned statistics"
    );
    let mut info = Ismcts::new(2.0, RandomRollouts::new(1, 9)).with_limits(capped);
    info.search(&mut sim, 1000, 4).unwrap();
    let allocations = allocations_during(|| {
        info.search(&mut sim, 20_000, 4).unwrap();
    });
    assert_eq!(
        allocations, 1,
        "ISMCTS at its cap: only the returned statistics"
    );
    // The cap changes nothing below it (a tree of 2 000 simulations has fewer than 10 000
    // nodes), and changes the search once reached.
    let mut sim = position([98, 99], 0);
    let mut with = |max_nodes: usize| {
        let limits = Limits {
            max_nodes,
            ..Limits::default()
        };
        let mcts = mcts().with_limits(limits.clone()).search(&mut sim, 2000, 1);
        let info = Ismcts::new(2.0, RandomRollouts::new(1, 9))
            .with_limits(limits)
            .search(&mut sim, 2000, 1);
        (mcts.unwrap(), info.unwrap())
    };
    let unbounded = with(usize::MAX);
    assert_eq!(with(10_000), unbounded);
    assert_ne!(with(3), unbounded);
    // A monitor that stops after 1 000 simulations: it is called every 256 and stops the
    // search at the first call past 1 000 (1 024 simulations), which it saw all of.
    let seen = std::sync::Arc::new(AtomicU64::new(0));
    let counted = seen.clone();
    let stopping = Limits {
        monitor: Some(std::sync::Arc::new(move |done| {
            counted.fetch_add(done, Ordering::Relaxed) + done < 1000
        })),
        ..Limits::default()
    };
    let result = mcts()
        .with_limits(stopping)
        .search(&mut sim, u64::MAX, 1)
        .unwrap();
    assert_eq!(result.simulations, 1024);
    assert_eq!(seen.load(Ordering::Relaxed), 1024);
    assert_eq!(result.stats.iter().map(|s| s.visits).sum::<u64>(), 1024);
    // A monitor that never stops sees every simulation, a multiple of 256 or not.
    for n in [512, 1000] {
        let seen = std::sync::Arc::new(AtomicU64::new(0));
        let counted = seen.clone();
        let watching = Limits {
            monitor: Some(std::sync::Arc::new(move |done| {
                counted.fetch_add(done, Ordering::Relaxed);
                true
            })),
            ..Limits::default()
        };
        let result = mcts().with_limits(watching).search(&mut sim, n, 1).unwrap();
        assert_eq!((result.simulations, seen.load(Ordering::Relaxed)), (n, n));
    }
}

/// Leduc with seat 0 holding card `mine` and seat 1 holding `theirs` (the rest in the stock),
/// after `raises` raises (0 or 2): seat 0 to move.
fn leduc(mine: u16, theirs: u16, raises: usize) -> Sim<Leduc> {
    let mut sim = SimBuilder::new(Leduc)
        .seed(11)
        .rollback(Rollback::Caller)
        .build();
    let cards = sim.rules().cards().to_vec();
    for (id, entity) in cards.into_iter().enumerate() {
        let zone = match id as u16 {
            c if c == mine => Zone::Hand(Seat(0)),
            c if c == theirs => Zone::Hand(Seat(1)),
            _ => Zone::Stock,
        };
        *sim.world_mut().get_mut::<Zone>(entity).unwrap() = zone;
    }
    for _ in 0..raises {
        sim.apply(LeducAction::Raise).unwrap();
    }
    sim
}

#[test]
fn ismcts_depends_only_on_the_searchers_information() {
    // Seat 0 holds a king (4); seat 1 holds a jack (0) in one world, a queen (2) in the other.
    let mut a = leduc(4, 0, 2);
    let mut b = leduc(4, 2, 2);
    assert_ne!(a.checksum(), b.checksum(), "the worlds differ");
    assert_eq!(a.info_key(Seat(0)), b.info_key(Seat(0)), "not for seat 0");
    let search = || Ismcts::new(2.0, RandomRollouts::new(1, 5));
    let ra = search().search(&mut a, 3000, 21).unwrap();
    let rb = search().search(&mut b, 3000, 21).unwrap();
    assert_eq!(ra, rb, "identical decisions and statistics");
    assert_eq!(ra.stats.iter().map(|s| s.visits).sum::<u64>(), 3000);
    assert_eq!(ra.stats.len(), 2, "fold or call at the raise cap: {ra:?}");
    assert!(ra.stats.iter().all(|s| s.visits > 0));
    // The same holds on several threads.
    let pa = root_parallel(&mut a, 2, 2000, 8, |t| {
        Ismcts::new(2.0, RandomRollouts::new(1, t as u64))
    });
    let pb = root_parallel(&mut b, 2, 2000, 8, |t| {
        Ismcts::new(2.0, RandomRollouts::new(1, t as u64))
    });
    assert_eq!(pa.unwrap(), pb.unwrap());
    // At the first decision too; and there, a different card of its own changes what seat 0
    // knows, and so the search.
    let first = |mine, theirs| {
        let mut sim = leduc(mine, theirs, 0);
        search().search(&mut sim, 3000, 21).unwrap()
    };
    let king = first(4, 0);
    assert_eq!(king, first(4, 2));
    assert_ne!(king.stats, first(0, 2).stats);
}

#[test]
fn a_paired_root_shares_each_world_among_the_root_actions() {
    // Seat 0 (a king) at the raise cap: fold or call, two root actions.
    let mut a = leduc(4, 0, 2);
    let mut b = leduc(4, 2, 2);
    let search = || Ismcts::new(2.0, RandomRollouts::new(1, 5)).with_paired_root();
    let ra = search().search(&mut a, 2999, 21).unwrap();
    // Whole groups: 2 999 rounded up to 3 000, each root action once per world.
    assert_eq!(ra.simulations, 3000);
    assert!(ra.stats.iter().all(|s| s.visits == 1500), "{ra:?}");
    // Still only the searcher's information.
    assert_eq!(ra, search().search(&mut b, 2999, 21).unwrap());
    // Folding loses the pot whatever the world: its value is the same in every world, and
    // calling with the best card is worth more.
    let fold = ra
        .stats
        .iter()
        .find(|s| s.action == LeducAction::Fold)
        .unwrap();
    assert!(
        ra.stats
            .iter()
            .all(|s| s.action == LeducAction::Fold || s.value > fold.value)
    );
    assert_eq!(ra.action, LeducAction::Call);
}

#[test]
fn an_anchored_root_keeps_its_first_action_unless_the_worlds_say_otherwise() {
    // Seat 0 (a king) at the raise cap: fold (first, the anchor) or call. Calling wins more
    // in most worlds, so it beats the anchor by many standard errors.
    let search = |z: f64| Ismcts::new(2.0, RandomRollouts::new(1, 5)).with_anchored_root(z);
    let played = |z: f64, candidates: Option<Candidates<Leduc>>| {
        let mut sim = leduc(4, 0, 2);
        let mut search = search(z);
        if let Some(c) = candidates {
            search = search.with_candidates(c);
        }
        search.search(&mut sim, 400, 21).unwrap()
    };
    let r = played(2.0, None);
    assert_eq!(r.stats[0].action, LeducAction::Fold, "the anchor is first");
    assert!(r.stats.iter().all(|s| s.visits == 200), "paired: {r:?}");
    assert_eq!(r.action, LeducAction::Call);
    assert_eq!(r.value, r.stats[1].value, "the value is the action's");
    // A threshold no evidence reaches keeps the anchor, though calling's value is higher.
    let kept = played(1e9, None);
    assert_eq!(kept.action, LeducAction::Fold);
    assert!(kept.stats[1].value > kept.stats[0].value);
    assert_eq!(kept.value, kept.stats[0].value);
    // With call as the anchor, folding's gain is negative: call stays even at a threshold
    // any gain passes (a switch needs a positive gain).
    // (Every decision's actions listed backwards: call before fold at the root.)
    let call_first: Candidates<Leduc> = |sim, out| {
        out.extend(sim.legal_actions().iter().rev());
    };
    assert_eq!(played(-1e9, Some(call_first)).action, LeducAction::Call);
}

use crate::cli;

#[test]
fn search_cli_reports_json_and_refuses_bad_moves() {
    let out =
        cli("alea search pig --algo mcts --sims 300 --seed 2 --moves roll,stop --json").unwrap();
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["simulations"], 300);
    assert!(["roll", "stop"].contains(&report["action"].as_str().unwrap()));
    let again =
        cli("alea search pig --algo mcts --sims 300 --seed 2 --moves roll,stop --json").unwrap();
    let again: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(report["stats"], again["stats"], "same seed, same search");
    let leduc = cli("alea search leduc --algo ismcts --sims 200 --moves raise --json").unwrap();
    assert!(leduc.contains("\"simulations\":200"));
    let bad = cli("alea search pig --algo mcts --sims 10 --moves roll,jump").unwrap_err();
    assert!(
        bad.to_string().contains("move 2 of --moves, \"jump\""),
        "{bad}"
    );
    let illegal = cli("alea search leduc --algo ismcts --sims 10 --moves fold").unwrap_err();
    assert!(
        illegal.to_string().contains("not a legal choice"),
        "{illegal}"
    );
    let threads = cli("alea search pig --algo expectimax --sims 1 --threads 2").unwrap_err();
    assert!(
        threads
            .to_string()
            .contains("--threads applies to mcts and ismcts")
    );
}

#[test]
fn search_keeps_its_look_ahead_out_of_the_event_and_effect_logs() {
    let mut sim = SimBuilder::new(Pig::default()).seed(3).build();
    sim.record_events(true);
    sim.record_effects(true);
    sim.set_case(Some(3));
    sim.apply(PigAction::Roll).unwrap();
    let (events, effects) = (sim.events().len(), sim.effects().len());
    assert!(events > 0 && effects > 0);
    let checksum = sim.checksum();
    mcts().search(&mut sim, 200, 1).unwrap();
    Expectimax::new(2, RandomRollouts::new(1, 2))
        .search(&mut sim, 4)
        .unwrap();
    assert_eq!((sim.events().len(), sim.effects().len()), (events, effects));
    assert_eq!(sim.checksum(), checksum);
    // Recording is still on afterwards.
    sim.apply(PigAction::Stop).unwrap();
    assert!(sim.events().len() > events && sim.effects().len() > effects);
}
