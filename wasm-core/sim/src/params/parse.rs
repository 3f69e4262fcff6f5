//! Checking what a scenario wrote for a parameter against its spec. Every error is
//! `(path under the owner, message)`, e.g. `("params.weights[2]", "must be greater than 0")`.

use std::collections::BTreeMap;

use serde_json::Value as Json;

use super::{Bound, Context, Curve, Kind, Knee, List, Params, Per, Spec, Value};
use crate::time::Bandwidth;
use crate::units::{self, format, Buffer};

type Fail = (String, String);

fn fail<T>(path: &str, msg: impl Into<String>) -> Result<T, Fail> {
    Err((path.to_string(), msg.into()))
}

/// Checks `given` (a `params` object) against `specs` and fills in the defaults. `owner`
/// names the scheduler or preset in messages.
pub fn check(
    owner: &str,
    specs: &[Spec],
    given: &BTreeMap<String, Json>,
    ctx: Context<'_>,
) -> Result<Params, (String, String)> {
    for key in given.keys() {
        if !specs.iter().any(|p| p.name == key) {
            let names: Vec<&str> = specs.iter().map(|p| p.name).collect();
            let has = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            return fail(&format!("params.{key}"), format!("{owner} has no parameter \"{key}\" (it has: {has})"));
        }
    }
    let mut params = Params::default();
    for p in specs {
        let path = format!("params.{}", p.name);
        let default = || {
            let item = match &p.kind {
                Kind::List { item, .. } => item,
                k => k,
            };
            value(item, &p.default.to_json(), &path)
                .unwrap_or_else(|(f, m)| panic!("the default of {owner}'s {} is invalid: {f}: {m}", p.name))
        };
        let v = match (&p.kind, given.get(p.name)) {
            (Kind::List { per, item }, Some(v)) => Value::List(list(*per, item, v, ctx, &path, default())?),
            (Kind::List { per, .. }, None) => {
                Value::List(List { per: *per, entries: BTreeMap::new(), default: Box::new(default()) })
            }
            (kind, Some(v)) => value(kind, v, &path)?,
            (_, None) => default(),
        };
        params.values.insert(p.name, v);
    }
    Ok(params)
}

fn text<'a>(v: &'a Json, path: &str, example: &str) -> Result<&'a str, Fail> {
    v.as_str().ok_or_else(|| (path.to_string(), format!("must be a string such as \"{example}\", got {v}")))
}

fn at_least<T: PartialOrd>(v: T, min: T, max: T, show: impl Fn(T) -> String, path: &str) -> Result<T, Fail> {
    if v < min {
        return fail(path, format!("must be at least {}", show(min)));
    }
    if v > max {
        return fail(path, format!("must be at most {}", show(max)));
    }
    Ok(v)
}

/// One value of `kind`.
fn value(kind: &Kind, v: &Json, path: &str) -> Result<Value, Fail> {
    match kind {
        Kind::Int { min, max } => {
            let Some(i) = v.as_i64() else {
                return fail(path, format!("must be a whole number, got {v}"));
            };
            if i < *min || i > *max {
                return fail(path, format!("must be between {min} and {max}, got {i}"));
            }
            Ok(Value::Int(i))
        }
        Kind::Real { min, max } => {
            let Some(x) = v.as_f64().filter(|x| x.is_finite()) else {
                return fail(path, format!("must be a number, got {v}"));
            };
            match *min {
                Bound::Closed(m) if x < m => return fail(path, format!("must be at least {m}")),
                Bound::Open(m) if x <= m => return fail(path, format!("must be greater than {m}")),
                _ => {}
            }
            match *max {
                Bound::Closed(m) if x > m => return fail(path, format!("must be at most {m}")),
                Bound::Open(m) if x >= m => return fail(path, format!("must be less than {m}")),
                _ => {}
            }
            Ok(Value::Real(x))
        }
        Kind::Time { min, max } => {
            let t = units::parse_time(text(v, path, "5ms")?).map_err(|m| (path.to_string(), m))?;
            at_least(t, *min, *max, format::time, path).map(Value::Time)
        }
        Kind::Rate { min, infinite } => {
            let b = units::parse_bandwidth(text(v, path, "10Mbps")?).map_err(|m| (path.to_string(), m))?;
            match b {
                Bandwidth::Infinite if *infinite => Ok(Value::Rate(b)),
                Bandwidth::Infinite => fail(path, "must be a finite rate"),
                Bandwidth::BitsPerSec(bps) if bps < *min => {
                    fail(path, format!("must be at least {}", format::bandwidth(Bandwidth::BitsPerSec(*min))))
                }
                _ => Ok(Value::Rate(b)),
            }
        }
        Kind::Size { min, max } => {
            let n = units::parse_bytes(text(v, path, "1500B")?).map_err(|m| (path.to_string(), m))?;
            at_least(n, *min, *max, format::bytes, path).map(Value::Size)
        }
        Kind::Buffer { off } => {
            let s = text(v, path, if *off { "off" } else { "64KB" })?;
            if s == "off" {
                return if *off { Ok(Value::Buffer(None)) } else { fail(path, "cannot be \"off\"") };
            }
            match units::parse_buffer(s).map_err(|m| (path.to_string(), m))? {
                Buffer::Unlimited if *off => fail(path, "\"unlimited\" is not a threshold; use \"off\""),
                b => Ok(Value::Buffer(Some(b))),
            }
        }
        Kind::Choice { options } => match v.as_str().and_then(|s| options.iter().find(|o| **o == s)) {
            Some(o) => Ok(Value::Choice(o)),
            None => fail(path, format!("must be one of {}, got {v}", options.join(", "))),
        },
        Kind::Toggle => match v.as_str() {
            Some("on") => Ok(Value::Toggle(true)),
            Some("off") => Ok(Value::Toggle(false)),
            _ => fail(path, format!("must be \"on\" or \"off\", got {v}")),
        },
        Kind::Curve => curve(v, path).map(Value::Curve),
        Kind::Program { target } => {
            let src = text(v, path, "rank size")?;
            crate::program::Program::compile(src, *target)
                .map(|p| Value::Program(std::sync::Arc::new(p)))
                .map_err(|e| (path.to_string(), e.to_string()))
        }
        Kind::List { .. } => panic!("a list's items are single values, not lists ({path})"),
    }
}

