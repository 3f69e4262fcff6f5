//! Scenario text shared by the integration tests that build chains of routers.

/// h1 - r1 - ... - r{n} - h2, every link `link` (JSON fields), then `rest` (more top-level
/// fields, each ending in a comma).
pub fn chain(n: usize, link: &str, rest: &str, duration: &str) -> String {
    let mut nodes = vec![r#"{"id": "h1", "kind": "host"}"#.to_string(), r#"{"id": "h2", "kind": "host"}"#.into()];
    let mut path = vec!["h1".to_string()];
    for i in 1..=n {
        nodes.push(format!(r#"{{"id": "r{i}", "kind": "router"}}"#));
        path.push(format!("r{i}"));
    }
    path.push("h2".into());
    let links: Vec<String> =
        path.windows(2).map(|w| format!(r#"{{"from": "{}", "to": "{}", {link}}}"#, w[0], w[1])).collect();
    format!(
        r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "chain", "seed": 1,
            "duration": "{duration}", {rest}
            "topology": {{"nodes": [{}], "links": [{}]}}}}"#,
        nodes.join(", "),
        links.join(", ")
    )
}
