//! Type checking with units, and compilation to [`Code`]: every expression has one type (a
//! number, a time, a size, a rate or true/false); operators combine them as quantities do
//! (a size over a rate is a time, a rate times a time a size, a time over a time a number);
//! names resolve to the packet's and the port's fields, `let`s, per-flow variables and tables.

use super::syntax::{Ast, Expr, Lit, Stmt};
use super::vm::{Code, Input, Op};
use super::{Target, Ty};

/// Most operations a program may compile to: with no backward jumps, the most steps one
/// packet can take.
pub const MAX_STEPS: usize = 2000;

type Error = (usize, String);

/// The names a program reads: what each is, its type, and which programs may read it.
pub const INPUTS: &[(&str, Input, Ty, &str)] = &[
    ("size", Input::Size, Ty::Size, "the packet's size on the wire"),
    ("flow", Input::Flow, Ty::Num, "the packet's flow number"),
    ("class", Input::Class, Ty::Num, "the packet's traffic class"),
    ("source", Input::Source, Ty::Num, "the index of the traffic source that made the packet"),
    ("flow_size", Input::FlowSize, Ty::Size, "the size of the packet's flow (unbounded for open-ended sources)"),
    ("remaining", Input::Remaining, Ty::Size, "the flow's bytes not yet sent, or not yet acknowledged (TCP)"),
    ("offset", Input::Offset, Ty::Size, "TCP data: the segment's byte offset in the flow; datagrams: their number"),
    ("created", Input::Created, Ty::Time, "when the source made the packet"),
    ("slack", Input::Slack, Ty::Time, "the packet's slack left (UPS)"),
    ("hops", Input::Hops, Ty::Num, "hops the packet completed"),
    ("tcp", Input::Tcp, Ty::Bool, "a TCP-family packet"),
    ("ack", Input::Ack, Ty::Bool, "a TCP acknowledgement"),
    ("retx", Input::Retx, Ty::Bool, "a TCP retransmission"),
    ("now", Input::Now, Ty::Time, "the time now (the packet's arrival here)"),
    ("rate", Input::Rate, Ty::Rate, "rank programs: the port's link rate"),
    ("qlen", Input::Qlen, Ty::Num, "rank programs: packets queued at the port"),
    ("qbytes", Input::Qbytes, Ty::Size, "rank programs: bytes queued at the port"),
    (
        "vtime",
        Input::Vtime,
        Ty::Num,
        "rank programs: the rank of the packet dequeued last (the port's virtual time); its type is the rank's",
    ),
    ("weight", Input::Weight, Ty::Num, "rank programs: the flow's weight (the scheduler's `weights`) in thousandths"),
];

const PORT_ONLY: &[Input] = &[Input::Rate, Input::Qlen, Input::Qbytes, Input::Vtime, Input::Weight];

#[derive(Clone, Copy)]
enum Binding {
    Local(u16, Ty),
    Flow(u16, Ty),
    Table(u16, Ty),
}

struct Compiler {
    target: Target,
    vtime: Ty,
    names: Vec<(String, Binding)>,
    code: Code,
    inputs: Vec<Input>,
}

/// Type-checks and compiles `ast`, with `vtime` of type `vtime`. Returns the code, the
/// result's type and the inputs it reads.
pub fn compile(ast: &Ast, target: Target, vtime: Ty) -> Result<(Code, Ty, Vec<Input>), Error> {
    let mut c = Compiler {
        target,
        vtime,
        names: Vec::new(),
        code: Code { ops: Vec::new(), flow_init: Vec::new(), tables: Vec::new(), locals: 0 },
        inputs: Vec::new(),
    };
    for s in &ast.stmts {
        c.stmt(s)?;
    }
    let (word, at, e) = &ast.result;
    if *word != target.word() {
        return Err((
            *at,
            format!("a {} program ends with \"{} <expression>\", not \"{word}\"", target.word(), target.word()),
        ));
    }
    let ty = c.expr(e)?;
    match (target, ty) {
        (_, Ty::Bool) => return Err((e.at(), format!("the {word} must be a quantity or a number, not true/false"))),
        (Target::Slack, t) if t != Ty::Time => {
            return Err((e.at(), format!("the slack must be a time, not {}", t.name())))
        }
        _ => {}
    }
    if c.code.ops.len() > MAX_STEPS {
        return Err((
            *at,
            format!("the program is too long: {} steps per packet, at most {MAX_STEPS}", c.code.ops.len()),
        ));
    }
    Ok((c.code, ty, c.inputs))
}

/// A literal's value and type (`-` before it allowed): what flow variables and tables hold
/// at the start.
fn constant(e: &Expr) -> Option<(i64, Ty)> {
    match e {
        Expr::Lit(l, _) => Some(lit(l)),
        Expr::Neg(e, _) => constant(e).filter(|(_, t)| *t != Ty::Bool).map(|(v, t)| (v.saturating_neg(), t)),
        _ => None,
    }
}

