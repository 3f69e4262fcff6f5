//! The typed trace: the core's output. Metrics and the page's animation both read it.
//!
//! Invariant: events are recorded in simulation order (time, then processing order) and time
//! never decreases. The run's identity is the SHA-256 of the canonical encoding of every event
//! (see [`TraceEvent::encode`]), whether or not the budget let the event be stored.

use sha2::{Digest, Sha256};

use crate::packet::FlowId;
use crate::time::Time;

/// Event kinds; the discriminants are the trace encoding (each doc: a name for people, a
/// blank line, what `loc` and `value` hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema), schemars(rename = "EventKind"))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// arrive
    ///
    /// The packet's last bit reached node `loc` (at its source: the packet was created).
    /// value = packet size in bytes.
    Arrive = 0,
    /// enqueue
    ///
    /// Queued at port `loc`. value = the scheduler's key.
    Enqueue = 1,
    /// dequeue
    ///
    /// Transmission starts at port `loc`. value = time waited in the queue, ns.
    Dequeue = 2,
    /// depart
    ///
    /// The last bit left port `loc`. value = arrival time at the far end, ns.
    Depart = 3,
    /// drop
    ///
    /// Dropped at port `loc`. value = drop reason code + 256 * (1 if it was queued).
    Drop = 4,
    /// deliver
    ///
    /// Consumed by its destination host `loc`. value = end-to-end delay, ns.
    Deliver = 5,
    /// preempt
    ///
    /// Preempted while in service at port `loc` and put back. value = service received, ns.
    Preempt = 6,
    /// mark
    ///
    /// Marked ECN Congestion Experienced at port `loc`. value = mark reason code.
    Mark = 7,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Arrive,
        Kind::Enqueue,
        Kind::Dequeue,
        Kind::Depart,
        Kind::Drop,
        Kind::Deliver,
        Kind::Preempt,
        Kind::Mark,
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    pub time: Time,
    pub kind: Kind,
    pub packet: u64,
    pub flow: FlowId,
    pub loc: u32,
    pub value: i64,
}

impl TraceEvent {
    pub const ENCODED_LEN: usize = 33;

    /// Canonical bytes: little-endian time u64, kind u8, packet u64, flow u32, loc u32, value i64.
    pub fn encode(&self, out: &mut [u8; Self::ENCODED_LEN]) {
        out[0..8].copy_from_slice(&self.time.as_ns().to_le_bytes());
        out[8] = self.kind as u8;
        out[9..17].copy_from_slice(&self.packet.to_le_bytes());
        out[17..21].copy_from_slice(&self.flow.to_le_bytes());
        out[21..25].copy_from_slice(&self.loc.to_le_bytes());
        out[25..33].copy_from_slice(&self.value.to_le_bytes());
    }
}

/// The stored part of the trace, columnar (what crosses into the page as typed arrays).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TraceColumns {
    pub time: Vec<f64>,
    pub kind: Vec<u8>,
    pub packet: Vec<u32>,
    pub flow: Vec<u32>,
    pub loc: Vec<u32>,
    pub value: Vec<f64>,
}

impl TraceColumns {
    pub fn len(&self) -> usize {
        self.time.len()
    }
    pub fn is_empty(&self) -> bool {
        self.time.is_empty()
    }
    fn push(&mut self, e: &TraceEvent) {
        self.time.push(e.time.as_ns() as f64);
        self.kind.push(e.kind as u8);
        self.packet.push(e.packet as u32);
        self.flow.push(e.flow);
        self.loc.push(e.loc);
        self.value.push(e.value as f64);
    }
}

/// Hashes every event and stores the first `budget` of them.
pub struct TraceRecorder {
    hasher: Sha256,
    pending: Vec<u8>,
    total: u64,
    budget: u64,
    last_time: Time,
    stored: TraceColumns,
}

/// Bytes hashed per `Sha256::update` call.
const HASH_CHUNK: usize = 64 * 1024;

impl TraceRecorder {
    pub fn new(budget: u64) -> TraceRecorder {
        TraceRecorder {
            hasher: Sha256::new(),
            pending: Vec::with_capacity(HASH_CHUNK + TraceEvent::ENCODED_LEN),
            total: 0,
            budget,
            last_time: Time::ZERO,
            stored: TraceColumns::default(),
        }
    }

    pub fn record(&mut self, e: &TraceEvent) {
        debug_assert!(e.time >= self.last_time, "trace time went backwards: {:?} after {:?}", e, self.last_time);
        self.last_time = e.time;
        let mut buf = [0u8; TraceEvent::ENCODED_LEN];
        e.encode(&mut buf);
        self.pending.extend_from_slice(&buf);
        if self.pending.len() >= HASH_CHUNK {
            self.hasher.update(&self.pending);
            self.pending.clear();
        }
        if self.total < self.budget {
            self.stored.push(e);
        }
        self.total += 1;
    }

    /// (hex SHA-256 of all events, events in total, the stored columns).
    pub fn finish(mut self) -> (String, u64, TraceColumns) {
        self.hasher.update(&self.pending);
        let digest = self.hasher.finalize();
        let hex = digest.iter().map(|b| format!("{b:02x}")).collect();
        (hex, self.total, self.stored)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_trace_hash_is_sha256_of_nothing() {
        let (hash, total, cols) = TraceRecorder::new(10).finish();
        assert_eq!(hash, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(total, 0);
        assert!(cols.is_empty());
    }

    #[test]
    fn encoding_is_little_endian_fixed_width() {
        let e = TraceEvent { time: Time(0x0102), kind: Kind::Drop, packet: 7, flow: 3, loc: 9, value: -1 };
        let mut b = [0u8; 33];
        e.encode(&mut b);
        assert_eq!(&b[0..9], &[0x02, 0x01, 0, 0, 0, 0, 0, 0, 4]);
        assert_eq!(&b[9..17], &7u64.to_le_bytes());
        assert_eq!(&b[17..21], &3u32.to_le_bytes());
        assert_eq!(&b[21..25], &9u32.to_le_bytes());
        assert_eq!(&b[25..33], &[0xff; 8]);
    }

    #[test]
    fn budget_limits_storage_not_the_hash() {
        let ev = |t| TraceEvent { time: Time(t), kind: Kind::Arrive, packet: t, flow: 0, loc: 0, value: 1500 };
        let mut small = TraceRecorder::new(2);
        let mut big = TraceRecorder::new(100);
        for t in 0..5 {
            small.record(&ev(t));
            big.record(&ev(t));
        }
        let (h1, n1, c1) = small.finish();
        let (h2, n2, c2) = big.finish();
        assert_eq!((h1 == h2, n1, n2, c1.len(), c2.len()), (true, 5, 5, 2, 5));
    }
}
