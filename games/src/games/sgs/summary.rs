//! What simulated sgs games add up to: a game's result ([`SgsResult`]), the integer totals of
//! many ([`SgsTally`]: merged in any order, the same) and the summary `alea simulate sgs`
//! prints ([`SgsSummary`]).

use alea::registry::Run;
use serde::{Deserialize, Serialize};

use super::{Mode, Outcome, PlayerKind, Role, Sgs};

/// How one simulated game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgsResult {
    /// The outcome.
    pub outcome: Outcome,
    /// The roles by seat.
    pub roles: Vec<Role>,
    /// Turns played.
    pub turns: u32,
    /// Actions taken.
    pub moves: u32,
}

/// The totals of some games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SgsTally {
    /// Games won per seat.
    pub seat_wins: Vec<u64>,
    /// Games won per role, in the mode's role order.
    pub role_wins: Vec<(Role, u64)>,
    /// Games drawn.
    pub draws: u64,
    /// Turns in all.
    pub turns: u64,
    /// Actions in all.
    pub moves: u64,
}

impl SgsTally {
    /// No game yet of `game`'s table.
    pub fn new(game: &Sgs) -> Self {
        SgsTally {
            seat_wins: vec![0; usize::from(game.mode.seats())],
            role_wins: game.mode.roles().iter().map(|&r| (r, 0)).collect(),
            draws: 0,
            turns: 0,
            moves: 0,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, result: &SgsResult) {
        let won = |role: Role| result.outcome == Outcome::Won(role.faction());
        for (seat, wins) in self.seat_wins.iter_mut().enumerate() {
            *wins += u64::from(result.roles.get(seat).is_some_and(|&r| won(r)));
        }
        for (role, wins) in &mut self.role_wins {
            *wins += u64::from(won(*role));
        }
        self.draws += u64::from(result.outcome == Outcome::Draw);
        self.turns += u64::from(result.turns);
        self.moves += u64::from(result.moves);
    }

    /// Adds `other`'s games (false, changing nothing, when it counts another table).
    pub fn merge(&mut self, other: &SgsTally) -> bool {
        let same_roles = self
            .role_wins
            .iter()
            .map(|r| r.0)
            .eq(other.role_wins.iter().map(|r| r.0));
        if self.seat_wins.len() != other.seat_wins.len() || !same_roles {
            return false;
        }
        let pairs = self.seat_wins.iter_mut().zip(&other.seat_wins);
        pairs.for_each(|(a, b)| *a += b);
        let pairs = self.role_wins.iter_mut().zip(&other.role_wins);
        pairs.for_each(|(a, b)| a.1 += b.1);
        self.draws += other.draws;
        self.turns += other.turns;
        self.moves += other.moves;
        true
    }

    /// The summary of `games` games (seeded from `seed`) of `game` with `players`.
    pub fn summary(
        &self,
        (game, players): (&Sgs, &[PlayerKind]),
        (games, seed): (u64, u64),
        run: Run,
    ) -> SgsSummary {
        SgsSummary {
            game: "sgs",
            mode: game.mode,
            games,
            truncated: run.truncated,
            seed,
            threads: run.threads,
            seats: players
                .iter()
                .zip(&self.seat_wins)
                .map(|(&player, &wins)| SgsSeatSummary {
                    player,
                    wins,
                    interval: wilson_interval(wins, games),
                })
                .collect(),
            roles: self
                .role_wins
                .iter()
                .map(|&(role, wins)| RoleSummary {
                    role,
                    wins,
                    interval: wilson_interval(wins, games),
                })
                .collect(),
            draws: self.draws,
            mean_turns: self.turns as f64 / games.max(1) as f64,
            mean_moves: self.moves as f64 / games.max(1) as f64,
            games_per_second: run.per_second(games),
        }
    }
}

/// One seat's line of the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SgsSeatSummary {
    /// Who played it.
    pub player: PlayerKind,
    /// Games its side won.
    pub wins: u64,
    /// The 95 % interval of its win rate (Wilson score interval).
    pub interval: [f64; 2],
}

/// One role's line of the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoleSummary {
    /// The role.
    pub role: Role,
    /// Games its side won.
    pub wins: u64,
    /// The 95 % interval of its win rate (Wilson score interval).
    pub interval: [f64; 2],
}

/// The Wilson score interval at 95 % of a rate of `wins` in `games`.
pub fn wilson_interval(wins: u64, games: u64) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    let (n, z) = (games as f64, 1.959_964);
    let p = wins as f64 / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// What `simulate sgs` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SgsSummary {
    /// `sgs`.
    pub game: &'static str,
    /// The table.
    pub mode: Mode,
    /// Games played (the delivered prefix when truncated).
    pub games: u64,
    /// True when `--max-seconds` ended the run before every game was played.
    pub truncated: bool,
    /// The base seed.
    pub seed: u64,
    /// Threads used.
    pub threads: u16,
    /// Per seat.
    pub seats: Vec<SgsSeatSummary>,
    /// Per role (every role is dealt in every game).
    pub roles: Vec<RoleSummary>,
    /// Games drawn (piles ran out, or the round limit).
    pub draws: u64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Mean actions per game.
    pub mean_moves: f64,
    /// Games per second (wall clock).
    pub games_per_second: f64,
}
