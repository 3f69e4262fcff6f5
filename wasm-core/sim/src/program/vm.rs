//! The compiled form and its evaluation: a flat list of stack operations run once per packet.
//! No operation jumps backwards, so a program runs at most its length in steps.
//!
//! Arithmetic is on 64-bit integers and saturates; i64::MAX stands for "unbounded" (an
//! open-ended flow's size) and stays so through +, -, * by a positive number and / by a
//! positive number. Division rounds toward zero, except a size over a rate (a transmission
//! time), which rounds up to the next nanosecond; a division by zero gives the largest value
//! of the dividend's sign (0 / 0 = 0), a remainder by zero 0.

use crate::packet::flags;
use crate::packet::Packet;
use crate::time::Time;

/// A value the program reads from the packet or the port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Size,
    Flow,
    Class,
    Source,
    FlowSize,
    Remaining,
    Offset,
    Created,
    Slack,
    Hops,
    Tcp,
    Ack,
    Retx,
    Now,
    Rate,
    Qlen,
    Qbytes,
    Vtime,
    Weight,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Const(i64),
    Input(Input),
    Local(u16),
    SetLocal(u16),
    Flow(u16),
    SetFlow(u16),
    /// Pops an index, pushes the table's entry (the last one past its end, the first below 0).
    Table(u16),
    Neg,
    Not,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// bytes * 8e9 / bps, rounded up: a transmission time in ns.
    SizeOverRate,
    /// bytes * 8e9 / ns: a rate in bps.
    SizeOverTime,
    /// bps * ns / 8e9: a size in bytes.
    RateTimesTime,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
    Min,
    Max,
    Abs,
    /// Jumps forward to the operation at this index when the popped value is false.
    JumpIfFalse(u16),
    Jump(u16),
}

/// What a program reads besides its own state: the packet and its port.
#[derive(Clone, Copy, Debug)]
pub struct Env<'a> {
    pub now: Time,
    pub pkt: &'a Packet,
    /// The port's link rate, bps (i64::MAX: infinite).
    pub rate: i64,
    pub qlen: i64,
    pub qbytes: i64,
    /// The rank of the packet dequeued last (0 before the first).
    pub vtime: i64,
    /// The packet's flow weight in thousandths.
    pub weight: i64,
}

fn sat(x: u64) -> i64 {
    x.min(i64::MAX as u64) as i64
}

fn sat128(x: i128) -> i64 {
    x.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

impl Env<'_> {
    fn read(&self, i: Input) -> i64 {
        let p = self.pkt;
        match i {
            Input::Size => p.size as i64,
            Input::Flow => p.flow as i64,
            Input::Class => p.class as i64,
            Input::Source => p.source as i64,
            Input::FlowSize => sat(p.flow_size()),
            Input::Remaining => sat(p.remaining()),
            Input::Offset => sat(p.seq),
            Input::Created => sat(p.created.as_ns()),
            Input::Slack => p.slack(),
            Input::Hops => p.hops as i64,
            Input::Tcp => (p.flags & flags::TCP != 0) as i64,
            Input::Ack => (p.flags & flags::ACK != 0) as i64,
            Input::Retx => (p.flags & flags::RETX != 0) as i64,
            Input::Now => sat(self.now.as_ns()),
            Input::Rate => self.rate,
            Input::Qlen => self.qlen,
            Input::Qbytes => self.qbytes,
            Input::Vtime => self.vtime,
            Input::Weight => self.weight,
        }
    }
}

pub fn add(a: i64, b: i64) -> i64 {
    if a == i64::MAX || b == i64::MAX {
        i64::MAX
    } else {
        a.saturating_add(b)
    }
}

pub fn sub(a: i64, b: i64) -> i64 {
    if a == i64::MAX {
        i64::MAX
    } else {
        a.saturating_sub(b)
    }
}

pub fn mul(a: i64, b: i64) -> i64 {
    if (a == i64::MAX && b > 0) || (b == i64::MAX && a > 0) {
        i64::MAX
    } else {
        a.saturating_mul(b)
    }
}

pub fn div(a: i64, b: i64) -> i64 {
    match (a, b) {
        (0, 0) => 0,
        (a, 0) => {
            if a > 0 {
                i64::MAX
            } else {
                i64::MIN
            }
        }
        (i64::MAX, b) if b > 0 => i64::MAX,
        (a, b) => a.checked_div(b).unwrap_or(i64::MAX),
    }
}

