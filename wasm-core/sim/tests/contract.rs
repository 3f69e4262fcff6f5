//! The scheduler contract, checked for every entry of the registry (no hand-kept list: a new
//! scheduler is covered by being registered). Each is built with its default parameters
//! (class schedulers with two children; schedulers that may take children, with and without),
//! then once per other option of each of its choices (buffer policies, queue kinds) and with a
//! per-queue limit where it has one, behind an unlimited and two small buffers, and driven by
//! seeded random arrivals and dequeues. Checked after every call:
//!
//! - conservation: every packet handed in is, at every moment, queued, dequeued or dropped
//!   with a reason, exactly once; nothing comes out that was not handed in; a refused packet
//!   is among the drops, an admitted one is not;
//! - the buffer bound (packets or bytes);
//! - `len`, `bytes` and `snapshot` agree with the contents; a limited snapshot is the head of
//!   the full one; `state` has the fields the registry declares;
//! - a `dequeue` that drops nothing serves `snapshot`'s first entry (Random exempt);
//! - work conservation, where the registry declares it: a non-empty scheduler serves (or
//!   drops everything) when asked;
//! - key order, where the registry declares it: the packet served has the least
//!   (key, arrival) of those queued;
//! - determinism: the same seed gives the same sequence of outcomes.
//!
//! At the end the scheduler is drained, and every packet must have come out or been dropped.
//! Each registry entry is a case of its own (a custom harness: `contract::NAME`).

use std::collections::BTreeMap;

use libtest_mimic::{Arguments, Failed, Trial};

use sched_sim::packet::{flags, Packet};
use sched_sim::params::Context;
use sched_sim::params::Kind;
use sched_sim::rng::Stream;
use sched_sim::scenario::SchedulerSpec;
use sched_sim::sched::registry::{self, Children, Order, PortContext, SchedulerInfo, REGISTRY};
use sched_sim::sched::{Admission, AnyScheduler, QueueView, Scheduler, StateView, Verdicts};
use sched_sim::time::{Bandwidth, Time};
use sched_sim::units::Buffer;

const STEPS: usize = 2_000;

/// What happened at one call, for the determinism check.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Queued(u64, i64),
    Refused(u64),
    Served(Option<u64>),
    Dropped(u64, u8),
    Marked(u64, u8),
}

/// One way to build a scheduler: its parameters and whether it gets children.
#[derive(Clone, Debug)]
struct Variant {
    params: BTreeMap<String, serde_json::Value>,
    children: bool,
}

/// The defaults (with and without children where both are allowed), then each other option
/// of each choice and a per-queue limit, one at a time.
fn variants(info: &SchedulerInfo) -> Vec<Variant> {
    let required = info.traits.children == Children::Required;
    let mut out = vec![Variant { params: BTreeMap::new(), children: required }];
    if info.traits.children == Children::Optional {
        out.push(Variant { params: BTreeMap::new(), children: true });
    }
    for p in info.params {
        let values: Vec<serde_json::Value> = match &p.kind {
            Kind::Choice { options } => options.iter().skip(1).map(|o| (*o).into()).collect(),
            Kind::Buffer { off: true } if p.name == "queue_limit" => vec!["2pkt".into(), "3000B".into()],
            _ => continue,
        };
        for value in values {
            out.push(Variant { params: BTreeMap::from([(p.name.to_string(), value)]), children: required });
        }
    }
    out
}

struct Driver<'a> {
    info: &'a SchedulerInfo,
    variant: Variant,
    buffer: Buffer,
    s: AnyScheduler,
    rng: Stream,
    now: Time,
    next_id: u64,
    /// Queued packets: id -> (size, key, arrival number).
    queued: BTreeMap<u64, (u64, i64, u64)>,
    arrivals: u64,
    log: Vec<Outcome>,
}

