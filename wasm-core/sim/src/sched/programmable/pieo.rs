//! PIEO, push-in extract-out (Shrivastav, "Fast, Scalable, and Programmable Packet Scheduler in
//! Hardware", SIGCOMM'19, the PIEO primitive and its programming model; AIFO's baseline, AIFO
//! Sec. 5.1 and Figs. 7 and 14): an
//! ordered list of elements, each with a rank and an eligibility predicate. Enqueue pushes an
//! element in at its rank's place; dequeue extracts, out of the elements whose predicate holds
//! now, the one with the least rank ("the smallest ranked eligible element"), and answers
//! nothing when none is eligible, so a PIEO can shape as well as order (the predicate
//! `now >= t_eligible`, with which the paper expresses shaping and WF2Q+).
//!
//! Here the rank comes from a rank program (`sched::rank`, as for PIFO and AIFO) and the
//! eligibility time from `eligibility`:
//! - `arrival`: every element is eligible when it arrives (PIEO is then a PIFO);
//! - `shaped`: each flow is paced at its rate r (`rates`): an arrival of L bytes of flow f at
//!   t becomes eligible at e = max(t, E_f), and E_f = e + L / r (a token bucket of one packet:
//!   t_eligible from the flow's rate).
//!
//! Invariant: a dequeue at `now` returns the least (rank, arrival order) element with
//! eligibility <= now; with none eligible it returns nothing and `next_eligible` says the
//! least eligibility time. A full buffer refuses the arrival (drop-tail). Parameters: `rank`
//! (srpt), `weights`, `program`, `eligibility` (arrival), `rates` (per flow, shaped). Shown on a
//! packet: its rank. State: the ordered list's ranks and eligibility times (in rank order, the
//! first 16) and how long each still waits, the eligible count and the wait for the next.

use std::collections::{BTreeMap, BTreeSet};

use crate::packet::Packet;
use crate::params::{Default, Kind, Per, Spec};
use crate::sched::programmable::rank::{self, RANK, RANK_KEY, RANK_PROGRAM, RANK_WEIGHTS, Ranker, ranker};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;
use crate::view::{Shape, StateSpec, Unit};

/// At most this many elements in the exported list.
const LISTED: usize = 16;

const RATE: Kind = Kind::Rate { min: 1, infinite: true };

pub const PIEO: SchedulerInfo = SchedulerInfo {
    name: "pieo",
    display: "PIEO",
    summary: "Push-in extract-out: an ordered list by rank (a rank program) where each packet also has an \
              eligibility time; dequeue sends the least rank among the eligible (arrival, or paced per flow).",
    reference: "Shrivastav, \"Fast, Scalable, and Programmable Packet Scheduler in Hardware\", SIGCOMM'19; \
                AIFO (Yu et al., SIGCOMM'21) Sec. 5.1",
    key: RANK_KEY,
    state: &[
        StateSpec {
            name: "ranks",
            description: "The ordered list's ranks, least first (its first 16)",
            unit: Unit::Rank,
            shape: Shape::Vector,
        },
        StateSpec {
            name: "eligible in",
            description: "How long each of those elements still waits to become eligible (0: eligible now), as of \
                          the port's last call",
            unit: Unit::Ns,
            shape: Shape::Vector,
        },
        StateSpec {
            name: "eligible",
            description: "Elements whose eligibility time has passed (as of the port's last call)",
            unit: Unit::Packets,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "next eligible in",
            description: "How long until the next element not yet eligible becomes so",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
    ],
    params: &[
        RANK,
        RANK_WEIGHTS,
        RANK_PROGRAM,
        Spec {
            name: "eligibility",
            description: "When an element becomes eligible: arrival (at once: a PIFO) or shaped (each flow paced \
                          at its rate: eligible at max(arrival, the flow's previous eligibility + L / r)).",
            kind: Kind::Choice { options: &["arrival", "shaped"] },
            default: Default::Text("arrival"),
        },
        Spec {
            name: "rates",
            description: "eligibility = shaped: each flow's rate, by traffic id (e.g. {\"a\": \"2Mbps\"}; flows not \
                          listed get \"*\", default 1Mbps; inf: not paced).",
            kind: Kind::List { per: Per::Flow, item: &RATE },
            default: Default::Text("1Mbps"),
        },
    ],
    traits: Traits::OWN_ORDER.idling().reading(rank::reads).keyed_by(rank::key),
    source: file!(),
    build: |a| {
        let shaping = match a.params.choice("eligibility") {
            "shaped" => {
                let list = a.params.list("rates");
                let rates = a.flows.iter().map(|id| list.for_flow(id).rate()).collect();
                Some(Shaping { rates, default: list.default.rate(), next: BTreeMap::new() })
            }
            _ => None,
        };
        Ok(AnyScheduler::from(Pieo::new(a.port.buffer, a.port.bandwidth, ranker(&a), shaping)))
    },
};

/// Per-flow pacing: each traffic source's rate and each flow's next eligibility E_f.
#[derive(Debug)]
pub struct Shaping {
    pub rates: Vec<Bandwidth>,
    pub default: Bandwidth,
    pub next: BTreeMap<u32, Time>,
}

impl Shaping {
    /// e = max(now, E_f); E_f = e + L / r.
    fn eligibility(&mut self, now: Time, pkt: &Packet) -> Time {
        let rate = self.rates.get(pkt.source as usize).copied().unwrap_or(self.default);
        let e = now.max(self.next.get(&pkt.flow).copied().unwrap_or(Time::ZERO));
        self.next.insert(pkt.flow, e + rate.tx_time(pkt.size as u64));
        e
    }
}

#[derive(Debug)]
pub struct Pieo {
    /// (rank, arrival number) -> (eligibility, packet): the ordered list.
    list: BTreeMap<(i64, u64), (Time, Packet)>,
    /// (eligibility, rank, arrival number) of every element: the next eligibility.
    times: BTreeSet<(Time, i64, u64)>,
    seq: u64,
    bytes: u64,
    buffer: Buffer,
    /// The port's rate: the snapshot's time passes at one transmission per packet.
    bandwidth: Bandwidth,
    ranker: Ranker,
    shaping: Option<Shaping>,
    /// The latest time the port called (enqueue or dequeue): the snapshot's and the exported
    /// eligible count's "now".
    asked: Time,
}

impl Pieo {
    pub fn new(buffer: Buffer, bandwidth: Bandwidth, ranker: Ranker, shaping: Option<Shaping>) -> Pieo {
        Pieo {
            list: BTreeMap::new(),
            times: BTreeSet::new(),
            seq: 0,
            bytes: 0,
            buffer,
            bandwidth,
            ranker,
            shaping,
            asked: Time::ZERO,
        }
    }

    /// The least-rank element eligible at `at` among `list` (the ordered list's first such).
    fn first_eligible<'a>(
        mut list: impl Iterator<Item = (&'a (i64, u64), &'a (Time, Packet))>,
        at: Time,
    ) -> Option<(i64, u64)> {
        list.find(|(_, (e, _))| *e <= at).map(|(k, _)| *k)
    }
}

