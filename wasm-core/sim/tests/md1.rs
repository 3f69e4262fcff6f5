//! Closed form: M/D/1. Poisson arrivals of fixed-size packets fed straight into one link
//! (the sending host's own output port; no access link smooths them), unlimited buffer.
//!
//! With service time 1/mu = 1500 B / 1 Gbps = 12 000 ns and load rho, the mean wait in
//! queue is W = rho / (2 mu (1 - rho)) (Pollaczek-Khinchine with zero service variance):
//!   rho = 0.5: W = 0.5 * 12000 / (2 * 0.5) =  6 000 ns
//!   rho = 0.8: W = 0.8 * 12000 / (2 * 0.2) = 24 000 ns
//! Two million packets per run; the measured mean must be within 3%.

use sched_sim::{run_json, RunOptions};

fn scenario(rho_percent: u64, packets: u64) -> String {
    let service_ns = 12_000;
    let duration_ns = packets * service_ns * 100 / rho_percent;
    let rate_mbps = 10 * rho_percent; // rho * 1000 Mbps
    format!(
        r#"{{
  "format": "scheduler-playground/scenario", "version": 1, "name": "M/D/1 rho={rho_percent}%", "seed": 42,
  "duration": "{duration_ns}ns",
  "topology": {{
    "nodes": [{{"id": "a", "kind": "host"}}, {{"id": "b", "kind": "host"}}],
    "links": [{{"from": "a", "to": "b", "bandwidth": "1Gbps", "delay": "0", "buffer": "unlimited"}}]
  }},
  "traffic": [{{"kind": "poisson", "id": "p", "src": "a", "dst": "b", "rate": "{rate_mbps}Mbps", "packet_size": "1500B"}}]
}}"#
    )
}

fn mean_wait(rho_percent: u64) -> (f64, u64) {
    let out =
        run_json(&scenario(rho_percent, 2_000_000), &RunOptions { seed: None, max_trace_events: Some(0) }).unwrap();
    let port = &out.summary.ports[0];
    assert_eq!(port.node, 0, "port 0 is a -> b");
    (port.stats.wait.as_ref().unwrap().mean_ns, port.stats.dequeued)
}

fn check(rho_percent: u64, expected_ns: f64) {
    let (w, n) = mean_wait(rho_percent);
    let err = (w - expected_ns).abs() / expected_ns;
    println!(
        "M/D/1 rho={rho_percent}%: measured W = {w:.1} ns over {n} packets, formula {expected_ns} ns, error {:.2}%",
        err * 100.0
    );
    assert!(n >= 1_000_000, "only {n} packets");
    assert!(err < 0.03, "W = {w} ns, expected {expected_ns} ns");
}

#[test]
fn md1_mean_wait_at_half_load() {
    check(50, 6_000.0);
}

#[test]
fn md1_mean_wait_at_eighty_percent_load() {
    check(80, 24_000.0);
}
