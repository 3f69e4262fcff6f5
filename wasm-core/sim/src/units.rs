//! Quantities with units, as written in scenario files, parsed exactly into integers.
//!
//! Grammar: a decimal number, then a unit. `b` is a bit and `B` a byte (case-sensitive);
//! `K`, `M`, `G`, `T` are powers of 1000 and `Ki`, `Mi`, `Gi`, `Ti` powers of 1024.
//! Times: `ns`, `us` (or `µs`), `ms`, `s`. Rates: a size per second (`10Gbps`, `1.5MBps`) or
//! `inf`. Sizes: `1500B`, `128KB`, `64KiB`, `12000b`; buffers also `100pkt` or `unlimited`.
//! A value that is not a whole number of nanoseconds, bits per second or bytes is refused,
//! never rounded silently.

use crate::time::{Bandwidth, Time};

/// The largest time a scenario may write: 10^9 s (about 31.7 years; a slack offset of 10^9 s
/// is how a tenant's priority is written). Below i64::MAX, so a slack made of one never wraps,
/// and a sum of eighteen of them fits in u64; longer sums saturate (`Time`'s `+`).
pub const MAX_TIME: Time = Time(1_000_000_000_000_000_000);
/// The largest size: 10^15 B (1000 TB).
pub const MAX_BYTES: u64 = 1_000_000_000_000_000;
/// The largest rate: 10^15 bit/s (1000 Tbps).
pub const MAX_BPS: u64 = 1_000_000_000_000_000;

/// Regular expressions of the unit strings, for JSON Schemas.
pub mod patterns {
    pub const TIME: &str = "^(0|[0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s))$";
    pub const RATE: &str = "^(inf|infinite|[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|K|k|M|G|T)?(bps|Bps))$";
    pub const SIZE: &str = "^[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|K|k|M|G|T)?[bB]$";
    pub const BUFFER: &str = "^(unlimited|[0-9]+pkt|[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|K|k|M|G|T)?[bB])$";
}

/// A decimal number held exactly as `mantissa / 10^scale`.
struct Decimal {
    mantissa: u128,
    scale: u32,
}

fn split_number(s: &str) -> Result<(Decimal, &str), String> {
    let s = s.trim();
    let end = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (num, unit) = s.split_at(end);
    if num.is_empty() {
        return Err("expected a number followed by a unit".into());
    }
    let (int_part, frac_part) = match num.split_once('.') {
        Some((i, f)) => (i, f),
        None => (num, ""),
    };
    if int_part.is_empty() || frac_part.contains('.') || (num.contains('.') && frac_part.is_empty()) {
        return Err(format!("\"{num}\" is not a decimal number"));
    }
    if int_part.len() + frac_part.len() > 30 {
        return Err(format!("\"{num}\" has too many digits"));
    }
    let digits: String = format!("{int_part}{frac_part}");
    let mantissa: u128 = digits.parse().map_err(|_| format!("\"{num}\" is not a decimal number"))?;
    Ok((Decimal { mantissa, scale: frac_part.len() as u32 }, unit.trim()))
}

/// `d * multiplier`, required to be a whole number that fits in u64.
fn exact(d: &Decimal, multiplier: u128, what: &str) -> Result<u64, String> {
    let num = d.mantissa.checked_mul(multiplier).ok_or_else(|| format!("{what} is too large"))?;
    let den = 10u128.pow(d.scale);
    if num % den != 0 {
        return Err(format!("{what} is not a whole number"));
    }
    u64::try_from(num / den).map_err(|_| format!("{what} is too large"))
}

/// Splits a decimal/binary prefix off a unit: ("Ki", rest) -> 1024, ("M", rest) -> 10^6.
fn prefix(unit: &str) -> (u128, &str) {
    for (p, m) in [
        ("Ki", 1u128 << 10),
        ("Mi", 1 << 20),
        ("Gi", 1 << 30),
        ("Ti", 1 << 40),
        ("K", 1_000),
        ("k", 1_000),
        ("M", 1_000_000),
        ("G", 1_000_000_000),
        ("T", 1_000_000_000_000),
    ] {
        if let Some(rest) = unit.strip_prefix(p) {
            if rest == "b" || rest == "B" || rest == "bps" || rest == "Bps" {
                return (m, rest);
            }
        }
    }
    (1, unit)
}

/// A time such as `2ms`, `20ns`, `1.5us`, `0`.
pub fn parse_time(s: &str) -> Result<Time, String> {
    let (d, unit) = split_number(s)?;
    let mult: u128 = match unit {
        "ns" => 1,
        "us" | "µs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "" if d.mantissa == 0 => 1,
        "" => return Err("a time needs a unit: ns, us, ms or s".into()),
        other => return Err(format!("unknown time unit \"{other}\" (use ns, us, ms or s)")),
    };
    let ns = exact(&d, mult, "the time in nanoseconds")?;
    if ns > MAX_TIME.as_ns() {
        return Err("must be at most 1000000000s".into());
    }
    Ok(Time(ns))
}

