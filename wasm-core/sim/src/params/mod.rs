//! Typed parameters: the one vocabulary of the scheduler registry and the topology presets.
//!
//! A parameter ([`Spec`]) declares its kind (with unit and range), its default and a
//! description. From that one declaration follow: validation of what a scenario wrote, with
//! errors that name the field (`params.quantum: must be at least 1B`); the typed values a
//! constructor reads ([`Params`]); the JSON a registry lists (`sched-cli schedulers`, the
//! page's inspector forms); and the JSON Schema of each value (`json.rs`).
//!
//! Kinds: whole numbers, real numbers, times, rates, sizes, buffers ("off" where the spec
//! allows it), choices, on/off, two-piece linear service curves, programs, and lists of per-class or
//! per-flow values of one of those (weights, quanta, curves).

mod json;
mod parse;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

pub use parse::check;

use crate::time::{Bandwidth, Time};
use crate::units::Buffer;

/// A bound of a real-number range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    None,
    /// The value may equal it.
    Closed(f64),
    /// The value must differ from it.
    Open(f64),
}

/// What a list's entries are keyed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    /// Traffic class (`class` of a source): written as an array (entry i for class i) or an
    /// object keyed by class number.
    Class,
    /// Flow: an object keyed by the traffic source's `id` (a workload's id covers each of
    /// its flows).
    Flow,
}

/// The type, unit and range of a parameter.
#[derive(Debug)]
pub enum Kind {
    Int {
        min: i64,
        max: i64,
    },
    Real {
        min: Bound,
        max: Bound,
    },
    Time {
        min: Time,
        max: Time,
    },
    /// Bits per second; `infinite`: "inf" is allowed.
    Rate {
        min: u64,
        infinite: bool,
    },
    /// Bytes.
    Size {
        min: u64,
        max: u64,
    },
    /// A size, a packet count or "unlimited"; "off" too when `off`.
    Buffer {
        off: bool,
    },
    Choice {
        options: &'static [&'static str],
    },
    /// "on" or "off".
    Toggle,
    /// A two-piece linear service curve {m1, d or beta, m2} (FSC paper Sec. 2).
    Curve,
    /// A program's text (`crate::program`), checked and compiled when the parameters are.
    Program {
        target: crate::program::Target,
    },
    /// One value of `item` per class or per flow; entries not listed get the default.
    List {
        per: Per,
        item: &'static Kind,
    },
}

/// A default, as it is written in a scenario file (a list's default is its item default).
#[derive(Clone, Copy, Debug)]
pub enum Default {
    Int(i64),
    Real(f64),
    Text(&'static str),
    /// JSON text (a service curve object).
    Json(&'static str),
}

impl Default {
    pub fn to_json(self) -> serde_json::Value {
        match self {
            Default::Int(i) => i.into(),
            Default::Real(x) => x.into(),
            Default::Text(s) => s.into(),
            Default::Json(s) => serde_json::from_str(s).expect("a default written as JSON parses"),
        }
    }
}

/// One parameter of a scheduler or a preset.
#[derive(Debug)]
pub struct Spec {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: Kind,
    pub default: Default,
}

impl Spec {
    /// A whole number in [min, max].
    pub const fn int(name: &'static str, description: &'static str, min: i64, max: i64, default: i64) -> Spec {
        Spec { name, description, kind: Kind::Int { min, max }, default: Default::Int(default) }
    }

    /// A parameter whose default is written as text: a quantity with its unit ("10Mbps",
    /// "1ms", "64KB") or a choice.
    pub const fn text(name: &'static str, description: &'static str, kind: Kind, default: &'static str) -> Spec {
        Spec { name, description, kind, default: Default::Text(default) }
    }
}

/// Where a service curve bends: after a time `d` or after `beta` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knee {
    Delay(Time),
    Burst(u64),
}

/// A two-piece linear service curve: slope `m1` up to the knee, then `m2` (bits per second).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Curve {
    pub m1: u64,
    pub knee: Knee,
    pub m2: u64,
}

/// Per-class or per-flow values.
#[derive(Clone, Debug, PartialEq)]
pub struct List {
    pub per: Per,
    /// By class number (Per::Class) or flow id (Per::Flow).
    pub entries: BTreeMap<String, Value>,
    pub default: Box<Value>,
}

impl List {
    /// The value of class `c`.
    pub fn for_class(&self, c: u8) -> &Value {
        debug_assert_eq!(self.per, Per::Class);
        self.entries.get(&c.to_string()).unwrap_or(&self.default)
    }
    /// The value of the flow (traffic source) `id`.
    pub fn for_flow(&self, id: &str) -> &Value {
        debug_assert_eq!(self.per, Per::Flow);
        self.entries.get(id).unwrap_or(&self.default)
    }
}

