//! Specs as JSON: what a registry lists for each parameter (kind, range in the units a scenario
//! is written in, default, description) and the JSON Schema of its value.

use serde_json::{json, Map, Value as Json};

use super::{Bound, Kind, Per, Spec};
use crate::time::Bandwidth;
use crate::units::{format, patterns};

/// `{"name", "description", "type", <range fields>, "default", "schema"}`.
#[inline]
pub fn spec(p: &Spec) -> Json {
    let mut o = Map::new();
    o.insert("name".into(), p.name.into());
    o.insert("description".into(), p.description.into());
    kind_fields(&p.kind, &mut o);
    o.insert("default".into(), p.default.to_json());
    o.insert("schema".into(), schema(&p.kind));
    Json::Object(o)
}

/// The `type` of a kind and its range, with quantities written as a scenario would.
#[inline]
fn kind_fields(kind: &Kind, o: &mut Map<String, Json>) {
    let mut put = |k: &str, v: Json| {
        o.insert(k.into(), v);
    };
    match kind {
        Kind::Int { min, max } => {
            put("type", "int".into());
            put("min", (*min).into());
            put("max", (*max).into());
        }
        Kind::Real { min, max } => {
            put("type", "real".into());
            for (name, b) in [("min", min), ("max", max)] {
                match *b {
                    Bound::None => {}
                    Bound::Closed(x) => put(name, x.into()),
                    Bound::Open(x) => {
                        put(name, x.into());
                        put(&format!("{name}_open"), true.into());
                    }
                }
            }
        }
        Kind::Time { min, max } => {
            put("type", "time".into());
            put("min", format::time(*min).into());
            put("max", format::time(*max).into());
        }
        Kind::Rate { min, infinite } => {
            put("type", "rate".into());
            put("min", format::bandwidth(Bandwidth::BitsPerSec(*min)).into());
            put("infinite", (*infinite).into());
        }
        Kind::Size { min, max } => {
            put("type", "size".into());
            put("min", format::bytes(*min).into());
            put("max", format::bytes(*max).into());
        }
        Kind::Buffer { off } => {
            put("type", "buffer".into());
            put("off", (*off).into());
        }
        Kind::Choice { options } => {
            put("type", "choice".into());
            put("options", json!(options));
        }
        Kind::Toggle => put("type", "toggle".into()),
        Kind::Curve => put("type", "curve".into()),
        Kind::Program { target } => {
            put("type", "program".into());
            put("target", target.word().into());
            put("examples", crate::program::examples::json(*target));
        }
        Kind::List { per, item } => {
            put("type", "list".into());
            put("per", if *per == Per::Class { "class" } else { "flow" }.into());
            let mut i = Map::new();
            kind_fields(item, &mut i);
            put("item", Json::Object(i));
        }
    }
}

#[inline]
fn quantity(pattern: &str, example: &str) -> Json {
    json!({"type": "string", "pattern": pattern, "examples": [example]})
}

/// The JSON Schema of one value of `kind` (ranges of quantities are checked by the core).
#[inline]
pub fn schema(kind: &Kind) -> Json {
    match kind {
        Kind::Int { min, max } => json!({"type": "integer", "minimum": min, "maximum": max}),
        Kind::Real { min, max } => {
            let mut o = json!({"type": "number"});
            for (b, closed, open) in [(min, "minimum", "exclusiveMinimum"), (max, "maximum", "exclusiveMaximum")] {
                match *b {
                    Bound::None => {}
                    Bound::Closed(x) => o[closed] = x.into(),
                    Bound::Open(x) => o[open] = x.into(),
                }
            }
            o
        }
        Kind::Time { .. } => quantity(patterns::TIME, "5ms"),
        Kind::Rate { .. } => quantity(patterns::RATE, "10Mbps"),
        Kind::Size { .. } => quantity(patterns::SIZE, "1500B"),
        Kind::Buffer { off: false } => quantity(patterns::BUFFER, "64KB"),
        Kind::Buffer { off: true } => json!({"anyOf": [{"const": "off"}, quantity(patterns::BUFFER, "20pkt")]}),
        Kind::Choice { options } => json!({"enum": options}),
        Kind::Toggle => json!({"enum": ["off", "on"]}),
        Kind::Program { .. } => json!({"type": "string", "maxLength": crate::program::MAX_TEXT}),
        Kind::Curve => json!({
            "type": "object",
            "properties": {
                "m1": {"anyOf": [{"const": "0"}, quantity(patterns::RATE, "4Mbps")]},
                "d": quantity(patterns::TIME, "10ms"),
                "beta": quantity(patterns::SIZE, "6000B"),
                "m2": quantity(patterns::RATE, "1Mbps"),
            },
            "required": ["m1", "m2"],
            "oneOf": [{"required": ["d"]}, {"required": ["beta"]}],
            "additionalProperties": false,
        }),
        Kind::List { per, item: item_kind } => {
            // An object is always the keyed form, so a single curve for all is {"*": curve}.
            let item = schema(item_kind);
            let mut forms = Vec::new();
            if !matches!(item_kind, Kind::Curve) {
                forms.push(item.clone());
            }
            if *per == Per::Class {
                forms.push(json!({"type": "array", "items": item, "maxItems": 256}));
            }
            forms.push(json!({"type": "object", "additionalProperties": item}));
            json!({ "anyOf": forms })
        }
    }
}

/// The JSON Schema of a whole `params` object.
#[inline]
pub fn params_schema(specs: &[Spec]) -> Json {
    // Inserted one by one, not collected: a map's `collect` sorts its input, one sort
    // instantiation per key/value type in the wasm module (issue 20: page weight).
    let mut props = Map::new();
    for p in specs {
        props.insert(p.name.to_string(), schema(&p.kind));
    }
    json!({"type": "object", "properties": props, "additionalProperties": false})
}
