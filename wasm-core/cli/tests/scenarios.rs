//! The committed JSON Schema is what the Rust types generate, and every scenario file
//! under `scenarios/` validates and runs with its packets conserved.

use std::path::{Path, PathBuf};

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            scenario_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "json")
            && !p.to_string_lossy().ends_with(".schema.json")
        {
            out.push(p);
        }
    }
}

#[test]
fn committed_schema_matches_the_types() {
    let path = scenarios_dir().join("scenario.schema.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let generated = sched_sim::scenario::json_schema();
    assert!(
        committed == generated,
        "{} differs from the schema the Rust types generate; run `npm run schema` and commit it",
        path.display()
    );
}

#[test]
fn every_scenario_file_validates_and_runs() {
    let mut files = Vec::new();
    scenario_files(&scenarios_dir(), &mut files);
    assert!(
        files.iter().any(|p| p.ends_with("default.json")),
        "scenarios/default.json is missing"
    );
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let scenario =
            sched_sim::validate(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = sched_sim::run(
            &scenario,
            &sched_sim::RunOptions {
                seed: None,
                max_trace_events: Some(0),
            },
        )
        .unwrap();
        let t = out.summary.totals;
        assert_eq!(
            t.sent,
            t.delivered + t.dropped + t.in_network,
            "{}: conservation",
            path.display()
        );
        assert!(t.delivered > 0, "{}: nothing delivered", path.display());
    }
}