impl Scheduler for Pieo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        self.asked = self.asked.max(now);
        if !self.buffer.fits(self.list.len(), self.bytes, pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        let rank = self.ranker.rank(now, &pkt, (self.list.len(), self.bytes));
        let eligible = self.shaping.as_mut().map_or(now, |s| s.eligibility(now, &pkt));
        self.bytes += pkt.size as u64;
        self.list.insert((rank, self.seq), (eligible, pkt));
        self.times.insert((eligible, rank, self.seq));
        self.seq += 1;
        Admission::Queued { key: rank }
    }

    fn dequeue(&mut self, now: Time, _v: &mut Verdicts) -> Option<Packet> {
        self.asked = self.asked.max(now);
        let key = Self::first_eligible(self.list.iter(), now)?;
        let (e, pkt) = self.list.remove(&key)?;
        self.times.remove(&(e, key.0, key.1));
        self.bytes -= pkt.size as u64;
        self.ranker.dequeued(key.0);
        Some(pkt)
    }

    fn next_eligible(&self, now: Time) -> Option<Time> {
        self.times.iter().next().map(|&(e, _, _)| e.max(now))
    }

    fn len(&self) -> usize {
        self.list.len()
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Served order if nothing else arrived: at each step the least eligible rank, the clock
    /// moving on by its transmission (or, with none eligible, to the next eligibility).
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let mut pending = self.times.iter().peekable();
        let mut ready: BTreeSet<(i64, u64)> = BTreeSet::new();
        let mut at = self.asked;
        while out.entries.len() < limit {
            while let Some(&(_, rank, seq)) = pending.next_if(|(e, _, _)| *e <= at) {
                ready.insert((rank, seq));
            }
            let Some(k) = ready.pop_first() else {
                match pending.peek() {
                    Some(&&(e, _, _)) => at = e,
                    None => break,
                }
                continue;
            };
            let (_, p) = &self.list[&k];
            out.entries.push((p.id, k.0));
            at += self.bandwidth.tx_time(p.size as u64);
        }
    }

    fn state(&self, out: &mut StateView) {
        out.clear();
        let listed: Vec<&(Time, Packet)> = self.list.values().take(LISTED).collect();
        out.push(&self.list.keys().take(LISTED).map(|k| k.0 as f64).collect::<Vec<f64>>());
        let wait = |e: Time| e.saturating_sub(self.asked).as_ns() as f64;
        out.push(&listed.iter().map(|(e, _)| wait(*e)).collect::<Vec<f64>>());
        out.push(&[self.times.iter().take_while(|(e, _, _)| *e <= self.asked).count() as f64]);
        let later = self.times.iter().find(|(e, _, _)| *e > self.asked);
        out.push(&later.map(|(e, _, _)| vec![wait(*e)]).unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::programmable::rank::Program;

    fn pkt(id: u64, flow: u32, class: u8) -> Packet {
        Packet::new(id, flow, 0, 1000, Time::ZERO).with_class(class).with_source(flow)
    }

    /// 1000 B at 1 Mbps = 8 ms; at 2 Mbps 4 ms.
    fn shaped(rates: &[&str]) -> Pieo {
        let rates = rates.iter().map(|r| crate::units::parse_bandwidth(r).unwrap()).collect();
        let shaping = Shaping { rates, default: Bandwidth::Infinite, next: BTreeMap::new() };
        Pieo::new(Buffer::Unlimited, Bandwidth::Infinite, Ranker::new(Program::Class, vec![]), Some(shaping))
    }

    // paper item: aifo/pieo: PIEO sends the least eligible rank, in a hand-worked eligibility order
    #[test]
    fn least_rank_among_the_eligible() {
        // Flow 0 paced at 1 Mbps (1000 B every 8 ms), rank (class) 1; flow 1 at 2 Mbps (every
        // 4 ms), rank 2; flow 2 unpaced (inf), rank 3. At t = 0 each sends three 1000 B packets:
        //   flow 0 eligible at 0, 8, 16 ms; flow 1 at 0, 4, 8 ms; flow 2 at 0, 0, 0.
        // The port asks at t = 0, 1, 2, ... ms (instant transmissions). Hand order:
        //   t=0: eligible ranks {1 (f0#0), 2 (f1#0), 3, 3, 3} -> f0#0 (rank 1)
        //   t=1: {2 (f1#0), 3, 3, 3} -> f1#0;  t=2: {3, 3, 3} -> f2#0;  t=3: -> f2#1
        //   t=4: f1#1 became eligible (4 ms): {2, 3} -> f1#1;  t=5: -> f2#2
        //   t=6, 7: nothing eligible (f0#1 at 8, f1#2 at 8): none, next eligibility 8 ms
        //   t=8: {1 (f0#1), 2 (f1#2)} -> f0#1;  t=9: -> f1#2;  t=16: -> f0#2.
        let mut s = shaped(&["1Mbps", "2Mbps", "inf"]);
        let mut v = Verdicts::default();
        for i in 0..3u64 {
            for f in 0..3u32 {
                s.enqueue(Time::ZERO, pkt(i * 3 + f as u64, f, f as u8 + 1), &mut v);
            }
        }
        let mut order = Vec::new();
        for ms in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16] {
            let got = s.dequeue(Time::ms(ms), &mut v).map(|p| p.id);
            order.push((ms, got));
            if ms == 6 {
                assert_eq!(s.next_eligible(Time::ms(6)), Some(Time::ms(8)));
            }
        }
        // ids: f0 = 0, 3, 6; f1 = 1, 4, 7; f2 = 2, 5, 8.
        let expect = [
            (0, Some(0)),
            (1, Some(1)),
            (2, Some(2)),
            (3, Some(5)),
            (4, Some(4)),
            (5, Some(8)),
            (6, None),
            (7, None),
            (8, Some(3)),
            (9, Some(7)),
            (16, Some(6)),
        ];
        assert_eq!(order, expect.to_vec());
        assert!(s.is_empty());
    }

    #[test]
    fn without_shaping_it_is_a_pifo() {
        // Eligibility = arrival: AIFO Fig. 2's ranks 1, 4, 5, 1, 2, 2 leave as 1, 1, 2, 2, 4, 5.
        let mut s = Pieo::new(Buffer::Unlimited, Bandwidth::Infinite, Ranker::new(Program::Class, vec![]), None);
        let mut v = Verdicts::default();
        for p in crate::sched::programmable::rank::fixtures::fig2_burst() {
            s.enqueue(Time::ZERO, p, &mut v);
        }
        let ids: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(ids, vec![0, 3, 4, 5, 1, 2]);
    }

    #[test]
    fn the_snapshot_and_state_follow_eligibility() {
        // Flow 0 at 1 Mbps, rank 1, two packets (eligible 0 and 8 ms); flow 1 unpaced, rank 2,
        // one packet; port 8 Mbps (1000 B = 1 ms). At t = 0: f0#0 (rank 1) leaves by 1 ms; then
        // f1 (rank 2, eligible); then at 2 ms nothing is eligible until 8 ms: f0#1.
        let shaping = Shaping {
            rates: vec![crate::units::parse_bandwidth("1Mbps").unwrap(), Bandwidth::Infinite],
            default: Bandwidth::Infinite,
            next: BTreeMap::new(),
        };
        let bw = crate::units::parse_bandwidth("8Mbps").unwrap();
        let mut s = Pieo::new(Buffer::Unlimited, bw, Ranker::new(Program::Class, vec![]), Some(shaping));
        let mut v = Verdicts::default();
        for (id, f) in [(0, 0), (1, 0), (2, 1)] {
            s.enqueue(Time::ZERO, pkt(id, f, f as u8 + 1), &mut v);
        }
        let mut view = QueueView::default();
        s.snapshot(10, &mut view);
        assert_eq!(view.entries, vec![(0, 1), (2, 2), (1, 1)]);
        let mut st = StateView::default();
        s.state(&mut st);
        assert_eq!(st.field(0), &[1.0, 1.0, 2.0]);
        assert_eq!(st.field(1), &[0.0, 8e6, 0.0]);
        assert_eq!(st.field(2), &[2.0]);
        assert_eq!(st.field(3), &[8e6]);
    }
}
