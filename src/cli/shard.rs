//! `simulate` split into shards: each plays a contiguous range of a run's game indices and
//! returns mergeable [`Totals`]; merged, they give the summary `alea simulate --json` prints
//! for the whole run ([`summary_json`]).
//!
//! The command line folds its games through the same [`Totals`] and builds its summaries with
//! the same functions, so a merged run and a single run cannot disagree. Every total is an
//! integer sum, so merging in any order gives the same totals.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::simulate::{
    GameTally, MAHJONG_MATCHES, MAHJONG_TABLE, MahjongSummary, MatchResult, SeatSummary, Summary,
    stream_duel, stream_mahjong, stream_pig,
};
use super::{
    Batch, CliError, GameName, RoleSummary, SgsResult, SgsSeatSummary, SgsSummary, SimulateArgs,
    Table, profile, stream_sgs, wilson_interval,
};
use alea::kernel::SimBuilder;
use alea_games::games::duel::Duel;
use alea_games::games::mahjong::Ruleset;
use alea_games::games::mahjong::riichi::PlayerKind;
use alea_games::games::pig::Pig;
use alea_games::games::sgs::{self, Outcome, Role, Sgs};

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
    fn difference(&self, other: &RunId) -> Option<String> {
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
    /// Pig and duel.
    Wins {
        /// Wins per seat.
        wins: Vec<u64>,
        /// Games without a winner.
        draws: u64,
        /// Player moves in all.
        moves: u64,
    },
    /// Mahjong matches.
    Mahjong {
        /// Hands played in all.
        hands: u64,
        /// Hands ended by exhaustive draw.
        draws: u64,
        /// Hands won per seat.
        wins: [u64; 4],
        /// Hands dealt into per seat.
        deal_ins: [u64; 4],
        /// Final scores per seat, summed.
        points: [i64; 4],
        /// Matches finished first per seat (ties: the earlier seat).
        firsts: [u64; 4],
    },
    /// sgs.
    Sgs {
        /// Games won per seat.
        seat_wins: Vec<u64>,
        /// Games won per role, in the mode's role order.
        role_wins: Vec<(Role, u64)>,
        /// Games drawn.
        draws: u64,
        /// Turns in all.
        turns: u64,
        /// Actions in all.
        moves: u64,
    },
}

impl Counts {
    /// Adds `other`'s counts (an error when they are of another kind or table size).
    fn merge(&mut self, other: &Counts) -> Result<(), CliError> {
        fn add(a: &mut [u64], b: &[u64]) {
            a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        }
        match (self, other) {
            (
                Counts::Wins { wins, draws, moves },
                Counts::Wins {
                    wins: w,
                    draws: d,
                    moves: m,
                },
            ) if wins.len() == w.len() => {
                add(wins, w);
                *draws += d;
                *moves += m;
            }
            (
                Counts::Mahjong {
                    hands,
                    draws,
                    wins,
                    deal_ins,
                    points,
                    firsts,
                },
                Counts::Mahjong {
                    hands: h,
                    draws: d,
                    wins: w,
                    deal_ins: di,
                    points: p,
                    firsts: f,
                },
            ) => {
                *hands += h;
                *draws += d;
                add(wins, w);
                add(deal_ins, di);
                add(firsts, f);
                points.iter_mut().zip(p).for_each(|(a, b)| *a += b);
            }
            (
                Counts::Sgs {
                    seat_wins,
                    role_wins,
                    draws,
                    turns,
                    moves,
                },
                Counts::Sgs {
                    seat_wins: sw,
                    role_wins: rw,
                    draws: d,
                    turns: t,
                    moves: m,
                },
            ) if seat_wins.len() == sw.len()
                && role_wins.iter().map(|r| r.0).eq(rw.iter().map(|r| r.0)) =>
            {
                add(seat_wins, sw);
                role_wins.iter_mut().zip(rw).for_each(|(a, b)| a.1 += b.1);
                *draws += d;
                *turns += t;
                *moves += m;
            }
            _ => return Err(shards("the totals count different tables")),
        }
        Ok(())
    }
}

