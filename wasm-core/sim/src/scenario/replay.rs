//! A scenario's replay section: which replays of the recorded schedule to run (`replay`
//! carries them out).
//!
//! A replay is a header-initialisation rule (the mode) and whether the routers serve
//! preemptively (UPS Sec. 2.1: the theorems of App. A are about a preemptive replay of a
//! non-preemptive original; Table 1 replays non-preemptively). A file writes one as a name,
//! `"lstf"`, `"edf_preemptive"`, or as an object `{"mode": "priority", "preemptive": true,
//! "order": ["a", "b", "c"], "name": "a<b<c"}`. The names are the mode's, with `_preemptive`
//! (or, for `omniscient`, which is preemptive by default, `_nonpreemptive`) when the service
//! is not the mode's default: `"lstf_preemptive"` and `"omniscient"` mean what they always
//! meant.

use serde::{Deserialize, Deserializer};

/// How a replay initialises each packet's header from the recorded schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// LSTF: slack(p) = o(p) - i(p) - t_min(p, ingress, egress) (Sec. 2.2).
    Lstf,
    /// Network-wide EDF: deadline o(p), per-router priority o(p) - t_min(p, a, egress) + T(p, a)
    /// (App. A.5).
    Edf,
    /// Simple priorities, priority = o(p) (Sec. 2.3's "most intuitive" choice), or the order
    /// a replay entry gives.
    Priority,
    /// Simple priorities with App. A.6's assignment o(p) - t_min(p, a_p, egress) + T(p, a_p),
    /// a_p the packet's congestion point in the original.
    PriorityA6,
    /// The omniscient header (App. A.2): the original's per-hop scheduling times o(p, a).
    Omniscient,
}

impl Mode {
    pub const ALL: [Mode; 5] = [Mode::Lstf, Mode::Edf, Mode::Priority, Mode::PriorityA6, Mode::Omniscient];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Lstf => "lstf",
            Mode::Edf => "edf",
            Mode::Priority => "priority",
            Mode::PriorityA6 => "priority_a6",
            Mode::Omniscient => "omniscient",
        }
    }

    /// Preemptive unless said otherwise: only the omniscient header (App. A.2 is preemptive).
    pub fn preemptive_by_default(self) -> bool {
        self == Mode::Omniscient
    }

    /// What the page calls it.
    pub fn display(self) -> &'static str {
        match self {
            Mode::Lstf => "LSTF",
            Mode::Edf => "EDF",
            Mode::Priority => "Simple priorities o(p)",
            Mode::PriorityA6 => "Simple priorities (A.6)",
            Mode::Omniscient => "Omniscient header",
        }
    }

    /// How it initialises headers, in one line for the page.
    pub fn summary(self) -> &'static str {
        match self {
            Mode::Lstf => "Least slack time first, slack = o(p) − i(p) − t_min in the header.",
            Mode::Edf => {
                "Earliest deadline first, deadline o(p): per-router priority o(p) − t_min(rest) + T (App. A.5: the same \
                 replay as LSTF)."
            }
            Mode::Priority => "Static priority = the original exit time o(p), the \"most intuitive\" choice (Sec. 2.3).",
            Mode::PriorityA6 => {
                "Static priority o(p) − t_min(p, a_p, dest) + T(p, a_p), a_p the packet's congestion point in the \
                 original (App. A.6: replays every schedule with one congestion point per packet)."
            }
            Mode::Omniscient => {
                "The per-hop original times o(p, a) as priorities (App. A.2: with preemption, no packet is overdue)."
            }
        }
    }
}

/// A replay mode as the page offers it: the binding's `replay_catalog` lists one per mode.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ModeInfo {
    pub mode: Mode,
    /// What the page calls it ("LSTF").
    pub display: String,
    /// How it initialises headers, one line.
    pub summary: String,
    /// Routers serve preemptively unless the replay says otherwise.
    pub preemptive_by_default: bool,
    /// The name of its replay with non-preemptive service when none is given
    /// (`Replay::default_name`): what a scenario's `replay.modes` may write for it.
    pub name_nonpreemptive: String,
    /// The same with preemptive service.
    pub name_preemptive: String,
}

/// The replay modes in order, with their names and defaults (the binding's `replay_catalog`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ReplayCatalog {
    pub modes: Vec<ModeInfo>,
}

