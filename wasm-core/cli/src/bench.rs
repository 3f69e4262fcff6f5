//! `sched-cli bench`: a fixed set of benchmark scenarios, run with trace budget 0. The scenarios
//! are the files in `wasm-core/cli/bench/` (see its README), embedded at build time. Figures, not
//! pass/fail. `scripts/bench-wasm.mjs` runs the same files in the WebAssembly build under Node
//! and compares; the site's page `bench.html` runs them in the browser. The TCP benchmarks (the issue's
//! dumbbell-10g, 16 and 1024 NewReno flows for 10 s) run only where the core accepts them; elsewhere
//! a line says why they were not run.
//!
//! Measurements (Linux /proc, std only):
//! - wall: `Instant` around parse + validate + run (the same work as wasm's `run_scenario`).
//! - CPU: on-CPU time of the calling thread from `/proc/thread-self/schedstat` (nanoseconds, user +
//!   system); falls back to utime + stime from `/proc/self/stat` (ticks of 1/100 s) if absent.
//! - peak memory: `VmHWM` from `/proc/self/status`, process-wide; reset before each benchmark by
//!   writing 5 to `/proc/self/clear_refs` where the kernel allows it (else it is the peak so far).

use serde_json::{json, Value};
use std::time::Instant;

const USAGE: &str = "usage: sched-cli bench [--set NAME[,NAME...]] [--repeat N] [--json] | bench --print-scenarios
  --set      all (default), udp, tcp, memory, or benchmark names, comma-separated
             (memory: heap bytes per TCP flow and per queued packet, see bench_memory.rs)
  --repeat   runs per benchmark (default 1); the run with the median CPU time is reported
  --json     one JSON object per benchmark instead of the table";

/// The TCP benchmarks (the dumbbell-10g); they run only where the core has TCP.
const TCP: [&str; 2] = ["dumbbell-10g-16", "dumbbell-10g-1024"];

/// The benchmark scenarios, in run order: (name, scenario JSON text). The files live in
/// `wasm-core/cli/bench/` (not `scenarios/`, whose every file the scenario tests run), one per
/// benchmark, named after it; `scripts/bench-wasm.mjs` and the site's page `bench.html` read
/// the same files.
const SCENARIOS: [(&str, &str); 8] = [
    ("dumbbell-udp", include_str!("../bench/dumbbell-udp.json")),
    ("fat-tree-k4-websearch", include_str!("../bench/fat-tree-k4-websearch.json")),
    ("internet2-70", include_str!("../bench/internet2-70.json")),
    (PROGRAM_PAIR.0, include_str!("../bench/pifo-stfq-builtin.json")),
    (PROGRAM_PAIR.1, include_str!("../bench/pifo-stfq-program.json")),
    ("single-link-md1", include_str!("../bench/single-link-md1.json")),
    (TCP[0], include_str!("../bench/dumbbell-10g-16.json")),
    (TCP[1], include_str!("../bench/dumbbell-10g-1024.json")),
];

/// A built-in rank program and the same written in the program language (issue 39): the
/// ratio of their CPU times is printed when both run.
const PROGRAM_PAIR: (&str, &str) = ("pifo-stfq-builtin", "pifo-stfq-program");

/// What one run measured.
struct Measure {
    events: u64,
    /// Engine (heap) events: htsim's unit of work, for CPU per event side by side.
    heap_events: u64,
    delivered: u64,
    hash: String,
    wall: f64,
    cpu: f64,
}

/// CPU seconds of this thread so far, and which source was used.
pub fn cpu_seconds() -> Option<(f64, &'static str)> {
    if let Ok(s) = std::fs::read_to_string("/proc/thread-self/schedstat") {
        if let Some(ns) = s.split_whitespace().next().and_then(|v| v.parse::<u64>().ok()) {
            return Some((ns as f64 * 1e-9, "/proc/thread-self/schedstat (ns, user+system, this thread)"));
        }
    }
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may contain spaces: count fields after its closing parenthesis.
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // Fields 14 and 15 (utime, stime) are at 11 and 12 after the parenthesis; USER_HZ is 100.
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some((ticks as f64 / 100.0, "/proc/self/stat utime+stime (1/100 s ticks, process)"))
}

