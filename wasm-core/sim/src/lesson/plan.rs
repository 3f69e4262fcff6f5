//! A lesson file read and checked: every step's scenario resolved (a file, an inline scenario
//! or a change to the previous step's) and checked like a scenario file, with errors naming
//! the lesson's field ("steps[2].change.traffic[0].rate: ...").

use serde_json::Value;

use super::{Highlight, LessonFile, Question, StepSpec, ViewSpec, FORMAT};
use crate::scenario::{Limits, LinkRef, Scenario, ScenarioError};
use crate::sweep::{path, write};
use crate::validation::{parse_with, read_file};

/// At most this many steps in a lesson.
pub const MAX_STEPS: usize = 30;
/// At most this many choices in a question.
pub const MAX_CHOICES: usize = 6;

/// One checked step: its spec, its scenario's text and, for an exercise, its solution's.
#[derive(Clone, Debug)]
pub struct LessonStep {
    pub spec: StepSpec,
    pub scenario_text: String,
    pub scenario: Scenario,
    /// The exercise's solution applied to the step's scenario.
    pub solution_text: Option<String>,
}

/// A checked lesson.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub file: LessonFile,
    pub steps: Vec<LessonStep>,
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError::new(path, message)
}

/// A scenario's error under the lesson's field `at`.
fn under(at: &str, e: ScenarioError) -> ScenarioError {
    let path = if e.path.is_empty() { at.to_string() } else { format!("{at}: {}", e.path) };
    err(path, e.message)
}

/// Fields `set` written into `doc`, by path; errors name `at.PATH`.
fn apply(
    doc: &mut Value,
    set: &std::collections::BTreeMap<String, Value>,
    at: &str,
    limits: &Limits,
) -> Result<(), ScenarioError> {
    for (p, v) in set {
        let here = format!("{at}.{p}");
        path::check(p).map_err(|m| err(&here, m))?;
        write(doc, p, v.clone(), limits).map_err(|m| err(&here, m))?;
    }
    Ok(())
}

fn has_node(s: &Scenario, id: &str) -> bool {
    s.topology.nodes.iter().any(|n| n.id == id)
}

/// Whether `l` is a port of `s`: a link's end to its other end, either way.
fn has_port(s: &Scenario, l: &LinkRef) -> bool {
    s.topology.links.iter().any(|k| (k.from == l.from && k.to == l.to) || (k.from == l.to && k.to == l.from))
}

fn check_port(s: &Scenario, l: &LinkRef, at: String) -> Result<(), ScenarioError> {
    if has_port(s, l) {
        Ok(())
    } else {
        Err(err(at, format!("no link joins {} and {} in the step's scenario", l.from, l.to)))
    }
}

fn check_flow(s: &Scenario, id: &str, at: String) -> Result<(), ScenarioError> {
    let scripted = s.schedule.iter().flat_map(|sc| sc.flows.iter().map(|f| f.id.as_str()));
    if s.traffic.iter().map(|t| t.id()).chain(scripted).any(|f| f == id) {
        Ok(())
    } else {
        Err(err(at, format!("no flow \"{id}\" in the step's scenario")))
    }
}

fn check_view(v: &ViewSpec, s: &Scenario, at: &str) -> Result<(), ScenarioError> {
    if let Some(r) = &v.replay {
        crate::api::find_replay(s, r).map_err(|e| err(format!("{at}.replay"), e.message))?;
    }
    if let Some(p) = &v.port {
        check_port(s, p, format!("{at}.port"))?;
    }
    if let Some(f) = &v.flow {
        check_flow(s, f, format!("{at}.flow"))?;
    }
    if let Some(z) = v.zoom {
        // The page's drawing zooms from half the fitted size to eight times it.
        if !(0.5..=8.0).contains(&z) {
            return Err(err(format!("{at}.zoom"), format!("{z} is outside 0.5 to 8")));
        }
    }
    Ok(())
}

fn check_highlight(h: &Highlight, s: &Scenario, at: &str) -> Result<(), ScenarioError> {
    if let Some(n) = &h.node {
        if !has_node(s, n) {
            return Err(err(format!("{at}.node"), format!("no node \"{n}\" in the step's scenario")));
        }
    }
    if let Some(p) = &h.port {
        check_port(s, p, format!("{at}.port"))?;
    }
    if let Some(f) = &h.flow {
        check_flow(s, f, format!("{at}.flow"))?;
    }
    if !h.packets.is_empty() {
        let named = s.schedule.as_ref().map(|sc| sc.packets.iter().map(|p| p.id.clone()).collect::<Vec<_>>());
        let named = named.ok_or_else(|| {
            err(format!("{at}.packets"), "packets are named in a schedule; the step's scenario has none")
        })?;
        for (i, p) in h.packets.iter().enumerate() {
            if !named.contains(p) {
                return Err(err(format!("{at}.packets[{i}]"), format!("no packet \"{p}\" in the schedule")));
            }
        }
    }
    if let Some([a, b]) = h.during {
        if h.chart.is_none() {
            return Err(err(format!("{at}.during"), "marks a span of a chart: name the chart"));
        }
        if a.0.as_ns() >= b.0.as_ns() {
            return Err(err(format!("{at}.during"), "from must be before to"));
        }
    }
    Ok(())
}

