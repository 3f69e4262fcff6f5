//! Two-piece linear service curves for `sced` and `fsc` (FSC paper, Ng, Stephens, Stoica,
//! Zhang, Sec. 2.2-2.3): a curve has slope m1 for its first `dx` (time or virtual time, ns)
//! and `dy` bytes, then slope m2. A runtime curve is such a curve anchored at a point (x, y):
//! flat before x, then the two pieces. `min_with` is the update of Eq. 5 (the deadline curve of
//! SCED, the virtual curve of FSC): V = min(V, S(. - x) + y) for all points at or after x,
//! kept in two pieces as Stoica, Zhang and Ng's H-FSC implementation does (the new curve's
//! first piece is shortened to where it meets the old curve's second piece).
//!
//! Invariant: a runtime curve is non-decreasing; `y2x` is its inverse (the least x reaching
//! y). Slopes are bytes per ns (f64, + - * / only, so natively and in wasm alike).

use crate::params::{Curve, Default, Kind, Knee, List, Per, Spec, Value};
use crate::sched::parts::buffer::Limits;
use crate::sched::parts::lanes::{Lanes, PerQueue, QueueKind};
use crate::sched::registry::{BuildArgs, BuildError};
use crate::view::{Shape, StateSpec, StateView, Unit};

pub const CURVE: Kind = Kind::Curve;

pub const CURVE_DEFAULT: &str = r#"{"m1": "4Mbps", "beta": "6000B", "m2": "1Mbps"}"#;

pub const CURVES: Spec = Spec {
    name: "curves",
    description: "Each flow's service curve by traffic id: slope m1 for a time d or beta bytes, then m2 (e.g. \
                  {\"audio\": {\"m1\": \"256Kbps\", \"d\": \"5ms\", \"m2\": \"64Kbps\"}}; flows not listed get \
                  \"*\", as do hashed buckets).",
    kind: Kind::List { per: Per::Flow, item: &CURVE },
    default: Default::Json(CURVE_DEFAULT),
};

pub const CLASS_CURVES: Spec = Spec {
    name: "class_curves",
    description: "Each class's service curve (queues = class), e.g. [{\"m1\": \"4Mbps\", \"beta\": \"6000B\", \
                  \"m2\": \"1Mbps\"}].",
    kind: Kind::List { per: Per::Class, item: &CURVE },
    default: Default::Json(CURVE_DEFAULT),
};

/// A list's curves resolved per queue; Err names the field of a curve that cannot be used.
pub fn curves(a: &BuildArgs<'_>) -> Result<PerQueue<Service>, BuildError> {
    let check = |name: &'static str, l: &List| -> Result<(), BuildError> {
        l.entries
            .values()
            .chain(std::iter::once(l.default.as_ref()))
            .try_for_each(|v| Service::from_param(v.curve()).map(|_| ()).map_err(|e| (name, e)))
    };
    check("params.curves", a.params.list("curves"))?;
    check("params.class_curves", a.params.list("class_curves"))?;
    let read = |v: &Value| Service::from_param(v.curve()).expect("checked above");
    Ok(PerQueue::new(a.params.list("curves"), a.params.list("class_curves"), a.flows, read))
}

pub fn lanes(a: &BuildArgs<'_>) -> Result<Lanes<()>, BuildError> {
    let kind = QueueKind::from_params(a.params, false, a.port.rng().next_u64());
    Lanes::new(kind, vec![], Limits::from_params(a.port.buffer, a.params, true))
}

