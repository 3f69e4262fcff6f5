//! Recording a schedule (UPS Sec. 2.1, 2.3) as a run goes: per packet its flow, size, path
//! (the ports it left by), and per hop its arrival, start of transmission and departure; i(p)
//! is its arrival at its first router, o(p) the departure of its last bit from its last router
//! (the egress). Packets the run dropped, or that had not left their egress when it ended, are
//! not part of the schedule; they are counted.
//!
//! The engine feeds every trace event to a [`Recorder`] when the run is to be replayed, so a
//! replay never needs the run's trace: a packet costs one record and 40 bytes per hop, where
//! the trace would hold about 30 bytes per event and four or five events per hop.

use crate::packet::{FlowId, NodeId, PortId};
use crate::trace::{Kind, TraceEvent};

/// One hop: the port left by, and when the packet arrived there, started and finished.
/// `start` is its last start (after a preemption, when it resumed), `first_start` when it
/// was first scheduled there (the same without preemption).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hop {
    pub port: PortId,
    pub arrive: u64,
    pub start: u64,
    pub depart: u64,
    pub first_start: u64,
}

/// `first_start` of a hop not started yet.
const NOT_STARTED: u64 = u64::MAX;

#[derive(Clone, Debug, Default)]
pub struct Recorded {
    pub id: u64,
    pub flow: FlowId,
    pub size: u32,
    pub src: NodeId,
    pub hops: Vec<Hop>,
}

impl Recorded {
    /// i(p): arrival at the first router (the far end of the first hop).
    pub fn ingress_time(&self) -> u64 {
        self.hops[1].arrive
    }
    /// o(p): the last bit leaves the egress router.
    pub fn exit_time(&self) -> u64 {
        self.hops[self.hops.len() - 1].depart
    }
}

pub struct Schedule {
    /// Packets that completed the schedule, by id.
    pub packets: Vec<Recorded>,
    pub dropped: u64,
    pub unfinished: u64,
    /// Packets that never crossed a router (host to host): nothing to replay. Only counted
    /// when recording an original (`with_hosts`).
    pub direct: u64,
}

/// Builds the schedule from a run's events, in the order the run records them. With
/// `with_hosts` (an original run) every packet's first hop is its source host's port and
/// packets with no router hop are set aside; a replay's packets start at their first router.
/// Packet ids are dense from 0 (the engine numbers them in order).
///
/// While recording, every hop of every packet is in one list, `hops`, in the order the hops
/// begin, each linked to its packet's hop before it; `finish` gives each packet its own vector
/// of exactly its hops. Why: a vector per packet grew by reallocation as the packet crossed
/// the network and was shrunk at its delivery, about a tenth of a recorded run's time in
/// `malloc`/`realloc`/`free` (UPS Table 1's default row); the list only grows at its end.
pub struct Recorder {
    with_hosts: bool,
    packets: Vec<Recording>,
    hops: Vec<Linked>,
}

/// A packet being recorded: [`Recorded`] with its hops in the recorder's list.
#[derive(Clone, Debug)]
struct Recording {
    flow: FlowId,
    size: u32,
    src: NodeId,
    /// Its last hop in the list (`NONE`: no hop).
    last: u32,
    /// How many hops it has.
    len: u32,
    delivered: bool,
    dropped: bool,
}

impl Default for Recording {
    fn default() -> Recording {
        Recording { flow: 0, size: 0, src: 0, last: NONE, len: 0, delivered: false, dropped: false }
    }
}

/// A hop and its packet's hop before it (`NONE`: the first).
#[derive(Clone, Debug)]
struct Linked {
    hop: Hop,
    before: u32,
}

/// No hop.
const NONE: u32 = u32::MAX;

impl Recording {
    fn last_mut<'a>(&self, hops: &'a mut [Linked]) -> Option<&'a mut Hop> {
        (self.last != NONE).then(|| &mut hops[self.last as usize].hop)
    }

    fn push(&mut self, hops: &mut Vec<Linked>, hop: Hop) {
        // Past 4 G hops (160 GB) the links would overflow: a run's memory budget ends far before.
        let at = u32::try_from(hops.len()).expect("fewer than 4 G hops recorded");
        hops.push(Linked { hop, before: self.last });
        self.last = at;
        self.len += 1;
    }

    fn pop(&mut self, hops: &[Linked]) {
        if self.last != NONE {
            self.last = hops[self.last as usize].before;
            self.len -= 1;
        }
    }
}

impl Recorder {
    pub fn new(with_hosts: bool) -> Recorder {
        Recorder { with_hosts, packets: Vec::new(), hops: Vec::new() }
    }

