//! `sched-cli`: the native shell of the core, for tests, benchmarks and batch runs.
//!
//!   sched-cli run SCENARIO.json [--seed N] [--duration T] [--out results.json] [--csv DIR] [--trace-budget N] [--yes]
//!   sched-cli validate FILE...
//!   sched-cli schema [--results | --registry] [--out FILE]
//!   sched-cli presets | schedulers
//!   sched-cli bench [--set NAME] [--repeat N] [--json] | bench --print-scenarios
//!   sched-cli reproduce [NAME] [--dir DIR] [--record] | reproduce --summary [--write | --check]
//!   sched-cli docs [--out DIR] [--check]
//!   sched-cli lesson check FILE...
//!   sched-cli sweep FILE [--jobs N] [--out DIR] | sweep FILE --scenario J | sweep FILE --inline

use std::process::ExitCode;

use sched_sim::RunOptions;

mod bench;
mod bench_memory;
mod csv;
mod docs;
mod heap;
mod lesson;
mod reproduce;
mod scoreboard;
mod sweep;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

const USAGE: &str = "usage:
  sched-cli run SCENARIO.json [--seed N] [--duration T] [--out results.json] [--csv DIR] [--trace-budget N] [--yes]
      prints the run's estimated budget (CPU, memory; --yes needed past an hour of CPU), runs the scenario (--duration replaces its duration, e.g. 1s), prints the trace hash and figures, evaluates its checks
      (exit status 1 when a check fails)
  sched-cli validate FILE...      checks scenario files
  sched-cli schema [--results | --registry | --sweep | --lesson] [--out FILE]
      the JSON Schema of scenario files (or of results files, the scheduler registry, sweep or lesson files)
  sched-cli lesson check FILE...  runs every step of each lesson: its scenario, question answers, exercise solutions
  sched-cli presets               topology presets and their parameters (JSON)
  sched-cli schedulers            the scheduler registry (JSON)
  sched-cli bench [--set NAME[,NAME...]] [--repeat N] [--json]
      runs the embedded benchmark scenarios (trace budget 0): events, packets, wall and CPU time, peak memory
  sched-cli bench --print-scenarios   the benchmark scenarios as a JSON object name -> scenario text
  sched-cli reproduce [NAME] [--dir scenarios/reproductions] [--record]
      runs the papers' reproductions at their scale; prints each paper figure beside ours, then the checks
      (--record keeps them in docs/papers/measured.json)
  sched-cli reproduce --summary [--write | --check]
      the papers' scoreboard: every item held / differs / absent, with its claims, files and CPU time
  sched-cli docs [--out DIR] [--check]
      writes docs/schedulers/ (a page per scheduler, from the registry); --check fails if they are stale
  sched-cli sweep FILE [--jobs N] [--out DIR]
      runs a sweep's points x seeds on N threads into DIR/points.csv (resumes from it) and DIR/summary.csv
      (means and 95% intervals across seeds), then its checks; --scenario J prints job J's scenario,
      --inline the sweep with its base written in (the page's Sweep tab opens such a file)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("validate") => validate(&args[1..]),
        Some("schema") => schema(&args[1..]),
        Some("bench") => bench::main(&args[1..]),
        Some("reproduce") => reproduce::main(&args[1..]),
        Some("docs") => docs::main(&args[1..]),
        Some("sweep") => sweep::main(&args[1..]),
        Some("lesson") => lesson::main(&args[1..]),
        Some("presets") if args.len() == 1 => {
            println!("{}", sched_sim::presets::catalog_json());
            Ok(())
        }
        Some("schedulers") if args.len() == 1 => {
            println!("{}", sched_sim::sched::registry::registry_json());
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Positional arguments and `(--flag, value)` pairs.
type Parsed<'a> = (Vec<&'a str>, Vec<(&'static str, &'a str)>);

/// Splits `--flag value` pairs from positional arguments.
fn options<'a>(args: &'a [String], flags: &[&'static str]) -> Result<Parsed<'a>, String> {
    let (mut pos, mut opts) = (Vec::new(), Vec::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(flag) = flags.iter().find(|f| **f == a) {
            let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
            opts.push((*flag, v.as_str()));
        } else if a.starts_with("--") {
            return Err(format!("unknown option {a}\n{USAGE}"));
        } else {
            pos.push(a.as_str());
        }
    }
    Ok((pos, opts))
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

/// Past this estimated CPU time `run` asks for `--yes`.
const ASK_PAST_NS: u64 = 3_600_000_000_000;

fn run(args: &[String]) -> Result<(), String> {
    let yes = args.iter().any(|a| a == "--yes");
    let args: Vec<String> = args.iter().filter(|a| *a != "--yes").cloned().collect();
    let (pos, opts) = options(&args, &["--seed", "--out", "--csv", "--trace-budget", "--duration"])?;
    let [path] = pos[..] else {
        return Err(USAGE.to_string());
    };
    let mut ro = RunOptions::default();
    let mut out = None;
    let mut csv_dir = None;
    let mut duration = None;
    for (flag, v) in opts {
        match flag {
            "--seed" => {
                ro.seed = Some(v.parse().map_err(|_| format!("--seed: \"{v}\" is not a number from 0 to 4294967295"))?)
            }
            "--trace-budget" => {
                let cap = sched_sim::scenario::TRUSTED_LIMITS.trace_events;
                let n: u64 = v.parse().map_err(|_| format!("--trace-budget: \"{v}\" is not a count"))?;
                if n > cap {
                    return Err(format!("--trace-budget: at most {cap} events"));
                }
                ro.max_trace_events = Some(n)
            }
            "--csv" => csv_dir = Some(v),
            "--duration" => duration = Some(v),
            _ => out = Some(v),
        }
    }
    let mut text = read(path)?;
    if let Some(d) = duration {
        // Replace the duration in the scenario text, then validate as usual.
        let mut doc: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
        let Some(fields) = doc.as_object_mut() else {
            return Err(format!(
                "{path}: a scenario is a JSON object ({{...}}); --duration cannot set a field of this"
            ));
        };
        fields.insert("duration".into(), d.into());
        text = doc.to_string();
    }
    // Checked once: the run starts from the checked scenario, and its checks read it after.
    let (scenario, budget) = sched_sim::validation::parse_budgeted(&text, &sched_sim::scenario::TRUSTED_LIMITS)
        .map_err(|e| format!("{path}: {e}"))?;
    // On stderr: stdout starts with the trace hash (scripts read its first line).
    eprintln!("budget: {} ({} packets, {} packet-hops)", budget.describe(), budget.packets, budget.packet_hops);
    if budget.cpu_ns > ASK_PAST_NS && !yes {
        return Err(format!(
            "{path}: this run would take {} (most of it {}); pass --yes to run it",
            budget.describe(),
            budget.cpu_by
        ));
    }
    let started = std::time::Instant::now();
    let run = sched_sim::Run::start(&scenario, &ro).map_err(|e| format!("{path}: {e}"))?;
    let r = run.finish();
    let secs = started.elapsed().as_secs_f64();
    let s = &r.summary;
    println!("trace hash: {}", s.trace_hash);
    println!("scenario: {} (seed {})", s.scenario.name, s.seed);
    println!("events: {} ({:.2} s wall, {:.0} events/s)", s.events_total, secs, s.events_total as f64 / secs.max(1e-9));
    println!(
        "packets: sent {} delivered {} dropped {} in network {}",
        s.totals.sent, s.totals.delivered, s.totals.dropped, s.totals.in_network
    );
    for f in &s.flows {
        let d = f.delay_ns.as_ref().map_or("-".to_string(), |d| format!("mean {:.0} ns, p99 {} ns", d.mean, d.p99));
        println!("flow {}: sent {} delivered {} dropped {}; delay {}", f.id, f.sent, f.delivered, f.dropped, d);
    }
    if let Some(f) = &s.fct.all.mean_ns {
        println!(
            "flow completion: {} of {} finite flows, mean FCT {f:.0} ns, mean slowdown {:.3}",
            s.fct.all.completed,
            s.fct.all.flows,
            s.fct.all.mean_slowdown.unwrap_or(f64::NAN)
        );
    }
    for w in &s.workloads {
        println!(
            "workload {}: {} flows, load target {:.3} on port {}: measured {:.3} over its active period ({:.3} over the run)",
            w.id, w.flows, w.target_load, w.port, w.active_load, w.measured_load
        );
        if w.links.len() > 1 {
            let (lo, hi) =
                w.links.iter().fold((f64::INFINITY, 0f64), |(l, h), x| (l.min(x.active_load), h.max(x.active_load)));
            println!(
                "  {} loaded links (expected load >= target): {lo:.3} to {hi:.3} over the active period",
                w.links.len()
            );
        }
    }
    for r in &s.replays {
        println!(
            "replay {}: {} packets ({} dropped, {} unfinished left out); overdue {} ({:.4}), by more than T = {} ns: {} ({:.5})",
            r.name, r.packets, r.excluded_dropped, r.excluded_unfinished, r.overdue, r.overdue_fraction, r.t_ns, r.overdue_by_t, r.overdue_by_t_fraction
        );
    }
    if let Some(out) = out {
        let json = serde_json::to_string_pretty(&s).expect("plain data");
        std::fs::write(out, json + "\n").map_err(|e| format!("{out}: {e}"))?;
        println!("wrote {out}");
    }
    if let Some(dir) = csv_dir {
        csv::write_all(s, std::path::Path::new(dir)).map_err(|e| format!("{dir}: {e}"))?;
        println!("wrote CSV tables to {dir}");
    }
    report_checks(&sched_sim::run_checks(&scenario, &r).outcomes)
}

/// Prints each check's outcome (a scenario's or a sweep's); an error counts the failed ones.
fn report_checks(outcomes: &[sched_sim::checks::Outcome]) -> Result<(), String> {
    for o in outcomes {
        println!("check {}: {} — {}", if o.passed { "ok" } else { "FAILED" }, o.name, o.message);
    }
    match outcomes.iter().filter(|o| !o.passed).count() {
        0 => Ok(()),
        failed => Err(format!("{failed} of {} checks failed", outcomes.len())),
    }
}

fn validate(args: &[String]) -> Result<(), String> {
    if args.is_empty() {
        return Err(USAGE.to_string());
    }
    let mut failed = 0;
    for path in args {
        match read(path)
            .and_then(|t| sched_sim::validate_with(&t, &sched_sim::scenario::TRUSTED_LIMITS).map_err(|e| e.to_string()))
        {
            Ok(_) => println!("ok {path}"),
            Err(e) => {
                println!("error {path}: {e}");
                failed += 1;
            }
        }
    }
    if failed > 0 {
        return Err(format!("{failed} of {} files are invalid", args.len()));
    }
    Ok(())
}

fn schema(args: &[String]) -> Result<(), String> {
    let flag = |f: &str| args.iter().any(|a| a == f);
    let rest: Vec<String> = args
        .iter()
        .filter(|a| !matches!(a.as_str(), "--results" | "--registry" | "--sweep" | "--lesson"))
        .cloned()
        .collect();
    let (pos, opts) = options(&rest, &["--out"])?;
    if !pos.is_empty() {
        return Err(USAGE.to_string());
    }
    let text = match (flag("--results"), flag("--registry"), flag("--sweep"), flag("--lesson")) {
        (false, false, false, false) => sched_sim::scenario::json_schema(),
        (true, false, false, false) => sched_sim::results::json_schema(),
        (false, true, false, false) => sched_sim::sched::registry::json_schema(),
        (false, false, true, false) => sched_sim::sweep::json_schema(),
        (false, false, false, true) => sched_sim::lesson::json_schema(),
        _ => return Err(USAGE.to_string()),
    };
    match opts.first() {
        Some((_, out)) => std::fs::write(out, &text).map_err(|e| format!("{out}: {e}")),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
