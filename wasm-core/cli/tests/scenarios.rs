//! The committed JSON Schemas are what the Rust types generate, and every scenario file under
//! `scenarios/` validates, runs with its packets conserved and no NaN in its results, and
//! passes its own checks.

use std::path::{Path, PathBuf};

use sched_sim::results::RunSummary;

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            scenario_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") && !p.to_string_lossy().ends_with(".schema.json") {
            out.push(p);
        }
    }
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
        if let Some(w) = p.stats.mean_wait_ns {
            check(format!("ports[{i}].mean_wait_ns"), w);
        }
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

#[test]
fn every_scenario_file_validates_runs_and_passes_its_checks() {
    let mut files = Vec::new();
    scenario_files(&scenarios_dir(), &mut files);
    assert!(files.iter().any(|p| p.ends_with("default.json")), "scenarios/default.json is missing");
    let mut failures = Vec::new();
    let mut edf_compared = 0;
    for path in files {
        let name = path.strip_prefix(scenarios_dir()).unwrap().display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
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
            use sched_sim::replay::Mode;
            let hash = |m: Mode| out.summary.replays.iter().find(|r| r.mode == m).map(|r| r.trace_hash.clone());
            if let (Some(l), Some(e)) = (hash(Mode::Lstf), hash(Mode::Edf)) {
                if l != e {
                    failures.push(format!("{name}: the EDF replay differs from the LSTF replay"));
                }
                edf_compared += 1;
            }
        }
        let outcomes = sched_sim::run_checks(&scenario, &out);
        for o in &outcomes {
            if !o.passed {
                failures.push(format!("{name}: check \"{}\": {}", o.name, o.message));
            }
        }
        println!(
            "{name}: {} events, {} checks, {:.2} s",
            out.summary.events_total,
            outcomes.len(),
            started.elapsed().as_secs_f64()
        );
    }
    assert!(edf_compared >= 10, "only {edf_compared} scenarios replay with both EDF and LSTF");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
