//! A sweep file read and checked, and its grid laid out: every point's scenario, checked
//! like a scenario file, with errors naming the sweep's field.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{path, Axis, MetricSpec, PaperPoint, SweepCheck, SweepFile, FORMAT};
use crate::network::Network;
use crate::scenario::{Limits, NodeKind, ScenarioError};
use crate::validation::{parse_format, parse_with, read_file};

/// At most this many jobs (points x seeds) in one sweep.
pub const MAX_JOBS: usize = 10_000;

/// One combination of the axes' values.
#[derive(Clone, Debug)]
pub struct Point {
    /// Each axis's value as the tables show it (a number, or text).
    pub labels: Vec<Value>,
    /// The point's scenario, its seed still the base's.
    scenario: Value,
}

/// A checked sweep: its points, seeds, metrics and checks.
#[derive(Clone, Debug)]
pub struct Plan {
    pub name: String,
    pub description: Option<String>,
    /// The axes' column names.
    pub axes: Vec<String>,
    pub points: Vec<Point>,
    pub seeds: Vec<u32>,
    /// The metrics' column names, with what each reads.
    pub metrics: Vec<(String, MetricSpec)>,
    pub checks: Vec<SweepCheck>,
    pub paper: Vec<PaperPoint>,
    /// The sweep file with its base in place of a path (`Plan::inlined`).
    inlined: String,
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError::new(path, message)
}

/// The text a value is matched by: numbers by their value (0.5 and 0.50 alike), text as it
/// is, anything else as compact JSON.
pub fn key(v: &Value) -> String {
    match v {
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), |x| format!("{x}")),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// An axis's values and their labels.
#[inline]
fn values(a: &Axis, at: &str) -> Result<Vec<(Value, Value)>, ScenarioError> {
    let given = [a.values.is_some(), a.range.is_some(), a.cases.is_some()].iter().filter(|x| **x).count();
    if given != 1 {
        return Err(err(at, "give exactly one of values, range or cases"));
    }
    if a.cases.is_some() == a.path.is_some() {
        return Err(err(at, "a path with values or a range, or cases without a path"));
    }
    let list: Vec<(Value, Value)> = if let Some(vs) = &a.values {
        // A scheduler spec is labelled by its name when the names tell the values apart.
        let names: Vec<Option<&str>> = vs.iter().map(|v| v.get("name").and_then(Value::as_str)).collect();
        let distinct = names.iter().flatten().collect::<BTreeSet<_>>().len() == names.iter().flatten().count();
        vs.iter()
            .zip(&names)
            .map(|(v, n)| match (v, n) {
                (Value::Object(_), Some(n)) if distinct => (v.clone(), Value::String(n.to_string())),
                (Value::Number(_) | Value::String(_), _) => (v.clone(), v.clone()),
                _ => (v.clone(), Value::String(v.to_string())),
            })
            .collect()
    } else if let Some(r) = &a.range {
        if !(r.step > 0.0 && r.step.is_finite() && r.from.is_finite() && r.to >= r.from) {
            return Err(err(format!("{at}.range"), "needs a step above 0 and to >= from"));
        }
        let count = ((r.to - r.from) / r.step + 1e-9).floor() as usize + 1;
        if count > MAX_JOBS {
            return Err(err(format!("{at}.range"), format!("has {count} values; at most {MAX_JOBS}")));
        }
        // Rounded to 9 decimals: 0.1 + 2 x 0.1 is 0.3 here, not 0.30000000000000004.
        (0..count)
            .map(|i| {
                let x = ((r.from + i as f64 * r.step) * 1e9).round() / 1e9;
                match &r.unit {
                    Some(u) => (Value::from(format!("{x}{u}")), Value::from(format!("{x}{u}"))),
                    None => (Value::from(x), Value::from(x)),
                }
            })
            .collect()
    } else {
        let cases = a.cases.as_deref().unwrap_or_default();
        for (i, c) in cases.iter().enumerate() {
            if c.set.is_empty() {
                return Err(err(format!("{at}.cases[{i}].set"), "set at least one field"));
            }
            for p in c.set.keys() {
                path::check(p).map_err(|m| err(format!("{at}.cases[{i}].set"), m))?;
            }
        }
        cases.iter().map(|c| (Value::Null, c.value.clone())).collect()
    };
    if list.is_empty() {
        return Err(err(at, "give at least one value"));
    }
    let what = if a.cases.is_some() { "cases" } else { "values" };
    for (i, (_, label)) in list.iter().enumerate() {
        if list[..i].iter().any(|(_, l)| key(l) == key(label)) {
            return Err(err(format!("{at}.{what}[{i}]"), format!("repeats the value {}", key(label))));
        }
    }
    Ok(list)
}

