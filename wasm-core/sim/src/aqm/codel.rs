//! CoDel, the Controlled Delay AQM (RFC 8289; Nichols and Jacobson, "Controlling Queue
//! Delay", ACM Queue 2012), as one component that queues embed: `codel` (a FIFO inside
//! CoDel), `fq_codel` (one per flow queue, RFC 8290) and `lstf_codel` (a priority queue
//! inside CoDel, Ford 2019). The state and its rules live here once, as in Linux's
//! include/net/codel.h and codel_impl.h; the queue that embeds it only says which packet is
//! next and, when CoDel drops, which packet goes ([`CodelQueue`]).
//!
//! Principles:
//! - Only dequeue decides. The packet about to be sent is examined: its sojourn time (now
//!   minus its enqueue time) against `target`. Once the sojourn has stayed at or above target
//!   for a whole `interval`, with more than one maximum-size packet still queued behind it
//!   (RFC 8289 Sec. 4.1: never starve the link), it is OK to drop.
//! - The dropping state (RFC 8289 Sec. 5.5): entered with one drop, then a drop every time
//!   `drop_next` comes round, advanced after each by the control law interval / sqrt(count);
//!   left as soon as an examined packet's sojourn is below target (or the queue runs short).
//! - Re-entry, the Linux rule of RFC 8289 Sec. 5.5: delta = count - lastcount; count = delta
//!   if delta > 1 and now - drop_next < 16 interval (the queue went bad again soon after the
//!   last episode: resume near the drop rate that controlled it), else count = 1.
//! - ECN (Linux's codel_dequeue): with `ecn` on, an ECN-capable packet that would be dropped is
//!   marked CE and sent instead; in the dropping state a mark ends the round (drop_next
//!   advances, the marked packet leaves).
//! - The examined packet is the one dropped (RFC 8289), unless the queue names another
//!   ([`CodelQueue::victim`]: LSTFCoDel drops its highest-slack packet and keeps the head).
//! - Time is integer ns; the control law takes the exact square root of count (RFC 8289's
//!   pseudocode) where Linux approximates 1/sqrt(count) by Newton steps; a drop interval is
//!   at least 1 ns so the dropping loop always advances.
//!
//! Invariants: `dropping` implies `count >= 1`; `lastcount <= count`; `first_above_time` is
//! set only while the last examined packet's sojourn was at or above target.

use crate::packet::{flags, Packet};
use crate::time::Time;
use crate::verdicts::{DropReason, MarkReason, Verdicts};

/// CoDel's parameters (RFC 8289 Sec. 4.2-4.3: 5 ms and 100 ms for the Internet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodelParams {
    /// Acceptable standing queue delay.
    pub target: Time,
    /// A sliding window a little above a worst-case RTT: how long the sojourn must stay above
    /// target before the first drop, and the base of the control law.
    pub interval: Time,
    /// Mark ECN-capable packets CE instead of dropping them.
    pub ecn: bool,
}

/// The queue CoDel sits on.
pub trait CodelQueue {
    /// Removes and returns the packet to send next.
    fn pop(&mut self) -> Option<Packet>;
    /// Bytes still queued (the packets popped not included).
    fn bytes(&self) -> u64;
    /// CoDel drops while `examined` is the packet it looked at. Returns the packet dropped
    /// and, if the queue keeps `examined`, that packet to look at again (`None`: examine the
    /// next one popped). RFC 8289: `examined` itself.
    fn victim(&mut self, examined: Packet) -> (Packet, Option<Packet>) {
        (examined, None)
    }
}

/// CoDel's per-queue state, named as in Linux's `struct codel_vars`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodelVars {
    /// Drops (and marks) since the dropping state was entered; sets the control law's rate.
    pub count: u32,
    /// `count` when the dropping state was last entered (for the re-entry rule).
    pub lastcount: u32,
    /// In the dropping state.
    pub dropping: bool,
    /// When the sojourn will have been above target for a whole interval (`None`: the last
    /// packet examined was below target, or the queue was short or empty).
    pub first_above_time: Option<Time>,
    /// Dropping: when the next drop is due. Otherwise: when the last one was due (the
    /// re-entry rule measures from it).
    pub drop_next: Time,
    /// Sojourn time of the packet examined last (Linux's `ldelay`).
    pub ldelay: Time,
    /// Largest packet seen, bytes (RFC 8289's `maxpacket`).
    pub maxpacket: u32,
}

