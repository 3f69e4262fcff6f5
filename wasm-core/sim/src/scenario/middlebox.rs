//! A middlebox node's service stages (MR-tradeoff Sec. 2 and 5.1): packets pass a CPU stage,
//! then the link stage (the node's output port). Each flow is assigned a processing module;
//! a packet of `size` bytes takes `a * size + b` of CPU time in its module (the paper's
//! linear packet-profiling model, Sec. 5.1, after Ghodsi et al.'s DRFQ measurements).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{BufferQ, Scenario, ScenarioError, SchedulerSpec, TimeQ};

/// What turns a router into a middlebox: its processing modules, which module each flow
/// uses, and the scheduler that picks which flow's head packet enters the CPU next.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MiddleboxSpec {
    /// The CPU stage's scheduler (default "drfq"): any registry scheduler; the
    /// multi-resource ones (drfq, mr3) read each packet's <CPU, link> processing times.
    #[serde(default)]
    pub scheduler: Option<SchedulerSpec>,
    /// The processing modules (at least one), each with its linear CPU cost.
    pub modules: Vec<ModuleSpec>,
    /// Traffic id -> module name; flows not listed use the first module.
    #[serde(default)]
    pub assign: BTreeMap<String, String>,
    /// The CPU starts a packet only while the node's output ports hold fewer than this many
    /// packets, queued or sending (default 8, at least 1): the link pulls work from the
    /// CPU (Click's pull path), so a CPU faster than a bottlenecked link waits instead of
    /// filling the link's buffer, and the schedulers' shares hold on both resources.
    #[serde(default)]
    pub link_queue: Option<u32>,
    /// What each flow may hold waiting for the CPU ("200pkt", "160KB"; default unlimited,
    /// the paper's Table 2 setting; its Figs. 5 and 6 use 200 packets per flow): a packet
    /// arriving beyond it is dropped (reason `flow_queue_full`).
    #[serde(default)]
    pub flow_queue: Option<BufferQ>,
}

/// One packet-processing module: CPU time = a * size + b.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ModuleSpec {
    /// The module's name ("checking", "monitoring", "ipsec").
    pub name: String,
    /// CPU time per byte, in nanoseconds (>= 0, at most 1e6).
    pub a: f64,
    /// CPU time per packet, independent of its size.
    pub b: TimeQ,
}

impl MiddleboxSpec {
    /// The scheduler the CPU stage runs.
    pub fn scheduler(&self) -> SchedulerSpec {
        self.scheduler.clone().unwrap_or(SchedulerSpec {
            name: "drfq".into(),
            params: BTreeMap::new(),
            children: Vec::new(),
        })
    }

    /// Checks what a schema cannot: modules present, named once, costs in range, every
    /// assignment naming a known flow and module. `path` is the spec's field; `flows` the
    /// scenario's traffic ids.
    pub fn check(&self, path: &str, flows: &[String]) -> Result<(), (String, String)> {
        if self.modules.is_empty() {
            return Err((format!("{path}.modules"), "a middlebox needs at least one module".into()));
        }
        for (i, m) in self.modules.iter().enumerate() {
            if m.name.is_empty() {
                return Err((format!("{path}.modules[{i}].name"), "empty module name".into()));
            }
            if self.modules[..i].iter().any(|o| o.name == m.name) {
                return Err((format!("{path}.modules[{i}].name"), format!("module \"{}\" is named twice", m.name)));
            }
            if !(m.a.is_finite() && (0.0..=1e6).contains(&m.a)) {
                return Err((format!("{path}.modules[{i}].a"), format!("{} is not in [0, 1e6] ns per byte", m.a)));
            }
        }
        if self.link_queue == Some(0) {
            return Err((format!("{path}.link_queue"), "must be at least 1 packet".into()));
        }
        if matches!(self.flow_queue, Some(BufferQ(crate::units::Buffer::Packets(0) | crate::units::Buffer::Bytes(0)))) {
            return Err((format!("{path}.flow_queue"), "must hold at least one packet".into()));
        }
        for (flow, module) in &self.assign {
            if !flows.iter().any(|f| f == flow) {
                return Err((format!("{path}.assign.{flow}"), format!("unknown traffic \"{flow}\"")));
            }
            if !self.modules.iter().any(|m| &m.name == module) {
                return Err((format!("{path}.assign.{flow}"), format!("unknown module \"{module}\"")));
            }
        }
        Ok(())
    }
}

