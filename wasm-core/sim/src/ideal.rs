//! The ideal flow completion time: the flow alone on an empty network. Packets are created
//! paced at the source's rate; each hop is store-and-forward: a packet starts on hop i when it
//! has fully arrived and the previous packet has left, takes ceil(size * 8 / C_i) to send and
//! `delay_i` to propagate. No transport effects. The value is the arrival time of the last
//! bit of the last packet, relative to the flow's start; it is what the engine itself would
//! produce on an empty network, computed exactly in integers.

use crate::time::{Bandwidth, Time};

/// `hops`: (bandwidth, propagation delay) of each link on the path, in order.
pub fn ideal_fct(size: u64, packet_size: u32, rate_bps: u64, hops: &[(Bandwidth, Time)]) -> Time {
    let n = size.div_ceil(packet_size as u64);
    let bits_ns = packet_size as u128 * 8 * 1_000_000_000;
    let mut free = vec![Time::ZERO; hops.len()];
    let mut arrival = Time::ZERO;
    for k in 0..n {
        let psize = if k + 1 == n { size - k * packet_size as u64 } else { packet_size as u64 };
        let mut ready = Time((k as u128 * bits_ns / rate_bps as u128) as u64);
        for (i, &(bw, delay)) in hops.iter().enumerate() {
            let start = ready.max(free[i]);
            let done = start + bw.tx_time(psize);
            free[i] = done;
            ready = done + delay;
        }
        arrival = ready;
    }
    arrival
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_packet_one_hop() {
        // 1500 B on 1 Gbps with 1 us: 12 us + 1 us.
        let g = Bandwidth::BitsPerSec(1_000_000_000);
        assert_eq!(ideal_fct(1500, 1500, 1_000_000_000, &[(g, Time::us(1))]), Time(13_000));
    }

    #[test]
    fn pipelining_over_a_slower_second_hop() {
        // 3000 B = two 1500 B packets paced at 1 Gbps over 1 Gbps then 100 Mbps, no delay.
        // Hop 1: packet 0 leaves at 12 us, packet 1 at 24 us. Hop 2 (120 us per packet):
        // packet 0 12..132 us, packet 1 starts at max(24, 132) = 132, done 252 us.
        let g = Bandwidth::BitsPerSec(1_000_000_000);
        let m = Bandwidth::BitsPerSec(100_000_000);
        assert_eq!(ideal_fct(3000, 1500, 1_000_000_000, &[(g, Time::ZERO), (m, Time::ZERO)]), Time(252_000));
    }
}
