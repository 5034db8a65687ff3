//! Vector environments (`alea::vector`) over the registered games: the same buffers for any
//! thread count, episodes that are the games of their seeds, refused steps that move nothing,
//! no allocation per step.

use alea::kernel::{SimBuilder, Turn};
use alea::registry::find;
use alea::vector::{Buffers, VectorEnv, VectorError, episode_seed};
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
        let mut one = game.vector(48, 11, 1).unwrap();
        let mut two = game.vector(48, 11, 2).unwrap();
        assert_eq!((one.threads(), two.threads()), (1, 2));
        let (mut a, mut b) = (Buffers::new(&*one), Buffers::new(&*two));
        one.reset(None, &mut a.outputs()).unwrap();
        two.reset(None, &mut b.outputs()).unwrap();
        let mut rng = alea::chance::derive_stream(3, 0, 0);
        let (mut ids, mut ended) = (Vec::new(), 0);
        for _ in 0..600 {
            random_actions(&mut rng, &a, one.sizes().actions, &mut ids);
            one.step(&ids, &mut a.outputs()).unwrap();
            two.step(&ids, &mut b.outputs()).unwrap();
            assert_eq!(a.observation, b.observation, "{}", info.name);
            assert_eq!(a.legal_action_mask, b.legal_action_mask, "{}", info.name);
            assert_eq!(a.current_player, b.current_player);
            assert_eq!(a.rewards, b.rewards);
            assert_eq!((&a.terminated, &a.truncated), (&b.terminated, &b.truncated));
            ended += a
                .terminated
                .iter()
                .chain(&a.truncated)
                .filter(|&&e| e)
                .count();
        }
        assert!(ended > 0, "{}: no episode ended", info.name);
    }
}

/// Env `i`'s `k`-th episode is the game built with `episode_seed(seed, i, k)`, whatever the
/// batch's size: the same actions give the same returns and the same end.
#[test]
fn an_episode_is_the_game_of_its_seed() {
    let mut env = VectorEnv::new(Pig::default(), 5, 21, 2).unwrap();
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

/// A steady loop of Pig steps on the caller's thread allocates nothing (after the buffers
/// and each env's journal have grown).
#[test]
fn a_step_allocates_nothing() {
    let mut env = VectorEnv::new(Pig::default(), 16, 5, 1).unwrap();
    let mut out = Buffers::new(&env);
    env.reset(None, &mut out.outputs()).unwrap();
    let mut rng = alea::chance::derive_stream(1, 0, 0);
    let mut ids = Vec::with_capacity(16);
    for _ in 0..2_000 {
        random_actions(&mut rng, &out, 2, &mut ids);
        env.step(&ids, &mut out.outputs()).unwrap();
    }
    let allocations = allocations_during(|| {
        for _ in 0..2_000 {
            random_actions(&mut rng, &out, 2, &mut ids);
            env.step(&ids, &mut out.outputs()).unwrap();
        }
    });
    assert_eq!(allocations, 0);
}
