//! What simulated mahjong matches add up to: a match's result ([`MatchResult`]), the integer
//! totals of many ([`MahjongTally`]: merged in any order, the same) and the summary `alea
//! simulate mahjong` prints ([`MahjongSummary`]).

use alea::registry::Run;
use serde::{Deserialize, Serialize};

use super::players::PlayerKind;
use super::{MatchTally, Ruleset};

/// The outcome of one mahjong match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Final scores by seat.
    pub scores: [i32; 4],
    /// Wins, deal-ins, hands and draws.
    pub tally: MatchTally,
}

/// The totals of some matches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MahjongTally {
    /// Hands played in all.
    pub hands: u64,
    /// Hands ended by exhaustive draw.
    pub draws: u64,
    /// Hands won per seat.
    pub wins: [u64; 4],
    /// Hands dealt into per seat.
    pub deal_ins: [u64; 4],
    /// Final scores per seat, summed.
    pub points: [i64; 4],
    /// Matches finished first per seat (ties: the earlier seat).
    pub firsts: [u64; 4],
}

impl MahjongTally {
    /// Counts one match.
    pub fn add(&mut self, result: &MatchResult) {
        self.hands += u64::from(result.tally.hands);
        self.draws += u64::from(result.tally.draws);
        let first = (0..4).fold(0, |best, seat| {
            if result.scores[seat] > result.scores[best] {
                seat
            } else {
                best
            }
        });
        self.firsts[first] += 1;
        for seat in 0..4 {
            self.wins[seat] += u64::from(result.tally.wins[seat]);
            self.deal_ins[seat] += u64::from(result.tally.deal_ins[seat]);
            self.points[seat] += i64::from(result.scores[seat]);
        }
    }

    /// Adds `other`'s matches.
    pub fn merge(&mut self, other: &MahjongTally) {
        self.hands += other.hands;
        self.draws += other.draws;
        for seat in 0..4 {
            self.wins[seat] += other.wins[seat];
            self.deal_ins[seat] += other.deal_ins[seat];
            self.points[seat] += other.points[seat];
            self.firsts[seat] += other.firsts[seat];
        }
    }

    /// The summary of `games` matches (seeded from `seed`) of `game`, the preset `rules`, with
    /// `players`.
    pub fn summary<R: Ruleset>(
        &self,
        (rules, game, players): (&str, &R, &[PlayerKind; 4]),
        (games, seed): (u64, u64),
        run: Run,
    ) -> MahjongSummary {
        let per_hand = |n: u64| n as f64 / self.hands.max(1) as f64;
        MahjongSummary {
            game: "mahjong",
            rules: rules.to_string(),
            length: game.length(),
            abilities: game.abilities().iter().map(ToString::to_string).collect(),
            games,
            truncated: run.truncated,
            seed,
            threads: run.threads,
            hands: self.hands,
            draws: self.draws,
            seats: (0..4)
                .map(|s| SeatSummary {
                    player: players[s],
                    win_rate: per_hand(self.wins[s]),
                    deal_in_rate: per_hand(self.deal_ins[s]),
                    mean_points: self.points[s] as f64 / games.max(1) as f64,
                    firsts: self.firsts[s],
                })
                .collect(),
            games_per_second: run.per_second(games),
        }
    }
}

/// One seat's line of the mahjong summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    /// The player at the seat.
    pub player: PlayerKind,
    /// Hands won / hands played.
    pub win_rate: f64,
    /// Hands dealt into / hands played.
    pub deal_in_rate: f64,
    /// Mean final score.
    pub mean_points: f64,
    /// Matches finished first (ties: the earlier seat).
    pub firsts: u64,
}

/// What `simulate mahjong` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongSummary {
    /// `mahjong`.
    pub game: &'static str,
    /// The rules preset.
    pub rules: String,
    /// The match length as the replay file's rules hold it (riichi: `"hanchan"`; sichuan: the
    /// number of hands, `4`).
    pub length: serde_json::Value,
    /// The abilities seated (`NAME@SEAT`).
    pub abilities: Vec<String>,
    /// Matches played (the delivered prefix when truncated).
    pub games: u64,
    /// True when `--max-seconds` ended the run before every match was played.
    pub truncated: bool,
    /// The base seed.
    pub seed: u64,
    /// Threads used.
    pub threads: u16,
    /// Hands played in all.
    pub hands: u64,
    /// Hands ended by exhaustive draw.
    pub draws: u64,
    /// Per seat.
    pub seats: Vec<SeatSummary>,
    /// Matches per second (wall clock).
    pub games_per_second: f64,
}
