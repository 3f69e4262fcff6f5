//! The GPS virtual clock of weighted fair queueing (Demers, Keshav, Shenker, SIGCOMM'89;
//! Parekh and Gallager): V(t) grows at rate C / (sum of the weights of the flows backlogged in
//! the fluid GPS system), and a flow leaves that set when V reaches its last finish tag.
//! A packet of L bits arriving for flow f gets start tag S = max(V, F_f) and finish tag
//! F = S + L / w_f. Tags are in bits per unit weight; f64 arithmetic (+ - * / only, which is
//! bit-identical natively and in wasm).

use std::collections::{BTreeMap, BTreeSet};

use crate::time::{Bandwidth, Time};

#[derive(Debug)]
pub struct Gps {
    v: f64,
    /// Real time V was last advanced to, ns (fractional: the fluid clock is continuous).
    t_last: f64,
    bits_per_ns: Option<f64>,
    /// Last finish tag per flow.
    finish: BTreeMap<u64, f64>,
    /// Flows backlogged in GPS: (finish tag as ordered bits, flow). Tags are non-negative, so
    /// their IEEE bit patterns order like the values.
    active: BTreeSet<(u64, u64)>,
    weights: BTreeMap<u64, f64>,
    weight_sum: f64,
}

impl Gps {
    pub fn new(bandwidth: Bandwidth) -> Gps {
        Gps {
            v: 0.0,
            t_last: 0.0,
            bits_per_ns: bandwidth.bps().map(|b| b as f64 / 1e9),
            finish: BTreeMap::new(),
            active: BTreeSet::new(),
            weights: BTreeMap::new(),
            weight_sum: 0.0,
        }
    }

    /// Advances V to `now`, retiring flows whose fluid backlog has drained.
    fn advance(&mut self, now: Time) {
        while let Some(&(bits, flow)) = self.active.first() {
            let f_min = f64::from_bits(bits);
            let needed_ns = match self.bits_per_ns {
                Some(rate) => (f_min - self.v) * self.weight_sum / rate,
                None => 0.0,
            };
            let elapsed = now.as_ns() as f64 - self.t_last;
            if needed_ns <= elapsed {
                self.v = f_min;
                self.t_last += needed_ns;
                self.active.remove(&(bits, flow));
                self.weight_sum -= self.weights[&flow];
                if self.active.is_empty() {
                    self.weight_sum = 0.0;
                }
            } else {
                if let Some(rate) = self.bits_per_ns {
                    self.v += elapsed * rate / self.weight_sum;
                }
                self.t_last = now.as_ns() as f64;
                return;
            }
        }
        self.t_last = now.as_ns() as f64;
    }

    /// Tags a packet of `bytes` for `flow` arriving at `now`; returns its finish tag.
    pub fn tag(&mut self, now: Time, flow: u64, weight: f64, bytes: u64) -> f64 {
        let v = self.at(now);
        let last = self.finish.get(&flow).copied().unwrap_or(0.0);
        let f = v.max(last) + bytes as f64 * 8.0 / weight;
        self.arrive(flow, weight, f);
        f
    }

    /// V at `now` (advancing the fluid system to it).
    pub fn at(&mut self, now: Time) -> f64 {
        self.advance(now);
        self.v
    }

    /// V where it was last advanced to.
    pub fn v(&self) -> f64 {
        self.v
    }

    /// A packet of `flow` with finish tag `f` joined the fluid system at the instant of the
    /// last `at` (`f` = max(V, the flow's last finish tag) + bits / weight).
    pub fn arrive(&mut self, flow: u64, weight: f64, f: f64) {
        let last = self.finish.get(&flow).copied().unwrap_or(0.0);
        if last > self.v {
            self.active.remove(&(last.to_bits(), flow));
        } else {
            self.weight_sum += weight;
        }
        self.weights.insert(flow, weight);
        self.finish.insert(flow, f);
        self.active.insert((f.to_bits(), flow));
    }

    /// `flow`'s last finish tag falls back to `f` (a queued packet left unsent gives up its
    /// fluid service): the flow stays backlogged until V reaches `f`, or leaves now if V is
    /// already past it. Call after `at` for the current instant.
    pub fn revise(&mut self, flow: u64, f: f64) {
        let Some(&last) = self.finish.get(&flow) else { return };
        if last > self.v {
            self.active.remove(&(last.to_bits(), flow));
            if f > self.v {
                self.active.insert((f.to_bits(), flow));
            } else {
                self.weight_sum -= self.weights[&flow];
                if self.active.is_empty() {
                    self.weight_sum = 0.0;
                }
            }
        }
        self.finish.insert(flow, f);
    }
}

/// A finish tag as a queue key: thousandths of a bit, so ordering keeps sub-bit precision.
pub fn key(tag: f64) -> i64 {
    (tag * 1000.0).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_flows_share_the_fluid_clock() {
        // 1 bit/ns. Flow 1 sends 1000 B (8000 bit) at t=0: F = 8000. At t=4000 ns V = 4000
        // (one active flow, V grows at 1). Flow 2 sends 1000 B then: S = 4000, F = 12000.
        // From then on two flows share: V grows at 1/2; flow 1 drains at V = 8000, i.e. at
        // t = 4000 + 4000 * 2 = 12000 ns. A third packet for flow 2 at t = 12000: V = 8000,
        // S = max(8000, 12000) = 12000, F = 20000.
        let mut g = Gps::new(Bandwidth::BitsPerSec(1_000_000_000));
        assert_eq!(g.tag(Time(0), 1, 1.0, 1000), 8000.0);
        assert_eq!(g.tag(Time(4000), 2, 1.0, 1000), 12000.0);
        assert_eq!(g.tag(Time(12000), 2, 1.0, 1000), 20000.0);
        assert_eq!(g.v, 8000.0);
        // Flow 1 returns at t = 12000 with V = 8000: S = max(8000, 8000), F = 16000.
        assert_eq!(g.tag(Time(12000), 1, 1.0, 1000), 16000.0);
    }
}
