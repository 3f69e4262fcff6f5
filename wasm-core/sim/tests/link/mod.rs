#![allow(dead_code)] // Shared by the bound tests; not every test file uses every helper.

//! One output link driven by a list of arrivals, for the fair-queueing bound tests: the real
//! `Port` around a scheduler from the registry, and measurements of what it served.
//!
//! Service is counted one of two ways (`Count`): as a fluid (a packet in transmission has
//! sent elapsed / tx time of its bytes; a flow is backlogged while it has a packet queued or
//! in transmission), or as the round-robin analyses count it, when dequeued (a packet counts
//! whole when its transmission starts; a flow is backlogged while it has a packet queued).

use std::collections::BTreeMap;

use sched_sim::emit::Emit;
use sched_sim::packet::Packet;
use sched_sim::params::Context;
use sched_sim::port::{Port, PortWake};
use sched_sim::rng::Stream;
use sched_sim::scenario::SchedulerSpec;
use sched_sim::sched::registry::{self, PortContext};
use sched_sim::sched::AnyScheduler;
use sched_sim::time::{Bandwidth, Time};
use sched_sim::trace::Kind;
use sched_sim::units::Buffer;

/// A packet offered to the link.
#[derive(Clone, Copy, Debug)]
pub struct Arrival {
    pub at: u64,
    pub flow: u32,
    pub size: u32,
    pub class: u8,
}

/// A packet the link sent: when it arrived, started and ended (ns).
#[derive(Clone, Copy, Debug)]
pub struct Sent {
    pub flow: u32,
    pub size: u32,
    pub arrived: u64,
    pub start: u64,
    pub end: u64,
}

/// Builds a scheduler from its scenario JSON (`flows`: the traffic ids that per-flow
/// parameters name; flow f's packets carry source f).
pub fn scheduler(json: &str, flows: &[&str], bandwidth_bps: u64) -> AnyScheduler {
    let spec: SchedulerSpec = serde_json::from_str(json).unwrap();
    let ids: Vec<String> = flows.iter().map(|s| s.to_string()).collect();
    let port =
        PortContext { buffer: Buffer::Unlimited, bandwidth: Bandwidth::BitsPerSec(bandwidth_bps), seed: 1, stream: 0 };
    registry::build(&spec, port, Context { flows: &ids }).unwrap_or_else(|e| panic!("{json}: {e:?}")).0
}

/// Sends `arrivals` (in time order) through a port running `sched` at `bandwidth_bps`.
/// A departure and an arrival at the same instant: the departure first.
pub fn run(sched: AnyScheduler, bandwidth_bps: u64, arrivals: &[Arrival]) -> Vec<Sent> {
    run_watching(sched, bandwidth_bps, arrivals, |_| {})
}

/// `run`, calling `watch` with the scheduler after every arrival and departure.
pub fn run_watching(
    sched: AnyScheduler,
    bandwidth_bps: u64,
    arrivals: &[Arrival],
    mut watch: impl FnMut(&AnyScheduler),
) -> Vec<Sent> {
    let mut port = Port::new(0, 0, 1, Bandwidth::BitsPerSec(bandwidth_bps), Time::ZERO, sched);
    let mut out = Emit::storing(1, false);
    let mut meta: BTreeMap<u64, Sent> = BTreeMap::new();
    let mut sent = Vec::new();
    let mut next_done: Option<(u64, u64)> = None;
    let mut i = 0;
    // The events each call adds (after the `seen` already read).
    let mut seen = 0;
    let mut note = |out: &mut Emit, meta: &mut BTreeMap<u64, Sent>, sent: &mut Vec<Sent>| {
        let events = out.recorded(seen);
        seen += events.len();
        for (time, kind, packet, _) in events {
            match kind {
                Kind::Dequeue => meta.get_mut(&packet).expect("arrived").start = time,
                Kind::Depart => {
                    let mut s = meta.remove(&packet).expect("started");
                    s.end = time;
                    sent.push(s);
                }
                Kind::Drop => {
                    meta.remove(&packet);
                }
                _ => {}
            }
        }
    };
    loop {
        let arrival = arrivals.get(i).map(|a| a.at);
        let wake = match (next_done, arrival) {
            (Some((t, g)), a) if a.is_none_or(|a| t <= a) => {
                next_done = None;
                // The packet sent goes onto its link: this test's run ends there.
                let (_sent, w) = port.tx_done(Time(t), g, &mut out);
                w
            }
            (_, Some(at)) => {
                let a = arrivals[i];
                i += 1;
                let mut pkt = Packet::new(i as u64, a.flow, 0, a.size, Time(at));
                (pkt.class, pkt.source) = (a.class, a.flow);
                meta.insert(pkt.id, Sent { flow: a.flow, size: a.size, arrived: at, start: 0, end: 0 });
                port.arrive(Time(at), pkt, &mut out)
            }
            (None, None) => break,
            _ => unreachable!(),
        };
        note(&mut out, &mut meta, &mut sent);
        watch(&port.sched);
        match wake {
            Some(PortWake::TxDone { at, generation }) => next_done = Some((at.as_ns(), generation)),
            Some(PortWake::Eligible { .. }) => panic!("the fair queueing family is work-conserving"),
            None => {}
        }
    }
    sent
}

