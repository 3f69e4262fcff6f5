//! Workload generators: flows with Poisson arrivals, sizes from a distribution, endpoints
//! from a pattern, and a rate calibrated to a target load on one link.
//!
//! Calibration (what "70% load" means here): with flow arrival rate lambda, mean flow size
//! E[S] bytes and probability f that a flow's path crosses the calibrated directed link of
//! capacity C, the expected offered load on that link is lambda * f * 8 E[S] / C. We set
//! lambda = load * C / (8 E[S] f). f follows the routing: paths are shortest paths and ECMP
//! splits evenly at every branch (the hash spreads flows uniformly), so f is exact in
//! expectation. The default link is the one the workload loads most (largest f / C). The
//! measured utilisation of that link over a long run is then the load (the test suite checks
//! it within 2%). TCP-family sizes are payload bytes: E[S] is scaled by (mss + header) / mss
//! so the data packets' wire bytes make the load (the ACKs travel the other way).
//!
//! A flow list (`flow_list`) is a workload whose flows are given: they arrive at their listed
//! times with their listed ends and sizes, and its load is what the listed bytes offer.

use super::sizes::Sizes;
use crate::packet::{NodeId, PortId};
use crate::rng::Stream;
use crate::time::Time;

/// Who sends to whom.
#[derive(Clone, PartialEq)]
pub enum Pairs {
    /// Distinct (src, dst) drawn uniformly from the hosts.
    Uniform(Vec<NodeId>),
    /// Fixed pairs, one drawn uniformly per flow.
    Fixed(Vec<(NodeId, NodeId)>),
    /// Fixed pairs with their weights (a flow list's pairs, by the bytes each carries; never
    /// drawn from).
    Weighted(Vec<(NodeId, NodeId, f64)>),
}

impl Pairs {
    pub fn pick(&self, rng: &mut Stream) -> (NodeId, NodeId) {
        match self {
            Pairs::Uniform(hosts) => {
                let n = hosts.len() as u64;
                let s = rng.next_u64() % n;
                let d = (s + 1 + rng.next_u64() % (n - 1)) % n;
                (hosts[s as usize], hosts[d as usize])
            }
            Pairs::Fixed(pairs) => pairs[(rng.next_u64() % pairs.len() as u64) as usize],
            Pairs::Weighted(_) => unreachable!("a flow list's flows are given, not drawn"),
        }
    }

    /// Every pair with its probability.
    pub fn each(&self, mut f: impl FnMut(NodeId, NodeId, f64)) {
        match self {
            Pairs::Uniform(hosts) => {
                let p = 1.0 / (hosts.len() * (hosts.len() - 1)) as f64;
                for &s in hosts {
                    for &d in hosts {
                        if s != d {
                            f(s, d, p);
                        }
                    }
                }
            }
            Pairs::Fixed(pairs) => {
                let p = 1.0 / pairs.len() as f64;
                for &(s, d) in pairs {
                    f(s, d, p);
                }
            }
            Pairs::Weighted(pairs) => {
                for &(s, d, p) in pairs {
                    f(s, d, p);
                }
            }
        }
    }

    /// The pairs grouped by destination, in ascending order: each destination's sources in
    /// [`Pairs::each`]'s order, with their index in it and their probability. `Uniform`'s
    /// n(n-1) pairs are never listed at once (n sources at a time: 4,096 hosts' 16.8 M pairs
    /// took 400 MB as a list).
    pub fn by_destination(&self, mut f: impl FnMut(NodeId, &[(usize, NodeId, f64)])) {
        match self {
            Pairs::Uniform(hosts) => {
                // Sorted and distinct (`add_workload`): destination j of source i is pair
                // i (n - 1) + j in `each`, less one past the skipped i == j.
                debug_assert!(hosts.windows(2).all(|w| w[0] < w[1]));
                let n = hosts.len();
                let p = 1.0 / (n * (n - 1)) as f64;
                let mut sources = Vec::with_capacity(n);
                for (j, &d) in hosts.iter().enumerate() {
                    sources.clear();
                    sources.extend(
                        hosts
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != j)
                            .map(|(i, &s)| (i * (n - 1) + j - usize::from(j > i), s, p)),
                    );
                    f(d, &sources);
                }
            }
            _ => {
                let mut from: std::collections::BTreeMap<NodeId, Vec<(usize, NodeId, f64)>> = Default::default();
                let mut i = 0;
                self.each(|s, d, p| {
                    from.entry(d).or_default().push((i, s, p));
                    i += 1;
                });
                from.into_iter().for_each(|(d, sources)| f(d, &sources));
            }
        }
    }

    /// Every node a flow of these pairs is sent to: destinations, and sources too when `acks`
    /// travel back (without visiting every pair of `Uniform`).
    pub fn ends(&self, acks: bool, mut f: impl FnMut(NodeId)) {
        match self {
            Pairs::Uniform(hosts) => hosts.iter().for_each(|&h| f(h)),
            Pairs::Fixed(pairs) => pairs.iter().for_each(|&(s, d)| {
                f(d);
                if acks {
                    f(s);
                }
            }),
            Pairs::Weighted(pairs) => pairs.iter().for_each(|&(s, d, _)| {
                f(d);
                if acks {
                    f(s);
                }
            }),
        }
    }

    /// A random derangement of `hosts`: host i sends to host perm(i) != i (Sattolo's
    /// algorithm gives a single cycle, hence no fixed point).
    pub fn permutation(hosts: &[NodeId], rng: &mut Stream) -> Pairs {
        let mut perm: Vec<NodeId> = hosts.to_vec();
        for i in (1..perm.len()).rev() {
            let j = (rng.next_u64() % i as u64) as usize;
            perm.swap(i, j);
        }
        Pairs::Fixed(hosts.iter().copied().zip(perm).collect())
    }
}

