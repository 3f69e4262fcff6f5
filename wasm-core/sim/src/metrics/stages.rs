//! Per-stage metrics from the trace: for each service stage (a middlebox's CPU) its queue,
//! waits and busy time, and, over the run's time windows, the utilisation of the stage and
//! of the link stage after it (the ports of the stage's node), its longest queue, and each
//! flow's time on each resource (so its dominant share per window, MR-tradeoff Fig. 4).

use std::collections::BTreeMap;

use crate::trace::{Kind, TraceEvent};
use crate::verdicts::DropReason;

#[derive(Clone, Debug, Default)]
pub struct StageMetrics {
    pub enqueued: u64,
    pub started: u64,
    pub done: u64,
    pub dropped: u64,
    /// Drops by reason (`DropReason` code).
    pub dropped_by: [u64; DropReason::COUNT],
    pub queued: u64,
    pub max_queued: u64,
    pub wait_sum_ns: u128,
    pub max_wait_ns: u64,
    pub busy_ns: u128,
    in_service_since: Option<u64>,
    /// The ports after the stage (the node's output ports: the link stage).
    pub link_ports: Vec<u32>,
    pub link_busy_ns: u128,
    /// Per window: CPU busy ns, link busy ns, the longest queue.
    pub busy_bins: Vec<u64>,
    pub link_bins: Vec<u64>,
    pub queue_bins: Vec<u64>,
    /// Per flow, per window: ns on the CPU and on the link.
    pub flow_cpu: BTreeMap<u32, Vec<u64>>,
    pub flow_link: BTreeMap<u32, Vec<u64>>,
    /// The first arrival at the stage and the last packet's departure from the link stage:
    /// the makespan of the traffic through the middlebox (MR-tradeoff Sec. 2.2).
    pub first_arrival_ns: Option<u64>,
    pub last_departure_ns: Option<u64>,
}

#[derive(Clone, Debug, Default)]
pub struct Stages {
    pub stages: Vec<StageMetrics>,
    /// The stage whose link stage each port is (u32::MAX: none).
    port_stage: Vec<u32>,
    /// Per port (as u64: the map type of the burst metrics, one BTreeMap instantiation fewer
    /// in the wasm module): the packet in transmission and since when (link ports only).
    sending: BTreeMap<u64, u64>,
    bin_ns: u64,
    bins: usize,
}

/// Adds the interval [from, to) to per-window totals.
fn spread(bins: &mut [u64], bin_ns: u64, from: u64, to: u64) {
    let mut t = from;
    while t < to {
        let b = ((t / bin_ns) as usize).min(bins.len() - 1);
        let end = if b == bins.len() - 1 { to } else { ((b as u64 + 1) * bin_ns).min(to) };
        bins[b] += end - t;
        t = end;
    }
}

impl Stages {
    /// One stage per entry of `link_ports` (its node's ports), over `ports` ports in all.
    pub fn new(ports: usize, link_ports: Vec<Vec<u32>>, bin_ns: u64, bins: usize) -> Stages {
        let mut port_stage = vec![u32::MAX; ports];
        for (s, ps) in link_ports.iter().enumerate() {
            for &p in ps {
                port_stage[p as usize] = s as u32;
            }
        }
        let stages = link_ports
            .into_iter()
            .map(|link_ports| StageMetrics {
                link_ports,
                busy_bins: vec![0; bins],
                link_bins: vec![0; bins],
                queue_bins: vec![0; bins],
                ..StageMetrics::default()
            })
            .collect();
        Stages { stages, port_stage, sending: BTreeMap::new(), bin_ns, bins }
    }

    pub fn is_empty(&self) -> bool {
        self.stages.is_empty()
    }

    fn bin(&self, t: u64) -> usize {
        ((t / self.bin_ns) as usize).min(self.bins - 1)
    }

