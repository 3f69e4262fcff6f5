//! In-process fuzzing (issue 42), run by `cargo test` within a bounded number of cases (150,000,
//! about 30 s of CPU in the `ci` profile, 0.2 ms a case; `FUZZ_FROM=K FUZZ_CASES=N` runs cases
//! K..N, scripts/fuzz-long.sh the 10^7 in chunks): a structure-aware generator of
//! valid-but-extreme scenarios (every quantity at the edges the validator allows: zero and
//! 10^9 s delays, 1 bps and 1000 Tbps rates, one-packet buffers, ON-OFF at 1 ns periods,
//! every transport, every registry scheduler, slack policies), and a mutator of the committed
//! scenario files (each field swapped for an extreme or ill-typed value). Invariants: no panic
//! (validation, budget, build, run; the `ci` profile checks every overflow and every `Time`
//! subtraction, so "no wrap" and "time never goes back" are panics here too) and conservation
//! (created = delivered + dropped + in the network). A case that breaks one is printed as the
//! scenario text: save it under sim/tests/fuzz-regressions/, where `regressions_stay_fixed`
//! replays every file.
//!
//! FUZZ_PROFILE=1 prints where the cases' time went (validation, network build, run, summary),
//! FUZZ_SLOW=1 each case over 20 ms, FUZZ_TRACE=1 every case. A case runs its first FUZZ_EVENTS
//! events (20,000): with runs to their end a case cost 2-4 ms, most of it in a few long runs.
//!
//! cargo-fuzz is not used: it needs a nightly compiler (libFuzzer's sanitizer coverage), which
//! `npm test` does not install. The generator is what finds these bugs (the hand-found cases of
//! sim/tests/hostile.rs are all reachable from it); coverage guidance would be a later step.

use std::panic::{catch_unwind, AssertUnwindSafe};

use sched_sim::scenario::{Limits, LIMITS};
use sched_sim::{Run, RunOptions};

/// splitmix64: a seeded stream, enough to pick among choices.
struct Pick(u64);

