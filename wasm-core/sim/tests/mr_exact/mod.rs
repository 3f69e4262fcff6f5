//! The MR-tradeoff fluid (Eq. 19) in exact rational arithmetic, shared by the tests that hold
//! the code's fluid and packet schedule against it (mr_theorems.rs, mr_fluid_accuracy.rs).
//! Written apart from the code under test: the dominant shares solve Eq. 19 directly as a
//! linear program (each flow alpha d_bar, Eq. 16, plus the bonus x maximising sum x_i subject
//! to sum_i tau_bar_ir (alpha d_bar + x_i) <= 1 for both resources, Eq. 21) by enumerating
//! its vertices exactly; Theorem 3's order (23) and case analysis are not used. When every
//! backlogged flow has the same dominant resource, the LP's optimum is a face (any split of
//! the scarce resource among them is optimal); Theorem 3's closed form then picks the vertex
//! that uses most of the other resource (case 1 gives the bonus to the most link-heavy flow,
//! case 2 to the most CPU-heavy), so ties are broken by that second objective; a tie that
//! remains (heads with the same normalised times) fails the test or goes to the lower flow
//! ids, as the caller asks (`bonus`).

#![allow(dead_code)]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

pub type Q = BigRational;

pub fn q(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

pub fn qf(num: i64, den: i64) -> Q {
    Q::new(BigInt::from(num), BigInt::from(den))
}

/// A rational as f64 (for printing and for comparing with the code's f64 fluid).
pub fn to_f64(x: &Q) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// The dominant shares of Eq. 19 for heads with processing times `tau` (ns, <CPU, link>),
/// ties to lower indices (`bonus`).
pub fn shares(tau: &[[u64; 2]], alpha: &Q) -> Vec<Q> {
    if tau.is_empty() {
        return Vec::new();
    }
    let tb: Vec<[Q; 2]> = tau
        .iter()
        .map(|t| {
            let m = q(t[0].max(t[1]) as i64);
            [q(t[0] as i64) / &m, q(t[1] as i64) / &m]
        })
        .collect();
    let sums = [0, 1].map(|r| tb.iter().fold(Q::zero(), |s, t| s + &t[r]));
    let dbar = q(1) / sums.iter().max().unwrap();
    let base = alpha * &dbar;
    let mu = [0, 1].map(|r| q(1) - &base * &sums[r]);
    bonus(&tb, &mu, true).into_iter().map(|x| &base + x).collect()
}

/// Eq. 19's bonus shares for heads with normalised times `tb` and what is left of each
/// resource `mu` (Eq. 21), by exact vertex enumeration; ties by the use of both resources.
/// With `ties_to_lower_ids`, a tie that remains (flows whose heads have the same normalised
/// times: any split among them is optimal) goes to the flows of lower index, the code's stated
/// convention (ties in order (23) go to the lower flow id), and the least list of favoured
/// indices wins; without it such a tie fails the test.
pub fn bonus(tb: &[[Q; 2]], mu: &[Q; 2], ties_to_lower_ids: bool) -> Vec<Q> {
    let n = tb.len();
    let mut cands: Vec<Vec<Q>> = vec![vec![Q::zero(); n]];
    for i in 0..n {
        for r in 0..2 {
            let mut x = vec![Q::zero(); n];
            x[i] = &mu[r] / &tb[i][r];
            cands.push(x);
        }
        for j in i + 1..n {
            let det = &tb[i][0] * &tb[j][1] - &tb[i][1] * &tb[j][0];
            if det.is_zero() {
                continue;
            }
            let mut x = vec![Q::zero(); n];
            x[i] = (&mu[0] * &tb[j][1] - &mu[1] * &tb[j][0]) / &det;
            x[j] = (&mu[1] * &tb[i][0] - &mu[0] * &tb[i][1]) / &det;
            cands.push(x);
        }
    }
    let feasible = |x: &Vec<Q>| {
        x.iter().all(|v| !v.is_negative())
            && (0..2).all(|r| x.iter().zip(tb).fold(Q::zero(), |s, (v, t)| s + v * &t[r]) <= mu[r])
    };
    let score = |x: &Vec<Q>| {
        let total = x.iter().fold(Q::zero(), |s, v| s + v);
        let used = x.iter().zip(tb).fold(Q::zero(), |s, (v, t)| s + v * (&t[0] + &t[1]));
        (total, used)
    };
    let mut best: Option<((Q, Q), Vec<Q>)> = None;
    let mut tie = false;
    for x in cands.into_iter().filter(feasible) {
        let s = score(&x);
        match &best {
            Some((b, bx)) if s == *b => {
                if ties_to_lower_ids && support(&x) < support(bx) {
                    best = Some((s, x));
                } else if !ties_to_lower_ids {
                    tie |= x != *bx;
                }
            }
            Some((b, _)) if s < *b => {}
            _ => {
                best = Some((s, x));
                tie = false;
            }
        }
    }
    assert!(!tie, "degenerate input: Eq. 19 has several optimal allocations; pick another seed");
    best.expect("x = 0 is feasible").1
}

/// The flows an allocation favours, in index order.
fn support(x: &[Q]) -> Vec<usize> {
    (0..x.len()).filter(|&i| !x[i].is_zero()).collect()
}

/// splitmix64: the test's own random numbers.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}