/// What CoDel did over a run, for the results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodelStats {
    /// Times the dropping state was entered.
    pub entries: u64,
    /// Time spent in the dropping state up to the last change.
    pub dropping: Time,
    /// When the current dropping episode began.
    since: Option<Time>,
}

impl CodelStats {
    /// Time spent in the dropping state up to `now`.
    pub fn dropping_until(&self, now: Time) -> Time {
        self.dropping + self.since.map_or(Time::ZERO, |s| now.saturating_sub(s))
    }
}

#[derive(Clone, Debug)]
pub struct Codel {
    pub params: CodelParams,
    pub vars: CodelVars,
    pub stats: CodelStats,
}

impl Codel {
    pub fn new(params: CodelParams) -> Codel {
        Codel { params, vars: CodelVars::default(), stats: CodelStats::default() }
    }

    /// RFC 8289's control law: `t` + interval / sqrt(count), at least 1 ns later.
    fn control_law(&self, t: Time) -> Time {
        let step = self.params.interval.as_ns() as f64 / libm::sqrt(self.vars.count.max(1) as f64);
        t + Time((step as u64).max(1))
    }

    /// RFC 8289's `dodequeue`: records `p`'s sojourn and says whether it is OK to drop.
    fn examine<Q: CodelQueue>(&mut self, now: Time, p: Option<Packet>, q: &Q) -> (Option<Packet>, bool) {
        let Some(pkt) = p else {
            self.vars.first_above_time = None;
            return (None, false);
        };
        self.vars.maxpacket = self.vars.maxpacket.max(pkt.size);
        let short = q.bytes() <= self.vars.maxpacket as u64;
        let ok = self.judge(now, now.saturating_sub(pkt.enqueued_at), short);
        (Some(pkt), ok)
    }

    /// The heart of `dodequeue`: a packet that waited `sojourn` leaves at `now` (`short`: at
    /// most one packet's bytes remain behind it); whether it is OK to drop.
    fn judge(&mut self, now: Time, sojourn: Time, short: bool) -> bool {
        self.vars.ldelay = sojourn;
        if sojourn < self.params.target || short {
            self.vars.first_above_time = None;
            return false;
        }
        match self.vars.first_above_time {
            None => {
                self.vars.first_above_time = Some(now + self.params.interval);
                false
            }
            Some(t) => now >= t,
        }
    }

    /// Marks `pkt` CE instead of dropping it, when ECN is on and the packet is ECN-capable;
    /// says whether it did.
    fn try_mark(&mut self, pkt: &mut Packet, v: &mut Verdicts) -> bool {
        let ecn = self.params.ecn && pkt.flags & flags::ECT != 0;
        if ecn {
            v.mark(pkt, MarkReason::Aqm);
        }
        ecn
    }

    /// Drops the queue's victim; returns the packet to examine next.
    fn drop<Q: CodelQueue>(&mut self, examined: Packet, q: &mut Q, v: &mut Verdicts) -> Option<Packet> {
        let (victim, kept) = q.victim(examined);
        v.drop(victim, DropReason::Aqm);
        kept.or_else(|| q.pop())
    }

    /// Enters the dropping state after its first drop (or mark) at `now`: count by the Linux
    /// re-entry rule, the next drop one control-law step later.
    fn enter(&mut self, now: Time) {
        self.vars.dropping = true;
        self.stats.entries += 1;
        self.stats.since = Some(now);
        // If the queue went bad again soon after the last episode, resume near the drop rate
        // that controlled it ('drop_next' is at most an interval after the last drop).
        let delta = self.vars.count - self.vars.lastcount;
        let since_last = now.as_ns() as i128 - self.vars.drop_next.as_ns() as i128;
        self.vars.count = if delta > 1 && since_last < 16 * self.params.interval.as_ns() as i128 { delta } else { 1 };
        self.vars.lastcount = self.vars.count;
        self.vars.drop_next = self.control_law(now);
    }

    fn leave(&mut self, now: Time) {
        self.vars.dropping = false;
        if let Some(s) = self.stats.since.take() {
            self.stats.dropping += now.saturating_sub(s);
        }
    }

