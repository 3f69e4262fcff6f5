//! MR-tradeoff Theorems 4 and 5 (Sec. 4.2) as properties of the `mr_tradeoff` scheduler in a
//! middlebox's CPU stage, on random inputs (fixed seeds, several alphas > 0):
//! - Theorem 4: the discrete schedule's makespan T_D <= T_F + n tau_max, T_F the makespan of
//!   the fluid it tracks;
//! - Theorem 5: for every flow i and time t, D^F_i(0, t) - 2(n - 1) tau_max <= D^D_i(0, t) <=
//!   D^F_i(0, t) + tau_max (dominant services, Sec. 2.1).
//!
//! The discrete schedule is the real `Stage` running `MrTradeoff` (start-time tracking), with
//! the link stage the paper's "buffer in front of the output link": the link sends packets
//! one at a time in the order they leave the CPU, with an unlimited buffer (as in Table 2's
//! set-up, where the CPU never waits for the link).
//!
//! The fluid is computed independently of the code under test, in exact rational arithmetic
//! (mr_exact/mod.rs: at every event, a head finishing or a packet arriving, the dominant
//! shares solve Eq. 19 as a linear program by exact vertex enumeration).
//!
//! Times are integer nanoseconds in the discrete schedule; the fluid is exact. The code's
//! fluid runs in f64 and its events are rounded up to the next whole nanosecond, so both
//! bounds are checked with 1 ns of slack (tau_max is thousands of ns here).

use std::collections::VecDeque;

use num_traits::{One, Signed, Zero};

use sched_sim::emit::Emit;
use sched_sim::packet::Packet;
use sched_sim::sched::multi::mr_tradeoff::MrTradeoff;
use sched_sim::sched::AnyScheduler;
use sched_sim::stage::{Cost, Stage, StageWake};
use sched_sim::time::{Bandwidth, Time};
use sched_sim::units::Buffer;

mod mr_exact;
use mr_exact::{bonus, q, qf, to_f64, Rng, Q};

/// One packet of the input: its flow, arrival time and processing times <CPU, link>, ns.
#[derive(Clone, Debug)]
struct In {
    flow: usize,
    at: u64,
    size: u32,
    tau: [u64; 2],
}

/// A random input: 2 to 6 flows, each a module (CPU = a x size + b, a in whole ns per byte so
/// the time is exact) and 3 to 25 packets of 64 to 1500 B, on a 1 Gbps link (8 ns per byte).
/// Flows start in the first 60 us and send with gaps of up to 25 us, so flows join and leave
/// and the backlog changes. Modules range from link-bound (a = 0..3) to CPU-bound (a = 6..20).
struct Input {
    packets: Vec<In>,
    a: Vec<u64>,
    b: Vec<u64>,
}

fn input(seed: u64) -> Input {
    let mut r = Rng(seed);
    let n = r.range(2, 6) as usize;
    let a: Vec<u64> = (0..n).map(|i| if i % 2 == 0 { r.range(0, 3) } else { r.range(6, 20) }).collect();
    let b: Vec<u64> = (0..n).map(|_| r.range(100, 5000)).collect();
    let mut packets = Vec::new();
    for f in 0..n {
        let mut at = if f == 0 { 0 } else { r.range(0, 60_000) };
        for _ in 0..r.range(3, 25) {
            let size = r.range(64, 1500);
            packets.push(In { flow: f, at, size: size as u32, tau: [a[f] * size + b[f], 8 * size] });
            at += r.range(0, 25_000);
        }
    }
    packets.sort_by_key(|p| p.at);
    Input { packets, a, b }
}

/// What the discrete schedule did with a packet: CPU start and end, link start and end.
#[derive(Clone, Copy, Debug, Default)]
struct Served {
    cpu: [u64; 2],
    link: [u64; 2],
}

/// Runs the CPU stage (MrTradeoff) and a FIFO link behind it.
fn discrete(inp: &Input, alpha: f64) -> Vec<Served> {
    let sched = AnyScheduler::MrTradeoff(Box::new(MrTradeoff::new(alpha, Buffer::Unlimited, Bandwidth::Infinite)));
    let cost = Cost {
        a_ps: inp.a.iter().map(|a| a * 1000).collect(),
        b_ns: inp.b.clone(),
        module_of: (0..inp.a.len() as u16).collect(),
    };
    let mut stage = Stage::new(0, 0, "cpu", sched, cost);
    let mut out = Emit::storing(0, false);
    let mut served = vec![Served::default(); inp.packets.len()];
    let (mut next, mut done, mut eligible, mut link_free) = (0, None::<u64>, None::<u64>, 0u64);
    // Events read already (each step reads the ones it added).
    let mut seen = 0;
    loop {
        let ta = inp.packets.get(next).map(|p| p.at);
        let Some(now) = [ta, done, eligible].into_iter().flatten().min() else { break };
        if done == Some(now) {
            let p = stage.finish(Time::ns(now), &mut out);
            let s = &mut served[p.id as usize];
            s.cpu[1] = now;
            let tx = inp.packets[p.id as usize].tau[1];
            s.link = [now.max(link_free), now.max(link_free) + tx];
            link_free = s.link[1];
            done = None;
        }
        while let Some(p) = inp.packets.get(next).filter(|p| p.at == now) {
            let mut pkt = Packet::new(next as u64, p.flow as u32, 0, p.size, Time::ns(now));
            pkt.source = p.flow as u32;
            stage.arrive(Time::ns(now), pkt, Time::ns(p.tau[1]), &mut out);
            next += 1;
        }
        if eligible.is_some_and(|e| e <= now) {
            eligible = None;
        }
        match stage.try_start(Time::ns(now), true, &mut out) {
            Some(StageWake::Done(t)) => {
                done = Some(t.as_ns());
                let mut starts = out.recorded(seen).into_iter().filter(|e| e.1 == sched_sim::trace::Kind::StageStart);
                let id = starts.next_back().unwrap().2;
                served[id as usize].cpu[0] = now;
            }
            Some(StageWake::Eligible(t)) => eligible = Some(t.as_ns()),
            None => {}
        }
        seen = out.recorder.total() as usize;
    }
    assert_eq!(stage.counters().started, inp.packets.len() as u64, "every packet is served");
    served
}

