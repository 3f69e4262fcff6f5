//! Samples for percentiles and CDFs in bounded memory: exact while a run has kept at most
//! [`EXACT_SAMPLES`] values (all of its ports' waits and flows' delays together), a log-linear
//! histogram past that, whose nearest-rank quantiles are within [`RELATIVE_ERROR`] of the exact
//! ones.
//!
//! Histogram buckets (the layout of HdrHistogram with [`SUB_BITS`] significant bits): values
//! below 2^SUB_BITS have a bucket each; a value x >= 2^SUB_BITS with highest set bit e falls in
//! a bucket of width 2^(e - SUB_BITS), so every bucket spans at most 2^-SUB_BITS of its lower
//! bound. A quantile reads the bucket holding the rank and answers its midpoint (clamped to
//! the exact minimum and maximum): off by at most half a width, so by at most
//! 2^-(SUB_BITS + 1) of the true value. Mean, minimum and maximum stay exact. Counts per
//! bucket, dense between the lowest and highest bucket used: memory depends on the values'
//! range (about 2^SUB_BITS x 8 B per doubling), never on how many there are.

/// Samples kept exactly by one run (8 B each, 32 MiB at most) before every sketch of the run
/// becomes a histogram: above every run of the files `npm test` runs (the most, 2.33 M waits
/// and delays, is fq/strict-priority-cobham.json), so their figures stay exact.
pub const EXACT_SAMPLES: u64 = 1 << 22;
/// Significant bits of a histogram bucket.
pub const SUB_BITS: u32 = 6;
/// Bound on a histogram quantile's error relative to the exact nearest-rank value: 2^-7.
pub const RELATIVE_ERROR: f64 = 1.0 / (1u64 << (SUB_BITS + 1)) as f64;

/// Bucket of `x`: `x` itself below 2^(SUB_BITS + 1), then 2^SUB_BITS buckets per doubling.
fn bucket(x: u64) -> u32 {
    if x < 1 << SUB_BITS {
        return x as u32;
    }
    let shift = 63 - x.leading_zeros() - SUB_BITS;
    ((shift + 1) << SUB_BITS) | ((x >> shift) as u32 - (1 << SUB_BITS))
}

/// The values of bucket `i`: (lowest, width).
fn bucket_range(i: u32) -> (u64, u64) {
    if i < 1 << SUB_BITS {
        return (i as u64, 1);
    }
    let shift = (i >> SUB_BITS) - 1;
    let mantissa = (i & ((1 << SUB_BITS) - 1)) as u64 | 1 << SUB_BITS;
    (mantissa << shift, 1 << shift)
}

/// A log-linear histogram of u64 values (see the module's note).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Histogram {
    /// Bucket of `counts[0]`.
    first: u32,
    counts: Vec<u64>,
    n: u64,
    sum: u128,
    min: u64,
    max: u64,
}

impl Histogram {
    pub fn add(&mut self, x: u64) {
        let b = bucket(x);
        if self.counts.is_empty() {
            self.first = b;
            self.min = x;
        } else if b < self.first {
            let grow = (self.first - b) as usize;
            self.counts.splice(0..0, std::iter::repeat_n(0, grow));
            self.first = b;
        }
        let i = (b - self.first) as usize;
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
        self.n += 1;
        self.sum += x as u128;
        self.min = self.min.min(x);
        self.max = self.max.max(x);
    }

