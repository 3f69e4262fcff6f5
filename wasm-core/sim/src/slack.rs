//! Slack initialisation at the ingress (UPS Sec. 3): the first router a packet reaches writes
//! its slack (and keeps a copy as the initial slack) by its flow's rule, so that LSTF meets an
//! objective: flow size x D for mean FCT, a constant for tail delay (FIFO+), a paced virtual
//! schedule for fairness, a per-class offset for tenants. Every port then takes the packet's
//! wait off its slack (`port`), whatever it schedules by, so initial - current slack is the
//! packet's queueing delay in the network so far (Edge-CoDel reads it, Sec. 4).
//!
//! A rule may also be a slack program (`crate::program`) with its own per-flow state.
//!
//! Invariants: a rule's slack is never negative; the fairness rule keeps per-flow state (the
//! previous packet's slack, arrival and size) and is applied in arrival order at the ingress.

use std::collections::BTreeMap;

use crate::aqm::codel::CodelParams;
use crate::aqm::edge_codel::EdgeCodelParams;
use crate::packet::Packet;
use crate::program::{Env, Machine, Program, Target};
use crate::scenario::slack::{EdgeCodelSpec, SlackPolicySpec, SlackSpec};
use crate::scenario::Scenario;
use crate::time::Time;

/// One rule, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Constant {
        value: i64,
        offset: i64,
    },
    /// slack = bytes x d_ns.
    FlowSize {
        d_ns: i64,
        offset: i64,
    },
    Fair {
        r_est_bps: u64,
        offset: i64,
    },
    /// The program at this index of `SlackInit::programs`.
    Program(usize),
}

impl Rule {
    /// The rule of `s`; a program is compiled into `programs`.
    fn from_spec(s: &SlackPolicySpec, programs: &mut Vec<(Program, Machine)>) -> Rule {
        let ns = |t: &Option<crate::scenario::TimeQ>| t.map_or(0, |q| q.0.as_ns() as i64);
        match s {
            SlackPolicySpec::Program { program } => {
                // Checked by `check` before a run is built; a program that does not compile
                // here gives slack 0 (the constant 0).
                match Program::compile(program, Target::Slack) {
                    Ok(p) => {
                        programs.push((p, Machine::default()));
                        Rule::Program(programs.len() - 1)
                    }
                    Err(_) => Rule::Constant { value: 0, offset: 0 },
                }
            }
            SlackPolicySpec::Constant { value, offset } => {
                Rule::Constant { value: value.0.as_ns() as i64, offset: ns(offset) }
            }
            SlackPolicySpec::FlowSize { d, offset } => {
                Rule::FlowSize { d_ns: d.map_or(1_000_000_000, |q| q.0.as_ns() as i64), offset: ns(offset) }
            }
            SlackPolicySpec::Fair { r_est, offset } => {
                Rule::Fair { r_est_bps: r_est.0.bps().unwrap_or(u64::MAX), offset: ns(offset) }
            }
        }
    }
}

/// The fairness rule's memory of a flow's previous packet at the ingress.
#[derive(Clone, Copy, Debug, Default)]
struct Previous {
    slack: i64,
    arrival: Time,
    size: u32,
}

/// The rules of a run and the state they keep.
#[derive(Debug, Default)]
pub struct SlackInit {
    default: Option<Rule>,
    classes: BTreeMap<u8, Rule>,
    /// By traffic source id.
    sources: BTreeMap<String, Rule>,
    /// Per flow: its rule once resolved (outer None: not yet).
    resolved: Vec<Option<Option<Rule>>>,
    previous: Vec<Option<Previous>>,
    /// The slack programs and their per-flow state.
    programs: Vec<(Program, Machine)>,
}

/// Largest slack a rule gives (an open-ended flow's flow-size slack): far beyond any run.
pub const MAX_SLACK: i64 = i64::MAX / 4;