/// `{"m1": RATE, "d": TIME | "beta": SIZE, "m2": RATE}`; m1 may be "0" (a curve that waits).
fn curve(v: &Json, path: &str) -> Result<Curve, Fail> {
    let Some(o) = v.as_object() else {
        return fail(
            path,
            format!("must be a curve such as {{\"m1\": \"4Mbps\", \"d\": \"10ms\", \"m2\": \"1Mbps\"}}, got {v}"),
        );
    };
    if let Some(k) = o.keys().find(|k| !["m1", "d", "beta", "m2"].contains(&k.as_str())) {
        return fail(&format!("{path}.{k}"), "a curve has only m1, d or beta, and m2");
    }
    let rate = |k: &str, zero: bool| -> Result<u64, Fail> {
        let p = format!("{path}.{k}");
        let s = text(o.get(k).ok_or_else(|| (p.clone(), "missing".to_string()))?, &p, "1Mbps")?;
        if s.trim() == "0" {
            return if zero { Ok(0) } else { fail(&p, "must be greater than zero") };
        }
        match units::parse_bandwidth(s).map_err(|m| (p.clone(), m))? {
            Bandwidth::BitsPerSec(b) => Ok(b),
            Bandwidth::Infinite => fail(&p, "must be a finite rate"),
        }
    };
    let knee = match (o.get("d"), o.get("beta")) {
        (Some(d), None) => {
            let p = format!("{path}.d");
            Knee::Delay(units::parse_time(text(d, &p, "10ms")?).map_err(|m| (p, m))?)
        }
        (None, Some(b)) => {
            let p = format!("{path}.beta");
            Knee::Burst(units::parse_bytes(text(b, &p, "6000B")?).map_err(|m| (p, m))?)
        }
        _ => return fail(path, "give exactly one of d (a time) and beta (a size)"),
    };
    Ok(Curve { m1: rate("m1", true)?, knee, m2: rate("m2", false)? })
}

/// A single item (every key gets it), an array (per class: entry i for class i) or an object
/// keyed by class number or flow id, where "*" sets the value of every key not listed (else
/// `default`, the spec's).
fn list(per: Per, item: &Kind, v: &Json, ctx: Context<'_>, path: &str, default: Value) -> Result<List, Fail> {
    let mut entries = BTreeMap::new();
    let mut default = default;
    match v {
        Json::Array(items) if per == Per::Class => {
            if items.len() > 256 {
                return fail(path, "has more entries than there are classes (256)");
            }
            for (i, x) in items.iter().enumerate() {
                entries.insert(i.to_string(), value(item, x, &format!("{path}[{i}]"))?);
            }
        }
        Json::Array(_) => return fail(path, "per-flow values are an object keyed by flow id, e.g. {\"f1\": 2}"),
        Json::Object(map) => {
            for (k, x) in map {
                let p = format!("{path}.{k}");
                let parsed = value(item, x, &p)?;
                if k == "*" {
                    default = parsed;
                    continue;
                }
                match per {
                    Per::Class if k.parse::<u8>().is_err() => {
                        return fail(&p, "a class is a number from 0 to 255 (or \"*\" for every other class)")
                    }
                    Per::Flow if !ctx.flows.iter().any(|f| f == k) => {
                        return fail(&p, format!("no flow \"{k}\" in the scenario's traffic"))
                    }
                    _ => {}
                }
                let key = if per == Per::Class { k.parse::<u8>().expect("checked").to_string() } else { k.clone() };
                entries.insert(key, parsed);
            }
        }
        single => default = value(item, single, path)?,
    }
    Ok(List { per, entries, default: Box::new(default) })
}
