//! `lstf_codel`: LSTFCoDel, a priority queue inside CoDel (C. Ford, "LSTFCoDel: Least Slack
//! Time First CoDel", 2019, Sec. III, Eqs. 2-3 and Sec. V). CoDel's rules are the
//! `aqm::codel` component; this file holds the priority queue and the slack estimate.
//!
//! Principles:
//! - On enqueue the router's average slack is updated, gamma = (1 - alpha) gamma + alpha beta
//!   (Eq. 2), and the arriving packet gets the priority epsilon = 0 if gamma = 0, else
//!   1 / (1 + gamma) (Eq. 3), gamma in seconds. A packet's epsilon never changes once given.
//! - Dequeue serves "the least slack" and, when CoDel drops, drops "the packet with the
//!   highest slack time" (Sec. V) instead of the one it examined, which is then examined again:
//!   the two opposite ends of the epsilon order. ECN marks (with `ecn` on) go to the examined
//!   packet, which is sent.
//! - The results' slack statistics (Table VI) sample gamma at each packet sent.
//! - Invariant: the packet served has the least key of those queued (key = epsilon in
//!   billionths, or 10^9 - epsilon with `serve = greatest_epsilon`), ties in arrival order.
//!
//! Reading (the paper leaves two things open; see the seeds' reading notes):
//! - beta, "current delay experienced" (Table I), is the sojourn time of the packet CoDel
//!   examined last (its `ldelay`). The paper's ns-2 code names that very variable `d_exp_`,
//!   "current delay experienced"; Sec. III's prose mentions CoDel's drop_next instead, which
//!   the author's code adds as an absolute time, and which is 0 whenever CoDel is not
//!   dropping, so it cannot be the "delay" of Table I.
//! - "Least slack" is the least epsilon: the author's code keeps packets in an STL multimap
//!   keyed by epsilon and always serves its first element, and Sec. III wants packets that
//!   arrive under congestion (larger gamma, smaller epsilon) served ahead of those already
//!   queued. Since epsilon falls as gamma grows, the other reading (serve the greatest
//!   epsilon: the smallest gamma, "least slack" taken literally) is also defensible, and is
//!   the parameter `serve = greatest_epsilon`; the drop end follows it.
//! - Parameters: `alpha` (the forgetfulness, default 0.5, the paper's best), `serve`, and
//!   CoDel's `target` (5 ms), `interval` (100 ms), `ecn` (off).

use crate::aqm::codel::{self, Codel, CodelParams, CodelQueue};
use crate::metrics::moments::Moments;
use crate::packet::Packet;
use crate::params::{Bound, Default, Kind, Spec};
use crate::sched::parts::buffer::Limits;
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::queue_management::codel::{ECN, INTERVAL, TARGET, codel_params};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, AqmReport, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

pub const LSTF_CODEL: SchedulerInfo = SchedulerInfo {
    name: "lstf_codel",
    display: "LSTFCoDel",
    summary: "LSTFCoDel: a priority queue inside CoDel. Each arrival gets epsilon = 1/(1 + gamma), gamma an EWMA \
              (weight alpha) of beta; a CoDel drop takes the highest-slack packet. Our reading: beta is the \
              sojourn CoDel saw last (\"current delay experienced\", the author's d_exp_), and the least epsilon \
              is served (the author's multimap order); serve = greatest_epsilon is the other reading.",
    reference: "C. Ford, \"LSTFCoDel\" (2019), Sec. III Eqs. 2-3 and Sec. V; CoDel: RFC 8289",
    key: KeySpec { label: "epsilon", unit: Unit::Billionths },
    state: crate::sched::queue_management::lstf_codel::STATE,
    params: &[
        Spec {
            name: "alpha",
            description: "The forgetfulness: weight of the newest delay in gamma (the paper tried 0.125 to 0.875; \
                          0.5 had the lowest mean delay).",
            kind: Kind::Real { min: Bound::Closed(0.0), max: Bound::Closed(1.0) },
            default: Default::Real(0.5),
        },
        Spec {
            name: "serve",
            description: "Which end of the epsilon order is \"least slack\" and served; CoDel drops take the other \
                          end.",
            kind: Kind::Choice { options: &["least_epsilon", "greatest_epsilon"] },
            default: Default::Text("least_epsilon"),
        },
        TARGET,
        INTERVAL,
        ECN,
    ],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: |a| {
        let least = a.params.choice("serve") == "least_epsilon";
        let s = LstfCodel::new(a.port.buffer, codel_params(a.params), a.params.real("alpha"), least);
        Ok(AnyScheduler::from(s))
    },
};