/// A checked value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Real(f64),
    Time(Time),
    Rate(Bandwidth),
    Size(u64),
    /// None: "off".
    Buffer(Option<Buffer>),
    Choice(&'static str),
    Toggle(bool),
    Curve(Curve),
    /// A compiled program (shared: parameters are cloned, the code is not).
    Program(std::sync::Arc<crate::program::Program>),
    List(List),
}

macro_rules! accessor {
    ($(#[$m:meta])* $fn:ident, $variant:ident, $t:ty) => {
        $(#[$m])*
        pub fn $fn(&self) -> $t {
            match self {
                Value::$variant(v) => v.clone(),
                // Not the value's Debug: the page's first wasm module would then hold every
                // parameter kind's (programs', curves') Debug code for this panic alone.
                _ => panic!(concat!("expected ", stringify!($variant))),
            }
        }
    };
}

impl Value {
    accessor!(int, Int, i64);
    accessor!(real, Real, f64);
    accessor!(time, Time, Time);
    accessor!(rate, Rate, Bandwidth);
    accessor!(size, Size, u64);
    accessor!(
        /// None: "off".
        buffer, Buffer, Option<Buffer>
    );
    accessor!(choice, Choice, &'static str);
    accessor!(toggle, Toggle, bool);
    accessor!(curve, Curve, Curve);
    accessor!(program, Program, std::sync::Arc<crate::program::Program>);
    accessor!(list, List, List);
}

/// What values are checked against besides their kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Context<'a> {
    /// The scenario's traffic source ids (keys of per-flow lists).
    pub flows: &'a [String],
}

impl Context<'_> {
    pub const NONE: Context<'static> = Context { flows: &[] };
}

/// Checked parameters, every one present (defaults filled in). A getter of the wrong kind or
/// of an undeclared name is a programming error and panics (the contract test builds every
/// registered scheduler with its defaults).
#[derive(Clone, Debug, PartialEq, std::default::Default)]
pub struct Params {
    values: BTreeMap<&'static str, Value>,
}

impl Params {
    pub fn get(&self, name: &str) -> &Value {
        self.values.get(name).unwrap_or_else(|| panic!("no parameter \"{name}\" was declared"))
    }
    pub fn int(&self, name: &str) -> i64 {
        self.get(name).int()
    }
    pub fn real(&self, name: &str) -> f64 {
        self.get(name).real()
    }
    pub fn time(&self, name: &str) -> Time {
        self.get(name).time()
    }
    pub fn rate(&self, name: &str) -> Bandwidth {
        self.get(name).rate()
    }
    pub fn size(&self, name: &str) -> u64 {
        self.get(name).size()
    }
    /// A buffer that may be "off" (None).
    pub fn buffer_or_off(&self, name: &str) -> Option<Buffer> {
        self.get(name).buffer()
    }
    /// A buffer whose spec does not allow "off".
    pub fn buffer(&self, name: &str) -> Buffer {
        self.get(name).buffer().unwrap_or_else(|| panic!("\"{name}\" allows no \"off\""))
    }
    pub fn choice(&self, name: &str) -> &'static str {
        self.get(name).choice()
    }
    pub fn toggle(&self, name: &str) -> bool {
        self.get(name).toggle()
    }
    pub fn curve(&self, name: &str) -> Curve {
        self.get(name).curve()
    }
    pub fn program(&self, name: &str) -> std::sync::Arc<crate::program::Program> {
        self.get(name).program()
    }
    pub fn list(&self, name: &str) -> &List {
        match self.get(name) {
            Value::List(l) => l,
            _ => panic!("expected a list for \"{name}\""),
        }
    }
}

/// A table of specs as JSON for a registry listing: each spec's kind, range, default and the
/// JSON Schema of its value. `#[inline]`, as everything in `json`: only the registry's and the
/// presets' catalogs (themselves `#[inline]`) call them, so the wasm binding compiles them for
/// size (wasm-core/wasm/README.md).
#[inline]
pub fn specs_json(specs: &[Spec]) -> serde_json::Value {
    serde_json::Value::Array(specs.iter().map(json::spec).collect())
}

/// The JSON Schema of a `params` object with these specs.
#[inline]
pub fn params_schema(specs: &[Spec]) -> serde_json::Value {
    json::params_schema(specs)
}