/// The exact fluid: per event its time, each flow's dominant service so far and its
/// dominant share from then on.
struct Fluid {
    times: Vec<Q>,
    service: Vec<Vec<Q>>,
    rates: Vec<Vec<Q>>,
    makespan: Q,
    /// The most flows backlogged at once.
    n: usize,
}

impl Fluid {
    fn service_at(&self, flow: usize, t: &Q) -> Q {
        // The last event at or before t.
        let k = self.times.partition_point(|x| x <= t);
        if k == 0 {
            return Q::zero();
        }
        let k = k - 1;
        &self.service[k][flow] + &self.rates[k][flow] * (t - &self.times[k])
    }
}

fn fluid(inp: &Input, alpha: &Q) -> Fluid {
    let nf = inp.a.len();
    let mut queues: Vec<VecDeque<usize>> = vec![VecDeque::new(); nf];
    let mut rem: Vec<Q> = vec![Q::zero(); nf];
    let mut served: Vec<Q> = vec![Q::zero(); nf];
    let mut f = Fluid { times: Vec::new(), service: Vec::new(), rates: Vec::new(), makespan: Q::zero(), n: 0 };
    let mut t = Q::zero();
    let mut next = 0;
    loop {
        // Arrivals now.
        while let Some(p) = inp.packets.get(next).filter(|p| q(p.at as i64) == t) {
            queues[p.flow].push_back(next);
            if queues[p.flow].len() == 1 {
                rem[p.flow] = q(p.tau[0].max(p.tau[1]) as i64);
            }
            next += 1;
        }
        let backlogged: Vec<usize> = (0..nf).filter(|&i| !queues[i].is_empty()).collect();
        f.n = f.n.max(backlogged.len());
        // Shares: alpha d_bar each (Eq. 16) plus the bonus (Eq. 21).
        let mut rate = vec![Q::zero(); nf];
        if !backlogged.is_empty() {
            let tb: Vec<[Q; 2]> = backlogged
                .iter()
                .map(|&i| {
                    let tau = inp.packets[queues[i][0]].tau;
                    let m = q(tau[0].max(tau[1]) as i64);
                    [q(tau[0] as i64) / &m, q(tau[1] as i64) / &m]
                })
                .collect();
            let sums = [0, 1].map(|r| tb.iter().fold(Q::zero(), |s, t| s + &t[r]));
            let dbar = Q::one() / sums.iter().max().unwrap();
            let base = alpha * &dbar;
            let mu = [0, 1].map(|r| Q::one() - &base * &sums[r]);
            for (k, x) in bonus(&tb, &mu, false).into_iter().enumerate() {
                rate[backlogged[k]] = &base + x;
            }
        }
        f.times.push(t.clone());
        f.service.push(served.clone());
        f.rates.push(rate.clone());
        // The next event: a head finishing or an arrival.
        let finish = backlogged.iter().map(|&i| &t + &rem[i] / &rate[i]).min();
        let arrival = inp.packets.get(next).map(|p| q(p.at as i64));
        let Some(to) = [finish, arrival].into_iter().flatten().min() else { break };
        let dt = &to - &t;
        for &i in &backlogged {
            let work = &rate[i] * &dt;
            rem[i] = &rem[i] - &work;
            served[i] = &served[i] + &work;
            if rem[i].is_zero() {
                queues[i].pop_front();
                if let Some(&p) = queues[i].front() {
                    let tau = inp.packets[p].tau;
                    rem[i] = q(tau[0].max(tau[1]) as i64);
                }
                f.makespan = to.clone();
            }
        }
        t = to;
    }
    f
}

