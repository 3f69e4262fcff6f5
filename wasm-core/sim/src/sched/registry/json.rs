//! The registry as JSON (`sched-cli schedulers`, the page's inspector forms and port views) and
//! the JSON Schema of that document (`scenarios/registry.schema.json`), from which the page's
//! TypeScript types are generated (`web/src/generated/registry.ts`): each scheduler's entry, its
//! name among `SchedulerName`, and the names of the state fields it exports (`StateFields`), so a
//! drawer that names a field its scheduler does not declare fails the type check.

use serde::Serialize;

use super::{Children, Order, SchedulerInfo, REGISTRY};
use crate::params;
use crate::units::format;
use crate::view::{KeySpec, StateSpec};

/// One scheduler as the page reads it.
#[derive(Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "SchedulerEntry"))]
struct Entry {
    /// The id scenario files and links use ("fifo_plus").
    name: &'static str,
    /// What the page calls it ("FIFO+").
    display: &'static str,
    /// One line on what it does.
    summary: &'static str,
    reference: &'static str,
    /// What its queue view shows on each packet, and the unit.
    key: KeySpec,
    /// The fields of its exported state, in the order the trace records them.
    state: Vec<StateSpec>,
    order: Order,
    children: Children,
    /// The packet fields it reads with its default parameters: "slack" (it serves by the slack
    /// the scenario's rule gives at the ingress; without a rule every packet starts at 0),
    /// "sizes" (its flow's size and what is left of it).
    reads: Vec<&'static str>,
    /// The scheduler it serves exactly as, that one with its defaults ("fq": "wfq"), whose
    /// parameters (buffer policies) the page offers in its place; null: none.
    same_as: Option<&'static str>,
    /// Its parameters: kind, range in the units a scenario is written in, default, description.
    params: Params,
    /// The JSON Schema of its whole `params` object.
    params_schema: AnyJson,
}

/// `params::specs_json`: one object a parameter.
#[derive(Serialize)]
struct Params(serde_json::Value);

/// A JSON Schema.
#[derive(Serialize)]
struct AnyJson(serde_json::Value);

fn entry(s: &SchedulerInfo) -> Entry {
    Entry {
        name: s.name,
        display: s.display,
        summary: s.summary,
        reference: s.reference,
        key: s.key,
        state: s.state.to_vec(),
        order: s.traits.order,
        children: s.traits.children,
        reads: default_reads(s),
        same_as: s.traits.same_as,
        params: Params(with_sliders(params::specs_json(s.params), s)),
        params_schema: AnyJson(params::params_schema(s.params)),
    }
}

/// What `s` reads of a packet with its default parameters (none when it has required ones).
fn default_reads(s: &SchedulerInfo) -> Vec<&'static str> {
    let given = std::collections::BTreeMap::new();
    let reads = params::check(s.name, s.params, &given, params::Context::NONE).map(|p| (s.traits.reads)(&p));
    let reads = reads.unwrap_or_default();
    [("slack", reads.slack), ("sizes", reads.sizes)].into_iter().filter(|(_, on)| *on).map(|(f, _)| f).collect()
}

/// The parameters' JSON, each slider (`SchedulerInfo::sliders`) written into its parameter's
/// object as `{"min", "max", "step"}` in the parameter's own notation (a size as "64KB").
fn with_sliders(mut params: serde_json::Value, s: &SchedulerInfo) -> serde_json::Value {
    for slider in s.traits.sliders {
        let Some(p) = params.as_array_mut().and_then(|ps| ps.iter_mut().find(|p| p["name"] == slider.param)) else {
            continue;
        };
        let value = |x: f64| -> serde_json::Value {
            if p["type"] == "size" {
                format::bytes(x as u64).into()
            } else {
                x.into()
            }
        };
        p["slider"] =
            serde_json::json!({"min": value(slider.min), "max": value(slider.max), "step": value(slider.step)});
    }
    params
}

/// The registry as JSON, in the list's order.
#[inline]
pub fn registry_json() -> String {
    let all: Vec<Entry> = REGISTRY.iter().map(entry).collect();
    serde_json::to_string(&all).expect("the registry is plain data")
}

#[cfg(feature = "schema")]
mod schema {
    use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

    impl JsonSchema for super::AnyJson {
        fn schema_name() -> std::borrow::Cow<'static, str> {
            "AnyJson".into()
        }
        fn json_schema(_: &mut SchemaGenerator) -> Schema {
            json_schema!({"description": "A JSON Schema (an object).", "type": "object", "additionalProperties": true})
        }
    }

    /// What `params::json::spec` writes: the common fields and one kind's range fields.
    impl JsonSchema for super::Params {
        fn schema_name() -> std::borrow::Cow<'static, str> {
            "ParamList".into()
        }
        fn json_schema(_: &mut SchemaGenerator) -> Schema {
            json_schema!({"type": "array", "items": {"$ref": "#/$defs/ParamInfo"}})
        }
    }
}