/// A finished game's result, as [`Totals`] count it.
pub(super) trait Counted {
    /// Adds this game to `counts` (false when they count another kind of game).
    fn count(&self, counts: &mut Counts) -> bool;
}

impl Counted for GameTally {
    fn count(&self, counts: &mut Counts) -> bool {
        let Counts::Wins { wins, draws, moves } = counts else {
            return false;
        };
        match self.winner {
            Some(seat) => wins[usize::from(seat)] += 1,
            None => *draws += 1,
        }
        *moves += u64::from(self.moves);
        true
    }
}

impl Counted for MatchResult {
    fn count(&self, counts: &mut Counts) -> bool {
        let Counts::Mahjong {
            hands,
            draws,
            wins,
            deal_ins,
            points,
            firsts,
        } = counts
        else {
            return false;
        };
        *hands += u64::from(self.tally.hands);
        *draws += u64::from(self.tally.draws);
        let first = (0..4).fold(0, |b, o| {
            if self.scores[o] > self.scores[b] {
                o
            } else {
                b
            }
        });
        firsts[first] += 1;
        for s in 0..4 {
            wins[s] += u64::from(self.tally.wins[s]);
            deal_ins[s] += u64::from(self.tally.deal_ins[s]);
            points[s] += i64::from(self.scores[s]);
        }
        true
    }
}

impl Counted for SgsResult {
    fn count(&self, counts: &mut Counts) -> bool {
        let Counts::Sgs {
            seat_wins,
            role_wins,
            draws,
            turns,
            moves,
        } = counts
        else {
            return false;
        };
        let won = |role: Role| self.outcome == Outcome::Won(role.faction());
        for (s, wins) in seat_wins.iter_mut().enumerate() {
            *wins += u64::from(won(self.roles[s]));
        }
        for (role, wins) in role_wins {
            *wins += u64::from(won(*role));
        }
        *draws += u64::from(self.outcome == Outcome::Draw);
        *turns += u64::from(self.turns);
        *moves += u64::from(self.moves);
        true
    }
}

