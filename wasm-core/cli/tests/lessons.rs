//! Lesson files: every `*.lesson.json` under `scenarios/lessons/` reads within the page's
//! limits, every step's scenario runs, every question's expected answer (worked out in the
//! lesson from the paper, a closed form or by hand) holds on the core's results, and every
//! exercise's check fails on the step's scenario and passes on the lesson's solution. Also
//! `sched-cli lesson check` on one lesson.

use std::process::Command;

use sched_sim::lesson::Lesson;
use sched_sim::scenario::LIMITS;

mod common;
use common::{scenario_tree_files, scenarios_dir};

#[test]
fn every_lesson_runs_and_its_answers_and_solutions_hold() {
    let files = scenario_tree_files(&|p| p.to_string_lossy().ends_with(".lesson.json"));
    assert!(files.len() >= 7, "seven lessons at least, found {}", files.len());
    let mut failures = Vec::new();
    for path in files {
        let name = path.strip_prefix(scenarios_dir()).unwrap().display().to_string();
        assert!(name.starts_with("lessons/"), "{name}: lessons live in scenarios/lessons/");
        let dir = path.parent().unwrap().to_path_buf();
        let load = move |p: &str| std::fs::read_to_string(dir.join(p)).map_err(|e| format!("{p}: {e}"));
        let lesson = match Lesson::parse(&std::fs::read_to_string(&path).unwrap(), &load, &LIMITS) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let steps = lesson.steps.len();
        if !(6..=12).contains(&steps) {
            failures.push(format!("{name}: {steps} steps; a class period's lesson has 6 to 12"));
        }
        if !lesson.steps.iter().any(|s| s.spec.question.is_some()) {
            failures.push(format!("{name}: asks no question"));
        }
        for r in lesson.verify(&LIMITS) {
            for f in r.findings.into_iter().filter_map(Result::err) {
                failures.push(format!("{name} step {} \"{}\": {f}", r.step + 1, r.title));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_cli_checks_a_lesson_and_names_a_broken_one() {
    let cli = env!("CARGO_BIN_EXE_sched-cli");
    let good = scenarios_dir().join("lessons/ups.lesson.json");
    let out = Command::new(cli).args(["lesson", "check"]).arg(&good).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("ok question"));
    let dir = std::env::temp_dir().join(format!("lesson-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.lesson.json");
    std::fs::write(&bad, r#"{"format": "scheduler-playground/lesson", "version": 1, "name": "x", "summary": "s", "level": "easy", "minutes": 5, "steps": []}"#).unwrap();
    let out = Command::new(cli).args(["lesson", "check"]).arg(&bad).output().unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("level: unknown variant `easy`"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).ok();
}
