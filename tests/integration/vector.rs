//! Vector environments (`alea::vector`) over the registered games: the same buffers for any
//! thread count and either layout, episodes that are the games of their seeds, refused steps
//! that move nothing, no allocation per step.

use alea::kernel::{SimBuilder, Turn};
use alea::registry::find;
use alea::vector::{Buffers, Layout, MAX_THREADS, PARK_FROM, VectorEnv, VectorError, episode_seed};
use alea_games::games::REGISTRY;
use alea_games::games::pig::Pig;
use rand::RngExt;

use crate::alloc_count::allocations_during;

/// A uniformly random legal action per env, from the mask.
fn random_actions(rng: &mut impl rand::Rng, out: &Buffers, actions: usize, ids: &mut Vec<u32>) {
    ids.clear();
    for mask in out.legal_action_mask.chunks(actions) {
        let legal: u32 = mask.iter().filter(|&&m| m).count() as u32;
        let mut pick = rng.random_range(0..legal);
        let id = mask
            .iter()
            .position(|&m| {
                if m && pick == 0 {
                    return true;
                }
                pick -= u32::from(m);
                false
            })
            .unwrap();
        ids.push(id as u32);
    }
}

fn small(name: &str) -> Vec<(String, alea::registry::OptionValue)> {
    use alea::registry::OptionValue::Text;
    match name {
        "riichi" | "sichuan" => vec![("length".into(), Text("kyoku".into()))],
        _ => vec![],
    }
}

#[test]
fn every_game_steps_the_same_on_one_and_two_threads() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        let one = game.vector(48, 11, 1).unwrap();
        let two = game.vector(48, 11, 2).unwrap();
        assert_eq!((one.threads(), two.threads()), (1, 2));
        let ended = lockstep(one, two, 600, |_| ());
        assert!(ended > 0, "{}: no episode ended", info.name);
    }
}

/// A request for more threads than `MAX_THREADS` is cut to it, and that many threads (one
/// env each, the rest in the last blocks) step the same rows as one.
#[test]
fn a_batch_on_the_most_threads_steps_as_one_thread_does() {
    let one = VectorEnv::new(Pig::default(), MAX_THREADS + 3, 4, 1).unwrap();
    let most = VectorEnv::new(Pig::default(), MAX_THREADS + 3, 4, 4 * MAX_THREADS).unwrap();
    assert_eq!((one.threads(), most.threads()), (1, MAX_THREADS));
    assert!(lockstep(Box::new(one), Box::new(most), 400, |_| ()) > 0);
}

/// Both layouts give the same rows: every game's batch kept resident and parked, on other
/// thread counts (blocks of unequal sizes), stepped alike, every seat the caller's and
/// against a learner.
#[test]
fn every_game_steps_the_same_resident_and_parked() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        let laid_out = |mut env: Box<dyn alea::vector::DynVector>, layout| {
            env.set_layout(layout).unwrap();
            assert_eq!(env.layout(), layout);
            env
        };
        // 47 envs on 3 threads: blocks of 15, 16 and 16.
        let resident = laid_out(game.vector(47, 11, 1).unwrap(), Layout::Resident);
        let parked = laid_out(game.vector(47, 11, 3).unwrap(), Layout::Parked);
        assert!(lockstep(resident, parked, 400, |_| ()) > 0, "{}", info.name);
        let random = ["random".to_string()];
        let against = |threads| game.vector_against(13, 5, threads, 0, &random).unwrap();
        let resident = laid_out(against(2), Layout::Resident);
        let parked = laid_out(against(3), Layout::Parked);
        assert!(lockstep(resident, parked, 200, |_| ()) > 0, "{}", info.name);
    }
}

