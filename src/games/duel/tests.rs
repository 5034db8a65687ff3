use super::*;
use crate::kernel::SimBuilder;
use crate::kernel::playout::{random_player_rng, random_playout};

#[test]
fn random_games_finish() {
    let builder = SimBuilder::new(Duel::default());
    let mut sim = builder.build();
    let start = sim.snapshot();
    let t = std::time::Instant::now();
    let mut wins = [0; 3];
    for g in 0..200u64 {
        sim.restore(&start).unwrap();
        sim.reseed(g);
        let moves = random_playout(&mut sim, &mut random_player_rng(g)).unwrap();
        let st = state(sim.world());
        wins[st.winner.map_or(2, |w| w.index())] += 1;
        assert!(moves > 0);
    }
    eprintln!("{wins:?} in {:?}", t.elapsed());
}
