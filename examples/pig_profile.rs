use alea::games::pig::Pig;
use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Rollback, SimBuilder};
fn main() {
    let mut sim = SimBuilder::new(Pig::default())
        .rollback(Rollback::Caller)
        .build();
    let start = sim.snapshot();
    let mut rng = random_player_rng(1);
    let mut total = 0u64;
    for _ in 0..20000 {
        sim.restore(&start).unwrap();
        total += random_playout(&mut sim, &mut rng).unwrap() as u64;
    }
    println!("{total}");
}