/// Dominant service of flow `flow` by `t` in the discrete schedule: per packet, the time
/// spent by `t` on its dominant resource (`pipeline`), or its dominant time counted from the
/// moment it enters service (the CPU), as if it held its dominant resource from then on.
fn discrete_service(inp: &Input, served: &[Served], flow: usize, t: &Q, pipeline: bool) -> Q {
    let mut d = Q::zero();
    for (p, s) in inp.packets.iter().zip(served).filter(|(p, _)| p.flow == flow) {
        let dominant = p.tau[0].max(p.tau[1]);
        let (start, len) = match pipeline {
            false => (s.cpu[0], dominant),
            true if p.tau[0] >= p.tau[1] => (s.cpu[0], p.tau[0]),
            true => (s.link[0], p.tau[1]),
        };
        let el = t - q(start as i64);
        if el.is_positive() {
            d += el.min(q(len as i64));
        }
    }
    d
}

// paper item: mr/theorem-4-5: the discrete makespan and every flow's service stay within Theorems 4 and 5's bounds of the fluid
/// Per seed and alpha: the worst T_D - T_F against n tau_max, and the worst excursions of
/// D^D - D^F against its two bounds.
#[test]
fn start_time_tracking_stays_within_theorems_4_and_5() {
    let alphas = [(1, 1), (7, 8), (1, 2), (1, 8)];
    let (mut worst4, mut worst5lo, mut worst5hi) = (0.0f64, [0.0f64; 2], f64::NEG_INFINITY);
    let mut ns = Vec::new();
    for seed in 1..=8u64 {
        let inp = input(seed);
        let tau_max = inp.packets.iter().map(|p| p.tau[0].max(p.tau[1])).max().unwrap() as i64;
        let nf = inp.a.len();
        for (an, ad) in alphas {
            let alpha = qf(an, ad);
            let fl = fluid(&inp, &alpha);
            let served = discrete(&inp, an as f64 / ad as f64);
            // n: the most flows backlogged at once, in either schedule (arrived, unfinished).
            let mut ends: Vec<(u64, i32)> = Vec::new();
            for f in 0..nf {
                let mine: Vec<usize> = (0..inp.packets.len()).filter(|&k| inp.packets[k].flow == f).collect();
                let mut busy: Vec<(u64, u64)> = Vec::new();
                for &k in &mine {
                    let (a, e) = (inp.packets[k].at, served[k].link[1]);
                    match busy.last_mut() {
                        Some(last) if a <= last.1 => last.1 = last.1.max(e),
                        _ => busy.push((a, e)),
                    }
                }
                for (a, e) in busy {
                    ends.push((a, 1));
                    ends.push((e, -1));
                }
            }
            ends.sort_by_key(|&(t, d)| (t, d));
            let (mut now, mut n_discrete) = (0i32, 0i32);
            for (_, d) in ends {
                now += d;
                n_discrete = n_discrete.max(now);
            }
            let n = fl.n.max(n_discrete as usize) as i64;
            ns.push(n);
            let slack = q(1);

            // Theorem 4.
            let td = q(served.iter().map(|s| s.link[1]).max().unwrap() as i64);
            let bound4 = &fl.makespan + q(n * tau_max);
            assert!(
                td <= &bound4 + &slack,
                "seed {seed} alpha {an}/{ad}: T_D {td} > T_F {} + {n} x {tau_max}",
                fl.makespan
            );
            let over = (&td - &fl.makespan) / q(n * tau_max);
            worst4 = worst4.max(to_f64(&over));

            // Theorem 5, at every breakpoint of either schedule (both services are piecewise
            // linear, so their difference is extreme at one).
            let mut times: Vec<Q> = fl.times.clone();
            for s in &served {
                times.extend([s.cpu[0], s.cpu[1], s.link[0], s.link[1]].map(|x| q(x as i64)));
            }
            let lo = q(2 * (n - 1) * tau_max);
            let hi = q(tau_max);
            for t in &times {
                for f in 0..nf {
                    let df = fl.service_at(f, t);
                    for pipeline in [false, true] {
                        let dd = discrete_service(&inp, &served, f, t, pipeline);
                        let diff = &dd - &df;
                        // The pipeline's link work lags its CPU work by at most tau_max.
                        let lo = if pipeline { &lo + &hi } else { lo.clone() };
                        assert!(
                            diff <= &hi + &slack,
                            "seed {seed} alpha {an}/{ad} flow {f} t {t} pipeline {pipeline}: D^D {dd} > D^F {df} + tau_max {tau_max}"
                        );
                        assert!(
                            -&diff <= &lo + &slack,
                            "seed {seed} alpha {an}/{ad} flow {f} t {t} pipeline {pipeline}: D^D {dd} < D^F {df} - {lo} (n = {n}, tau_max {tau_max})"
                        );
                        if lo.is_positive() {
                            let w = &mut worst5lo[pipeline as usize];
                            *w = w.max(to_f64(&(-&diff / &lo)));
                        }
                        worst5hi = worst5hi.max(to_f64(&(&diff / &hi)));
                    }
                }
            }
        }
    }
    println!(
        "n per run {ns:?}; worst over 8 seeds x 4 alphas: (T_D - T_F) / (n tau_max) = {worst4:.3}; \
         (D^F - D^D) / (2(n-1) tau_max) = {:.3} (counted from the CPU start), \
         (D^F - D^D) / ((2n-1) tau_max) = {:.3} (pipeline); (D^D - D^F) / tau_max = {worst5hi:.3}",
        worst5lo[0], worst5lo[1]
    );
}
