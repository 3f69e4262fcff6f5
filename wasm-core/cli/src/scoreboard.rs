//! The papers' scoreboard (`sched-cli reproduce --summary [--write | --check]`): every item of
//! the five papers (`docs/papers/items.json`, written by hand from the papers) joined with the
//! claims the repository's files make about it, so an item is *absent* exactly when no file
//! claims it. A claim is a scenario check, a paper figure or a sweep check with `"item": ID`
//! under `scenarios/`, or a Rust test preceded by a line `// paper item: ID: claim`.
//!
//! How a claim's status is decided, without running the paper-scale runs:
//! - a Rust test, or a check in a file `npm test` runs (everything outside
//!   `scenarios/reproductions/`): *held*, since `npm test` fails otherwise; a check whose name
//!   says "known difference" is *differs* (the scenario test requires it to fail);
//! - a check of a reproduction (paper scale, only `sched-cli reproduce` runs it): its outcome
//!   when `sched-cli reproduce --record` last ran that file (`docs/papers/measured.json`,
//!   valid while the file's text is unchanged: its hash is kept); without a current record,
//!   *differs* when its name says "known difference", else *not measured*.
//!
//! An item is *differs* when one of its claims is, else *not measured* when one is, else *held*
//! when it has checks or tests, *figures* when it has only paper figures (ours printed beside
//! the paper's, no check stating them), else *absent* — or *not measured* when `items.json`
//! says why no run can show it (`not_measured`; an absent one may say why: `absent_because`). `--write` writes
//! `docs/papers/scoreboard.json` and the page's `web/src/generated/papers.ts`; `--check` fails
//! when either differs from what the files give (`npm test`, through `cli/tests/papers.rs`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sched_sim::check_report::marked_known;
use sched_sim::scenario::checks::Metric;
use serde_json::{json, Map, Value};

/// The repository's root: two levels above this crate (`wasm-core/cli`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub const ITEMS: &str = "docs/papers/items.json";
pub const MEASURED: &str = "docs/papers/measured.json";
const SCOREBOARD: &str = "docs/papers/scoreboard.json";
const PAGE: &str = "web/src/generated/papers.ts";
/// The Rust folders searched (with their subfolders) for `// paper item:` lines.
const TEST_DIRS: [&str; 3] = ["wasm-core/sim/src", "wasm-core/sim/tests", "wasm-core/cli/tests"];
const MARKER: &str = "// paper item: ";

/// FNV-1a over a file's text: a record is current while its file's text is the same.
pub fn text_hash(text: &str) -> String {
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    format!("{h:016x}")
}

fn read_json(rel: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(root().join(rel)).map_err(|e| format!("{rel}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{rel}: {e}"))
}

/// One claim about an item, as the generated files list it.
struct Claim {
    item: String,
    value: Value,
}

/// Every `.json` file under `dir` but schemas, depth first, sorted.
pub fn json_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    files_ending(dir, ".json", out)
}

/// Every file under `dir` whose name ends with `ext` (schemas left out), depth first, sorted.
fn files_ending(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_ending(&p, ext, out)?;
        } else if p.to_string_lossy().ends_with(ext) && !p.to_string_lossy().ends_with(".schema.json") {
            out.push(p);
        }
    }
    Ok(())
}

/// The command that runs a file natively: a reproduction (a file stem or its folder under
/// `reproductions/`), a sweep, or a scenario.
fn command(path: &str, sweep: bool) -> String {
    if let Some(rest) = path.strip_prefix("reproductions/") {
        let name = rest.trim_end_matches(".json").trim_end_matches(".sweep");
        format!("sched-cli reproduce {name}")
    } else if sweep {
        format!("sched-cli sweep scenarios/{path}")
    } else {
        format!("sched-cli run scenarios/{path}")
    }
}