    /// A stage event (`loc` = the stage).
    pub fn observe(&mut self, e: &TraceEvent) {
        if self.stages.len() <= e.loc as usize {
            return; // a run that does not measure its stages (a replay's)
        }
        let (t, b, bins, bin_ns) = (e.time.as_ns(), self.bin(e.time.as_ns()), self.bins, self.bin_ns);
        let s = &mut self.stages[e.loc as usize];
        match e.kind {
            Kind::StageEnqueue => {
                s.first_arrival_ns.get_or_insert(t);
                s.enqueued += 1;
                s.queued += 1;
                s.max_queued = s.max_queued.max(s.queued);
                s.queue_bins[b] = s.queue_bins[b].max(s.queued);
            }
            Kind::StageStart => {
                s.started += 1;
                s.queued -= 1;
                s.wait_sum_ns += e.value as u128;
                s.max_wait_ns = s.max_wait_ns.max(e.value as u64);
                s.in_service_since = Some(t);
            }
            Kind::StageDone => {
                s.done += 1;
                if let Some(from) = s.in_service_since.take() {
                    s.busy_ns += (t - from) as u128;
                    spread(&mut s.busy_bins, bin_ns, from, t);
                    let f = s.flow_cpu.entry(e.flow).or_insert_with(|| vec![0; bins]);
                    spread(f, bin_ns, from, t);
                }
            }
            Kind::StageDrop => {
                s.dropped += 1;
                if let Some(r) = s.dropped_by.get_mut((e.value & 0xff) as usize) {
                    *r += 1;
                }
                if e.value >> 8 == 1 {
                    s.queued -= 1;
                }
            }
            _ => {}
        }
    }

    /// A port event: transmissions on a link stage count towards its stage.
    pub fn port_event(&mut self, e: &TraceEvent) {
        let Some(&st) = self.port_stage.get(e.loc as usize) else { return };
        if st == u32::MAX {
            return;
        }
        let t = e.time.as_ns();
        match e.kind {
            Kind::Dequeue => {
                self.sending.insert(u64::from(e.loc), t);
            }
            Kind::Depart | Kind::Preempt => {
                let (bin_ns, bins) = (self.bin_ns, self.bins);
                if let Some(from) = self.sending.remove(&u64::from(e.loc)) {
                    let s = &mut self.stages[st as usize];
                    s.link_busy_ns += (t - from) as u128;
                    spread(&mut s.link_bins, bin_ns, from, t);
                    let f = s.flow_link.entry(e.flow).or_insert_with(|| vec![0; bins]);
                    spread(f, bin_ns, from, t);
                    if e.kind == Kind::Depart {
                        s.last_departure_ns = Some(t);
                    }
                }
            }
            _ => {}
        }
    }

    /// Closes the services still running at `end_ns`.
    pub fn finish(&mut self, end_ns: u64) {
        let bin_ns = self.bin_ns;
        for s in &mut self.stages {
            if let Some(from) = s.in_service_since.take() {
                s.busy_ns += (end_ns - from) as u128;
                spread(&mut s.busy_bins, bin_ns, from, end_ns);
            }
        }
        for (port, from) in std::mem::take(&mut self.sending) {
            let st = self.port_stage[port as usize] as usize;
            self.stages[st].link_busy_ns += (end_ns - from) as u128;
            spread(&mut self.stages[st].link_bins, bin_ns, from, end_ns);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    #[test]
    fn busy_time_is_spread_over_the_windows_it_covers() {
        // Windows of 10 ns: [5, 27) is 5 ns in window 0, 10 in 1, 7 in 2.
        let mut bins = vec![0; 4];
        spread(&mut bins, 10, 5, 27);
        assert_eq!(bins, vec![5, 10, 7, 0]);
        // Past the last window, time counts in the last one.
        spread(&mut bins, 10, 38, 45);
        assert_eq!(bins, vec![5, 10, 7, 7]);
    }

    #[test]
    fn cpu_and_link_busy_time_per_stage() {
        // One stage whose link port is port 1: CPU busy [0, 4), link busy [4, 10).
        let mut s = Stages::new(2, vec![vec![1]], 5, 2);
        let ev = |time: u64, kind, loc| TraceEvent {
            time: Time::ns(time),
            kind,
            packet: 0,
            flow: 3,
            loc,
            value: 0,
            size: 0,
            flags: 0,
            implied: false,
        };
        s.observe(&ev(0, Kind::StageEnqueue, 0));
        s.observe(&ev(0, Kind::StageStart, 0));
        s.observe(&ev(4, Kind::StageDone, 0));
        s.port_event(&ev(4, Kind::Dequeue, 1));
        s.port_event(&ev(10, Kind::Depart, 1));
        s.port_event(&ev(10, Kind::Depart, 0)); // another port: ignored
        let m = &s.stages[0];
        assert_eq!((m.busy_ns, m.link_busy_ns), (4, 6));
        assert_eq!((m.busy_bins.clone(), m.link_bins.clone()), (vec![4, 0], vec![1, 5]));
        assert_eq!((m.first_arrival_ns, m.last_departure_ns), (Some(0), Some(10)));
        assert_eq!(m.flow_cpu[&3], vec![4, 0]);
    }
}