    pub fn observe(&mut self, e: &TraceEvent) {
        let (t, id, loc) = (e.time.as_ns(), e.packet, e.loc);
        let i = id as usize;
        if i >= self.packets.len() {
            self.packets.resize_with(i + 1, Recording::default);
        }
        let p = &mut self.packets[i];
        let hops = &mut self.hops;
        if p.size == 0 && p.len == 0 {
            p.flow = e.flow;
        }
        match e.kind {
            Kind::Arrive => {
                if p.size == 0 {
                    p.size = e.value as u32;
                    p.src = loc;
                } else {
                    // The far end of the last hop: an open hop until its port is known.
                    p.push(hops, Hop { port: PortId::MAX, arrive: t, start: 0, depart: 0, first_start: NOT_STARTED });
                }
            }
            Kind::Enqueue => match p.last_mut(hops) {
                Some(h) if h.port == PortId::MAX => h.port = loc,
                // Put back after a preemption: the same hop goes on.
                Some(h) if h.port == loc && h.depart == 0 => {}
                _ => p.push(hops, Hop { port: loc, arrive: t, start: 0, depart: 0, first_start: NOT_STARTED }),
            },
            Kind::Dequeue => {
                if let Some(h) = p.last_mut(hops) {
                    h.start = t;
                    if h.first_start == NOT_STARTED {
                        h.first_start = t;
                    }
                }
            }
            Kind::Depart => {
                if let Some(h) = p.last_mut(hops) {
                    h.depart = t;
                }
            }
            Kind::Drop | Kind::StageDrop => {
                p.dropped = true;
                (p.last, p.len) = (NONE, 0);
            }
            Kind::Deliver => {
                // The delivery's arrival pushed an open hop with no port: close the path.
                if p.last_mut(hops).is_some_and(|h| h.port == PortId::MAX) {
                    p.pop(hops);
                }
                p.delivered = true;
            }
            // A middlebox's CPU stage lies between the hop's arrival and its port's enqueue: the
            // hop's wait includes it, and a replay does not model stages (ports only).
            Kind::Preempt | Kind::Mark | Kind::StageEnqueue | Kind::StageStart | Kind::StageDone => {}
        }
    }

    /// The schedule recorded so far (packets not delivered yet count as unfinished).
    pub fn finish(self) -> Schedule {
        let (mut packets, mut dropped, mut unfinished, mut direct) = (Vec::new(), 0, 0, 0);
        for (id, p) in self.packets.into_iter().enumerate() {
            if p.size == 0 {
                // An id no event named (none is skipped today; nothing to count).
                continue;
            }
            if p.dropped {
                dropped += 1;
            } else if !p.delivered {
                unfinished += 1;
            } else if self.with_hosts && p.len < 2 {
                direct += 1;
            } else {
                // The hops from the last back to the first, then in their order.
                let mut hops = Vec::with_capacity(p.len as usize);
                let mut at = p.last;
                while at != NONE {
                    let l = &self.hops[at as usize];
                    hops.push(l.hop.clone());
                    at = l.before;
                }
                hops.reverse();
                let (flow, size, src) = (p.flow, p.size, p.src);
                packets.push(Recorded { id: id as u64, flow, size, src, hops });
            }
        }
        Schedule { packets, dropped, unfinished, direct }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    type Events = [(u64, Kind, u32, i64)];

    fn record(events: &Events, with_hosts: bool) -> Schedule {
        let mut r = Recorder::new(with_hosts);
        for &(t, kind, loc, value) in events {
            r.observe(&TraceEvent {
                time: Time(t),
                kind,
                packet: 0,
                flow: 0,
                loc,
                value,
                size: 0,
                flags: 0,
                implied: false,
            });
        }
        r.finish()
    }

    #[test]
    fn hops_of_an_original_and_of_a_replay() {
        use Kind::*;
        // Host 0 -> port 0 -> router 1 -> port 2 -> host 2.
        let original: &Events = &[
            (0, Arrive, 0, 1500),
            (0, Enqueue, 0, 0),
            (0, Dequeue, 0, 0),
            (12, Depart, 0, 13),
            (13, Arrive, 1, 1500),
            (13, Enqueue, 2, 13),
            (20, Dequeue, 2, 7),
            (32, Depart, 2, 33),
            (33, Arrive, 2, 1500),
            (33, Deliver, 2, 33),
        ];
        let s = record(original, true);
        let p = &s.packets[0];
        assert_eq!(
            p.hops,
            vec![
                Hop { port: 0, arrive: 0, start: 0, depart: 12, first_start: 0 },
                Hop { port: 2, arrive: 13, start: 20, depart: 32, first_start: 20 }
            ]
        );
        assert_eq!((p.ingress_time(), p.exit_time(), p.size), (13, 32, 1500));
        // The same packet replayed: it enters at router 1.
        let replay: &Events = &[
            (13, Arrive, 1, 1500),
            (13, Enqueue, 2, 0),
            (13, Dequeue, 2, 0),
            (25, Depart, 2, 26),
            (26, Arrive, 2, 1500),
            (26, Deliver, 2, 13),
        ];
        let r = record(replay, false);
        assert_eq!(r.packets[0].hops, vec![Hop { port: 2, arrive: 13, start: 13, depart: 25, first_start: 13 }]);
        assert_eq!((r.direct, record(replay, true).direct), (0, 1));
    }

    #[test]
    fn a_preempted_hop_keeps_its_first_start_and_its_last() {
        use Kind::*;
        // Sent at 13 at port 2, preempted at 16 and put back, resumed at 28 (9 units left),
        // done at 37: one hop, first started at 13, last at 28.
        let replay: &Events = &[
            (13, Arrive, 1, 1500),
            (13, Enqueue, 2, 0),
            (13, Dequeue, 2, 0),
            (16, Enqueue, 2, 0),
            (28, Dequeue, 2, 12),
            (37, Depart, 2, 38),
            (38, Arrive, 2, 1500),
            (38, Deliver, 2, 25),
        ];
        let r = record(replay, false);
        assert_eq!(r.packets[0].hops, vec![Hop { port: 2, arrive: 13, start: 28, depart: 37, first_start: 13 }]);
    }
}