/// `rel` (a path written in the file at `file`, both under `scenarios/`) as a path under
/// `scenarios/`: "../default.json" from "sweeps/a.sweep.json" is "default.json".
fn resolve(file: &str, rel: &str) -> String {
    let mut parts: Vec<&str> = file.split('/').collect();
    parts.pop();
    for seg in rel.split('/') {
        match seg {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// A sweep file's facts for the page: its runs (points x seeds, as the core plans them) and its
/// base scenario's path under `scenarios/` (null when written in).
fn sweep_facts(p: &Path, rel: &str, doc: &Value) -> Result<(usize, Option<String>), String> {
    let plan = crate::sweep::plan(p)?;
    Ok((plan.jobs(), doc["base"].as_str().map(|b| resolve(rel, b))))
}

/// The claims of one scenario or sweep file.
fn file_claims(path: &str, doc: &Value, measured: Option<&Value>, out: &mut Vec<Claim>) -> Result<(), String> {
    let paper_scale = path.starts_with("reproductions/");
    let sweep = doc["format"] == "scheduler-playground/sweep";
    // A sweep's check has an outcome per point it names ("NAME [axis=value]"): all must hold.
    let outcome = |name: &str| {
        let per_point = format!("{name} [");
        let found: Vec<&Value> = measured?["checks"]
            .as_array()?
            .iter()
            .filter(|c| c["name"] == name || (sweep && c["name"].as_str().is_some_and(|n| n.starts_with(&per_point))))
            .collect();
        let messages: Vec<&str> = found.iter().filter_map(|c| c["message"].as_str()).collect();
        (!found.is_empty()).then(|| (found.iter().all(|c| c["passed"] == true), json!(messages.join("; "))))
    };
    let figure = |name: &str| measured?["figures"].as_array()?.iter().find(|c| c["name"] == name).cloned();
    for (i, c) in doc["checks"].as_array().into_iter().flatten().enumerate() {
        let Some(item) = c["item"].as_str() else { continue };
        let name = c["name"].as_str().ok_or_else(|| format!("{path}: checks[{i}] has no name"))?;
        let known = marked_known(name);
        let (status, message, how) = match (paper_scale, outcome(name)) {
            (false, _) if known => ("differs", Value::Null, "npm test: fails, as marked"),
            (false, _) => ("held", Value::Null, "npm test"),
            (true, Some((true, m))) => ("held", m, "last measured by sched-cli reproduce"),
            (true, Some((false, m))) => ("differs", m, "last measured by sched-cli reproduce"),
            (true, None) if known => ("differs", Value::Null, "marked in the file; not measured at this version"),
            (true, None) => ("unmeasured", Value::Null, "not measured at this version"),
        };
        let mut v = json!({"kind": if sweep {"sweep check"} else {"check"}, "claim": name, "file": path,
            "status": status, "how": how, "marked": known});
        if !message.is_null() {
            v["ours"] = message;
        }
        out.push(Claim { item: item.into(), value: v });
    }
    for (i, f) in doc["paper"].as_array().into_iter().flatten().enumerate() {
        let Some(item) = f["item"].as_str() else { continue };
        let name = f["name"].as_str().map_or_else(|| format!("{} at {}", f["metric"], f["at"]), String::from);
        let rec = figure(&name);
        let source = f["source"].as_str().ok_or_else(|| format!("{path}: paper[{i}] has no source"))?;
        // The paper's value as `reproduce` prints it (a sweep's metric is a column: as written).
        let paper = match (serde_json::from_value::<Metric>(f["metric"].clone()), f["paper"].as_f64()) {
            (Ok(m), Some(v)) => json!(crate::reproduce::show(m, v)),
            (Err(_), Some(v)) => json!(format!("{v}")),
            (_, None) => Value::Null,
        };
        out.push(Claim {
            item: item.into(),
            value: json!({"kind": "figure", "claim": name, "file": path, "source": source, "paper": paper,
                "ours": rec.as_ref().map_or(Value::Null, |r| r["ours"].clone())}),
        });
    }
    Ok(())
}

/// `// paper item: ID: claim` lines above a test function, in the Rust test folders.
fn test_claims(out: &mut Vec<Claim>) -> Result<(), String> {
    for dir in TEST_DIRS {
        let mut files = Vec::new();
        files_ending(&root().join(dir), ".rs", &mut files)?;
        for p in files {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let file = format!("{dir}/{}", p.strip_prefix(root().join(dir)).unwrap_or(&p).display());
            let lines: Vec<&str> = text.lines().collect();
            for (n, line) in lines.iter().enumerate() {
                let Some(rest) = line.trim_start().strip_prefix(MARKER) else { continue };
                let (item, claim) =
                    rest.split_once(": ").ok_or_else(|| format!("{file}:{}: write `{MARKER}ID: claim`", n + 1))?;
                let test = lines[n..]
                    .iter()
                    .find_map(|l| l.trim_start().strip_prefix("fn ").and_then(|f| f.split('(').next()))
                    .ok_or_else(|| format!("{file}:{}: no test function follows", n + 1))?;
                out.push(Claim {
                    item: item.trim().into(),
                    value: json!({"kind": "test", "claim": claim.trim(), "file": file, "test": test,
                        "status": "held", "how": "npm test", "marked": false}),
                });
            }
        }
    }
    Ok(())
}

/// A file's record in `measured.json`, while its text is the one recorded.
fn current<'a>(measured: &'a Value, rel: &str, text: &str) -> Option<&'a Value> {
    measured["files"].get(rel).filter(|r| r["hash"] == text_hash(text))
}

/// Every claim in the repository, and the reproduction files' run facts (CPU time, command).
fn claims() -> Result<(Vec<Claim>, Map<String, Value>), String> {
    let measured = read_json(MEASURED)?;
    let scen = root().join("scenarios");
    let mut paths = Vec::new();
    json_files(&scen, &mut paths)?;
    let (mut out, mut files) = (Vec::new(), Map::new());
    for p in paths {
        let rel = p.strip_prefix(&scen).unwrap_or(&p).display().to_string();
        let text = std::fs::read_to_string(&p).map_err(|e| format!("{rel}: {e}"))?;
        let doc: Value = serde_json::from_str(&text).map_err(|e| format!("scenarios/{rel}: {e}"))?;
        let before = out.len();
        file_claims(&rel, &doc, current(&measured, &rel, &text), &mut out)?;
        if out.len() > before {
            let sweep = doc["format"] == "scheduler-playground/sweep";
            let cpu = current(&measured, &rel, &text).map_or(Value::Null, |r| r["cpu_s"].clone());
            let mut f = json!({"name": doc["name"], "sweep": sweep, "paper_scale": rel.starts_with("reproductions/"),
                "cpu_s": cpu, "command": command(&rel, sweep), "runs": Value::Null, "base": Value::Null,
                "expected_cpu_s": cpu});
            if sweep {
                let (runs, base) = sweep_facts(&p, &rel, &doc).map_err(|e| format!("scenarios/{rel}: {e}"))?;
                // Without a record of its own: its runs times its base's last recorded CPU time.
                let base_cpu = base.as_ref().and_then(|b| {
                    let text = std::fs::read_to_string(scen.join(b)).ok()?;
                    current(&measured, b, &text)?["cpu_s"].as_f64()
                });
                if f["expected_cpu_s"].is_null() {
                    f["expected_cpu_s"] =
                        base_cpu.map_or(Value::Null, |c| json!((c * runs as f64 * 10.0).round() / 10.0));
                }
                f["runs"] = json!(runs);
                f["base"] = json!(base);
            }
            files.insert(rel.clone(), f);
        }
    }
    test_claims(&mut out)?;
    Ok((out, files))
}

fn item_status(claims: &[Value]) -> &'static str {
    let has = |s: &str| claims.iter().any(|c| c["status"] == s);
    if has("differs") {
        "differs"
    } else if has("unmeasured") {
        "unmeasured"
    } else if has("held") {
        "held"
    } else if claims.is_empty() {
        "absent"
    } else {
        "figures"
    }
}

