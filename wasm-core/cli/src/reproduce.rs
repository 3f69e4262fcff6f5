//! `sched-cli reproduce [NAME] [--dir DIR] [--record]`: runs the papers' reproductions at their
//! scale (`scenarios/reproductions/`, which `npm test` only validates) and prints each of the
//! scenario's `paper` figures beside ours, then its checks. NAME is a file stem (or a file name) or a folder
//! under DIR (default: every file). A sweep file (`NAME.sweep.json`) runs as `sched-cli sweep`
//! does, on every core, into sweeps/NAME. Exit status 1 when a check fails. `--record` keeps
//! each scenario file's outcomes, figures and CPU time in `docs/papers/measured.json` (with the
//! hash of the file's text), which the scoreboard reads: `reproduce --summary` (scoreboard.rs).

use std::path::{Path, PathBuf};

use sched_sim::checks::measure;
use sched_sim::scenario::checks::Metric;

use crate::bench::cpu_seconds;

const USAGE: &str = "usage: sched-cli reproduce [NAME | FILE.json] [--dir scenarios/reproductions] [--record]
       sched-cli reproduce --summary [--write | --check]
  runs the reproductions (NAME: a file stem or a folder under the directory; default all) and prints
  each paper figure beside ours, then the scenario's checks; --record keeps the outcomes, figures and
  CPU time in docs/papers/measured.json. --summary prints the papers' scoreboard (every item: held,
  differs, figures only, not measured or absent, with its claims and files); --write writes
  docs/papers/scoreboard.json and web/src/generated/papers.ts, --check fails when they are stale";

/// A metric's value for people: fractions as percentages, times in ms.
pub fn show(metric: Metric, v: f64) -> String {
    use Metric::*;
    match metric {
        OverdueFraction
        | OverdueByTFraction
        | DropFraction
        | DeliveredFraction
        | CompletedFraction
        | Utilization
        | ActiveLoad
        | CpuUtilization
        | LinkStageUtilization
        | DominantShare
        | AqmDropFraction
        | CodelDroppingFraction => format!("{:.4}%", v * 100.0),
        FctMeanNs
        | FctByteWeightedMeanNs
        | FctP99Ns
        | DelayMeanNs
        | DelayP99Ns
        | RttMeanNs
        | BurstDelayMeanNs
        | WaitMeanNs
        | WaitP50Ns
        | WaitP99Ns
        | WaitStdNs
        | SlackMeanNs
        | SlackStdNs => {
            format!("{:.3} ms", v / 1e6)
        }
        SlackVarianceNs2 => format!("{:.4e} s^2", v / 1e18),
        WaitVarianceNs2 => format!("{:.4e} s^2", v / 1e18),
        QueueMeanBytes | QueueStdBytes => format!("{v:.1} B"),
        QueueVarianceBytes2 => format!("{v:.4e} B^2"),
        ThroughputBps => format!("{:.3} Mbps", v / 1e6),
        SlowdownMean
        | SlowdownP99
        | JainMean
        | JainLast
        | DominantShareAboveFloorMin
        | DequeueGap
        | DequeueGapHalf
        | WaitWelchT
        | WaitWelchDf
        | WaitFRatio
        | QdelayRatioP50 => {
            format!("{v:.4}")
        }
        OverduePackets | OutOfOrderPackets => format!("{v}"),
        MaxLateNs => format!("{:.3} us", v / 1e3),
        MakespanNs => format!("{:.3} s", v / 1e9),
    }
}

/// A file's record for `docs/papers/measured.json`: its text's hash, CPU time, checks, figures.
type Record = Option<(String, serde_json::Value)>;