/// A rate such as `10Gbps`, `1.5Mbps`, `125MBps` or `inf` (no transmission delay).
pub fn parse_bandwidth(s: &str) -> Result<Bandwidth, String> {
    let t = s.trim();
    if t == "inf" || t == "infinite" {
        return Ok(Bandwidth::Infinite);
    }
    let (d, unit) = split_number(t)?;
    let (m, base) = prefix(unit);
    let per_bit = match base {
        "bps" => 1,
        "Bps" => 8,
        _ => {
            return Err(format!(
                "unknown rate unit \"{unit}\" (use bps, Kbps, Mbps, Gbps, or Bps with a prefix; or inf)"
            ))
        }
    };
    let bps = exact(&d, m * per_bit, "the rate in bits per second")?;
    if bps == 0 {
        return Err("a rate must be greater than zero".into());
    }
    if bps > MAX_BPS {
        return Err("must be at most 1000Tbps (or inf)".into());
    }
    Ok(Bandwidth::BitsPerSec(bps))
}

/// A size in bytes such as `1500B`, `128KB`, `64KiB` or `12000b` (whole bytes only).
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let bytes = parse_bytes_unbounded(s)?;
    if bytes > MAX_BYTES {
        return Err("must be at most 1000TB".into());
    }
    Ok(bytes)
}

fn parse_bytes_unbounded(s: &str) -> Result<u64, String> {
    let (d, unit) = split_number(s)?;
    let (m, base) = prefix(unit);
    match base {
        "B" => exact(&d, m, "the size in bytes"),
        "b" => {
            let bits = exact(&d, m, "the size in bits")?;
            if bits % 8 != 0 {
                return Err(format!("{bits} bits is not a whole number of bytes"));
            }
            Ok(bits / 8)
        }
        _ => Err(format!("unknown size unit \"{unit}\" (use B, KB, MB, KiB, MiB or b)")),
    }
}

/// A buffer limit: bytes (`128KB`), packets (`100pkt`) or `unlimited`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffer {
    Bytes(u64),
    Packets(u64),
    Unlimited,
}

impl Buffer {
    /// Whether a queue holding `packets` / `bytes` can also hold one more packet of `size` bytes.
    pub fn fits(self, packets: usize, bytes: u64, size: u64) -> bool {
        match self {
            Buffer::Bytes(cap) => bytes + size <= cap,
            Buffer::Packets(cap) => (packets as u64) < cap,
            Buffer::Unlimited => true,
        }
    }

    pub fn bytes(self) -> Option<u64> {
        match self {
            Buffer::Bytes(b) => Some(b),
            _ => None,
        }
    }
}

pub fn parse_buffer(s: &str) -> Result<Buffer, String> {
    let t = s.trim();
    if t == "unlimited" {
        return Ok(Buffer::Unlimited);
    }
    if let Some(n) = t.strip_suffix("pkt") {
        let (d, rest) = split_number(n)?;
        if !rest.is_empty() {
            return Err(format!("\"{t}\" is not a packet count such as 100pkt"));
        }
        let n = exact(&d, 1, "the packet count")?;
        if n > MAX_BYTES {
            return Err("must be at most 1000000000000000pkt".into());
        }
        return Ok(Buffer::Packets(n));
    }
    parse_bytes(t).map(Buffer::Bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(parse_time("2ms"), Ok(Time(2_000_000)));
        assert_eq!(parse_time("20ns"), Ok(Time(20)));
        assert_eq!(parse_time("1.5us"), Ok(Time(1_500)));
        assert_eq!(parse_time("0"), Ok(Time(0)));
        assert_eq!(parse_time("3s"), Ok(Time(3_000_000_000)));
        assert!(parse_time("0.1ns").unwrap_err().contains("whole"));
        assert!(parse_time("5").unwrap_err().contains("unit"));
        assert!(parse_time("5 parsecs").unwrap_err().contains("parsecs"));
        assert!(parse_time("-1ms").is_err());
        assert!(parse_time("NaNms").is_err());
        assert!(parse_time("1..2ms").is_err());
    }

    #[test]
    fn rates() {
        assert_eq!(parse_bandwidth("10Gbps"), Ok(Bandwidth::BitsPerSec(10_000_000_000)));
        assert_eq!(parse_bandwidth("1.5Mbps"), Ok(Bandwidth::BitsPerSec(1_500_000)));
        assert_eq!(parse_bandwidth("1MBps"), Ok(Bandwidth::BitsPerSec(8_000_000)));
        assert_eq!(parse_bandwidth("1Kibps"), Ok(Bandwidth::BitsPerSec(1024)));
        assert_eq!(parse_bandwidth("inf"), Ok(Bandwidth::Infinite));
        assert!(parse_bandwidth("0bps").is_err());
        assert!(parse_bandwidth("fast").is_err());
        assert!(parse_bandwidth("10Gpbs").unwrap_err().contains("Gpbs"));
    }

    #[test]
    fn sizes_and_buffers() {
        assert_eq!(parse_bytes("1500B"), Ok(1500));
        assert_eq!(parse_bytes("128KB"), Ok(128_000));
        assert_eq!(parse_bytes("64KiB"), Ok(65_536));
        assert_eq!(parse_bytes("12000b"), Ok(1500));
        assert_eq!(parse_bytes("16b"), Ok(2));
        assert!(parse_bytes("13b").unwrap_err().contains("bytes"));
        assert_eq!(parse_buffer("100pkt"), Ok(Buffer::Packets(100)));
        assert_eq!(parse_buffer("unlimited"), Ok(Buffer::Unlimited));
        assert_eq!(parse_buffer("15KB"), Ok(Buffer::Bytes(15_000)));
    }

    #[test]
    fn buffer_fits() {
        assert!(Buffer::Bytes(3000).fits(1, 1500, 1500));
        assert!(!Buffer::Bytes(3000).fits(2, 1501, 1500));
        assert!(Buffer::Packets(2).fits(1, 0, 9000));
        assert!(!Buffer::Packets(2).fits(2, 0, 1));
    }
}