impl ReplayCatalog {
    pub fn new() -> ReplayCatalog {
        let modes = Mode::ALL
            .into_iter()
            .map(|m| ModeInfo {
                mode: m,
                display: m.display().into(),
                summary: m.summary().into(),
                preemptive_by_default: m.preemptive_by_default(),
                name_nonpreemptive: Replay::default_name(m, false),
                name_preemptive: Replay::default_name(m, true),
            })
            .collect();
        ReplayCatalog { modes }
    }

    /// As JSON, for the page.
    pub fn json() -> String {
        serde_json::to_string(&ReplayCatalog::new()).expect("the catalog is plain data")
    }
}

impl Default for ReplayCatalog {
    fn default() -> ReplayCatalog {
        ReplayCatalog::new()
    }
}

/// A replay, resolved: what `replay` runs and what reports, checks and goldens name it by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub mode: Mode,
    pub preemptive: bool,
    /// Unique among a scenario's replays; checks and golden files refer to it.
    pub name: String,
    /// `priority` only: packet ids of the scenario's `schedule`, highest priority first.
    pub order: Option<Vec<String>>,
    /// `lstf` only: the granularity of the slack written at the ingress, in ns (`None`: 1 ns).
    pub slack_unit_ns: Option<u64>,
}

impl Replay {
    pub fn new(mode: Mode, preemptive: bool) -> Replay {
        Replay { mode, preemptive, name: Replay::default_name(mode, preemptive), order: None, slack_unit_ns: None }
    }

    /// "lstf", "lstf_preemptive", "omniscient", "omniscient_nonpreemptive", ...
    pub fn default_name(mode: Mode, preemptive: bool) -> String {
        match (preemptive, mode.preemptive_by_default()) {
            (true, false) => format!("{}_preemptive", mode.name()),
            (false, true) => format!("{}_nonpreemptive", mode.name()),
            _ => mode.name().to_string(),
        }
    }

    /// A replay written as a name (see the module doc).
    pub fn parse(name: &str) -> Option<Replay> {
        Mode::ALL.into_iter().flat_map(|m| [Replay::new(m, false), Replay::new(m, true)]).find(|r| r.name == name)
    }

    /// Every name `parse` accepts.
    pub fn names() -> Vec<String> {
        Mode::ALL.into_iter().flat_map(|m| [Replay::default_name(m, false), Replay::default_name(m, true)]).collect()
    }
}

/// A replay as an object.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ReplayObject {
    pub mode: Mode,
    /// Preemptive-resume service at every router (default: off, except `omniscient`).
    #[serde(default)]
    pub preemptive: Option<bool>,
    /// What checks and the page call it (default: the mode's name, as for a name entry).
    /// Letters, digits and `_ - . < >`.
    #[serde(default)]
    pub name: Option<String>,
    /// `priority` only, for a scripted `schedule`: its packet ids, highest priority first
    /// (every packet once). Fig. 9 of the UPS paper enumerates such orders.
    #[serde(default)]
    pub order: Option<Vec<String>>,
    /// `lstf` only: the ingress writes each packet's slack as a whole number of this unit,
    /// rounded down ("1us": UPS Sec. 5's microsecond slack in hardware against the nanoseconds
    /// of its simulations). Default: whole nanoseconds.
    #[serde(default)]
    pub slack_unit: Option<super::TimeQ>,
}

/// One entry of `replay.modes`: a name or an object.
#[derive(Clone, Debug)]
pub enum ReplayEntry {
    Name(String),
    Object(ReplayObject),
}

impl<'de> Deserialize<'de> for ReplayEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) => {
                if Replay::parse(&s).is_none() {
                    return Err(D::Error::custom(format!(
                        "unknown replay \"{s}\"; give one of {} or an object {{\"mode\", \"preemptive\", \"name\", \"order\", \"slack_unit\"}}",
                        Replay::names().join(", ")
                    )));
                }
                Ok(ReplayEntry::Name(s))
            }
            v @ serde_json::Value::Object(_) => {
                ReplayObject::deserialize(v).map(ReplayEntry::Object).map_err(D::Error::custom)
            }
            _ => Err(D::Error::custom("a replay is a name (\"lstf\") or an object {\"mode\": ...}")),
        }
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for ReplayEntry {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ReplayEntry".into()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let object = g.subschema_for::<ReplayObject>();
        schemars::json_schema!({
            "description": "A replay: a name (the mode, with _preemptive or _nonpreemptive when the service is not the mode's default) or an object.",
            "anyOf": [{ "type": "string", "enum": Replay::names() }, object]
        })
    }
}

