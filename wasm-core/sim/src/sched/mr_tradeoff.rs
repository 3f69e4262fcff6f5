//! The fairness-efficiency trade-off scheduler (`mr_tradeoff`): Wang, Li, Liang, the
//! MR-tradeoff paper (seed 002), Secs. 3-5. A fluid reference system runs beside the queues:
//! every backlogged flow's head packet is served at once on CPU and link at the dominant
//! share the alpha-portion trade-off gives it (Eq. 19 by Theorem 3, `fluid::allocate`;
//! alpha = 1 is DRGPS, Eq. 16; alpha = 0 the greedy schedule of Eq. 17). The packets are
//! served by start-time tracking (Sec. 4.1): whenever the stage can start one, it takes,
//! among the packets that have started in the fluid, the one that started first (a FIFO of
//! fluid starts, Sec. 5.4). A packet that has not started in the fluid waits, even with the
//! CPU idle: this is how strict fairness leaves resources unused (Fig. 3), and why the
//! scheduler is not work conserving (`next_eligible` is the fluid's next event).
//!
//! The fluid is maintained event by event as in Sec. 5.2 (the direct implementation: per
//! flow its dominant share d_i and the remaining dominant time R_i of its head; an event is
//! a head finishing or a flow arriving), O(n) per event in the number of backlogged flows.
//! Sec. 5.3's O(log n) virtual-time version (regular flows on one virtual clock, the at most
//! two favoured flows tracked directly) computes the same fluid; it is not implemented here.
//!
//! Reading: the fluid's backlog is every packet that has arrived and not finished in the
//! fluid, whatever the discrete queue has sent (the reference system of Sec. 5). On a plain
//! port (one resource) the fluid is GPS on the link. The port's buffer applies (drop-tail on
//! arrival; a refused packet never enters the fluid).
//!
//! Parameters: `alpha` in [0, 1] (default 1). Shown on a packet: its dominant processing
//! time, ns. State: the fair share d_bar, the floor alpha d_bar, the fluid's shares.

use std::collections::{BTreeMap, VecDeque};

