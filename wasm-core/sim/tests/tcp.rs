//! Whole-system checks of the TCP-family transports: a lone NewReno flow fills a bottleneck,
//! eight flows share one fairly, DCTCP holds the queue near its marking threshold, pFabric
//! over SRPT completes its flows. Expected values come from closed forms written next to
//! each test, never from a previous run.

use sched_sim::checks::{self, Selector};
use sched_sim::results::RunSummary;
use sched_sim::scenario::checks::{FlowFilter, Metric};
use sched_sim::{run_json, validate, Run, RunOptions};

const NO_TRACE: RunOptions = RunOptions { seed: None, max_trace_events: Some(0) };

fn run(text: &str) -> RunSummary {
    run_json(text, &NO_TRACE).unwrap_or_else(|e| panic!("{e}")).summary
}

/// `n` senders h0..h{n-1} on 1 Gbps / 10 us access links into router r, which sends to d
/// over `bottleneck`.
fn star(n: usize, access: &str, bottleneck: &str, traffic: &[String], extra: &str, duration: &str) -> String {
    let hosts: Vec<String> = (0..n).map(|i| format!(r#"{{"id": "h{i}", "kind": "host"}}"#)).collect();
    let access: Vec<String> = (0..n).map(|i| format!(r#"{{"from": "h{i}", "to": "r", {access}}}"#)).collect();
    format!(
        r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 3, "duration": "{duration}", {extra}
            "topology": {{"nodes": [{{"id": "r", "kind": "router"}}, {{"id": "d", "kind": "host"}}, {}],
                          "links": [{}, {{"from": "r", "to": "d", {bottleneck}}}]}},
            "traffic": [{}]}}"#,
        hosts.join(", "),
        access.join(", "),
        traffic.join(", ")
    )
}

fn port<'a>(s: &'a RunSummary, from: &str, to: &str) -> (usize, &'a sched_sim::results::PortOut) {
    let id = |n: &str| s.nodes.iter().position(|x| x.id == n).unwrap() as u32;
    let (a, b) = (id(from), id(to));
    s.ports.iter().enumerate().find(|(_, p)| p.node == a && p.to == b).unwrap()
}

const ACCESS: &str = r#""bandwidth": "1Gbps", "delay": "10us""#;

/// One NewReno flow, 1 Gbps access, 100 Mbps / 1 ms bottleneck. Unloaded RTT = 2 x (10 us +
/// 1 ms) + 12 us + 120 us (a 1500 B packet on both links) + 0.3 us + 3.2 us (a 40 B ACK) =
/// 2.156 ms; BDP = 100 Mbps x 2.156 ms = 26 950 B. With a 30 KB buffer (>= 1 BDP) a halved
/// window, (BDP + buffer) / 2 = 28 475 B, still fills the pipe, so after slow start the link
/// never idles: utilisation > 95% over 2 s, and goodput > 95% of the payload capacity
/// C x 1460 / 1500. One loss per sawtooth is repaired by fast retransmit: no timeout.
#[test]
fn a_lone_newreno_flow_fills_the_bottleneck() {
    let s = run(&star(
        1,
        ACCESS,
        r#""bandwidth": "100Mbps", "delay": "1ms", "buffer": "30KB""#,
        &[r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp"}"#.into()],
        "",
        "2s",
    ));
    let (_, p) = port(&s, "r", "d");
    let f = &s.flows[0];
    let goodput = f.bytes_delivered as f64 * 8.0 / 2.0;
    let payload_capacity = 100e6 * 1460.0 / 1500.0;
    println!(
        "lone flow: utilisation {:.4}, goodput {:.2} Mbps = {:.4} of payload capacity, {} drops, {} retransmits, {} timeouts",
        p.stats.utilization,
        goodput / 1e6,
        goodput / payload_capacity,
        p.stats.dropped.buffer_full,
        f.retransmits,
        f.timeouts
    );
    assert!(p.stats.utilization > 0.95, "{}", p.stats.utilization);
    assert!(goodput > 0.95 * payload_capacity, "{goodput}");
    assert!(p.stats.dropped.buffer_full > 0, "the sawtooth must probe the buffer");
    assert_eq!(f.timeouts, 0);
    assert_eq!(f.transport, "tcp");
    // Every ACK came back (the reverse path is idle); one ACK per delivered data packet.
    assert_eq!((f.acks_sent, f.acks_dropped), (f.delivered, 0));
}

/// Eight NewReno flows with equal RTTs (2.156 ms unloaded), starts spread over one RTT
/// (250 us apart), on one FIFO bottleneck of 100 Mbps with a 30 KB buffer. AIMD with equal
/// RTTs converges to equal shares (Chiu and Jain 1989), so over the 10 s window [1 s, 11 s)
/// Jain's index of the per-flow goodput exceeds 0.95.
#[test]
fn eight_flows_share_a_bottleneck_fairly() {
    let traffic: Vec<String> = (0..8)
        .map(|i| {
            format!(
                r#"{{"kind": "bulk", "id": "f{i}", "src": "h{i}", "dst": "d", "transport": "tcp", "start": "{}us"}}"#,
                i * 250
            )
        })
        .collect();
    let s = run(&star(
        8,
        ACCESS,
        r#""bandwidth": "100Mbps", "delay": "1ms", "buffer": "30KB""#,
        &traffic,
        r#""metrics": {"window": "1s"},"#,
        "11s",
    ));
    // Windows are 1 s wide: windows 1..=10 cover [1 s, 11 s).
    let x: Vec<f64> = s.throughput.flows.iter().map(|f| f.bps[1..11].iter().sum::<f64>() / 10.0).collect();
    let jain = sched_sim::metrics::jain(&x).unwrap();
    let (_, p) = port(&s, "r", "d");
    println!(
        "8 flows over [1 s, 11 s): Jain {jain:.4}, goodputs {:?} Mbps, utilisation {:.4}",
        x.iter().map(|v| (v / 1e4).round() / 100.0).collect::<Vec<_>>(),
        p.stats.utilization
    );
    assert_eq!(x.len(), 8);
    assert!(jain > 0.95, "Jain {jain}");
    assert!(p.stats.utilization > 0.95);
}

/// Four DCTCP flows into a 1 Gbps bottleneck whose FIFO marks ECT packets above K = 20
/// packets (DCTCP paper Sec. 3.1: K = 20 at 1 Gbps). Unloaded RTT = 2 x (5 us + 20 us) +
/// 1.2 us + 12 us + small ACK times ~ 63 us, so C x RTT is about 5 packets and K > C x RTT / 7
/// (eq. 13): the link never idles. Sec. 3.3: once the queue passes K the flows cut within an
/// RTT, each having grown by at most one packet, so the queue peaks at about K + N (+ 1 here:
/// marking starts above K). We allow K + 2N = 28 after a 20 ms warm-up and require the
/// time-average queue to sit near K (between K/2 and K + N). NewReno on the same link without
/// ECN fills the 200-packet buffer instead.
#[test]
fn dctcp_holds_the_queue_near_k() {
    let (k, n) = (20u64, 4usize);
    let scenario = |transport: &str| {
        let traffic: Vec<String> = (0..n)
            .map(|i| {
                format!(
                    r#"{{"kind": "bulk", "id": "f{i}", "src": "h{i}", "dst": "d", "transport": "{transport}", "start": "{}us"}}"#,
                    i * 10
                )
            })
            .collect();
        star(
            n,
            r#""bandwidth": "10Gbps", "delay": "5us""#,
            r#""bandwidth": "1Gbps", "delay": "20us", "buffer": "200pkt",
               "schedulers": {"r": {"name": "fifo", "params": {"ecn_threshold": "20pkt"}}}"#,
            &traffic,
            "",
            "200ms",
        )
    };
    let s = run(&scenario("dctcp"));
    let (pi, p) = port(&s, "r", "d");
    let series = s.queue_series.iter().find(|q| q.port == pi as u32).unwrap();
    let warm = 20_000_000;
    let (mut peak, mut area) = (0, 0u128);
    for i in 0..series.t_ns.len() {
        if series.t_ns[i] >= warm {
            peak = peak.max(series.packets[i]);
            let next = series.t_ns.get(i + 1).copied().unwrap_or(s.end_ns);
            area += series.packets[i] as u128 * (next - series.t_ns[i]) as u128;
        }
    }
    let mean = area as f64 / (s.end_ns - warm) as f64;
    let tcp = run(&scenario("tcp"));
    let (_, tp) = port(&tcp, "r", "d");
    println!(
        "DCTCP, K = {k}, N = {n}: queue peak {peak} and mean {mean:.1} packets after 20 ms, utilisation {:.4}, \
         {} drops; NewReno: peak {} packets, {} drops",
        p.stats.utilization, p.stats.dropped.buffer_full, tp.stats.max_packets, tp.stats.dropped.buffer_full
    );
    assert!(peak <= k + 2 * n as u64, "peak {peak}");
    assert!(mean > k as f64 / 2.0 && mean < (k + n as u64) as f64, "mean {mean}");
    assert!(p.stats.utilization > 0.95);
    assert_eq!(p.stats.dropped.buffer_full, 0);
    assert!(s.flows.iter().all(|f| f.retransmits == 0 && f.transport == "dctcp"));
    assert_eq!(tp.stats.max_packets, 200, "NewReno without ECN fills the buffer");
}

/// pFabric over SRPT (pFabric Sec. 4): web-search flows (payload sizes) into one 10 Gbps
/// bottleneck at load 0.6 for 100 ms, then 150 ms to drain. Every flow completes, and SRPT
/// gives small flows (<= 100 KB) a lower mean slowdown than FIFO with the same transport
/// (pFabric Fig. 10's ordering).
#[test]
fn pfabric_over_srpt_completes_its_flows() {
    let scenario = |sched: &str| {
        format!(
            r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "250ms",
                "topology": {{"preset": "single_bottleneck", "params": {{"senders": 8, "access_bandwidth": "10Gbps",
                  "access_delay": "2us", "bottleneck_bandwidth": "10Gbps", "bottleneck_delay": "2us", "buffer": "36KB"}}}},
                "default_scheduler": {{"name": "{sched}"}},
                "traffic": [{{"kind": "workload", "id": "w", "load": 0.6, "sizes": {{"dist": "web_search"}},
                  "endpoints": {{"pattern": "incast", "dst": "dst"}}, "stop": "100ms", "transport": "pfabric"}}]}}"#
        )
    };
    let small_slowdown = |s: &RunSummary| {
        let v: Vec<f64> =
            s.flows.iter().filter(|f| f.size.is_some_and(|x| x <= 100_000)).filter_map(|f| f.slowdown).collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    let srpt = run(&scenario("srpt"));
    let fifo = run(&scenario("fifo"));
    let done = srpt.flows.iter().filter(|f| f.fct_ns.is_some()).count();
    println!(
        "pFabric: {done}/{} flows complete; small-flow mean slowdown SRPT {:.3}, FIFO {:.3}; {} timeouts",
        srpt.flows.len(),
        small_slowdown(&srpt),
        small_slowdown(&fifo),
        srpt.flows.iter().map(|f| f.timeouts).sum::<u64>()
    );
    assert!(srpt.flows.len() >= 20);
    assert_eq!(done, srpt.flows.len());
    assert!(srpt.flows.iter().all(|f| f.bytes_delivered == f.size.unwrap()));
    assert!(small_slowdown(&srpt) < small_slowdown(&fifo));
}

/// A finite NewReno flow alone on a 1 Gbps / 10 us link pair: it completes with every payload
/// byte, never faster than its ideal FCT (its wire bytes at line rate), and in slow start:
/// 100 segments with IW 10 take windows of 10, 20, 40, then 30 (4 round trips), each RTT
/// about 2 x 20 us + 2 x 12 us + ACK times = 65 us, so the FCT stays under
/// 100 x 12 us + 5 RTTs = 1.525 ms.
#[test]
fn a_finite_flow_completes_in_slow_start() {
    let s = run(&star(
        1,
        ACCESS,
        r#""bandwidth": "1Gbps", "delay": "10us""#,
        &[r#"{"kind": "flow", "id": "f", "src": "h0", "dst": "d", "size": "146000B", "transport": "tcp"}"#.into()],
        "",
        "10ms",
    ));
    let f = &s.flows[0];
    let (fct, ideal) = (f.fct_ns.unwrap(), f.ideal_fct_ns.unwrap());
    println!("finite flow: FCT {fct} ns, ideal {ideal} ns, {} packets, {} ACKs", f.sent, f.acks_sent);
    assert_eq!((f.bytes_delivered, f.sent, f.dropped), (146_000, 100, 0));
    // Ideal: 100 packets of 1500 B back to back over two 1 Gbps hops with 10 us each:
    // 100 x 12 us + 12 us + 2 x 10 us = 1 232 us.
    assert_eq!(ideal, 1_232_000);
    assert!(fct >= ideal && fct < 1_525_000, "{fct}");
}

/// Delayed ACKs (RFC 5681 Sec. 4.2): one ACK per two segments, so about half as many ACKs as
/// data packets; byte counting keeps the lone flow's link full.
#[test]
fn delayed_acks_halve_the_acks() {
    let s = run(&star(
        1,
        ACCESS,
        r#""bandwidth": "100Mbps", "delay": "1ms", "buffer": "30KB""#,
        &[r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp",
              "tcp": {"delayed_ack": "on", "delayed_ack_timeout": "40ms"}}"#
            .into()],
        "",
        "2s",
    ));
    let f = &s.flows[0];
    let ratio = f.acks_sent as f64 / f.delivered as f64;
    println!("delayed ACKs: {} ACKs for {} segments ({ratio:.3})", f.acks_sent, f.delivered);
    assert!(ratio > 0.45 && ratio < 0.6, "{ratio}");
    assert!(port(&s, "r", "d").1.stats.utilization > 0.95);
}

/// An explicit path: the ACKs come back along the reversed path, and a run in chunks is the
/// same run (same trace hash) as one in one go.
#[test]
fn explicit_paths_and_chunked_runs() {
    let text = r#"{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "20ms",
      "topology": {"nodes": [{"id": "a", "kind": "host"}, {"id": "r1", "kind": "router"}, {"id": "r2", "kind": "router"},
                             {"id": "r3", "kind": "router"}, {"id": "b", "kind": "host"}],
        "links": [{"from": "a", "to": "r1", "bandwidth": "1Gbps", "delay": "5us"},
                  {"from": "r1", "to": "r2", "bandwidth": "100Mbps", "delay": "5us", "buffer": "20pkt"},
                  {"from": "r2", "to": "b", "bandwidth": "1Gbps", "delay": "5us"},
                  {"from": "r1", "to": "r3", "bandwidth": "1Gbps", "delay": "5us"},
                  {"from": "r3", "to": "b", "bandwidth": "1Gbps", "delay": "5us"}]},
      "traffic": [{"kind": "flow", "id": "f", "src": "a", "dst": "b", "size": "100KB", "transport": "tcp",
                   "path": ["a", "r1", "r2", "b"]}]}"#;
    let whole = run_json(text, &NO_TRACE).unwrap().summary;
    let f = &whole.flows[0];
    assert_eq!(f.bytes_delivered, 100_000);
    // The data crossed r1 -> r2, the ACKs r2 -> r1; nothing used r3.
    assert_eq!(port(&whole, "r1", "r2").1.stats.arrived, f.sent);
    assert_eq!(port(&whole, "r2", "r1").1.stats.dequeued, f.acks_sent);
    assert_eq!(port(&whole, "r1", "r3").1.stats.arrived + port(&whole, "r3", "r1").1.stats.arrived, 0);
    let mut chunked = Run::start(&validate(text).unwrap(), &NO_TRACE).unwrap();
    while chunked.advance(777) < 1.0 {}
    assert_eq!(chunked.finish().summary.trace_hash, whole.trace_hash);
}

