//! `sched-cli lesson check FILE...`: reads each lesson (its scenarios resolved beside it, within
//! the page's limits: the page opens the same files), runs every step's scenario, checks each
//! question's expected answer against the run and each exercise's solution against its check
//! (which must fail on the step's scenario as it is). Exit status 1 when one does not hold.

use std::path::Path;

use sched_sim::lesson::Lesson;
use sched_sim::scenario::LIMITS;

const USAGE: &str = "usage: sched-cli lesson check FILE...
  runs every step of each lesson: its scenario, its question's expected answer, its exercise's solution";

/// Reads a lesson file, its scenario paths resolved beside it.
pub fn read(path: &Path) -> Result<Lesson, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let load = |p: &str| std::fs::read_to_string(dir.join(p)).map_err(|e| format!("{p}: {e}"));
    Lesson::parse(&text, &load, &LIMITS).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every step of the lesson at `path` checked: one line per finding; Err counts the failures.
pub fn check(path: &Path) -> Result<Vec<String>, (Vec<String>, usize)> {
    let lesson = read(path).map_err(|e| (vec![e], 1))?;
    let mut lines = vec![format!("lesson {} ({} steps)", lesson.file.name, lesson.steps.len())];
    let mut failed = 0;
    for r in lesson.verify(&LIMITS) {
        lines.push(format!("  step {} \"{}\": trace {}", r.step + 1, r.title, r.trace_hash));
        for f in r.findings {
            match f {
                Ok(m) => lines.push(format!("    ok {m}")),
                Err(m) => {
                    failed += 1;
                    lines.push(format!("    FAILED {m}"));
                }
            }
        }
    }
    if failed == 0 {
        Ok(lines)
    } else {
        Err((lines, failed))
    }
}

pub fn main(args: &[String]) -> Result<(), String> {
    let ["check", files @ ..] = &args.iter().map(String::as_str).collect::<Vec<_>>()[..] else {
        return Err(USAGE.to_string());
    };
    if files.is_empty() {
        return Err(USAGE.to_string());
    }
    let mut failed = 0;
    for f in files {
        match check(Path::new(f)) {
            Ok(lines) => println!("{}", lines.join("\n")),
            Err((lines, n)) => {
                println!("{}", lines.join("\n"));
                failed += n;
            }
        }
    }
    match failed {
        0 => Ok(()),
        n => Err(format!("{n} lesson findings failed")),
    }
}
