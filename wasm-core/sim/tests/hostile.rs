//! Hostile quantities (issue 42): each value a stranger's link may set, taken to where its
//! arithmetic used to wrap or panic. Every case names what happened before the fix (on main
//! 1f00ff9, release and wasm builds; the `ci` profile, with overflow checks on, panicked at the
//! same spot) and what must happen now: a field-named error, or a run whose times stay right.
//!
//! The bounds (units.rs, `limits` module): a time is at most 1 000 000 000 s (10^18 ns, below
//! i64::MAX, so a slack made of one never wraps), a size at most 10^15 B, a rate at most
//! 10^15 bps; an explicit path visits a node once (so hop counts fit the packet's u16: a path
//! has at most `nodes` hops, and a scenario at most 65 535 nodes).

use sched_sim::packet::Packet;
use sched_sim::scenario::slack::SlackSpec;
use sched_sim::slack::{SlackInit, MAX_SLACK};
use sched_sim::time::{Bandwidth, Time};
use sched_sim::{run_json, validate, validate_with, RunOptions};

mod common;
use common::chain;

const NO_TRACE: RunOptions = RunOptions { seed: None, max_trace_events: Some(0) };
/// u64::MAX nanoseconds, written as a time.
const MAX_NS: &str = "18446744073.709551615s";

const FAST: &str = r#""bandwidth": "1Gbps", "delay": "1us""#;

/// Validation refuses `text` at `path`, with a message containing `words`.
fn refused(text: &str, path: &str, words: &str) {
    match validate(text) {
        Ok(_) => panic!("accepted; expected an error at {path}"),
        Err(e) => {
            assert_eq!(e.path, path, "{e}");
            assert!(e.message.contains(words), "{e}: expected \"{words}\"");
        }
    }
}

fn cbr(extra: &str) -> String {
    format!(
        r#""traffic": [{{"kind": "cbr", "id": "f", "src": "h1", "dst": "h2", "rate": "1Mbps", "packet_size": "1000B"{extra}}}],"#
    )
}

// --- the nine overflow sites ---

/// Site 1, link delay: now + delay wrapped, so a packet over a u64::MAX-ns link arrived 1 ns
/// *before* it left. Now the delay is refused, naming the link's field.
#[test]
fn site1_link_delay_is_bounded() {
    let t = chain(1, &format!(r#""bandwidth": "1Gbps", "delay": "{MAX_NS}""#), &cbr(""), "10ms");
    refused(&t, "topology.links[0].delay", "at most 1000000000s");
}

/// Site 2, middlebox cost a * size + b: b = u64::MAX ns wrapped to a packet costing less than
/// its a * size. Refused at the module's field.
#[test]
fn site2_middlebox_cost_is_bounded() {
    let t = format!(
        r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "m", "seed": 1, "duration": "10ms",
            "topology": {{"nodes": [{{"id": "p", "kind": "host"}}, {{"id": "d", "kind": "host"}},
                {{"id": "mb", "kind": "router", "middlebox": {{"modules": [{{"name": "x", "a": 1, "b": "{MAX_NS}"}}], "assign": {{"f": "x"}}}}}}],
              "links": [{{"from": "p", "to": "mb", "bandwidth": "1Gbps", "delay": "0"}}, {{"from": "mb", "to": "d", "bandwidth": "1Gbps", "delay": "0"}}]}},
            "traffic": [{{"kind": "cbr", "id": "f", "src": "p", "dst": "d", "rate": "1Mbps", "packet_size": "1000B"}}]}}"#
    );
    refused(&t, "topology.nodes[2].middlebox.modules[0].b", "at most 1000000000s");
}

/// Site 3, ON-OFF on + off: both near u64::MAX / 2 wrapped the next ON period into the past.
#[test]
fn site3_onoff_periods_are_bounded() {
    let t = chain(
        1,
        FAST,
        r#""traffic": [{"kind": "onoff", "id": "f", "src": "h1", "dst": "h2", "rate": "1Mbps", "packet_size": "1000B",
                        "on": "10000000000s", "off": "1ms"}],"#,
        "10ms",
    );
    refused(&t, "traffic[0].on", "at most 1000000000s");
}

/// Site 4, TCP mss + header: an mss near u64::MAX wrapped the sum below 65 535, so the check
/// "mss + header <= 65535B" passed. Now each is checked on its own first.
#[test]
fn site4_tcp_mss_plus_header_cannot_wrap() {
    let t = chain(
        1,
        FAST,
        r#""traffic": [{"kind": "flow", "id": "f", "src": "h1", "dst": "h2", "size": "10KB", "transport": "tcp",
                        "tcp": {"mss": "18446744073709551600B", "header": "40B"}}],"#,
        "10ms",
    );
    refused(&t, "traffic[0].tcp.mss", "at most");
    // Within the size bound, the sum is still checked.
    let t = t.replace("18446744073709551600B", "65500B");
    refused(&t, "traffic[0].tcp.mss", "mss + header must be at most 65535B");
}