pub const STATUSES: [&str; 5] = ["held", "differs", "figures", "unmeasured", "absent"];

/// The scoreboard: per paper, each item with its claims, status and counts; the files.
pub fn scoreboard() -> Result<Value, String> {
    let items = read_json(ITEMS)?;
    let (claims, files) = claims()?;
    let mut by_item: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    for c in &claims {
        by_item.entry(c.item.as_str()).or_default().push(c.value.clone());
    }
    let mut known = std::collections::BTreeSet::new();
    let mut papers = Vec::new();
    for p in items["papers"].as_array().ok_or(format!("{ITEMS}: no papers"))? {
        let mut rows = Vec::new();
        let mut counts: BTreeMap<&str, u32> = STATUSES.iter().map(|s| (*s, 0)).collect();
        for it in p["items"].as_array().ok_or(format!("{ITEMS}: {} has no items", p["id"]))? {
            let id = it["id"].as_str().ok_or(format!("{ITEMS}: an item of {} has no id", p["id"]))?;
            known.insert(id.to_string());
            let cl = by_item.get(id).cloned().unwrap_or_default();
            // An item no run can show, with the reason (`not_measured`); an absent one's reason.
            let status = if cl.is_empty() && it["not_measured"].is_string() { "unmeasured" } else { item_status(&cl) };
            let reason = it.get("not_measured").or(it.get("absent_because")).cloned().unwrap_or(Value::Null);
            *counts.entry(status).or_default() += 1;
            rows.push(json!({"id": id, "label": it["label"], "kind": it["kind"], "what": it["what"],
                "status": status, "reason": reason, "claims": cl}));
        }
        papers.push(json!({"id": p["id"], "short": p["short"], "title": p["title"], "counts": counts, "items": rows}));
    }
    let unknown: Vec<String> = claims
        .iter()
        .filter(|c| !known.contains(&c.item))
        .map(|c| format!("{} ({})", c.item, c.value["file"].as_str().unwrap_or("")))
        .collect();
    if !unknown.is_empty() {
        return Err(format!("items not in {ITEMS}: {}", unknown.join(", ")));
    }
    let unmarked: Vec<String> = claims
        .iter()
        .filter(|c| c.value["status"] == "differs" && c.value["marked"] == false)
        .map(|c| format!("{}: \"{}\"", c.value["file"].as_str().unwrap_or(""), c.value["claim"].as_str().unwrap_or("")))
        .collect();
    if !unmarked.is_empty() {
        return Err(format!(
            "checks that failed when last measured but are not marked \"(known difference: why)\": {}",
            unmarked.join("; ")
        ));
    }
    Ok(json!({"format": "scheduler-playground/scoreboard", "papers": papers, "files": files}))
}