/// A `/proc/self/status` figure in KiB: "VmHWM" (peak resident set) or "VmRSS" (current).
fn status_kib(field: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.strip_prefix(field).is_some_and(|r| r.starts_with(':')))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets VmHWM to the current RSS; false where the kernel does not allow it.
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn measure(text: &str) -> Result<Measure, String> {
    let c0 = cpu_seconds().map_or(0.0, |c| c.0);
    let t0 = Instant::now();
    let opts = sched_sim::RunOptions { seed: None, max_trace_events: Some(0) };
    let mut run = sched_sim::start(text, &sched_sim::scenario::TRUSTED_LIMITS, &opts).map_err(|e| e.to_string())?;
    while run.advance(u64::MAX) < 1.0 {}
    let heap_events = run.heap_events();
    let out = run.finish();
    let wall = t0.elapsed().as_secs_f64();
    let cpu = cpu_seconds().map_or(f64::NAN, |c| c.0) - c0;
    let s = out.summary;
    // Data packets delivered to their sinks (flow counts exclude ACKs).
    let delivered = s.flows.iter().map(|f| f.delivered).sum();
    Ok(Measure { events: s.events_total, heap_events, delivered, hash: s.trace_hash, wall, cpu })
}

pub fn main(args: &[String]) -> Result<(), String> {
    let (mut set, mut repeat, mut as_json, mut print) = (None, 1usize, false, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--set" => set = Some(it.next().ok_or("--set needs a value")?.clone()),
            "--repeat" => {
                let v = it.next().ok_or("--repeat needs a value")?;
                repeat =
                    v.parse().ok().filter(|n| *n > 0).ok_or(format!("--repeat: \"{v}\" is not a positive count"))?;
            }
            "--json" => as_json = true,
            "--print-scenarios" => print = true,
            _ => return Err(USAGE.to_string()),
        }
    }
    let all = SCENARIOS;
    if print {
        let map: serde_json::Map<String, Value> =
            all.iter().map(|(n, t)| (n.to_string(), Value::String(t.to_string()))).collect();
        println!("{}", serde_json::to_string_pretty(&map).expect("plain data"));
        return Ok(());
    }
    let memory = matches!(set.as_deref(), None | Some("all") | Some("memory"));
    if set.as_deref() == Some("memory") {
        return print_memory(as_json);
    }
    let names: Vec<&str> = match set.as_deref() {
        None | Some("all") => all.iter().map(|b| b.0).collect(),
        Some("udp") => all.iter().map(|b| b.0).filter(|n| !TCP.contains(n)).collect(),
        Some("tcp") => TCP.to_vec(),
        Some(names) => names.split(',').collect(),
    };
    for n in &names {
        if !all.iter().any(|b| b.0 == *n) {
            let known: Vec<&str> = all.iter().map(|b| b.0).collect();
            return Err(format!("--set: no benchmark \"{n}\" (known: all, udp, tcp, {})", known.join(", ")));
        }
    }

    if !as_json {
        let cpu_src = cpu_seconds().map_or("unavailable", |c| c.1);
        let reset = if reset_peak() { "reset before each benchmark" } else { "NOT reset: peak of the process so far" };
        println!("sched-cli bench: trace budget 0, {repeat} run(s) per benchmark, the median-CPU run shown");
        println!("  wall: parse + validate + run; CPU: {cpu_src}");
        println!("  peak: VmHWM of the whole process (/proc/self/status), {reset}; before: VmRSS at that reset");
        println!("  (memory an earlier benchmark freed but the allocator kept counts in both)");
        println!("  events: trace events; heap ev: engine events (htsim counts the same unit); ns/heap ev: CPU per");
        println!("  engine event; heap/pkt: engine events per delivered data packet; pkts: delivered data packets");
        println!();
        println!(
            "{:<22} {:>10} {:>10} {:>9} {:>7} {:>7} {:>12} {:>10} {:>8} {:>8} {:>8} {:>8}  trace hash",
            "benchmark",
            "events",
            "heap ev",
            "data pkts",
            "wall s",
            "CPU s",
            "events/CPU-s",
            "pkts/CPU-s",
            "ns/heap ev",
            "heap/pkt",
            "peak MiB",
            "before"
        );
    }
    let mut measured: Vec<(&str, f64, String)> = Vec::new();
    for name in names {
        let text = all.iter().find(|b| b.0 == name).expect("checked above").1;
        // The TCP benchmarks need the TCP transport in the core: where it rejects them, say why and go on.
        if let Err(e) = sched_sim::validate_with(text, &sched_sim::scenario::TRUSTED_LIMITS) {
            if !TCP.contains(&name) {
                return Err(format!("benchmark {name}: {e}"));
            }
            let why = format!("{name}: not run: the core rejects the scenario ({e})");
            if as_json {
                println!("{}", json!({ "name": name, "unavailable": why }));
            } else {
                println!("{why}");
            }
            continue;
        }
        let reset = reset_peak();
        let before = status_kib("VmRSS");
        let mut runs = Vec::with_capacity(repeat);
        for _ in 0..repeat {
            runs.push(measure(text).map_err(|e| format!("benchmark {name}: {e}"))?);
        }
        let peak = status_kib("VmHWM");
        if runs.iter().any(|r| r.hash != runs[0].hash) {
            return Err(format!("benchmark {name}: the trace hash differs between repeats (non-determinism)"));
        }
        runs.sort_by(|a, b| a.cpu.total_cmp(&b.cpu));
        let m = runs.swap_remove(runs.len() / 2);
        let per_cpu = |n: u64| n as f64 / m.cpu.max(1e-9);
        measured.push((name, m.cpu, m.hash.clone()));
        let ns_per_heap = m.cpu * 1e9 / m.heap_events.max(1) as f64;
        let heap_per_pkt = m.heap_events as f64 / m.delivered.max(1) as f64;
        if as_json {
            let v = json!({
                "name": name, "events": m.events, "heap_events": m.heap_events, "delivered": m.delivered, "wall_s": m.wall, "cpu_s": m.cpu,
                "events_per_cpu_s": per_cpu(m.events), "delivered_per_cpu_s": per_cpu(m.delivered),
                "ns_per_heap_event": ns_per_heap, "heap_events_per_delivered": heap_per_pkt,
                "peak_kib": peak, "rss_before_kib": before, "peak_reset": reset,
                "trace_hash": m.hash, "repeat": repeat,
            });
            println!("{v}");
        } else {
            let mib = |k: Option<u64>| k.map_or("-".to_string(), |k| format!("{:.1}", k as f64 / 1024.0));
            println!(
                "{:<22} {:>10} {:>10} {:>9} {:>7.3} {:>7.3} {:>12.0} {:>10.0} {:>10.1} {:>8.2} {:>8} {:>8}  {}",
                name,
                m.events,
                m.heap_events,
                m.delivered,
                m.wall,
                m.cpu,
                per_cpu(m.events),
                per_cpu(m.delivered),
                ns_per_heap,
                heap_per_pkt,
                mib(peak),
                mib(before),
                &m.hash[..16]
            );
        }
    }
    let cpu_of = |n: &str| measured.iter().find(|m| m.0 == n);
    if let (Some(b), Some(p)) = (cpu_of(PROGRAM_PAIR.0), cpu_of(PROGRAM_PAIR.1)) {
        let ratio = p.1 / b.1.max(1e-9);
        let same = if p.2 == b.2 { "the same trace hash" } else { "DIFFERENT trace hashes" };
        if as_json {
            println!("{}", json!({"name": "program-vs-builtin", "cpu_ratio": ratio, "same_hash": p.2 == b.2}));
        } else {
            println!(
                "rank program vs built-in ({} / {}): CPU {ratio:.2}x the built-in's (target: at most 1.5x), {same}",
                PROGRAM_PAIR.1, PROGRAM_PAIR.0
            );
        }
    }
    if memory {
        print_memory(as_json)?;
    }
    Ok(())
}

fn print_memory(as_json: bool) -> Result<(), String> {
    let (rows, v) = crate::bench_memory::measure().map_err(|e| format!("memory: {e}"))?;
    if as_json {
        println!("{v}");
    } else {
        println!();
        println!("memory: heap bytes allocated and not freed (counting allocator), peak of a run, trace budget 0");
        for r in rows {
            println!("  {r}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::SCENARIOS;

    /// Every file in `bench/` is a listed benchmark (and the other way round), and each is valid.
    #[test]
    fn the_list_matches_the_files() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/bench");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("bench/ exists")
            .map(|e| e.expect("readable").file_name().into_string().expect("utf-8"))
            .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
            .collect();
        files.sort();
        let mut listed: Vec<String> = SCENARIOS.iter().map(|b| b.0.to_string()).collect();
        listed.sort();
        assert_eq!(files, listed);
        for (name, text) in SCENARIOS {
            let s = sched_sim::validate_with(text, &sched_sim::scenario::TRUSTED_LIMITS)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(s.name, format!("bench: {name}"));
        }
    }
}