/// Site 5, a slack value cast to i64: 10^19 ns became a negative slack (i64::MIN side).
#[test]
fn site5_slack_values_are_bounded() {
    let t = chain(
        1,
        FAST,
        &format!(r#"{} "slack": {{"default": {{"policy": "constant", "value": "10000000000s"}}}},"#, cbr("")),
        "10ms",
    );
    refused(&t, "slack.default.value", "at most 1000000000s");
}

/// Site 6, fair-share slack: slack(p_i) = max(0, slack(p_{i-1}) + size / r_est - gap) grows by
/// 65 535 B x 8 / 1 bps = 5.24 x 10^14 ns per back-to-back packet and passed i64::MAX after
/// 17 592 packets (wrapping negative, then clamped to 0). Now it saturates at MAX_SLACK and
/// never decreases while packets arrive together.
#[test]
fn site6_fair_share_slack_saturates() {
    let spec: SlackSpec = serde_json::from_str(r#"{"default": {"policy": "fair", "r_est": "1bps"}}"#).unwrap();
    let mut init = SlackInit::new(&spec);
    let mut last = 0;
    for k in 0..20_000u64 {
        let mut p = Packet::new(k, 0, k, 65_535, Time::ZERO);
        init.at_ingress(Time::ZERO, &mut p, "f");
        assert!(p.slack() >= last && p.slack() <= MAX_SLACK, "packet {k}: slack {} after {last}", p.slack());
        last = p.slack();
    }
    assert_eq!(last, MAX_SLACK);
}

/// Site 7, the u16 hop counter: an explicit path looping r1 - r2 for 65 537 hops wrapped the
/// counter and the packet left by the wrong port forever. A path now visits each node once.
#[test]
fn site7_paths_visit_each_node_once() {
    let mut path = vec!["\"h1\"".to_string()];
    for k in 0..65_537 {
        path.push(if k % 2 == 0 { "\"r1\"" } else { "\"r2\"" }.into());
    }
    path.push("\"h2\"".into());
    // h2 hangs off r1 too, so the path may end there.
    let t = chain(2, FAST, &cbr(&format!(r#", "path": [{}]"#, path.join(","))), "10ms")
        .replace(r#""links": ["#, r#""links": [{"from": "r1", "to": "h2", "bandwidth": "1Gbps", "delay": "0"}, "#);
    refused(&t, "traffic[0].path", "visits \"r1\" twice");
    // Hop counts fit by construction: a simple path has fewer hops than the scenario's nodes.
    assert!(sched_sim::scenario::TRUSTED_LIMITS.nodes <= u16::MAX as usize);
}

/// Site 8, scripted UPS times: a packet scheduled at r1 at 8 us (1000 B at 1 Gbps over a
/// zero-delay first link), then over 19 links of 10^18 ns (1.9 x 10^19 ns, past u64::MAX)
/// reached its destination at a wrapped time, before the run's end, and the check "delivered
/// after the run ends" passed. The sum saturates and is caught.
#[test]
fn site8_scripted_times_cannot_wrap() {
    let fast_first = |t: String| {
        t.replace(
            r#"{"from": "h1", "to": "r1", "bandwidth": "1Gbps", "delay": "1000000000s"}"#,
            r#"{"from": "h1", "to": "r1", "bandwidth": "1Gbps", "delay": "0"}"#,
        )
    };
    let t = fast_first(chain(
        19,
        r#""bandwidth": "1Gbps", "delay": "1000000000s""#,
        r#""schedule": {"flows": [{"id": "A", "path": ["h1", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10",
                        "r11", "r12", "r13", "r14", "r15", "r16", "r17", "r18", "r19", "h2"]}],
                        "packets": [{"id": "a", "flow": "A", "at": {"r1": ["8us", "8us"]}}]},"#,
        "10ms",
    ));
    refused(&t, "duration", "after the run ends");
}

/// Site 9, transmission time: 10^15 B at 1 bps is 8 x 10^24 ns; the 128-bit quotient was cast
/// to u64 and kept its low bits. It saturates now.
#[test]
fn site9_transmission_time_saturates() {
    assert_eq!(Bandwidth::BitsPerSec(1).tx_time(1_000_000_000_000_000), Time::MAX);
    assert_eq!(Time::MAX + Time(1), Time::MAX);
    let mut t = Time(u64::MAX - 1);
    t += Time(5);
    assert_eq!(t, Time::MAX);
}

// --- the two release panics (the CLI's is in cli/tests/hostile.rs) ---

/// pFabric's tcp.rto = u64::MAX ns: the first deadline landed on the sentinel of `Opt<Time>`
/// and a release `assert!` fired (the page's worker trapped).
#[test]
fn pfabric_rto_is_bounded() {
    let t = chain(
        1,
        FAST,
        &format!(
            r#""traffic": [{{"kind": "flow", "id": "f", "src": "h1", "dst": "h2", "size": "10KB", "transport": "pfabric",
                            "tcp": {{"rto": "{MAX_NS}"}}}}],"#
        ),
        "10ms",
    );
    refused(&t, "traffic[0].tcp.rto", "at most 1000000000s");
}

