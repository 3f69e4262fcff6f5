//! DCTCP's congestion estimate (Alizadeh et al., "Data Center TCP", SIGCOMM'10, Sec. 3.1;
//! RFC 8257 Sec. 3.3), used by the NewReno sender in place of RFC 3168's halving.
//!
//! Principles:
//! - Over each observation window (about one RTT: until SND.UNA passes the SND.NXT recorded
//!   at the window's start) count the bytes acknowledged and those acknowledged by ACKs
//!   carrying ECE; at the window's end F = marked / acked and alpha = (1 - g) alpha + g F.
//! - alpha starts at 1 (RFC 8257 Sec. 3.3, as Linux), so the first mark halves like Reno.
//! - On ECE, at most once per window (the sender enforces that as RFC 3168 does):
//!   cwnd = cwnd (1 - alpha / 2), never below two segments.
//! - The receiver echoes CE per packet (it ACKs every packet), so marked bytes are exact.
//!
//! Invariant: 0 <= alpha <= 1. alpha is an f64 updated with `+ - * /` only, which are
//! bit-identical natively and in WebAssembly.

/// DCTCP's EWMA gain g (the paper's and RFC 8257's recommended 1/16).
pub const G: f64 = 1.0 / 16.0;

#[derive(Clone, Debug)]
pub struct Dctcp {
    alpha: f64,
    g: f64,
    window_end: u64,
    acked: u64,
    marked: u64,
}

impl Default for Dctcp {
    fn default() -> Dctcp {
        Dctcp { alpha: 1.0, g: G, window_end: 0, acked: 0, marked: 0 }
    }
}

impl Dctcp {
    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// RFC 8257 Sec. 3.3 steps 1-8, for an ACK of `acked` new bytes; `snd_una` after the ACK
    /// and `snd_nxt` as they stand.
    pub fn on_ack(&mut self, acked: u64, ece: bool, snd_una: u64, snd_nxt: u64) {
        self.acked += acked;
        if ece {
            self.marked += acked;
        }
        if snd_una <= self.window_end {
            return;
        }
        if self.acked > 0 {
            let f = self.marked as f64 / self.acked as f64;
            self.alpha = (1.0 - self.g) * self.alpha + self.g * f;
        }
        self.window_end = snd_nxt;
        self.acked = 0;
        self.marked = 0;
    }

    /// The window after a congestion signal: cwnd (1 - alpha / 2), at least `floor` bytes.
    pub fn cut(&self, cwnd: u64, floor: u64) -> u64 {
        ((cwnd as f64 * (1.0 - self.alpha / 2.0)) as u64).max(floor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alpha_is_an_ewma_of_the_marked_fraction_per_window() {
        let mut d = Dctcp::default();
        // alpha starts at 1: the first cut halves, 20 -> 10 segments (of 1000 B).
        assert_eq!(d.cut(20_000, 2000), 10_000);
        // Window 1 ends at the first ACK past 0: 4000 B acked, none marked, F = 0:
        // alpha = 15/16 * 1 + 1/16 * 0 = 0.9375. The next window ends past 10 000.
        d.on_ack(4000, false, 4000, 10_000);
        assert_eq!(d.alpha(), 0.9375);
        // Window 2: 6001 B acked, 3000 B of them marked, closed by SND.UNA = 10 001 > 10 000:
        // F = 3000 / 6001, alpha = 15/16 * 0.9375 + F / 16 (about 0.9101).
        d.on_ack(3000, true, 7000, 12_000);
        assert_eq!(d.alpha(), 0.9375, "the window is still open");
        d.on_ack(3001, false, 10_001, 14_000);
        assert_eq!(d.alpha(), 0.9375 * 15.0 / 16.0 + (3000.0 / 6001.0) / 16.0);
        // A cut with alpha = 0.5 takes a quarter off: 40 000 -> 30 000.
        let half = Dctcp { alpha: 0.5, ..Dctcp::default() };
        assert_eq!(half.cut(40_000, 2000), 30_000);
        // The floor holds.
        assert_eq!(d.cut(2500, 2000), 2000);
    }
}
