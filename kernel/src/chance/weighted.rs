//! Weighted choice: the draw behind sampling importance resampling (a determinization kept
//! among candidates in proportion to how likely the table's play was in each).

use rand::{Rng, RngExt};

/// An index drawn with probability proportional to `weights` (the first when none is
/// positive, or when they sum to NaN).
pub fn pick_weighted<R: Rng + ?Sized>(weights: &[f64], rng: &mut R) -> usize {
    let total: f64 = weights.iter().sum();
    if total.is_nan() || total <= 0.0 {
        return 0;
    }
    let mut at = rng.random::<f64>() * total;
    for (i, &w) in weights.iter().enumerate() {
        if at < w {
            return i;
        }
        at -= w;
    }
    weights.iter().rposition(|&w| w > 0.0).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_follow_the_weights() {
        let mut rng = crate::chance::derive_stream(3, 0, 0);
        let mut hits = [0u32; 3];
        for _ in 0..30_000 {
            hits[pick_weighted(&[1.0, 0.0, 3.0], &mut rng)] += 1;
        }
        assert_eq!(hits[1], 0);
        // 7 500 expected at 1/4: ±4.5 σ (σ = 75) is well inside 7 200..7 800.
        assert!((7_200..7_800).contains(&hits[0]), "{hits:?}");
        assert_eq!(pick_weighted(&[0.0, 0.0], &mut rng), 0);
        assert_eq!(pick_weighted(&[f64::NAN, 1.0], &mut rng), 0);
    }
}