    /// The packet to send now from `q`, after the drops and marks CoDel decides (RFC 8289
    /// Sec. 5.5 with Linux's ECN path). `None` when nothing is left to send.
    pub fn dequeue<Q: CodelQueue>(&mut self, now: Time, q: &mut Q, v: &mut Verdicts) -> Option<Packet> {
        let first = q.pop();
        let (mut p, ok) = self.examine(now, first, q);
        if self.vars.dropping {
            if !ok {
                // Sojourn below target (or the queue ran short): leave the dropping state.
                self.leave(now);
                return p;
            }
            // Time for the next drop(s): a large backlog may make several due now.
            while self.vars.dropping && now >= self.vars.drop_next {
                self.vars.count += 1;
                let mut head = p.take().expect("OK to drop means a packet was examined");
                if self.try_mark(&mut head, v) {
                    self.vars.drop_next = self.control_law(self.vars.drop_next);
                    return Some(head);
                }
                let next = self.drop(head, q, v);
                let (next, ok) = self.examine(now, next, q);
                p = next;
                if ok {
                    self.vars.drop_next = self.control_law(self.vars.drop_next);
                } else {
                    self.leave(now);
                }
            }
        } else if ok {
            // The sojourn has been above target for an interval: drop (or mark) and enter.
            let mut head = p.take().expect("OK to drop means a packet was examined");
            p = if self.try_mark(&mut head, v) {
                Some(head)
            } else {
                let next = self.drop(head, q, v);
                self.examine(now, next, q).0
            };
            self.enter(now);
        }
        p
    }

    /// Edge-CoDel's use (UPS Sec. 4): one decision per packet of a flow's stream, the sojourn
    /// given (its queueing delay across the network) and no backlog known (so no short-queue
    /// clause). The same rules as `dequeue`, a packet at a time: in the dropping state a packet
    /// leaving once `drop_next` has come is dropped (or marked) and `drop_next` advances by the
    /// control law; otherwise the packet that makes it OK to drop is dropped and the state
    /// entered, with the re-entry rule. Returns the packet if it is to be sent.
    pub fn on_packet(
        &mut self,
        now: Time,
        sojourn: Time,
        mut pkt: Packet,
        v: &mut Verdicts,
        reason: DropReason,
    ) -> Option<Packet> {
        let ok = self.judge(now, sojourn, false);
        if self.vars.dropping {
            if !ok {
                self.leave(now);
                return Some(pkt);
            }
            if now < self.vars.drop_next {
                return Some(pkt);
            }
            self.vars.count += 1;
            self.vars.drop_next = self.control_law(self.vars.drop_next);
            if self.try_mark(&mut pkt, v) {
                return Some(pkt);
            }
            v.drop(pkt, reason);
            return None;
        }
        if !ok {
            return Some(pkt);
        }
        let marked = self.try_mark(&mut pkt, v);
        self.enter(now);
        if marked {
            return Some(pkt);
        }
        v.drop(pkt, reason);
        None
    }

    /// Restarts the interval (Edge-CoDel's refresh: the flow's queue has likely drained): as
    /// CoDel does when its queue empties, below target and out of the dropping state.
    pub fn refresh(&mut self, now: Time) {
        self.vars.first_above_time = None;
        if self.vars.dropping {
            self.leave(now);
        }
    }

    /// Exported state, in the order of [`STATE`]: dropping (1/0), count, next drop (while
    /// dropping), the last examined sojourn, target, and when it becomes OK to drop.
    pub fn state(&self, out: &mut crate::view::StateView) {
        let v = &self.vars;
        out.push(&[if v.dropping { 1.0 } else { 0.0 }]);
        out.push(&[v.count as f64]);
        out.push(v.dropping.then_some(v.drop_next.as_ns() as f64).as_slice());
        out.push(&[v.ldelay.as_ns() as f64]);
        out.push(&[self.params.target.as_ns() as f64]);
        out.push(v.first_above_time.map(|t| t.as_ns() as f64).as_slice());
    }
}

/// The state fields [`Codel::state`] exports, for the registry entries that embed CoDel.
pub const STATE: &[crate::view::StateSpec] = {
    use crate::view::{Shape, StateSpec, Unit};
    &[
        StateSpec {
            name: "dropping",
            description: "In CoDel's dropping state: the sojourn has stayed above target for an interval",
            unit: Unit::Flag,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "count",
            description: "Drops since the dropping state was entered: the next comes interval/sqrt(count) later",
            unit: Unit::Packets,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "next drop",
            description: "When the next drop is due (only while dropping)",
            unit: Unit::Deadline,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "sojourn",
            description: "Sojourn time of the packet CoDel examined last, against the target",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "target",
            description: "Acceptable standing queue delay",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "ok to drop at",
            description: "When the sojourn will have been above target for a whole interval",
            unit: Unit::Deadline,
            shape: Shape::Scalar,
        },
    ]
};

#[cfg(test)]
#[path = "codel_tests.rs"]
mod tests;
