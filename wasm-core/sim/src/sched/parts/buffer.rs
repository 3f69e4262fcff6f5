//! Buffer management: which packet a full buffer drops. One rule set for every scheduler that
//! owns its queues (FIFO, the priority family, round robin, DRR, strict priority, the fair
//! queueing family); each applies it through [`admit`] over its own storage ([`Store`]).
//!
//! Principles:
//! - `tail` (drop-tail): the arriving packet is refused (`buffer_full`).
//! - `head` (drop-head): the oldest queued packet is pushed out (`push_out`) until the arrival
//!   fits.
//! - `longest` (Davin and Heybey's push-out, as the FSC paper's experiments use it, Sec. 3:
//!   "drops the second packet from the longest queue"): the queue holding the most bytes,
//!   the arriving packet counted in its own queue, loses its second packet (its only one if it
//!   holds one); ties go to the arriving packet's own queue, then to the lower-numbered
//!   queue. When that second packet is the arrival itself, the arrival is refused.
//! - `highest_key` (PIFO's overflow rule, AIFO Sec. 2; UPS Sec. 3: "packets with the highest
//!   slack are dropped when the buffer is full"): the queued packet with the highest key is
//!   pushed out (`pifo_overflow`) while it is higher than the arrival's; an arrival whose key
//!   is the highest (ties: the newest goes) is refused with the same reason.
//! - Limits: the port's buffer is shared by every queue; `queue_limit` adds one per queue
//!   (flow, class or bucket). An arrival over its queue's limit is handled inside that queue
//!   first (`tail`: refused; `head`: that queue's oldest; `longest`: that queue's second;
//!   `highest_key`: that queue's highest), then the shared limit as above.
//! - A packet larger than a whole limit is refused without pushing anything out.

use crate::packet::Packet;
use crate::params::{Default, Kind, Params, Spec};
use crate::sched::registry::BuildArgs;
use crate::sched::{DropReason, Verdicts};
use crate::units::Buffer;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropPolicy {
    Tail,
    Head,
    Longest,
    HighestKey,
}

impl DropPolicy {
    /// From a `drop` parameter's value.
    pub fn from_name(name: &str) -> DropPolicy {
        match name {
            "head" => DropPolicy::Head,
            "longest" => DropPolicy::Longest,
            "highest_key" => DropPolicy::HighestKey,
            _ => DropPolicy::Tail,
        }
    }
}

/// The limits a scheduler's buffer enforces, and its policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The port's buffer, shared by every queue.
    pub shared: Buffer,
    /// A limit per queue (flow, class or bucket); None: only the shared one.
    pub per_queue: Option<Buffer>,
    pub policy: DropPolicy,
}

impl Limits {
    /// Drop-tail on `shared`, no per-queue limit.
    pub fn tail(shared: Buffer) -> Limits {
        Limits { shared, per_queue: None, policy: DropPolicy::Tail }
    }

    /// The port's buffer under a one-queue scheduler's `drop` parameter.
    pub fn of(a: &BuildArgs<'_>) -> Limits {
        Limits::from_params(a.port.buffer, a.params, false)
    }

    /// From a scheduler's `drop` parameter (and `queue_limit`, when it declares one).
    pub fn from_params(shared: Buffer, params: &Params, per_queue: bool) -> Limits {
        Limits {
            shared,
            per_queue: if per_queue { params.buffer_or_off("queue_limit") } else { None },
            policy: DropPolicy::from_name(params.choice("drop")),
        }
    }

    pub fn is_unlimited(&self) -> bool {
        self.shared == Buffer::Unlimited && self.per_queue.is_none()
    }
}

/// A queued packet: its queue and its position there (0 = served first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Victim {
    pub queue: usize,
    pub index: usize,
}

/// What the policies need to see of a scheduler's queues. A single-queue scheduler has one
/// queue, number 0.
pub trait Store {
    /// Packets and bytes queued in all queues.
    fn totals(&self) -> (usize, u64);
    /// Packets and bytes in queue `q` (a store of one queue: all of them).
    fn queue_totals(&self, _q: usize) -> (usize, u64) {
        self.totals()
    }
    /// The packet that arrived first (in `q`, or in any queue), with its arrival number.
    fn oldest(&self, q: Option<usize>) -> Option<(Victim, u64)>;
    /// The packet with the highest key (the newest of equal keys), in `q` or anywhere.
    fn highest(&self, q: Option<usize>) -> Option<(Victim, i64)>;
    /// The queue holding the most bytes with `extra` bytes added to queue `with`; ties go to
    /// `with`, then to the lower number (a store of one queue: 0).
    fn longest(&self, _with: usize, _extra: u64) -> usize {
        0
    }
    /// Removes a queued packet.
    fn remove(&mut self, v: Victim) -> Packet;
}

