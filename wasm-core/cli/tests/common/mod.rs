//! What the scenario and sweep file tests share: where the committed files are, and the walk
//! that lists them.

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
