//! Scheduler Playground simulation core.
//!
//! A pure library (no wasm, no I/O): scenario text in, a run out. The wasm binding and the
//! CLI are thin shells over [`validate`] and [`run`]. A scenario plus a seed gives a
//! byte-identical trace, hence the same trace hash, natively and in wasm.

// The first module (no `full`) leaves out the callers of some shared code (`first`).
#![cfg_attr(not(feature = "full"), allow(dead_code, unused_macros))]

pub mod api;
pub mod aqm;
pub mod budget;
pub mod check_report;
pub mod checks;
pub mod compare;
pub mod emit;
pub mod engine;
pub mod events;
pub mod first;
pub mod ideal;
pub mod lesson;
pub mod metrics;
pub mod network;
pub mod order;
pub mod packet;
pub mod params;
pub mod port;
pub mod presets;
pub mod program;
pub mod record;
pub mod replay;
pub mod results;
pub mod rng;
pub mod run;
pub mod scenario;
pub mod sched;
pub mod script;
pub mod slack;
pub mod stage;
pub mod sweep;
pub mod time;
pub mod trace;
pub mod traffic;
pub mod transport;
pub mod units;
pub mod validation;
pub mod verdicts;
pub mod view;

pub use api::*;
