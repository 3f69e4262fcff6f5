//! A scenario's replay section: which replays of the recorded schedule to run (`replay`
//! carries them out).

use serde::{Deserialize, Serialize};

/// How a recorded schedule is replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Lstf,
    LstfPreemptive,
    Edf,
    Priority,
    Omniscient,
}

impl Mode {
    pub const ALL: [Mode; 5] = [Mode::Lstf, Mode::LstfPreemptive, Mode::Edf, Mode::Priority, Mode::Omniscient];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Lstf => "lstf",
            Mode::LstfPreemptive => "lstf_preemptive",
            Mode::Edf => "edf",
            Mode::Priority => "priority",
            Mode::Omniscient => "omniscient",
        }
    }

    pub fn parse(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// A scenario's replay section: which replays to run after the original.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ReplaySpec {
    pub modes: Vec<Mode>,
}