fn size_over_rate(bytes: i64, bps: i64) -> i64 {
    if bytes == i64::MAX || bps <= 0 {
        return if bytes > 0 { i64::MAX } else { 0 };
    }
    if bps == i64::MAX {
        return 0;
    }
    let num = bytes as i128 * 8_000_000_000;
    sat128(num.div_euclid(bps as i128) + (num.rem_euclid(bps as i128) != 0) as i128)
}

fn size_over_time(bytes: i64, ns: i64) -> i64 {
    if bytes == i64::MAX || ns <= 0 {
        if bytes > 0 {
            i64::MAX
        } else {
            0
        }
    } else {
        sat128(bytes as i128 * 8_000_000_000 / ns as i128)
    }
}

fn rate_times_time(bps: i64, ns: i64) -> i64 {
    if (bps == i64::MAX && ns > 0) || (ns == i64::MAX && bps > 0) {
        i64::MAX
    } else {
        sat128(bps as i128 * ns as i128 / 8_000_000_000)
    }
}

/// A compiled program: its operations, the initial values of its per-flow variables, its
/// tables and the number of its locals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    pub ops: Vec<Op>,
    pub flow_init: Vec<i64>,
    pub tables: Vec<Vec<i64>>,
    pub locals: usize,
}

/// A program's run-time state: its per-flow variables and its scratch space.
#[derive(Clone, Debug, Default)]
pub struct Machine {
    /// Flow f's variables at [f * n, (f + 1) * n), n = flow_init.len().
    flows: Vec<i64>,
    stack: Vec<i64>,
    locals: Vec<i64>,
}

impl Machine {
    /// The value of the program for one packet (its per-flow updates applied).
    pub fn run(&mut self, code: &Code, env: &Env<'_>) -> i64 {
        let n = code.flow_init.len();
        let base = env.pkt.flow as usize * n;
        if n > 0 && self.flows.len() < base + n {
            let flows = self.flows.len() / n;
            for _ in flows..=env.pkt.flow as usize {
                self.flows.extend_from_slice(&code.flow_init);
            }
        }
        self.locals.resize(code.locals, 0);
        let stack = &mut self.stack;
        stack.clear();
        let mut pc = 0;
        while let Some(&op) = code.ops.get(pc) {
            pc += 1;
            match op {
                Op::Const(v) => stack.push(v),
                Op::Input(i) => stack.push(env.read(i)),
                Op::Local(l) => stack.push(self.locals[l as usize]),
                Op::SetLocal(l) => self.locals[l as usize] = stack.pop().unwrap_or(0),
                Op::Flow(v) => stack.push(self.flows[base + v as usize]),
                Op::SetFlow(v) => self.flows[base + v as usize] = stack.pop().unwrap_or(0),
                Op::Table(t) => {
                    let table = &code.tables[t as usize];
                    let i = stack.pop().unwrap_or(0).clamp(0, table.len() as i64 - 1);
                    stack.push(table[i as usize]);
                }
                Op::Neg => {
                    let a = stack.pop().unwrap_or(0);
                    stack.push(a.saturating_neg());
                }
                Op::Not => {
                    let a = stack.pop().unwrap_or(0);
                    stack.push((a == 0) as i64);
                }
                Op::Abs => {
                    let a = stack.pop().unwrap_or(0);
                    stack.push(a.saturating_abs());
                }
                Op::JumpIfFalse(to) => {
                    if stack.pop().unwrap_or(0) == 0 {
                        pc = to as usize;
                    }
                }
                Op::Jump(to) => pc = to as usize,
                _ => {
                    let b = stack.pop().unwrap_or(0);
                    let a = stack.pop().unwrap_or(0);
                    stack.push(binary(op, a, b));
                }
            }
        }
        stack.pop().unwrap_or(0)
    }
}

fn binary(op: Op, a: i64, b: i64) -> i64 {
    match op {
        Op::Add => add(a, b),
        Op::Sub => sub(a, b),
        Op::Mul => mul(a, b),
        Op::Div => div(a, b),
        Op::Rem => a.checked_rem(b).unwrap_or(0),
        Op::SizeOverRate => size_over_rate(a, b),
        Op::SizeOverTime => size_over_time(a, b),
        Op::RateTimesTime => rate_times_time(a, b),
        Op::Lt => (a < b) as i64,
        Op::Le => (a <= b) as i64,
        Op::Gt => (a > b) as i64,
        Op::Ge => (a >= b) as i64,
        Op::Eq => (a == b) as i64,
        Op::Ne => (a != b) as i64,
        Op::And => (a != 0 && b != 0) as i64,
        Op::Or => (a != 0 || b != 0) as i64,
        Op::Min => a.min(b),
        Op::Max => a.max(b),
        _ => unreachable!("not a binary operation: {op:?}"),
    }
}