impl Pick {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn of<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const TIMES: &[&str] = &["0", "1ns", "7ns", "1us", "1ms", "999999999.999999999s", "1000000000s"];
const RATES: &[&str] = &["1bps", "8bps", "1Mbps", "10Gbps", "1000Tbps", "inf"];
const BUFFERS: &[&str] = &["1pkt", "2pkt", "1B", "1500B", "64KiB", "unlimited", "1000TB"];
const SIZES: &[&str] = &["1B", "40B", "1500B", "65535B"];
const TRANSPORTS: &[&str] = &["udp", "tcp", "dctcp", "pfabric"];

/// A scenario within the validator's bounds, quantities at their edges: a chain of routers
/// between hosts, extra hosts on the routers, one to four sources.
fn generate(p: &mut Pick) -> String {
    let routers = 1 + p.below(4);
    let hosts = 2 + p.below(3);
    let mut nodes = Vec::new();
    let mut links = Vec::new();
    let link = |p: &mut Pick, a: &str, b: &str| {
        let short = ["0", "1ns", "1us", "1ms"];
        let delay = if p.below(8) == 0 { p.of(TIMES) } else { p.of(&short) };
        let buffer = if p.below(2) == 0 { format!(r#", "buffer": "{}""#, p.of(BUFFERS)) } else { String::new() };
        format!(r#"{{"from": "{a}", "to": "{b}", "bandwidth": "{}", "delay": "{delay}"{buffer}}}"#, p.of(RATES))
    };
    let names = sched_sim::sched::REGISTRY.iter().map(|s| s.name).collect::<Vec<_>>();
    for r in 0..routers {
        let sched = if p.below(2) == 0 {
            format!(r#", "scheduler": {{"name": "{}"}}"#, names[p.below(names.len())])
        } else {
            String::new()
        };
        nodes.push(format!(r#"{{"id": "r{r}", "kind": "router"{sched}}}"#));
        if r > 0 {
            links.push(link(p, &format!("r{}", r - 1), &format!("r{r}")));
        }
    }
    for h in 0..hosts {
        nodes.push(format!(r#"{{"id": "h{h}", "kind": "host"}}"#));
        let r = if h == 0 {
            0
        } else if h == 1 {
            routers - 1
        } else {
            p.below(routers)
        };
        links.push(link(p, &format!("h{h}"), &format!("r{r}")));
    }
    let mut traffic = Vec::new();
    for i in 0..1 + p.below(4) {
        let (src, dst) = (p.below(hosts), p.below(hosts));
        let dst = if dst == src { (src + 1) % hosts } else { dst };
        let ends = format!(r#""id": "f{i}", "src": "h{src}", "dst": "h{dst}""#);
        let window = match p.below(4) {
            0 => format!(r#", "start": "{}""#, p.of(&["0", "1ns", "1ms"])),
            1 => format!(r#", "stop": "{}""#, p.of(&["1ns", "1us", "5ms"])),
            _ => String::new(),
        };
        let transport = p.of(TRANSPORTS);
        let tcp = if transport != "udp" && p.below(2) == 0 {
            format!(
                r#", "tcp": {{"mss": "{}", "initial_window": {}}}"#,
                p.of(&["1B", "536B", "1460B", "65000B"]),
                1 + p.below(100)
            )
        } else {
            String::new()
        };
        traffic.push(match p.below(6) {
            0 => format!(r#"{{"kind": "cbr", {ends}, "rate": "{}", "packet_size": "{}"{window}}}"#, p.of(&RATES[..5]), p.of(SIZES)),
            1 => format!(r#"{{"kind": "poisson", {ends}, "rate": "{}", "packet_size": "{}"{window}}}"#, p.of(&RATES[..4]), p.of(SIZES)),
            2 => format!(
                r#"{{"kind": "onoff", {ends}, "rate": "{}", "packet_size": "{}", "on": "{}", "off": "{}"{window}}}"#,
                p.of(&RATES[..5]),
                p.of(SIZES),
                p.of(&TIMES[1..]),
                p.of(TIMES)
            ),
            3 => format!(r#"{{"kind": "bulk", {ends}, "transport": "{transport}"{tcp}{window}}}"#),
            4 => format!(
                r#"{{"kind": "flow", {ends}, "size": "{}", "transport": "{transport}"{tcp}{window}}}"#,
                p.of(&["1B", "1500B", "100KB", "10MB"])
            ),
            _ => format!(
                r#"{{"kind": "workload", "id": "f{i}", "load": {}, "sizes": {{"dist": "fixed", "size": "{}"}}{window}}}"#,
                p.of(&["0.001", "0.5", "0.999"]),
                p.of(&["1B", "1500B", "1MB"])
            ),
        });
    }
    let slack = match p.below(4) {
        0 => format!(r#""slack": {{"default": {{"policy": "constant", "value": "{}"}}}},"#, p.of(TIMES)),
        1 => format!(r#""slack": {{"default": {{"policy": "fair", "r_est": "{}"}}}},"#, p.of(&RATES[..5])),
        _ => String::new(),
    };
    format!(
        r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "fuzz", "seed": {}, "duration": "{}", {slack}
            "topology": {{"nodes": [{}], "links": [{}]}}, "traffic": [{}]}}"#,
        p.next() as u32,
        p.of(&["1ns", "1us", "1ms", "10ms"]),
        nodes.join(", "),
        links.join(", "),
        traffic.join(", ")
    )
}

/// The page's limits with a small CPU budget, so every accepted case runs in milliseconds.
const FUZZ_LIMITS: Limits = Limits { cpu_ns: 50_000_000, memory_bytes: 256 << 20, ..LIMITS };

/// Where the cases' time went (FUZZ_PROFILE=1 prints it): validation, the network build, the
/// run, its summary, in ns.
static SPENT: [std::sync::atomic::AtomicU64; 4] = [const { std::sync::atomic::AtomicU64::new(0) }; 4];

fn spent(i: usize, since: std::time::Instant) -> std::time::Instant {
    SPENT[i].fetch_add(since.elapsed().as_nanos() as u64, std::sync::atomic::Ordering::Relaxed);
    std::time::Instant::now()
}

/// Events a case runs at most (FUZZ_EVENTS): the bugs are in quantities at their edges, which
/// the first events reach; a longer run repeats them (and cost 4 ms a case on average, most of
/// a case's time, when runs went to their end).
static EVENTS: std::sync::LazyLock<u64> =
    std::sync::LazyLock::new(|| std::env::var("FUZZ_EVENTS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000));

/// Validates `text` and, if accepted, runs it; Err(what broke) when an invariant fails.
fn check(text: &str) -> Result<bool, String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let t = std::time::Instant::now();
        let parsed = sched_sim::validation::parse_with(text, &FUZZ_LIMITS);
        let t = spent(0, t);
        let Ok(s) = parsed else { return Ok(false) };
        let started = Run::start(&s, &RunOptions { seed: None, max_trace_events: Some(1_000) });
        let t = spent(1, t);
        let Ok(mut run) = started else {
            return Ok(false);
        };
        // Bounded: a case's first EVENTS events (conservation holds at every instant); a run
        // that ends within them is finished (its summary and metrics) too.
        let done = run.advance(*EVENTS) >= 1.0;
        let c = run.conservation();
        if c.created != c.delivered + c.dropped + c.in_network {
            return Err(format!("conservation: {c:?}"));
        }
        let t = spent(2, t);
        if done {
            run.finish();
        }
        spent(3, t);
        Ok(true)
    }));
    outcome.unwrap_or_else(|e| {
        let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
        Err(format!("panic: {}", msg.unwrap_or_default()))
    })
}

/// The cases to run: FUZZ_FROM..FUZZ_CASES (default 0..`default`); each case is seeded by its
/// number alone, so a long run goes in chunks (scripts/fuzz-long.sh) and a case replays alone.
fn cases(default: u64) -> std::ops::Range<u64> {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    let n = var("FUZZ_CASES").unwrap_or(default);
    var("FUZZ_FROM").unwrap_or(0).min(n)..n
}

#[test]
fn generated_extreme_scenarios_hold_their_invariants() {
    let range = cases(100_000);
    let (from, n) = (range.start, range.end);
    let (mut ran, mut failures) = (0, Vec::new());
    for k in range {
        let text = generate(&mut Pick(k));
        if std::env::var_os("FUZZ_TRACE").is_some() {
            eprintln!("case {k}: {text}");
        }
        let t = std::time::Instant::now();
        let r = check(&text);
        if std::env::var_os("FUZZ_SLOW").is_some() && t.elapsed().as_millis() > 20 {
            eprintln!("slow case {k}: {:?}\n{text}", t.elapsed());
        }
        match r {
            Ok(r) => ran += r as u64,
            Err(e) => failures.push(format!("case {k}: {e}\n{text}")),
        }
    }
    println!(
        "fuzz: {} generated scenarios (cases {from}..{n}), {ran} accepted and run, {} broke an invariant",
        n - from,
        failures.len()
    );
    if std::env::var_os("FUZZ_PROFILE").is_some() {
        let ms = |i: usize| SPENT[i].load(std::sync::atomic::Ordering::Relaxed) as f64 / 1e6;
        println!(
            "fuzz: validation {:.0} ms, build {:.0} ms, run {:.0} ms, summary {:.0} ms",
            ms(0),
            ms(1),
            ms(2),
            ms(3)
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The generator reaches runs, not only refusals.
    assert!(ran * 4 >= n - from, "only {ran} of {} generated scenarios were accepted", n - from);
}

/// Extreme or ill-typed values a mutation puts in place of a field.
const MUTANTS: &[&str] = &[
    "null",
    "-1",
    "0",
    "1e308",
    "18446744073709551615",
    "\"\"",
    "[]",
    "{}",
    "\"18446744073.709551615s\"",
    "\"1000000000s\"",
    "\"0\"",
    "\"1bps\"",
    "\"inf\"",
    "\"1000TB\"",
    "\"1pkt\"",
    "\"\\u202e\"",
    "true",
];

fn mutate(v: &mut serde_json::Value, p: &mut Pick) {
    use serde_json::Value;
    match v {
        Value::Object(m) if !m.is_empty() => {
            let k = m.keys().nth(p.below(m.len())).cloned().expect("a key");
            if p.below(3) == 0 {
                m.insert(k, serde_json::from_str(MUTANTS[p.below(MUTANTS.len())]).expect("JSON"));
            } else {
                mutate(m.get_mut(&k).expect("present"), p);
            }
        }
        Value::Array(a) if !a.is_empty() => {
            let i = p.below(a.len());
            match p.below(4) {
                0 => a[i] = serde_json::from_str(MUTANTS[p.below(MUTANTS.len())]).expect("JSON"),
                1 => {
                    let x = a[i].clone();
                    a.push(x);
                }
                _ => mutate(&mut a[i], p),
            }
        }
        _ => *v = serde_json::from_str(MUTANTS[p.below(MUTANTS.len())]).expect("JSON"),
    }
}

#[test]
fn mutated_scenario_files_hold_their_invariants() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let seeds: Vec<serde_json::Value> = ["default.json", "ups/objective-fairness-tcp.json", "middlebox/fig1-drfq.json"]
        .iter()
        .map(|f| serde_json::from_str(&std::fs::read_to_string(root.join(f)).unwrap()).unwrap())
        .collect();
    let range = cases(50_000);
    let (from, n) = (range.start, range.end);
    let mut failures = Vec::new();
    for k in range {
        let mut p = Pick(1 << 40 | k);
        let mut doc = seeds[p.below(seeds.len())].clone();
        for _ in 0..1 + p.below(3) {
            mutate(&mut doc, &mut p);
        }
        let text = doc.to_string();
        if std::env::var_os("FUZZ_TRACE").is_some() {
            eprintln!("mutant {k}: {text}");
        }
        if let Err(e) = check(&text) {
            failures.push(format!("mutant {k}: {e}\n{text}"));
        }
    }
    println!("fuzz: {} mutated scenario files (cases {from}..{n}), {} broke an invariant", n - from, failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every saved crash stays fixed.
#[test]
fn regressions_stay_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    for e in std::fs::read_dir(&dir).unwrap() {
        if e.as_ref().is_ok_and(|e| e.path().extension().is_none_or(|x| x != "json")) {
            continue;
        }
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        check(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    }
}
