//! The committed JSON Schemas are what the Rust types generate, and every scenario file under
//! `scenarios/` validates, runs with its packets conserved and no NaN in its results, passes
//! its own checks, stays within the CI budget, and gives the trace hashes committed beside it
//! (`NAME.golden`; `UPDATE_GOLDENS=1` rewrites them: `npm run goldens`). Files under
//! `scenarios/reproductions/` (the papers' tables at their scale) are only validated here;
//! `sched-cli reproduce` runs them. A check whose name says "known difference" must fail.

use std::path::{Path, PathBuf};

use sched_sim::results::RunSummary;

mod common;
use common::{check_problem, scenario_tree_files, scenarios_dir};

/// Trace events a scenario file may make in `npm test` (its run, replays and versus runs):
/// about 5 s in the ci profile at the ~4 M events/s it reaches on the CI machine. Larger
/// runs belong in `scenarios/reproductions/`. Events, not seconds, so the check is exact.
const EVENT_BUDGET: u64 = 20_000_000;

/// The scenario files: JSON, but not a schema, a sweep or a lesson file.
fn is_scenario_file(p: &Path) -> bool {
    let name = p.to_string_lossy();
    p.extension().is_some_and(|e| e == "json")
        && !name.ends_with(".schema.json")
        && !name.ends_with(".sweep.json")
        && !name.ends_with(".lesson.json")
}

fn same_as_committed(file: &str, generated: String) {
    let path = scenarios_dir().join(file);
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} differs from the schema the Rust types generate; run `npm run schema` and commit it",
        path.display()
    );
}

#[test]
fn committed_schemas_match_the_types() {
    same_as_committed("scenario.schema.json", sched_sim::scenario::json_schema());
    same_as_committed("results.schema.json", sched_sim::results::json_schema());
    same_as_committed("registry.schema.json", sched_sim::sched::registry::json_schema());
    same_as_committed("sweep.schema.json", sched_sim::sweep::json_schema());
    same_as_committed("lesson.schema.json", sched_sim::lesson::json_schema());
}

/// Every floating-point figure in the results is finite, and no flow beats its ideal FCT.
fn finite(s: &RunSummary) -> Result<(), String> {
    let mut bad = Vec::new();
    let mut check = |what: String, v: f64| {
        if !v.is_finite() {
            bad.push(what);
        }
    };
    for (i, p) in s.ports.iter().enumerate() {
        check(format!("ports[{i}].utilization"), p.stats.utilization);
        if let Some(w) = &p.stats.wait {
            check(format!("ports[{i}].wait.std_ns"), w.std_ns);
        }
        check(format!("ports[{i}].queue.std_bytes"), p.stats.queue.std_bytes);
    }
    for f in &s.flows {
        if let Some(x) = f.slowdown {
            check(format!("flow {} slowdown", f.id), x);
        }
        // The ideal FCT is the flow alone on the empty network: nothing can beat it.
        if let (Some(fct), Some(ideal)) = (f.fct_ns, f.ideal_fct_ns) {
            check(
                format!("flow {} finished in {fct} ns, faster than its ideal {ideal} ns", f.id),
                if fct < ideal { f64::NAN } else { 0.0 },
            );
        }
        if let Some(d) = &f.delay_ns {
            check(format!("flow {} delay mean", f.id), d.mean);
        }
    }
    for x in s.fairness.index.iter().flatten().chain(s.fairness.mean.iter()) {
        check("fairness".into(), *x);
    }
    for f in &s.throughput.flows {
        for x in &f.bps {
            check(format!("throughput of flow {}", f.flow), *x);
        }
    }
    for w in &s.workloads {
        check(format!("workload {} load", w.id), w.measured_load);
    }
    for x in s.fct.all.mean_ns.iter().chain(s.fct.all.mean_slowdown.iter()).chain(s.fct.slowdown_cdf.iter()) {
        check("fct".into(), *x);
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad.join(", "))
    }
}

/// The trace hashes of a scenario file's runs, one line each: `HASH run`, `HASH replay MODE`,
/// `HASH versus {SPEC}`. Lines starting with `#` are comments.
fn golden_text(name: &str, lines: &[String]) -> String {
    let mut t = if REFERENCE {
        format!(
            "# Reference trace hashes of {name}: SHA-256 over every trace event, implied ones included\n\
             # (test-only; the run's identity is NAME.golden's XXH3-128 over the events the others do\n\
             # not imply). Checked natively by the scenario tests with --features sha256-trace; npm run\n\
             # goldens rewrites both files.\n"
        )
    } else {
        format!(
            "# Trace hashes of {name}: XXH3-128 over the trace's events less the implied ones\n\
             # (departs, and arrivals after a packet's first; wasm-core/wasm/README.md).\n\
             # Checked natively (cargo test) and in wasm (scripts/wasm-determinism.mjs). A change that\n\
             # alters one rewrites this file (npm run goldens) in the same commit and says why.\n"
        )
    };
    for l in lines {
        t.push_str(l);
        t.push('\n');
    }
    t
}