/// The page's module: the scoreboard as a typed constant.
fn page_module(board: &Value) -> String {
    let data = serde_json::to_string(board).expect("plain JSON");
    format!(
        "// Generated by `sched-cli reproduce --summary --write` (wasm-core/cli/src/scoreboard.rs) from\n\
         // docs/papers/items.json, the claims tagged in scenarios/ and the Rust tests, and\n\
         // docs/papers/measured.json. Do not edit: `npm test` fails when it drifts.\n\
         export type ClaimStatus = 'held' | 'differs' | 'unmeasured';\n\
         export type ItemStatus = ClaimStatus | 'figures' | 'absent';\n\
         export interface ScoreClaim {{\n  readonly kind: 'check' | 'sweep check' | 'figure' | 'test';\n  readonly claim: string;\n  readonly file: string;\n  readonly status?: ClaimStatus;\n  readonly how?: string;\n  readonly marked?: boolean;\n  readonly ours?: string | null;\n  readonly paper?: string | null;\n  readonly source?: string;\n  readonly test?: string;\n}}\n\
         export interface ScoreItem {{\n  readonly id: string;\n  readonly label: string;\n  readonly kind: string;\n  readonly what: string;\n  readonly status: ItemStatus;\n  readonly reason: string | null;\n  readonly claims: readonly ScoreClaim[];\n}}\n\
         export interface ScorePaper {{\n  readonly id: string;\n  readonly short: string;\n  readonly title: string;\n  readonly counts: Readonly<Record<ItemStatus, number>>;\n  readonly items: readonly ScoreItem[];\n}}\n\
         export interface ScoreFile {{\n  readonly name: string;\n  readonly sweep: boolean;\n  readonly paper_scale: boolean;\n  readonly cpu_s: number | null;\n  readonly command: string;\n  readonly runs: number | null;\n  readonly base: string | null;\n  readonly expected_cpu_s: number | null;\n}}\n\
         export interface Scoreboard {{\n  readonly format: string;\n  readonly papers: readonly ScorePaper[];\n  readonly files: Readonly<Record<string, ScoreFile>>;\n}}\n\
         export const SCOREBOARD: Scoreboard = {data};\n"
    )
}

