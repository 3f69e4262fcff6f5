//! Building blocks several scheduler families share: the buffer policies (`buffer`), a queue in
//! key order (`keyed`), per-flow, per-class or per-bucket queues (`lanes`, `per_lane`), virtual-time
//! tags over lanes (`tagged`) and a FIFO's block storage (`blocks`).

pub mod blocks;
pub mod buffer;
pub mod keyed;
pub mod lanes;
pub mod per_lane;
pub mod tagged;
