//! The macros behind the scheduler layout: `schedulers!` turns the one list in `sched/mod.rs`
//! into the family modules, `AnyScheduler`, its dispatch and the registry; `forward!` writes
//! the `Scheduler` methods a scheduler answers by asking one of its fields, `tagged!` those
//! a fair queue over a `Tagged` store answers alike, and `link_costed!` a multi-resource
//! scheduler's `enqueue` at a port.

/// The `Scheduler` methods (`dequeue`, `len`, `bytes`, `snapshot`) a scheduler answers by asking
/// one of its fields, e.g. `forward!(q => dequeue, len, bytes, snapshot);` or
/// `forward!(t.lanes => len, bytes);` inside its `impl Scheduler` (`dequeue`: the field's own
/// `dequeue()`, the head in its order, with no time or verdicts of its own).
macro_rules! forward {
    ($($field:ident).+ => $($method:ident),+) => {
        forward!(@each ($($field).+) $($method)+);
    };
    (@each $path:tt $($method:ident)+) => {
        $(forward!(@$method $path);)+
    };
    (@dequeue ($($field:ident).+)) => {
        fn dequeue(&mut self, _now: $crate::time::Time, _v: &mut $crate::sched::Verdicts) -> Option<$crate::packet::Packet> {
            self.$($field).+.dequeue()
        }
    };
    (@len ($($field:ident).+)) => {
        fn len(&self) -> usize {
            self.$($field).+.len()
        }
    };
    (@bytes ($($field:ident).+)) => {
        fn bytes(&self) -> u64 {
            self.$($field).+.bytes()
        }
    };
    (@snapshot ($($field:ident).+)) => {
        fn snapshot(&self, limit: usize, out: &mut $crate::sched::QueueView) {
            self.$($field).+.snapshot(limit, out)
        }
    };
}

/// The `Scheduler` methods a fair queue over a `Tagged` store in its field `t` answers alike:
/// `len` and `bytes` (its lanes'), `state` (the system virtual time V, read from `self` by the
/// path after `v:` such as `v` or `gps.v()`, none without one, then the heads' tags, all over
/// `scale`) and, with `snapshot:`, a snapshot that plays the order forward under that one rule.
/// E.g. `tagged!(snapshot: Rule::Finish, scale: 1000.0, v: v);` inside its `impl Scheduler`.
macro_rules! tagged {
    (snapshot: $rule:expr, $($rest:tt)+) => {
        fn snapshot(&self, limit: usize, out: &mut $crate::sched::QueueView) {
            self.t.snapshot(limit, out, |_, _| $rule);
        }
        tagged!($($rest)+);
    };
    (scale: $scale:expr, v: $($v:tt)+) => {
        forward!(t.lanes => len, bytes);
        fn state(&self, out: &mut $crate::sched::StateView) {
            self.t.push_state(Some(self.$($v)+), $scale, out);
        }
    };
    (scale: $scale:expr) => {
        forward!(t.lanes => len, bytes);
        fn state(&self, out: &mut $crate::sched::StateView) {
            self.t.push_state(None, $scale, out);
        }
    };
}

/// `enqueue` for a multi-resource scheduler at a port, where nothing is processed before the
/// link: the packet needs no CPU time, and its transmission time at the rate in the field named
/// (`enqueue_costed` does the rest), e.g. `link_costed!(bandwidth);` inside its `impl Scheduler`.
macro_rules! link_costed {
    ($bandwidth:ident) => {
        fn enqueue(
            &mut self,
            now: $crate::time::Time,
            pkt: $crate::packet::Packet,
            v: &mut $crate::sched::Verdicts,
        ) -> $crate::sched::Admission {
            let link = self.$bandwidth.tx_time(pkt.size as u64);
            self.enqueue_costed(now, pkt, [$crate::time::Time::ZERO, link], v)
        }
    };
}

