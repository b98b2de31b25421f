//! Percentiles computed one way for every report: the run summary's step times, the lab's
//! plot and the window's `--frames` log.

/// The value at quantile `q` (0.0 to 1.0, clamped) of `sorted`, which must be in ascending
/// order: the sample at index `round((len - 1) * q)`, so the median of an even count is the
/// upper of the middle two and `q = 1.0` is the maximum. `None` when `sorted` is empty.
pub fn quantile<T: Copy>(sorted: &[T], q: f64) -> Option<T> {
    let last = sorted.len().checked_sub(1)?;
    let q = if q.is_nan() { 0.0 } else { q.clamp(0.0, 1.0) };
    sorted.get((last as f64 * q).round() as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::quantile;

    #[test]
    fn quantiles_pick_a_sample_by_rounded_rank() {
        assert_eq!(quantile::<u32>(&[], 0.5), None);
        assert_eq!(quantile(&[7], 0.99), Some(7));
        assert_eq!(quantile(&[2, 10], 0.5), Some(10));
        assert_eq!(quantile(&[1, 2, 3], 0.5), Some(2));
        let hundred: Vec<u32> = (1..=100).collect();
        assert_eq!(quantile(&hundred, 0.99), Some(99));
        assert_eq!(quantile(&hundred, 1.0), Some(100));
        assert_eq!(quantile(&hundred, 0.0), Some(1));
        assert_eq!(quantile(&hundred, 7.0), Some(100), "clamped");
        assert_eq!(quantile(&hundred, f64::NAN), Some(1));
    }
}
