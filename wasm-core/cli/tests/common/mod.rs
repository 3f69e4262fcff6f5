//! What the scenario and sweep file tests share: where the committed files are, the walk
//! that lists them, and what a check's outcome must be.

use std::path::{Path, PathBuf};

pub fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

/// Every file under `scenarios/` whose path `keep` accepts, depth first, each folder's entries
/// sorted by name.
pub fn scenario_tree_files(keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    fn walk(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, keep, out);
            } else if keep(&p) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&scenarios_dir(), keep, &mut out);
    out
}

/// What is wrong with a check's outcome in `file`, if anything. A check marked "(known
/// difference: why)" states a paper's claim that ours does not meet: it must fail (the
/// scoreboard counts it as differs); once it holds, drop the mark. Any other check must hold.
#[allow(dead_code)] // the lesson tests have no checks
pub fn check_problem(file: &str, o: &sched_sim::checks::Outcome) -> Option<String> {
    match (sched_sim::check_report::marked_known(&o.name), o.passed) {
        (false, false) => Some(format!("{file}: check \"{}\": {}", o.name, o.message)),
        (true, true) => Some(format!(
            "{file}: check \"{}\" is marked as a known difference but holds ({}): remove the mark",
            o.name, o.message
        )),
        _ => None,
    }
}