/// `head` followed by the fields `push_drawn` fills (`CURVE_STATE_TAIL`): a curve scheduler's
/// state (`N` = the head's length + 11, checked at compile time).
pub const fn with_curve_state<const H: usize, const N: usize>(head: [StateSpec; H]) -> [StateSpec; N] {
    assert!(N == H + CURVE_STATE_TAIL.len(), "N is the head's fields and the curve's 11");
    let mut out = [CURVE_STATE_TAIL[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < H { head[i] } else { CURVE_STATE_TAIL[i - H] };
        i += 1;
    }
    out
}

/// The fields `push_drawn` fills, in its order (the page's curve view finds them by name).
pub const CURVE_STATE_TAIL: [StateSpec; 11] = [
    StateSpec {
        name: "served",
        description: "w_i: bytes each backlogged queue has been served (its curve's y axis), in queue order",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve anchor x",
        description: "Where each backlogged queue's curve was last anchored (Eq. 5: at the time it became backlogged)",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve anchor y",
        description: "The bytes served at that anchor",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve knee x",
        description: "Where each curve turns from slope m1 to m2",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve knee y",
        description: "The bytes at the knee: the burst served at m1 ends here",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve m2",
        description: "The slope after the knee, the long-term rate",
        unit: Unit::Bps,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "queue flows",
        description: "Whose queue each is: its flow (per-flow queues), else the flow of its head packet",
        unit: Unit::Flow,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve anchor x",
        description: "Where each queue's service curve S_i was anchored when it last became backlogged (Eq. 5's \
                      S_i(. - x) + w_i: x = v^s for FSC, the time for SCED)",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve anchor y",
        description: "w_i when the queue last became backlogged: the service curve starts there",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve knee x",
        description: "Where that service curve turns from m1 to m2 (its full first piece: d, or beta / m1)",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve knee y",
        description: "The bytes at that knee (anchor + beta)",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
];

/// m2 of the best-effort curve (any value: FSC is unchanged when every curve is scaled alike).
pub const BEST_EFFORT_M2_BPS: f64 = 1e6;

/// A service curve: slope `m1` for `dx` ns (`dy` bytes), then slope `m2` (bytes per ns).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Service {
    pub m1: f64,
    pub dx: f64,
    pub dy: f64,
    pub m2: f64,
}

impl Service {
    /// From a checked `curve` parameter. Err: the problem (a curve with m1 = 0 bends only
    /// after a time d, never after beta bytes).
    pub fn from_param(c: Curve) -> Result<Service, String> {
        let m1 = c.m1 as f64 / 8e9;
        let m2 = c.m2 as f64 / 8e9;
        let (dx, dy) = match c.knee {
            Knee::Delay(d) => (d.as_ns() as f64, m1 * d.as_ns() as f64),
            Knee::Burst(0) => (0.0, 0.0),
            Knee::Burst(_) if c.m1 == 0 => return Err("with m1 = 0 the curve bends after a time d, not beta".into()),
            Knee::Burst(b) => (b as f64 / m1, b as f64),
        };
        Ok(Service { m1, dx, dy, m2 })
    }

    /// The best-effort curve of FSC Sec. 2.4: m2 = `m2_bps`, m1 = BPR x m2, beta = PBS bytes.
    pub fn best_effort(bpr: f64, pbs: u64, m2_bps: f64) -> Service {
        let m2 = m2_bps / 8e9;
        let m1 = bpr * m2;
        let dy = if bpr == 1.0 { 0.0 } else { pbs as f64 };
        Service { m1, dx: dy / m1, dy, m2 }
    }

    /// Bytes served by `x` ns after the start.
    pub fn x2y(&self, x: f64) -> f64 {
        if x <= 0.0 {
            0.0
        } else if x <= self.dx {
            self.m1 * x
        } else {
            self.dy + self.m2 * (x - self.dx)
        }
    }
}

/// A service curve anchored at (x, y), possibly with a shortened first piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Runtime {
    pub x: f64,
    pub y: f64,
    pub m1: f64,
    pub dx: f64,
    pub dy: f64,
    pub m2: f64,
}

impl Runtime {
    /// `s` anchored at (x, y).
    pub fn anchored(s: Service, x: f64, y: f64) -> Runtime {
        Runtime { x, y, m1: s.m1, dx: s.dx, dy: s.dy, m2: s.m2 }
    }

    pub fn x2y(&self, x: f64) -> f64 {
        if x <= self.x {
            self.y
        } else if x <= self.x + self.dx {
            self.y + self.m1 * (x - self.x)
        } else {
            self.y + self.dy + self.m2 * (x - self.x - self.dx)
        }
    }