fn lit(l: &Lit) -> (i64, Ty) {
    match *l {
        Lit::Num(v) => (v, Ty::Num),
        Lit::Time(v) => (v, Ty::Time),
        Lit::Size(v) => (v, Ty::Size),
        Lit::Rate(v) => (v, Ty::Rate),
        Lit::Bool(b) => (b as i64, Ty::Bool),
    }
}

fn index(n: usize, what: &str, at: usize) -> Result<u16, Error> {
    u16::try_from(n).map_err(|_| (at, format!("too many {what}")))
}

impl Compiler {
    fn lookup(&self, name: &str) -> Option<Binding> {
        self.names.iter().rev().find(|(n, _)| n == name).map(|(_, b)| *b)
    }

    fn declare(&mut self, name: &str, b: Binding, at: usize) -> Result<(), Error> {
        if INPUTS.iter().any(|(n, ..)| *n == name) || ["min", "max", "abs"].contains(&name) {
            return Err((at, format!("\"{name}\" is a built-in name; choose another")));
        }
        if self.lookup(name).is_some() {
            return Err((at, format!("\"{name}\" is already declared")));
        }
        self.names.push((name.to_string(), b));
        Ok(())
    }

    fn emit(&mut self, op: Op) {
        self.code.ops.push(op);
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), Error> {
        match s {
            Stmt::Flow(name, init, at) => {
                let (v, ty) = constant(init)
                    .ok_or((init.at(), "a flow variable starts at a literal value, e.g. 0B or 0ns".to_string()))?;
                let slot = index(self.code.flow_init.len(), "flow variables", *at)?;
                self.declare(name, Binding::Flow(slot, ty), *at)?;
                self.code.flow_init.push(v);
            }
            Stmt::Table(name, items, at) => {
                let mut values = Vec::new();
                let mut ty = None;
                for e in items {
                    let (v, t) = constant(e).ok_or((e.at(), "a table holds literal values".to_string()))?;
                    if ty.is_some_and(|ty| ty != t) {
                        return Err((
                            e.at(),
                            format!(
                                "a table's entries have one type: this is {}, the first {}",
                                t.name(),
                                ty.unwrap_or(t).name()
                            ),
                        ));
                    }
                    ty = Some(t);
                    values.push(v);
                }
                let slot = index(self.code.tables.len(), "tables", *at)?;
                self.declare(name, Binding::Table(slot, ty.unwrap_or(Ty::Num)), *at)?;
                self.code.tables.push(values);
            }
            Stmt::Let(name, e, at) => {
                let ty = self.expr(e)?;
                let slot = index(self.code.locals, "lets", *at)?;
                self.declare(name, Binding::Local(slot, ty), *at)?;
                self.code.locals += 1;
                self.emit(Op::SetLocal(slot));
            }
            Stmt::Set(name, e, at) => {
                let Some(Binding::Flow(slot, ty)) = self.lookup(name) else {
                    let what = match self.lookup(name) {
                        Some(_) => format!("\"{name}\" cannot change: only flow variables can"),
                        None => format!("\"{name}\" is not a flow variable (declare it: flow {name} = 0)"),
                    };
                    return Err((*at, what));
                };
                let got = self.expr(e)?;
                if got != ty {
                    return Err((e.at(), format!("\"{name}\" is {}; this is {}", ty.name(), got.name())));
                }
                self.emit(Op::SetFlow(slot));
            }
        }
        Ok(())
    }

    fn expr(&mut self, e: &Expr) -> Result<Ty, Error> {
        match e {
            Expr::Lit(l, _) => {
                let (v, t) = lit(l);
                self.emit(Op::Const(v));
                Ok(t)
            }
            Expr::Name(n, at) => self.name(n, *at),
            Expr::Neg(x, at) => {
                let t = self.expr(x)?;
                if t == Ty::Bool {
                    return Err((*at, "\"-\" needs a number or a quantity, not true/false".into()));
                }
                self.emit(Op::Neg);
                Ok(t)
            }
            Expr::Not(x, at) => {
                let t = self.expr(x)?;
                if t != Ty::Bool {
                    return Err((*at, format!("\"!\" needs true/false, not {}", t.name())));
                }
                self.emit(Op::Not);
                Ok(Ty::Bool)
            }
            Expr::Bin(op, a, b, at) => {
                let ta = self.expr(a)?;
                let tb = self.expr(b)?;
                let (t, code) = binary(*op, ta, tb).ok_or_else(|| (*at, mismatch(*op, ta, tb)))?;
                self.emit(code);
                Ok(t)
            }
            Expr::Call(f, args, at) => self.call(f, args, *at),
            Expr::Index(name, i, at) => {
                let Some(Binding::Table(slot, ty)) = self.lookup(name) else {
                    return Err((*at, format!("\"{name}\" is not a table")));
                };
                let ti = self.expr(i)?;
                if ti != Ty::Num {
                    return Err((i.at(), format!("a table's index is a number, not {}", ti.name())));
                }
                self.emit(Op::Table(slot));
                Ok(ty)
            }
            Expr::If(c, a, b, at) => {
                let tc = self.expr(c)?;
                if tc != Ty::Bool {
                    return Err((c.at(), format!("the condition must be true/false, not {}", tc.name())));
                }
                let jump_else = self.code.ops.len();
                self.emit(Op::JumpIfFalse(0));
                let ta = self.expr(a)?;
                let jump_end = self.code.ops.len();
                self.emit(Op::Jump(0));
                let else_at = index(self.code.ops.len(), "steps", *at)?;
                self.code.ops[jump_else] = Op::JumpIfFalse(else_at);
                let tb = self.expr(b)?;
                let end = index(self.code.ops.len(), "steps", *at)?;
                self.code.ops[jump_end] = Op::Jump(end);
                if ta != tb {
                    return Err((b.at(), format!("both branches must have one type: {} and {}", ta.name(), tb.name())));
                }
                Ok(ta)
            }
        }
    }

