//! Seeded random streams. Every source owns one stream derived from (scenario seed, stream
//! number), so adding a source never changes another's numbers, and a scenario plus a seed
//! gives the same numbers natively and in wasm. Transcendental functions go through `libm`
//! (std's `ln` differs between platforms in the last bit).

use rand_core::Rng;
use rand_pcg::Pcg64Mcg;

/// SplitMix64 step: a well-mixed 64-bit value from a counter.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A random stream: PCG-64 (MCG variant) seeded from the scenario seed and a stream number.
pub struct Stream(Pcg64Mcg);

impl Stream {
    pub fn new(seed: u32, stream: u64) -> Stream {
        let a = splitmix64(((seed as u64) << 32) ^ stream);
        let b = splitmix64(a ^ 0x5851_f42d_4c95_7f2d);
        Stream(Pcg64Mcg::new(((a as u128) << 64) | b as u128 | 1))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in (0, 1]: never 0, so `ln` is finite.
    pub fn uniform_open0(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Exponential with the given mean.
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -libm::log(self.uniform_open0()) * mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        // The first four draws of stream `stream` under `seed`.
        let draws = |seed, stream| -> Vec<u64> {
            let mut s = Stream::new(seed, stream);
            (0..4).map(|_| s.next_u64()).collect()
        };
        let (a, b, c, d) = (draws(7, 0), draws(7, 0), draws(7, 1), draws(8, 0));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, d);
    }

    #[test]
    fn exponential_has_the_right_mean() {
        // Mean of 10^6 Exp(mean 5) samples: standard error 5/1000 = 0.005; allow 5 sigma.
        let mut s = Stream::new(1, 0);
        let n = 1_000_000;
        let mean = (0..n).map(|_| s.exponential(5.0)).sum::<f64>() / n as f64;
        assert!((mean - 5.0).abs() < 0.025, "{mean}");
    }
}