    /// Adds every value of `other` (same buckets, so merging loses nothing more).
    pub fn merge(&mut self, other: &Histogram) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = other.clone();
            return;
        }
        let first = self.first.min(other.first);
        let end = (self.first as usize + self.counts.len()).max(other.first as usize + other.counts.len());
        let mut counts = vec![0; end - first as usize];
        for h in [&*self, other] {
            for (i, c) in h.counts.iter().enumerate() {
                counts[h.first as usize - first as usize + i] += c;
            }
        }
        *self = Histogram {
            first,
            counts,
            n: self.n + other.n,
            sum: self.sum + other.sum,
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        };
    }

    pub fn len(&self) -> u64 {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The `rank`-th smallest value (1-based, at most `len`), within [`RELATIVE_ERROR`].
    pub fn rank(&self, rank: u64) -> u64 {
        let mut seen = 0;
        for (i, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                let (low, width) = bucket_range(self.first + i as u32);
                return (low + (width - 1) / 2).clamp(self.min, self.max);
            }
        }
        self.max
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> usize {
        self.counts.capacity() * 8
    }
}

/// Values kept for percentiles: every value, or a histogram past the run's exact budget.
#[derive(Clone, Debug, PartialEq)]
pub enum Samples {
    Exact(Vec<u64>),
    Sketch(Histogram),
}

impl Default for Samples {
    fn default() -> Samples {
        Samples::Exact(Vec::new())
    }
}

impl Samples {
    pub fn push(&mut self, x: u64) {
        match self {
            Samples::Exact(v) => v.push(x),
            Samples::Sketch(h) => h.add(x),
        }
    }

