//! Fair Service Curve (`fsc`): Ng, Stephens, Stoica, Zhang, "Fair Service Curve" (the FSC
//! seed), Sec. 2.3, Figs. 5-6 and Eq. 5. Each queue i has a service curve S_i (two pieces,
//! `curve`) and keeps, across its idle periods, the bytes it was served w_i, its virtual time
//! v_i and its virtual curve V_i (virtual ns -> bytes), with v_i = V_i^{-1}(w_i).
//! - receive_packet: when queue i becomes backlogged, v_i = max(v_i, v^s) and V_i =
//!   min(V_i, S_i(. - v^s) + w_i) (Eq. 5; the first time, V_i = S_i(. - v^s)), where the system
//!   virtual time v^s = (least + greatest v_j of the backlogged queues) / 2 (0 when none is).
//! - get_packet: the backlogged queue with the least v_i sends its head; then w_i += its
//!   length and v_i = V_i^{-1}(w_i).
//!
//! A queue that was served beyond its share while others idled is not punished when they
//! return (v^s catches up with it), unlike SCED and Virtual Clock; a queue back from idling
//! has its first beta bytes served at m1 against the others' m2. With BPR = m1/m2 = 1 or
//! PBS = beta = 0 every curve is a line of slope phi_i and v_i = w_i / phi_i: PFQ.
//!
//! Invariant: service in ascending v_i, ties to the earlier arrival. Parameters: `queues`,
//! `buckets`, `service` (`bpr_pbs`: one curve for every queue, m1 = `bpr` x m2 and beta =
//! `pbs`, the paper's best-effort use, Sec. 2.4; `curves`: per-flow `curves` / per-class
//! `class_curves`), `drop` (longest: the paper's push-out), `queue_limit`. Virtual times are
//! ns of the curves' own clock (with bpr_pbs, m2 = 1 Mbps; scaling every curve alike changes
//! nothing). Shown on a packet: the virtual start time it gets at the head. State: v^s, and
//! per backlogged queue v_i, w_i, its virtual curve (anchor, knee, m2), its flow and its
//! service curve as anchored at its last backlog (the page's curve view).

