//! The checks of scripted schedules, replays and what names them (checks, paper figures).

use std::collections::BTreeSet;

use crate::scenario::{Scenario, ScenarioError};

/// A scripted schedule fixes every port's order and every packet: no traffic, no scheduler.
#[inline]
pub(super) fn check_scripted(s: &Scenario) -> Result<(), ScenarioError> {
    let Some(_) = crate::first::full_only(s.schedule.as_ref()) else { return Ok(()) };
    let fail = |path: String, what: &str| {
        Err(ScenarioError::new(path, format!("a scripted schedule fixes {what}; remove this (or the schedule)")))
    };
    if !s.traffic.is_empty() {
        return fail("traffic".into(), "every packet");
    }
    if s.default_scheduler.is_some() {
        return fail("default_scheduler".into(), "every port's order");
    }
    if s.slack.is_some() {
        return fail("slack".into(), "every packet's times (a replay sets its own slack)");
    }
    if s.edge_codel.is_some() {
        return fail("edge_codel".into(), "every packet (it is delivered, never dropped)");
    }
    if let Some(id) = s.node_schedulers.keys().next() {
        return fail(format!("node_schedulers.{id}"), "every port's order");
    }
    for (i, n) in s.topology.nodes.iter().enumerate() {
        if n.scheduler.is_some() {
            return fail(format!("topology.nodes[{i}].scheduler"), "every port's order");
        }
    }
    for (i, l) in s.topology.links.iter().enumerate() {
        if let Some(owner) = l.schedulers.keys().next() {
            return fail(format!("topology.links[{i}].schedulers.{owner}"), "every port's order");
        }
    }
    for (i, c) in s.checks.iter().enumerate() {
        if c.versus.as_ref().is_some_and(|v| v.default_scheduler.is_some()) {
            return fail(
                format!("checks[{i}].versus.default_scheduler"),
                "every port's order (compare replays instead)",
            );
        }
        if c.under.is_some() {
            return fail(format!("checks[{i}].under"), "every port's order (compare replays instead)");
        }
    }
    Ok(())
}

/// Replay names are unique and plain; an explicit priority order lists every scripted packet
/// once; checks and paper figures name replays that exist.
#[inline]
pub(super) fn check_replays(s: &Scenario) -> Result<(), ScenarioError> {
    fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(path, message)
    }
    let replays = crate::first::full_only(s.replay.as_ref()).map(|r| r.replays()).unwrap_or_default();
    let packets: Vec<&str> = s.schedule.iter().flat_map(|sc| sc.packets.iter().map(|p| p.id.as_str())).collect();
    let mut names = BTreeSet::new();
    for (i, r) in replays.iter().enumerate() {
        let at = |f: &str| format!("replay.modes[{i}]{f}");
        let plain = |c: char| c.is_ascii_alphanumeric() || "_-.<>".contains(c);
        if r.name.is_empty() || !r.name.chars().all(plain) {
            return Err(err(at(".name"), format!("\"{}\": use letters, digits and _ - . < >", r.name)));
        }
        if !names.insert(r.name.as_str()) {
            return Err(err(at(""), format!("a second replay named \"{}\" (give it a name)", r.name)));
        }
        match r.slack_unit_ns {
            Some(_) if r.mode != crate::scenario::Mode::Lstf => {
                return Err(err(at(".slack_unit"), "a slack unit rounds LSTF's slack: use mode lstf"));
            }
            Some(0) => return Err(err(at(".slack_unit"), "give a unit of at least 1ns")),
            _ => {}
        }
        let Some(order) = &r.order else { continue };
        if r.mode != crate::scenario::Mode::Priority {
            return Err(err(at(".order"), "an order sets simple priorities: use mode priority"));
        }
        if s.schedule.is_none() {
            return Err(err(at(".order"), "an order names the packets of a scripted schedule; this scenario has none"));
        }
        for (j, id) in order.iter().enumerate() {
            if !packets.contains(&id.as_str()) {
                return Err(err(at(&format!(".order[{j}]")), format!("unknown packet \"{id}\"")));
            }
            if order[..j].contains(id) {
                return Err(err(at(&format!(".order[{j}]")), format!("\"{id}\" is listed twice")));
            }
        }
        if let Some(missing) = packets.iter().find(|p| !order.iter().any(|o| o == *p)) {
            return Err(err(at(".order"), format!("list every packet of the schedule once: \"{missing}\" is missing")));
        }
    }
    let known = |field: String, name: &Option<String>| match name {
        Some(n) if !names.contains(n.as_str()) => Err(err(
            field,
            format!(
                "no replay named \"{n}\" (replay.modes has: {})",
                names.iter().copied().collect::<Vec<_>>().join(", ")
            ),
        )),
        _ => Ok(()),
    };
    for (i, c) in s.checks.iter().enumerate() {
        known(format!("checks[{i}].replay"), &c.replay)?;
        known(format!("checks[{i}].versus.replay"), &c.versus.as_ref().and_then(|v| v.replay.clone()))?;
    }
    for (i, p) in s.paper.iter().enumerate() {
        known(format!("paper[{i}].replay"), &p.replay)?;
    }
    Ok(())
}