impl Scenario {
    /// The same scenario with the middleboxes `routers` names (None: every middlebox) running
    /// `spec` at their CPU stage (a comparison's `cpu` run); ports and other nodes keep theirs.
    /// Errors name the variant's field ("routers[1]", "cpu").
    pub fn with_cpu_scheduler(
        &self,
        spec: &SchedulerSpec,
        routers: Option<&[String]>,
    ) -> Result<Scenario, ScenarioError> {
        let mut alt = self.clone();
        let Some(routers) = routers else {
            let mut any = false;
            for mb in alt.topology.nodes.iter_mut().filter_map(|n| n.middlebox.as_mut()) {
                mb.scheduler = Some(spec.clone());
                any = true;
            }
            if !any {
                return Err(ScenarioError::new(
                    "cpu",
                    "this scenario has no middlebox: only a middlebox has a CPU stage",
                ));
            }
            return Ok(alt);
        };
        if routers.is_empty() {
            return Err(ScenarioError::new(
                "routers",
                "name at least one middlebox, or leave it out for every middlebox",
            ));
        }
        for (i, r) in routers.iter().enumerate() {
            let problem = match alt.topology.nodes.iter_mut().find(|n| n.id == *r) {
                None => Some(format!("unknown node \"{r}\"")),
                Some(_) if routers[..i].contains(r) => Some(format!("\"{r}\" is named twice")),
                Some(n) => match n.middlebox.as_mut() {
                    None => Some(format!("\"{r}\" is not a middlebox: only a middlebox has a CPU stage")),
                    Some(mb) => {
                        mb.scheduler = Some(spec.clone());
                        None
                    }
                },
            };
            if let Some(p) = problem {
                return Err(ScenarioError::new(format!("routers[{i}]"), p));
            }
        }
        Ok(alt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Variant;

    /// Two middleboxes (m1, m2, on DRFQ by default) and a plain router r on SJF.
    const TWO: &str = r#"{
      "format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "1ms",
      "topology": {
        "nodes": [{"id": "a", "kind": "host"},
                  {"id": "m1", "kind": "router", "middlebox": {"modules": [{"name": "x", "a": 1, "b": "1us"}]}},
                  {"id": "m2", "kind": "router", "scheduler": {"name": "fq"},
                   "middlebox": {"scheduler": {"name": "mr3"}, "modules": [{"name": "x", "a": 1, "b": "1us"}]}},
                  {"id": "r", "kind": "router", "scheduler": {"name": "sjf"}}, {"id": "b", "kind": "host"}],
        "links": [{"from": "a", "to": "m1", "bandwidth": "1Gbps", "delay": "1us"},
                  {"from": "m1", "to": "m2", "bandwidth": "1Gbps", "delay": "1us"},
                  {"from": "m2", "to": "r", "bandwidth": "1Gbps", "delay": "1us"},
                  {"from": "r", "to": "b", "bandwidth": "1Gbps", "delay": "1us"}]
      },
      "traffic": [{"kind": "cbr", "id": "f", "src": "a", "dst": "b", "rate": "1Mbps", "packet_size": "100B"}]
    }"#;

    fn cpus(s: &Scenario) -> Vec<String> {
        s.topology.nodes.iter().filter_map(|n| n.middlebox.as_ref()).map(|m| m.scheduler().name).collect()
    }

    #[test]
    fn a_cpu_variant_changes_the_middleboxes_cpu_and_no_port() {
        let s: Scenario = serde_json::from_str(TWO).unwrap();
        assert_eq!(cpus(&s), ["drfq", "mr3"]);
        let every: Variant = serde_json::from_str(r#"{"scheduler": {"name": "fifo"}, "cpu": true}"#).unwrap();
        let alt = s.with_variant(&every).unwrap();
        assert_eq!(cpus(&alt), ["fifo", "fifo"]);
        // Ports keep the scenario's: m2's FQ, r's SJF.
        assert_eq!(alt.port_scheduler(2, "m2").scheduler.name, "fq");
        assert_eq!(alt.port_scheduler(3, "r").scheduler.name, "sjf");
        let one: Variant =
            serde_json::from_str(r#"{"scheduler": {"name": "fifo"}, "cpu": true, "routers": ["m2"]}"#).unwrap();
        assert_eq!(cpus(&s.with_variant(&one).unwrap()), ["drfq", "fifo"]);
    }

    #[test]
    fn a_cpu_variant_names_what_has_no_cpu() {
        let s: Scenario = serde_json::from_str(TWO).unwrap();
        let err = |routers: &str| {
            let v: Variant = serde_json::from_str(&format!(
                r#"{{"scheduler": {{"name": "fifo"}}, "cpu": true, "routers": {routers}}}"#
            ))
            .unwrap();
            s.with_variant(&v).unwrap_err().to_string()
        };
        assert_eq!(err(r#"["m1", "r"]"#), "routers[1]: \"r\" is not a middlebox: only a middlebox has a CPU stage");
        assert_eq!(err(r#"["zz"]"#), "routers[0]: unknown node \"zz\"");
        assert_eq!(err(r#"["m1", "m1"]"#), "routers[1]: \"m1\" is named twice");
        assert!(err("[]").starts_with("routers: name at least one middlebox"));
        // A scenario without a middlebox.
        let mut plain = s.clone();
        for n in &mut plain.topology.nodes {
            n.middlebox = None;
        }
        let every: Variant = serde_json::from_str(r#"{"scheduler": {"name": "fifo"}, "cpu": true}"#).unwrap();
        assert_eq!(
            plain.with_variant(&every).unwrap_err().to_string(),
            "cpu: this scenario has no middlebox: only a middlebox has a CPU stage"
        );
    }
}
