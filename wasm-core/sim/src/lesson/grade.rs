//! A lesson's questions and exercises decided by the core on runs: which choices hold, the
//! number a question reads, whether a learner's answer is right, whether an exercise's check
//! holds on the learner's run, and (`Lesson::verify`, for the test suite) whether every
//! expected answer and every solution agrees with the runs.

use serde::Serialize;
use serde_json::Value;

use super::{Lesson, Question};
use crate::api::{OtherRuns, RunOptions};
use crate::checks::{evaluate, measure, Outcome, Selector};
use crate::results::RunSummary;
use crate::scenario::{Limits, Scenario};
use crate::validation::parse_with;

/// A question evaluated on a run: each choice's check, or the number it reads (in the
/// question's unit).
#[derive(Clone, Debug, Serialize)]
pub struct QuestionRun {
    /// Whether each choice holds (multiple choice).
    pub holds: Vec<bool>,
    /// Each choice's check, in words with the values measured.
    pub messages: Vec<String>,
    /// The run's value in the question's unit (number question).
    pub measured: Option<f64>,
}

/// A learner's answer graded.
#[derive(Clone, Debug, Serialize)]
pub struct Grade {
    pub correct: bool,
    /// What the run shows, in words.
    pub message: String,
    #[serde(flatten)]
    pub run: QuestionRun,
}

/// Runs a checked scenario without keeping its trace.
fn run_summary(s: &Scenario) -> Result<RunSummary, String> {
    crate::api::run(s, &RunOptions { seed: None, max_trace_events: Some(0) })
        .map(|o| o.summary)
        .map_err(|e| e.to_string())
}

fn number_text(x: f64) -> String {
    let r = (x * 1e3).round() / 1e3;
    format!("{r}")
}

impl Question {
    /// Evaluates the question on run `r` of scenario `s` (choices with `versus` make their
    /// other runs through `others`).
    pub fn evaluate(&self, s: &Scenario, r: &RunSummary) -> Result<QuestionRun, String> {
        let mut others = OtherRuns::new(s, r.seed);
        let mut out = QuestionRun { holds: Vec::new(), messages: Vec::new(), measured: None };
        for c in &self.choices {
            let o: Outcome = evaluate(c, r, &mut |other| others.get(other));
            out.holds.push(o.passed);
            out.messages.push(o.message);
        }
        if let Some(n) = &self.number {
            let m = &n.measure;
            let during = m.during.map(|[a, b]| (a.0.as_ns(), b.0.as_ns()));
            let sel = Selector {
                metric: m.metric,
                flows: &m.flows,
                link: m.link.as_ref(),
                replay: m.replay.as_deref(),
                during,
            };
            let v = measure(sel, r)?.ok_or_else(|| format!("{:?} is undefined in this run", m.metric))?;
            out.measured = Some(v / n.scale.unwrap_or(1.0));
        }
        Ok(out)
    }

    /// Whether the lesson's own answer agrees with the run: exactly the `correct` choice
    /// holds, or the number is within the tolerance.
    pub fn agrees(&self, q: &QuestionRun) -> Result<(), String> {
        if let Some(c) = self.correct {
            let holding: Vec<usize> = q.holds.iter().enumerate().filter(|(_, h)| **h).map(|(i, _)| i).collect();
            if holding != [c] {
                return Err(format!(
                    "the lesson expects only choice {c} to hold; the run makes {:?} hold ({})",
                    holding,
                    q.messages.join("; ")
                ));
            }
        }
        if let (Some(n), Some(m)) = (&self.number, q.measured) {
            if (m - n.answer).abs() > n.tolerance {
                return Err(format!(
                    "the lesson expects {} ± {} {}; the run gives {}",
                    number_text(n.answer),
                    number_text(n.tolerance),
                    n.unit.as_deref().unwrap_or(""),
                    number_text(m)
                ));
            }
        }
        Ok(())
    }

    /// Grades a learner's answer (a choice's index, or a number in the question's unit).
    pub fn grade(&self, q: QuestionRun, answer: &Value) -> Result<Grade, String> {
        if self.number.is_none() {
            let i = answer.as_u64().map(|i| i as usize).filter(|i| *i < self.choices.len());
            let i =
                i.ok_or_else(|| format!("answer: pick a choice from 0 to {}", self.choices.len().saturating_sub(1)))?;
            let right: Vec<&str> =
                self.choices.iter().zip(&q.holds).filter(|(_, h)| **h).map(|(c, _)| c.name.as_str()).collect();
            let message = if right.is_empty() {
                "In this run none of the choices holds.".to_string()
            } else {
                format!("In this run: {}.", right.join("; "))
            };
            return Ok(Grade { correct: q.holds[i], message, run: q });
        }
        let n = self.number.as_ref().expect("a number question");
        let a = answer.as_f64().filter(|a| a.is_finite()).ok_or("answer: a number")?;
        let m = q.measured.ok_or("the run gives no value")?;
        let unit = n.unit.as_deref().map_or(String::new(), |u| format!(" {u}"));
        let message =
            format!("The run gives {}{unit} (right within ± {}{unit}).", number_text(m), number_text(n.tolerance));
        Ok(Grade { correct: (a - m).abs() <= n.tolerance, message, run: q })
    }
}