/// A batch built parked (`Layout::Auto` from `PARK_FROM` envs: each env's episode 0
/// restarted in a worker, not built) holds the games a resident batch builds: its first rows
/// are a small resident batch's, before and after the first reset.
#[test]
fn a_batch_built_parked_holds_the_games_of_their_seeds() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        let mut parked = game.vector(PARK_FROM, 11, 2).unwrap();
        let mut resident = game.vector(16, 11, 2).unwrap();
        assert_eq!(
            (parked.layout(), resident.layout()),
            (Layout::Parked, Layout::Resident)
        );
        let (mut p, mut r) = (Buffers::new(&*parked), Buffers::new(&*resident));
        let (o, a) = (resident.sizes().observation, resident.sizes().actions);
        let first_rows = |p: &Buffers, r: &Buffers| {
            assert_eq!(p.observation[..16 * o], r.observation[..], "{}", info.name);
            assert_eq!(
                p.legal_action_mask[..16 * a],
                r.legal_action_mask[..],
                "{}",
                info.name
            );
            assert_eq!(
                p.current_player[..16],
                r.current_player[..],
                "{}",
                info.name
            );
        };
        parked.observe(&mut p.outputs()).unwrap();
        resident.observe(&mut r.outputs()).unwrap();
        first_rows(&p, &r);
        parked.reset(None, &mut p.outputs()).unwrap();
        resident.reset(None, &mut r.outputs()).unwrap();
        first_rows(&p, &r);
    }
}