    pub fn len(&self) -> u64 {
        match self {
            Samples::Exact(v) => v.len() as u64,
            Samples::Sketch(h) => h.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Turns exact samples into a histogram (frees the values).
    pub fn to_sketch(&mut self) {
        if let Samples::Exact(v) = self {
            let mut h = Histogram::default();
            for &x in v.iter() {
                h.add(x);
            }
            *self = Samples::Sketch(h);
        }
    }

    /// Adds `other`'s values: exact when both are, else a histogram.
    pub fn extend(&mut self, other: &Samples) {
        match (&mut *self, other) {
            (Samples::Exact(a), Samples::Exact(b)) => a.extend_from_slice(b),
            (Samples::Sketch(a), Samples::Sketch(b)) => a.merge(b),
            (Samples::Sketch(a), Samples::Exact(b)) => b.iter().for_each(|&x| a.add(x)),
            (Samples::Exact(_), Samples::Sketch(_)) => {
                self.to_sketch();
                self.extend(other);
            }
        }
    }

    /// Sorts exact values, so that [`Samples::rank`] can read them.
    pub fn sort(&mut self) {
        if let Samples::Exact(v) = self {
            v.sort_unstable();
        }
    }

    /// The `rank`-th smallest value (1-based, at most `len`); exact values must be sorted.
    pub fn rank(&self, rank: u64) -> u64 {
        match self {
            Samples::Exact(v) => v[rank as usize - 1],
            Samples::Sketch(h) => h.rank(rank),
        }
    }

    /// The mean: in exact mode summed in sorted order (as it always was), else the exact sum.
    pub fn mean(&self) -> f64 {
        match self {
            Samples::Exact(v) => v.iter().map(|&x| x as f64).sum::<f64>() / v.len() as f64,
            Samples::Sketch(h) => h.sum as f64 / h.n as f64,
        }
    }

    pub fn max(&self) -> u64 {
        match self {
            Samples::Exact(v) => v.last().copied().unwrap_or(0),
            Samples::Sketch(h) => h.max,
        }
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> usize {
        match self {
            Samples::Exact(v) => v.capacity() * 8,
            Samples::Sketch(h) => h.bytes(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_exact_below_2_to_the_7_then_64_per_doubling() {
        for x in 0..128 {
            assert_eq!(bucket(x), x as u32);
            assert_eq!(bucket_range(x as u32), (x, 1));
        }
        // 128..=129 share a bucket of width 2; 2^20 + 2^14 - 1 is the last of [2^20, 2^20 + 2^14).
        assert_eq!((bucket(128), bucket(129), bucket(130)), (128, 128, 129));
        assert_eq!(bucket_range(bucket(1 << 20)), (1 << 20, 1 << 14));
        assert_eq!(bucket((1 << 20) + (1 << 14) - 1), bucket(1 << 20));
        let (low, width) = bucket_range(bucket(u64::MAX));
        assert_eq!(low.checked_add(width - 1), Some(u64::MAX));
    }

    /// Nearest-rank index of the p-th percentile of n values (p = 0: the minimum).
    fn rank(p: u64, n: u64) -> u64 {
        (p * n).div_ceil(100).max(1)
    }

    #[test]
    fn uniform_quantiles_within_the_stated_error() {
        // Values 1..=N (uniform): the p-th percentile is ceil(p N / 100) exactly. Bound:
        // |estimate - exact| <= RELATIVE_ERROR (2^-7 = 0.78%) x exact, at every percentile.
        const N: u64 = 1_000_000;
        let mut h = Histogram::default();
        for x in (1..=N).rev() {
            h.add(x);
        }
        for p in 0..=100 {
            let exact = rank(p, N);
            let got = h.rank(exact);
            assert!((got as f64 - exact as f64).abs() <= RELATIVE_ERROR * exact as f64, "p{p}: {got} vs {exact}");
        }
        // Small values are exact. The bound is tight: 2^19 is the lowest value of the bucket
        // [2^19, 2^19 + 2^13), read as its midpoint 2^19 + 4095, off by 4095 / 2^19 = 2^-7 - 2^-19.
        assert_eq!((h.rank(1), h.rank(100), h.rank(N)), (1, 100, N));
        assert_eq!(h.rank(1 << 19), (1 << 19) + 4095);
        assert_eq!(h.mean(), (N + 1) as f64 / 2.0);
    }

    impl Histogram {
        fn mean(&self) -> f64 {
            self.sum as f64 / self.n as f64
        }
    }

    #[test]
    fn exponential_quantiles_within_the_stated_error() {
        // An exponential distribution of mean 50 us, as its quantile function lays it out:
        // x_k = -mean ln(1 - (k - 1/2) / N), k = 1..N (sorted by construction), so the p-th
        // percentile is x_ceil(pN/100) in closed form. Inserted in a scrambled order.
        const N: u64 = 200_000;
        let mean = 50_000.0;
        let x = |k: u64| (-mean * libm::log(1.0 - (k as f64 - 0.5) / N as f64)) as u64;
        let mut h = Histogram::default();
        for i in 0..N {
            h.add(x((i * 7_919) % N + 1)); // 7919 is prime, so this visits every k once
        }
        for p in 0..=100 {
            let exact = x(rank(p, N));
            let got = h.rank(rank(p, N));
            assert!((got as f64 - exact as f64).abs() <= RELATIVE_ERROR * exact as f64, "p{p}: {got} vs {exact}");
        }
    }

    #[test]
    fn samples_stay_exact_until_turned_into_a_sketch_and_merge() {
        let mut a = Samples::default();
        for x in [30, 10, 20] {
            a.push(x);
        }
        a.sort();
        assert_eq!((a.rank(1), a.rank(2), a.rank(3), a.max(), a.mean()), (10, 20, 30, 30, 20.0));
        let mut b = a.clone();
        b.to_sketch();
        // Values below 2^7 have buckets of their own: still exact.
        assert_eq!((b.rank(1), b.rank(2), b.rank(3), b.max(), b.mean()), (10, 20, 30, 30, 20.0));
        let mut c = Samples::default();
        c.push(1_000_000);
        c.extend(&b); // exact + sketch = sketch
        assert!(matches!(c, Samples::Sketch(_)));
        assert_eq!((c.len(), c.rank(1), c.max()), (4, 10, 1_000_000));
        // 1,000,000 lies in [999,424, 1,007,616): the midpoint, clamped to the maximum.
        assert_eq!(c.rank(4), 1_000_000);
        let mut d = Samples::Sketch(Histogram::default());
        d.extend(&c);
        assert_eq!(d, c);
    }
}