/// An exercise's check on the learner's run.
#[derive(Clone, Debug, Serialize)]
pub struct ExerciseResult {
    pub passed: bool,
    /// The check's finding, in words with the values measured.
    pub message: String,
}

/// What `Lesson::verify` found at one step.
#[derive(Clone, Debug)]
pub struct StepReport {
    pub step: usize,
    pub title: String,
    pub trace_hash: String,
    /// The question's and the exercise's findings; Err: the lesson is wrong there.
    pub findings: Vec<Result<String, String>>,
}

impl Lesson {
    /// Runs step `i`'s scenario and evaluates its question.
    pub fn question_run(&self, i: usize) -> Result<QuestionRun, String> {
        let st = self.steps.get(i).ok_or_else(|| format!("no step {i}"))?;
        let q = st.spec.question.as_ref().ok_or_else(|| format!("step {i} asks no question"))?;
        let r = run_summary(&st.scenario)?;
        q.evaluate(&st.scenario, &r)
    }

    /// Grades a learner's answer to step `i`'s question on the step's run.
    pub fn grade(&self, i: usize, answer: &Value) -> Result<Grade, String> {
        let q = self.steps[i.min(self.steps.len() - 1)].spec.question.as_ref();
        let run = self.question_run(i)?;
        q.expect("question_run checked it").grade(run, answer)
    }

    /// Evaluates step `i`'s exercise on the learner's scenario (`text`, checked within `limits`).
    pub fn exercise(&self, i: usize, text: &str, limits: &Limits) -> Result<ExerciseResult, String> {
        let st = self.steps.get(i).ok_or_else(|| format!("no step {i}"))?;
        let e = st.spec.exercise.as_ref().ok_or_else(|| format!("step {i} has no exercise"))?;
        let s = parse_with(text, limits).map_err(|e| e.to_string())?;
        let r = run_summary(&s)?;
        let mut others = OtherRuns::new(&s, r.seed);
        let o = evaluate(&e.check, &r, &mut |other| others.get(other));
        Ok(ExerciseResult { passed: o.passed, message: o.message })
    }

    /// Every step run: its question's expected answer holds on the step's run, its exercise's
    /// check fails on the step's scenario and holds on the lesson's solution.
    pub fn verify(&self, limits: &Limits) -> Vec<StepReport> {
        self.steps
            .iter()
            .enumerate()
            .map(|(i, st)| {
                let mut findings = Vec::new();
                let run = run_summary(&st.scenario);
                let trace_hash = run.as_ref().map_or_else(|e| format!("({e})"), |r| r.trace_hash.clone());
                match (&run, &st.spec.question) {
                    (Err(e), _) => findings.push(Err(format!("the step's scenario does not run: {e}"))),
                    (Ok(r), Some(q)) => findings.push(q.evaluate(&st.scenario, r).and_then(|qr| {
                        q.agrees(&qr)?;
                        Ok(match qr.measured {
                            Some(m) => format!("question: expected answer holds (run: {})", number_text(m)),
                            None => format!("question: only choice {} holds", q.correct.unwrap_or(0)),
                        })
                    })),
                    (Ok(_), None) => {}
                }
                if let (Some(e), Some(sol)) = (&st.spec.exercise, &st.solution_text) {
                    let before = self.exercise(i, &st.scenario_text, limits);
                    let after = self.exercise(i, sol, limits);
                    findings.push(match (before, after) {
                        (Ok(b), _) if b.passed => {
                            Err(format!("exercise: its check already holds on the step's scenario ({})", b.message))
                        }
                        (_, Ok(a)) if a.passed => Ok(format!("exercise: the solution passes ({})", a.message)),
                        (_, Ok(a)) => Err(format!("exercise: the solution fails its check ({})", a.message)),
                        (_, Err(m)) => Err(format!("exercise: the solution does not run: {m}")),
                    });
                    let _ = e;
                }
                StepReport { step: i, title: st.spec.title.clone(), trace_hash, findings }
            })
            .collect()
    }
}