/// `Layout::Auto` parks a batch from `PARK_FROM` envs, whatever its threads; a batch
/// switched to the other layout and back mid-game steps on as one never switched.
#[test]
fn auto_parks_big_batches_and_a_switch_keeps_the_positions() {
    let (_, pig) = find(REGISTRY, "pig").unwrap().load([]).unwrap();
    let auto = |envs, threads| pig.vector(envs, 0, threads).unwrap().layout();
    for layout in [Layout::Auto, Layout::Resident, Layout::Parked] {
        assert_eq!(layout.name().parse(), Ok(layout));
    }
    assert_eq!(
        "packed".parse::<Layout>(),
        Err("layout \"packed\": expected \"auto\", \"resident\" or \"parked\"".to_string())
    );
    assert_eq!(auto(PARK_FROM, 2), Layout::Parked);
    assert_eq!(auto(PARK_FROM - 1, 2), Layout::Resident);
    assert_eq!(auto(PARK_FROM, 1), Layout::Parked);
    assert_eq!(auto(PARK_FROM - 1, 1), Layout::Resident);
    // Odd blocks: 171 envs a thread.
    let mut switched = pig.vector(PARK_FROM + 1, 1, 3).unwrap();
    let mut plain = pig.vector(PARK_FROM + 1, 1, 1).unwrap();
    let (mut a, mut b) = (Buffers::new(&*switched), Buffers::new(&*plain));
    switched.reset(None, &mut a.outputs()).unwrap();
    plain.reset(None, &mut b.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(4, 0, 0);
    let mut ids = Vec::new();
    for step in 0..120 {
        if step % 40 == 20 {
            switched.set_layout(Layout::Resident).unwrap();
        }
        if step % 40 == 0 {
            switched.set_layout(Layout::Auto).unwrap();
            assert_eq!(switched.layout(), Layout::Parked);
        }
        random_actions(&mut rng, &a, 2, &mut ids);
        switched.step(&ids, &mut a.outputs()).unwrap();
        plain.step(&ids, &mut b.outputs()).unwrap();
        assert_eq!(a, b, "step {step}");
    }
}

/// Steps `one` and `two` (the same batch on different thread counts) `steps` times with the
/// same random legal actions, asserting the same buffers after every step (`check` sees
/// `one`'s before each); returns the episodes that ended.
fn lockstep(
    mut one: Box<dyn alea::vector::DynVector>,
    mut two: Box<dyn alea::vector::DynVector>,
    steps: usize,
    check: impl Fn(&Buffers),
) -> usize {
    let (mut a, mut b) = (Buffers::new(&*one), Buffers::new(&*two));
    one.reset(None, &mut a.outputs()).unwrap();
    two.reset(None, &mut b.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(3, 0, 0);
    let (mut ids, mut ended) = (Vec::new(), 0);
    for _ in 0..steps {
        check(&a);
        random_actions(&mut rng, &a, one.sizes().actions, &mut ids);
        one.step(&ids, &mut a.outputs()).unwrap();
        two.step(&ids, &mut b.outputs()).unwrap();
        assert_eq!(a, b);
        ended += a
            .terminated
            .iter()
            .chain(&a.truncated)
            .filter(|&&e| e)
            .count();
    }
    ended
}

/// Env `i`'s `k`-th episode is the game built with `episode_seed(seed, i, k)`, whatever the
/// batch's size: the same actions give the same returns and the same end.
#[test]
fn an_episode_is_the_game_of_its_seed() {
    for layout in [Layout::Resident, Layout::Parked] {
        an_episode_is_the_game_of_its_seed_in(layout);
    }
}

fn an_episode_is_the_game_of_its_seed_in(layout: Layout) {
    let mut env = VectorEnv::new(Pig::default(), 5, 21, 2).unwrap();
    env.set_layout(layout).unwrap();
    let mut out = Buffers::new(&env);
    env.reset(None, &mut out.outputs()).unwrap();
    let mut solo = SimBuilder::new(Pig::default())
        .seed(episode_seed(21, 3, 0))
        .build();
    let game = Pig::default();
    let mut rng = alea::chance::derive_stream(8, 0, 0);
    let mut ids = Vec::new();
    for episode in 0..3 {
        loop {
            let sim = env.sim(3).unwrap();
            assert_eq!(sim.state(), solo.state());
            assert_eq!(sim.legal_actions(), solo.legal_actions());
            random_actions(&mut rng, &out, env.num_actions(), &mut ids);
            let action = alea::encode::action_of(&solo, ids[3]).unwrap();
            solo.apply(action).unwrap();
            env.step(&ids, &mut out.outputs()).unwrap();
            if solo.turn() == Turn::Terminal {
                break;
            }
        }
        assert!(out.terminated[3] || out.truncated[3]);
        let returns: Vec<f32> = solo.returns().iter().map(|&r| r as f32).collect();
        assert_eq!(out.final_rewards[6..8], returns[..]);
        assert_eq!(out.rewards[6..8], returns[..]);
        solo = SimBuilder::new(game.clone())
            .seed(episode_seed(21, 3, episode + 1))
            .build();
    }
}

#[test]
fn a_refused_step_moves_no_env() {
    let (_, game) = find(REGISTRY, "leduc").unwrap().load([]).unwrap();
    let mut env = game.vector(6, 2, 2).unwrap();
    let mut out = Buffers::new(&*env);
    let first = env.step(&[0; 6], &mut out.outputs()).unwrap_err();
    assert_eq!(first, VectorError::NotReset);
    env.reset(None, &mut out.outputs()).unwrap();
    let before = out.clone();
    let legal: Vec<u32> = out
        .legal_action_mask
        .chunks(3)
        .map(|m| m.iter().position(|&l| l).unwrap() as u32)
        .collect();
    let mut bad = legal.clone();
    bad[4] = 7;
    assert_eq!(
        env.step(&bad, &mut out.outputs()).unwrap_err().to_string(),
        "env 4: action 7 is out of range (the game has 3 action ids)"
    );
    assert_eq!(
        env.step(&legal[..5], &mut out.outputs()).unwrap_err(),
        VectorError::WrongLength {
            what: "actions",
            expected: 6,
            got: 5
        }
    );
    let mut short = Buffers::new(&*env);
    short.rewards.pop();
    assert!(matches!(
        env.step(&legal, &mut short.outputs()).unwrap_err(),
        VectorError::WrongLength {
            what: "rewards",
            ..
        }
    ));
    if let Some(illegal) = out.legal_action_mask[6..9].iter().position(|&l| !l) {
        let mut bad = legal.clone();
        bad[2] = illegal as u32;
        assert!(matches!(
            env.step(&bad, &mut out.outputs()).unwrap_err(),
            VectorError::Illegal { env: 2, .. }
        ));
    }
    // Refused in both blocks (each checks its own envs): the first env is named.
    let illegal = out.legal_action_mask[3..6].iter().position(|&l| !l);
    let illegal = illegal.expect("folding is not legal at a hand's first move") as u32;
    let mut bad = legal.clone();
    (bad[1], bad[5]) = (illegal, 9);
    assert_eq!(
        env.step(&bad, &mut out.outputs()).unwrap_err(),
        VectorError::Illegal {
            env: 1,
            action: illegal
        }
    );
    assert_eq!(out, before);
    // Nothing moved: the next step is a fresh batch's.
    let (_, game) = find(REGISTRY, "leduc").unwrap().load([]).unwrap();
    let mut fresh = game.vector(6, 2, 1).unwrap();
    let mut expected = Buffers::new(&*fresh);
    fresh.reset(None, &mut expected.outputs()).unwrap();
    fresh.step(&legal, &mut expected.outputs()).unwrap();
    env.step(&legal, &mut out.outputs()).unwrap();
    assert_eq!(out, expected);
}

/// The check agrees with the mask for every action id of every game (a game of at most 64
/// ids checks its legal ids as bits, a wider one its list): at positions along a random
/// game, each id the mask leaves out is refused, changing nothing, and each it holds is
/// played (by a copy of the batch).
#[test]
fn every_game_refuses_exactly_the_ids_its_mask_leaves_out() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        let mut env = game.vector(1, 4, 1).unwrap();
        let mut out = Buffers::new(&*env);
        env.reset(None, &mut out.outputs()).unwrap();
        let actions = env.sizes().actions;
        let mut rng = alea::chance::derive_stream(4, 0, 0);
        for _ in 0..6 {
            let before = out.clone();
            for id in 0..actions as u32 {
                if before.legal_action_mask[id as usize] {
                    let mut copy = env.determinize(id.into()).unwrap();
                    let mut played = Buffers::new(&*copy);
                    copy.step(&[id], &mut played.outputs()).unwrap();
                } else {
                    let refused = env.step(&[id], &mut out.outputs()).unwrap_err();
                    let expected = VectorError::Illegal { env: 0, action: id };
                    assert_eq!(refused, expected, "{}", info.name);
                    assert_eq!(out, before, "{}", info.name);
                }
            }
            env.step_random(&mut rng, &mut out.outputs()).unwrap();
        }
    }
}

