//! How the ingress initialises each packet's slack (UPS Sec. 3), as a scenario writes it:
//!
//! ```json
//! "slack": {"default": {"policy": "flow_size", "d": "1s"},
//!           "classes": {"1": {"policy": "constant", "value": "1s", "offset": "10ms"}},
//!           "flows": {"web": {"policy": "fair", "r_est": "50Mbps"}}}
//! ```
//!
//! A packet's rule: its traffic source's (`flows`, by id; a workload's id covers its flows),
//! else its class's, else `default`; with no rule its slack starts at 0.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{BandwidthQ, TimeQ, Toggle};

/// One slack initialisation rule.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "policy", rename_all = "snake_case", deny_unknown_fields)]
pub enum SlackPolicySpec {
    /// Every packet the same slack: FIFO+ for tail delay (Sec. 3.2; the paper uses 1 s).
    Constant {
        value: TimeQ,
        /// Added to the slack (a tenant's K, Sec. 3.4).
        #[serde(default)]
        offset: Option<TimeQ>,
    },
    /// slack = the flow's size in bytes x d: mean flow completion time (Sec. 3.1; the paper
    /// uses d = 1 s). Open-ended sources get the largest slack.
    FlowSize {
        /// Default 1s.
        #[serde(default)]
        d: Option<TimeQ>,
        #[serde(default)]
        offset: Option<TimeQ>,
    },
    /// Fairness (Sec. 3.3, App. B): slack(p_1) = 0, slack(p_i) = max(0, slack(p_{i-1}) +
    /// size(p_{i-1}) / r_est - (i(p_i) - i(p_{i-1}))), i the arrival at the ingress router and
    /// r_est an estimate of the fair-share rate.
    Fair {
        r_est: BandwidthQ,
        #[serde(default)]
        offset: Option<TimeQ>,
    },
    /// A slack program (`crate::program`, ending `slack <time>`), run at the ingress for each
    /// packet with the per-flow state it declares; its result is held to [0, about 26 days].
    Program { program: String },
}

/// Slack initialisation: a default and overrides per class and per traffic source.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SlackSpec {
    #[serde(default)]
    pub default: Option<SlackPolicySpec>,
    /// By class number ("0".."255").
    #[serde(default)]
    pub classes: BTreeMap<String, SlackPolicySpec>,
    /// By traffic source id.
    #[serde(default)]
    pub flows: BTreeMap<String, SlackPolicySpec>,
}

/// Edge-CoDel (UPS Sec. 4) at every egress port (a router's port towards a host): per flow,
/// CoDel's control law on each packet's queueing delay across the network (initial minus
/// current slack). Every field has a default.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EdgeCodelSpec {
    /// Default 5ms (FQ-CoDel's).
    #[serde(default)]
    pub target: Option<TimeQ>,
    /// Default 100ms.
    #[serde(default)]
    pub interval: Option<TimeQ>,
    /// Refresh the interval when a flow's consecutive packets were sent further apart than
    /// this (default 20ms, the paper's choice; it finds 10-20 ms works).
    #[serde(default)]
    pub refresh: Option<TimeQ>,
    /// Mark ECN-capable packets instead of dropping them (default off).
    #[serde(default)]
    pub ecn: Toggle,
}
