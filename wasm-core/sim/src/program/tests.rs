use super::*;
use crate::packet::flags::{ACK, TCP};
use crate::packet::Packet;
use crate::time::Time;

fn env(pkt: &Packet, now: u64) -> Env<'_> {
    Env { now: Time(now), pkt, rate: 10_000_000_000, qlen: 0, qbytes: 0, vtime: 0, weight: 1000 }
}

fn err(src: &str, target: Target) -> String {
    Program::compile(src, target).unwrap_err().to_string()
}

#[test]
fn every_example_compiles_to_its_target() {
    for e in examples::EXAMPLES {
        let p = Program::compile(e.text, e.target).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        assert!(p.steps() > 0 && p.steps() <= MAX_STEPS, "{}", e.name);
    }
    // Ranks keep their unit: SRPT's is a size, FIFO's a time, STFQ's a number, class a number.
    let ty = |n: &str| Program::compile(examples::example(n).unwrap().text, Target::Rank).unwrap().ty();
    assert_eq!((ty("srpt"), ty("fifo"), ty("stfq"), ty("class")), (Ty::Size, Ty::Time, Ty::Num, Ty::Num));
}

#[test]
fn syntax_errors_name_line_and_column() {
    // Line 2, column 11: the "*" has no right operand.
    assert_eq!(err("let a = 1\nlet b = a *\nrank b", Target::Rank), "line 3, column 1: expected an expression");
    // A unit the language does not know: the literal's start, line 1 column 6.
    assert_eq!(
        err("rank 10xs", Target::Rank),
        "line 1, column 6: expected a whole number, or a number with a unit (ns us ms s, B KB MB, bps Kbps Mbps Gbps)"
    );
    // No result: the end of the text is where "rank" was expected.
    assert!(err("let a = 1\n", Target::Rank).starts_with("line 2, column 1: expected a statement, or the result"));
    // Trailing text after the result.
    assert!(err("rank size )", Target::Rank).starts_with("line 1, column 11: expected"));
}

#[test]
fn type_errors_name_the_units() {
    assert_eq!(err("rank size + now", Target::Rank), "line 1, column 11: cannot apply \"+\" to a size and a time");
    assert_eq!(err("# c\n  rank sise", Target::Rank), "line 2, column 8: unknown name \"sise\"");
    assert_eq!(err("slack size", Target::Slack), "line 1, column 7: the slack must be a time, not a size");
    assert_eq!(
        err("rank 1s", Target::Slack),
        "line 1, column 1: a slack program ends with \"slack <expression>\", not \"rank\""
    );
    assert_eq!(err("slack qlen * 1s", Target::Slack).split(':').nth(1).unwrap().trim(), "\"qlen\" is a port's");
    assert_eq!(
        err("let a = 1\na = 2\nrank a", Target::Rank),
        "line 2, column 1: \"a\" cannot change: only flow variables can"
    );
    assert_eq!(
        err("rank if tcp { 1B } else { 1ns }", Target::Rank),
        "line 1, column 27: both branches must have one type: a size and a time"
    );
    // A size over a rate is a time; a rate times a time a size.
    assert_eq!(Program::compile("rank size / 10Gbps", Target::Rank).unwrap().ty(), Ty::Time);
    assert_eq!(Program::compile("rank 10Gbps * 1us", Target::Rank).unwrap().ty(), Ty::Size);
}

#[test]
fn a_program_longer_than_the_step_limit_is_refused() {
    // Each "+ 1" is two operations: 1200 of them make 2401 steps, over the 2000 limit.
    let src = format!("rank 0{}", " + 1".repeat(1200));
    assert_eq!(
        err(&src, Target::Rank),
        "line 1, column 1: the program is too long: 2401 steps per packet, at most 2000"
    );
}

#[test]
fn arithmetic_by_hand() {
    let p = Packet::new(0, 3, 0, 1500, Time::ZERO).with_flow_size(u64::MAX).with_remaining(700);
    let run = |src: &str| {
        let prog = Program::compile(src, Target::Rank).unwrap();
        prog.eval(&mut Machine::default(), &env(&p, 2_000))
    };
    // 1500 B at 10 Gbps: 1.2 us. 1501 B: 1200.8 ns, rounded up to 1201.
    assert_eq!(run("rank size / 10Gbps"), 1200);
    assert_eq!(run("rank (size + 1B) / rate"), 1201);
    // An open-ended flow's size stays unbounded through - and /.
    assert_eq!(run("rank (flow_size - 1500B) / 2"), i64::MAX);
    // Integer division rounds toward zero; a division by zero is the largest value.
    assert_eq!(run("rank 7 / 2 + -7 / 2"), 0);
    assert_eq!(run("rank 5 / (3 - 3)"), i64::MAX);
    // Tables: index past the end is the last entry.
    assert_eq!(run("table t = [1ms, 2ms]\nrank t[flow]"), 2_000_000);
    assert_eq!(run("rank if remaining < 1KB && !tcp { 1 } else { 2 }"), 1);
    assert_eq!(run("rank min(now, 1us, 3ms) + max(1ns, abs(-4ns))"), 1_004);
}

#[test]
fn flow_state_is_per_flow_and_persists() {
    // LAS: each flow's attained bytes before this packet: flow 1 0, 1000; flow 2 0; flow 1 1500.
    let las = Program::compile(examples::example("las").unwrap().text, Target::Rank).unwrap();
    let mut m = Machine::default();
    let got: Vec<i64> = [(1, 1000), (1, 500), (2, 64), (1, 100)]
        .iter()
        .map(|&(flow, size)| las.eval(&mut m, &env(&Packet::new(0, flow, 0, size, Time::ZERO), 0)))
        .collect();
    assert_eq!(got, vec![0, 1000, 0, 1500]);
}

#[test]
fn srpt_segment_program_as_the_built_in_by_hand() {
    // The built-in's test case: 4000 B flow, segments at 0, 1380, 2760 -> 4000, 2620, 1240;
    // an ACK 0; a datagram its remaining (700).
    let p = Program::compile(examples::example("srpt_segment").unwrap().text, Target::Rank).unwrap();
    let mut m = Machine::default();
    let seg = |seq, flags| {
        Packet::new(0, 1, seq, 1500, Time::ZERO).with_flags(flags).with_flow_size(4000).with_remaining(4000)
    };
    let r: Vec<i64> = [(0, TCP), (1380, TCP), (2760, TCP), (2760, TCP | ACK)]
        .iter()
        .map(|&(s, f)| p.eval(&mut m, &env(&seg(s, f), 0)))
        .collect();
    assert_eq!(r, vec![4000, 2620, 1240, 0]);
    let datagram = Packet::new(5, 2, 7, 1500, Time::ZERO).with_flow_size(10_000).with_remaining(700);
    assert_eq!(p.eval(&mut m, &env(&datagram, 0)), 700);
}

#[test]
fn the_language_reference_names_every_input() {
    let doc = include_str!("../../../../docs/programs.md");
    for (name, ..) in INPUTS {
        assert!(doc.contains(&format!("`{name}`")), "docs/programs.md does not name `{name}`");
    }
}
