//! `sched-cli sweep FILE [--jobs N] [--out DIR]`: runs a sweep's jobs (points x seeds) on N
//! threads, each job its own scenario (`--scenario J` prints job J's), so each gives the trace
//! hash that running that file alone gives. Rows go to DIR/points.csv as jobs finish, so an
//! interrupted sweep resumes: a job already there is not run again. At the end DIR/points.csv
//! is rewritten in job order, DIR/summary.csv holds the means and 95% intervals across seeds,
//! and the paper's figures and the sweep's checks are printed (exit status 1 when one fails).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use sched_sim::scenario::TRUSTED_LIMITS;
use sched_sim::sweep::{Plan, Row};

use crate::bench::cpu_seconds;

const USAGE: &str = "usage: sched-cli sweep FILE [--jobs N] [--out DIR] | sweep FILE --scenario J | sweep FILE --inline
  runs the sweep's jobs (points x seeds) on N threads (default: the machine's cores), writing DIR/points.csv
  (one row per job; an interrupted sweep resumes from it) and DIR/summary.csv (default DIR: sweeps/<name>);
  --scenario J prints job J's scenario file; --inline the sweep with its base scenario written in (for the page)";

/// Reads a sweep file, its base resolved beside it.
pub fn plan(path: &Path) -> Result<Plan, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let load = |p: &str| std::fs::read_to_string(dir.join(p)).map_err(|e| format!("{p}: {e}"));
    Plan::parse(&text, &load, &TRUSTED_LIMITS).map_err(|e| format!("{}: {e}", path.display()))
}

/// What a finished job sends back.
struct Done {
    job: usize,
    row: Result<Row, String>,
    events: u64,
    cpu: f64,
}

fn run_job(plan: &Plan, job: usize) -> Done {
    let c0 = cpu_seconds().map_or(0.0, |c| c.0);
    let opts = sched_sim::RunOptions { seed: None, max_trace_events: Some(0) };
    let (row, events) = match sched_sim::start(&plan.scenario_text(job), &TRUSTED_LIMITS, &opts) {
        Ok(run) => {
            let out = run.finish();
            (plan.row(job, &out.summary), out.summary.events_total)
        }
        Err(e) => (Err(e.to_string()), 0),
    };
    Done { job, row, events, cpu: cpu_seconds().map_or(0.0, |c| c.0) - c0 }
}

fn stem(path: &Path) -> String {
    let name = path.file_name().map_or(String::new(), |n| n.to_string_lossy().to_string());
    name.trim_end_matches(".json").trim_end_matches(".sweep").to_string()
}

pub fn main(args: &[String]) -> Result<(), String> {
    let inline = args.iter().any(|a| a == "--inline");
    let rest: Vec<String> = args.iter().filter(|a| *a != "--inline").cloned().collect();
    let (pos, opts) = crate::options(&rest, &["--jobs", "--out", "--scenario"])?;
    let [file] = pos[..] else {
        return Err(USAGE.to_string());
    };
    let file = PathBuf::from(file);
    let plan = plan(&file)?;
    if inline {
        let doc: serde_json::Value = serde_json::from_str(plan.inlined()).expect("the plan wrote JSON");
        println!("{}", serde_json::to_string_pretty(&doc).expect("plain JSON"));
        return Ok(());
    }
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = PathBuf::from("sweeps").join(stem(&file));
    for (flag, v) in opts {
        match flag {
            "--jobs" => {
                threads = v
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("--jobs: \"{v}\" is not a count above 0"))?
            }
            "--out" => out = PathBuf::from(v),
            _ => {
                let j: usize = v.parse().map_err(|_| format!("--scenario: \"{v}\" is not a job number"))?;
                if j >= plan.jobs() {
                    return Err(format!("--scenario: the sweep has jobs 0 to {}", plan.jobs() - 1));
                }
                let doc: serde_json::Value = serde_json::from_str(&plan.scenario_text(j)).expect("the plan wrote JSON");
                println!("{}", serde_json::to_string_pretty(&doc).expect("plain JSON"));
                return Ok(());
            }
        }
    }
    crate::report_checks(&run(&plan, threads, &out)?.outcomes)
}

/// A finished sweep: its checks' outcomes, and the CPU time of its jobs when this call ran them
/// all (none when it resumed from a points.csv).
pub struct Finished {
    pub outcomes: Vec<sched_sim::checks::Outcome>,
    pub cpu_s: Option<f64>,
}

