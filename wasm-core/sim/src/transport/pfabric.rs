//! pFabric's transport (Alizadeh et al., "pFabric: Minimal Near-Optimal Datacenter
//! Transport", SIGCOMM'13, Sec. 4.2): the network schedules by priority, so the end host
//! does almost nothing.
//!
//! Principles:
//! - Flows start at line rate: the initial window is the path's bandwidth-delay product (no
//!   slow start from a small window), and the window never exceeds it.
//! - Every packet carries the flow's remaining size (`Packet::remaining`: bytes not yet
//!   acknowledged) for rank-based schedulers (`srpt`); ACKs carry 0, so they are never stuck
//!   behind data.
//! - Losses are found by a small fixed timeout, about 3 RTTs (no backoff); on a timeout the
//!   window drops to one segment, grows back by slow start and congestion avoidance, and
//!   everything from the first unacknowledged byte is resent. Fast retransmit is off
//!   (pFabric's priority queues reorder on purpose).
//! - Deviation: pFabric uses SACK and retransmits only what was lost; here ACKs are
//!   cumulative, so a timeout resends from snd_una (go-back-N). Its "probe mode" after
//!   repeated timeouts is not modelled.
//!
//! This file only chooses parameters; the state machine is the NewReno sender's.

use super::newreno::{Config, EcnResponse};
use crate::time::Time;

/// The fixed RTO as a multiple of the path's unloaded round-trip time (pFabric Sec. 4.2).
pub const RTO_RTTS: u64 = 3;

/// The path as the transport needs it: unloaded round-trip time (a full data packet there,
/// an ACK back) and bandwidth-delay product at the slowest link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathFacts {
    pub base_rtt: Time,
    pub bdp_bytes: u64,
}

/// Initial window in segments: the BDP in wire-size packets, rounded up, at least 1 (and at
/// most `MAX_DERIVED_WINDOW`).
pub fn initial_window(path: PathFacts, wire_segment: u32) -> u32 {
    path.bdp_bytes.div_ceil(wire_segment as u64).clamp(1, MAX_DERIVED_WINDOW as u64) as u32
}

/// The largest initial window derived from a path, in segments: a window leaves at once, and a
/// 1000 Tbps path's BDP would be hundreds of millions of packets at time zero (found by
/// sim/tests/fuzz.rs; no scenario file comes near: a 10 Gbps data-centre BDP is 10).
pub const MAX_DERIVED_WINDOW: u32 = 65_536;

/// The sender's configuration: `initial_window` and `rto` override the path-derived defaults.
pub fn config(mss: u32, header: u32, initial_window: Option<u32>, rto: Option<Time>, path: PathFacts) -> Config {
    let iw = initial_window.unwrap_or_else(|| self::initial_window(path, mss + header));
    // At most the largest time a user may write, so no deadline reaches `Opt`'s sentinel.
    let rto = rto.unwrap_or(path.base_rtt.saturating_mul(RTO_RTTS)).clamp(Time(1), crate::units::MAX_TIME);
    Config {
        mss,
        initial_window: iw,
        initial_rto: rto,
        min_rto: rto,
        max_rto: rto,
        ecn: EcnResponse::Off,
        fast_retransmit: false,
        backoff: false,
        max_window: iw as u64 * mss as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::super::newreno::Sender;
    use super::*;

    /// 10 Gbps, unloaded RTT 12 us: BDP = 10e9 * 12e-6 / 8 = 15 000 B = 10 packets of 1500 B.
    const PATH: PathFacts = PathFacts { base_rtt: Time(12_000), bdp_bytes: 15_000 };

    #[test]
    fn starts_at_line_rate_with_a_bdp_window() {
        let mut s = Sender::new(config(1460, 40, None, None, PATH), Some(100_000), Time::MAX);
        let n = std::iter::from_fn(|| s.next_segment(Time(0))).count();
        assert_eq!(n, 10);
        // RTO = 3 x 12 us.
        assert_eq!(s.deadline(), Some(Time(36_000)));
        // The window never grows past the BDP.
        s.on_ack(Time(12_000), 1460, false, Some(Time(0)));
        assert_eq!(s.cwnd(), 14_600);
    }

    #[test]
    fn fixed_timeout_resets_to_one_segment_without_backoff() {
        let mut s = Sender::new(config(1460, 40, None, None, PATH), Some(100_000), Time::MAX);
        std::iter::from_fn(|| s.next_segment(Time(0))).count();
        assert!(s.on_timeout(Time(36_000)));
        // cwnd 1 segment, go-back-N from 0, the same 36 us RTO again.
        assert_eq!(s.cwnd(), 1460);
        let seg = s.next_segment(Time(36_000)).unwrap();
        assert_eq!((seg.seq, seg.retx), (0, true));
        assert_eq!(s.deadline(), Some(Time(72_000)));
        // Three duplicate ACKs start nothing (no fast retransmit).
        for _ in 0..3 {
            s.on_ack(Time(40_000), 0, false, None);
        }
        assert!(!s.in_recovery());
    }
}
