//! One packet, hand-timed through a -> r -> b (1 Gbps links, 1 us propagation, 1500 B):
//!   t = 0        created at a, enqueued and sent at once (a's port is idle)
//!   t = 12 000   last bit leaves a (1500 B * 8 / 1 Gbps = 12 us)
//!   t = 13 000   arrives at r (+1 us propagation); store-and-forward: sent now
//!   t = 25 000   last bit leaves r
//!   t = 26 000   arrives at b and is delivered: end-to-end delay 26 000 ns

use sched_sim::trace::Kind;
use sched_sim::{run_json, RunOptions};

const ONE_PACKET: &str = r#"{
  "format": "scheduler-playground/scenario", "version": 1, "name": "one packet", "seed": 1, "duration": "1ms",
  "topology": {
    "nodes": [{"id": "a", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "b", "kind": "host"}],
    "links": [{"from": "a", "to": "r", "bandwidth": "1Gbps", "delay": "1us"},
              {"from": "r", "to": "b", "bandwidth": "1Gbps", "delay": "1us"}]
  },
  "traffic": [{"kind": "cbr", "id": "f", "src": "a", "dst": "b", "rate": "12Mbps", "packet_size": "1500B", "stop": "1ns"}]
}"#;

#[test]
fn one_packet_is_timed_exactly() {
    let out = run_json(ONE_PACKET, &RunOptions::default()).unwrap();
    let t = &out.trace;
    let kinds: Vec<u8> = t.kind.clone();
    let expect = [
        (0.0, Kind::Arrive, 0, 1500.0),
        (0.0, Kind::Enqueue, 0, 0.0),
        (0.0, Kind::Dequeue, 0, 0.0),
        (12_000.0, Kind::Depart, 0, 13_000.0),
        (13_000.0, Kind::Arrive, 1, 1500.0),
        // Port 2 is r's port towards b (ports are numbered per link, both directions).
        (13_000.0, Kind::Enqueue, 2, 13_000.0),
        (13_000.0, Kind::Dequeue, 2, 0.0),
        (25_000.0, Kind::Depart, 2, 26_000.0),
        (26_000.0, Kind::Arrive, 2, 1500.0),
        (26_000.0, Kind::Deliver, 2, 26_000.0),
    ];
    assert_eq!(t.len(), expect.len(), "{kinds:?}");
    for (i, (time, kind, loc, value)) in expect.into_iter().enumerate() {
        assert_eq!((t.time[i], t.kind[i], t.loc[i], t.value[i]), (time, kind as u8, loc, value), "event {i}");
    }
    assert_eq!(out.summary.totals.delivered, 1);
}