/// Runs the jobs not yet in `out`/points.csv, then writes the tables and prints the figures;
/// gives the checks' outcomes (`crate::report_checks` prints them).
pub fn run(plan: &Plan, threads: usize, out: &Path) -> Result<Finished, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let points = out.join("points.csv");
    let mut rows = match std::fs::read_to_string(&points) {
        Ok(t) => {
            plan.parse_csv(&t).map_err(|e| format!("{}: {e}: remove it or give another --out", points.display()))?
        }
        Err(_) => Vec::new(),
    };
    let todo: Vec<usize> = (0..plan.jobs()).filter(|j| !rows.iter().any(|r| r.job == *j)).collect();
    println!(
        "sweep {}: {} points x {} seeds = {} jobs; {} already in {}, {} to run on {threads} threads",
        plan.name,
        plan.points.len(),
        plan.seeds.len(),
        plan.jobs(),
        rows.len(),
        points.display(),
        todo.len()
    );
    let mut csv = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&points)
        .map_err(|e| format!("{}: {e}", points.display()))?;
    if rows.is_empty() {
        writeln!(csv, "{}", plan.csv_header()).map_err(|e| e.to_string())?;
    }
    let (t0, next) = (Instant::now(), AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<Done>();
    let (mut cpu, mut events, mut failed) = (0.0, 0u64, Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.min(todo.len()) {
            let (tx, next, todo) = (tx.clone(), &next, &todo);
            s.spawn(move || {
                while let Some(&job) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if tx.send(run_job(plan, job)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for (k, d) in rx.iter().enumerate() {
            cpu += d.cpu;
            events += d.events;
            let (point, seed) = plan.job(d.job);
            let left = t0.elapsed().as_secs_f64() / (k + 1) as f64 * (todo.len() - k - 1) as f64;
            let what = format!("[{}/{}] job {} ({}, seed {seed})", k + 1, todo.len(), d.job, plan.describe(point));
            match d.row {
                Ok(row) => {
                    let _ = writeln!(csv, "{}", plan.csv_line(&row)).and_then(|_| csv.flush());
                    eprintln!(
                        "{what}: {:.1} M events, {:.1} s CPU, trace hash {}; about {left:.0} s left",
                        d.events as f64 / 1e6,
                        d.cpu,
                        &row.trace_hash[..16.min(row.trace_hash.len())]
                    );
                    rows.push(row);
                }
                Err(e) => {
                    eprintln!("{what}: {e}");
                    failed.push(format!("job {}: {e}", d.job));
                }
            }
        }
    });
    let wall = t0.elapsed().as_secs_f64();
    println!(
        "ran {} jobs: {:.1} M events, {wall:.1} s wall, {cpu:.1} s CPU (the jobs' threads)",
        todo.len(),
        events as f64 / 1e6
    );
    if !failed.is_empty() {
        return Err(format!("{} jobs failed:\n{}", failed.len(), failed.join("\n")));
    }
    std::fs::write(&points, plan.csv(&rows)).map_err(|e| format!("{}: {e}", points.display()))?;
    let summary = plan.summarize(&rows);
    let summary_path = out.join("summary.csv");
    std::fs::write(&summary_path, plan.summary_csv(&summary))
        .map_err(|e| format!("{}: {e}", summary_path.display()))?;
    println!("wrote {} and {}", points.display(), summary_path.display());
    for (p, _) in plan.points.iter().enumerate() {
        let cells: Vec<String> = summary
            .iter()
            .filter(|s| s.point == p)
            .map(|s| {
                let ci = s.ci95.map_or(String::new(), |c| format!(" ± {c:.4e}"));
                format!("{} {}{ci}", plan.metrics[s.metric].0, s.mean.map_or("-".into(), |m| format!("{m:.4e}")))
            })
            .collect();
        println!("  {}: {}", plan.describe(p), cells.join("; "));
    }
    let paper = plan.paper_lines(&summary);
    if !paper.is_empty() {
        println!("paper figures beside ours (mean across seeds ± 95% interval):");
        for l in paper {
            let ours = l.ours.map_or("undefined".into(), |m| format!("{m:.4e}"));
            let ci = l.ci95.map_or(String::new(), |c| format!(" ± {c:.2e}"));
            println!("  {} at {}: paper {:.4e}, ours {ours}{ci} ({})", l.metric, l.point, l.paper, l.source);
        }
    }
    let resumed = todo.len() < plan.jobs();
    Ok(Finished { outcomes: plan.evaluate(&summary), cpu_s: (!resumed).then_some(cpu) })
}
