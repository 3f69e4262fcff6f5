//! Scenario fields by path, as errors name them: `traffic[0].load`,
//! `node_schedulers.leaf0.params.k`, `topology.params.buffer`. Setting a field creates the
//! objects on its way (`default_scheduler.params.k` where the spec has no params yet); an
//! array index must exist.

use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

fn parse(path: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let (key, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if key.is_empty() && (steps.is_empty() || rest.is_empty()) {
            return Err(format!("\"{path}\" is not a field path (e.g. traffic[0].load)"));
        }
        if !key.is_empty() {
            steps.push(Step::Key(key.to_string()));
        }
        while let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').ok_or_else(|| format!("\"{path}\": an index lacks its ]"))?;
            let i = r[..end].parse().map_err(|_| format!("\"{path}\": \"{}\" is not an index", &r[..end]))?;
            steps.push(Step::Index(i));
            rest = &r[end + 1..];
        }
        if !rest.is_empty() {
            return Err(format!("\"{path}\" is not a field path (e.g. traffic[0].load)"));
        }
    }
    Ok(steps)
}

/// Checks a path's syntax.
pub fn check(path: &str) -> Result<(), String> {
    parse(path).map(|_| ())
}

/// Writes `value` at `path` in `doc`.
pub fn set(doc: &mut Value, path: &str, value: Value) -> Result<(), String> {
    let steps = parse(path)?;
    let mut at = doc;
    let mut so_far = String::new();
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        at = match step {
            Step::Key(k) => {
                if at.is_null() {
                    *at = Value::Object(Map::new());
                }
                let Value::Object(m) = at else {
                    return Err(format!("{so_far} is not an object, so it has no field \"{k}\""));
                };
                if last {
                    m.insert(k.clone(), value);
                    return Ok(());
                }
                m.entry(k.clone()).or_insert(Value::Null)
            }
            Step::Index(n) => {
                let Value::Array(a) = at else {
                    return Err(format!("{so_far} is not a list"));
                };
                let len = a.len();
                let slot = a.get_mut(*n).ok_or_else(|| format!("{so_far} has {len} entries, so no [{n}]"))?;
                if last {
                    *slot = value;
                    return Ok(());
                }
                slot
            }
        };
        match step {
            Step::Key(k) if so_far.is_empty() => so_far = k.clone(),
            Step::Key(k) => so_far = format!("{so_far}.{k}"),
            Step::Index(n) => so_far = format!("{so_far}[{n}]"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sets_nested_fields_and_indices() {
        let mut doc = json!({"traffic": [{"load": 0.1}], "default_scheduler": {"name": "aifo"}});
        set(&mut doc, "traffic[0].load", json!(0.5)).unwrap();
        set(&mut doc, "default_scheduler.params.k", json!(0.9)).unwrap();
        set(&mut doc, "node_schedulers.leaf0", json!({"name": "pifo"})).unwrap();
        assert_eq!(
            doc,
            json!({"traffic": [{"load": 0.5}], "default_scheduler": {"name": "aifo", "params": {"k": 0.9}},
                   "node_schedulers": {"leaf0": {"name": "pifo"}}})
        );
    }

    #[test]
    fn names_what_is_missing() {
        let mut doc = json!({"traffic": [{"load": 0.1}], "seed": 1});
        assert_eq!(set(&mut doc, "traffic[1].load", json!(1)), Err("traffic has 1 entries, so no [1]".into()));
        assert_eq!(set(&mut doc, "seed.x", json!(1)), Err("seed is not an object, so it has no field \"x\"".into()));
        assert_eq!(set(&mut doc, "seed[0]", json!(1)), Err("seed is not a list".into()));
        assert!(check("traffic[x].load").is_err());
        assert!(check("a..b").is_err());
        assert!(check("[0]").is_err());
    }
}
