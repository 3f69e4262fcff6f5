//! The MR-tradeoff paper's fluid allocations for two resources (CPU = 0, link = 1), Sec. 3.
//! A backlogged flow's head packet has processing times <tau_0, tau_1>; normalised by its
//! dominant time, tau_bar = tau / max(tau) (Eq. 12). A flow with dominant share d then gets
//! d * tau_bar_r of resource r (Eq. 11), and an allocation is feasible when
//! sum_i tau_bar_ir d_i <= 1 for both resources (Eq. 14).
//!
//! - DRGPS (Eq. 16): every flow gets d_bar = 1 / max(sum_i tau_bar_i0, sum_i tau_bar_i1).
//! - The alpha-portion trade-off (Eq. 19): maximise sum_i d_i subject to feasibility and
//!   d_i >= alpha d_bar; alpha = 1 is DRGPS, alpha = 0 the greedy schedule of Eq. 17.
//!   Theorem 3's closed form: after the guaranteed alpha d_bar each, what remains of each
//!   resource (mu_r, Eq. 22) goes to at most two flows, the first and the last in the order
//!   of tau_bar_0 / tau_bar_1 descending (Eq. 23): case 1 the last flow until the CPU is
//!   full, case 2 the first until the link is full, case 3 both, filling both.
//!
//! Ties in order (23) go to the lower index, so results are deterministic; f64 with + - * /
//! only (bit-identical natively and in wasm).

/// How far (ns) past a whole ns a fluid event computed in f64 may land and still count as at
/// that whole ns. Arrivals and processing times are whole ns, so the exact fluid's events
/// often fall on one; computed a hair past it (16987920.00000005 for 16987920), the event
/// would make `mr_tradeoff`, which serves at the first whole ns at or after a fluid start,
/// serve 1 ns late. The f64 error of the fluid's times builds up with them: 2.2e-5 ns at
/// most over runs of 0.5 s of fluid (tests/mr_fluid_accuracy.rs), and one unit in the last
/// place is 7.6e-6 ns at 60 s. An exact event this close past a whole ns but not on it
/// would be served 1 ns early; the accuracy test counts those.
pub const SNAP_NS: f64 = 1e-4;

/// A fluid system as an event-driven run drives it: the direct one of Sec. 5.2
/// (`fluid_direct`, the tests' reference) and the O(log n) one of Sec. 5.3 (`fluid_vt`, the one
/// `mr_tradeoff` runs) answer alike.
pub trait FluidSystem {
    /// Fluid time, ns.
    fn now(&self) -> f64;
    /// The fair share d_bar of the flows backlogged in the fluid.
    fn fair(&self) -> f64;
    /// Whether `flow` has a packet not finished in the fluid.
    fn is_backlogged(&self, flow: u32) -> bool;
    /// Time until the next head finishes in the fluid.
    fn step(&self) -> Option<f64>;
    /// Runs the fluid to time `to`.
    fn advance(&mut self, to: f64);
    /// A packet needing `tau` arrives for `flow` now (after `advance`).
    fn arrive(&mut self, flow: u32, tau: [f64; 2]);
    /// The flow of the earliest packet that started in the fluid and was not yet taken.
    fn pop_start(&mut self) -> Option<u32>;

    /// Runs the fluid to its next event or to `arrival`, whichever comes first, and returns
    /// that time (None: there is neither).
    fn advance_to_next(&mut self, arrival: Option<f64>) -> Option<f64> {
        let to = match (self.step().map(|s| self.now() + s), arrival) {
            (Some(f), Some(a)) => f.min(a),
            (f, a) => f.or(a)?,
        };
        self.advance(to);
        Some(to)
    }
}

/// Normalised processing times of a packet needing `tau` (ns) on CPU and link.
pub fn normalise(tau: [f64; 2]) -> [f64; 2] {
    let m = tau[0].max(tau[1]);
    if m <= 0.0 {
        [1.0, 1.0]
    } else {
        [tau[0] / m, tau[1] / m]
    }
}

/// DRGPS's fair dominant share d_bar (Eq. 16) of flows with normalised times `tau`.
pub fn fair_share(tau: &[[f64; 2]]) -> f64 {
    let s0: f64 = tau.iter().map(|t| t[0]).sum();
    let s1: f64 = tau.iter().map(|t| t[1]).sum();
    let m = s0.max(s1);
    if m <= 0.0 {
        0.0
    } else {
        1.0 / m
    }
}

/// The dominant shares of the alpha-portion trade-off (Eq. 19) by Theorem 3 (Eq. 24).
pub fn allocate(tau: &[[f64; 2]], alpha: f64, out: &mut Vec<f64>) {
    out.clear();
    let n = tau.len();
    if n == 0 {
        return;
    }
    let s0: f64 = tau.iter().map(|t| t[0]).sum();
    let s1: f64 = tau.iter().map(|t| t[1]).sum();
    // Order (23): tau_0 / tau_1 descending, compared as cross products (tau_1 may be 0).
    // `hi`: the first (most CPU-heavy), `lo`: the last (most link-heavy).
    let heavier = |a: &[f64; 2], b: &[f64; 2]| a[0] * b[1] > b[0] * a[1];
    let (mut hi, mut lo) = (0, 0);
    for i in 1..n {
        if heavier(&tau[i], &tau[hi]) {
            hi = i;
        }
        if heavier(&tau[lo], &tau[i]) {
            lo = i;
        }
    }
    let (base, bonus_hi, bonus_lo) = split([s0, s1], tau[hi], tau[lo], alpha);
    out.resize(n, base);
    out[hi] += bonus_hi;
    out[lo] += bonus_lo;
}