/// pFabric's derived timeout, 3 x the unloaded RTT, over 4 links of 10^18 ns each way: 2.4 x
/// 10^19 ns, past u64::MAX. It is capped at the time bound, so no deadline is the sentinel
/// and the run completes: nothing arrives within 10 ms.
#[test]
fn pfabric_derived_rto_is_capped() {
    let t = chain(
        3,
        r#""bandwidth": "1Gbps", "delay": "1000000000s""#,
        r#""traffic": [{"kind": "flow", "id": "f", "src": "h1", "dst": "h2", "size": "10KB", "transport": "pfabric"}],"#,
        "10ms",
    );
    let s = run_json(&t, &NO_TRACE).unwrap_or_else(|e| panic!("{e}")).summary;
    assert_eq!(s.totals.delivered, 0);
    assert!(s.totals.sent > 0);
}

// --- unclear or missing errors ---

#[test]
fn a_top_level_array_is_named() {
    let e = validate("[1, 2]").unwrap_err();
    assert_eq!(e.message, "a scenario is a JSON object ({...}), not an array");
}

#[test]
fn a_byte_order_mark_is_named() {
    let t = format!("\u{feff}{}", chain(1, FAST, &cbr(""), "10ms"));
    let e = validate(&t).unwrap_err();
    assert!(e.message.contains("byte order mark"), "{e}");
}

#[test]
fn stop_before_start_names_stop() {
    let t = chain(1, FAST, &cbr(r#", "start": "5ms", "stop": "2ms""#), "10ms");
    refused(&t, "traffic[0].stop", "after start");
}

#[test]
fn an_error_inside_a_traffic_entry_names_its_field() {
    let t = chain(1, FAST, &cbr("").replace("\"1Mbps\"", "\"fast\""), "10ms");
    refused(&t, "traffic[0].rate", "invalid bandwidth");
}

#[test]
fn an_unknown_default_scheduler_is_refused_even_unused() {
    let t = chain(1, FAST, &format!(r#"{} "default_scheduler": {{"name": "no-such"}},"#, cbr("")), "10ms");
    let e = validate(&t).unwrap_err();
    assert!(e.path.starts_with("default_scheduler"), "{e}");
}

#[test]
fn ids_with_control_or_bidi_characters_are_refused() {
    for bad in ["r\\u0000x", "r\\u202ex"] {
        let t = chain(1, FAST, &cbr(""), "10ms").replace(r#""id": "r1""#, &format!(r#""id": "{bad}""#));
        let t = t
            .replace(r#""to": "r1""#, &format!(r#""to": "{bad}""#))
            .replace(r#""from": "r1""#, &format!(r#""from": "{bad}""#));
        refused(&t, "topology.nodes[2].id", "control or direction");
    }
}

/// Sizes and rates have bounds too (a size past 10^15 B, a rate past 10^15 bps).
#[test]
fn sizes_and_rates_are_bounded() {
    let t = chain(1, FAST, &cbr("").replace("\"1Mbps\"", "\"2000Tbps\""), "10ms");
    refused(&t, "traffic[0].rate", "at most");
    let t = chain(
        1,
        FAST,
        r#""traffic": [{"kind": "flow", "id": "f", "src": "h1", "dst": "h2", "size": "2000TB"}],"#,
        "10ms",
    );
    refused(&t, "traffic[0].size", "at most");
    assert!(validate_with(&chain(1, FAST, &cbr(""), "10ms"), &sched_sim::scenario::LIMITS).is_ok());
}

/// Fuzz case 11 240 (tests/fuzz-regressions/tcp-bulk-over-infinite-links.json): a bulk TCP
/// flow over links that are all infinitely fast never queues or loses a packet, so slow start
/// doubles its window every round trip (2 ns here) and memory grew without bound at t = 0.
/// Refused at the flow's transport, naming the route; one finite link on it is enough.
#[test]
fn a_bulk_tcp_flow_needs_a_finite_link_on_its_path() {
    let bulk = r#""traffic": [{"kind": "bulk", "id": "f", "src": "h1", "dst": "h2", "transport": "tcp"}],"#;
    let t = chain(2, r#""bandwidth": "inf", "delay": "1ns""#, bulk, "1us");
    refused(&t, "traffic[0].transport", "h1 -> r1 -> r2 -> h2 are all infinite");
    let one_finite = t.replacen(r#""bandwidth": "inf""#, r#""bandwidth": "10Gbps""#, 1);
    validate(&one_finite).expect("a finite first link bounds the window");
}