/// Random arrivals: each flow alternates bursts of `burst` packets (sizes uniform in
/// [min_size, max_size]) sent back to back at `access_bps`, and silences of up to `idle_ns`, so flows become backlogged and drain again many times.
pub struct Bursts {
    pub flows: u32,
    pub packets: usize,
    pub burst: u64,
    pub min_size: u32,
    pub max_size: u32,
    pub access_bps: u64,
    pub idle_ns: u64,
}

impl Bursts {
    pub fn arrivals(&self, seed: u32) -> Vec<Arrival> {
        let mut rng = Stream::new(seed, 99);
        let mut all = Vec::new();
        for flow in 0..self.flows {
            let mut t = rng.next_u64() % (self.idle_ns + 1);
            for k in 0..self.packets {
                let size = self.min_size + (rng.next_u64() % (self.max_size - self.min_size + 1) as u64) as u32;
                all.push(Arrival { at: t, flow, size, class: flow as u8 });
                t += size as u64 * 8_000_000_000 / self.access_bps;
                if (k as u64 + 1).is_multiple_of(self.burst) {
                    t += rng.next_u64() % (self.idle_ns + 1);
                }
            }
        }
        all.sort_by_key(|a| (a.at, a.flow));
        all
    }
}

/// How service is counted, and so when a flow counts as backlogged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Bytes as they leave (pro rata during a transmission); backlogged until the last bit.
    Fluid,
    /// Bytes when a packet's transmission starts; backlogged while a packet is queued.
    Dequeued,
    /// Packets when their transmission starts (WRR); backlogged while a packet is queued.
    DequeuedPackets,
}

/// One flow's service as a function of time.
struct Service {
    /// (start, end, amount) of each packet, in service order (FIFO within a flow); with a
    /// dequeued count, end = start (the amount counts at once).
    sent: Vec<(u64, u64, f64)>,
    /// done[k]: amount of the first k packets.
    done: Vec<f64>,
}

impl Service {
    fn new(all: &[Sent], flow: u32, count: Count) -> Service {
        let sent: Vec<(u64, u64, f64)> = all
            .iter()
            .filter(|s| s.flow == flow)
            .map(|s| match count {
                Count::Fluid => (s.start, s.end, s.size as f64),
                Count::Dequeued => (s.start, s.start, s.size as f64),
                Count::DequeuedPackets => (s.start, s.start, 1.0),
            })
            .collect();
        let mut done = vec![0.0];
        for s in &sent {
            done.push(done.last().unwrap() + s.2);
        }
        Service { sent, done }
    }

    /// W(t): what the flow has sent by t (a packet in transmission counts pro rata).
    fn at(&self, t: u64) -> f64 {
        let k = self.sent.partition_point(|s| s.1 <= t);
        let partial = match self.sent.get(k) {
            Some(&(start, end, amount)) if start < t && start < end => {
                amount * (t - start) as f64 / (end - start) as f64
            }
            _ => 0.0,
        };
        self.done[k] + partial
    }
}

