//! A sweep's checks, point by point: at every point `at` selects, the metric's mean across
//! seeds against a constant or against the mean at the point `versus` names (this point with
//! those axes' values replaced), times `factor`. And its paper figures beside our means.

use std::collections::BTreeMap;

use serde_json::Value;

use super::plan::key;
use super::{Plan, SummaryRow};
use crate::checks::Outcome;

/// A paper figure at a point beside our mean (and its 95% interval).
#[derive(Clone, Debug, PartialEq)]
pub struct PaperLine {
    pub metric: String,
    pub point: String,
    pub paper: f64,
    pub ours: Option<f64>,
    pub ci95: Option<f64>,
    pub source: String,
}

impl Plan {
    fn axis(&self, name: &str) -> usize {
        self.axes.iter().position(|a| a == name).expect("the plan checked the axis names")
    }

    /// The points whose labels match `at` (axis name -> value).
    fn matching(&self, at: &BTreeMap<String, Value>) -> Vec<usize> {
        (0..self.points.len())
            .filter(|&p| at.iter().all(|(a, v)| key(&self.points[p].labels[self.axis(a)]) == key(v)))
            .collect()
    }

    /// Point `p` with the axes `versus` names moved to its values.
    fn moved(&self, p: usize, versus: &BTreeMap<String, Value>) -> Option<usize> {
        let mut labels: Vec<String> = self.points[p].labels.iter().map(key).collect();
        for (a, v) in versus {
            labels[self.axis(a)] = key(v);
        }
        self.find(&labels)
    }

    fn metric_index(&self, name: &str) -> usize {
        self.metrics.iter().position(|(n, _)| n == name).expect("the plan checked the metric names")
    }

    /// Every check at every point it applies to.
    pub fn evaluate(&self, summary: &[SummaryRow]) -> Vec<Outcome> {
        let mean = |p: usize, m: usize| summary.iter().find(|s| s.point == p && s.metric == m).and_then(|s| s.mean);
        let mut out = Vec::new();
        for c in &self.checks {
            let m = self.metric_index(&c.metric);
            for p in self.matching(&c.at) {
                let name = format!("{} [{}]", c.name, self.describe(p));
                let fail = |message: String| Outcome {
                    name: name.clone(),
                    passed: false,
                    actual: None,
                    expected: None,
                    message,
                };
                let Some(actual) = mean(p, m) else {
                    out.push(fail(format!("{} is undefined at this point", c.metric)));
                    continue;
                };
                let (base, against) = match (&c.value, &c.versus) {
                    (Some(v), _) => (*v, String::new()),
                    (None, Some(versus)) => match self.moved(p, versus).map(|q| (q, mean(q, m))) {
                        Some((q, Some(v))) => (v, format!(" (at {})", self.describe(q))),
                        Some((q, None)) => {
                            out.push(fail(format!("{} is undefined at {}", c.metric, self.describe(q))));
                            continue;
                        }
                        None => {
                            out.push(fail("the point compared with is not in the grid".into()));
                            continue;
                        }
                    },
                    (None, None) => unreachable!("the plan checked value or versus"),
                };
                let expected = base * c.factor.unwrap_or(1.0);
                let passed = c.op.holds(actual, expected);
                let factor = c.factor.map_or(String::new(), |f| format!(" x {f}"));
                out.push(Outcome {
                    name,
                    passed,
                    actual: Some(actual),
                    expected: Some(expected),
                    message: format!(
                        "mean {} {actual:.6} {} {expected:.6}{against}{factor}: {}",
                        c.metric,
                        c.op.symbol(),
                        if passed { "holds" } else { "FAILS" }
                    ),
                });
            }
        }
        out
    }

    /// The paper's figures beside our means.
    pub fn paper_lines(&self, summary: &[SummaryRow]) -> Vec<PaperLine> {
        self.paper
            .iter()
            .filter_map(|f| {
                let p = *self.matching(&f.at).first()?;
                let m = self.metric_index(&f.metric);
                let s = summary.iter().find(|s| s.point == p && s.metric == m);
                Some(PaperLine {
                    metric: f.metric.clone(),
                    point: self.describe(p),
                    paper: f.paper,
                    ours: s.and_then(|s| s.mean),
                    ci95: s.and_then(|s| s.ci95),
                    source: f.source.clone(),
                })
            })
            .collect()
    }
}