fn one(path: &Path, root: &Path) -> Result<(usize, Record), String> {
    let name = path.strip_prefix(root).unwrap_or(path).display().to_string();
    if let Some(stem) = name.strip_suffix(".sweep.json") {
        let plan = crate::sweep::plan(path)?;
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        println!("== {name}: {}", plan.name);
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        return Ok(match crate::sweep::run(&plan, threads, &Path::new("sweeps").join(stem)) {
            Ok(done) => {
                let failed = crate::report_checks(&done.outcomes).map_or_else(
                    |e| {
                        println!("   {e}");
                        done.outcomes.iter().filter(|o| !o.passed).count()
                    },
                    |()| 0,
                );
                // Each check's outcome per point ("NAME [axis=value]"); the CPU time of its
                // jobs when this run made them all.
                let checks: Vec<_> = done
                    .outcomes
                    .iter()
                    .map(|o| serde_json::json!({"name": o.name, "passed": o.passed, "message": o.message}))
                    .collect();
                let cpu = done.cpu_s.map_or(serde_json::Value::Null, |c| serde_json::json!((c * 10.0).round() / 10.0));
                let record = serde_json::json!({"hash": crate::scoreboard::text_hash(&text), "cpu_s": cpu,
                    "runs": plan.jobs(), "checks": checks, "figures": []});
                (failed, Some((scenario_key(path)?, record)))
            }
            Err(e) => {
                println!("   {e}");
                (1, None)
            }
        });
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let (c0, t0) = (cpu_seconds().map_or(0.0, |c| c.0), std::time::Instant::now());
    let opts = sched_sim::RunOptions { seed: None, max_trace_events: Some(0) };
    let run =
        sched_sim::start(&text, &sched_sim::scenario::TRUSTED_LIMITS, &opts).map_err(|e| format!("{name}: {e}"))?;
    // The checks read the scenario; the run keeps none of it (sched_sim::Run).
    let scenario = sched_sim::validation::parse_with(&text, &sched_sim::scenario::TRUSTED_LIMITS)
        .map_err(|e| format!("{name}: {e}"))?;
    let out = run.finish();
    let mut others = sched_sim::OtherRuns::new(&scenario, out.summary.seed);
    let outcomes = sched_sim::evaluate_checks(&scenario, &out, &mut others);
    let (wall, cpu) = (t0.elapsed().as_secs_f64(), cpu_seconds().map_or(f64::NAN, |c| c.0) - c0);
    let s = &out.summary;
    println!("== {name}: {}", s.scenario.name);
    println!(
        "   {} events, {wall:.1} s wall, {cpu:.1} s CPU (with replays and checks), trace hash {}",
        s.events_total,
        &s.trace_hash[..16]
    );
    let mut figures = Vec::new();
    if !scenario.paper.is_empty() {
        let width = scenario.paper.iter().map(|f| f.name.len()).max().unwrap_or(0).max(6);
        println!("   {:width$}  {:>14}  {:>14}  source", "figure", "paper", "ours");
        for f in &scenario.paper {
            let run = match &f.under {
                Some(scheduler) => others.get(sched_sim::scenario::checks::OtherRun {
                    scheduler,
                    edge_codel: f.under_edge_codel.as_ref(),
                    transport: None,
                }),
                None => Ok(s.clone()),
            };
            let ours = match run.and_then(|r| measure(f.selector(), &r)) {
                Ok(Some(v)) => show(f.metric, v),
                Ok(None) => "undefined".into(),
                Err(e) => format!("error: {e}"),
            };
            let paper = f.paper.map_or("–".to_string(), |p| show(f.metric, p));
            figures.push(serde_json::json!({"name": f.name, "paper": paper, "ours": ours}));
            println!("   {:width$}  {:>14}  {:>14}  {}", f.name, paper, ours, f.source);
        }
    }
    let failed = outcomes.iter().filter(|o| !o.passed).count();
    for o in &outcomes {
        println!("   check {}: {} — {}", if o.passed { "ok" } else { "FAILED" }, o.name, o.message);
    }
    let checks: Vec<_> = outcomes
        .iter()
        .map(|o| serde_json::json!({"name": o.name, "passed": o.passed, "message": o.message}))
        .collect();
    let record = serde_json::json!({"hash": crate::scoreboard::text_hash(&text), "cpu_s": (cpu * 10.0).round() / 10.0,
        "events": s.events_total, "checks": checks, "figures": figures});
    Ok((failed, Some((scenario_key(path)?, record))))
}

/// A file's path under the repository's `scenarios/` (the record's key).
fn scenario_key(path: &Path) -> Result<String, String> {
    let scen = crate::scoreboard::root().join("scenarios").canonicalize().map_err(|e| e.to_string())?;
    let full = path.canonicalize().map_err(|e| format!("{}: {e}", path.display()))?;
    full.strip_prefix(&scen)
        .map(|p| p.display().to_string())
        .map_err(|_| format!("{}: --record keeps files under scenarios/ only", path.display()))
}

/// Merges records into `docs/papers/measured.json` (keys sorted).
fn keep(records: Vec<(String, serde_json::Value)>) -> Result<(), String> {
    let path = crate::scoreboard::root().join(crate::scoreboard::MEASURED);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut doc: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let files = doc["files"].as_object_mut().ok_or("measured.json: no files")?;
    for (k, v) in records {
        files.insert(k, v);
    }
    let text = serde_json::to_string_pretty(&doc).expect("plain JSON") + "\n";
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn main(args: &[String]) -> Result<(), String> {
    let flag = |f: &str| args.iter().any(|a| a == f);
    if flag("--summary") {
        return match args.iter().filter(|a| *a != "--summary").map(String::as_str).collect::<Vec<_>>()[..] {
            [] => crate::scoreboard::main(false, false),
            ["--write"] => crate::scoreboard::main(true, false),
            ["--check"] => crate::scoreboard::main(false, true),
            _ => Err(USAGE.to_string()),
        };
    }
    let record = flag("--record");
    let args: Vec<String> = args.iter().filter(|a| *a != "--record").cloned().collect();
    let (pos, opts) = crate::options(&args, &["--dir"])?;
    let root = PathBuf::from(opts.first().map_or("scenarios/reproductions", |o| o.1));
    let mut list = Vec::new();
    match pos[..] {
        [] => crate::scoreboard::json_files(&root, &mut list)?,
        [name] => {
            let (file, dir) = (root.join(format!("{name}.json")), root.join(name));
            // A sweep before the scenario of the same name (its base, as middlebox-table2's).
            let sweep = root.join(format!("{name}.sweep.json"));
            if name.ends_with(".json") && root.join(name).is_file() {
                // A file by its name (a sweep's base beside it, as --record keeps for the page).
                list.push(root.join(name));
            } else if sweep.is_file() {
                list.push(sweep);
            } else if file.is_file() {
                list.push(file);
            } else if dir.is_dir() {
                crate::scoreboard::json_files(&dir, &mut list)?;
            } else {
                return Err(format!(
                    "no reproduction \"{name}\" in {} (neither {name}.json, {name}.sweep.json nor {name}/)",
                    root.display()
                ));
            }
        }
        _ => return Err(USAGE.to_string()),
    }
    if list.is_empty() {
        return Err(format!("no reproductions under {}", root.display()));
    }
    let (mut failed, mut records) = (0, Vec::new());
    for p in &list {
        let (f, r) = one(p, &root)?;
        failed += f;
        records.extend(r);
    }
    if record {
        println!("kept {} records in {}", records.len(), crate::scoreboard::MEASURED);
        keep(records)?;
    }
    if failed > 0 {
        return Err(format!("{failed} checks failed"));
    }
    Ok(())
}
