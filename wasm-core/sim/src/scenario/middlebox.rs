//! A middlebox node's service stages (MR-tradeoff Sec. 2 and 5.1): packets pass a CPU stage,
//! then the link stage (the node's output port). Each flow is assigned a processing module;
//! a packet of `size` bytes takes `a * size + b` of CPU time in its module (the paper's
//! linear packet-profiling model, Sec. 5.1, after Ghodsi et al.'s DRFQ measurements).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{BufferQ, SchedulerSpec, TimeQ};

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