impl ReplayEntry {
    /// The replay this entry describes (its fields are checked by validation).
    pub fn resolve(&self) -> Replay {
        match self {
            ReplayEntry::Name(s) => Replay::parse(s).expect("checked when read"),
            ReplayEntry::Object(o) => {
                let preemptive = o.preemptive.unwrap_or(o.mode.preemptive_by_default());
                Replay {
                    mode: o.mode,
                    preemptive,
                    name: o.name.clone().unwrap_or_else(|| Replay::default_name(o.mode, preemptive)),
                    order: o.order.clone(),
                    slack_unit_ns: o.slack_unit.map(|u| u.0.as_ns()),
                }
            }
        }
    }
}

/// When the replays end, and what a packet they have not delivered by then counts as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ReplayEnd {
    /// At twice the scenario's duration, so late packets can finish; one that has not is
    /// overdue.
    #[default]
    Double,
    /// At the scenario's duration, as the original; a packet the replay has not delivered by
    /// then is not counted overdue (it stays in the total): the UPS authors' scripts run both
    /// for `-simtime 1` and compare only packets that reached their destination in both
    /// (`compare_final_outputs_detail.py`).
    Original,
}

/// A scenario's replay section: which replays to run after the original.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ReplaySpec {
    pub modes: Vec<ReplayEntry>,
    /// Default `double`.
    #[serde(default)]
    pub end: ReplayEnd,
}

impl ReplaySpec {
    pub fn replays(&self) -> Vec<Replay> {
        self.modes.iter().map(ReplayEntry::resolve).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_their_old_meaning() {
        assert_eq!(Replay::parse("lstf_preemptive"), Some(Replay::new(Mode::Lstf, true)));
        assert_eq!(Replay::parse("omniscient"), Some(Replay::new(Mode::Omniscient, true)));
        assert_eq!(Replay::parse("lstf").map(|r| r.preemptive), Some(false));
        assert_eq!(Replay::parse("omniscient_nonpreemptive").map(|r| r.preemptive), Some(false));
        assert_eq!(Replay::parse("priority_a6_preemptive").map(|r| r.mode), Some(Mode::PriorityA6));
        assert_eq!(Replay::parse("fifo"), None);
        let entry: ReplayEntry = serde_json::from_str(r#"{"mode": "edf", "preemptive": true}"#).unwrap();
        assert_eq!(entry.resolve().name, "edf_preemptive");
        let e = serde_json::from_str::<ReplayEntry>(r#""lstf_fast""#).unwrap_err().to_string();
        assert!(e.contains("unknown replay \"lstf_fast\""), "{e}");
        let e = serde_json::from_str::<ReplayEntry>(r#"{"mode": "edf", "fast": true}"#).unwrap_err().to_string();
        assert!(e.contains("unknown field `fast`"), "{e}");
    }

    #[test]
    fn the_catalog_names_each_mode_as_parse_reads_it() {
        let c = ReplayCatalog::new();
        let modes: Vec<&str> = c.modes.iter().map(|m| m.mode.name()).collect();
        assert_eq!(modes, ["lstf", "edf", "priority", "priority_a6", "omniscient"]);
        // The module doc's rule: the mode's name for its default service, `_preemptive` or
        // (omniscient only, preemptive by default) `_nonpreemptive` for the other.
        let edf = &c.modes[1];
        assert_eq!((edf.display.as_str(), edf.preemptive_by_default), ("EDF", false));
        assert_eq!((edf.name_nonpreemptive.as_str(), edf.name_preemptive.as_str()), ("edf", "edf_preemptive"));
        let omni = &c.modes[4];
        assert!(omni.preemptive_by_default);
        assert_eq!(
            (omni.name_nonpreemptive.as_str(), omni.name_preemptive.as_str()),
            ("omniscient_nonpreemptive", "omniscient")
        );
        // Every name listed is one `parse` reads, as that mode and service.
        for m in &c.modes {
            assert_eq!(Replay::parse(&m.name_nonpreemptive), Some(Replay::new(m.mode, false)));
            assert_eq!(Replay::parse(&m.name_preemptive), Some(Replay::new(m.mode, true)));
        }
        let json: serde_json::Value = serde_json::from_str(&ReplayCatalog::json()).unwrap();
        assert_eq!(json["modes"][0]["name_preemptive"], "lstf_preemptive");
        assert_eq!(json["modes"][3]["display"], "Simple priorities (A.6)");
    }
}