/// `step_random` plays what `random_actions` picks (one draw from the rng a step, each env
/// picking from it), on any thread count: every game, a batch on one thread and on three
/// stepped by `step_random`, and one on two stepped by `random_actions` then `step`; the
/// three batches' `random_actions` pick the same ids.
#[test]
fn step_random_plays_what_random_actions_picks_on_any_thread_count() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        let mut batches = [1, 3, 2].map(|threads| game.vector(25, 6, threads).unwrap());
        let mut outs = batches.each_ref().map(|env| Buffers::new(&**env));
        for (env, out) in batches.iter_mut().zip(&mut outs) {
            env.reset(None, &mut out.outputs()).unwrap();
        }
        let mut rngs = [0; 3].map(|_| alea::chance::derive_stream(8, 0, 0));
        let (mut ids, mut alone) = (Vec::new(), Vec::new());
        for _ in 0..300 {
            let [one, three, two] = &mut batches;
            let [a, b, c] = &mut outs;
            let [ra, rb, rc] = &mut rngs;
            // Each thread picks for its own block: the same ids on one, two and three.
            two.random_actions(&mut rc.clone(), &mut ids).unwrap();
            for batch in [&one, &three] {
                batch.random_actions(&mut rc.clone(), &mut alone).unwrap();
                assert_eq!(alone, ids, "{}", info.name);
            }
            one.step_random(ra, &mut a.outputs()).unwrap();
            three.step_random(rb, &mut b.outputs()).unwrap();
            two.random_actions(rc, &mut ids).unwrap();
            two.step(&ids, &mut c.outputs()).unwrap();
            assert_eq!(a, b, "{}", info.name);
            assert_eq!(a, c, "{}", info.name);
        }
    }
}

