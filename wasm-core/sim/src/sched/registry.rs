//! The scheduler registry: name (as written in scenario files and links) -> constructor,
//! parameters (unit, range, default), a one-line description and the paper reference.
//! Scenario validation, the CLI and the page's inspector forms all read this table.

use std::collections::BTreeMap;

use serde::Serialize;

use super::fifo::{DropPolicy, Fifo};
use super::AnyScheduler;
use crate::scenario::SchedulerSpec;
use crate::units::Buffer;

/// How a parameter is written in a scenario file.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ParamKind {
    /// One of a fixed set of strings.
    Choice { options: &'static [&'static str] },
}

#[derive(Debug, Serialize)]
pub struct ParamSpec {
    pub name: &'static str,
    pub description: &'static str,
    #[serde(flatten)]
    pub kind: ParamKind,
    /// The default, as it would be written in a scenario file.
    pub default: &'static str,
}

/// Parameters after validation, with defaults filled in.
#[derive(Debug, Default)]
pub struct Params {
    choices: BTreeMap<&'static str, String>,
}

impl Params {
    pub fn choice(&self, name: &str) -> &str {
        self.choices.get(name).map(String::as_str).unwrap_or_default()
    }
}

/// What a constructor receives.
pub struct BuildArgs<'a> {
    pub params: &'a Params,
    /// The port's buffer; the outermost scheduler enforces it, children get `Unlimited`.
    pub buffer: Buffer,
    pub children: Vec<AnyScheduler>,
}

#[derive(Serialize)]
pub struct SchedulerInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub reference: &'static str,
    /// What the per-packet key means, for the UI ("enqueue time", "slack", "rank"...).
    pub key_label: &'static str,
    pub params: &'static [ParamSpec],
    /// Whether it is a class-level scheduler holding child schedulers.
    pub takes_children: bool,
    #[serde(skip)]
    pub build: fn(BuildArgs<'_>) -> Result<AnyScheduler, String>,
}

pub static REGISTRY: &[SchedulerInfo] = &[SchedulerInfo {
    name: "fifo",
    summary: "First in, first out; drop-tail (or drop-head) buffer.",
    reference: "Baseline in UPS (Mittal et al., NSDI'16) Sec. 2.3 and AIFO (Yu et al., SIGCOMM'21) Fig. 2",
    key_label: "enqueue time (ns)",
    params: &[ParamSpec {
        name: "drop",
        description: "Which packet a full buffer drops: the arriving one (tail) or the oldest queued (head).",
        kind: ParamKind::Choice { options: &["tail", "head"] },
        default: "tail",
    }],
    takes_children: false,
    build: |args| {
        let policy = match args.params.choice("drop") {
            "head" => DropPolicy::Head,
            _ => DropPolicy::Tail,
        };
        Ok(AnyScheduler::Fifo(Fifo::new(args.buffer, policy)))
    },
}];

/// The registry as JSON, for the page's inspector forms and `cli schedulers`.
pub fn registry_json() -> String {
    serde_json::to_string(REGISTRY).expect("the registry is plain data")
}

pub fn lookup(name: &str) -> Option<&'static SchedulerInfo> {
    REGISTRY.iter().find(|s| s.name == name)
}

/// Builds the scheduler a spec names, checking its parameters against the registry.
/// Errors are `(path relative to the spec, message)`.
pub fn build(spec: &SchedulerSpec, buffer: Buffer) -> Result<(AnyScheduler, &'static SchedulerInfo), (String, String)> {
    let info = lookup(&spec.name).ok_or_else(|| {
        let known: Vec<&str> = REGISTRY.iter().map(|s| s.name).collect();
        ("name".to_string(), format!("unknown scheduler \"{}\" (known: {})", spec.name, known.join(", ")))
    })?;
    let mut params = Params::default();
    for (key, value) in &spec.params {
        let Some(p) = info.params.iter().find(|p| p.name == key) else {
            let names: Vec<&str> = info.params.iter().map(|p| p.name).collect();
            return Err((
                format!("params.{key}"),
                format!(
                    "{} has no parameter \"{key}\" (it has: {})",
                    info.name,
                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                ),
            ));
        };
        match &p.kind {
            ParamKind::Choice { options } => {
                let s = value.as_str().filter(|s| options.contains(s)).ok_or_else(|| {
                    (format!("params.{key}"), format!("must be one of {}, got {value}", options.join(", ")))
                })?;
                params.choices.insert(p.name, s.to_string());
            }
        }
    }
    for p in info.params {
        match p.kind {
            ParamKind::Choice { .. } => {
                params.choices.entry(p.name).or_insert_with(|| p.default.to_string());
            }
        }
    }
    if !info.takes_children && !spec.children.is_empty() {
        return Err(("children".into(), format!("{} is not a class scheduler and takes no children", info.name)));
    }
    let mut children = Vec::with_capacity(spec.children.len());
    for (i, child) in spec.children.iter().enumerate() {
        let (c, _) = build(child, Buffer::Unlimited).map_err(|(path, msg)| (format!("children[{i}].{path}"), msg))?;
        children.push(c);
    }
    let sched = (info.build)(BuildArgs { params: &params, buffer, children }).map_err(|m| ("params".to_string(), m))?;
    Ok((sched, info))
}

impl std::fmt::Debug for SchedulerInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SchedulerInfo").field("name", &self.name).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::Scheduler;

    fn spec(json: &str) -> SchedulerSpec {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn builds_fifo_with_defaults_and_params() {
        let (s, info) = build(&spec(r#"{"name":"fifo"}"#), Buffer::Unlimited).unwrap();
        assert_eq!(info.name, "fifo");
        assert_eq!(s.len(), 0);
        assert!(build(&spec(r#"{"name":"fifo","params":{"drop":"head"}}"#), Buffer::Unlimited).is_ok());
    }

    #[test]
    fn registry_json_lists_fifo_with_its_parameter() {
        let v: serde_json::Value = serde_json::from_str(&registry_json()).unwrap();
        assert_eq!(v[0]["name"], "fifo");
        assert_eq!(v[0]["params"][0]["name"], "drop");
        assert_eq!(v[0]["params"][0]["type"], "choice");
        assert_eq!(v[0]["params"][0]["options"], serde_json::json!(["tail", "head"]));
        assert_eq!(v[0]["params"][0]["default"], "tail");
    }

    #[test]
    fn errors_name_the_field() {
        let e = build(&spec(r#"{"name":"fifoo"}"#), Buffer::Unlimited).unwrap_err();
        assert_eq!(e.0, "name");
        assert!(e.1.contains("fifoo") && e.1.contains("fifo"));
        let e = build(&spec(r#"{"name":"fifo","params":{"drop":"middle"}}"#), Buffer::Unlimited).unwrap_err();
        assert_eq!(e.0, "params.drop");
        let e = build(&spec(r#"{"name":"fifo","params":{"quantum":3}}"#), Buffer::Unlimited).unwrap_err();
        assert_eq!(e.0, "params.quantum");
        let e = build(&spec(r#"{"name":"fifo","children":[{"name":"fifo"}]}"#), Buffer::Unlimited).unwrap_err();
        assert_eq!(e.0, "children");
    }
}