/// Every router of `doc` on `spec`, as `Scenario::with_every_router` does: the default
/// scheduler, and the routers' own and per-port choices removed.
#[inline]
fn every_router(doc: &mut Value, spec: Value, limits: &Limits) -> Result<(), String> {
    doc["default_scheduler"] = spec;
    // A point that does not parse fails its check with the field at fault named, after.
    let Ok(s) = parse_format(&doc.to_string(), limits) else {
        return Ok(());
    };
    let routers: BTreeSet<String> =
        s.topology.nodes.iter().filter(|n| n.kind == NodeKind::Router).map(|n| n.id.clone()).collect();
    if let Some(Value::Object(m)) = doc.get_mut("node_schedulers") {
        m.retain(|id, _| !routers.contains(id));
    }
    let topology = &mut doc["topology"];
    for n in topology.get_mut("nodes").and_then(Value::as_array_mut).into_iter().flatten() {
        if n.get("id").and_then(Value::as_str).is_some_and(|id| routers.contains(id)) {
            if let Some(o) = n.as_object_mut() {
                o.remove("scheduler");
            }
        }
    }
    for l in topology.get_mut("links").and_then(Value::as_array_mut).into_iter().flatten() {
        if let Some(Value::Object(m)) = l.get_mut("schedulers") {
            m.retain(|owner, _| !routers.contains(owner));
        }
    }
    Ok(())
}

/// Sets field `p` of scenario `doc` ("scheduler": every router on `v`).
#[inline]
pub(crate) fn write(doc: &mut Value, p: &str, v: Value, limits: &Limits) -> Result<(), String> {
    if p == "scheduler" {
        every_router(doc, v, limits)
    } else {
        path::set(doc, p, v)
    }
}

// The text entry points are #[inline], as the scenario's are (wasm-core/wasm/README.md): the
// binding compiles them, and the scenario parsing they call, once and for size.
impl Plan {
    /// Reads and checks a sweep file; `load` reads a base given as a path (relative to the
    /// sweep file: the caller resolves it). Every point's scenario is checked within `limits`.
    #[inline]
    pub fn parse(
        text: &str,
        load: &dyn Fn(&str) -> Result<String, String>,
        limits: &Limits,
    ) -> Result<Plan, ScenarioError> {
        let f: SweepFile = read_file(text, limits, "sweep")?;
        if f.format != FORMAT {
            return Err(err("format", format!("expected \"{FORMAT}\", found \"{}\"", f.format)));
        }
        if f.version != 1 {
            return Err(err("version", format!("this build reads version 1, the file is version {}", f.version)));
        }
        let mut base: Value = match &f.base {
            Value::String(p) => {
                let t = load(p).map_err(|m| err("base", m))?;
                serde_json::from_str(&t).map_err(|e| err("base", format!("{p}: not JSON: {e}")))?
            }
            v @ Value::Object(_) => v.clone(),
            _ => return Err(err("base", "a scenario (an object) or the path of a scenario file")),
        };
        if !base.is_object() {
            return Err(err("base", "the scenario is not a JSON object"));
        }
        let mut whole: Value = serde_json::from_str(text).map_err(|e| err("", e.to_string()))?;
        whole["base"] = base.clone();
        for (p, v) in &f.set {
            write(&mut base, p, v.clone(), limits).map_err(|m| err(format!("set.{p}"), m))?;
        }
        let mut axes = Vec::new();
        let mut grid = Vec::new();
        for (i, a) in f.axes.iter().enumerate() {
            let at = format!("axes[{i}]");
            if let Some(p) = &a.path {
                path::check(p).map_err(|m| err(format!("{at}.path"), m))?;
                if p == "seed" {
                    return Err(err(format!("{at}.path"), "the seeds are the sweep's own list (seeds)"));
                }
            }
            let name = a
                .name
                .clone()
                .or_else(|| a.path.clone())
                .ok_or_else(|| err(format!("{at}.name"), "name a cases axis"))?;
            if axes.contains(&name) || name == "seed" || name == "trace_hash" {
                return Err(err(format!("{at}.name"), format!("\"{name}\" names another column")));
            }
            axes.push(name);
            grid.push(values(a, &at)?);
        }
        if f.seeds.is_empty() {
            return Err(err("seeds", "give at least one seed"));
        }
        for (i, s) in f.seeds.iter().enumerate() {
            if f.seeds[..i].contains(s) {
                return Err(err(format!("seeds[{i}]"), format!("repeats seed {s}")));
            }
        }
        let jobs = grid.iter().map(Vec::len).product::<usize>().saturating_mul(f.seeds.len());
        if jobs > MAX_JOBS {
            return Err(err("axes", format!("{jobs} runs (points x seeds); at most {MAX_JOBS}")));
        }
        let metrics = metric_columns(&f, &axes)?;
        let mut points = Vec::new();
        let mut index = vec![0usize; grid.len()];
        loop {
            points.push(point(&f, &base, &grid, &index, &axes, limits)?);
            // The last axis turns fastest.
            let mut d = grid.len();
            loop {
                if d == 0 {
                    let plan = Plan {
                        name: f.name.clone(),
                        description: f.description.clone(),
                        axes,
                        points,
                        seeds: f.seeds.clone(),
                        metrics,
                        checks: f.checks.clone(),
                        paper: f.paper.clone(),
                        inlined: whole.to_string(),
                    };
                    plan.check_references()?;
                    return Ok(plan);
                }
                d -= 1;
                index[d] += 1;
                if index[d] < grid[d].len() {
                    break;
                }
                index[d] = 0;
            }
        }
    }