    /// The least x at which the curve reaches `y` (its inverse).
    pub fn y2x(&self, y: f64) -> f64 {
        if y <= self.y {
            self.x
        } else if y <= self.y + self.dy {
            self.x + (y - self.y) / self.m1
        } else {
            self.x + self.dx + (y - self.y - self.dy) / self.m2
        }
    }

    /// Eq. 5: the curve becomes min(itself, s(. - x) + y) for all points at or after x.
    pub fn min_with(&mut self, s: Service, x: f64, y: f64) {
        let y1 = self.x2y(x);
        if s.m1 <= s.m2 {
            // Convex or straight: the old curve stays where it is below at x (H-FSC's rule).
            if y1 >= y {
                *self = Runtime::anchored(s, x, y);
            }
            return;
        }
        // Concave and already below at x: it stays below (its increments from x on are at
        // most s's from 0).
        if y1 <= y {
            return;
        }
        // The new curve is below at x; below at its knee too: below everywhere after.
        if self.x2y(x + s.dx) >= y + s.dy {
            *self = Runtime::anchored(s, x, y);
            return;
        }
        // They cross on the new curve's first piece: where it gains y1 - y on the old one's m2
        // (later by however much of the old first piece is left after x).
        let mut dx = (y1 - y) / (s.m1 - s.m2);
        if self.x + self.dx > x {
            dx += self.x + self.dx - x;
        }
        *self = Runtime { x, y, m1: s.m1, dx, dy: s.m1 * dx, m2: s.m2 };
    }
}

/// What the page draws of one backlogged queue's curves (`sced` and `fsc` state, from
/// "served" on; the registry's `CURVE_STATE_TAIL`): the bytes served, the virtual (FSC) or
/// deadline (SCED) curve, the service curve as anchored when the queue last became backlogged,
/// and whose queue it is.
#[derive(Clone, Copy, Debug)]
pub struct Drawn {
    pub w: f64,
    pub curve: Option<Runtime>,
    pub service: Option<Runtime>,
    /// The queue's flow (per-flow queues), else the flow of its head packet.
    pub flow: f64,
}

/// The flow that names lane `l` in the state: its own (per-flow queues) or its head packet's.
pub fn queue_flow(lanes: &Lanes<()>, l: usize) -> f64 {
    match lanes.kind() {
        QueueKind::Flow => lanes.lane(l).id as f64,
        _ => lanes.head(l).map_or(-1.0, |e| e.flow as f64),
    }
}

