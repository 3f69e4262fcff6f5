//! Mean and 95% confidence interval across seeds: Student's t interval,
//! mean +- t(0.975, n - 1) * s / sqrt(n), with s the sample standard deviation (n - 1 in
//! the denominator). Seeds are independent runs, so the interval is the textbook one for the
//! mean of n independent samples; it needs n >= 2.

/// t(0.975, df) for df = 1..=30 (any statistics table, e.g. NIST/SEMATECH e-Handbook 1.3.6.7.2).
const T975: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
    2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/// t(0.975, df): the table up to 30, then 40, 60, 120 and the normal's 1.960 (taking the
/// table's value at the next smaller df, which widens the interval slightly).
pub fn t975(df: usize) -> f64 {
    match df {
        0 => f64::NAN,
        1..=30 => T975[df - 1],
        31..=39 => 2.042,
        40..=59 => 2.021,
        60..=119 => 2.000,
        120..=999 => 1.980,
        _ => 1.960,
    }
}

/// n, mean, sample standard deviation and the 95% interval's half width of `xs`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub n: usize,
    pub mean: f64,
    /// None for a single value.
    pub std: Option<f64>,
    pub ci95: Option<f64>,
}

pub fn estimate(xs: &[f64]) -> Option<Estimate> {
    let n = xs.len();
    if n == 0 {
        return None;
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    if n == 1 {
        return Some(Estimate { n, mean, std: None, ci95: None });
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
    let std = var.sqrt();
    Some(Estimate { n, mean, std: Some(std), ci95: Some(t975(n - 1) * std / (n as f64).sqrt()) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_interval() {
        // Hand calculation: 1, 2, 3 -> mean 2, s^2 = (1 + 0 + 1) / 2 = 1, s = 1,
        // half width = 4.303 * 1 / sqrt(3) = 2.48434...
        let e = estimate(&[1.0, 2.0, 3.0]).unwrap();
        assert_eq!((e.n, e.mean, e.std), (3, 2.0, Some(1.0)));
        assert!((e.ci95.unwrap() - 4.303 / 3f64.sqrt()).abs() < 1e-12);
        // Two values 10 and 14: mean 12, s = sqrt(8) , half width 12.706 * sqrt(8) / sqrt(2) = 25.412.
        let e = estimate(&[10.0, 14.0]).unwrap();
        assert!((e.ci95.unwrap() - 25.412).abs() < 1e-9);
        let e = estimate(&[5.0]).unwrap();
        assert_eq!((e.mean, e.std, e.ci95), (5.0, None, None));
        assert_eq!(estimate(&[]), None);
        assert_eq!(t975(1000), 1.960);
    }
}