/// The files `--write` writes, by repository path.
fn outputs() -> Result<Vec<(&'static str, String)>, String> {
    let board = scoreboard()?;
    let text = serde_json::to_string_pretty(&board).expect("plain JSON") + "\n";
    Ok(vec![(SCOREBOARD, text), (PAGE, page_module(&board))])
}

/// Prints the scoreboard: per paper, each item with its claims (paper, ours, status, file).
fn print(board: &Value) {
    for p in board["papers"].as_array().into_iter().flatten() {
        let c = &p["counts"];
        println!(
            "== {} ({}): {} held, {} differ, {} figures only, {} not measured, {} absent",
            p["short"].as_str().unwrap_or(""),
            p["title"].as_str().unwrap_or(""),
            c["held"],
            c["differs"],
            c["figures"],
            c["unmeasured"],
            c["absent"]
        );
        for it in p["items"].as_array().into_iter().flatten() {
            println!(
                "   {:<11} {} — {}",
                it["status"].as_str().unwrap_or(""),
                it["label"].as_str().unwrap_or(""),
                it["what"].as_str().unwrap_or("")
            );
            if let Some(why) = it["reason"].as_str() {
                println!("      why: {why}");
            }
            for cl in it["claims"].as_array().into_iter().flatten() {
                let file = cl["file"].as_str().unwrap_or("");
                let cpu = board["files"][file]["cpu_s"].as_f64().map_or(String::new(), |s| format!(", {s:.1} s CPU"));
                let status = cl["status"].as_str().unwrap_or("figure");
                let vals = match (&cl["paper"], &cl["ours"]) {
                    (Value::Null, Value::Null) => String::new(),
                    (p, o) => format!(" [paper {}, ours {}]", p.as_str().unwrap_or("–"), o.as_str().unwrap_or("–")),
                };
                println!("      {status:<10} {}{vals} ({file}{cpu})", cl["claim"].as_str().unwrap_or(""));
            }
        }
    }
}

/// `reproduce --summary [--write | --check]`.
pub fn main(write: bool, check: bool) -> Result<(), String> {
    let outs = outputs()?;
    if check {
        let stale: Vec<&str> = outs
            .iter()
            .filter(|(p, t)| std::fs::read_to_string(root().join(p)).ok().as_deref() != Some(t.as_str()))
            .map(|(p, _)| *p)
            .collect();
        if !stale.is_empty() {
            return Err(format!("{stale:?} out of date: run sched-cli reproduce --summary --write"));
        }
        println!("the scoreboard is current ({SCOREBOARD}, {PAGE})");
        return Ok(());
    }
    if write {
        for (p, t) in &outs {
            std::fs::write(root().join(p), t).map_err(|e| format!("{p}: {e}"))?;
        }
    }
    print(&scoreboard()?);
    Ok(())
}