/// Pushes the curve fields of `qs` in the registry's order: served; the curve's anchor x, y,
/// knee x, y and m2 (bps); the queue flows; the service curve's anchor x, y and knee x, y.
pub fn push_drawn(out: &mut StateView, qs: &[Drawn]) {
    let col = |f: &dyn Fn(&Drawn) -> f64| qs.iter().map(f).collect::<Vec<f64>>();
    let of = |c: Option<Runtime>, f: fn(&Runtime) -> f64| c.as_ref().map_or(0.0, f);
    out.push(&col(&|q| q.w));
    out.push(&col(&|q| of(q.curve, |c| c.x)));
    out.push(&col(&|q| of(q.curve, |c| c.y)));
    out.push(&col(&|q| of(q.curve, |c| c.x + c.dx)));
    out.push(&col(&|q| of(q.curve, |c| c.y + c.dy)));
    out.push(&col(&|q| of(q.curve, |c| c.m2 * 8e9)));
    out.push(&col(&|q| q.flow));
    out.push(&col(&|q| of(q.service, |c| c.x)));
    out.push(&col(&|q| of(q.service, |c| c.y)));
    out.push(&col(&|q| of(q.service, |c| c.x + c.dx)));
    out.push(&col(&|q| of(q.service, |c| c.y + c.dy)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    /// 8 Mbps = 1 byte/ns... scaled: slopes in bytes per ns.
    fn concave() -> Service {
        // m1 = 4 bytes/ns, beta = 8 bytes (dx = 2 ns), m2 = 1 byte/ns.
        Service { m1: 4.0, dx: 2.0, dy: 8.0, m2: 1.0 }
    }

    #[test]
    fn params_become_slopes_in_bytes_per_ns() {
        // The audio curve of Sec. 2.2: m1 = 256 kbps = 32 B/ms, d = 5 ms -> beta = 160 B.
        let c = Curve { m1: 256_000, knee: Knee::Delay(Time(5_000_000)), m2: 64_000 };
        let s = Service::from_param(c).unwrap();
        assert_eq!(s.dy, 160.0);
        assert_eq!(s.x2y(5e6), 160.0);
        // 20 ms: 160 B + 15 ms at 64 kbps (8 B/ms) = 280 B.
        assert_eq!(s.x2y(20e6), 280.0);
        let c = Curve { m1: 4_000_000, knee: Knee::Burst(6000), m2: 1_000_000 };
        // 6000 B at 4 Mbps = 12 ms.
        assert_eq!(Service::from_param(c).unwrap().dx, 12e6);
        assert!(Service::from_param(Curve { m1: 0, knee: Knee::Burst(1), m2: 1 }).is_err());
    }

    #[test]
    fn inverse() {
        let r = Runtime::anchored(concave(), 10.0, 100.0);
        assert_eq!(r.y2x(100.0), 10.0);
        assert_eq!(r.y2x(104.0), 11.0);
        assert_eq!(r.y2x(108.0), 12.0);
        assert_eq!(r.y2x(111.0), 15.0);
        assert_eq!(r.x2y(15.0), 111.0);
    }

    // paper item: fsc/eq-5: Eq. 5 keeps a virtual curve already below the new one
    #[test]
    fn eq5_keeps_a_curve_that_is_already_below() {
        // Old anchored (0, 0): at x = 10 it is 8 + 8 = 16; the flow has w = 20 > 16.
        let mut r = Runtime::anchored(concave(), 0.0, 0.0);
        r.min_with(concave(), 10.0, 20.0);
        assert_eq!(r, Runtime::anchored(concave(), 0.0, 0.0));
    }

    // paper item: fsc/eq-5: Eq. 5 takes the new curve after a long idle period
    #[test]
    fn eq5_takes_the_new_curve_after_a_long_idle() {
        // Old at x = 100: 8 + 98 = 106; new from (100, 10): its knee (102, 18) is under the
        // old curve (108 there): the new curve whole.
        let mut r = Runtime::anchored(concave(), 0.0, 0.0);
        r.min_with(concave(), 100.0, 10.0);
        assert_eq!(r, Runtime::anchored(concave(), 100.0, 10.0));
    }

    // paper item: fsc/eq-5: Eq. 5 shortens the first piece where the curves cross (Fig. 7)
    #[test]
    fn eq5_shortens_the_first_piece_where_the_curves_cross() {
        // Old at x = 10: 16; new from (10, 13): 3 bytes below, gains 4 - 1 = 3 per ns: they
        // meet at x = 11 (y = 17), so the new first piece lasts 1 ns and 4 bytes.
        let mut r = Runtime::anchored(concave(), 0.0, 0.0);
        r.min_with(concave(), 10.0, 13.0);
        assert_eq!(r, Runtime { x: 10.0, y: 13.0, m1: 4.0, dx: 1.0, dy: 4.0, m2: 1.0 });
        assert_eq!(r.x2y(20.0), 26.0);
    }

    #[test]
    fn a_straight_line_stays_a_line() {
        // BPR = 1: V(v) = phi v; a flow back at v^s = 5 with w = 10 (its v = 10 ahead): kept.
        let line = Service::best_effort(1.0, 6000, 8e9);
        assert_eq!((line.m1, line.m2, line.dy), (1.0, 1.0, 0.0));
        let mut r = Runtime::anchored(line, 0.0, 0.0);
        r.min_with(line, 5.0, 10.0);
        assert_eq!(r.y2x(10.0), 10.0);
    }
}
