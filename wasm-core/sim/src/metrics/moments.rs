//! Exact moments of integer samples (ns), and the two-sample tests the LSTFCoDel paper runs on
//! packet delays (Ford 2019, Sec. IV.B, Tables VII-VIII).
//!
//! The paper could not load its populations, so it drew n = 500 normal samples in R from each
//! population's mean and variance and ran Welch's t-test and the F-test on them. We take those
//! samples' expected moments, the populations' own, so the statistics are deterministic:
//! - Welch's t = (m1 - m2) / sqrt(v1/n + v2/n), with Welch-Satterthwaite degrees of freedom
//!   (v1/n + v2/n)^2 / ((v1/n)^2/(n-1) + (v2/n)^2/(n-1));
//! - F = v1 / v2 (numerator and denominator degrees of freedom n - 1).
//!
//! With Tables II and V's moments (CoDel, LSTFCoDel at alpha 0.5) these give t = 32.71 on 514.8
//! degrees of freedom and F = 0.0159, against the paper's sampled 32.774, 513.92 and 0.014954
//! (the tests below).

/// The sample size of the paper's tests (Sec. IV.B: "the sample size was n = 500").
pub const PAPER_SAMPLE: f64 = 500.0;

/// Count, sum and sum of squares of integer samples, exactly (u128: 10^8 samples of 10^9 ns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moments {
    pub n: u64,
    pub sum: u128,
    pub sum_sq: u128,
}

impl Moments {
    pub fn add(&mut self, x: u64) {
        self.n += 1;
        self.sum += u128::from(x);
        self.sum_sq += u128::from(x) * u128::from(x);
    }

    pub fn merge(self, o: Moments) -> Moments {
        Moments { n: self.n + o.n, sum: self.sum + o.sum, sum_sq: self.sum_sq + o.sum_sq }
    }

    /// Mean and population variance (over all samples, as the paper's Knuth/Welford
    /// statistics), or None without a sample.
    pub fn mean_variance(&self) -> Option<(f64, f64)> {
        if self.n == 0 {
            return None;
        }
        let n = u128::from(self.n);
        // n * sum_sq - sum^2 is exact in integers and never negative (Cauchy-Schwarz).
        let spread = (n * self.sum_sq).saturating_sub(self.sum * self.sum);
        let nf = self.n as f64;
        Some((self.sum as f64 / nf, spread as f64 / (nf * nf)))
    }
}

/// Welch's t of sample 1 against sample 2 (one-sided alternative m1 - m2 > 0) and its degrees
/// of freedom, for two samples of `n` with these means and variances. None when both
/// variances are 0.
pub fn welch(m1: f64, v1: f64, m2: f64, v2: f64, n: f64) -> Option<(f64, f64)> {
    let (a, b) = (v1 / n, v2 / n);
    if a + b <= 0.0 {
        return None;
    }
    let t = (m1 - m2) / libm::sqrt(a + b);
    let df = (a + b) * (a + b) / (a * a / (n - 1.0) + b * b / (n - 1.0));
    Some((t, df))
}

/// The F statistic of the two variances, v1 / v2 (None when v2 is 0).
pub fn f_ratio(v1: f64, v2: f64) -> Option<f64> {
    (v2 > 0.0).then(|| v1 / v2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table II (CoDel) and Table V at alpha 0.5 (LSTFCoDel): means and variances, seconds.
    const CODEL: (f64, f64) = (0.035_329, 5.216_98e-6);
    const LSTF_05: (f64, f64) = (0.008_591_85, 0.000_328_906);

    // paper item: lstfcodel/table-7: Welch's t from Tables II and V's moments at n = 500 is the paper's Table VII (t 32.774, 513.92 degrees of freedom) up to the sampling the paper did
    #[test]
    fn welch_t_of_the_papers_moments_is_table_vii() {
        let (t, df) = welch(CODEL.0, CODEL.1, LSTF_05.0, LSTF_05.1, PAPER_SAMPLE).unwrap();
        // By hand: 0.02673715 / sqrt((5.21698e-6 + 3.28906e-4) / 500) = 0.02673715 / 8.17465e-4
        // = 32.707; df = (3.34123e-4)^2 x 499 / ((5.21698e-6)^2 + (3.28906e-4)^2) = 514.83.
        assert!((t - 32.707).abs() < 0.01, "t {t}");
        assert!((df - 514.83).abs() < 0.01, "df {df}");
        // The paper's t came from samples: its standard error is about 1 (t is a difference of
        // means over its own standard error), the df's a few units.
        assert!((t - 32.774).abs() < 1.0 && (df - 513.92).abs() < 5.0);
        // Its lower 95% bound, 0.02595785 = m1 - m2 - t_{0.95, df} x se with t_{0.95, 514} = 1.6478:
        // ours 0.02673715 - 1.6478 x 8.17465e-4 = 0.0253901, within a standard error again.
        assert!((0.026_737_15 - 1.6478 * 8.174_65e-4 - 0.025_957_85_f64).abs() < 8.2e-4);
    }

    // paper item: lstfcodel/table-8: the F statistic of Tables II and V's variances is the paper's Table VIII (F 0.014954 on 499 and 499 degrees of freedom) up to the sampling the paper did
    #[test]
    fn f_of_the_papers_variances_is_table_viii() {
        let f = f_ratio(CODEL.1, LSTF_05.1).unwrap();
        // By hand: 5.21698e-6 / 3.28906e-4 = 0.015862.
        assert!((f - 0.015_862).abs() < 1e-6, "F {f}");
        // ln F of two 500-samples has standard deviation sqrt(2/499 + 2/499) = 0.0895: the
        // paper's sampled 0.014954 is ln(0.015862 / 0.014954) = 0.059 away, within one.
        assert!(libm::log(f / 0.014_954).abs() < 0.0895);
        // Its 95% interval [0.01254431, 0.01782548] is F / F(0.975; 499, 499) and
        // F / F(0.025; 499, 499) with F(0.025; 499, 499) = 0.83889, F(0.975) = 1 / 0.83889.
        assert!((0.014_954 * 0.83889 - 0.012_544_31_f64).abs() < 1e-5);
        assert!((0.014_954 / 0.83889 - 0.017_825_48_f64).abs() < 1e-5);
    }

    #[test]
    fn moments_are_exact() {
        let mut m = Moments::default();
        assert_eq!(m.mean_variance(), None);
        for x in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(x);
        }
        // The textbook example: mean 5, population variance 4.
        assert_eq!(m.mean_variance(), Some((5.0, 4.0)));
        let (a, b) = (Moments { n: 1, sum: 3, sum_sq: 9 }, Moments { n: 1, sum: 5, sum_sq: 25 });
        assert_eq!(a.merge(b).mean_variance(), Some((4.0, 1.0)));
        assert_eq!(welch(1.0, 0.0, 0.0, 0.0, 500.0), None);
        assert_eq!(f_ratio(1.0, 0.0), None);
    }
}