impl SlackInit {
    /// The scenario's rules (class keys and source ids checked by validation).
    pub fn new(spec: &SlackSpec) -> SlackInit {
        // Inserted one by one (the last of equal keys wins, as `collect` keeps it), not collected:
        // a map's `collect` sorts its input, one sort instantiation per key/value type in the
        // wasm module (issue 20: page weight).
        let mut programs = Vec::new();
        let default = spec.default.as_ref().map(|r| Rule::from_spec(r, &mut programs));
        let mut classes = BTreeMap::new();
        for (c, r) in &spec.classes {
            if let Ok(c) = c.parse::<u8>() {
                classes.insert(c, Rule::from_spec(r, &mut programs));
            }
        }
        let mut sources = BTreeMap::new();
        for (id, r) in &spec.flows {
            sources.insert(id.clone(), Rule::from_spec(r, &mut programs));
        }
        SlackInit { default, classes, sources, resolved: Vec::new(), previous: Vec::new(), programs }
    }

    fn rule(&mut self, flow: usize, source: &str, class: u8) -> Option<Rule> {
        if self.resolved.len() <= flow {
            self.resolved.resize(flow + 1, None);
            self.previous.resize(flow + 1, None);
        }
        *self.resolved[flow].get_or_insert_with(|| {
            self.sources.get(source).or_else(|| self.classes.get(&class)).or(self.default.as_ref()).copied()
        })
    }

    /// `pkt` of traffic source `source` reaches its ingress router at `now`: sets its slack
    /// and initial slack by its rule (none: left as it is).
    pub fn at_ingress(&mut self, now: Time, pkt: &mut Packet, source: &str) {
        let flow = pkt.flow as usize;
        let Some(rule) = self.rule(flow, source, pkt.class) else { return };
        let slack = match rule {
            Rule::Constant { value, offset } => value.saturating_add(offset),
            Rule::FlowSize { d_ns, offset } => {
                let bytes = i64::try_from(pkt.flow_size()).unwrap_or(i64::MAX);
                bytes.saturating_mul(d_ns).min(MAX_SLACK).saturating_add(offset)
            }
            Rule::Fair { r_est_bps, offset } => {
                let own = match self.previous[flow] {
                    None => 0,
                    Some(p) => {
                        let pace = (p.size as u128 * 8 * 1_000_000_000).div_ceil(r_est_bps as u128) as i64;
                        let gap = i64::try_from((now - p.arrival).as_ns()).unwrap_or(i64::MAX);
                        p.slack.saturating_add(pace).saturating_sub(gap).clamp(0, MAX_SLACK)
                    }
                };
                self.previous[flow] = Some(Previous { slack: own, arrival: now, size: pkt.size });
                own.saturating_add(offset)
            }
            Rule::Program(i) => {
                let (program, machine) = &mut self.programs[i];
                let env = Env { now, pkt, rate: 0, qlen: 0, qbytes: 0, vtime: 0, weight: 1000 };
                program.eval(machine, &env).clamp(0, MAX_SLACK)
            }
        };
        pkt.set_slack(slack);
        pkt.set_initial_slack(slack);
    }
}

/// Edge-CoDel's parameters with the defaults filled in.
pub fn edge_codel_params(e: &EdgeCodelSpec) -> EdgeCodelParams {
    let t = |q: &Option<crate::scenario::TimeQ>, d: Time| q.map_or(d, |q| q.0);
    EdgeCodelParams {
        codel: CodelParams {
            target: t(&e.target, Time::ms(5)),
            interval: t(&e.interval, Time::ms(100)),
            ecn: e.ecn == crate::scenario::Toggle::On,
        },
        refresh: t(&e.refresh, Time::ms(20)),
    }
}

/// Edge-CoDel's times must be above zero.
pub fn check_edge(e: &EdgeCodelSpec) -> Result<(), (String, String)> {
    for (f, q) in [("target", e.target), ("interval", e.interval), ("refresh", e.refresh)] {
        if q.is_some_and(|q| q.0 == Time::ZERO) {
            return Err((f.to_string(), "must be greater than zero".into()));
        }
    }
    Ok(())
}