/// Makes room for `pkt` (its queue `q`, its key `key`) under `limits`, pushing out queued
/// packets into `v` as the policy says. `Err(reason)`: the arrival itself is refused, and the
/// caller drops it with that reason.
pub fn admit<S: Store>(
    store: &mut S,
    limits: &Limits,
    q: usize,
    pkt: &Packet,
    key: i64,
    v: &mut Verdicts,
) -> Result<(), DropReason> {
    let size = pkt.size as u64;
    let refused =
        if limits.policy == DropPolicy::HighestKey { DropReason::PifoOverflow } else { DropReason::BufferFull };
    if !limits.shared.fits(0, 0, size) || limits.per_queue.is_some_and(|b| !b.fits(0, 0, size)) {
        return Err(refused);
    }
    if let Some(b) = limits.per_queue {
        while {
            let (n, bytes) = store.queue_totals(q);
            !b.fits(n, bytes, size)
        } {
            let (n, _) = store.queue_totals(q);
            let victim = match limits.policy {
                DropPolicy::Tail => None,
                DropPolicy::Head => store.oldest(Some(q)).map(|(vi, _)| vi),
                DropPolicy::Longest => (n >= 2).then_some(Victim { queue: q, index: 1 }),
                DropPolicy::HighestKey => store.highest(Some(q)).filter(|&(_, k)| k > key).map(|(vi, _)| vi),
            };
            push_out(store, limits.policy, victim, v)?;
        }
    }
    while {
        let (n, bytes) = store.totals();
        !limits.shared.fits(n, bytes, size)
    } {
        let victim = match limits.policy {
            DropPolicy::Tail => None,
            DropPolicy::Head => store.oldest(None).map(|(vi, _)| vi),
            DropPolicy::Longest => {
                let l = store.longest(q, size);
                let (n, _) = store.queue_totals(l);
                // The arrival is the last of its own queue: its second packet when it holds one.
                match (l == q, n) {
                    (true, 0 | 1) => None,
                    (_, 1) => Some(Victim { queue: l, index: 0 }),
                    _ => Some(Victim { queue: l, index: 1 }),
                }
            }
            DropPolicy::HighestKey => store.highest(None).filter(|&(_, k)| k > key).map(|(vi, _)| vi),
        };
        push_out(store, limits.policy, victim, v)?;
    }
    Ok(())
}

/// Pushes out `victim`, or refuses the arrival when there is none.
fn push_out<S: Store>(
    store: &mut S,
    policy: DropPolicy,
    victim: Option<Victim>,
    v: &mut Verdicts,
) -> Result<(), DropReason> {
    let (victim, reason) = match (victim, policy) {
        (Some(vi), DropPolicy::HighestKey) => (vi, DropReason::PifoOverflow),
        (Some(vi), _) => (vi, DropReason::PushOut),
        (None, DropPolicy::HighestKey) => return Err(DropReason::PifoOverflow),
        (None, _) => return Err(DropReason::BufferFull),
    };
    let pkt = store.remove(victim);
    v.drop(pkt, reason);
    Ok(())
}

/// `drop` for schedulers whose key is an arrival order (FIFO, LIFO, Random).
pub const DROP_ARRIVAL: Spec = Spec {
    name: "drop",
    description: "Which packet a full buffer drops: the arriving one (tail) or the oldest queued (head).",
    kind: Kind::Choice { options: &["tail", "head"] },
    default: Default::Text("tail"),
};

/// `drop` for one queue ordered by a rank (the priority family).
pub const DROP_KEYED: Spec = Spec {
    name: "drop",
    description: "Which packet a full buffer drops: the arriving one (tail), the oldest queued (head), or the \
                  one with the highest key (highest_key: PIFO's overflow rule; LSTF's highest slack, UPS Sec. 3).",
    kind: Kind::Choice { options: &["tail", "head", "highest_key"] },
    default: Default::Text("tail"),
};

