//! A sweep's results: the tidy table (one row per job: the axes' values, seed, trace hash,
//! each metric) and its summary (per point and metric: how many seeds gave a value, their
//! mean, standard deviation and 95% confidence interval), as CSV and as JSON columns.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::plan::key;
use super::stats::estimate;
use super::{MetricSpec, Plan};
use crate::checks::{measure, Selector};
use crate::results::RunSummary;
use crate::scenario::checks::{FlowFilter, Metric};

/// The metrics read when a sweep lists none: what most scenarios define.
pub fn default_metrics() -> Vec<MetricSpec> {
    use Metric::*;
    [FctMeanNs, FctP99Ns, SlowdownMean, DelayMeanNs, DelayP99Ns, DropFraction, ThroughputBps, JainMean]
        .into_iter()
        .map(|metric| MetricSpec {
            name: None,
            metric,
            flows: FlowFilter::default(),
            link: None,
            replay: None,
            during: None,
        })
        .collect()
}

/// A metric's name as scenario files write it ("fct_mean_ns").
pub fn metric_name(m: Metric) -> String {
    serde_json::to_value(m).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// One job's results: the metrics in the plan's order (None where a run defines none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub job: usize,
    pub trace_hash: String,
    pub values: Vec<Option<f64>>,
}

/// One point's and metric's estimate across the seeds that gave a value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SummaryRow {
    pub point: usize,
    pub metric: usize,
    pub n: usize,
    pub mean: Option<f64>,
    pub std: Option<f64>,
    /// Half width of the 95% interval (none below two values).
    pub ci95: Option<f64>,
}

/// A CSV field: quoted when it needs it.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn num(v: Option<f64>) -> String {
    v.map_or(String::new(), |x| format!("{x}"))
}

/// Splits one CSV line (quotes as `field` writes them).
fn fields(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted, mut chars) = (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            (c, _) => cur.push(c),
        }
    }
    out.push(cur);
    out
}

impl Plan {
    /// Job `i`'s row from its run's summary.
    pub fn row(&self, i: usize, s: &RunSummary) -> Result<Row, String> {
        let mut values = Vec::new();
        for (name, m) in &self.metrics {
            let sel = Selector {
                metric: m.metric,
                flows: &m.flows,
                link: m.link.as_ref(),
                replay: m.replay.as_deref(),
                during: m.during.map(|[a, b]| (a.0.as_ns(), b.0.as_ns())),
            };
            values.push(measure(sel, s).map_err(|e| format!("metric {name}: {e}"))?);
        }
        Ok(Row { job: i, trace_hash: s.trace_hash.clone(), values })
    }

    /// The tidy table's column names.
    pub fn columns(&self) -> Vec<String> {
        let mut c = self.axes.clone();
        c.extend(["seed".to_string(), "trace_hash".to_string()]);
        c.extend(self.metrics.iter().map(|(n, _)| n.clone()));
        c
    }

    pub fn csv_header(&self) -> String {
        self.columns().iter().map(|c| field(c)).collect::<Vec<_>>().join(",")
    }

    /// A row of the tidy table as a CSV line (no newline).
    pub fn csv_line(&self, r: &Row) -> String {
        let (p, seed) = self.job(r.job);
        let mut f: Vec<String> = self.points[p].labels.iter().map(|l| field(&key(l))).collect();
        f.push(seed.to_string());
        f.push(r.trace_hash.clone());
        f.extend(r.values.iter().map(|v| num(*v)));
        f.join(",")
    }

    /// The rows of a tidy table this sweep wrote (to resume it): its header must be this
    /// sweep's, and every row a job of it.
    pub fn parse_csv(&self, text: &str) -> Result<Vec<Row>, String> {
        let mut lines = text.lines();
        match lines.next() {
            None => Ok(Vec::new()),
            Some(h) if h == self.csv_header() => self.parse_lines(lines),
            Some(h) => Err(format!("its columns ({h}) are not this sweep's ({})", self.csv_header())),
        }
    }

