//! Lesson files: errors name the field; a change applies to the previous step's scenario.

use serde_json::{json, Value};

use super::Lesson;
use crate::scenario::LIMITS;

fn scenario() -> Value {
    serde_json::from_str(include_str!("../../../../scenarios/default.json")).expect("default.json")
}

fn lesson(steps: Value) -> String {
    json!({"format": "scheduler-playground/lesson", "version": 1, "name": "t", "summary": "s",
           "level": "introductory", "minutes": 10, "steps": steps})
    .to_string()
}

fn no_files(p: &str) -> Result<String, String> {
    Err(format!("{p}: no files here"))
}

fn error(steps: Value) -> String {
    Lesson::parse(&lesson(steps), &no_files, &LIMITS).err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn a_change_applies_to_the_previous_steps_scenario() {
    let l = Lesson::parse(
        &lesson(json!([{"title": "a", "scenario": scenario(), "text": "x"},
                       {"title": "b", "change": {"duration": "300ms"}, "text": "y"},
                       {"title": "c", "text": "z"}])),
        &no_files,
        &LIMITS,
    )
    .expect("valid");
    assert_eq!(l.steps.len(), 3);
    assert_eq!(l.steps[1].scenario.duration.0.as_ns(), 300_000_000);
    assert_eq!(l.steps[2].scenario.duration.0.as_ns(), 300_000_000);
    assert_ne!(l.steps[0].scenario.duration.0.as_ns(), 300_000_000);
}

#[test]
fn errors_name_the_field() {
    assert_eq!(error(json!([{"title": "a", "text": "x"}])), "steps[0].scenario: the first step needs a scenario");
    assert!(error(json!([{"title": "a", "scenario": "x.json", "text": "x"}]))
        .starts_with("steps[0].scenario: x.json: no files"));
    let e = error(json!([{"title": "a", "scenario": scenario(), "change": {"duration": "fast"}, "text": "x"}]));
    assert!(e.starts_with("steps[0].scenario: duration:"), "{e}");
    let e = error(json!([{"title": "a", "scenario": scenario(), "text": "x", "view": {"zoom": 20}}]));
    assert_eq!(e, "steps[0].view.zoom: 20 is outside 0.5 to 8");
    let e = error(json!([{"title": "a", "scenario": scenario(), "text": "x", "highlight": {"node": "nowhere"}}]));
    assert_eq!(e, "steps[0].highlight.node: no node \"nowhere\" in the step's scenario");
    let e =
        error(json!([{"title": "a", "scenario": scenario(), "text": "x", "question": {"prompt": "?", "why": "w"}}]));
    assert_eq!(e, "steps[0].question: give either choices (with correct) or number");
    let e = error(json!([{"title": "a", "scenario": scenario(), "text": "x", "colour": 1}]));
    assert!(e.starts_with("steps[0].colour: unknown field `colour`"), "{e}");
    let e =
        Lesson::parse("{\"format\": \"scheduler-playground/scenario\"}", &no_files, &LIMITS).err().unwrap().to_string();
    assert!(e.contains("missing field"), "{e}");
}

#[test]
fn a_number_question_is_graded_by_the_run() {
    // default.json's link r1 -> h3... the question reads the delivered fraction, 1 when nothing drops.
    let l = Lesson::parse(
        &lesson(json!([{"title": "a", "scenario": scenario(), "text": "x",
            "question": {"prompt": "?", "why": "w", "number": {"measure": {"metric": "delivered_fraction"}, "answer": 0.5, "tolerance": 0.5}}}])),
        &no_files,
        &LIMITS,
    )
    .expect("valid");
    let m = l.question_run(0).expect("runs").measured.expect("a number");
    assert!((0.0..=1.0).contains(&m));
    assert!(l.grade(0, &json!(m)).expect("graded").correct);
    assert!(!l.grade(0, &json!(m + 2.0)).expect("graded").correct);
    assert!(l.grade(0, &json!("x")).is_err());
}