use super::fluid::{allocate, normalise};
use super::{Admission, DropReason, Packet, QueueView, Scheduler, StateView, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;

/// The fluid reference system.
#[derive(Clone, Debug, Default)]
struct Fluid {
    alpha: f64,
    /// Fluid time, ns.
    t: f64,
    /// Per flow: processing times of its packets not finished in the fluid (front: the
    /// head), and the head's remaining dominant time.
    flows: BTreeMap<u32, (VecDeque<[f64; 2]>, f64)>,
    /// Dominant share of each backlogged flow, in `flows` order (kept current).
    shares: Vec<f64>,
    /// Flows whose packets started in the fluid, in start order (one entry per packet).
    started: VecDeque<u32>,
}

impl Fluid {
    fn heads(&self) -> Vec<[f64; 2]> {
        self.flows.values().map(|(q, _)| normalise(q[0])).collect()
    }

    /// Recomputes the shares after the backlog or a head changed (Theorem 3).
    fn refresh(&mut self) {
        let tau = self.heads();
        allocate(&tau, self.alpha, &mut self.shares);
    }

    /// The fair share d_bar of the flows backlogged in the fluid.
    fn fair(&self) -> f64 {
        super::fluid::fair_share(&self.heads())
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
}

#[derive(Debug)]
pub struct MrTradeoff {
    alpha: f64,
    bandwidth: Bandwidth,
    buffer: Buffer,
    fluid: Fluid,
    queues: BTreeMap<u32, VecDeque<(Packet, i64)>>,
    len: usize,
    bytes: u64,
}

impl MrTradeoff {
    pub fn new(alpha: f64, buffer: Buffer, bandwidth: Bandwidth) -> MrTradeoff {
        MrTradeoff {
            alpha,
            bandwidth,
            buffer,
            fluid: Fluid { alpha, ..Fluid::default() },
            queues: BTreeMap::new(),
            len: 0,
            bytes: 0,
        }
    }

    /// The fluid's fair share d_bar and the trade-off's alpha (the floor is their product).
    pub fn fair_and_alpha(&self) -> (f64, f64) {
        (self.fluid.fair(), self.alpha)
    }
}

impl Scheduler for MrTradeoff {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let link = self.bandwidth.tx_time(pkt.size as u64);
        self.enqueue_costed(now, pkt, [Time::ZERO, link], v)
    }

    fn enqueue_costed(&mut self, now: Time, pkt: Packet, costs: [Time; 2], v: &mut Verdicts) -> Admission {
        if !self.buffer.fits(self.len, self.bytes, pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        self.fluid.advance(now.as_ns() as f64);
        let tau = [costs[0].as_ns() as f64, costs[1].as_ns() as f64];
        let dominant = costs[0].max(costs[1]).as_ns() as i64;
        self.fluid.arrive(pkt.flow, tau);
        self.len += 1;
        self.bytes += pkt.size as u64;
        self.queues.entry(pkt.flow).or_default().push_back((pkt, dominant));
        Admission::Queued { key: dominant }
    }

    fn dequeue(&mut self, now: Time, _v: &mut Verdicts) -> Option<Packet> {
        self.fluid.advance(now.as_ns() as f64);
        let flow = self.fluid.started.pop_front()?;
        let q = self.queues.get_mut(&flow).expect("a packet that started in the fluid is queued");
        let (pkt, _) = q.pop_front().expect("one queued packet per fluid start");
        if q.is_empty() {
            self.queues.remove(&flow);
        }
        self.len -= 1;
        self.bytes -= pkt.size as u64;
        Some(pkt)
    }

    fn next_eligible(&self, now: Time) -> Option<Time> {
        if !self.fluid.started.is_empty() {
            return Some(now);
        }
        let at = self.fluid.t + self.fluid.step()?;
        // The first whole nanosecond at or after the fluid event.
        let ns = at.ceil().max(now.as_ns() as f64) as u64;
        Some(Time::ns(ns.max(now.as_ns() + 1)))
    }

    fn fair_floor(&self) -> Option<f64> {
        Some(self.alpha * self.fluid.fair())
    }

    fn len(&self) -> usize {
        self.len
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Replays the fluid on a copy (each flow's first `limit` packets) to list the next
    /// `limit` packets in the order they start in it.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let mut f = Fluid {
            flows: self
                .fluid
                .flows
                .iter()
                .map(|(&k, (q, r))| (k, (q.iter().take(limit.saturating_add(1)).copied().collect(), *r)))
                .collect(),
            shares: self.fluid.shares.clone(),
            started: self.fluid.started.clone(),
            ..Fluid { alpha: self.alpha, t: self.fluid.t, ..Fluid::default() }
        };
        let mut taken: BTreeMap<u32, usize> = BTreeMap::new();
        let mut guard = 0;
        while out.entries.len() < limit.min(self.len) && guard < limit.saturating_mul(4).saturating_add(8) {
            guard += 1;
            if let Some(flow) = f.started.pop_front() {
                let k = taken.entry(flow).or_insert(0);
                if let Some((p, key)) = self.queues.get(&flow).and_then(|q| q.get(*k)) {
                    out.entries.push((p.id, *key));
                }
                *k += 1;
                continue;
            }
            let Some(step) = f.step() else { break };
            let to = f.t + step;
            f.advance(to);
        }
    }

    fn state(&self, out: &mut StateView) {
        let dbar = self.fluid.fair();
        out.push(&[dbar]);
        out.push(&[self.alpha * dbar]);
        out.push(&self.fluid.shares);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pkt(id: u64, flow: u32) -> Packet {
        Packet::new(id, flow, 0, 100, 0, 1, Time::ZERO)
    }

    /// One flow of <2, 3> packets: in the fluid it has the whole link (d = 1, dominant time
    /// 3), so its packets start there at 0, 3, 6: the second may not enter the CPU before 3
    /// even though the CPU is free from 2 (start-time tracking, Sec. 4.1).
    #[test]
    fn a_packet_waits_until_it_starts_in_the_fluid() {
        let mut s = MrTradeoff::new(1.0, Buffer::Unlimited, Bandwidth::Infinite);
        let mut v = Verdicts::default();
        for id in 0..3 {
            s.enqueue_costed(Time::ZERO, pkt(id, 0), [Time::ns(2), Time::ns(3)], &mut v);
        }
        assert_eq!(s.dequeue(Time::ZERO, &mut v).map(|p| p.id), Some(0));
        assert_eq!(s.dequeue(Time::ns(2), &mut v), None);
        assert_eq!(s.next_eligible(Time::ns(2)), Some(Time::ns(3)));
        assert_eq!(s.dequeue(Time::ns(3), &mut v).map(|p| p.id), Some(1));
        assert_eq!(s.next_eligible(Time::ns(3)), Some(Time::ns(6)));
    }

    /// Fig. 1 with both flows backlogged from 0 (units of 1 us). Under DRGPS (alpha = 1) each
    /// gets d = 3/5 (Eq. 16): flow 1's packets (dominant 3) start in the fluid every 5 us,
    /// flow 2's (dominant 9) every 15 us. Under the greedy schedule (alpha = 0) flow 1 gets
    /// 24/25 (a packet every 3.125 us) and flow 2 9/25 (every 25 us). Starts before 150 us:
    /// DRGPS flow 1 at 0, 5, ..., 145 (30) and flow 2 at 0, 15, ..., 135 (10); greedy flow 1
    /// at k x 3.125 for k < 48 (48) and flow 2 at 0, 25, ..., 125 (6).
    #[test]
    fn fig1_start_counts_follow_the_fluid_shares() {
        for (alpha, want) in [(1.0, (30, 10)), (0.0, (48, 6))] {
            let mut s = MrTradeoff::new(alpha, Buffer::Unlimited, Bandwidth::Infinite);
            let mut v = Verdicts::default();
            for id in 0..100 {
                s.enqueue_costed(Time::ZERO, pkt(2 * id, 0), [Time::us(2), Time::us(3)], &mut v);
                s.enqueue_costed(Time::ZERO, pkt(2 * id + 1, 1), [Time::us(9), Time::us(1)], &mut v);
            }
            let mut got = (0, 0);
            while let Some(p) = s.dequeue(Time::ns(149_999), &mut v) {
                if p.flow == 0 {
                    got.0 += 1;
                } else {
                    got.1 += 1;
                }
            }
            assert_eq!(got, want, "alpha {alpha}");
            let (dbar, a) = s.fair_and_alpha();
            assert!((dbar - 0.6).abs() < 1e-12 && a == alpha);
        }
    }
}
