//! Whole-system checks of RC3 (`transport::rc3`): on an idle path its low-priority loop fills
//! the pipe from time zero, so a flow completes in about one trip and size / rate where TCP's
//! slow start takes a round trip per doubling; with losses, SACK keeps what arrived from being
//! sent again. Expected values are worked out next to each test.

use sched_sim::results::RunSummary;
use sched_sim::{run_json, validate, RunOptions};

const NO_TRACE: RunOptions = RunOptions { seed: None, max_trace_events: Some(0) };

/// h -- r -- d, both links `link`, every port strict priority; one flow of `size` with
/// `transport` and IW 4 (RC3's and UPS Fig. 3's); `extra` goes into the traffic entry.
fn line(link: &str, size: &str, transport: &str, extra: &str) -> String {
    format!(
        r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "100ms",
            "default_scheduler": {{"name": "strict_priority"}},
            "topology": {{"nodes": [{{"id": "h", "kind": "host"}}, {{"id": "r", "kind": "router"}}, {{"id": "d", "kind": "host"}}],
                          "links": [{{"from": "h", "to": "r", {link}}}, {{"from": "r", "to": "d", {link}}}]}},
            "traffic": [{{"kind": "flow", "id": "f", "src": "h", "dst": "d", "size": "{size}", "transport": "{transport}",
                          "tcp": {{"initial_window": 4{extra}}}}}]}}"#
    )
}

fn run(text: &str) -> RunSummary {
    run_json(text, &NO_TRACE).unwrap_or_else(|e| panic!("{e}")).summary
}

const LONG: &str = r#""bandwidth": "1Gbps", "delay": "1ms""#;

/// 100 segments of 1460 B (1500 B on the wire, 12 us at 1 Gbps) over two 1 Gbps / 1 ms links.
///
/// RC3: the primary loop sends segments 0-3 at time 0 and RLP, at line rate whenever the NIC
/// has nothing else, sends 99 down to 4; the loops meet before any ACK (the first comes back
/// after 4 ms), so the host link is busy from 0 with 100 distinct segments: the last leaves h
/// at 100 x 12 us = 1200 us and reaches d at 1200 + 1000 + 12 + 1000 = 3212 us, the ideal FCT.
/// The ACKs of segments 0-3 come back (4024.64 us on) before any of RLP's SACKs (RLP's first
/// segment left h after them), and in slow start each releases two segments from 5840 on: 8
/// segments RLP had delivered are sent again before the scoreboard knows (108 sent). Then the
/// window is full and the SACKs and the final cumulative ACK end the flow.
///
/// TCP (NewReno, IW 4): rounds of 4, 8, 16, 32 and 40 segments. One round trip is
/// 12 + 1000 + 12 + 1000 us for a data packet plus 0.32 + 1000 + 0.32 + 1000 us for its ACK =
/// 4024.64 us, and each round starts when the first ACK of the one before returns: round 5 at
/// 4 x 4024.64 = 16 098.56 us. Its 40 segments leave back to back (two released per ACK, one
/// sent per 12 us), the last at 16 098.56 + 480 = 16 578.56 us, delivered 2012 us later:
/// 18 590.56 us.
#[test]
fn on_an_idle_path_rc3_completes_in_one_trip_and_tcp_in_five_rounds() {
    let rc3 = run(&line(LONG, "146000B", "rc3", ""));
    let tcp = run(&line(LONG, "146000B", "tcp", ""));
    let (r, t) = (&rc3.flows[0], &tcp.flows[0]);
    println!(
        "rc3: FCT {:?} ns, ideal {:?}, {} sent, {} retransmits; tcp: FCT {:?} ns, {} sent",
        r.fct_ns, r.ideal_fct_ns, r.sent, r.retransmits, t.fct_ns, t.sent
    );
    assert_eq!(r.ideal_fct_ns, Some(3_212_000));
    assert_eq!(r.fct_ns, Some(3_212_000));
    assert_eq!((r.sent, r.retransmits, r.dropped, r.bytes_delivered), (108, 0, 0, 146_000));
    assert_eq!(r.transport, "rc3");
    assert_eq!(t.fct_ns, Some(18_590_560));
    assert_eq!(t.sent, 100);
}