/// `random_actions` picks each env's legal actions uniformly and independently of the other
/// envs': 400 draws over 32 Leduc envs at their first positions, the picks' places among the
/// legal ids of envs `2j` and `2j + 1` (pairs from one draw) fit the uniform law on pairs of
/// places (chi-square, 0.1 % significance, per number of legal actions): envs that picked
/// alike, or one the other's mirror, would not.
#[test]
fn random_actions_are_uniform_and_independent_across_envs() {
    let (_, game) = find(REGISTRY, "leduc").unwrap().load([]).unwrap();
    let mut env = game.vector(32, 3, 2).unwrap();
    let mut out = Buffers::new(&*env);
    env.reset(None, &mut out.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(5, 0, 0);
    // counts[n][a * n + b]: pairs whose first env picked its a-th legal id and the second its
    // b-th, both with n legal ids.
    let mut counts = vec![vec![0u64; 9]; 4];
    let mut ids = Vec::new();
    for _ in 0..400 {
        env.random_actions(&mut rng, &mut ids).unwrap();
        let places: Vec<(usize, usize)> = out
            .legal_action_mask
            .chunks(3)
            .zip(&ids)
            .map(|(mask, &id)| {
                let legal: Vec<usize> = (0..3).filter(|&a| mask[a]).collect();
                (
                    legal.len(),
                    legal.iter().position(|&a| a == id as usize).unwrap(),
                )
            })
            .collect();
        for pair in places.chunks(2) {
            let [(n, a), (m, b)] = [pair[0], pair[1]];
            if n == m {
                counts[n][a * n + b] += 1;
            }
        }
    }
    let mut groups = 0;
    for (n, counts) in counts.iter().enumerate().filter(|(n, _)| *n >= 2) {
        let cells = n * n;
        let cells: Vec<(u64, f64)> = counts[..cells]
            .iter()
            .map(|&c| (c, 1.0 / cells as f64))
            .collect();
        if cells.iter().map(|c| c.0).sum::<u64>() > 0 {
            crate::assert_fits(&cells, &format!("pairs of picks among {n} legal actions"));
            groups += 1;
        }
    }
    assert!(groups > 0, "no pair of envs with two legal actions or more");
}

/// A steady loop of Pig steps (`step` and `step_random`) allocates nothing on the caller's
/// thread (after the buffers, each env's journal and its snapshot have grown), in either
/// layout, on one thread or two (the caller's thread then hands the other block over and
/// steps its own).
#[test]
fn a_step_allocates_nothing() {
    for layout in [Layout::Resident, Layout::Parked] {
        for threads in [1, 2] {
            let allocations = allocations_in_a_steady_loop(layout, threads);
            assert_eq!(allocations, 0, "{layout:?}, {threads} threads");
        }
    }
}

fn allocations_in_a_steady_loop(layout: Layout, threads: usize) -> u64 {
    let mut env = VectorEnv::new(Pig::default(), 16, 5, threads).unwrap();
    env.set_layout(layout).unwrap();
    let mut out = Buffers::new(&env);
    env.reset(None, &mut out.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(1, 0, 0);
    let mut ids = Vec::with_capacity(16);
    for _ in 0..2_000 {
        random_actions(&mut rng, &out, 2, &mut ids);
        env.step(&ids, &mut out.outputs()).unwrap();
    }
    allocations_during(|| {
        for _ in 0..2_000 {
            random_actions(&mut rng, &out, 2, &mut ids);
            env.step(&ids, &mut out.outputs()).unwrap();
            env.step_random(&mut rng, &mut out.outputs()).unwrap();
        }
    })
}

/// A player name as the registry lists it, without its optional parameter (`smart[:K]`).
fn base_name(listed: &str) -> &str {
    listed.split('[').next().unwrap()
}

/// Every player kind a registered game lists is one it seats through `Encode::player`, and
/// a single-agent batch of every game keeps the learner to move in every row, the same on
/// one and two threads.
#[test]
fn every_game_seats_its_players_against_a_learner() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        for spec in info.players {
            let name = base_name(spec.name).to_string();
            let made = game.vector_against(2, 0, 1, 0, std::slice::from_ref(&name));
            assert!(made.is_ok(), "{} {name}: {:?}", info.name, made.err());
        }
        let learner = (game.seats() - 1) as u8;
        let random = ["random".to_string()];
        let one = game.vector_against(16, 5, 1, learner, &random).unwrap();
        let two = game.vector_against(16, 5, 2, learner, &random).unwrap();
        assert_eq!(one.learner(), Some(learner));
        let ended = lockstep(one, two, 300, |out| {
            assert!(out.current_player.iter().all(|&p| p == i32::from(learner)));
        });
        assert!(ended > 0, "{}: no episode ended", info.name);
    }
}