/// `drop` for round-robin schedulers with one queue per flow, class or bucket.
pub const DROP_QUEUES: Spec = Spec {
    name: "drop",
    description: "Which packet a full buffer drops: the arriving one (tail), the oldest queued (head), or the \
                  second packet of the longest queue (longest: the push-out of the FSC paper's experiments).",
    kind: Kind::Choice { options: &["tail", "head", "longest"] },
    default: Default::Text("tail"),
};

/// `drop` for the fair queueing family (queues per flow, class or bucket, packets tagged).
pub const DROP_TAGGED: Spec = Spec {
    name: "drop",
    description: "Which packet a full buffer drops: the arriving one (tail), the oldest queued (head), the second \
                  packet of the longest queue (longest: the FSC paper's push-out), or the one with the highest \
                  tag (highest_key, PIFO's rule).",
    kind: Kind::Choice { options: &["tail", "head", "longest", "highest_key"] },
    default: Default::Text("tail"),
};

/// A limit per queue on top of the shared buffer.
pub const QUEUE_LIMIT: Spec = Spec {
    name: "queue_limit",
    description: "At most this much per queue (flow, class or bucket), besides the port's shared buffer, e.g. \
                  \"20pkt\" or \"30KB\"; off: the queues share the buffer freely.",
    kind: Kind::Buffer { off: true },
    default: Default::Text("off"),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    /// Queues of (arrival number, key, packet), FIFO each.
    #[derive(Default)]
    struct Toy(Vec<Vec<(u64, i64, Packet)>>);

    impl Toy {
        fn push(&mut self, q: usize, seq: u64, key: i64, size: u32) {
            self.0.resize_with(self.0.len().max(q + 1), Vec::new);
            self.0[q].push((seq, key, Packet::new(seq, q as u32, seq, size, Time::ZERO)));
        }
        fn ids(&self) -> Vec<Vec<u64>> {
            self.0.iter().map(|q| q.iter().map(|e| e.0).collect()).collect()
        }
    }

    impl Store for Toy {
        fn totals(&self) -> (usize, u64) {
            let n = self.0.iter().map(Vec::len).sum();
            (n, self.0.iter().flatten().map(|e| e.2.size as u64).sum())
        }
        fn queue_totals(&self, q: usize) -> (usize, u64) {
            self.0.get(q).map_or((0, 0), |x| (x.len(), x.iter().map(|e| e.2.size as u64).sum()))
        }
        fn oldest(&self, q: Option<usize>) -> Option<(Victim, u64)> {
            let all = self.0.iter().enumerate().filter(|(i, _)| q.is_none_or(|q| q == *i));
            all.flat_map(|(i, x)| x.iter().enumerate().map(move |(j, e)| (Victim { queue: i, index: j }, e.0)))
                .min_by_key(|e| e.1)
        }
        fn highest(&self, q: Option<usize>) -> Option<(Victim, i64)> {
            let all = self.0.iter().enumerate().filter(|(i, _)| q.is_none_or(|q| q == *i));
            all.flat_map(|(i, x)| x.iter().enumerate().map(move |(j, e)| (Victim { queue: i, index: j }, e.1, e.0)))
                .max_by_key(|e| (e.1, e.2))
                .map(|(vi, k, _)| (vi, k))
        }
        fn longest(&self, with: usize, extra: u64) -> usize {
            let bytes = |q: usize| self.queue_totals(q).1 + if q == with { extra } else { 0 };
            (0..self.0.len().max(with + 1)).max_by_key(|&q| (bytes(q), q == with, std::cmp::Reverse(q))).unwrap()
        }
        fn remove(&mut self, v: Victim) -> Packet {
            self.0[v.queue].remove(v.index).2
        }
    }

    fn arrival(q: u32, seq: u64, size: u32) -> Packet {
        Packet::new(seq, q, seq, size, Time::ZERO)
    }

    #[test]
    fn each_policy_picks_its_victim() {
        // Queue 0 holds packets 0, 1, 2 (keys 30, 10, 20); queue 1 holds 3 (key 5). 100 B each,
        // a 4-packet buffer: a fifth packet (id 9, queue 1, key 15) must make room.
        let fill = || {
            let mut t = Toy::default();
            for (seq, key) in [(0, 30), (1, 10), (2, 20)] {
                t.push(0, seq, key, 100);
            }
            t.push(1, 3, 5, 100);
            t
        };
        let limits = |policy| Limits { shared: Buffer::Packets(4), per_queue: None, policy };
        let cases = [
            // tail: the arrival is refused.
            (DropPolicy::Tail, Err(DropReason::BufferFull), vec![]),
            // head: the oldest, packet 0.
            (DropPolicy::Head, Ok(()), vec![(0, DropReason::PushOut)]),
            // longest: queue 0 (300 B against 200 B with the arrival) loses its second, packet 1.
            (DropPolicy::Longest, Ok(()), vec![(1, DropReason::PushOut)]),
            // highest_key: packet 0 (key 30 > 15).
            (DropPolicy::HighestKey, Ok(()), vec![(0, DropReason::PifoOverflow)]),
        ];
        for (policy, result, dropped) in cases {
            let mut t = fill();
            let mut v = Verdicts::default();
            assert_eq!(admit(&mut t, &limits(policy), 1, &arrival(1, 9, 100), 15, &mut v), result, "{policy:?}");
            assert_eq!(v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect::<Vec<_>>(), dropped, "{policy:?}");
        }
        // highest_key when the arrival's key is the highest: it is refused.
        let mut v = Verdicts::default();
        let r = admit(&mut fill(), &limits(DropPolicy::HighestKey), 1, &arrival(1, 9, 100), 99, &mut v);
        assert_eq!((r, v.drops.len()), (Err(DropReason::PifoOverflow), 0));
    }

    #[test]
    fn longest_refuses_an_arrival_that_is_its_own_queues_second() {
        // Queue 0 holds 1 packet of 300 B, queue 1 one of 100 B; buffer 400 B; a 200 B arrival
        // for queue 0 makes it the longest (500 B): its second packet is the arrival.
        let mut t = Toy::default();
        t.push(0, 0, 0, 300);
        t.push(1, 1, 0, 100);
        let l = Limits { shared: Buffer::Bytes(400), per_queue: None, policy: DropPolicy::Longest };
        let mut v = Verdicts::default();
        assert_eq!(admit(&mut t, &l, 0, &arrival(0, 2, 200), 0, &mut v), Err(DropReason::BufferFull));
        // A 100 B arrival for queue 1 instead: queue 0 (300 B against 200 B) is the longest and
        // holds one packet: it goes.
        assert_eq!(admit(&mut t, &l, 1, &arrival(1, 3, 100), 0, &mut v), Ok(()));
        assert_eq!(v.drops.iter().map(|d| d.pkt.id).collect::<Vec<_>>(), vec![0]);
    }

    #[test]
    fn a_queue_limit_is_enforced_inside_the_queue() {
        // Per-queue limit 2 packets, shared unlimited: queue 0 holds 0, 1; an arrival for
        // queue 0 pushes out its oldest (head) or is refused (tail); queue 1 is untouched.
        for (policy, ok, ids) in
            [(DropPolicy::Tail, false, vec![vec![0, 1], vec![2]]), (DropPolicy::Head, true, vec![vec![1], vec![2]])]
        {
            let mut t = Toy::default();
            t.push(0, 0, 0, 100);
            t.push(0, 1, 0, 100);
            t.push(1, 2, 0, 100);
            let l = Limits { shared: Buffer::Unlimited, per_queue: Some(Buffer::Packets(2)), policy };
            let mut v = Verdicts::default();
            assert_eq!(admit(&mut t, &l, 0, &arrival(0, 3, 100), 0, &mut v).is_ok(), ok);
            assert_eq!(t.ids(), ids);
        }
        // A packet larger than a whole limit pushes nothing out.
        let mut t = Toy::default();
        t.push(0, 0, 0, 100);
        let l = Limits { shared: Buffer::Bytes(1000), per_queue: None, policy: DropPolicy::Head };
        let mut v = Verdicts::default();
        assert_eq!(admit(&mut t, &l, 0, &arrival(0, 1, 1001), 0, &mut v), Err(DropReason::BufferFull));
        assert!(v.drops.is_empty());
    }
}