    /// Rows from lines as `csv_line` writes them (without the header). The bindings move rows
    /// as these lines: a number's text there reads back as the same double, as JSON parsed by
    /// serde_json without its float_roundtrip feature would not.
    pub fn parse_lines<'a>(&self, lines: impl Iterator<Item = &'a str>) -> Result<Vec<Row>, String> {
        let (na, nm) = (self.axes.len(), self.metrics.len());
        let mut rows = Vec::new();
        for (i, line) in lines.enumerate().filter(|(_, l)| !l.is_empty()) {
            let f = fields(line);
            let line_no = i + 2;
            if f.len() != na + 2 + nm {
                return Err(format!("line {line_no}: {} fields, expected {}", f.len(), na + 2 + nm));
            }
            let point = self.find(&f[..na]).ok_or_else(|| format!("line {line_no}: no such point in this sweep"))?;
            let seed: u32 = f[na].parse().map_err(|_| format!("line {line_no}: seed \"{}\"", f[na]))?;
            let s = self
                .seeds
                .iter()
                .position(|x| *x == seed)
                .ok_or_else(|| format!("line {line_no}: seed {seed} is not this sweep's"))?;
            let mut values = Vec::new();
            for v in &f[na + 2..] {
                values.push(if v.is_empty() {
                    None
                } else {
                    Some(v.parse().map_err(|_| format!("line {line_no}: \"{v}\" is not a number"))?)
                });
            }
            rows.push(Row { job: point * self.seeds.len() + s, trace_hash: f[na + 1].clone(), values });
        }
        Ok(rows)
    }

    /// The tidy table as CSV text, rows in job order.
    pub fn csv(&self, rows: &[Row]) -> String {
        let mut sorted: Vec<&Row> = rows.iter().collect();
        sorted.sort_by_key(|r| r.job);
        let mut t = self.csv_header() + "\n";
        for r in sorted {
            let _ = writeln!(t, "{}", self.csv_line(r));
        }
        t
    }

    /// The tidy table as JSON: {"columns": [...], "rows": [[...], ...]}, numbers as numbers.
    pub fn table_json(&self, rows: &[Row]) -> Value {
        let mut sorted: Vec<&Row> = rows.iter().collect();
        sorted.sort_by_key(|r| r.job);
        let out: Vec<Value> = sorted
            .iter()
            .map(|r| {
                let (p, seed) = self.job(r.job);
                let mut v = self.points[p].labels.clone();
                v.push(seed.into());
                v.push(r.trace_hash.clone().into());
                v.extend(r.values.iter().map(|x| x.map_or(Value::Null, Value::from)));
                Value::Array(v)
            })
            .collect();
        serde_json::json!({"columns": self.columns(), "rows": out})
    }

    /// Per point and metric, the estimate across seeds.
    pub fn summarize(&self, rows: &[Row]) -> Vec<SummaryRow> {
        let mut out = Vec::new();
        for point in 0..self.points.len() {
            let mine: Vec<&Row> = rows.iter().filter(|r| self.job(r.job).0 == point).collect();
            for metric in 0..self.metrics.len() {
                let xs: Vec<f64> = mine.iter().filter_map(|r| r.values[metric]).filter(|x| x.is_finite()).collect();
                let e = estimate(&xs);
                out.push(SummaryRow {
                    point,
                    metric,
                    n: xs.len(),
                    mean: e.map(|e| e.mean),
                    std: e.and_then(|e| e.std),
                    ci95: e.and_then(|e| e.ci95),
                });
            }
        }
        out
    }

    /// The summary as CSV: the axes, metric, n, mean, std, ci95 (half width), its bounds.
    pub fn summary_csv(&self, summary: &[SummaryRow]) -> String {
        let mut t: String = self.axes.iter().map(|a| field(a) + ",").collect();
        t.push_str("metric,n,mean,std,ci95,ci95_low,ci95_high\n");
        for s in summary {
            let labels: String = self.points[s.point].labels.iter().map(|l| field(&key(l)) + ",").collect();
            let bound = |sign: f64| s.mean.zip(s.ci95).map(|(m, c)| m + sign * c);
            let _ = writeln!(
                t,
                "{labels}{},{},{},{},{},{},{}",
                field(&self.metrics[s.metric].0),
                s.n,
                num(s.mean),
                num(s.std),
                num(s.ci95),
                num(bound(-1.0)),
                num(bound(1.0))
            );
        }
        t
    }

    /// The summary as JSON: {"columns": [...], "rows": [[...], ...]}.
    pub fn summary_json(&self, summary: &[SummaryRow]) -> Value {
        let mut columns = self.axes.clone();
        columns.extend(["metric", "n", "mean", "std", "ci95"].map(String::from));
        let rows: Vec<Value> = summary
            .iter()
            .map(|s| {
                let mut v = self.points[s.point].labels.clone();
                v.push(self.metrics[s.metric].0.clone().into());
                v.push(s.n.into());
                for x in [s.mean, s.std, s.ci95] {
                    v.push(x.map_or(Value::Null, Value::from));
                }
                Value::Array(v)
            })
            .collect();
        serde_json::json!({"columns": columns, "rows": rows})
    }
}