impl<'a> Driver<'a> {
    fn new(info: &'a SchedulerInfo, variant: &Variant, buffer: Buffer, seed: u32) -> Driver<'a> {
        let mut spec = SchedulerSpec { name: info.name.into(), params: variant.params.clone(), children: Vec::new() };
        if variant.children {
            for child in ["fifo", "sjf"] {
                spec.children.push(SchedulerSpec { name: child.into(), params: BTreeMap::new(), children: Vec::new() });
            }
        }
        let port = PortContext { buffer, bandwidth: Bandwidth::BitsPerSec(1_000_000_000), seed, stream: 7 };
        let (s, _) = registry::build(&spec, port, Context::NONE)
            .unwrap_or_else(|e| panic!("{} does not build with {variant:?}: {e:?}", info.name));
        Driver {
            info,
            variant: variant.clone(),
            buffer,
            s,
            rng: Stream::new(seed, 1),
            now: Time::ZERO,
            next_id: 0,
            queued: BTreeMap::new(),
            arrivals: 0,
            log: Vec::new(),
        }
    }

    fn fail(&self, what: &str) -> ! {
        panic!("{} {:?} (buffer {:?}) at t = {:?}: {what}", self.info.name, self.variant, self.buffer, self.now)
    }

    fn pick(&mut self, n: u64) -> u64 {
        self.rng.next_u64() % n
    }

    /// A packet whose header varies in everything some scheduler orders by.
    fn packet(&mut self) -> Packet {
        let id = self.next_id;
        self.next_id += 1;
        let flow = self.pick(6) as u32;
        let size = 64 + self.pick(1437) as u32;
        let mut p = Packet::new(id, flow, id, size, self.now);
        p.class = self.pick(3) as u8;
        p.source = flow % 3;
        p.set_rank(self.pick(50) as i64);
        p.set_slack(self.pick(200_000) as i64);
        p.set_remaining(1 + self.pick(100_000));
        p.set_flow_size(1 + self.pick(1_000_000));
        p.set_deadline(Time(self.now.as_ns() + self.pick(1_000_000)));
        p.set_tmin_rest(Time(self.pick(100_000)));
        if self.pick(2) == 0 {
            p.flags |= flags::ECT;
        }
        p
    }

    fn check_verdicts(&mut self, v: &mut Verdicts, arriving: Option<u64>) {
        for m in v.marks.drain(..) {
            if !self.queued.contains_key(&m.packet) && Some(m.packet) != arriving {
                self.fail(&format!("marked packet {} is neither queued nor arriving", m.packet));
            }
            self.log.push(Outcome::Marked(m.packet, m.reason.code()));
        }
        for d in v.drops.drain(..) {
            let id = d.pkt.id;
            if Some(id) != arriving && self.queued.remove(&id).is_none() {
                self.fail(&format!("dropped packet {id}, which was not queued"));
            }
            self.log.push(Outcome::Dropped(id, d.reason.code()));
        }
    }

    fn enqueue(&mut self) {
        self.now = Time(self.now.as_ns() + self.pick(3_000));
        let mut pkt = self.packet();
        pkt.enqueued_at = self.now;
        let (id, size) = (pkt.id, pkt.size as u64);
        let mut v = Verdicts::default();
        let admission = self.s.enqueue(self.now, pkt, &mut v);
        let refused_in_drops = v.drops.iter().any(|d| d.pkt.id == id);
        match admission {
            Admission::Queued { key } => {
                if refused_in_drops {
                    self.fail(&format!("packet {id} was both queued and dropped"));
                }
                self.queued.insert(id, (size, key, self.arrivals));
                self.log.push(Outcome::Queued(id, key));
            }
            Admission::Refused => {
                if !refused_in_drops {
                    self.fail(&format!("refused packet {id} is not among the drops (no reason given)"));
                }
                self.log.push(Outcome::Refused(id));
            }
        }
        self.arrivals += 1;
        self.check_verdicts(&mut v, Some(id));
        let bytes: u64 = self.queued.values().map(|q| q.0).sum();
        let within = match self.buffer {
            Buffer::Packets(k) => self.queued.len() as u64 <= k,
            Buffer::Bytes(b) => bytes <= b,
            Buffer::Unlimited => true,
        };
        if !within {
            self.fail(&format!("{} packets, {bytes} bytes queued: over the buffer", self.queued.len()));
        }
        self.check_contents();
    }

    fn dequeue(&mut self) {
        self.now = Time(self.now.as_ns() + self.pick(3_000));
        let mut view = QueueView::default();
        self.s.snapshot(usize::MAX, &mut view);
        let before = self.queued.clone();
        let mut v = Verdicts::default();
        let served = self.s.dequeue(self.now, &mut v);
        let dropped_some = !v.drops.is_empty();
        self.check_verdicts(&mut v, None);
        self.log.push(Outcome::Served(served.as_ref().map(|p| p.id)));
        match &served {
            Some(p) => {
                if self.queued.remove(&p.id).is_none() {
                    self.fail(&format!("served packet {}, which was not queued", p.id));
                }
                if !dropped_some
                    && self.info.traits.order != Order::Random
                    && view.entries.first().map(|e| e.0) != Some(p.id)
                {
                    self.fail(&format!("served {} but snapshot's first entry was {:?}", p.id, view.entries.first()));
                }
                if self.info.traits.order == Order::Key {
                    let (_, key, seq) = before[&p.id];
                    let least = self.queued.iter().map(|(_, &(_, k, s))| (k, s)).min();
                    if least.is_some_and(|l| l < (key, seq)) {
                        self.fail(&format!("served key {key} while {least:?} was queued"));
                    }
                }
            }
            None => {
                if self.info.traits.work_conserving && !self.queued.is_empty() {
                    self.fail(&format!("served nothing with {} packets queued", self.queued.len()));
                }
            }
        }
        self.check_contents();
    }

    fn check_contents(&self) {
        let bytes: u64 = self.queued.values().map(|q| q.0).sum();
        if (self.s.len(), self.s.bytes()) != (self.queued.len(), bytes) {
            self.fail(&format!(
                "len/bytes say ({}, {}), the contents are ({}, {bytes})",
                self.s.len(),
                self.s.bytes(),
                self.queued.len()
            ));
        }
        let mut view = QueueView::default();
        self.s.snapshot(usize::MAX, &mut view);
        let mut ids: Vec<u64> = view.entries.iter().map(|e| e.0).collect();
        ids.sort_unstable();
        if ids != self.queued.keys().copied().collect::<Vec<_>>() {
            self.fail(&format!("snapshot lists {ids:?}, the queue holds {:?}", self.queued.keys()));
        }
        // A limited snapshot is the head of the full one.
        let mut head = QueueView::default();
        self.s.snapshot(3, &mut head);
        if head.entries[..] != view.entries[..view.entries.len().min(3)] {
            self.fail(&format!("snapshot(3) is {:?}, the full one starts {:?}", head.entries, view.entries));
        }
        // The state has the fields the registry declares.
        let mut state = StateView::default();
        self.s.state(&mut state);
        if state.fields() != self.info.state.len() {
            self.fail(&format!("state has {} fields, the registry declares {}", state.fields(), self.info.state.len()));
        }
    }

    /// Random arrivals and dequeues, then a drain.
    fn run(mut self) -> Vec<Outcome> {
        for _ in 0..STEPS {
            // A bias towards arrivals, so queues build up and buffers fill.
            if self.pick(10) < 6 {
                self.enqueue();
            } else {
                self.dequeue();
            }
        }
        let mut guard = 0;
        while !self.queued.is_empty() {
            // A scheduler that idles (shapers) says when its next packet becomes eligible.
            if !self.info.traits.work_conserving {
                if let Some(t) = self.s.next_eligible(self.now) {
                    self.now = self.now.max(t);
                }
            }
            self.dequeue();
            guard += 1;
            if guard > 10 * STEPS {
                self.fail("does not drain");
            }
        }
        let served = self.log.iter().filter(|o| matches!(o, Outcome::Served(Some(_)))).count();
        let dropped = self.log.iter().filter(|o| matches!(o, Outcome::Dropped(..))).count();
        if served + dropped != self.next_id as usize {
            self.fail(&format!("{} packets in, {served} served and {dropped} dropped", self.next_id));
        }
        self.log
    }
}

/// Every variant of one scheduler, behind each buffer, twice per seed.
fn keeps_the_contract(info: &SchedulerInfo) {
    for variant in variants(info) {
        for buffer in [Buffer::Unlimited, Buffer::Packets(4), Buffer::Bytes(4_000)] {
            for seed in [1, 2] {
                let first = Driver::new(info, &variant, buffer, seed).run();
                let again = Driver::new(info, &variant, buffer, seed).run();
                assert!(
                    first == again,
                    "{} {variant:?} (buffer {buffer:?}, seed {seed}): not deterministic",
                    info.name
                );
            }
        }
    }
}

/// A scheduler that serves exactly as another with its defaults (`same_as`) gives that one's
/// outcomes: the same packets queued with the same keys, refused, served and dropped, in order.
fn serves_as_it_says(info: &SchedulerInfo) {
    let Some(name) = info.traits.same_as else { return };
    let other = registry::lookup(name).unwrap_or_else(|| panic!("{}: same_as names no scheduler {name}", info.name));
    let defaults = Variant { params: BTreeMap::new(), children: false };
    for buffer in [Buffer::Unlimited, Buffer::Packets(4), Buffer::Bytes(4_000)] {
        for seed in [1, 2, 3] {
            let ours = Driver::new(info, &defaults, buffer, seed).run();
            let theirs = Driver::new(other, &defaults, buffer, seed).run();
            if let Some(i) = ours.iter().zip(&theirs).position(|(a, b)| a != b) {
                panic!(
                    "{} and {name} (buffer {buffer:?}, seed {seed}) differ at outcome {i}: {:?} against {:?}",
                    info.name, ours[i], theirs[i]
                );
            }
            assert_eq!(ours.len(), theirs.len(), "{} and {name}: outcome counts", info.name);
        }
    }
}

/// One case per registry entry (`contract::fifo`, ...), so every failing scheduler is named;
/// `cargo test --test contract -- wfq` runs one.
fn main() {
    let args = Arguments::from_args();
    let cases = REGISTRY.iter().map(|info| {
        Trial::test(format!("contract::{}", info.name), move || {
            std::panic::catch_unwind(|| {
                keeps_the_contract(info);
                serves_as_it_says(info);
            })
            .map_err(|e| {
                let text =
                    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                Failed::from(text.unwrap_or_else(|| "panicked".into()))
            })
        })
    });
    libtest_mimic::run(&args, cases.collect()).exit();
}
