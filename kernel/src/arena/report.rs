//! What an arena's deals say: each player kind's mean with a 95 % interval paired by deal, and
//! each pair's difference ([`ArenaReport`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ArenaDeals;

/// A mean over deals and its 95 % interval (Student's t over the deals' values; `None` from
/// one deal).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// `[lo, hi]`, the mean ± 1.96 standard errors.
    pub interval: Option<[f64; 2]>,
}

/// `values`' mean and 95 % interval: the mean ± t(0.975, n − 1) standard errors, from the
/// values (one a deal) as a sample.
pub fn estimate(values: &[f64]) -> Estimate {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let interval = (values.len() > 1).then(|| {
        let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let half = t975(n - 1.0) * (variance / n).sqrt();
        [mean - half, mean + half]
    });
    Estimate { mean, interval }
}

/// Student's t distribution's 97.5 % quantile with `df` degrees of freedom (a 95 % two-sided
/// interval; toward 1.96 as `df` grows).
pub fn t975(df: f64) -> f64 {
    use statrs::distribution::{ContinuousCDF, StudentsT};
    StudentsT::new(0.0, 1.0, df).map_or(f64::NAN, |t| t.inverse_cdf(0.975))
}

/// The running mean of `values`: element `i` is the mean of the first `i + 1`.
pub fn running_means(values: &[f64]) -> Vec<f64> {
    let mut sum = 0.0;
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            sum += v;
            sum / (i + 1) as f64
        })
        .collect()
}

/// One player kind's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerResult {
    /// The player's name.
    pub player: String,
    /// Seats it takes in each rotation.
    pub seats: usize,
    /// Its mean return a game, over its seats of each deal, and the interval paired by deal.
    #[serde(flatten)]
    pub estimate: Estimate,
    /// The game's measures the same way (mahjong: `points`, `win_rate`, `deal_in_rate`).
    pub measures: BTreeMap<String, Estimate>,
}

/// A head-to-head difference: `a`'s mean return less `b`'s, deal by deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    /// The first player.
    pub a: String,
    /// The second.
    pub b: String,
    /// The mean difference and its interval.
    #[serde(flatten)]
    pub estimate: Estimate,
}

/// An arena run's report (`alea arena --json` prints it with the run's options, threads and
/// time).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaReport {
    /// The game's name.
    pub game: String,
    /// Deals played.
    pub deals: u64,
    /// The run's seed.
    pub seed: u64,
    /// The players by seat in rotation 0.
    pub seating: Vec<String>,
    /// Rotations each deal was played in.
    pub rotations: usize,
    /// Each player kind, in the order of its first seat.
    pub players: Vec<PlayerResult>,
    /// Each pair of kinds (the earlier first).
    pub differences: Vec<Difference>,
    /// Player moves a game.
    pub mean_moves: f64,
}

impl ArenaReport {
    /// The report of `run` (its deals `0..n`, checked by [`ArenaDeals::report`]).
    pub(super) fn new(run: &ArenaDeals) -> ArenaReport {
        let seating = &run.seating;
        let column =
            |kind: usize| -> Vec<f64> { run.deals.iter().map(|d| d.returns[kind]).collect() };
        let seats = seating.seats_of();
        let players = seating
            .kinds
            .iter()
            .enumerate()
            .map(|(k, player)| PlayerResult {
                player: player.clone(),
                seats: seats[k],
                estimate: estimate(&column(k)),
                measures: measure_names(run)
                    .into_iter()
                    .map(|name| {
                        let values: Vec<f64> = run
                            .deals
                            .iter()
                            .map(|d| d.measures.get(&name).map_or(f64::NAN, |m| m[k]))
                            .collect();
                        (name, estimate(&values))
                    })
                    .collect(),
            })
            .collect();
        let mut differences = Vec::new();
        for a in 0..seating.kinds.len() {
            for b in a + 1..seating.kinds.len() {
                let values: Vec<f64> = run
                    .deals
                    .iter()
                    .map(|d| d.returns[a] - d.returns[b])
                    .collect();
                differences.push(Difference {
                    a: seating.kinds[a].clone(),
                    b: seating.kinds[b].clone(),
                    estimate: estimate(&values),
                });
            }
        }
        let games = run.deals.len() as f64 * seating.rotations as f64;
        ArenaReport {
            game: run.game.clone(),
            deals: run.deals.len() as u64,
            seed: run.seed,
            seating: seating.seats.clone(),
            rotations: seating.rotations,
            players,
            differences,
            mean_moves: run.deals.iter().map(|d| d.moves as f64).sum::<f64>() / games,
        }
    }
}

/// The measures the deals hold.
fn measure_names(run: &ArenaDeals) -> Vec<String> {
    run.deals
        .first()
        .map(|d| d.measures.keys().cloned().collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_is_the_mean_and_its_t_interval() {
        let e = estimate(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(e.mean, 2.5);
        // Sample variance 5/3, standard error sqrt(5/12), t(0.975, 3) = 3.182446305284263.
        let half = 3.182_446_305_284_263 * (5.0f64 / 12.0).sqrt();
        let [lo, hi] = e.interval.unwrap();
        assert!((lo - (2.5 - half)).abs() < 1e-9 && (hi - (2.5 + half)).abs() < 1e-9);
        // The quantiles of the t table.
        assert!((t975(1.0) - 12.706_204_736).abs() < 1e-6);
        assert!((t975(7.0) - 2.364_624_252).abs() < 1e-6);
        assert!((t975(99.0) - 1.984_216_952).abs() < 1e-6);
        assert!((t975(1000.0) - 1.962_339).abs() < 1e-4);
        assert_eq!(estimate(&[7.0]).interval, None);
        assert_eq!(running_means(&[2.0, 4.0, 0.0]), vec![2.0, 3.0, 2.0]);
    }
}