/// The intervals during which `flow` is backlogged: from an arrival to its last bit out
/// (fluid), or to the dequeue of its last queued packet.
fn backlogged(all: &[Sent], flow: u32, count: Count) -> Vec<(u64, u64)> {
    let until = |s: &Sent| if count == Count::Fluid { s.end } else { s.start };
    let mut spans: Vec<(u64, u64)> = all.iter().filter(|s| s.flow == flow).map(|s| (s.arrived, until(s))).collect();
    spans.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::new();
    for (a, b) in spans {
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// The worst |W_i(t1,t2)/phi_i - W_j(t1,t2)/phi_j| over every interval (t1, t2] in which both
/// flows are backlogged, and how many such periods there were.
pub fn fairness_gap(all: &[Sent], (i, phi_i): (u32, f64), (j, phi_j): (u32, f64), count: Count) -> (f64, usize) {
    let (wi, wj) = (Service::new(all, i, count), Service::new(all, j, count));
    let (bi, bj) = (backlogged(all, i, count), backlogged(all, j, count));
    let mut worst: f64 = 0.0;
    let mut periods = 0;
    let (mut x, mut y) = (0, 0);
    while x < bi.len() && y < bj.len() {
        let (a, b) = (bi[x].0.max(bj[y].0), bi[x].1.min(bj[y].1));
        if a < b {
            periods += 1;
            // D(t) is linear between the starts and ends of either flow's packets.
            let mut points = vec![a, b];
            for w in [&wi, &wj] {
                let from = w.sent.partition_point(|s| s.1 < a);
                for s in w.sent[from..].iter().take_while(|s| s.0 <= b) {
                    points.extend([s.0, s.1].into_iter().filter(|&t| a <= t && t <= b));
                }
            }
            let d = |t: u64| wi.at(t) / phi_i - wj.at(t) / phi_j;
            let (lo, hi) = points.iter().map(|&t| d(t)).fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
            worst = worst.max(hi - lo);
        }
        if bi[x].1 < bj[y].1 {
            x += 1;
        } else {
            y += 1;
        }
    }
    (worst, periods)
}

/// The longest time from a packet's arrival to its last bit out, for `flow`.
pub fn max_delay(all: &[Sent], flow: u32) -> u64 {
    all.iter().filter(|s| s.flow == flow).map(|s| s.end - s.arrived).max().unwrap_or(0)
}

/// How far each flow's service ran ahead of the exact fluid GPS system fed the same arrivals
/// (Parekh and Gallager: a backlogged flow i is served at rate C phi_i / (sum of the
/// backlogged phi)): the worst W_i(0, t) - W_i^GPS(0, t) in bytes over the instants when one
/// of flow i's packets has left (the worst instants: between them the packet system serves
/// flow i at C or not at all, GPS at most at C), up to `until` ns.
pub fn ahead_of_gps(all: &[Sent], weights: &[f64], bandwidth_bps: u64, until: u64) -> Vec<f64> {
    let n = weights.len();
    let bytes_per_ns = bandwidth_bps as f64 / 8e9;
    let mut arrivals: Vec<(u64, usize, f64)> =
        all.iter().map(|s| (s.arrived, s.flow as usize, s.size as f64)).collect();
    arrivals.sort_by_key(|a| a.0);
    let (mut backlog, mut served, mut t) = (vec![0.0f64; n], vec![0.0f64; n], 0.0f64);
    // The fluid system from `t` to `to`: rates change whenever a flow drains.
    let mut advance = |to: f64, backlog: &mut Vec<f64>, served: &mut Vec<f64>| {
        while t < to {
            let active: Vec<usize> = (0..n).filter(|&f| backlog[f] > 0.0).collect();
            if active.is_empty() {
                t = to;
                break;
            }
            let wsum: f64 = active.iter().map(|&f| weights[f]).sum();
            let rate = |f: usize| bytes_per_ns * weights[f] / wsum;
            let (first, drain) =
                active
                    .iter()
                    .map(|&f| (f, backlog[f] / rate(f)))
                    .fold((n, f64::MAX), |a, b| if b.1 < a.1 { b } else { a });
            let dt = drain.min(to - t);
            for &f in &active {
                let x = if f == first && dt == drain { backlog[f] } else { rate(f) * dt };
                served[f] += x;
                backlog[f] -= x;
            }
            t += dt;
        }
    };
    let (mut next, mut sent, mut worst) = (0, vec![0.0f64; n], vec![0.0f64; n]);
    for s in all.iter().filter(|s| s.end <= until) {
        while next < arrivals.len() && arrivals[next].0 <= s.end {
            let (at, f, size) = arrivals[next];
            advance(at as f64, &mut backlog, &mut served);
            backlog[f] += size;
            next += 1;
        }
        advance(s.end as f64, &mut backlog, &mut served);
        let f = s.flow as usize;
        sent[f] += s.size as f64;
        worst[f] = worst[f].max(sent[f] - served[f]);
    }
    worst
}