    /// The sweep as a file of its own, its base scenario written in: what a process that
    /// cannot read the base's path (a cluster's worker, the page) plans from.
    pub fn inlined(&self) -> &str {
        &self.inlined
    }

    /// Jobs (points x seeds), the seed turning fastest.
    pub fn jobs(&self) -> usize {
        self.points.len() * self.seeds.len()
    }

    /// Job `i`'s point and seed.
    pub fn job(&self, i: usize) -> (usize, u32) {
        (i / self.seeds.len(), self.seeds[i % self.seeds.len()])
    }

    /// Job `i`'s scenario: a scenario file of its own.
    pub fn scenario_text(&self, i: usize) -> String {
        let (p, seed) = self.job(i);
        let mut doc = self.points[p].scenario.clone();
        doc["seed"] = Value::from(seed);
        doc.to_string()
    }

    /// "load=0.5, line=AIFO".
    pub fn describe(&self, point: usize) -> String {
        let labels = &self.points[point].labels;
        self.axes.iter().zip(labels).map(|(a, l)| format!("{a}={}", key(l))).collect::<Vec<_>>().join(", ")
    }

    /// The point whose labels match these, by axis position.
    pub fn find(&self, labels: &[String]) -> Option<usize> {
        self.points.iter().position(|p| p.labels.iter().map(key).eq(labels.iter().cloned()))
    }

    /// Checks and paper figures name metrics and axes' values that the sweep has.
    fn check_references(&self) -> Result<(), ScenarioError> {
        let axis_values = |at: &std::collections::BTreeMap<String, Value>, field: &str| -> Result<(), ScenarioError> {
            for (name, v) in at {
                let Some(a) = self.axes.iter().position(|x| x == name) else {
                    return Err(err(format!("{field}.{name}"), format!("no axis \"{name}\"")));
                };
                if !self.points.iter().any(|p| key(&p.labels[a]) == key(v)) {
                    return Err(err(format!("{field}.{name}"), format!("the axis has no value {}", key(v))));
                }
            }
            Ok(())
        };
        let metric = |m: &str, field: String| match self.metrics.iter().any(|(n, _)| n == m) {
            true => Ok(()),
            false => Err(err(field, format!("no metric \"{m}\" in this sweep's metrics"))),
        };
        for (i, c) in self.checks.iter().enumerate() {
            metric(&c.metric, format!("checks[{i}].metric"))?;
            axis_values(&c.at, &format!("checks[{i}].at"))?;
            match (&c.value, &c.versus) {
                (Some(_), None) => {}
                (None, Some(v)) => axis_values(v, &format!("checks[{i}].versus"))?,
                _ => return Err(err(format!("checks[{i}]"), "give exactly one of value or versus")),
            }
        }
        for (i, p) in self.paper.iter().enumerate() {
            metric(&p.metric, format!("paper[{i}].metric"))?;
            axis_values(&p.at, &format!("paper[{i}].at"))?;
            if p.at.len() != self.axes.len() {
                return Err(err(format!("paper[{i}].at"), "name a value of every axis"));
            }
        }
        Ok(())
    }
}