/// Slack rules: classes are numbers 0-255, sources are traffic ids, r_est is a finite rate.
pub fn check(spec: &SlackSpec, s: &Scenario) -> Result<(), (String, String)> {
    let rule = |path: String, r: &SlackPolicySpec| match r {
        SlackPolicySpec::Fair { r_est, .. } if r_est.0.bps().is_none_or(|b| b == 0) => {
            Err((format!("{path}.r_est"), "must be a finite rate above 0".to_string()))
        }
        SlackPolicySpec::Program { program } => {
            Program::compile(program, Target::Slack).map(|_| ()).map_err(|e| (format!("{path}.program"), e.to_string()))
        }
        _ => Ok(()),
    };
    if let Some(r) = &spec.default {
        rule("default".into(), r)?;
    }
    for (c, r) in &spec.classes {
        if c.parse::<u8>().is_err() {
            return Err((format!("classes.{c}"), "a class is a number from 0 to 255".into()));
        }
        rule(format!("classes.{c}"), r)?;
    }
    for (id, r) in &spec.flows {
        if !s.traffic.iter().any(|t| t.id() == id) {
            return Err((format!("flows.{id}"), format!("no traffic source \"{id}\"")));
        }
        rule(format!("flows.{id}"), r)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{BandwidthQ, TimeQ};
    use crate::time::Bandwidth;

    fn pkt(flow: u32, size: u32) -> Packet {
        Packet::new(0, flow, 0, size, Time::ZERO)
    }

    #[test]
    fn fairness_rule_as_in_appendix_b() {
        // App. B: 1500 B packets at r_est = 50 Mbps: each adds 1500 x 8 / 50e6 = 240 us of
        // slack, minus the time since the previous packet arrived. Back to back (0 gap): 0,
        // 240, 480 us; then a packet 1 ms later: max(0, 480 + 240 - 1000) = 0.
        let spec = SlackSpec {
            default: Some(SlackPolicySpec::Fair { r_est: BandwidthQ(Bandwidth::BitsPerSec(50_000_000)), offset: None }),
            ..SlackSpec::default()
        };
        let mut s = SlackInit::new(&spec);
        let mut got = Vec::new();
        for t in [0, 0, 0, 1_000_000] {
            let mut p = pkt(3, 1500);
            s.at_ingress(Time(t), &mut p, "f");
            got.push((p.slack(), p.initial_slack()));
        }
        assert_eq!(got, vec![(0, 0), (240_000, 240_000), (480_000, 480_000), (0, 0)]);
        // Another flow keeps its own state: its first packet starts at 0.
        let mut p = pkt(4, 1500);
        s.at_ingress(Time(5), &mut p, "g");
        assert_eq!(p.slack(), 0);
    }

    #[test]
    fn flow_size_constant_and_per_class_offsets() {
        // Mean FCT: a 10 KB flow with d = 1 s gets 10,000 s of slack; tail delay: 1 s for
        // all; class 1 (a tenant) the constant 1 s raised by K = 10 ms. A source's own rule
        // wins over its class's.
        let spec = SlackSpec {
            default: Some(SlackPolicySpec::FlowSize { d: None, offset: None }),
            classes: [(
                "1".to_string(),
                SlackPolicySpec::Constant { value: TimeQ(Time::ms(1000)), offset: Some(TimeQ(Time::ms(10))) },
            )]
            .into(),
            flows: [("vip".to_string(), SlackPolicySpec::Constant { value: TimeQ(Time::ZERO), offset: None })].into(),
        };
        let mut s = SlackInit::new(&spec);
        let mut p = pkt(0, 1500).with_flow_size(10_000);
        s.at_ingress(Time::ZERO, &mut p, "a");
        assert_eq!(p.slack(), 10_000 * 1_000_000_000);
        let mut p = pkt(1, 1500).with_class(1);
        s.at_ingress(Time::ZERO, &mut p, "b");
        assert_eq!(p.slack(), 1_010_000_000);
        let mut p = pkt(2, 1500).with_class(1);
        s.at_ingress(Time::ZERO, &mut p, "vip");
        assert_eq!(p.slack(), 0);
        // An open-ended flow (size u64::MAX) gets the largest slack, without overflow.
        let mut p = pkt(5, 1500).with_flow_size(u64::MAX);
        s.at_ingress(Time::ZERO, &mut p, "bulk");
        assert_eq!(p.slack(), MAX_SLACK);
    }
}