/// The one list: families (folders), each with its helper modules in parentheses and its
/// schedulers, one line a scheduler type: `file: Variant(inline|boxed Type) [ENTRY, ...];` where `file.rs` in the
/// family's folder defines `Type` and the registry entries `ENTRY` (`pub const ...:
/// SchedulerInfo`). `boxed` variants are held in a `Box`, so the enum every port holds stays a
/// FIFO's size. Generates:
/// - `pub mod family { pub mod helper; pub mod file; }` for each family;
/// - `AnyScheduler`, a variant per type, with `From<Type>` and the `Scheduler` dispatch;
/// - `REGISTRY`, every entry in list order (the page's menus and `sched-cli schedulers`).
///
/// A line may start with `#[cfg(feature = "full")]`: that scheduler is left out of the page's
/// first module (sched-sim without `full`), and so are the families' helper modules.
macro_rules! schedulers {
    ($(
        $(#[$family_doc:meta])*
        $family:ident $(($($helper:ident),*))? {
            $($(#[$gate:meta])? $file:ident: $variant:ident($how:ident $ty:ident) [$($entry:ident),*];)*
        }
    )*) => {
        $(
            $(#[$family_doc])*
            pub mod $family {
                $($(#[cfg(feature = "full")] pub mod $helper;)*)?
                $($(#[$gate])? pub mod $file;)*
            }
        )*

        /// Every scheduler, dispatched statically (smoltcp's congestion-controller pattern).
        /// Class-level schedulers hold `Vec<AnyScheduler>` children, so schedulers nest.
        /// Variants larger than a FIFO are boxed, so the enum (held by every port) is a FIFO's
        /// size: most ports of a large network are FIFOs (`sched-cli bench --set memory`).
        #[derive(Debug)]
        pub enum AnyScheduler {
            $($($(#[$gate])? $variant(schedulers!(@type $how $family::$file::$ty)),)*)*
        }

        $($(
            $(#[$gate])?
            impl From<$family::$file::$ty> for AnyScheduler {
                fn from(s: $family::$file::$ty) -> AnyScheduler {
                    AnyScheduler::$variant(schedulers!(@wrap $how s))
                }
            }
        )*)*

        /// Every registered scheduler, in the list's order.
        pub static REGISTRY: &[registry::SchedulerInfo] =
            schedulers!(@registry [] $($($(#[$gate])? [$($family::$file::$entry),*])*)*);

        impl Scheduler for AnyScheduler {
            fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.enqueue(now, pkt, v),)*)* }
            }
            fn enqueue_costed(&mut self, now: Time, pkt: Packet, costs: [Time; 2], v: &mut Verdicts) -> Admission {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.enqueue_costed(now, pkt, costs, v),)*)* }
            }
            fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.dequeue(now, v),)*)* }
            }
            fn next_eligible(&self, now: Time) -> Option<Time> {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.next_eligible(now),)*)* }
            }
            fn preempts(&self, arriving: &Packet, in_service: &Packet) -> bool {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.preempts(arriving, in_service),)*)* }
            }
            fn fair_floor(&self) -> Option<f64> {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.fair_floor(),)*)* }
            }
            fn len(&self) -> usize {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.len(),)*)* }
            }
            fn bytes(&self) -> u64 {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.bytes(),)*)* }
            }
            fn snapshot(&self, limit: usize, out: &mut QueueView) {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.snapshot(limit, out),)*)* }
            }
            fn state(&self, out: &mut StateView) {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.state(out),)*)* }
            }
            fn aqm_report(&self, now: Time) -> Option<AqmReport> {
                match self { $($($(#[$gate])? AnyScheduler::$variant(s) => s.aqm_report(now),)*)* }
            }
        }
    };
    // The registry's slice, each entry under its line's gate (a muncher: a line's gate cannot
    // be repeated per entry directly).
    (@registry [$($acc:tt)*]) => { &[$($acc)*] };
    (@registry [$($acc:tt)*] #[$gate:meta] [$($entry:path),*] $($rest:tt)*) => {
        schedulers!(@registry [$($acc)* $(#[$gate] $entry,)*] $($rest)*)
    };
    (@registry [$($acc:tt)*] [$($entry:path),*] $($rest:tt)*) => {
        schedulers!(@registry [$($acc)* $($entry,)*] $($rest)*)
    };
    (@type inline $t:path) => { $t };
    (@type boxed $t:path) => { Box<$t> };
    (@wrap inline $s:ident) => { $s };
    (@wrap boxed $s:ident) => { Box::new($s) };
}