/// The totals of some of a run's games: which run, which game indices, and the counts its
/// summary is computed from. Merge the totals of shards with [`Totals::merge`] and print the
/// summary with [`summary_json`].
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
    fn prefix(&self) -> Result<u64, CliError> {
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

    /// The pig or duel summary (`game` names it).
    pub(super) fn wins_summary(
        &self,
        game: &'static str,
        timing: Timing,
    ) -> Result<Summary, CliError> {
        let games = self.prefix()?;
        let Counts::Wins { wins, draws, moves } = &self.counts else {
            return Err(self.not_of(game));
        };
        Ok(Summary {
            game,
            games,
            truncated: timing.truncated,
            seed: self.run.seed,
            threads: timing.threads,
            wins: wins.clone(),
            draws: *draws,
            mean_moves: *moves as f64 / games.max(1) as f64,
            games_per_second: timing.per_second(games),
        })
    }

    /// The mahjong summary of `game` (the preset `rules`) with `players`.
    pub(super) fn mahjong_summary<R: Ruleset>(
        &self,
        rules: &str,
        game: &R,
        players: &[PlayerKind; 4],
        timing: Timing,
    ) -> Result<MahjongSummary, CliError> {
        let games = self.prefix()?;
        let Counts::Mahjong {
            hands,
            draws,
            wins,
            deal_ins,
            points,
            firsts,
        } = &self.counts
        else {
            return Err(self.not_of("mahjong"));
        };
        let per_hand = |n: u64| n as f64 / (*hands).max(1) as f64;
        Ok(MahjongSummary {
            game: "mahjong",
            rules: rules.to_string(),
            length: game.length(),
            abilities: game.abilities().iter().map(ToString::to_string).collect(),
            games,
            truncated: timing.truncated,
            seed: self.run.seed,
            threads: timing.threads,
            hands: *hands,
            draws: *draws,
            seats: (0..4)
                .map(|s| SeatSummary {
                    player: players[s],
                    win_rate: per_hand(wins[s]),
                    deal_in_rate: per_hand(deal_ins[s]),
                    mean_points: points[s] as f64 / games.max(1) as f64,
                    firsts: firsts[s],
                })
                .collect(),
            games_per_second: timing.per_second(games),
        })
    }

    /// The sgs summary of `game` with `players`.
    pub(super) fn sgs_summary(
        &self,
        game: &Sgs,
        players: &[sgs::PlayerKind],
        timing: Timing,
    ) -> Result<SgsSummary, CliError> {
        let games = self.prefix()?;
        let Counts::Sgs {
            seat_wins,
            role_wins,
            draws,
            turns,
            moves,
        } = &self.counts
        else {
            return Err(self.not_of("sgs"));
        };
        Ok(SgsSummary {
            game: "sgs",
            mode: game.mode,
            games,
            truncated: timing.truncated,
            seed: self.run.seed,
            threads: timing.threads,
            seats: players
                .iter()
                .zip(seat_wins)
                .map(|(&player, &wins)| SgsSeatSummary {
                    player,
                    wins,
                    interval: wilson_interval(wins, games),
                })
                .collect(),
            roles: role_wins
                .iter()
                .map(|&(role, wins)| RoleSummary {
                    role,
                    wins,
                    interval: wilson_interval(wins, games),
                })
                .collect(),
            draws: *draws,
            mean_turns: *turns as f64 / games.max(1) as f64,
            mean_moves: *moves as f64 / games.max(1) as f64,
            games_per_second: timing.per_second(games),
        })
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

fn shards(why: &str) -> CliError {
    CliError::Shards(why.to_string())
}

/// How a run went, besides its counts: the summary's `threads`, `games_per_second` (from
/// `seconds`) and `truncated`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Timing {
    /// Threads used.
    pub threads: u16,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// True when `--max-seconds` ended the run early.
    pub truncated: bool,
}

impl Timing {
    fn per_second(&self, games: u64) -> f64 {
        games as f64 / self.seconds.max(1e-9)
    }
}

/// The games `simulate` counts wins of.
pub(super) enum WinsGame {
    /// Pig.
    Pig(Pig),
    /// Duel.
    Duel(Duel),
}

/// A simulation's game and players, from `simulate`'s arguments.
pub(super) enum Setup {
    /// Pig or duel.
    Wins(WinsGame),
    /// A mahjong table and its players.
    Mahjong(Table, [PlayerKind; 4]),
    /// An sgs game and its players.
    Sgs(Sgs, Vec<sgs::PlayerKind>),
}

impl Setup {
    /// Refuses the options of another game.
    pub(super) fn check(args: &SimulateArgs) -> Result<(), CliError> {
        args.mahjong.only_for(args.game)?;
        super::only_sgs(args.game, &args.sgs)?;
        super::only_where_they_apply(args.game, &args.pig, &args.duel, true)
    }

    /// The game and players of `args` (checked with [`Setup::check`] first).
    pub(super) fn new(args: &SimulateArgs) -> Result<Setup, CliError> {
        Ok(match args.game {
            GameName::Pig => Setup::Wins(WinsGame::Pig(args.pig.game()?)),
            GameName::Duel => Setup::Wins(WinsGame::Duel(args.duel.game()?)),
            GameName::Mahjong => {
                let players = args.mahjong.players(&args.pig.players, MAHJONG_TABLE)?;
                Setup::Mahjong(args.mahjong.table()?, players)
            }
            GameName::Sgs => {
                let game = args.sgs.game()?;
                let players = super::sgs::players(&args.pig.players, game.mode.seats())?;
                Setup::Sgs(game, players)
            }
        })
    }

    /// The run's games: `--games`, or the game's default.
    pub(super) fn games(&self, args: &SimulateArgs) -> u64 {
        args.games.unwrap_or(match self {
            Setup::Mahjong(..) => MAHJONG_MATCHES,
            Setup::Wins(_) | Setup::Sgs(..) => 100_000,
        })
    }

    /// Totals of no game yet of the run `args` describe.
    pub(super) fn totals(&self, args: &SimulateArgs) -> Result<Totals, CliError> {
        let (game, setup, counts) = match self {
            Setup::Wins(WinsGame::Pig(pig)) => (
                "pig",
                serde_json::json!({ "rules": pig }),
                Counts::Wins {
                    wins: vec![0; usize::from(pig.players)],
                    draws: 0,
                    moves: 0,
                },
            ),
            Setup::Wins(WinsGame::Duel(duel)) => {
                let decks: Vec<_> = duel
                    .decks
                    .iter()
                    .map(|d| serde_json::json!({ "characters": d.characters, "cards": d.cards }))
                    .collect();
                (
                    "duel",
                    serde_json::json!({ "decks": decks, "round_limit": duel.round_limit }),
                    Counts::Wins {
                        wins: vec![0; 2],
                        draws: 0,
                        moves: 0,
                    },
                )
            }
            Setup::Mahjong(table, players) => {
                let rules = match table {
                    Table::Riichi(game) => mahjong_setup(game),
                    Table::Sichuan(game) => mahjong_setup(game),
                }?;
                (
                    "mahjong",
                    serde_json::json!({
                        "preset": args.mahjong.preset(),
                        "rules": rules,
                        "players": players,
                    }),
                    Counts::Mahjong {
                        hands: 0,
                        draws: 0,
                        wins: [0; 4],
                        deal_ins: [0; 4],
                        points: [0; 4],
                        firsts: [0; 4],
                    },
                )
            }
            Setup::Sgs(game, players) => (
                "sgs",
                serde_json::json!({ "rules": game.config(), "players": players }),
                Counts::Sgs {
                    seat_wins: vec![0; usize::from(game.mode.seats())],
                    role_wins: game.mode.roles().iter().map(|&r| (r, 0)).collect(),
                    draws: 0,
                    turns: 0,
                    moves: 0,
                },
            ),
        };
        Ok(Totals {
            run: RunId {
                game: game.to_string(),
                seed: args.seed,
                games: self.games(args),
                setup: serde_json::to_string(&setup)?,
            },
            covered: Vec::new(),
            counts,
        })
    }
}

/// A mahjong table's rules, length and abilities, for its [`RunId`].
fn mahjong_setup<R: Ruleset>(game: &R) -> Result<serde_json::Value, CliError> {
    let abilities: Vec<String> = game.abilities().iter().map(ToString::to_string).collect();
    Ok(serde_json::json!({
        "config": serde_json::to_value(game.config())?,
        "length": game.length(),
        "abilities": abilities,
    }))
}

/// Checks that `args` describe a run that can be sharded (the errors [`simulate_totals`]
/// would give for any shard of it), without playing.
pub fn check_run(args: &SimulateArgs) -> Result<(), CliError> {
    shard_setup(args).map(|_| ())
}

/// The setup of a shard's `args`, and its empty totals: the options that write files, profile
/// or stop on time are refused.
fn shard_setup(args: &SimulateArgs) -> Result<(Setup, Totals), CliError> {
    let refused = [
        (args.out.is_some(), "--out"),
        (args.out_mjai.is_some(), "--out-mjai"),
        (args.max_seconds.is_some(), "--max-seconds"),
        (args.profile.is_some(), "--profile"),
        (args.profile_games.is_some(), "--profile-games"),
        (args.profile_thinking, "--profile-thinking"),
    ];
    if let Some((_, option)) = refused.iter().find(|r| r.0) {
        return Err(CliError::Usage(format!(
            "{option} does not apply to a shard of simulate"
        )));
    }
    Setup::check(args)?;
    let setup = Setup::new(args)?;
    let totals = setup.totals(args)?;
    Ok((setup, totals))
}

/// Plays games `first..first + count` of the run `args` describe, each exactly as `alea
/// simulate` plays that index (seeded from `sub_seed(seed, index)`), on `threads` threads, and
/// returns their totals. `args.games` is the whole run's size: the range must lie within it.
/// `--out`, `--out-mjai`, `--max-seconds` and the profile options are refused
/// ([`CliError::Usage`]), as are `count` 0, `threads` 0 and a range past the last index.
pub fn simulate_totals(
    args: &SimulateArgs,
    first: u64,
    count: u64,
    threads: u16,
) -> Result<Totals, CliError> {
    let (setup, mut totals) = shard_setup(args)?;
    if count == 0 {
        return Err(CliError::Usage("a shard plays at least one game".into()));
    }
    if threads == 0 {
        return Err(CliError::Usage(
            "a shard runs on at least one thread".into(),
        ));
    }
    let batch = Batch {
        first,
        count,
        seed: args.seed,
        threads,
    };
    let games = batch.indices()?;
    if games.end > totals.run.games {
        return Err(CliError::Usage(format!(
            "games {}..{} are not all in the run's {} games",
            games.start, games.end, totals.run.games
        )));
    }
    let never = || false;
    match &setup {
        Setup::Wins(WinsGame::Pig(pig)) => stream_pig(pig, batch, false, &never, &mut |i, p| {
            totals.add(i, &p.result)
        }),
        Setup::Wins(WinsGame::Duel(duel)) => {
            stream_duel(duel, batch, &never, &mut |i, p| totals.add(i, &p.result))
        }
        Setup::Mahjong(Table::Riichi(game), players) => {
            stream_table(game, players, batch, &mut totals)
        }
        Setup::Mahjong(Table::Sichuan(game), players) => {
            stream_table(game, players, batch, &mut totals)
        }
        Setup::Sgs(game, players) => {
            stream_sgs(game, players, batch, false, &never, &mut |i, p| {
                totals.add(i, &p.result)
            })
        }
    }?;
    Ok(totals)
}

/// Plays `batch`'s matches of `game` with `players` into `totals`.
fn stream_table<R: Ruleset>(
    game: &R,
    players: &[PlayerKind; 4],
    batch: Batch,
    totals: &mut Totals,
) -> Result<super::Streamed, CliError> {
    // The command line's builder without --profile.
    let builder = SimBuilder::new(game.clone()).run_mode(profile::run_mode(None));
    stream_mahjong(&builder, players, batch, false, &|| false, &mut |i, p| {
        totals.add(i, &p.result)
    })
}

/// The JSON object `alea simulate ... --json` prints for the run `args` describe when its
/// games are `totals` (merged shards covering games `0..games` exactly), run on `threads`
/// threads in `seconds`. An error when the totals are of another run or do not cover the run
/// (a missing or overlapping shard).
pub fn summary_json(
    args: &SimulateArgs,
    totals: &Totals,
    threads: u16,
    seconds: f64,
) -> Result<serde_json::Value, CliError> {
    let (setup, expected) = shard_setup(args)?;
    if let Some(why) = expected.run.difference(&totals.run) {
        return Err(shards(&format!("totals of another run ({why})")));
    }
    let games = totals.prefix()?;
    if games != expected.run.games {
        return Err(shards(&format!(
            "the totals count games 0..{games} of the run's {}",
            expected.run.games
        )));
    }
    let timing = Timing {
        threads,
        seconds,
        truncated: false,
    };
    Ok(match &setup {
        Setup::Wins(WinsGame::Pig(_)) => serde_json::to_value(totals.wins_summary("pig", timing)?),
        Setup::Wins(WinsGame::Duel(_)) => {
            serde_json::to_value(totals.wins_summary("duel", timing)?)
        }
        Setup::Mahjong(Table::Riichi(game), players) => serde_json::to_value(
            totals.mahjong_summary(args.mahjong.preset(), game, players, timing)?,
        ),
        Setup::Mahjong(Table::Sichuan(game), players) => serde_json::to_value(
            totals.mahjong_summary(args.mahjong.preset(), game, players, timing)?,
        ),
        Setup::Sgs(game, players) => {
            serde_json::to_value(totals.sgs_summary(game, players, timing)?)
        }
    }?)
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