const BILLION: i64 = 1_000_000_000;

/// Epsilon (Eq. 3) in billionths, for a gamma in seconds.
pub fn epsilon_billionths(gamma: f64) -> i64 {
    if gamma == 0.0 {
        0
    } else {
        libm::round(BILLION as f64 / (1.0 + gamma)) as i64
    }
}

/// The priority queue, as CoDel sees it.
#[derive(Debug)]
struct Queue {
    q: KeyedQueue,
}

impl CodelQueue for Queue {
    fn pop(&mut self) -> Option<Packet> {
        self.q.pop().map(|(_, p)| p)
    }
    fn bytes(&self) -> u64 {
        self.q.bytes()
    }
    /// The highest-slack packet goes; the examined one stays to be examined again.
    fn victim(&mut self, examined: Packet) -> (Packet, Option<Packet>) {
        match self.q.pop_last() {
            Some((_, last)) => (last, Some(examined)),
            None => (examined, None),
        }
    }
}

#[derive(Debug)]
pub struct LstfCodel {
    q: Queue,
    codel: Codel,
    alpha: f64,
    /// The average slack, seconds.
    gamma: f64,
    /// Serve the least epsilon (else the greatest).
    least: bool,
    /// gamma in ns, sampled at each packet sent (the results' slack statistics, Table VI).
    slack: Moments,
}

impl LstfCodel {
    pub fn new(buffer: Buffer, params: CodelParams, alpha: f64, serve_least: bool) -> LstfCodel {
        LstfCodel {
            q: Queue { q: KeyedQueue::new(Limits::tail(buffer)) },
            codel: Codel::new(params),
            alpha,
            gamma: 0.0,
            least: serve_least,
            slack: Moments::default(),
        }
    }

    /// The key of an epsilon: the least key is served first.
    fn key(&self, eps: i64) -> i64 {
        if self.least {
            eps
        } else {
            BILLION - eps
        }
    }
}

impl Scheduler for LstfCodel {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let beta = self.codel.vars.ldelay.as_ns() as f64 / 1e9;
        self.gamma = (1.0 - self.alpha) * self.gamma + self.alpha * beta;
        let key = self.key(epsilon_billionths(self.gamma));
        self.q.q.push(key, pkt, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        let p = self.codel.dequeue(now, &mut self.q, v);
        if p.is_some() {
            self.slack.add(libm::round(self.gamma * 1e9) as u64);
        }
        p
    }

    forward!(q.q => len);

    fn bytes(&self) -> u64 {
        self.q.q.bytes()
    }

    /// Each packet with its epsilon.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        let least = self.least;
        self.q.q.snapshot_with(limit, out, |k, _| if least { k } else { BILLION - k });
    }

    fn state(&self, out: &mut StateView) {
        out.push(&[self.gamma * 1e9]);
        out.push(&[epsilon_billionths(self.gamma) as f64]);
        self.codel.state(out);
    }

    fn aqm_report(&self, now: Time) -> Option<AqmReport> {
        Some(AqmReport {
            dropping_ns: self.codel.stats.dropping_until(now).as_ns(),
            dropping_entries: self.codel.stats.entries,
            slack: Some(self.slack),
        })
    }
}

/// gamma, the epsilon an arrival would get now, then CoDel's fields.
pub const STATE: &[StateSpec] = {
    const C: &[StateSpec] = codel::STATE;
    &[
        StateSpec {
            name: "gamma",
            description: "Average slack (Eq. 2): the EWMA of the sojourn CoDel examined last, updated on each arrival",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "epsilon now",
            description: "The priority an arrival gets now, 1/(1 + gamma in seconds) (Eq. 3)",
            unit: Unit::Billionths,
            shape: Shape::Scalar,
        },
        C[0],
        C[1],
        C[2],
        C[3],
        C[4],
        C[5],
    ]
};

#[cfg(test)]
#[path = "lstf_codel_tests.rs"]
mod tests;