/// A listed flow, its ends resolved; `path`: the index of its explicit path, if any.
#[derive(Clone, Copy, Debug)]
pub struct Listed {
    pub start: Time,
    pub size: u64,
    pub src: NodeId,
    pub dst: NodeId,
    pub path: Option<u32>,
}

pub struct Workload {
    pub name: String,
    pub sizes: Sizes,
    pub pairs: Pairs,
    /// Mean gap between flow arrivals, ns.
    pub mean_gap_ns: f64,
    pub start: Time,
    pub stop: Time,
    pub max_flows: Option<u64>,
    pub created: u64,
    /// A flow list's flows, by start (then line); empty for a generator.
    pub listed: Vec<Listed>,
    /// UDP flows hand all their packets to the NIC at their start (`Release::Whole`).
    pub whole: bool,
    /// Size on the wire of a full packet.
    pub packet_size: u32,
    pub transport: crate::transport::Transport,
    /// Options of a TCP-family transport (defaults for UDP, unused).
    pub tcp: crate::transport::TcpOptions,
    pub class: u8,
    /// Index of the scenario's traffic entry (`Packet::source` of every flow it makes).
    pub source: u32,
    pub load: f64,
    /// The calibrated link's port and the probability a flow crosses it.
    pub port: PortId,
    pub crossing: f64,
    /// The links it loads most: (port, expected load), the calibrated port first, then every
    /// other port whose expected load reaches `load`.
    pub loaded: Vec<(PortId, f64)>,
    pub rng: Stream,
}

impl Workload {
    /// Time of the next flow arrival after `now` (the first at `start` + a gap), or None.
    pub fn next_arrival(&mut self, now: Time) -> Option<Time> {
        if !self.listed.is_empty() {
            return self.listed.get(self.created as usize).map(|f| f.start);
        }
        if self.max_flows.is_some_and(|m| self.created >= m) {
            return None;
        }
        let from = now.max(self.start);
        let t = from + Time(libm::round(self.rng.exponential(self.mean_gap_ns)) as u64);
        (t < self.stop).then_some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_pairs_are_distinct_and_cover_all() {
        let p = Pairs::Uniform(vec![10, 11, 12]);
        let mut rng = Stream::new(1, 1);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let (s, d) = p.pick(&mut rng);
            assert_ne!(s, d);
            seen.insert((s, d));
        }
        assert_eq!(seen.len(), 6);
        let mut total = 0.0;
        p.each(|_, _, q| total += q);
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn uniform_pairs_by_destination_are_each_grouped() {
        // The grouping `Fixed` gets from `each`, with every pair's index: the same lists.
        let hosts = vec![3, 7, 8, 20];
        let (mut listed, mut i) = (std::collections::BTreeMap::<NodeId, Vec<(usize, NodeId, f64)>>::new(), 0);
        Pairs::Uniform(hosts.clone()).each(|s, d, p| {
            listed.entry(d).or_default().push((i, s, p));
            i += 1;
        });
        let mut grouped = Vec::new();
        Pairs::Uniform(hosts).by_destination(|d, sources| grouped.push((d, sources.to_vec())));
        assert_eq!(grouped, listed.into_iter().collect::<Vec<_>>());
    }

    #[test]
    fn permutations_have_no_fixed_point() {
        let hosts: Vec<NodeId> = (0..9).collect();
        let mut rng = Stream::new(5, 0);
        for _ in 0..20 {
            let Pairs::Fixed(pairs) = Pairs::permutation(&hosts, &mut rng) else { unreachable!() };
            assert!(pairs.iter().all(|(s, d)| s != d));
            let mut dsts: Vec<_> = pairs.iter().map(|p| p.1).collect();
            dsts.sort();
            assert_eq!(dsts, hosts);
        }
    }
}