/// Whether this build's trace hashes are the SHA-256 reference (feature `sha256-trace`).
const REFERENCE: bool = cfg!(feature = "sha256-trace");

/// `NAME.golden` (the run's identity, XXH3-128), or `NAME.sha256` (the reference) in a
/// `sha256-trace` build.
fn golden_path(scenario: &Path) -> PathBuf {
    scenario.with_extension(if REFERENCE { "sha256" } else { "golden" })
}

#[test]
fn every_scenario_file_validates_runs_and_passes_its_checks() {
    let update = std::env::var_os("UPDATE_GOLDENS").is_some();
    let files = scenario_tree_files(&is_scenario_file);
    assert!(files.iter().any(|p| p.ends_with("default.json")), "scenarios/default.json is missing");
    let mut failures = Vec::new();
    let mut edf_compared = 0;
    let (mut total_events, total_started) = (0u64, std::time::Instant::now());
    for path in files {
        let name = path.strip_prefix(scenarios_dir()).unwrap().display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        if name.starts_with("reproductions/") {
            sched_sim::validate_with(&text, &sched_sim::scenario::TRUSTED_LIMITS)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            println!("{name}: validated (sched-cli reproduce runs it)");
            continue;
        }
        let scenario = sched_sim::validate(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let started = std::time::Instant::now();
        let out = sched_sim::run(&scenario, &sched_sim::RunOptions { seed: None, max_trace_events: Some(0) }).unwrap();
        let t = out.summary.totals;
        assert_eq!(t.sent, t.delivered + t.dropped + t.in_network, "{name}: conservation");
        assert!(t.delivered > 0, "{name}: nothing delivered");
        if let Err(e) = finite(&out.summary) {
            failures.push(format!("{name}: not finite: {e}"));
        }
        // UPS App. A.5: network-wide EDF and LSTF make the same decisions, so a scenario that
        // replays with both gets two identical replays, event for event.
        {
            use sched_sim::scenario::Mode;
            for pre in [false, true] {
                let hash = |m: Mode| {
                    let r = out.summary.replays.iter().find(|r| r.mode == m && r.preemptive == pre);
                    r.map(|r| r.trace_hash.clone())
                };
                if let (Some(l), Some(e)) = (hash(Mode::Lstf), hash(Mode::Edf)) {
                    if l != e {
                        failures.push(format!("{name}: the EDF replay differs from the LSTF replay"));
                    }
                    edf_compared += 1;
                }
            }
        }
        let report = sched_sim::run_checks(&scenario, &out);
        // A check marked "(known difference: why)" must fail, any other hold (common::check_problem).
        failures.extend(report.outcomes.iter().filter_map(|o| check_problem(&name, o)));
        let mut hashes = vec![format!("{} run", out.summary.trace_hash)];
        let mut events = out.summary.events_total;
        for r in &out.summary.replays {
            hashes.push(format!("{} replay {}", r.trace_hash, r.name));
            events += r.events_total;
        }
        for (spec, hash) in &report.versus {
            hashes.push(format!("{hash} versus {spec}"));
        }
        // Versus runs are as long as the run itself, give or take the scheduler.
        events += out.summary.events_total * report.versus.len() as u64;
        total_events += events;
        if events > EVENT_BUDGET {
            failures.push(format!(
                "{name}: {events} trace events with its replays and versus runs, over the CI budget of \
                 {EVENT_BUDGET}; shorten it or move it to scenarios/reproductions/"
            ));
        }
        let want = golden_text(&name, &hashes);
        let golden = golden_path(&path);
        if update {
            std::fs::write(&golden, &want).unwrap();
        } else {
            let have = std::fs::read_to_string(&golden).unwrap_or_default();
            if have != want {
                failures.push(format!(
                    "{name}: trace hashes differ from {}:\n  committed: {:?}\n  this run:  {:?}\n  \
                     if the change is meant, run `npm run goldens` and say why in the commit message",
                    golden.file_name().unwrap().to_string_lossy(),
                    have.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>(),
                    hashes
                ));
            }
        }
        println!(
            "{name}: {events} events with replays and versus runs, {} checks, {:.2} s",
            report.outcomes.len(),
            started.elapsed().as_secs_f64()
        );
    }
    println!("all scenario files: {total_events} events, {:.1} s", total_started.elapsed().as_secs_f64());
    assert!(edf_compared >= 10, "only {edf_compared} scenarios replay with both EDF and LSTF");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_golden_file_belongs_to_a_scenario() {
    let stray: Vec<String> = scenario_tree_files(&|p| {
        p.extension().is_some_and(|x| x == "golden" || x == "sha256") && !p.with_extension("json").exists()
    })
    .iter()
    .map(|p| p.display().to_string())
    .collect();
    assert!(stray.is_empty(), "golden files without a scenario (delete them): {stray:?}");
}
