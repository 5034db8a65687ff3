//! Playing an arena's deals: [`Arena`], one [`Deal`] per deal, and the deals of a run or a
//! shard of it ([`ArenaDeals`]).

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use super::report::ArenaReport;
use super::{ArenaError, Seating};
use crate::chance::sub_seed;
use crate::registry::DynGame;

/// A registered game and the players it seats for a duplicate evaluation (see the
/// [module](super)).
#[derive(Clone)]
pub struct Arena {
    game: Arc<dyn DynGame>,
    seating: Seating,
}

/// What one deal gave each player kind, in the order of [`Seating::kinds`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deal {
    /// The deal's index (dealt from `sub_seed(seed, index)`).
    pub index: u64,
    /// Each kind's mean return over the seats it took in the deal's rotations.
    pub returns: Vec<f64>,
    /// Each of the game's measures ([`Encode::measures`](crate::encode::Encode::measures)):
    /// each kind's mean over the same seats.
    pub measures: BTreeMap<String, Vec<f64>>,
    /// Player moves in all the deal's rotations.
    pub moves: u64,
}

/// The deals of an arena run, or of a shard of one: merged in any order, the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaDeals {
    /// The game's name.
    pub game: String,
    /// The run's seed.
    pub seed: u64,
    /// Who sat where.
    pub seating: Seating,
    /// The deals, by index.
    pub deals: Vec<Deal>,
}

impl Arena {
    /// `players` (the game's player names, a shorter list repeating its last) at `game`'s
    /// table; an unknown name is refused with the game's list.
    pub fn new(game: Arc<dyn DynGame>, players: &[String]) -> Result<Arena, ArenaError> {
        let seating = Seating::new(players, game.seats())?;
        for kind in &seating.kinds {
            game.check_player(kind)
                .map_err(|e| ArenaError::Usage(e.to_string()))?;
        }
        Ok(Arena { game, seating })
    }

    /// The game.
    pub fn game(&self) -> &Arc<dyn DynGame> {
        &self.game
    }

    /// Who sits where.
    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    /// Deal `index` of the run seeded with `seed`, played in every rotation.
    pub fn play_deal(&self, seed: u64, index: u64) -> Result<Deal, ArenaError> {
        let deal_seed = sub_seed(seed, index);
        let kinds = self.seating.kinds.len();
        let mut returns = vec![0.0; kinds];
        let mut measures: BTreeMap<String, Vec<f64>> = BTreeMap::new();
        let mut counts = vec![0u32; kinds];
        let mut moves = 0u64;
        for rotation in 0..self.seating.rotations {
            let players = self.seating.rotation(rotation);
            let game = self
                .game
                .play_seated(deal_seed, &players, deal_seed)
                .map_err(|e| ArenaError::Game {
                    deal: index,
                    rotation,
                    message: e.to_string(),
                })?;
            moves += u64::from(game.moves);
            let fail = |message: String| ArenaError::Game {
                deal: index,
                rotation,
                message,
            };
            check_rotation_measures(&game.measures, players.len(), rotation, &measures)
                .map_err(fail)?;
            for (seat, name) in players.iter().enumerate() {
                let kind = self.seating.kind(name).expect("a rotation seats the kinds");
                counts[kind] += 1;
                returns[kind] += game.returns[seat];
                for measure in &game.measures {
                    let sums = measures
                        .entry(measure.name.to_string())
                        .or_insert_with(|| vec![0.0; kinds]);
                    sums[kind] += measure.seats[seat];
                }
            }
        }
        let mean = |sums: &mut Vec<f64>| {
            sums.iter_mut()
                .zip(&counts)
                .for_each(|(sum, n)| *sum /= f64::from(*n));
        };
        mean(&mut returns);
        measures.values_mut().for_each(mean);
        Ok(Deal {
            index,
            returns,
            measures,
            moves,
        })
    }

    /// Deals `deals` of the run seeded with `seed`, on `threads` threads (0: one per core),
    /// `progress` told of each finished deal. The deals are the same for any thread count; on
    /// a failure, the first failing deal's error (the deals after it are not started).
    pub fn play(
        &self,
        deals: Range<u64>,
        seed: u64,
        threads: usize,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<ArenaDeals, ArenaError> {
        if deals.is_empty() {
            return Err(ArenaError::Usage("an arena plays at least one deal".into()));
        }
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let threads = threads.min(usize::try_from(deals.end - deals.start).unwrap_or(usize::MAX));
        let next = AtomicU64::new(deals.start);
        let failed = AtomicBool::new(false);
        let results = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    while !failed.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= deals.end {
                            break;
                        }
                        let deal = self.play_deal(seed, index);
                        failed.fetch_or(deal.is_err(), Ordering::Relaxed);
                        progress(1);
                        let mut results = results.lock().unwrap_or_else(PoisonError::into_inner);
                        results.push((index, deal));
                    }
                });
            }
        });
        let mut results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
        // Deals are taken in index order and every started deal finishes, so the first failing
        // one is the same for any thread count.
        results.sort_by_key(|(index, _)| *index);
        let deals = results
            .into_iter()
            .map(|(_, deal)| deal)
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(odd) = deals
            .iter()
            .find(|d| !d.measures.keys().eq(deals[0].measures.keys()))
        {
            return Err(ArenaError::Game {
                deal: odd.index,
                rotation: 0,
                message: format!(
                    "the game's measures are {:?}, deal {}'s were {:?}",
                    odd.measures.keys().collect::<Vec<_>>(),
                    deals[0].index,
                    deals[0].measures.keys().collect::<Vec<_>>()
                ),
            });
        }
        Ok(ArenaDeals {
            game: self.game.name().to_string(),
            seed,
            seating: self.seating.clone(),
            deals,
        })
    }
}

