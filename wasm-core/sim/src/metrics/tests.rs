//! Unit tests of the metrics: percentiles, the queue series, moments, the exact budget.

use super::*;
use crate::trace::{Kind, TraceEvent};

#[test]
fn nearest_rank_percentiles() {
    // 1..=100: p50 is the 50th value (50), p99 the 99th (99), mean 50.5.
    let v: Vec<u64> = (1..=100).rev().collect();
    let p = percentiles(&mut Samples::Exact(v)).unwrap();
    assert_eq!((p.p50, p.p99, p.max, p.mean), (50, 99, 100, 50.5));
    // Three values: p50 = ceil(1.5) = 2nd; p99 = ceil(2.97) = 3rd.
    let p = percentiles(&mut Samples::Exact(vec![30, 10, 20])).unwrap();
    assert_eq!((p.p50, p.p99), (20, 30));
    assert!(percentiles(&mut Samples::default()).is_none());
}

/// An event of packet `packet` of the traces below, with its size: packets 0-5 are 100, 200,
/// 300, 100, 100 and 300 B (their `Arrive` values).
fn ev(t: u64, kind: Kind, packet: u64, value: i64) -> TraceEvent {
    let size = [100, 200, 300, 100, 100, 300][packet as usize];
    TraceEvent { time: crate::time::Time(t), kind, packet, flow: 0, loc: 0, value, size, flags: 0, implied: false }
}

/// One port's queue over 12 ns: packets 0, 1, 2 and 5 leave after waiting 0, 4, 4 and 0 ns;
/// 3 and 4 stay queued.
fn queue_trace() -> Metrics {
    let mut m = Metrics::new(1, 1, 100, 10, 1);
    for e in [
        ev(0, Kind::Arrive, 0, 100),
        ev(0, Kind::Enqueue, 0, 0),
        ev(0, Kind::Dequeue, 0, 0), // same instant: back to empty, no point
        ev(5, Kind::Arrive, 1, 200),
        ev(5, Kind::Enqueue, 1, 5), // 1 packet, 200 B
        ev(7, Kind::Arrive, 2, 300),
        ev(7, Kind::Enqueue, 2, 7), // 2 packets, 500 B
        ev(9, Kind::Dequeue, 1, 4), // 1 packet, 300 B
        ev(9, Kind::Arrive, 3, 100),
        ev(9, Kind::Enqueue, 3, 9), // net at t=9: 2 packets, 400 B (a change from 500 B)
        ev(11, Kind::Arrive, 4, 100),
        ev(11, Kind::Enqueue, 4, 11),
        ev(11, Kind::Dequeue, 2, 4), // net at t=11: 2 packets, 200 B
        ev(12, Kind::Arrive, 5, 300),
        ev(12, Kind::Enqueue, 5, 12),
        ev(12, Kind::Dequeue, 5, 0), // net at t=12: no change, no point
    ] {
        m.observe(&e);
    }
    m
}

#[test]
fn queue_series_has_a_point_per_change() {
    let m = queue_trace();
    let p = &m.ports[0];
    assert_eq!(p.series().columns(), (vec![5, 7, 9, 11], vec![1, 2, 2, 2], vec![200, 500, 400, 200]));
}

#[test]
fn wait_and_time_averaged_queue_moments() {
    // The trace of the test above, closed at t = 20. Queue bytes over time: 0 on [0,5),
    // 200 on [5,7), 500 on [7,9), 400 on [9,11), 200 on [11,20) (t = 12 nets to no change).
    // Mean = (400 + 1000 + 800 + 1800) / 20 = 200 B; mean square = (200^2 x 2 + 500^2 x 2
    // + 400^2 x 2 + 200^2 x 9) / 20 = 63,000, variance 63,000 - 200^2 = 23,000 B^2.
    // Packets: (1 x 2 + 2 x 2 + 2 x 2 + 2 x 9) / 20 = 1.4. Waits 0, 4, 4, 0: mean 2,
    // variance (0 + 16 + 16 + 0)/4 - 2^2 = 4.
    let mut m = queue_trace();
    m.finish(20);
    let p = &m.ports[0];
    assert_eq!(p.queue_moments(20), (200.0, 23_000.0, 1.4));
    assert_eq!(p.wait_moments(), Some((2.0, 4.0)));
    assert_eq!((p.waits.sum(), p.waits.clone()), (8, Samples::Exact(vec![0, 4, 4, 0])));
}

#[test]
fn a_packets_role_is_read_from_its_flags() {
    use crate::packet::flags::{ACK, CWR, ECE, ECT, RETX, TCP};
    // As the engine sets them: a datagram has no TCP bit; a segment TCP (ECT, CWR, RETX on a
    // retransmission); an ACK TCP and ACK (RETX there echoes a retransmission).
    assert_eq!(Role::of(0), Role::Datagram);
    assert_eq!(Role::of(ECT), Role::Datagram);
    assert_eq!(Role::of(TCP | ECT | CWR), Role::Data);
    assert_eq!(Role::of(TCP | RETX), Role::Retransmission);
    assert_eq!(Role::of(TCP | ACK | ECE | RETX), Role::Ack);
}

#[test]
fn flows_count_data_acks_and_retransmissions_by_role() {
    let mut m = Metrics::new(1, 1, 100, 10, 1);
    let e = |packet, kind, value, flags| TraceEvent {
        time: crate::time::Time(packet),
        kind,
        packet,
        flow: 0,
        loc: 0,
        value,
        size: [1500, 1500, 40, 1500][packet as usize],
        flags,
        implied: false,
    };
    use crate::packet::flags::{ACK, RETX, TCP};
    for ev in [
        e(0, Kind::Arrive, 1500, TCP),
        e(0, Kind::Arrive, 1500, TCP), // a second hop: not a new packet
        e(1, Kind::Arrive, 1500, TCP | RETX),
        e(2, Kind::Arrive, 40, TCP | ACK),
        e(3, Kind::Arrive, 1500, 0),
        e(0, Kind::Deliver, 10, TCP),
        e(2, Kind::Drop, 0, TCP | ACK),
        e(3, Kind::Deliver, 10, 0),
    ] {
        m.observe(&ev);
    }
    let f = &m.flows[0];
    // Data: packets 0, 1 and the datagram 3 (4500 B); one retransmission; one ACK sent and
    // dropped; delivered: 0 and 3, of which only the datagram's 1500 B count as delivered
    // bytes here (a segment's payload counts through `goodput`).
    assert_eq!((f.sent, f.bytes_sent, f.retransmits, f.acks_sent, f.acks_dropped), (3, 4500, 1, 1, 1));
    assert_eq!((f.delivered, f.dropped, f.bytes_delivered), (2, 0, 1500));
}