#[test]
fn transport_errors_name_the_field() {
    let base =
        |traffic: &str| star(1, ACCESS, r#""bandwidth": "100Mbps", "delay": "1ms""#, &[traffic.into()], "", "10ms");
    let cases = [
        (r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "tcp": {}}"#, "traffic[0].tcp"),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp", "rate": "1Mbps"}"#,
            "traffic[0].rate",
        ),
        (
            r#"{"kind": "flow", "id": "f", "src": "h0", "dst": "d", "size": "1KB", "transport": "dctcp", "packet_size": "1000B"}"#,
            "traffic[0].packet_size",
        ),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "dctcp", "tcp": {"ecn": "on"}}"#,
            "traffic[0].tcp.ecn",
        ),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "pfabric", "tcp": {"delayed_ack": "on"}}"#,
            "traffic[0].tcp.delayed_ack",
        ),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp", "tcp": {"rto": "1ms"}}"#,
            "traffic[0].tcp.rto",
        ),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "pfabric", "tcp": {"min_rto": "1ms"}}"#,
            "traffic[0].tcp.min_rto",
        ),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp", "tcp": {"mss": "0B"}}"#,
            "traffic[0].tcp.mss",
        ),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp", "tcp": {"initial_window": 0}}"#,
            "traffic[0].tcp.initial_window",
        ),
        (
            r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp", "tcp": {"delayed_ack_timeout": "600ms"}}"#,
            "traffic[0].tcp.delayed_ack_timeout",
        ),
    ];
    for (traffic, path) in cases {
        let e = validate(&base(traffic)).expect_err(traffic);
        assert_eq!(e.path, path, "{traffic}: {e}");
    }
    // Serde reports unknown variants of a tagged source at the source itself.
    let e =
        validate(&base(r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "quic"}"#)).unwrap_err();
    assert!(e.path == "traffic[0]" && e.message.contains("quic") && e.message.contains("pfabric"), "{e}");
    let replay = base(r#"{"kind": "bulk", "id": "f", "src": "h0", "dst": "d", "transport": "tcp"}"#).replacen(
        r#""duration": "10ms","#,
        r#""duration": "10ms", "replay": {"modes": ["lstf"]},"#,
        1,
    );
    assert_eq!(validate(&replay).unwrap_err().path, "replay");
}

