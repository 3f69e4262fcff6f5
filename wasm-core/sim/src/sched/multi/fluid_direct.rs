//! The MR-tradeoff paper's fluid schedule maintained directly (Sec. 5.2), O(n) per event in
//! the number n of flows backlogged in the fluid: per flow its dominant share d_i (Theorem 3,
//! `fluid::allocate`, recomputed over all heads) and the remaining dominant time R_i of its
//! head; an event is a head finishing or a flow arriving, and each updates every flow.
//! `mr_tradeoff` runs on `fluid_vt`, Sec. 5.3's O(log n) version of the same fluid; this one
//! is the tests' reference for it (mr_tradeoff_tests.rs checks the two agree and benchmarks
//! both; tests/mr_fluid_accuracy.rs holds both against the exact rational fluid).

use std::collections::{BTreeMap, VecDeque};

use crate::sched::multi::fluid::{FluidSystem, allocate, fair_share, normalise};

/// The fluid reference system.
#[derive(Clone, Debug, Default)]
pub struct DirectFluid {
    alpha: f64,
    /// Fluid time, ns.
    pub t: f64,
    /// Per flow: processing times of its packets not finished in the fluid (front: the
    /// head), and the head's remaining dominant time.
    flows: BTreeMap<u32, (VecDeque<[f64; 2]>, f64)>,
    /// Dominant share of each backlogged flow, in `flows` order (kept current).
    shares: Vec<f64>,
    /// Flows whose packets started in the fluid, in start order (one entry per packet).
    pub started: VecDeque<u32>,
}

impl DirectFluid {
    pub fn new(alpha: f64) -> DirectFluid {
        DirectFluid { alpha, ..DirectFluid::default() }
    }

    /// Dominant share of each backlogged flow, in flow-id order.
    pub fn shares(&self) -> &[f64] {
        &self.shares
    }

    /// A copy holding at most `limit` packets per flow (for replaying ahead).
    pub fn truncated(&self, limit: usize) -> DirectFluid {
        DirectFluid {
            flows: self
                .flows
                .iter()
                .map(|(&k, (q, r))| (k, (q.iter().take(limit.max(1)).copied().collect(), *r)))
                .collect(),
            shares: self.shares.clone(),
            started: self.started.clone(),
            ..*self
        }
    }

    fn heads(&self) -> Vec<[f64; 2]> {
        self.flows.values().map(|(q, _)| normalise(q[0])).collect()
    }

    /// Recomputes the shares after the backlog or a head changed (Theorem 3).
    fn refresh(&mut self) {
        let tau = self.heads();
        allocate(&tau, self.alpha, &mut self.shares);
    }

}

impl FluidSystem for DirectFluid {
    /// The fair share d_bar of the flows backlogged in the fluid.
    fn fair(&self) -> f64 {
        fair_share(&self.heads())
    }

    fn is_backlogged(&self, flow: u32) -> bool {
        self.flows.contains_key(&flow)
    }

    /// Time until the next head finishes in the fluid.
    fn step(&self) -> Option<f64> {
        self.flows.values().zip(&self.shares).filter(|(_, &d)| d > 0.0).map(|((_, r), &d)| r / d).reduce(f64::min)
    }

    /// Runs the fluid to time `to`.
    fn advance(&mut self, to: f64) {
        while !self.flows.is_empty() {
            let Some(step) = self.step().filter(|&s| self.t + s <= to) else {
                let dt = to - self.t;
                for ((_, r), d) in self.flows.values_mut().zip(&self.shares) {
                    *r = (*r - d * dt).max(0.0);
                }
                self.t = to;
                return;
            };
            self.t += step;
            let mut done = Vec::new();
            for ((&f, (q, r)), d) in self.flows.iter_mut().zip(&self.shares) {
                let left = *r - d * step;
                // The flow that set the step, and any within rounding of it, finish now.
                if *d > 0.0 && left <= 1e-9 * q[0][0].max(q[0][1]).max(1.0) {
                    done.push(f);
                } else {
                    *r = left.max(0.0);
                }
            }
            for f in done {
                let (q, r) = self.flows.get_mut(&f).expect("a backlogged flow");
                q.pop_front();
                match q.front() {
                    Some(next) => {
                        *r = next[0].max(next[1]);
                        self.started.push_back(f);
                    }
                    None => {
                        self.flows.remove(&f);
                    }
                }
            }
            self.refresh();
        }
        self.t = to;
    }

    /// A packet needing `tau` arrives for `flow` now (after `advance`).
    fn arrive(&mut self, flow: u32, tau: [f64; 2]) {
        let (q, r) = self.flows.entry(flow).or_default();
        q.push_back(tau);
        if q.len() == 1 {
            *r = tau[0].max(tau[1]);
            self.started.push_back(flow);
            self.refresh();
        }
    }

    fn now(&self) -> f64 {
        self.t
    }

    fn pop_start(&mut self) -> Option<u32> {
        self.started.pop_front()
    }
}
