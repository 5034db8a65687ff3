//! `simulate_random`: random games of a registered game on several threads, summarised as
//! `alea simulate NAME --json` summarises a game of random players (what `alea.simulate`
//! returns for a game of another module).

use std::sync::Arc;
use std::time::Instant;

use alea::registry::{DynGame, Record, Run, StateError, Summary, Wins};

/// Plays games `0..games` of `game`, registered as `name` (game `i` dealt from `sub_seed(seed, i)`, as the command
/// line deals it) on `threads` threads: the totals do not depend on `threads`.
pub fn simulate(
    (name, game): (&'static str, &Arc<dyn DynGame>),
    games: u64,
    seed: u64,
    threads: u16,
) -> Result<Summary, StateError> {
    let started = Instant::now();
    let threads = threads.max(1);
    let step = u64::from(threads);
    let counts = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..step)
            .map(|first| {
                scope.spawn(move || {
                    let mut counts = Wins::new(game.seats());
                    for index in (first..games).step_by(step as usize) {
                        let played =
                            game.play_random(alea::chance::sub_seed(seed, index), Record::Nothing)?;
                        counts.add(played.winner(), played.moves);
                    }
                    Ok::<_, StateError>(counts)
                })
            })
            .collect();
        let mut total = Wins::new(game.seats());
        for worker in workers {
            let counts = worker
                .join()
                .map_err(|_| StateError::Game("a simulation thread panicked".into()))??;
            total.merge(&counts);
        }
        Ok::<_, StateError>(total)
    })?;
    let run = Run {
        threads,
        seconds: started.elapsed().as_secs_f64(),
        truncated: false,
    };
    Ok(counts.summary(name, games, seed, run))
}