fn check_question(q: &Question, at: &str) -> Result<(), ScenarioError> {
    match (q.choices.is_empty(), &q.number) {
        (false, None) => {
            if !(2..=MAX_CHOICES).contains(&q.choices.len()) {
                return Err(err(format!("{at}.choices"), format!("give 2 to {MAX_CHOICES} choices")));
            }
            match q.correct {
                Some(c) if c < q.choices.len() => {}
                Some(c) => {
                    return Err(err(
                        format!("{at}.correct"),
                        format!("{c} is not a choice (0 to {})", q.choices.len() - 1),
                    ))
                }
                None => return Err(err(format!("{at}.correct"), "say which choice holds (its index)")),
            }
        }
        (true, Some(n)) => {
            if q.correct.is_some() {
                return Err(err(format!("{at}.correct"), "a number question has no choices"));
            }
            if !(n.answer.is_finite() && n.tolerance.is_finite() && n.tolerance >= 0.0) {
                return Err(err(format!("{at}.number"), "answer and tolerance must be finite, tolerance >= 0"));
            }
            if n.scale.is_some_and(|s| !(s.is_finite() && s > 0.0)) {
                return Err(err(format!("{at}.number.scale"), "must be a number above 0"));
            }
        }
        _ => return Err(err(at, "give either choices (with correct) or number")),
    }
    if q.why.trim().is_empty() {
        return Err(err(format!("{at}.why"), "write how the expected answer is worked out"));
    }
    Ok(())
}

impl Lesson {
    /// Reads and checks a lesson file; `load` reads a scenario given as a path (relative to
    /// the lesson file: the caller resolves it). Every step's scenario is checked within `limits`.
    #[inline]
    pub fn parse(
        text: &str,
        load: &dyn Fn(&str) -> Result<String, String>,
        limits: &Limits,
    ) -> Result<Lesson, ScenarioError> {
        let f: LessonFile = read_file(text, limits, "lesson")?;
        if f.format != FORMAT {
            return Err(err("format", format!("expected \"{FORMAT}\", found \"{}\"", f.format)));
        }
        if f.version != 1 {
            return Err(err("version", format!("this build reads version 1, the file is version {}", f.version)));
        }
        if f.name.trim().is_empty() {
            return Err(err("name", "give the lesson a name"));
        }
        if f.steps.is_empty() || f.steps.len() > MAX_STEPS {
            return Err(err("steps", format!("give 1 to {MAX_STEPS} steps, not {}", f.steps.len())));
        }
        let mut steps: Vec<LessonStep> = Vec::new();
        let mut doc: Option<Value> = None;
        for (i, st) in f.steps.iter().enumerate() {
            let at = format!("steps[{i}]");
            match &st.scenario {
                Some(Value::String(p)) => {
                    let t = load(p).map_err(|m| err(format!("{at}.scenario"), m))?;
                    let v: Value = serde_json::from_str(&t)
                        .map_err(|e| err(format!("{at}.scenario"), format!("{p}: not JSON: {e}")))?;
                    doc = Some(v);
                }
                Some(v @ Value::Object(_)) => doc = Some(v.clone()),
                Some(_) => {
                    return Err(err(format!("{at}.scenario"), "a scenario (an object) or the path of a scenario file"))
                }
                None if i == 0 => return Err(err(format!("{at}.scenario"), "the first step needs a scenario")),
                None => {}
            }
            let d = doc.as_mut().expect("the first step has a scenario");
            if !d.is_object() {
                return Err(err(format!("{at}.scenario"), "the scenario is not a JSON object"));
            }
            apply(d, &st.change, &format!("{at}.change"), limits)?;
            let scenario_text = d.to_string();
            let scenario = parse_with(&scenario_text, limits).map_err(|e| under(&format!("{at}.scenario"), e))?;
            check_view(&st.view, &scenario, &format!("{at}.view"))?;
            if let Some(h) = &st.highlight {
                check_highlight(h, &scenario, &format!("{at}.highlight"))?;
            }
            if let Some(q) = &st.question {
                check_question(q, &format!("{at}.question"))?;
            }
            let solution_text = match &st.exercise {
                Some(e) => {
                    let mut sol = d.clone();
                    apply(&mut sol, &e.solution, &format!("{at}.exercise.solution"), limits)?;
                    let t = sol.to_string();
                    parse_with(&t, limits).map_err(|e| under(&format!("{at}.exercise.solution"), e))?;
                    Some(t)
                }
                None => None,
            };
            steps.push(LessonStep { spec: st.clone(), scenario_text, scenario, solution_text });
        }
        Ok(Lesson { file: f, steps })
    }
}