/// The per-flow mean RTT. A flow of 4 full segments (4 x 1460 B payload, 1500 B packets) on an
/// idle path, delayed ACKs off, initial window 10: the sender hands all four to its host's port
/// at t = 0, so each carries timestamp 0 and is acknowledged on arrival. Segment k (k = 0..3)
/// reaches r at 12(k+1) + 10 us (1 Gbps access) and queues behind the earlier ones on the
/// 100 Mbps link, which is never idle in between: it is sent at 22 + 120k us and reaches d at
/// 22 + 120(k+1) + 1000 us. Its ACK (40 B) takes 3.2 us (100 Mbps) + 1000 us + 0.32 us
/// (1 Gbps) + 10 us back to h. RTT_k = 22 + 120(k+1) + 2013.52 = 2155.52 + 120k us; the mean
/// over k = 0..3 is 2155.52 + 180 = 2335.52 us. Flow b (2 segments, once a has finished):
/// 2155.52 + 60 = 2215.52 us. Averaged over the bytes each delivered (5840 and 2920 B), as the
/// `rtt_mean_ns` check metric does: (2 x 2335.52 + 2215.52) / 3 = 2295.52 us. The byte-weighted
/// FCT is (5840 FCT_a + 2920 FCT_b) / 8760.
#[test]
fn a_flows_mean_rtt_is_the_mean_of_its_samples() {
    let s = run(&star(
        1,
        ACCESS,
        r#""bandwidth": "100Mbps", "delay": "1ms""#,
        &[
            r#"{"kind": "flow", "id": "a", "src": "h0", "dst": "d", "size": "5840B", "transport": "tcp"}"#.into(),
            r#"{"kind": "flow", "id": "b", "src": "h0", "dst": "d", "size": "2920B", "transport": "tcp", "start": "50ms"}"#.into(),
        ],
        "",
        "100ms",
    ));
    let rtt = |i: usize| s.flows[i].rtt_mean_ns.expect("samples were taken");
    assert!((rtt(0) - 2_335_520.0).abs() < 1.0, "flow a: mean RTT {} ns, expected 2 335 520 ns", rtt(0));
    assert!((rtt(1) - 2_215_520.0).abs() < 1.0, "flow b: mean RTT {} ns, expected 2 215 520 ns", rtt(1));
    let all = FlowFilter::default();
    let measure = |metric| {
        checks::measure(Selector { metric, flows: &all, link: None, replay: None, during: None }, &s).unwrap().unwrap()
    };
    assert!((measure(Metric::RttMeanNs) - 2_295_520.0).abs() < 1.0);
    let fct = |i: usize| s.flows[i].fct_ns.unwrap() as f64;
    assert!((measure(Metric::FctByteWeightedMeanNs) - (5840.0 * fct(0) + 2920.0 * fct(1)) / 8760.0).abs() < 1e-6);
}

/// A workload's id selects all of its flows ("w#0", "w#1", ...) in a check's flow filter.
#[test]
fn a_workload_id_selects_its_flows() {
    let s = run(&star(
        2,
        ACCESS,
        r#""bandwidth": "100Mbps", "delay": "1ms""#,
        &[r#"{"kind": "workload", "id": "w", "load": 0.5, "sizes": {"dist": "fixed", "size": "10KB"}, "transport": "tcp", "max_flows": 5}"#.into()],
        "",
        "1s",
    ));
    let by = |ids: Option<Vec<String>>| {
        let f = FlowFilter { ids, ..FlowFilter::default() };
        checks::measure(
            Selector { metric: Metric::CompletedFraction, flows: &f, link: None, replay: None, during: None },
            &s,
        )
        .unwrap()
    };
    assert_eq!(s.flows.len(), 5);
    assert_eq!(by(Some(vec!["w".into()])), Some(1.0));
    assert_eq!(by(Some(vec!["w#3".into()])), Some(1.0));
    assert_eq!(by(Some(vec!["v".into()])), None);
}
