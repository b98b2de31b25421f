//! The order a whole run plays its stages in, as in Gunbird 2: the first three stages come in
//! an order drawn from the run's seed, and the rest follow in fixed order.

/// How many of the first stages are shuffled.
pub const SHUFFLED: usize = 3;

/// The order to play `stages` stages in, as indices into the stage list sorted by number.
///
/// The first [`SHUFFLED`] (or all, if fewer) are a permutation drawn from `seed`; the rest
/// follow in order. The same seed always gives the same order, so a replay made from the
/// seed plays the same run.
pub fn stage_order(seed: u64, stages: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..stages).collect();
    let n = stages.min(SHUFFLED);
    // Its own stream, so the order does not shift the world's random numbers. The seed is
    // mixed first: the generator's first draws from nearby seeds (1, 2, 3...) are alike.
    let mut rng = oorandom::Rand64::new(u128::from(mix(seed ^ 0x5eed_0f57_a9e5)));
    // Fisher-Yates over the shuffled head.
    for i in (1..n).rev() {
        let j = rng.rand_range(0..(i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// SplitMix64's finaliser: every bit of the seed moves every bit of the result.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn the_first_three_are_shuffled_by_the_seed_and_the_rest_stay_in_order() {
        let mut seen = BTreeSet::new();
        for seed in 0..200 {
            let order = stage_order(seed, 6);
            assert_eq!(&order[3..], &[3, 4, 5], "seed {seed}");
            let mut head = order[..3].to_vec();
            seen.insert(head.clone());
            head.sort();
            assert_eq!(head, [0, 1, 2], "seed {seed}: a permutation");
            assert_eq!(order, stage_order(seed, 6), "the same seed, the same order");
        }
        // Every one of the six orders of the first three turns up.
        assert_eq!(seen.len(), 6);
    }

    #[test]
    fn neighbouring_seeds_give_varied_orders() {
        // Players and tests pick small seeds one after another: those must not all agree.
        let orders: BTreeSet<Vec<usize>> = (1..=6).map(|s| stage_order(s, 6)).collect();
        assert!(orders.len() >= 4, "seeds 1-6 gave only {orders:?}");
    }

    #[test]
    fn short_lists_are_shuffled_whole() {
        assert_eq!(stage_order(9, 0), Vec::<usize>::new());
        assert_eq!(stage_order(9, 1), [0]);
        let mut two = stage_order(9, 2);
        two.sort();
        assert_eq!(two, [0, 1]);
    }
}
