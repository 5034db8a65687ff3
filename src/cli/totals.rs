//! A run's mergeable totals ([`Totals`]): which run, which game indices, and the integer
//! counts its summary is computed from — each game's own tally (`alea::registry::Wins`,
//! `MahjongTally`, `SgsTally`, beside the games). Every count is an integer sum, so merging
//! in any order gives the same totals.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::CliError;
use super::run::GameTally;
use alea::registry::{Run, Summary, Wins};
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::mahjong::{MahjongSummary, MahjongTally, MatchResult, Ruleset};
use alea_games::games::sgs::{self, Sgs, SgsResult, SgsSummary, SgsTally};

/// How a run went, besides its counts: the summary's `threads`, `games_per_second` (from
/// `seconds`) and `truncated`.
pub(super) type Timing = Run;

/// What a run is: merging totals of different runs is refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunId {
    /// The game (`pig`, `duel`, `mahjong`, `sgs`).
    pub game: String,
    /// The base seed.
    pub seed: u64,
    /// The run's games (`--games`, or the game's default).
    pub games: u64,
    /// The rules, players and abilities, as compact JSON.
    pub setup: String,
}

impl RunId {
    /// Why `other` is another run (`None` when it is the same).
    pub(super) fn difference(&self, other: &RunId) -> Option<String> {
        if self.game != other.game {
            Some(format!("games {} and {}", self.game, other.game))
        } else if self.seed != other.seed {
            Some(format!("seeds {} and {}", self.seed, other.seed))
        } else if self.games != other.games {
            Some(format!("{} and {} games", self.games, other.games))
        } else if self.setup != other.setup {
            Some(format!("setups {} and {}", self.setup, other.setup))
        } else {
            None
        }
    }
}

/// The counts a summary is computed from, by game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counts {
    /// Pig, the duel and the registered games of random players.
    Wins(Wins),
    /// Mahjong matches.
    Mahjong(MahjongTally),
    /// sgs.
    Sgs(SgsTally),
}

impl Counts {
    /// Adds `other`'s counts (an error, changing nothing, when they are of another kind or
    /// table size).
    fn merge(&mut self, other: &Counts) -> Result<(), CliError> {
        let merged = match (self, other) {
            (Counts::Wins(wins), Counts::Wins(other)) => wins.merge(other),
            (Counts::Mahjong(tally), Counts::Mahjong(other)) => {
                tally.merge(other);
                true
            }
            (Counts::Sgs(tally), Counts::Sgs(other)) => tally.merge(other),
            _ => false,
        };
        match merged {
            true => Ok(()),
            false => Err(shards("the totals count different tables")),
        }
    }
}

/// A finished game's result, as [`Totals`] count it.
pub(super) trait Counted {
    /// Adds this game to `counts` (false when they count another kind of game).
    fn count(&self, counts: &mut Counts) -> bool;
}

impl Counted for GameTally {
    fn count(&self, counts: &mut Counts) -> bool {
        let Counts::Wins(wins) = counts else {
            return false;
        };
        wins.add(self.winner, self.moves)
    }
}

impl Counted for MatchResult {
    fn count(&self, counts: &mut Counts) -> bool {
        let Counts::Mahjong(tally) = counts else {
            return false;
        };
        tally.add(self);
        true
    }
}

impl Counted for SgsResult {
    fn count(&self, counts: &mut Counts) -> bool {
        let Counts::Sgs(tally) = counts else {
            return false;
        };
        tally.add(self);
        true
    }
}

/// The totals of some of a run's games: which run, which game indices, and the counts its
/// summary is computed from. Merge the totals of shards with [`Totals::merge`] and print the
/// summary with [`summary_json`](super::shard::summary_json).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    /// The run.
    pub run: RunId,
    /// The game indices counted: sorted, disjoint, not touching.
    pub covered: Vec<Range<u64>>,
    /// The counts.
    pub counts: Counts,
}

impl Totals {
    /// Adds `other`'s games: an error (leaving `self` as it was) when `other` is of another
    /// run or counts a game `self` already counts.
    pub fn merge(&mut self, other: &Totals) -> Result<(), CliError> {
        if let Some(why) = self.run.difference(&other.run) {
            return Err(shards(&format!("totals of different runs ({why})")));
        }
        let mut covered = self.covered.clone();
        for range in &other.covered {
            cover(&mut covered, range.clone())?;
        }
        self.counts.merge(&other.counts)?;
        self.covered = covered;
        Ok(())
    }

