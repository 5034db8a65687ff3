//! What random games of a registered game add up to: wins per seat, draws and moves
//! ([`Wins`]), and the summary `alea simulate` prints of them ([`Summary`]).

use serde::{Deserialize, Serialize};

/// Integer totals of finished games: merged in any order, the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wins {
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Games without a winner.
    pub draws: u64,
    /// Player moves in all.
    pub moves: u64,
}

impl Wins {
    /// No game yet, at a table of `seats`.
    pub fn new(seats: usize) -> Self {
        Wins {
            wins: vec![0; seats],
            draws: 0,
            moves: 0,
        }
    }

    /// Counts a game won by `winner` (`None`: a draw) in `moves` player moves (false, counting
    /// nothing, when the seat is not at the table).
    pub fn add(&mut self, winner: Option<u8>, moves: u32) -> bool {
        match winner {
            Some(seat) => match self.wins.get_mut(usize::from(seat)) {
                Some(wins) => *wins += 1,
                None => return false,
            },
            None => self.draws += 1,
        }
        self.moves += u64::from(moves);
        true
    }

    /// Adds `other`'s games (false, changing nothing, when it counts another table size).
    pub fn merge(&mut self, other: &Wins) -> bool {
        if self.wins.len() != other.wins.len() {
            return false;
        }
        self.wins
            .iter_mut()
            .zip(&other.wins)
            .for_each(|(a, b)| *a += b);
        self.draws += other.draws;
        self.moves += other.moves;
        true
    }

    /// The summary of `games` games of `game` (seeded from `seed`) counted here.
    pub fn summary(&self, game: &'static str, games: u64, seed: u64, run: Run) -> Summary {
        Summary {
            game,
            games,
            truncated: run.truncated,
            seed,
            threads: run.threads,
            wins: self.wins.clone(),
            draws: self.draws,
            mean_moves: self.moves as f64 / games.max(1) as f64,
            games_per_second: run.per_second(games),
        }
    }
}

/// How a run went, besides its games: threads, wall-clock seconds, and whether a time limit
/// ended it early.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// Threads used.
    pub threads: u16,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// True when a time limit ended the run before every game was played.
    pub truncated: bool,
}

impl Run {
    /// The default number of threads of a run: every core the process may use (at most 1 024).
    pub fn available_threads() -> u16 {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(1024) as u16)
    }

    /// `games` over the run's seconds.
    pub fn per_second(&self, games: u64) -> f64 {
        games as f64 / self.seconds.max(1e-9)
    }
}

/// What `alea simulate` reports for a game counted in [`Wins`] (pig, the duel, and every
/// registered game of random players).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The game's name.
    pub game: &'static str,
    /// Games played (the delivered prefix when truncated).
    pub games: u64,
    /// True when a time limit ended the run before every game was played.
    pub truncated: bool,
    /// The base seed.
    pub seed: u64,
    /// Threads used.
    pub threads: u16,
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Games without a winner.
    pub draws: u64,
    /// Mean player moves per game.
    pub mean_moves: f64,
    /// Games per second (wall clock).
    pub games_per_second: f64,
}