/// The JSON Schema of the registry document, with its `$defs` `SchedulerName` (every name) and
/// `StateFields` (each scheduler with state: the names of its fields, in order).
#[cfg(feature = "schema")]
pub fn json_schema() -> String {
    use serde_json::{json, Map, Value};
    let mut schema = schemars::schema_for!(Vec<Entry>);
    schema.insert("$id".into(), "https://scheduler-playground.invalid/registry.schema.json".into());
    schema.insert("title".into(), "Registry".into());
    let defs = schema.ensure_object().entry("$defs").or_insert_with(|| Value::Object(Map::new()));
    let defs = defs.as_object_mut().expect("$defs is an object");
    for (name, def) in param_defs() {
        defs.insert(name.into(), def);
    }
    let names: Vec<&str> = REGISTRY.iter().map(|s| s.name).collect();
    defs.insert(
        "SchedulerName".into(),
        json!({"description": "A registered scheduler's id.", "type": "string", "enum": names}),
    );
    let mut fields = Map::new();
    for s in REGISTRY.iter().filter(|s| !s.state.is_empty()) {
        let names: Vec<&str> = s.state.iter().map(|f| f.name).collect();
        fields.insert(s.name.into(), json!({"type": "string", "enum": names}));
    }
    let required: Vec<&String> = fields.keys().collect();
    defs.insert(
        "StateFields".into(),
        json!({
            "description": "The names of each scheduler's state fields (schedulers without state are not listed).",
            "type": "object", "properties": fields, "required": required, "additionalProperties": false,
        }),
    );
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON") + "\n"
}

/// `ParamKind`: a kind's `type` and range fields (`params::json::kind_fields`), quantities
/// written as a scenario would; `ParamInfo`: a parameter, its kind and the common fields.
#[cfg(feature = "schema")]
fn param_defs() -> [(&'static str, serde_json::Value); 2] {
    use serde_json::json;
    // Every field but real's bounds is always written.
    let kind = |name: &str, fields: serde_json::Value| {
        let mut props = json!({"type": {"type": "string", "const": name}});
        let mut required = vec!["type".to_string()];
        for (k, v) in fields.as_object().expect("an object") {
            props[k] = v.clone();
            if name != "real" {
                required.push(k.clone());
            }
        }
        json!({"type": "object", "properties": props, "required": required})
    };
    let (num, text, flag) = (json!({"type": "number"}), json!({"type": "string"}), json!({"type": "boolean"}));
    let kinds = json!([
        kind("int", json!({"min": num, "max": num})),
        kind("real", json!({"min": num, "max": num, "min_open": flag, "max_open": flag})),
        kind("time", json!({"min": text, "max": text})),
        kind("rate", json!({"min": text, "infinite": flag})),
        kind("size", json!({"min": text, "max": text})),
        kind("buffer", json!({"off": flag})),
        kind("choice", json!({"options": {"type": "array", "items": {"type": "string"}}})),
        kind("toggle", json!({})),
        kind("curve", json!({})),
        kind(
            "program",
            json!({
                "target": {"type": "string", "enum": ["rank", "slack"]},
                "examples": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"name": text, "text": text},
                        "required": ["name", "text"],
                        "additionalProperties": false,
                    },
                },
            })
        ),
        kind(
            "list",
            json!({"per": {"type": "string", "enum": ["class", "flow"]}, "item": {"$ref": "#/$defs/ParamKind"}})
        ),
    ]);
    [
        ("ParamKind", json!({"description": "A parameter's type and range.", "oneOf": kinds})),
        (
            "ParamInfo",
            json!({
                "description": "A parameter as the registry lists it.",
                "allOf": [
                    {"$ref": "#/$defs/ParamKind"},
                    {
                        "type": "object",
                        "properties": {
                            "name": text,
                            "description": text,
                            "default": {
                                "description": "As a scenario writes it (a list's default is every entry's).",
                                "anyOf": [
                                    {"type": "string"}, {"type": "number"}, {"type": "boolean"}, {"type": "array"},
                                    {"type": "object", "additionalProperties": true},
                                ],
                            },
                            "schema": {"$ref": "#/$defs/AnyJson"},
                            "slider": {
                                "description": "The range worth exploring on a slider, and its step, written as the parameter's values are.",
                                "type": "object",
                                "properties": {"min": {"type": ["number", "string"]}, "max": {"type": ["number", "string"]}, "step": {"type": ["number", "string"]}},
                                "required": ["min", "max", "step"],
                            },
                        },
                        "required": ["name", "description", "default", "schema"],
                    }
                ]
            }),
        ),
    ]
}
