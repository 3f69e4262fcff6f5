//! Programs the user writes: a packet's rank at a programmable queue (AIFO Sec. 2.1: "a
//! scheduling algorithm is programmed by how a rank is computed for each packet") and its
//! slack at the ingress (UPS Sec. 3). A small language of integer arithmetic with units,
//! comparisons, min/max, `if`-expressions, read-only packet and port fields, per-flow state the
//! program declares and tables of constants. Example, start-time fair queueing:
//!
//! ```text
//! flow finish = 0                              # per-flow state
//! let start = max(vtime, finish)               # vtime: rank of the packet sent last
//! finish = start + size / 1B * 8000000 / weight
//! rank start
//! ```
//!
//! A program is parsed (`syntax`, with the winnow crate), type-checked and compiled once per
//! run (`check`) to a flat list of operations (`vm`) with no backward jumps: its cost per packet
//! is bounded by its length, itself limited ([`check::MAX_STEPS`]). Results are 64-bit
//! integers, so a run is the same natively and in wasm. Errors name the line and column.
//!
//! Invariant: compiling the same text gives the same code; running it touches only its own
//! per-flow state.

mod check;
pub mod examples;
mod syntax;
mod vm;

pub use check::{INPUTS, MAX_STEPS};
pub use vm::{Env, Machine};

use crate::view::Unit;

/// What a program computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A packet's rank at a port (lower is served first).
    Rank,
    /// A packet's initial slack at its ingress router.
    Slack,
}

impl Target {
    pub fn word(self) -> &'static str {
        match self {
            Target::Rank => "rank",
            Target::Slack => "slack",
        }
    }
}

/// The type of a value: a number, a quantity in its unit, or true/false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Num,
    /// Nanoseconds.
    Time,
    /// Bytes.
    Size,
    /// Bits per second.
    Rate,
    Bool,
}

impl Ty {
    pub fn name(self) -> &'static str {
        match self {
            Ty::Num => "a number",
            Ty::Time => "a time",
            Ty::Size => "a size",
            Ty::Rate => "a rate",
            Ty::Bool => "true/false",
        }
    }

    /// The unit the page shows a value of this type in.
    pub fn unit(self) -> Unit {
        match self {
            Ty::Time => Unit::Ns,
            Ty::Size => Unit::Bytes,
            Ty::Rate => Unit::Bps,
            Ty::Num | Ty::Bool => Unit::Rank,
        }
    }
}

/// A program error: where (1-based line and column, in characters) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for ProgramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

fn locate(src: &str, offset: usize, message: String) -> ProgramError {
    let before = &src[..offset.min(src.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    ProgramError { line, column, message }
}

/// A checked, compiled program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    code: vm::Code,
    ty: Ty,
    inputs: Vec<vm::Input>,
}

/// Longest program text accepted.
pub const MAX_TEXT: usize = 20_000;

impl Program {
    /// Parses, checks and compiles `src` as a `target` program.
    pub fn compile(src: &str, target: Target) -> Result<Program, ProgramError> {
        if src.len() > MAX_TEXT {
            return Err(ProgramError {
                line: 1,
                column: 1,
                message: format!("the program is longer than {MAX_TEXT} bytes"),
            });
        }
        if cfg!(feature = "full") {
            Program::compile_text(src, target)
        } else {
            // The page's first module (`crate::first`) holds no parser and checker.
            Err(ProgramError { line: 1, column: 1, message: "programs are in the full module only".to_string() })
        }
    }

    /// `compile` past the size check: the parser and the type checker, which the page's first
    /// module leaves out (`crate::first`).
    #[cfg_attr(not(feature = "full"), allow(dead_code))]
    fn compile_text(src: &str, target: Target) -> Result<Program, ProgramError> {
        let ast = syntax::parse(src).map_err(|(at, m)| locate(src, at, m))?;
        // `vtime` (the rank dequeued last) has the rank's own type: the one type that makes
        // the program check with its result of that type (a number when none does).
        let mut first = None;
        for vt in [Ty::Num, Ty::Time, Ty::Size, Ty::Rate] {
            match check::compile(&ast, target, vt) {
                Ok((code, ty, inputs)) if ty == vt || !inputs.contains(&vm::Input::Vtime) => {
                    return Ok(Program { code, ty, inputs });
                }
                Ok(_) => {}
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        let (at, m) =
            first.unwrap_or((ast.result.1, "vtime, the rank dequeued last, must have the rank's type".into()));
        Err(locate(src, at, m))
    }

    /// The type of the program's result.
    pub fn ty(&self) -> Ty {
        self.ty
    }

    /// Whether the program reads `remaining` or `flow_size` (fields the engine writes only
    /// when something reads them).
    pub fn reads_sizes(&self) -> bool {
        self.inputs.iter().any(|i| matches!(i, vm::Input::Remaining | vm::Input::FlowSize))
    }

    /// Whether the program reads `slack` (aged by ports only when something reads it).
    pub fn reads_slack(&self) -> bool {
        self.inputs.contains(&vm::Input::Slack)
    }

    /// The program's value for one packet, with `m` holding its per-flow state.
    #[inline]
    pub fn eval(&self, m: &mut Machine, env: &Env<'_>) -> i64 {
        m.run(&self.code, env)
    }

    /// Operations in the compiled form: the most steps a packet takes.
    pub fn steps(&self) -> usize {
        self.code.ops.len()
    }
}

#[cfg(test)]
mod tests;
