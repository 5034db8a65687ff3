//! The encodings' promises ([`alea::encode`]) beyond the conformance suite's (which checks ids
//! and observations on random games of every game, `alea::testing`): what observations hold,
//! and restarts in place.

use alea::encode::{Encode, size};
use alea::kernel::playout::{random_action, random_player_rng};
use alea::kernel::{Seat, SimBuilder};
use alea_games::games::duel::Duel;
use alea_games::games::leduc::Leduc;
use alea_games::games::mahjong::riichi::{Length, Riichi};
use alea_games::games::mahjong::sichuan::Sichuan;
use alea_games::games::pig::Pig;
use alea_games::games::sgs::{Mode, Sgs};

#[test]
fn an_observation_hides_what_the_viewer_cannot_see() {
    // Two Leduc deals that differ in P1's card only look the same to P0 when P0's card and the
    // public card agree; P0's tensor carries its own card.
    let mut seen = std::collections::HashMap::<u16, Vec<f32>>::new();
    for seed in 0..40 {
        let sim = SimBuilder::new(Leduc).seed(seed).build();
        let mine =
            alea_games::games::leduc::private_card(sim.rules(), sim.world(), Seat(0)).unwrap();
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
    assert!(same(Duel::default()));
    assert!(same(Sgs::default()));
    assert!(same(Sgs::new(Mode::Identity4)));
}