/// A 100-segment flow through a router whose egress holds 30 KB (20 packets) (1 Gbps in, 100 Mbps out):
/// RLP's segments overflow it and some are dropped. The flow still completes with every byte,
/// and SACK keeps the primary loop from sending again what arrived: of the packets sent, those
/// not dropped arrived, and at most 108 did: the 100 segments and the first window's overlap
/// of 8 (as on the idle path, before any SACK is back); without SACK every segment after the
/// first hole would be sent again.
#[test]
fn losses_are_repaired_and_what_arrived_is_not_sent_again() {
    let text = line(LONG, "146000B", "rc3", "").replace(
        r#"{"from": "r", "to": "d", "bandwidth": "1Gbps""#,
        r#"{"from": "r", "to": "d", "buffer": "30KB", "bandwidth": "100Mbps""#,
    );
    let s = run(&text);
    let f = &s.flows[0];
    println!(
        "lossy rc3: FCT {:?}, {} sent, {} dropped, {} retransmits, {} timeouts",
        f.fct_ns, f.sent, f.dropped, f.retransmits, f.timeouts
    );
    assert_eq!(f.bytes_delivered, 146_000);
    assert!(f.dropped > 0, "the buffer must overflow");
    assert!(f.sent - f.dropped <= 108, "{} sent, {} dropped", f.sent, f.dropped);
}

#[test]
fn rc3_errors_name_the_field() {
    let cases = [
        (line(LONG, "1KB", "tcp", r#", "rc3": {}"#), "traffic[0].tcp.rc3"),
        (line(LONG, "1KB", "rc3", r#", "rc3": {"levels": 0}"#), "traffic[0].tcp.rc3.levels"),
        (line(LONG, "1KB", "rc3", r#", "rc3": {"levels": 8}"#), "traffic[0].tcp.rc3.levels"),
        (line(LONG, "1KB", "rc3", r#", "rc3": {"first": 0}"#), "traffic[0].tcp.rc3.first"),
        (line(LONG, "1KB", "rc3", r#", "rc3": {"factor": 1001}"#), "traffic[0].tcp.rc3.factor"),
        (line(LONG, "1KB", "rc3", r#", "delayed_ack": "on""#), "traffic[0].tcp.delayed_ack"),
    ];
    for (text, path) in cases {
        let e = validate(&text).expect_err(path);
        assert_eq!(e.path, path, "{e}");
    }
    let bulk = line(LONG, "1KB", "rc3", "")
        .replace(r#""kind": "flow""#, r#""kind": "bulk""#)
        .replace(r#""size": "1KB", "#, "");
    let e = validate(&bulk).unwrap_err();
    assert_eq!(e.path, "traffic[0].transport", "{e}");
    assert!(e.message.contains("known size"), "{e}");
}

/// A check's `versus.transport` runs the other scenario with every TCP-family source on that
/// transport: RC3's 3.212 ms on the idle path against TCP's 18.59056 ms (worked out above).
/// 3.212 < 0.2 x 18.59 holds; had the versus run kept rc3, 3.212 < 0.2 x 3.212 would not.
#[test]
fn a_checks_versus_run_can_change_the_transport() {
    let text = line(LONG, "146000B", "rc3", "").replacen(
        r#""duration": "100ms","#,
        r#""duration": "100ms", "checks": [{"name": "rc3 well below tcp", "metric": "fct_mean_ns", "op": "<", "factor": 0.2,
            "versus": {"default_scheduler": {"name": "strict_priority"}, "transport": "tcp"}}],"#,
        1,
    );
    let s = validate(&text).unwrap();
    let out = sched_sim::run(&s, &NO_TRACE).unwrap();
    let report = sched_sim::run_checks(&s, &out);
    let o = &report.outcomes[0];
    assert!(o.passed, "{}", o.message);
    assert_eq!((o.actual, o.expected), (Some(3_212_000.0), Some(18_590_560.0 * 0.2)));
    assert!(o.message.contains("tcp over strict_priority run"), "{}", o.message);
}
