//! Flow lists: the lines of a workload file as the UPS authors' scripts read them
//! (`sim-udp-base.tcl`, `create-sources-sinks`): start in seconds, size in bytes, source,
//! destination. Start times are read as decimals to the nanosecond (no binary rounding), so
//! the same file gives the same instants here as in ns-2 up to its double's last bits.

use crate::time::Time;

/// A listed flow's packet size unless the source gives one: the authors' `-pktsize 1460`.
pub const FLOW_LIST_PACKET: u32 = 1460;

/// One listed flow, its ends as node ids of the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub start: Time,
    pub size: u64,
    pub src: String,
    pub dst: String,
}

/// A decimal number of seconds (`0.0015`, `2`, `1e-3` is not accepted) to nanoseconds,
/// exactly when it has at most nine decimals, else rounded down to the nanosecond.
fn seconds(s: &str) -> Option<Time> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) {
        return None;
    }
    let whole: u64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let mut ns = 0u64;
    for (k, b) in frac.bytes().take(9).enumerate() {
        ns += u64::from(b - b'0') * 10u64.pow(8 - k as u32);
    }
    whole.checked_mul(1_000_000_000)?.checked_add(ns).map(Time)
}

/// The flows of `text`, in line order; `nodes` names the nodes the numbers stand for. Errors
/// name the line (from 1) and the field.
pub fn parse(text: &str, nodes: Option<&[String]>) -> Result<Vec<Line>, String> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("line {}: {what}", k + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [start, size, src, dst] = fields[..] else {
            return Err(at(format!(
                "expected 4 fields (start in seconds, size in bytes, source, destination), found {}",
                fields.len()
            )));
        };
        let start = seconds(start).ok_or_else(|| at(format!("start \"{start}\" is not a number of seconds")))?;
        let size = match size.parse::<u64>() {
            Ok(0) => return Err(at("size must be at least 1 byte".into())),
            Ok(b) => b,
            Err(_) => return Err(at(format!("size \"{size}\" is not a whole number of bytes"))),
        };
        let node = |field: &str, v: &str| -> Result<String, String> {
            match nodes {
                None => Ok(v.to_string()),
                Some(names) => v
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| names.get(n).cloned())
                    .ok_or_else(|| at(format!("{field} \"{v}\" is not a number below {} (nodes)", names.len()))),
            }
        };
        let (src, dst) = (node("source", src)?, node("destination", dst)?);
        if src == dst {
            return Err(at(format!("the destination is the source (\"{src}\")")));
        }
        out.push(Line { start, size, src, dst });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_authors_lines() {
        // workload-fq-5ms.txt's first lines: 0.001 s, 20 packets of 1460 B, 20 -> 11; nodes
        // numbered 0..=30.
        let names: Vec<String> = (0..31).map(|n| format!("n{n}")).collect();
        let got = parse("0.001 29200000 20 11\n\n# note\n0.0015 1460 30 12\n", Some(&names)).unwrap();
        assert_eq!(
            got,
            vec![
                Line { start: Time(1_000_000), size: 29_200_000, src: "n20".into(), dst: "n11".into() },
                Line { start: Time(1_500_000), size: 1460, src: "n30".into(), dst: "n12".into() },
            ]
        );
        // Decimals to the nanosecond: 0.1 s is 100 000 000 ns exactly, 2 s and .5 s too.
        assert_eq!(seconds("0.1"), Some(Time(100_000_000)));
        assert_eq!(seconds("2"), Some(Time(2_000_000_000)));
        assert_eq!(seconds(".5"), Some(Time(500_000_000)));
        assert_eq!(seconds("0.0000000019"), Some(Time(1)));
        // Names when no numbering is given.
        assert_eq!(parse("0 100 a b", None).unwrap()[0].dst, "b");
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let names: Vec<String> = (0..3).map(|n| format!("n{n}")).collect();
        let err = |t: &str| parse(t, Some(&names)).unwrap_err();
        assert_eq!(err("0 1460 0 1\n0.1 x 0 1"), "line 2: size \"x\" is not a whole number of bytes");
        assert_eq!(err("1e-3 1460 0 1"), "line 1: start \"1e-3\" is not a number of seconds");
        assert_eq!(
            err("0 1460 0"),
            "line 1: expected 4 fields (start in seconds, size in bytes, source, destination), found 3"
        );
        assert_eq!(err("0 1460 0 7"), "line 1: destination \"7\" is not a number below 3 (nodes)");
        assert_eq!(err("0 0 0 1"), "line 1: size must be at least 1 byte");
        assert_eq!(err("0 10 2 2"), "line 1: the destination is the source (\"n2\")");
    }
}