/// A single-agent episode is the game of its seed with seat `s` played by the game's player
/// seeded from `(episode seed, s)`: replayed by hand, it reaches the same returns.
#[test]
fn an_opponent_is_the_games_player_of_its_seed() {
    use alea::encode::Encode;
    use alea_games::games::sgs::Sgs;
    let game = Sgs::default();
    let mut env = VectorEnv::new(game.clone(), 3, 9, 2)
        .unwrap()
        .against(1, &["trust".to_string()])
        .unwrap();
    let mut out = Buffers::new(&env);
    env.reset(None, &mut out.outputs()).unwrap();
    let seed = episode_seed(9, 2, 0);
    let mut solo = SimBuilder::new(game.clone()).seed(seed).build();
    let mut trust = game
        .player("trust", alea::chance::sub_seed(seed, 0))
        .unwrap();
    let mut rng = alea::chance::derive_stream(6, 0, 0);
    let mut ids = Vec::new();
    let mut play_trust = |solo: &mut alea::kernel::Sim<Sgs>| {
        while solo.turn() == Turn::Player(alea::kernel::Seat(0)) {
            let action = trust.act(solo).unwrap();
            solo.apply(action).unwrap();
        }
    };
    play_trust(&mut solo);
    let mut moves = 0;
    while solo.turn() != Turn::Terminal {
        let in_batch = env.sim(2).unwrap();
        assert_eq!(in_batch.state(), solo.state());
        assert_eq!(
            <Sgs as Encode>::describe(in_batch),
            <Sgs as Encode>::describe(&solo)
        );
        random_actions(&mut rng, &out, env.num_actions(), &mut ids);
        solo.apply(alea::encode::action_of(&solo, ids[2]).unwrap())
            .unwrap();
        env.step(&ids, &mut out.outputs()).unwrap();
        play_trust(&mut solo);
        moves += 1;
    }
    assert!(moves > 10, "{moves} moves");
    assert!(out.terminated[2] || out.truncated[2]);
    let returns: Vec<f32> = solo.returns().iter().map(|&r| r as f32).collect();
    assert_eq!(out.final_rewards[4..6], returns[..]);
}

#[test]
fn a_bad_seating_is_refused_naming_what() {
    let (_, sgs) = find(REGISTRY, "sgs").unwrap().load([]).unwrap();
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let refused = |learner, list: &[&str]| {
        sgs.vector_against(2, 0, 1, learner, &names(list))
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        refused(2, &["random"]),
        "seat 2: the game has 2 seats (0 to 1)"
    );
    assert_eq!(refused(0, &[]), "opponents: name at least one player");
    assert_eq!(
        refused(0, &["random", "trust"]),
        "opponents: 2 players for the 1 other seats"
    );
    assert!(
        refused(0, &["wizard"])
            .starts_with("opponents: unknown sgs player \"wizard\": expected random, trust"),
        "{}",
        refused(0, &["wizard"])
    );
    let (_, pig) = find(REGISTRY, "pig").unwrap().load([]).unwrap();
    let error = pig
        .vector_against(2, 0, 1, 0, &names(&["greedy"]))
        .err()
        .unwrap();
    assert_eq!(
        error.to_string(),
        "opponents: unknown pig player \"greedy\": expected random, hold, hold:N (N > 0: \
         the turn total it banks at), optimal or best-response:NAME (NAME one of random, hold, \
         hold:N, optimal)"
    );
}

/// The envs run with `Rollback::Caller`: an env whose game fails (here sgs nesting past a
/// small depth limit, the smallest its setup fits in) reports the error naming it and is
/// dealt its next episode; the batch steps on, every row a legal position.
#[test]
fn a_failed_game_is_dealt_its_next_episode() {
    for layout in [Layout::Resident, Layout::Parked] {
        a_failed_game_is_dealt_its_next_episode_in(layout);
    }
}