use crate::params::{Bound, Default, Kind, Spec};
use crate::sched::curves::curve::{curves, lanes, Service, BEST_EFFORT_M2_BPS, CLASS_CURVES, CURVES, with_curve_state};
use crate::sched::curves::queues::{CurveQueues, Memory};
use crate::sched::parts::buffer::{DROP_TAGGED, QUEUE_LIMIT};
use crate::sched::parts::lanes::{Entry, Lanes, PerQueue, BUCKETS, QUEUES};
use crate::sched::registry::{SchedulerInfo, Slider, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const FSC_STATE: [StateSpec; 13] = with_curve_state([
    StateSpec {
        name: "system virtual time",
        description: "v^s = (least + greatest virtual time of the backlogged queues) / 2: a queue that becomes \
                      backlogged starts at least here",
        unit: Unit::Ns,
        shape: Shape::Scalar,
    },
    StateSpec {
        name: "virtual times",
        description: "v_i = V_i^-1(w_i) of each backlogged queue, in queue order: the least is served",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
]);

pub const FSC: SchedulerInfo = SchedulerInfo {
    name: "fsc",
    display: "FSC (fair service curve)",
    summary: "Fair service curve: PFQ whose virtual times follow each queue's two-piece curve (Eq. 5): a queue back \
              from idling has its first PBS bytes served BPR times faster, and no queue is punished for idle \
              bandwidth it used.",
    reference: "Ng, Stephens, Stoica, Zhang, \"Fair Service Curve\" (best effort), Sec. 2.3-2.4, Figs. 5-6",
    key: KeySpec { label: "virtual start", unit: Unit::Ns },
    state: &FSC_STATE,
    params: &[
        QUEUES,
        BUCKETS,
        Spec {
            name: "service",
            description: "Where the curves come from: one curve for every queue from bpr and pbs (the paper's \
                          best-effort use), or the per-flow curves / per-class class_curves.",
            kind: Kind::Choice { options: &["bpr_pbs", "curves"] },
            default: Default::Text("bpr_pbs"),
        },
        Spec {
            name: "bpr",
            description: "Burst preference ratio m1/m2: a queue back from idling has its first pbs bytes served this \
                          many times faster than a continuously backlogged one (1: PFQ).",
            kind: Kind::Real { min: Bound::Closed(1.0), max: Bound::Closed(1000.0) },
            default: Default::Real(5.0),
        },
        Spec {
            name: "pbs",
            description: "Preferred burst size beta: how many bytes of a new burst go at m1 (0: PFQ).",
            kind: Kind::Size { min: 0, max: 1 << 30 },
            default: Default::Text("10000B"),
        },
        CURVES,
        CLASS_CURVES,
        DROP_TAGGED,
        QUEUE_LIMIT,
    ],
    // The curve view's sliders: BPR 1..10 and PBS up to 64 KB, where FSC parts from PFQ at
    // playground scale (the paper's Fig. 10 sweeps PBS 1..10 packets of 1000 B at BPR 5).
    traits: Traits::OWN_ORDER.with_sliders(&[
        Slider { param: "bpr", min: 1.0, max: 10.0, step: 0.5 },
        Slider { param: "pbs", min: 0.0, max: 64_000.0, step: 1_000.0 },
    ]),
    source: file!(),
    build: |a| {
        let per = match a.params.choice("service") {
            "curves" => curves(&a)?,
            _ => PerQueue::all(Service::best_effort(a.params.real("bpr"), a.params.size("pbs"), BEST_EFFORT_M2_BPS)),
        };
        Ok(AnyScheduler::from(Fsc::new(lanes(&a)?, per)))
    },
};

#[derive(Debug)]
pub struct Fsc {
    q: CurveQueues,
}

impl Fsc {
    pub fn new(lanes: Lanes<()>, curves: PerQueue<Service>) -> Fsc {
        Fsc { q: CurveQueues::new(lanes, curves) }
    }

    /// v^s: the mean of the least and greatest virtual times of the backlogged queues.
    pub fn system_virtual_time(&self) -> f64 {
        let vs = self.q.lanes.backlogged().map(|l| self.q.memory(l).v);
        let (lo, hi) = vs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
        if lo.is_finite() {
            (lo + hi) / 2.0
        } else {
            0.0
        }
    }

    pub fn memory(&self, l: usize) -> Memory {
        self.q.memory(l)
    }
}

/// The virtual time queue `m` reaches after `bytes` more.
fn v_after(m: &Memory, bytes: f64) -> f64 {
    m.curve.map_or(m.v, |c| c.y2x(m.w + bytes))
}

/// The key a queue's head is served by: its virtual time v_i.
fn virtual_time(m: &Memory, _: &Entry<()>) -> f64 {
    m.v
}

/// After a departure: v_i = V_i^{-1}(w_i).
fn advance(m: &mut Memory) {
    m.v = v_after(m, 0.0);
}

impl Scheduler for Fsc {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let l = self.q.lanes.lane_of(&pkt);
        let mut m = self.q.memory(l);
        if self.q.lanes.lane_len(l) == 0 {
            let vs = self.system_virtual_time();
            m.v = m.v.max(vs);
            self.q.start_backlog(l, &mut m, vs);
        }
        let key = v_after(&m, m.queued).round() as i64;
        self.q.push(now, l, pkt, key, m, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        self.q.serve(now, v, virtual_time, advance)
    }

    forward!(q.lanes => len, bytes);

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        self.q.snapshot(limit, out, virtual_time, advance);
    }

    fn state(&self, out: &mut StateView) {
        out.push(&[self.system_virtual_time()]);
        let (ls, ms) = self.q.listed();
        out.push(&ms.iter().map(|m| m.v).collect::<Vec<f64>>());
        self.q.push_drawn(out, &ls, &ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::curves::queues::fixtures;

    fn fsc(curves: Vec<Service>) -> Fsc {
        Fsc { q: fixtures::per_flow(curves) }
    }

    fn pkt(id: u64, flow: u32, size: u32) -> Packet {
        fixtures::pkt(id, flow, size, 0)
    }

    fn line(bps: f64) -> Service {
        Service::best_effort(1.0, 0, bps)
    }

    // paper item: fsc/pfq: straight curves give PFQ's virtual times w / phi
    #[test]
    fn straight_curves_give_pfq_virtual_times_w_over_phi() {
        // phi_0 = 8 Mbps (0.001 B/ns), phi_1 = 16 Mbps; both backlogged at t = 0
        // (v^s = 0). The paper (Sec. 2.3): v_i = w_i / phi_i after every departure.
        let mut s = fsc(vec![line(8e6), line(16e6)]);
        let mut v = Verdicts::default();
        for id in 0..6 {
            s.enqueue(Time::ZERO, pkt(id, (id % 2) as u32, 1000), &mut v);
        }
        let mut served = [0.0f64; 2];
        while let Some(p) = s.dequeue(Time::ZERO, &mut v) {
            served[p.flow as usize] += 1000.0;
            let l = s.q.lanes.lane_of(&p);
            let phi = [8e6 / 8e9, 16e6 / 8e9][p.flow as usize];
            assert_eq!(s.memory(l).v, served[p.flow as usize] / phi);
        }
        assert_eq!(served, [3000.0, 3000.0]);
    }

    /// A line of 1/1024 B/ns times `k` (slopes and the times below exact in binary).
    fn line_k(k: f64) -> Service {
        line(k * 8e9 / 1024.0)
    }

    #[test]
    fn selection_by_least_start_time_serves_shares_by_weight() {
        // Weights 1 : 3, 1000 B packets, both backlogged from t = 0 (v^s = 0): flow 0's start
        // times are 0, 1024, 2048 us (1000 B at 1/1024 B/ns = 1.024 ms), flow 1's 0, 341.3,
        // 682.7, 1024, 1365.3, ... us. Ties go to the earlier arrival (flow 0 queued first):
        // 0 (f0), 0 (f1), 341 (f1), 683 (f1), 1024 (f0), 1024, 1365, 1707 (f1).
        let mut s = fsc(vec![line_k(1.0), line_k(3.0)]);
        let mut v = Verdicts::default();
        for id in 0..20 {
            s.enqueue(Time::ZERO, pkt(id, (id / 10) as u32, 1000), &mut v);
        }
        let mut snap = QueueView::default();
        s.snapshot(8, &mut snap);
        let order: Vec<u32> = (0..8).map(|_| s.dequeue(Time::ZERO, &mut v).unwrap().flow).collect();
        assert_eq!(order, vec![0, 1, 1, 1, 0, 1, 1, 1]);
        assert_eq!(snap.entries.iter().map(|e| if e.0 < 10 { 0 } else { 1 }).collect::<Vec<u32>>(), order);
    }

    #[test]
    fn a_flow_back_from_idle_gets_its_burst_at_m1() {
        // One curve for both: BPR = 4, PBS = 2000 B, m2 = 1/1024 B/ns, m1 = 4/1024 B/ns: the
        // first piece is 2000 B over 512 us. Flow 0 is backlogged alone and sends 10 x 1000 B:
        // its curve is anchored at (0, 0): v = 512 us + 8000 B x 1.024 us/B = 8704 us. Flow 1
        // arrives with 4 packets: v^s = 8704 us (only flow 0 is backlogged), its curve from
        // (8704 us, 0): starts 8704, 8960, 9216 (on m1), then 10240 (2000 B used, 1000 B on m2);
        // flow 0's starts are 8704, 9728, 10752 us.
        let s_ = Service::best_effort(4.0, 2000, 8e9 / 1024.0);
        let mut s = fsc(vec![s_, s_]);
        let mut v = Verdicts::default();
        for id in 0..14 {
            s.enqueue(Time::ZERO, pkt(id, 0, 1000), &mut v);
        }
        for _ in 0..10 {
            s.dequeue(Time::ZERO, &mut v);
        }
        assert_eq!(s.memory(0).v, 8_704_000.0);
        for id in 14..18 {
            s.enqueue(Time::ZERO, pkt(id, 1, 1000), &mut v);
        }
        assert_eq!(s.system_virtual_time(), 8_704_000.0);
        // The state the page draws: v^s; v_i; w_i (10 000 B, 0); the virtual curves, here the
        // service curves as anchored (flow 0 at (0, 0), flow 1 at (v^s, 0) = (8704 us, 0)),
        // knees 512 us and 2000 B on; m2 = 8e9/1024 bps; flows 0 and 1.
        let mut state = StateView::default();
        s.state(&mut state);
        assert_eq!(state.field(0), &[8_704_000.0]);
        assert_eq!(state.field(1), &[8_704_000.0, 8_704_000.0]);
        assert_eq!(state.field(2), &[10_000.0, 0.0]);
        assert_eq!(state.field(3), &[0.0, 8_704_000.0]);
        assert_eq!(state.field(5), &[512_000.0, 9_216_000.0]);
        assert_eq!(state.field(6), &[2000.0, 2000.0]);
        assert_eq!(state.field(7), &[7_812_500.0, 7_812_500.0]);
        assert_eq!(state.field(8), &[0.0, 1.0]);
        assert_eq!(state.field(9), state.field(3));
        assert_eq!(state.field(11), state.field(5));
        assert_eq!(state.field(12), state.field(6));
        let order: Vec<u32> = (0..7).map(|_| s.dequeue(Time::ZERO, &mut v).unwrap().flow).collect();
        // Starts: f0 8704 (tie, earlier arrival) | f1 8704, 8960, 9216 | f0 9728 | f1 10240 |
        // f0 10752: the returning flow sends 3 of its first 4 packets before flow 0's next.
        assert_eq!(order, vec![0, 1, 1, 1, 0, 1, 0]);
    }
}
