//! Comparisons: one run of a comparison (a [`Variant`] applied to a scenario) and the check of
//! the comparison a scenario names for itself (`compare`, what the page's Compare tab opens
//! with). Above `scenario`, `slack` and `network`, whose rules it applies.

use crate::network::Network;
use crate::scenario::{Scenario, ScenarioError, Variant};
use crate::slack;

/// The scenario and network of one run of a comparison: `s` (valid) with `v` applied
/// ([`Scenario::with_variant`]), built on `seed`. Errors name the variant's own fields
/// ("scheduler.params.k", "routers[1]", "slack.objective").
#[inline]
pub fn variant_network(s: &Scenario, v: &Variant, seed: u32) -> Result<(Scenario, Network), ScenarioError> {
    let alt = s.with_variant(v)?;
    if let Some(Some(spec)) = &v.slack {
        slack::check(spec, &alt).map_err(|(f, m)| ScenarioError::new(format!("slack.{f}"), m))?;
    }
    if let Some(Some(e)) = &v.edge_codel {
        slack::check_edge(e).map_err(|(f, m)| ScenarioError::new(format!("edge_codel.{f}"), m))?;
    }
    // The original is valid, so a problem with a scheduler is the variant's: say it there.
    let placed: Vec<String> = match &v.routers {
        _ if v.cpu => (alt.topology.nodes.iter().enumerate())
            .filter(|(_, n)| n.middlebox.is_some() && v.routers.as_ref().is_none_or(|r| r.contains(&n.id)))
            .map(|(i, _)| format!("topology.nodes[{i}].middlebox.scheduler"))
            .collect(),
        None => vec!["default_scheduler".into()],
        Some(routers) => routers.iter().map(|r| format!("node_schedulers.{r}")).collect(),
    };
    let net = Network::build(&alt, seed).map_err(|e| {
        let rest =
            placed.iter().find_map(|p| e.path.strip_prefix(p.as_str()).filter(|r| r.is_empty() || r.starts_with('.')));
        match rest {
            Some(rest) => ScenarioError::new(format!("scheduler{rest}"), e.message.clone()),
            None => e,
        }
    })?;
    Ok((alt, net))
}

/// Checks the scenario's own comparison (`compare`) as the Compare tab runs it: each run's
/// scheduler built at every port it reaches, its routers and slack rule checked. `s` has passed
/// every other check. Errors name the run ("compare[1].scheduler.params.k: ...").
#[inline]
pub fn check(s: &Scenario) -> Result<(), ScenarioError> {
    // The first module does not read `compare` (`crate::first`): none of this is in it.
    let runs = if cfg!(feature = "full") { s.compare.as_slice() } else { &[] };
    for (i, v) in runs.iter().enumerate() {
        variant_network(s, v, s.seed).map_err(|e| {
            let path = if e.path.is_empty() { format!("compare[{i}]") } else { format!("compare[{i}].{}", e.path) };
            ScenarioError::new(path, e.message)
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::validate;

    /// A router between two hosts, with `compare` set to `runs`.
    fn scenario(runs: &str) -> String {
        format!(
            r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "1ms",
            "topology": {{"nodes": [{{"id": "a", "kind": "host"}}, {{"id": "r", "kind": "router"}}, {{"id": "b", "kind": "host"}}],
              "links": [{{"from": "a", "to": "r", "bandwidth": "1Gbps", "delay": "0"}}, {{"from": "r", "to": "b", "bandwidth": "1Gbps", "delay": "0"}}]}},
            "compare": {runs}}}"#
        )
    }

    fn error(runs: &str) -> String {
        validate(&scenario(runs)).map(|_| ()).unwrap_err().to_string()
    }

    #[test]
    fn a_scenario_names_its_comparison() {
        let s = validate(&scenario(
            r#"[{"scheduler": {"name": "fifo"}}, {"scheduler": {"name": "drr"}, "routers": ["r"]}]"#,
        ))
        .unwrap();
        assert_eq!(s.compare.len(), 2);
        assert_eq!(s.compare[1].routers.as_deref(), Some(&["r".to_string()][..]));
    }

    #[test]
    fn errors_name_the_run_and_its_field() {
        assert!(error(r#"[{"scheduler": {"name": "fifo"}}, {"scheduler": {"name": "nope"}}]"#)
            .starts_with("compare[1].scheduler.name: unknown scheduler \"nope\""));
        assert!(error(
            r#"[{"scheduler": {"name": "fifo"}}, {"scheduler": {"name": "fifo", "params": {"drop": "x"}}}]"#
        )
        .starts_with("compare[1].scheduler.params.drop"));
        assert!(error(r#"[{"scheduler": {"name": "fifo"}, "routers": ["a"]}, {"scheduler": {"name": "sjf"}}]"#)
            .starts_with("compare[0].routers[0]: \"a\" is a host"));
        assert!(error(r#"[{"scheduler": {"name": "fifo"}, "routers": ["x"]}, {"scheduler": {"name": "sjf"}}]"#)
            .starts_with("compare[0].routers[0]: unknown node \"x\""));
        assert!(error(r#"[{"scheduler": {"name": "fifo"}, "colour": 1}, {"scheduler": {"name": "sjf"}}]"#)
            .starts_with("compare[0].colour: unknown field `colour`"));
    }

    // `compare`/`middlebox` are not read without `full` (`first::refuse_unread`).
    #[cfg(feature = "full")]
    #[test]
    fn a_comparison_has_two_to_four_runs() {
        let one = r#"[{"scheduler": {"name": "fifo"}}]"#;
        assert_eq!(error(one), "compare: a comparison has 2 to 4 runs, not 1");
        let five = format!("[{}]", [r#"{"scheduler": {"name": "fifo"}}"#; 5].join(","));
        assert_eq!(error(&five), "compare: a comparison has 2 to 4 runs, not 5");
    }
}