/// Exact unit strings, the inverse of the parsers: the largest unit that divides exactly.
pub mod format {
    use crate::time::{Bandwidth, Time};

    /// The largest time a scenario may write: 10^9 s (about 31.7 years; a slack offset of 10^9 s
    /// is how a tenant's priority is written). Below i64::MAX, so a slack made of one never wraps,
    /// and a sum of eighteen of them fits in u64; longer sums saturate (`Time`'s `+`).
    pub const MAX_TIME: Time = Time(1_000_000_000_000_000_000);
    /// The largest size: 10^15 B (1000 TB).
    pub const MAX_BYTES: u64 = 1_000_000_000_000_000;
    /// The largest rate: 10^15 bit/s (1000 Tbps).
    pub const MAX_BPS: u64 = 1_000_000_000_000_000;
    use crate::units::Buffer;

    fn exact(v: u64, units: &[(u64, &str)]) -> String {
        for &(m, u) in units {
            if v >= m && v.is_multiple_of(m) {
                return format!("{}{u}", v / m);
            }
        }
        format!("{v}{}", units.last().map_or("", |u| u.1))
    }

    pub fn time(t: Time) -> String {
        if t == Time::ZERO {
            return "0".into();
        }
        exact(t.as_ns(), &[(1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "us"), (1, "ns")])
    }

    pub fn bandwidth(b: Bandwidth) -> String {
        match b {
            Bandwidth::Infinite => "inf".into(),
            Bandwidth::BitsPerSec(bps) => exact(
                bps,
                &[
                    (1_000_000_000_000, "Tbps"),
                    (1_000_000_000, "Gbps"),
                    (1_000_000, "Mbps"),
                    (1_000, "Kbps"),
                    (1, "bps"),
                ],
            ),
        }
    }

    pub fn bytes(n: u64) -> String {
        let units = [
            (1_000_000_000, "GB"),
            (1 << 30, "GiB"),
            (1_000_000, "MB"),
            (1 << 20, "MiB"),
            (1_000, "KB"),
            (1 << 10, "KiB"),
            (1, "B"),
        ];
        exact(n, &units)
    }

    pub fn buffer(b: Buffer) -> String {
        match b {
            Buffer::Bytes(n) => bytes(n),
            Buffer::Packets(n) => format!("{n}pkt"),
            Buffer::Unlimited => "unlimited".into(),
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::units::{parse_bandwidth, parse_buffer, parse_time};

        #[test]
        fn formats_round_trip() {
            for s in ["0", "10ms", "1500ns", "3s", "1us"] {
                assert_eq!(time(parse_time(s).unwrap()), s);
            }
            for s in ["10Gbps", "5556Mbps", "1500bps", "inf", "1Kbps"] {
                assert_eq!(bandwidth(parse_bandwidth(s).unwrap()), s);
            }
            for s in ["64KiB", "128KB", "1500B", "100pkt", "unlimited", "1MB"] {
                assert_eq!(buffer(parse_buffer(s).unwrap()), s);
            }
        }
    }
}
