//! Where packet headers live: the cells of this thread's pool, taken and given back in LIFO
//! order (a packet made right after another ended gets the cell it left, still in cache).
//!
//! Principles:
//! - A `Packet` is the address of its cell (`super::Packet`), so a header never moves while
//!   its packet crosses ports, schedulers and links: what moves is the 8-byte handle.
//! - One allocation per `CHUNK` cells, not one per packet: a free cell holds the address of the
//!   next free cell in its first 8 bytes, so taking and giving back a cell is a load and a
//!   store (the system allocator's per-packet `malloc` and `free` cost about 130 instructions
//!   a packet on the dumbbell benchmark, where bursts overflow its per-size caches).
//! - Invariant: every cell of every chunk is either live (a `Packet` points at it, its header
//!   initialised) or on the free list (its first 8 bytes the next free cell), never both;
//!   `live` counts the former.
//! - Memory follows the packets alive: when the last live packet of the thread ends, the pool
//!   keeps its first chunk and gives the others back (a run's queues emptied at its end, or an
//!   idle network between bursts), so what a run held is not carried into the next run (the
//!   memory benchmark counts each run's own), and a network that often goes idle keeps one
//!   chunk rather than reallocating it.
//! - Per thread: a `Packet` is neither `Send` nor `Sync` (its address is this thread's pool's),
//!   so packets never cross threads; each sweep thread has its own pool.

use super::Header;
use std::cell::{Cell, RefCell};
use std::mem::MaybeUninit;
use std::ptr::NonNull;

/// Cells per chunk: 3.5 KB of headers.
const CHUNK: usize = 64;

type Chunk = Box<[MaybeUninit<Header>; CHUNK]>;

/// A free cell's content: the next free cell.
type Next = Option<NonNull<Header>>;

/// What every take and give-back touches (no destructor: reached without a registration test).
struct Hot {
    free: Cell<Next>,
    live: Cell<usize>,
}

thread_local! {
    static HOT: Hot = const { Hot { free: Cell::new(None), live: Cell::new(0) } };
    /// The chunks (touched only when the pool grows or shrinks).
    static CHUNKS: RefCell<Vec<Chunk>> = const { RefCell::new(Vec::new()) };
}

/// A cell holding `h`.
#[inline]
pub(super) fn take(h: Header) -> NonNull<Header> {
    HOT.with(|p| {
        let cell = match p.free.get() {
            Some(c) => {
                // SAFETY: a free cell's first 8 bytes hold the next free cell (the invariant).
                p.free.set(unsafe { c.cast::<Next>().read() });
                c
            }
            None => grow(p),
        };
        // SAFETY: the cell is free (now off the list) and sized and aligned for a header.
        unsafe { cell.as_ptr().write(h) };
        p.live.set(p.live.get() + 1);
        cell
    })
}

/// Gives back `cell`, whose header has been dropped.
///
/// SAFETY: `cell` came from [`take`] on this thread, and nothing uses it after this.
#[inline]
pub(super) unsafe fn give_back(cell: NonNull<Header>) {
    HOT.with(|p| {
        // SAFETY: the caller's; a cell is large and aligned enough for a pointer.
        unsafe { cell.cast::<Next>().write(p.free.get()) };
        p.free.set(Some(cell));
        let live = p.live.get() - 1;
        p.live.set(live);
        if live == 0 {
            shrink(p);
        }
    })
}

/// Adds a chunk: its cells go on the free list; returns one of them (off the list).
#[cold]
#[inline(never)]
fn grow(p: &Hot) -> NonNull<Header> {
    let mut chunk: Chunk = Box::new([const { MaybeUninit::uninit() }; CHUNK]);
    let base = NonNull::new(chunk.as_mut_ptr().cast::<Header>()).expect("a box is never null");
    // SAFETY: indices within the chunk; each cell gets its next free cell (the last, none).
    unsafe {
        for i in 1..CHUNK {
            let next = if i + 1 < CHUNK { Some(base.add(i + 1)) } else { None };
            base.add(i).cast::<Next>().write(next);
        }
    }
    CHUNKS.with(|c| c.borrow_mut().push(chunk));
    // SAFETY: CHUNK > 1.
    p.free.set(Some(unsafe { base.add(1) }));
    base
}

/// No packet is alive: every cell is free. Keeps the first chunk (its cells the whole free
/// list) and gives the others back.
#[cold]
#[inline(never)]
fn shrink(p: &Hot) {
    CHUNKS.with(|c| {
        let mut chunks = c.borrow_mut();
        if chunks.len() <= 1 {
            return;
        }
        chunks.truncate(1);
        let base = NonNull::new(chunks[0].as_mut_ptr().cast::<Header>()).expect("a box is never null");
        // SAFETY: indices within the kept chunk; no cell is live, so all are rewritten free.
        unsafe {
            for i in 0..CHUNK {
                let next = if i + 1 < CHUNK { Some(base.add(i + 1)) } else { None };
                base.add(i).cast::<Next>().write(next);
            }
        }
        p.free.set(Some(base));
    });
}

/// Cells live and chunks held on this thread (tests).
#[cfg(test)]
pub(super) fn counts() -> (usize, usize) {
    (HOT.with(|p| p.live.get()), CHUNKS.with(|c| c.borrow().len()))
}