    /// Adds game `index`'s result (an error when it is counted already).
    pub(super) fn add(&mut self, index: u64, result: &impl Counted) -> Result<(), CliError> {
        let end = index
            .checked_add(1)
            .ok_or_else(|| shards("no game has index 2^64 - 1"))?;
        cover(&mut self.covered, index..end)?;
        if !result.count(&mut self.counts) {
            return Err(shards(&format!(
                "a game cannot count in {} totals",
                self.run.game
            )));
        }
        Ok(())
    }

    /// The number of games counted, `n`, when they are games `0..n` (an error otherwise).
    pub(super) fn prefix(&self) -> Result<u64, CliError> {
        match self.covered.as_slice() {
            [] => Ok(0),
            [only] if only.start == 0 => Ok(only.end),
            ranges => Err(shards(&format!(
                "the totals count games {} (not one range from game 0)",
                ranges
                    .iter()
                    .map(|r| format!("{}..{}", r.start, r.end))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// The summary of a game counted in wins (`game` names it).
    pub(super) fn wins_summary(
        &self,
        game: &'static str,
        timing: Timing,
    ) -> Result<Summary, CliError> {
        let games = self.prefix()?;
        let Counts::Wins(wins) = &self.counts else {
            return Err(self.not_of(game));
        };
        Ok(wins.summary(game, games, self.run.seed, timing))
    }

    /// The mahjong summary of `game` (the preset `rules`) with `players`.
    pub(super) fn mahjong_summary<R: Ruleset>(
        &self,
        table: (&str, &R, &[PlayerKind; 4]),
        timing: Timing,
    ) -> Result<MahjongSummary, CliError> {
        let games = self.prefix()?;
        let Counts::Mahjong(tally) = &self.counts else {
            return Err(self.not_of("mahjong"));
        };
        Ok(tally.summary(table, (games, self.run.seed), timing))
    }

    /// The sgs summary of `game` with `players`.
    pub(super) fn sgs_summary(
        &self,
        game: &Sgs,
        players: &[sgs::PlayerKind],
        timing: Timing,
    ) -> Result<SgsSummary, CliError> {
        let games = self.prefix()?;
        let Counts::Sgs(tally) = &self.counts else {
            return Err(self.not_of("sgs"));
        };
        Ok(tally.summary((game, players), (games, self.run.seed), timing))
    }

    fn not_of(&self, game: &str) -> CliError {
        shards(&format!(
            "{} totals cannot make a {game} summary",
            self.run.game
        ))
    }
}

/// Adds the indices `new` to `covered` (sorted, disjoint, not touching), or refuses them when
/// some are there already.
fn cover(covered: &mut Vec<Range<u64>>, new: Range<u64>) -> Result<(), CliError> {
    if new.is_empty() {
        return Ok(());
    }
    // Games come in order from the command line: the last range grows.
    if let Some(last) = covered.last_mut()
        && last.end == new.start
    {
        last.end = new.end;
        return Ok(());
    }
    let at = covered.partition_point(|r| r.end <= new.start);
    if let Some(next) = covered.get(at)
        && next.start < new.end
    {
        return Err(shards(&format!(
            "games {}..{} are counted twice",
            next.start.max(new.start),
            next.end.min(new.end)
        )));
    }
    covered.insert(at, new);
    if covered
        .get(at + 1)
        .is_some_and(|n| n.start == covered[at].end)
    {
        covered[at].end = covered.remove(at + 1).end;
    }
    if at > 0 && covered[at - 1].end == covered[at].start {
        covered[at - 1].end = covered.remove(at).end;
    }
    Ok(())
}

pub(super) fn shards(why: &str) -> CliError {
    CliError::Shards(why.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(list: &[(u64, u64)]) -> Vec<Range<u64>> {
        list.iter().map(|&(a, b)| a..b).collect()
    }

    #[test]
    fn cover_keeps_ranges_sorted_and_refuses_overlaps() {
        let mut covered = Vec::new();
        for (a, b) in [(10, 20), (0, 5), (30, 40), (5, 10), (25, 30)] {
            cover(&mut covered, a..b).unwrap();
        }
        assert_eq!(covered, ranges(&[(0, 20), (25, 40)]));
        assert!(cover(&mut covered, 19..21).is_err());
        assert!(cover(&mut covered, 24..26).is_err());
        assert!(cover(&mut covered, 0..100).is_err());
        assert_eq!(covered, ranges(&[(0, 20), (25, 40)]));
        cover(&mut covered, 20..25).unwrap();
        assert_eq!(covered, ranges(&[(0, 40)]));
    }
}