/// `Ok` when `measures` (a rotation's) hold a finite value for each of `seats`, with the names
/// the earlier rotations' had (`sums`, empty at rotation 0).
fn check_rotation_measures(
    measures: &[crate::encode::Measure],
    seats: usize,
    rotation: usize,
    sums: &BTreeMap<String, Vec<f64>>,
) -> Result<(), String> {
    crate::encode::check_measures(measures, seats)?;
    let mut names: Vec<&str> = measures.iter().map(|m| m.name).collect();
    names.sort_unstable();
    if rotation > 0 && !names.iter().copied().eq(sums.keys().map(String::as_str)) {
        return Err(format!(
            "the game's measures are {names:?} here, {:?} in rotation 0",
            sums.keys().collect::<Vec<_>>()
        ));
    }
    Ok(())
}

impl ArenaDeals {
    /// Adds `other`'s deals (a shard of the same run); an error, changing nothing, when it is
    /// of another run or repeats a deal.
    pub fn merge(&mut self, other: ArenaDeals) -> Result<(), ArenaError> {
        if (&self.game, self.seed, &self.seating) != (&other.game, other.seed, &other.seating) {
            return Err(ArenaError::Usage(format!(
                "deals of another run: {} seed {} with {} against {} seed {} with {}",
                other.game,
                other.seed,
                other.seating.seats.join(","),
                self.game,
                self.seed,
                self.seating.seats.join(",")
            )));
        }
        other.check_shapes()?;
        let mut deals = self.deals.clone();
        deals.extend(other.deals);
        deals.sort_by_key(|d| d.index);
        if let Some(twice) = deals.windows(2).find(|w| w[0].index == w[1].index) {
            return Err(ArenaError::Usage(format!(
                "deal {} is in two shards",
                twice[0].index
            )));
        }
        self.deals = deals;
        Ok(())
    }

    /// An error when a deal does not hold one value per player kind (a shard read from bad
    /// JSON), or its measures differ from the first deal's.
    fn check_shapes(&self) -> Result<(), ArenaError> {
        let kinds = self.seating.kinds.len();
        let first = self
            .deals
            .first()
            .map(|d| d.measures.keys().collect::<Vec<_>>());
        for deal in &self.deals {
            let measures_fit = deal.measures.values().all(|m| m.len() == kinds)
                && first
                    .as_ref()
                    .is_none_or(|f| deal.measures.keys().eq(f.iter().copied()));
            if deal.returns.len() != kinds || !measures_fit {
                return Err(ArenaError::Usage(format!(
                    "deal {} does not hold one value per player kind ({kinds})",
                    deal.index
                )));
            }
        }
        Ok(())
    }

    /// The report of deals `0..n`: an error when a deal is missing.
    pub fn report(&self) -> Result<ArenaReport, ArenaError> {
        self.check_shapes()?;
        if let Some((at, deal)) = self
            .deals
            .iter()
            .enumerate()
            .find(|(at, d)| d.index != *at as u64)
        {
            return Err(ArenaError::Usage(format!(
                "deal {at} is missing (the deals go on at {})",
                deal.index
            )));
        }
        if self.deals.is_empty() {
            return Err(ArenaError::Usage("no deals to report".into()));
        }
        Ok(ArenaReport::new(self))
    }
}

#[cfg(test)]
mod tests {
    use super::{BTreeMap, check_rotation_measures};
    use crate::encode::Measure;

    #[test]
    fn a_rotation_must_name_the_measures_of_rotation_0() {
        let win = |v: f64| Measure {
            name: "win_rate",
            seats: vec![v, 1.0 - v],
        };
        let empty = BTreeMap::new();
        assert_eq!(check_rotation_measures(&[win(1.0)], 2, 0, &empty), Ok(()));
        let seen = BTreeMap::from([("win_rate".to_string(), vec![1.0, 0.0])]);
        assert_eq!(check_rotation_measures(&[win(0.0)], 2, 1, &seen), Ok(()));
        let changed = check_rotation_measures(&[], 2, 1, &seen).unwrap_err();
        assert_eq!(
            changed,
            "the game's measures are [] here, [\"win_rate\"] in rotation 0"
        );
        let short = check_rotation_measures(&[win(0.5)], 3, 0, &empty).unwrap_err();
        assert!(short.contains("each of 3 seats"), "{short}");
    }
}