    fn name(&mut self, n: &str, at: usize) -> Result<Ty, Error> {
        match self.lookup(n) {
            Some(Binding::Local(l, t)) => {
                self.emit(Op::Local(l));
                return Ok(t);
            }
            Some(Binding::Flow(v, t)) => {
                self.emit(Op::Flow(v));
                return Ok(t);
            }
            Some(Binding::Table(..)) => return Err((at, format!("\"{n}\" is a table: write {n}[index]"))),
            None => {}
        }
        let Some(&(_, input, ty, _)) = INPUTS.iter().find(|(name, ..)| *name == n) else {
            return Err((at, format!("unknown name \"{n}\"")));
        };
        if self.target == Target::Slack && PORT_ONLY.contains(&input) {
            return Err((at, format!("\"{n}\" is a port's: a slack program runs at the ingress, before any port")));
        }
        if !self.inputs.contains(&input) {
            self.inputs.push(input);
        }
        self.emit(Op::Input(input));
        Ok(if input == Input::Vtime { self.vtime } else { ty })
    }

    fn call(&mut self, f: &str, args: &[Expr], at: usize) -> Result<Ty, Error> {
        let op = match f {
            "min" => Op::Min,
            "max" => Op::Max,
            "abs" => Op::Abs,
            _ => return Err((at, format!("unknown function \"{f}\" (there are min, max and abs)"))),
        };
        if op == Op::Abs && args.len() != 1 {
            return Err((at, "abs takes one argument".into()));
        }
        if op != Op::Abs && args.len() < 2 {
            return Err((at, format!("{f} takes two or more arguments")));
        }
        let mut ty = None;
        for (i, a) in args.iter().enumerate() {
            let t = self.expr(a)?;
            if t == Ty::Bool || ty.is_some_and(|ty| ty != t) {
                return Err((a.at(), format!("{f}'s arguments must be one kind of quantity: this is {}", t.name())));
            }
            ty = Some(t);
            if i > 0 || op == Op::Abs {
                self.emit(op);
            }
        }
        Ok(ty.unwrap_or(Ty::Num))
    }
}

fn mismatch(op: Op, a: Ty, b: Ty) -> String {
    let sym = super::syntax::LEVELS.iter().flat_map(|l| l.iter()).find(|(_, o)| *o == op).map_or("?", |(s, _)| *s);
    format!("cannot apply \"{sym}\" to {} and {}", a.name(), b.name())
}

/// The type and operation of `a op b`, if the units allow it.
fn binary(op: Op, a: Ty, b: Ty) -> Option<(Ty, Op)> {
    use Ty::*;
    let quantity = |t: Ty| t != Bool;
    Some(match op {
        Op::Add | Op::Sub if a == b && quantity(a) => (a, op),
        Op::Mul => match (a, b) {
            (Num, t) | (t, Num) if quantity(t) => (t, Op::Mul),
            (Rate, Time) | (Time, Rate) => (Size, Op::RateTimesTime),
            _ => return None,
        },
        Op::Div => match (a, b) {
            (t, Num) if quantity(t) => (t, Op::Div),
            (x, y) if x == y && quantity(x) => (Num, Op::Div),
            (Size, Rate) => (Time, Op::SizeOverRate),
            (Size, Time) => (Rate, Op::SizeOverTime),
            _ => return None,
        },
        Op::Rem if quantity(a) && (b == a || b == Num) => (a, Op::Rem),
        Op::Lt | Op::Le | Op::Gt | Op::Ge if a == b && quantity(a) => (Bool, op),
        Op::Eq | Op::Ne if a == b => (Bool, op),
        Op::And | Op::Or if a == Bool && b == Bool => (Bool, op),
        _ => return None,
    })
}
