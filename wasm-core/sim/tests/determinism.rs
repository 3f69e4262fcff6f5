//! A scenario and a seed give the same trace hash; another seed gives another.

use sched_sim::{run_json, RunOptions};

const DEFAULT: &str = include_str!("../../../scenarios/default.json");

fn hash(seed: Option<u32>) -> String {
    run_json(DEFAULT, &RunOptions { seed, max_trace_events: Some(100) }).unwrap().summary.trace_hash
}

#[test]
fn same_seed_same_hash_other_seed_other_hash() {
    let a = hash(None);
    assert_eq!(a, hash(None));
    assert_eq!(a, hash(Some(1)), "the default scenario's seed is 1");
    assert_ne!(a, hash(Some(2)));
    // 32 hex digits: XXH3-128 (the SHA-256 reference of a `sha256-trace` build: 64).
    assert_eq!(a.len(), if cfg!(feature = "sha256-trace") { 64 } else { 32 });
}

#[test]
fn the_budget_changes_what_is_stored_not_the_run() {
    let small = run_json(DEFAULT, &RunOptions { seed: None, max_trace_events: Some(10) }).unwrap();
    let big = run_json(DEFAULT, &RunOptions { seed: None, max_trace_events: Some(10_000_000) }).unwrap();
    assert_eq!(small.summary.trace_hash, big.summary.trace_hash);
    assert_eq!(small.trace.len(), 10);
    assert!(small.summary.trace_truncated && !big.summary.trace_truncated);
    assert_eq!(big.trace.len() as u64, big.summary.events_total);
    assert_eq!(small.trace.time[..], big.trace.time[..10]);
}

#[test]
fn a_run_in_chunks_is_the_same_run() {
    let s = sched_sim::validate(DEFAULT).unwrap();
    let whole = sched_sim::run(&s, &RunOptions::default()).unwrap();
    let mut run = sched_sim::Run::start(&s, &RunOptions::default()).unwrap();
    let mut last = 0.0;
    let mut chunks = 0;
    loop {
        let p = run.advance(37);
        assert!(p >= last && p <= 1.0, "progress {p} after {last}");
        last = p;
        chunks += 1;
        if p == 1.0 {
            break;
        }
    }
    assert!(chunks > 10);
    let chunked = run.finish();
    assert_eq!(chunked.summary.trace_hash, whole.summary.trace_hash);
    assert_eq!(chunked.trace, whole.trace);
}