/// Theorem 3 from what it needs (Sec. 5.3.1): the sums `s` of the backlogged flows'
/// normalised times per resource and the normalised times of the first (`t1`) and last
/// (`tn`) flows in order (23). Returns (alpha d_bar, the first's bonus, the last's bonus);
/// every other flow gets alpha d_bar.
pub fn split(s: [f64; 2], t1: [f64; 2], tn: [f64; 2], alpha: f64) -> (f64, f64, f64) {
    let m = s[0].max(s[1]);
    let dbar = if m <= 0.0 { 0.0 } else { 1.0 / m };
    let base = alpha * dbar;
    let mu0 = (1.0 - base * s[0]).max(0.0);
    let mu1 = (1.0 - base * s[1]).max(0.0);
    let den = t1[0] * tn[1] - t1[1] * tn[0];
    if den <= 0.0 {
        // Every flow has the same ratio: one flow takes what the scarcer resource allows.
        (base, (mu0 / t1[0]).min(if t1[1] > 0.0 { mu1 / t1[1] } else { f64::INFINITY }), 0.0)
    } else if mu0 * tn[1] < mu1 * tn[0] {
        // Case 1: mu0/mu1 < tau_n0/tau_n1: the CPU fills, with the last flow.
        (base, 0.0, mu0 / tn[0])
    } else if mu0 * t1[1] > mu1 * t1[0] {
        // Case 2: mu0/mu1 > tau_10/tau_11: the link fills, with the first flow.
        (base, mu1 / t1[1], 0.0)
    } else {
        // Case 3: both fill.
        (base, (mu0 * tn[1] - mu1 * tn[0]) / den, (mu1 * t1[0] - mu0 * t1[1]) / den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alloc(tau: &[[f64; 2]], alpha: f64) -> Vec<f64> {
        let t: Vec<[f64; 2]> = tau.iter().map(|&x| normalise(x)).collect();
        let mut out = Vec::new();
        allocate(&t, alpha, &mut out);
        out
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    // paper item: mr/fig-2: DRGPS (Eq. 16) gives each flow 3/5
    /// Fig. 1/2: flows <2, 3> (link-bound) and <9, 1> (CPU-bound). Normalised <2/3, 1> and
    /// <1, 1/9>; Eq. 16: d = 1 / max(2/3 + 1, 1 + 1/9) = 3/5 each (Sec. 3.2): flow 1 gets
    /// <2/5 CPU, 3/5 link>, flow 2 <3/5 CPU, 1/15 link>, 2/3 of the link used.
    #[test]
    fn fig2_drgps_gives_each_flow_three_fifths() {
        let d = alloc(&[[2.0, 3.0], [9.0, 1.0]], 1.0);
        assert!(close(d[0], 0.6) && close(d[1], 0.6), "{d:?}");
        let link = d[0] * 1.0 + d[1] / 9.0;
        assert!(close(link, 2.0 / 3.0));
    }

    // paper item: mr/lemma-1: the greedy fluid (Eq. 17) gives 24/25 and 9/25 and fills both resources
    /// Fig. 1(b): the greedy schedule (Eq. 17, alpha = 0) gives the link-bound flow 24/25
    /// and the CPU-bound flow 9/25, and both resources are full: CPU 2/3 x 24/25 + 9/25 =
    /// 16/25 + 9/25 = 1, link 24/25 + 1/9 x 9/25 = 1.
    #[test]
    fn fig1b_greedy_fills_both_resources() {
        let d = alloc(&[[2.0, 3.0], [9.0, 1.0]], 0.0);
        assert!(close(d[0], 24.0 / 25.0) && close(d[1], 9.0 / 25.0), "{d:?}");
    }

    /// Exact rationals for the LP below.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Q(i128, i128);
    impl Q {
        fn new(n: i128, d: i128) -> Q {
            let g = gcd(n.abs(), d.abs()).max(1);
            let s = if d < 0 { -1 } else { 1 };
            Q(s * n / g, s * d / g)
        }
        fn add(self, o: Q) -> Q {
            Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
        }
        fn sub(self, o: Q) -> Q {
            Q::new(self.0 * o.1 - o.0 * self.1, self.1 * o.1)
        }
        fn mul(self, o: Q) -> Q {
            Q::new(self.0 * o.0, self.1 * o.1)
        }
        fn div(self, o: Q) -> Q {
            Q::new(self.0 * o.1, self.1 * o.0)
        }
        fn le(self, o: Q) -> bool {
            self.0 * o.1 <= o.0 * self.1
        }
        fn f(self) -> f64 {
            self.0 as f64 / self.1 as f64
        }
    }
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }

    /// The optimum of LP (21) (max sum of bonuses, sum_i tau_ir x_i <= mu_r, x >= 0) by
    /// enumerating its vertices exactly: a vertex has at most two non-zero variables (two
    /// constraints), each either one flow filling one resource or two flows filling both.
    /// Independent of `allocate`: it never looks at order (23) or Theorem 3's cases.
    fn lp_optimum(tau: &[[Q; 2]], mu: [Q; 2]) -> Q {
        let zero = Q(0, 1);
        let feasible = |x: &[(usize, Q)]| {
            (0..2).all(|r| x.iter().fold(zero, |s, &(i, v)| s.add(tau[i][r].mul(v))).le(mu[r]))
                && x.iter().all(|&(_, v)| zero.le(v))
        };
        let mut best = zero;
        for i in 0..tau.len() {
            for r in 0..2 {
                if tau[i][r].0 > 0 {
                    let x = [(i, mu[r].div(tau[i][r]))];
                    if feasible(&x) && best.le(x[0].1) {
                        best = x[0].1;
                    }
                }
            }
            for j in i + 1..tau.len() {
                let det = tau[i][0].mul(tau[j][1]).sub(tau[i][1].mul(tau[j][0]));
                if det.0 == 0 {
                    continue;
                }
                let xi = mu[0].mul(tau[j][1]).sub(mu[1].mul(tau[j][0])).div(det);
                let xj = mu[1].mul(tau[i][0]).sub(mu[0].mul(tau[i][1])).div(det);
                let x = [(i, xi), (j, xj)];
                if feasible(&x) && best.le(xi.add(xj)) {
                    best = xi.add(xj);
                }
            }
        }
        best
    }

    // paper item: mr/theorem-3: Theorem 3's closed form equals an exact LP in all three cases
    /// Theorem 3 against the exact LP on hand-made inputs of 3 to 5 flows (normalised times
    /// as exact fractions), one per case, each at several alphas: the closed form's bonus
    /// total equals the LP optimum, and its allocation is feasible with every flow at least
    /// alpha d_bar.
    #[test]
    fn theorem3_matches_an_exact_lp_in_all_three_cases() {
        let q = |n, d| Q::new(n, d);
        let inputs: Vec<Vec<[Q; 2]>> = vec![
            // A CPU-heavy flow and two link-heavy ones.
            vec![[q(1, 1), q(1, 4)], [q(1, 2), q(1, 1)], [q(1, 3), q(1, 1)]],
            // Link-bound flows and one barely CPU-bound.
            vec![[q(1, 5), q(1, 1)], [q(2, 5), q(1, 1)], [q(1, 1), q(9, 10)], [q(3, 5), q(1, 1)]],
            // Fig. 1's two flows and three more, one balanced.
            vec![[q(2, 3), q(1, 1)], [q(1, 1), q(1, 9)], [q(1, 1), q(1, 2)], [q(1, 4), q(1, 1)], [q(1, 1), q(1, 1)]],
        ];
        let mut cases_seen = [false; 3];
        for tau in &inputs {
            for (an, ad) in [(0, 1), (1, 2), (17, 20), (1, 1)] {
                let alpha = q(an, ad);
                let s0 = tau.iter().fold(q(0, 1), |s, t| s.add(t[0]));
                let s1 = tau.iter().fold(q(0, 1), |s, t| s.add(t[1]));
                let dbar = q(1, 1).div(if s1.le(s0) { s0 } else { s1 });
                let base = alpha.mul(dbar);
                let mu = [q(1, 1).sub(base.mul(s0)), q(1, 1).sub(base.mul(s1))];
                let best = lp_optimum(tau, mu);
                let tf: Vec<[f64; 2]> = tau.iter().map(|t| [t[0].f(), t[1].f()]).collect();
                let mut d = Vec::new();
                allocate(&tf, alpha.f(), &mut d);
                let total: f64 = d.iter().sum();
                let want = best.f() + tau.len() as f64 * base.f();
                assert!((total - want).abs() < 1e-9, "alpha {alpha:?}: {total} vs LP {want} for {tau:?}");
                for r in 0..2 {
                    let used: f64 = d.iter().zip(&tf).map(|(d, t)| d * t[r]).sum();
                    assert!(used <= 1.0 + 1e-9, "resource {r} over-allocated: {used}");
                }
                assert!(d.iter().all(|&x| x >= base.f() - 1e-12));
                let bonus: Vec<usize> = (0..d.len()).filter(|&i| d[i] > base.f() + 1e-12).collect();
                assert!(bonus.len() <= 2, "at most two favoured flows (Theorem 3)");
                // Which case: which resources end full.
                let full = |r: usize| (d.iter().zip(&tf).map(|(d, t)| d * t[r]).sum::<f64>() - 1.0).abs() < 1e-9;
                match (full(0), full(1)) {
                    (true, false) => cases_seen[0] = true,
                    (false, true) => cases_seen[1] = true,
                    (true, true) => cases_seen[2] = true,
                    _ => {}
                }
            }
        }
        assert_eq!(cases_seen, [true, true, true], "the inputs exercise all three cases");
    }
}