fn a_failed_game_is_dealt_its_next_episode_in(layout: Layout) {
    use alea_games::games::sgs::Sgs;
    let mut env = VectorEnv::from_builder(sgs_at_its_smallest_depth_limit(), 32, 4, 2).unwrap();
    env.set_layout(layout).unwrap();
    let mut out = Buffers::new(&env);
    env.reset(None, &mut out.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(2, 0, 0);
    let (mut ids, mut failures) = (Vec::new(), 0);
    let mut episodes = vec![1; 32];
    for _ in 0..2_000 {
        random_actions(&mut rng, &out, env.num_actions(), &mut ids);
        let stepped = env.step(&ids, &mut out.outputs());
        for (i, ended) in out.terminated.iter().zip(&out.truncated).enumerate() {
            episodes[i] += u64::from(*ended.0 || *ended.1);
        }
        match stepped {
            Ok(()) => {}
            Err(VectorError::Game { env: i, message }) => {
                assert!(
                    message.contains("nested deeper than the limit"),
                    "{message}"
                );
                assert!(out.truncated[i] && !out.terminated[i]);
                assert_eq!(out.rewards[2 * i..2 * i + 2], [0.0, 0.0]);
                let fresh = SimBuilder::new(Sgs::default())
                    .seed(episode_seed(4, i as u64, episodes[i] - 1))
                    .build();
                assert_eq!(env.sim(i).unwrap().state(), fresh.state(), "env {i}");
                failures += 1;
            }
            Err(other) => panic!("{other}"),
        }
        for (i, mask) in out.legal_action_mask.chunks(env.num_actions()).enumerate() {
            assert!(mask.iter().any(|&m| m), "env {i} has no legal action");
        }
    }
    assert!(failures > 0, "no game nested past the limit");
}

/// sgs at the smallest depth limit its setup fits in: its games often nest deeper and fail.
fn sgs_at_its_smallest_depth_limit() -> SimBuilder<alea_games::games::sgs::Sgs> {
    (1..)
        .map(|limit| SimBuilder::new(alea_games::games::sgs::Sgs::default()).depth_limit(limit))
        .find(|builder| builder.clone().try_build().is_ok())
        .unwrap()
}

/// In a single-agent batch the opponents play inside a deal too. A game that fails — in a
/// step, or while dealt (sgs at the smallest depth limit it builds with: a reset of 32 envs
/// nearly always meets one) — is given up and the next episode dealt, so the error is told
/// and every env stays playable: after every call each row's mask is its game's legal actions,
/// none empty, the learner to move.
#[test]
fn a_game_that_fails_while_dealt_is_given_up_and_the_batch_steps_on() {
    let mut env = VectorEnv::from_builder(sgs_at_its_smallest_depth_limit(), 32, 6, 2)
        .unwrap()
        .against(0, &["random".to_string()])
        .unwrap();
    let actions = env.num_actions();
    let mut out = Buffers::new(&env);
    let mut rng = alea::chance::derive_stream(5, 0, 0);
    let (mut ids, mut legal_ids, mut failures) = (Vec::new(), Vec::new(), 0);
    let mut told = |result: Result<(), VectorError>| match result {
        Ok(()) => {}
        Err(VectorError::Game { message, .. }) => {
            assert!(
                message.contains("nested deeper than the limit"),
                "{message}"
            );
            failures += 1;
        }
        Err(other) => panic!("{other}"),
    };
    told(env.reset(None, &mut out.outputs()));
    for _ in 0..1_000 {
        for (i, mask) in out.legal_action_mask.chunks(actions).enumerate() {
            alea::encode::legal_ids(env.sim(i).unwrap(), &mut legal_ids);
            let mut legal = vec![false; actions];
            legal_ids.iter().for_each(|&id| legal[id as usize] = true);
            assert_eq!(mask, legal, "env {i}'s mask is not its game's");
            assert!(mask.contains(&true), "env {i} has no legal action");
        }
        assert!(out.current_player.iter().all(|&p| p == 0));
        random_actions(&mut rng, &out, actions, &mut ids);
        told(env.step(&ids, &mut out.outputs()));
    }
    assert!(failures > 0, "no game nested past the limit");
}

/// A determinized copy of a single-agent batch keeps its seating: the copy steps with the
/// learner to move in every row, and the original is untouched; the copy is parked, and the
/// same from either layout of the original and in either layout of its own.
#[test]
fn a_determinized_single_agent_batch_keeps_its_opponents() {
    let parked = determinized_rows(Layout::Parked, None);
    assert_eq!(determinized_rows(Layout::Resident, None), parked);
    assert_eq!(
        determinized_rows(Layout::Resident, Some(Layout::Resident)),
        parked
    );
}

/// The rows of a determinized copy of an sgs batch against `trust`, laid out as `layout`
/// (the copy then laid out as `copied`, if given), after 200 random steps.
fn determinized_rows(layout: Layout, copied: Option<Layout>) -> Buffers {
    use alea_games::games::sgs::Sgs;
    let mut env = VectorEnv::new(Sgs::default(), 8, 3, 1)
        .unwrap()
        .against(1, &["trust".to_string()])
        .unwrap();
    env.set_layout(layout).unwrap();
    let mut out = Buffers::new(&env);
    env.reset(None, &mut out.outputs()).unwrap();
    let before: Vec<_> = (0..8).map(|i| *env.sim(i).unwrap().state()).collect();
    let mut copy = env.determinize(5).unwrap();
    assert_eq!(copy.learner(), Some(alea::kernel::Seat(1)));
    assert_eq!(copy.layout(), Layout::Parked);
    if let Some(copied) = copied {
        copy.set_layout(copied).unwrap();
        assert_eq!(copy.layout(), copied);
    }
    let mut copied = Buffers::new(&copy);
    copy.observe(&mut copied.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(7, 0, 0);
    for _ in 0..200 {
        assert!(copied.current_player.iter().all(|&p| p == 1));
        copy.step_random(&mut rng, &mut copied.outputs()).unwrap();
    }
    let after: Vec<_> = (0..8).map(|i| *env.sim(i).unwrap().state()).collect();
    assert_eq!(before, after);
    copied
}

/// A determinized copy steps on its original's threads: the two, stepped in turns, each step
/// as they would alone (against a twin batch and its copy, each stepped without the other),
/// and the copy steps on once its original is dropped; stepped from two OS threads at once,
/// they give the same rows again.
#[test]
fn a_copy_and_its_original_take_turns_on_the_same_threads() {
    use alea_games::games::leduc::Leduc;
    let made = || {
        let mut env = VectorEnv::new(Leduc, 16, 4, 2).unwrap();
        let mut out = Buffers::new(&env);
        env.reset(None, &mut out.outputs()).unwrap();
        (env, out)
    };
    let ((mut env, mut out), (mut alone, mut alone_out)) = (made(), made());
    let mut copy = env.determinize(9).unwrap();
    let mut copied = Buffers::new(&copy);
    copy.observe(&mut copied.outputs()).unwrap();
    let (mut copy_alone, mut copy_alone_out) = (alone.determinize(9).unwrap(), copied.clone());
    let (mut rng, mut copy_rng) = (
        alea::chance::derive_stream(1, 0, 0),
        alea::chance::derive_stream(2, 0, 0),
    );
    let (mut ids, mut copy_ids) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        random_actions(&mut rng, &out, 3, &mut ids);
        random_actions(&mut copy_rng, &copied, 3, &mut copy_ids);
        env.step(&ids, &mut out.outputs()).unwrap();
        copy.step(&copy_ids, &mut copied.outputs()).unwrap();
        alone.step(&ids, &mut alone_out.outputs()).unwrap();
        assert_eq!(out, alone_out);
    }
    drop(env);
    for _ in 0..40 {
        random_actions(&mut copy_rng, &copied, 3, &mut copy_ids);
        copy.step(&copy_ids, &mut copied.outputs()).unwrap();
    }
    // The same copy's steps, made from the batch stepped alone and never interleaved.
    let mut copy_rng = alea::chance::derive_stream(2, 0, 0);
    for _ in 0..80 {
        random_actions(&mut copy_rng, &copy_alone_out, 3, &mut copy_ids);
        copy_alone
            .step(&copy_ids, &mut copy_alone_out.outputs())
            .unwrap();
    }
    assert_eq!(copied, copy_alone_out);
    // From two OS threads at once: the same rows as one after the other.
    let (mut env, _) = made();
    let mut copy = env.determinize(9).unwrap();
    let at_once = std::thread::scope(|scope| {
        let copy = &mut copy;
        let stepped = scope.spawn(move || steps_of(copy, 2));
        (steps_of(&mut env, 1), stepped.join().unwrap())
    });
    let (mut env, _) = made();
    let mut copy = env.determinize(9).unwrap();
    assert_eq!(at_once, (steps_of(&mut env, 1), steps_of(&mut copy, 2)));
}

/// The rows of 60 random steps of `env` (its rows written first), actions from `seed`.
fn steps_of<G: alea::encode::Encode>(env: &mut VectorEnv<G>, seed: u64) -> Vec<Buffers> {
    let mut out = Buffers::new(env);
    env.observe(&mut out.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(seed, 0, 0);
    let mut ids = Vec::new();
    (0..60)
        .map(|_| {
            random_actions(&mut rng, &out, env.num_actions(), &mut ids);
            env.step(&ids, &mut out.outputs()).unwrap();
            out.clone()
        })
        .collect()
}
