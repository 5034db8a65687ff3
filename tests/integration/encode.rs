//! The encodings' promises ([`alea::encode`]) on random games of every game: ids in range and
//! distinct among the legal actions, each legal id found again, observations of the stated
//! shape that depend on the viewer's information only.

use alea::encode::{Encode, action_of, check_position, legal_ids, size};
use alea::games::duel::Duel;
use alea::games::leduc::Leduc;
use alea::games::mahjong::riichi::{Length, Riichi};
use alea::games::mahjong::sichuan::Sichuan;
use alea::games::pig::Pig;
use alea::games::sgs::{Mode, Sgs};
use alea::kernel::playout::{random_action, random_player_rng};
use alea::kernel::{Seat, SimBuilder, Turn};

/// Plays `games` random games of `game`, checking every position; returns the decisions seen.
fn conforms<G: Encode>(game: G, games: u64) -> u64 {
    let shape = game.observation_shape();
    let mut decisions = 0;
    for seed in 0..games {
        let mut sim = SimBuilder::new(game.clone()).seed(seed).build();
        let mut rng = random_player_rng(seed);
        let mut ids = Vec::new();
        let mut tensor = vec![0.0f32; size(&shape)];
        while let Turn::Player(mover) = sim.turn() {
            check_position(&sim).unwrap();
            legal_ids(&sim, &mut ids);
            for &id in &ids {
                let action = action_of(&sim, id).expect("a legal id names its action");
                assert_eq!(sim.rules().game.action_id(&action), id);
            }
            assert!(action_of(&sim, sim.rules().game.num_actions()).is_none());
            for seat in 0..game.seats() {
                tensor.fill(0.0);
                G::observation(&sim, Seat(seat), &mut tensor);
                assert!(tensor.iter().all(|x| x.is_finite()));
            }
            assert!(!G::describe(&sim).is_empty());
            let action = random_action(&sim, &mut rng).unwrap();
            assert!(!G::action_string(&sim, &action).is_empty());
            let _ = mover;
            sim.apply(action).unwrap();
            decisions += 1;
        }
    }
    decisions
}

#[test]
fn every_game_keeps_its_encoding_promises() {
    assert!(conforms(Pig::default(), 20) > 100);
    assert!(
        conforms(
            Pig {
                players: 4,
                ..Pig::default()
            },
            5
        ) > 50
    );
    assert!(conforms(Leduc, 50) > 100);
    let riichi = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
    assert!(conforms(riichi, 6) > 300);
    assert!(conforms(Sichuan::preset("sichuan").unwrap(), 2) > 300);
    assert!(conforms(Duel::default(), 4) > 50);
    assert!(conforms(Sgs::new(Mode::default()), 6) > 50);
    assert!(conforms(Sgs::new(Mode::Identity4), 3) > 50);
}

#[test]
fn an_observation_hides_what_the_viewer_cannot_see() {
    // Two Leduc deals that differ in P1's card only look the same to P0 when P0's card and the
    // public card agree; P0's tensor carries its own card.
    let mut seen = std::collections::HashMap::<u16, Vec<f32>>::new();
    for seed in 0..40 {
        let sim = SimBuilder::new(Leduc).seed(seed).build();
        let mine = alea::games::leduc::private_card(sim.rules(), sim.world(), Seat(0)).unwrap();
        let mut tensor = vec![0.0; 16];
        Leduc::observation(&sim, Seat(0), &mut tensor);
        assert_eq!(tensor[2 + usize::from(mine.0)], 1.0);
        let before = seen.entry(mine.0).or_insert_with(|| tensor.clone());
        assert_eq!(*before, tensor, "P0's view depends on P0's card only");
    }
    // A riichi viewer's planes 0–3 are its own hand: 13 or 14 tiles in all.
    let sim = SimBuilder::new(Riichi::preset("riichi").unwrap())
        .seed(3)
        .build();
    let mut tensor = vec![0.0; size(&sim.rules().game.observation_shape())];
    Riichi::observation(&sim, Seat(1), &mut tensor);
    let held: f32 = tensor[..4 * 34].iter().sum();
    assert_eq!(held, 13.0);
    tensor.fill(0.0);
    Riichi::observation(&sim, Seat(0), &mut tensor);
    let held: f32 = tensor[..4 * 34].iter().sum();
    assert_eq!(held, 14.0, "the dealer has drawn");
}

#[test]
fn a_restart_in_place_is_a_build_with_the_seed() {
    fn same<G: Encode>(game: G) -> bool {
        let builder = SimBuilder::new(game);
        let mut reused = builder.clone().seed(1).build();
        let start = reused.snapshot();
        let mut rng = random_player_rng(1);
        for _ in 0..40 {
            match random_action(&reused, &mut rng) {
                Some(action) => reused.apply(action).unwrap(),
                None => break,
            }
        }
        for seed in [0, 7, u64::MAX] {
            if !G::restart(&mut reused, &start, seed).unwrap() {
                return false;
            }
            let mut built = builder.clone().seed(seed).build();
            assert_eq!(reused.checksum(), built.checksum());
            // And the games go on alike.
            let mut rng = random_player_rng(seed);
            while let Some(action) = random_action(&built, &mut rng) {
                assert_eq!(reused.legal_actions(), built.legal_actions());
                built.apply(action).unwrap();
                reused.apply(action).unwrap();
            }
            assert_eq!(reused.checksum(), built.checksum());
        }
        true
    }
    assert!(same(
        Riichi::preset("riichi").unwrap().with_length(Length::Kyoku)
    ));
    assert!(same(Sichuan::preset("sichuan").unwrap()));
    assert!(same(Pig::default()));
    assert!(same(Leduc));
    assert!(!same(Duel::default()), "the duel builds a new game");
}
