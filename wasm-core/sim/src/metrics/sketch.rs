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

/// Counts per bucket, in the smallest form that holds them.
#[derive(Clone, Debug, PartialEq)]
enum Counts {
    /// Every value so far fell in one bucket, that of the minimum: nothing to keep.
    One,
    /// (bucket, count) of each bucket used, by bucket, while that is smaller than `Dense`; and
    /// the index of the entry counted last (a queue's next wait is often in the same bucket).
    Sparse(Vec<(u32, u32)>, u32),
    /// Counts of the buckets from `first` on, dense up to the highest used.
    Dense { first: u32, counts: Vec<u32> },
    /// The same in u64, once a count would pass u32::MAX.
    Wide { first: u32, counts: Vec<u64> },
}

/// A log-linear histogram of u64 values (see the module's note). Memory: none while every
/// value falls in one bucket (a port whose packets never wait), then 8 B per bucket used while
/// fewer than half the buckets between the lowest and the highest used are, then 4 B per bucket
/// of that range (8 B past 2^32 values in one bucket).
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    counts: Counts,
    n: u64,
    sum: super::Wide,
    min: u64,
    max: u64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram { counts: Counts::One, n: 0, sum: super::Wide::default(), min: 0, max: 0 }
    }
}

impl Histogram {
    #[inline]
    pub fn add(&mut self, x: u64) {
        if self.n == 0 {
            self.min = x;
            self.max = x;
        } else {
            let b = bucket(x);
            if !self.bump(b) {
                self.count(b, 1);
            }
            self.min = self.min.min(x);
            self.max = self.max.max(x);
        }
        self.n += 1;
        self.sum.add(x as u128);
    }

    /// What `count(b, 1)` does where the counts keep their form (the minimum's bucket while
    /// there is one, the sparse entry counted last, a dense bucket in range; below u32::MAX),
    /// inline; false elsewhere.
    #[inline(always)]
    fn bump(&mut self, b: u32) -> bool {
        match &mut self.counts {
            Counts::One => b == bucket(self.min),
            Counts::Dense { first, counts } => match counts.get_mut(b.wrapping_sub(*first) as usize) {
                Some(c) if *c < u32::MAX => {
                    *c += 1;
                    true
                }
                _ => false,
            },
            Counts::Sparse(v, last) => match v.get_mut(*last as usize) {
                Some(e) if e.0 == b && e.1 < u32::MAX => {
                    e.1 += 1;
                    true
                }
                _ => false,
            },
            Counts::Wide { .. } => false,
        }
    }

    /// Adds `c` values in bucket `b` (`n`, `min` and `max` not yet updated, `n` > 0).
    fn count(&mut self, b: u32, c: u64) {
        match &mut self.counts {
            Counts::One => {
                let own = bucket(self.min);
                if b == own {
                    return;
                }
                let mut v = vec![(own, 0), (b, 0)];
                v.sort_unstable();
                self.counts = Counts::Sparse(v, 0);
                self.count(own, self.n);
                self.count(b, c);
            }
            Counts::Sparse(v, last) => match v.binary_search_by_key(&b, |e| e.0) {
                Ok(i) if v[i].1 as u64 + c <= u32::MAX as u64 => {
                    v[i].1 += c as u32;
                    *last = i as u32;
                }
                Ok(_) => {
                    self.widen();
                    self.count(b, c);
                }
                Err(i) => {
                    let (lo, hi) = (v[0].0.min(b), v[v.len() - 1].0.max(b));
                    if 2 * (v.len() + 1) < (hi - lo + 1) as usize && c <= u32::MAX as u64 {
                        v.insert(i, (b, c as u32));
                        *last = i as u32;
                    } else {
                        self.densify();
                        self.count(b, c);
                    }
                }
            },
            Counts::Dense { first, counts } => {
                let i = grow(first, counts, b);
                if counts[i] as u64 + c <= u32::MAX as u64 {
                    counts[i] += c as u32;
                } else {
                    self.widen();
                    self.count(b, c);
                }
            }
            Counts::Wide { first, counts } => {
                let i = grow(first, counts, b);
                counts[i] += c;
            }
        }
    }

