//! Sweep files: every `*.sweep.json` under `scenarios/` plans (each point's scenario checked),
//! those outside `reproductions/` run and give the job hashes committed beside them
//! (`NAME.sweep.golden`, one line per job; `UPDATE_GOLDENS=1` rewrites them) and pass their
//! checks (those marked "known difference" must fail); and `sched-cli sweep` runs jobs in parallel exactly as alone, and resumes.

use std::path::{Path, PathBuf};
use std::process::Command;

use sched_sim::scenario::TRUSTED_LIMITS;
use sched_sim::sweep::Plan;

mod common;
use common::{check_problem, scenario_tree_files, scenarios_dir};

fn plan(path: &Path) -> Result<Plan, String> {
    let dir = path.parent().unwrap().to_path_buf();
    let load = move |p: &str| std::fs::read_to_string(dir.join(p)).map_err(|e| format!("{p}: {e}"));
    Plan::parse(&std::fs::read_to_string(path).unwrap(), &load, &TRUSTED_LIMITS).map_err(|e| e.to_string())
}

#[test]
fn every_sweep_file_plans_runs_and_passes_its_checks() {
    let update = std::env::var_os("UPDATE_GOLDENS").is_some();
    let files = scenario_tree_files(&|p| p.to_string_lossy().ends_with(".sweep.json"));
    assert!(files.iter().any(|p| p.ends_with("sweeps/default-load.sweep.json")));
    let mut failures = Vec::new();
    for path in files {
        let name = path.strip_prefix(scenarios_dir()).unwrap().display().to_string();
        let plan = match plan(&path) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        // The papers' sweeps run at their scale with `sched-cli reproduce`, not here.
        if name.starts_with("reproductions/") {
            continue;
        }
        let rows: Vec<_> = (0..plan.jobs())
            .map(|j| {
                let out =
                    sched_sim::start(&plan.scenario_text(j), &TRUSTED_LIMITS, &Default::default()).unwrap().finish();
                plan.row(j, &out.summary).unwrap()
            })
            .collect();
        // A check marked "(known difference: why)" must fail, any other hold (common::check_problem).
        failures.extend(plan.evaluate(&plan.summarize(&rows)).iter().filter_map(|o| check_problem(&name, o)));
        // The reference SHA-256 build has other hashes; the goldens are the XXH3 identity.
        if cfg!(feature = "sha256-trace") {
            continue;
        }
        let text: String = rows.iter().map(|r| format!("job {} {}\n", r.job, r.trace_hash)).collect();
        let golden = path.with_extension("golden");
        if update {
            std::fs::write(&golden, &text).unwrap();
        } else if std::fs::read_to_string(&golden).unwrap_or_default() != text {
            failures
                .push(format!("{name}: job hashes differ from {} (npm run goldens, and say why)", golden.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn cli(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sched-cli")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sched-sweep-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn parallel_jobs_are_the_jobs_alone_and_a_sweep_resumes() {
    let dir = temp("runner");
    let base = scenarios_dir().join("default.json").canonicalize().unwrap();
    let file = dir.join("s.sweep.json");
    let sweep = serde_json::json!({
        "format": "scheduler-playground/sweep", "version": 1, "name": "t", "base": base.to_str().unwrap(),
        "set": {"duration": "60ms"},
        "axes": [{"name": "rate", "path": "traffic[1].rate", "values": ["2Mbps", "6Mbps"]},
                 {"path": "scheduler", "values": [{"name": "fifo"}, {"name": "fq"}]}],
        "seeds": [4, 5],
        "metrics": [{"metric": "delay_mean_ns"}, {"metric": "drop_fraction"}]
    });
    std::fs::write(&file, sweep.to_string()).unwrap();
    let f = file.to_str().unwrap();
    let (a, b) = (dir.join("a"), dir.join("b"));
    let (ok, _, err) = cli(&["sweep", f, "--jobs", "2", "--out", a.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(err.contains("[8/8] job"), "progress per job: {err}");
    let (ok, _, err) = cli(&["sweep", f, "--jobs", "1", "--out", b.to_str().unwrap()]);
    assert!(ok, "{err}");
    let read = |d: &Path, f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert_eq!(read(&a, "points.csv"), read(&b, "points.csv"));
    assert_eq!(read(&a, "summary.csv"), read(&b, "summary.csv"));
    let points = read(&a, "points.csv");
    let lines: Vec<&str> = points.lines().collect();
    assert_eq!(lines[0], "rate,scheduler,seed,trace_hash,delay_mean_ns,drop_fraction");
    assert_eq!(lines.len(), 9);

    // Job 7 (rate 6Mbps, fq, seed 5), written out by `--scenario` and run alone...
    let (ok, job7, _) = cli(&["sweep", f, "--scenario", "7"]);
    assert!(ok);
    let alone = dir.join("job7.json");
    std::fs::write(&alone, job7).unwrap();
    let hash = |text: String| text.lines().next().unwrap().strip_prefix("trace hash: ").unwrap().to_string();
    let (_, run7, _) = cli(&["run", alone.to_str().unwrap()]);
    let row7: Vec<&str> = lines[8].split(',').collect();
    assert_eq!(&row7[..3], ["6Mbps", "fq", "5"]);
    assert_eq!(hash(run7), row7[3]);
    // ... and as a person would write it: default.json with that rate, seed and duration and
    // fq on its router.
    let by_hand = std::fs::read_to_string(&base)
        .unwrap()
        .replace("\"rate\": \"3.5Mbps\"", "\"rate\": \"6Mbps\"")
        .replace("\"seed\": 1", "\"seed\": 5")
        .replace("\"duration\": \"200ms\"", "\"duration\": \"60ms\"")
        .replace("\"scheduler\": { \"name\": \"fifo\" }", "\"scheduler\": { \"name\": \"fq\" }");
    let hand = dir.join("hand.json");
    std::fs::write(&hand, by_hand).unwrap();
    let (_, run_hand, _) = cli(&["run", hand.to_str().unwrap()]);
    assert_eq!(hash(run_hand), row7[3]);

    // Resume: with its last three rows gone, the sweep runs those three and ends as before.
    std::fs::write(a.join("points.csv"), lines[..6].join("\n") + "\n").unwrap();
    let (ok, out, err) = cli(&["sweep", f, "--jobs", "2", "--out", a.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("5 already in") && out.contains("3 to run"), "{out}");
    assert_eq!(read(&a, "points.csv"), read(&b, "points.csv"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_sweep_is_refused_naming_the_field() {
    let dir = temp("bad");
    let file = dir.join("bad.sweep.json");
    let sweep = serde_json::json!({
        "format": "scheduler-playground/sweep", "version": 1, "name": "t", "base": "nope.json",
        "axes": [], "seeds": [1]
    });
    std::fs::write(&file, sweep.to_string()).unwrap();
    let (ok, _, err) = cli(&["sweep", file.to_str().unwrap()]);
    assert!(!ok && err.contains("bad.sweep.json: base: nope.json:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
