//! Plays N random duel games the way the `duel/random_game` bench does and prints a checksum
//! of their final positions: a small driver for instruction counts
//! (`valgrind --tool=callgrind target/release/examples/duel_playouts 200`) and for checking
//! that an optimisation leaves every game unchanged.
//!
//! `cargo run --release --example duel_playouts -- [games]`

use alea::chance::sub_seed;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, SimBuilder};
use alea_games::games::duel::{Duel, redeal};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut sim = SimBuilder::new(Duel::default())
        .rollback(Rollback::Caller)
        .build();
    let start = sim.snapshot();
    let (mut moves, mut checksum) = (0u64, 0u64);
    for game in 1..=games {
        let seed = sub_seed(1, game);
        sim.restore(&start).expect("the start snapshot fits");
        sim.reseed(seed);
        redeal(&mut sim).expect("a start position deals");
        let played = random_playout(&mut sim, &mut random_player_rng(seed)).expect("legal moves");
        moves += u64::from(played);
        checksum = checksum.rotate_left(5) ^ sim.checksum();
    }
    println!("{games} games, {moves} moves, checksum {checksum:016x}");
}