/// The metrics' column names (a metric's own name unless given), none twice or an axis's.
#[inline]
fn metric_columns(f: &SweepFile, axes: &[String]) -> Result<Vec<(String, MetricSpec)>, ScenarioError> {
    let specs = match &f.metrics {
        Some(m) if m.is_empty() => return Err(err("metrics", "list at least one metric, or leave metrics out")),
        Some(m) => m.clone(),
        None => super::table::default_metrics(),
    };
    let mut out: Vec<(String, MetricSpec)> = Vec::new();
    for (i, m) in specs.into_iter().enumerate() {
        let name = m.name.clone().unwrap_or_else(|| super::table::metric_name(m.metric));
        if out.iter().any(|(n, _)| *n == name) || axes.contains(&name) || name == "seed" || name == "trace_hash" {
            return Err(err(format!("metrics[{i}]"), format!("\"{name}\" names another column: give it a name")));
        }
        out.push((name, m));
    }
    Ok(out)
}

/// The point at `index` (one value per axis), its scenario checked.
#[inline]
fn point(
    f: &SweepFile,
    base: &Value,
    grid: &[Vec<(Value, Value)>],
    index: &[usize],
    axes: &[String],
    limits: &Limits,
) -> Result<Point, ScenarioError> {
    let mut doc = base.clone();
    let mut labels = Vec::new();
    for (a, (&i, values)) in index.iter().zip(grid).enumerate() {
        let (value, label) = &values[i];
        let axis = &f.axes[a];
        match (&axis.path, &axis.cases) {
            (Some(p), _) => write(&mut doc, p, value.clone(), limits)
                .map_err(|m| err(format!("axes[{a}].path"), format!("{p}: {m}")))?,
            (None, Some(cases)) => {
                for (p, v) in &cases[i].set {
                    write(&mut doc, p, v.clone(), limits)
                        .map_err(|m| err(format!("axes[{a}].cases[{i}].set"), format!("{p}: {m}")))?;
                }
            }
            (None, None) => unreachable!("values() checked the axis"),
        }
        labels.push(label.clone());
    }
    doc["seed"] = Value::from(f.seeds[0]);
    let text = doc.to_string();
    let checked = parse_with(&text, limits).and_then(|s| Network::build(&s, s.seed).map(|_| ()));
    if let Err(e) = checked {
        // Say which axis value set the field at fault, when one did.
        let within =
            |a: &str, b: &str| a.starts_with(b) && matches!(a[b.len()..].chars().next(), None | Some('.' | '['));
        let near = |p: &str| {
            let p = if p == "scheduler" { "default_scheduler" } else { p };
            !e.path.is_empty() && (within(&e.path, p) || within(p, &e.path))
        };
        let set = f.set.keys().find(|p| near(p)).map(|p| format!("set.{p}"));
        let by = set.or_else(|| {
            index.iter().enumerate().find_map(|(a, &i)| {
                let axis = &f.axes[a];
                let paths: Vec<&String> = match (&axis.path, &axis.cases) {
                    (Some(p), _) => vec![p],
                    (None, Some(c)) => c[i].set.keys().collect(),
                    _ => vec![],
                };
                // The field at fault is in the value's or holds it ("traffic[0]" for traffic[0].rate).
                let what = if axis.cases.is_some() { "cases" } else { "values" };
                paths.iter().any(|p| near(p)).then(|| format!("axes[{a}].{what}[{i}]"))
            })
        });
        let here = axes.iter().zip(&labels).map(|(a, l)| format!("{a}={}", key(l))).collect::<Vec<_>>().join(", ");
        return Err(match by {
            Some(field) => err(field, format!("{e}")),
            None => err("", format!("the point {here}: {e}")),
        });
    }
    Ok(Point { labels, scenario: doc })
}