    /// Sparse or one-bucket counts, made dense.
    fn densify(&mut self) {
        let e = self.entries();
        let first = e[0].0;
        let mut counts = vec![0u32; (e[e.len() - 1].0 - first + 1) as usize];
        for (b, c) in e {
            counts[(b - first) as usize] = c as u32;
        }
        self.counts = Counts::Dense { first, counts };
    }

    /// Any counts, made u64.
    fn widen(&mut self) {
        let e = self.entries();
        let first = e[0].0;
        let mut counts = vec![0u64; (e[e.len() - 1].0 - first + 1) as usize];
        for (b, c) in e {
            counts[(b - first) as usize] = c;
        }
        self.counts = Counts::Wide { first, counts };
    }

    /// (bucket, count) of every bucket used, by bucket.
    fn entries(&self) -> Vec<(u32, u64)> {
        let dense = |first: u32, c: &mut dyn Iterator<Item = u64>| {
            c.enumerate().filter(|e| e.1 > 0).map(|(i, c)| (first + i as u32, c)).collect()
        };
        match &self.counts {
            Counts::One if self.n == 0 => Vec::new(),
            Counts::One => vec![(bucket(self.min), self.n)],
            Counts::Sparse(v, _) => v.iter().map(|&(b, c)| (b, c as u64)).collect(),
            Counts::Dense { first, counts } => dense(*first, &mut counts.iter().map(|&c| c as u64)),
            Counts::Wide { first, counts } => dense(*first, &mut counts.iter().copied()),
        }
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
        for (b, c) in other.entries() {
            self.count(b, c);
            self.n += c; // `Counts::One` reads `n` as the count of the minimum's bucket
        }
        self.sum.add(other.sum.get());
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
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
        for (b, c) in self.entries() {
            seen += c;
            if seen >= rank {
                let (low, width) = bucket_range(b);
                return (low + (width - 1) / 2).clamp(self.min, self.max);
            }
        }
        self.max
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> usize {
        match &self.counts {
            Counts::One => 0,
            Counts::Sparse(v, _) => v.capacity() * 8,
            Counts::Dense { counts, .. } => counts.capacity() * 4,
            Counts::Wide { counts, .. } => counts.capacity() * 8,
        }
    }
}

/// The index of bucket `b` in dense `counts` from bucket `first`, grown to hold it.
fn grow<T: Copy + Default>(first: &mut u32, counts: &mut Vec<T>, b: u32) -> usize {
    if b < *first {
        counts.splice(0..0, std::iter::repeat_n(T::default(), (*first - b) as usize));
        *first = b;
    }
    let i = (b - *first) as usize;
    if i >= counts.len() {
        counts.resize(i + 1, T::default());
    }
    i
}

/// Values kept for percentiles: every value, or past the run's exact budget `n` equal values
/// while they are (a port whose packets never wait: no histogram), then a histogram.
#[derive(Clone, Debug, PartialEq)]
pub enum Samples {
    Exact(Vec<u64>),
    /// `n` values, each `x` (none yet: `n` = 0): what a histogram of them answers, in line.
    Same {
        n: u64,
        x: u64,
    },
    Sketch(Box<Histogram>),
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
            Samples::Same { n, x: y } if *n == 0 || *y == x => (*n, *y) = (*n + 1, x),
            Samples::Same { .. } => {
                self.make_histogram();
                self.push(x);
            }
            Samples::Sketch(h) => h.add(x),
        }
    }

    /// `push`, where `full` says the run's exact budget is spent: exact samples are then made a
    /// histogram first (those of a port or flow first used past the budget).
    #[inline(always)]
    pub fn push_within(&mut self, x: u64, full: bool) {
        match self {
            Samples::Sketch(h) => h.add(x),
            Samples::Exact(v) if !full => v.push(x),
            _ => self.push_past_budget(x),
        }
    }

    /// `push_within` past the budget, the samples not (yet) a histogram.
    #[inline(never)]
    fn push_past_budget(&mut self, x: u64) {
        self.to_sketch();
        self.push(x);
    }

    pub fn len(&self) -> u64 {
        match self {
            Samples::Exact(v) => v.len() as u64,
            Samples::Same { n, .. } => *n,
            Samples::Sketch(h) => h.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Turns exact samples into a histogram (frees the values), or into `Same` while they are
    /// all one value (or none).
    pub fn to_sketch(&mut self) {
        if let Samples::Exact(v) = self {
            *self = match v.first() {
                None => Samples::Same { n: 0, x: 0 },
                Some(&x) if v.iter().all(|&y| y == x) => Samples::Same { n: v.len() as u64, x },
                Some(_) => {
                    let mut h = Histogram::default();
                    for &x in v.iter() {
                        h.add(x);
                    }
                    Samples::Sketch(Box::new(h))
                }
            };
        }
    }

    /// `Same` values made the histogram that adding them one by one gives (all in one bucket).
    fn make_histogram(&mut self) {
        if let Samples::Same { n, x } = *self {
            let h = match n {
                0 => Histogram::default(),
                _ => {
                    let mut sum = super::Wide::default();
                    sum.add(n as u128 * x as u128);
                    Histogram { counts: Counts::One, n, sum, min: x, max: x }
                }
            };
            *self = Samples::Sketch(Box::new(h));
        }
    }

    /// Adds `other`'s values: exact when both are, else a histogram.
    pub fn extend(&mut self, other: &Samples) {
        match (&mut *self, other) {
            (Samples::Exact(a), Samples::Exact(b)) => a.extend_from_slice(b),
            (Samples::Sketch(a), Samples::Sketch(b)) => a.merge(b),
            (Samples::Sketch(a), Samples::Exact(b)) => b.iter().for_each(|&x| a.add(x)),
            (_, Samples::Same { .. }) => {
                let mut o = other.clone();
                o.make_histogram();
                self.extend(&o);
            }
            (Samples::Exact(_) | Samples::Same { .. }, _) => {
                self.to_sketch();
                self.make_histogram();
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
            Samples::Same { x, .. } => *x,
            Samples::Sketch(h) => h.rank(rank),
        }
    }

    /// The mean: in exact mode summed in sorted order (as it always was), else the exact sum.
    pub fn mean(&self) -> f64 {
        match self {
            Samples::Exact(v) => v.iter().map(|&x| x as f64).sum::<f64>() / v.len() as f64,
            Samples::Same { n, .. } => self.sum() as f64 / *n as f64,
            Samples::Sketch(h) => h.sum.get() as f64 / h.n as f64,
        }
    }

    /// The sum, exact either way.
    pub fn sum(&self) -> u128 {
        match self {
            Samples::Exact(v) => v.iter().map(|&x| x as u128).sum(),
            Samples::Same { n, x } => *n as u128 * *x as u128,
            Samples::Sketch(h) => h.sum.get(),
        }
    }

    /// The largest value, exact either way; exact values must be sorted.
    pub fn max(&self) -> u64 {
        match self {
            Samples::Exact(v) => v.last().copied().unwrap_or(0),
            Samples::Same { x, .. } => *x,
            Samples::Sketch(h) => h.max,
        }
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> usize {
        match self {
            Samples::Exact(v) => v.capacity() * 8,
            Samples::Same { .. } => 0,
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
            self.sum.get() as f64 / self.n as f64
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

    /// The histogram's answer by definition: the midpoint of the bucket holding the rank-th
    /// smallest value, clamped to the minimum and maximum.
    fn by_definition(sorted: &[u64], rank: u64) -> u64 {
        let (low, width) = bucket_range(bucket(sorted[rank as usize - 1]));
        (low + (width - 1) / 2).clamp(sorted[0], sorted[sorted.len() - 1])
    }

    #[test]
    fn counts_take_the_smallest_form_and_answer_the_same() {
        // All waits 0: one bucket, no memory.
        let mut h = Histogram::default();
        (0..1000).for_each(|_| h.add(0));
        assert_eq!((h.bytes(), h.rank(1), h.rank(1000)), (0, 0, 0));
        assert!(matches!(h.counts, Counts::One));
        // Waits in multiples of a 1500 B packet's 1.2 us at 10 Gbps, up to 48 us: 41 buckets
        // used of the 2^6 x 9 + 128 between 0 and 48 us, so sparse (8 B each, at most 64
        // entries' capacity: 512 B, where dense would take 4 B x ~600).
        let quantised: Vec<u64> = (0..100_000u64).map(|i| (i * 7_919 % 41) * 1_200).collect();
        // A wide spread (delays from 60 us to 1.3 ms): most buckets used, so dense u32.
        let spread: Vec<u64> = (0..100_000u64).map(|i| 60_000 + (i * 7_919 % 100_000) * 12).collect();
        for (values, sparse) in [(&quantised, true), (&spread, false)] {
            let mut h = Histogram::default();
            values.iter().for_each(|&x| h.add(x));
            assert_eq!(matches!(h.counts, Counts::Sparse(..)), sparse);
            assert_eq!(matches!(h.counts, Counts::Dense { .. }), !sparse);
            if sparse {
                assert!(h.bytes() <= 512, "{}", h.bytes());
            }
            let mut sorted = values.clone();
            sorted.sort_unstable();
            for p in 0..=100 {
                let r = rank(p, sorted.len() as u64);
                assert_eq!(h.rank(r), by_definition(&sorted, r), "p{p}");
            }
        }
        // Past u32::MAX values in one bucket the counts widen to u64: 2^32 zeros (merged as one
        // bucket), then 2 more and a 5.
        let mut zeros = Histogram { n: 1 << 32, ..Histogram::default() };
        let mut h = Histogram::default();
        h.add(5);
        zeros.merge(&h);
        zeros.add(0);
        zeros.add(0);
        assert!(matches!(zeros.counts, Counts::Wide { .. }));
        let n = (1u64 << 32) + 3;
        assert_eq!((zeros.len(), zeros.rank(n - 1), zeros.rank(n), zeros.rank(1)), (n, 0, 5, 0));
    }

    #[test]
    fn equal_samples_need_no_histogram_until_one_differs() {
        // 1000 waits of 0, turned into a sketch: 1000 x 0 in line, no heap; percentiles 0,
        // mean 0. Then 1000 more: still in line (2000 x 0).
        let mut a = Samples::Exact(vec![0; 1000]);
        a.to_sketch();
        assert_eq!(
            (a.clone(), a.bytes(), a.rank(1), a.rank(1000), a.max()),
            (Samples::Same { n: 1000, x: 0 }, 0, 0, 0, 0)
        );
        (0..1000).for_each(|_| a.push_within(0, true));
        assert_eq!((a.len(), a.sum(), a.mean()), (2000, 0, 0.0));
        // A 7: the histogram of 2000 zeros and a 7, as adding them one by one makes it.
        a.push(7);
        let mut h = Histogram::default();
        (0..2000).for_each(|_| h.add(0));
        h.add(7);
        assert_eq!(a, Samples::Sketch(Box::new(h)));
        // None at all: no values and no histogram.
        let mut e = Samples::default();
        e.to_sketch();
        assert_eq!((e.len(), e.bytes()), (0, 0));
        e.push(5);
        assert_eq!(e, Samples::Same { n: 1, x: 5 });
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
        let mut d = Samples::Sketch(Box::default());
        d.extend(&c);
        assert_eq!(d, c);
    }
}
