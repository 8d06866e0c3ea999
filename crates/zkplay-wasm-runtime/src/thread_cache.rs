//! A per-thread cache of small freed blocks in front of a global allocator: the threaded wasm
//! builds' `#[global_allocator]` (`lib.rs`).
//!
//! Why: with atomics, std's wasm allocator is one dlmalloc behind one global lock, and that lock
//! *spins* (std cannot wait with `memory.atomic.wait` because a browser's main thread may not
//! block). plonky2 allocates a `Vec` for every hash input and many rows, so two threads collide
//! on it constantly: the two-thread profile of a 1087-byte plonky2 proof (`npm run
//! profile:browser`) spent 1.1 s more than the one-thread profile in `__rdl_alloc`,
//! `__rdl_dealloc` and `__rdl_realloc`, most of it spinning, out of 3.0 s of extra work.
//!
//! How: a request of at most 64 KiB with an alignment of at most 16 belongs to a power-of-two
//! size class (16 B .. 64 KiB) and is served from, and freed to, a free list of the calling
//! thread, without any lock or atomic operation. A list that is empty gets a block of the class
//! from the inner allocator; a list that is full (`class_capacity`) passes frees on to it. Every
//! block of a class is allocated with the class's size and alignment, so a block freed on one
//! thread serves any request of its class on another. Anything larger or more aligned goes
//! straight to the inner allocator, so large vectors still grow in place with `realloc`.
//!
//! Costs, bounded: rounding up to a power of two (at most 2x on a small block), and at most
//! `class_capacity` idle blocks per class and thread (about 3.5 MiB per thread in all); the
//! blocks a thread holds when it exits stay with it (wasm worker threads never exit).
//!
//! All instances share the per-thread lists, so a program must wrap one inner allocator only
//! (it has one: the global allocator).

use core::alloc::{GlobalAlloc, Layout};
use core::cell::Cell;
use core::ptr;

/// The smallest class is 2^4 = 16 bytes (room for the free list's next pointer).
const MIN_SHIFT: u32 = 4;
/// The largest class is 2^16 = 64 KiB.
const MAX_SHIFT: u32 = 16;
const CLASSES: usize = (MAX_SHIFT - MIN_SHIFT + 1) as usize;
/// Alignment of every cached block: the largest a cached request may ask for.
const BLOCK_ALIGN: usize = 16;
/// Idle bytes a thread keeps per class, and the fewest blocks (for the large classes).
const CACHE_BYTES_PER_CLASS: usize = 256 << 10;
const MIN_BLOCKS_PER_CLASS: usize = 8;

/// The size class serving `layout`, if it is cached.
fn class_of(layout: Layout) -> Option<usize> {
    if layout.align() > BLOCK_ALIGN || layout.size() > 1 << MAX_SHIFT {
        return None;
    }
    let size = layout.size().max(1 << MIN_SHIFT).next_power_of_two();
    Some((size.trailing_zeros() - MIN_SHIFT) as usize)
}

/// The layout every block of a class is allocated with.
fn class_layout(class: usize) -> Layout {
    // A power of two at most 2^16 with alignment 16: always a valid layout.
    Layout::from_size_align(1 << (class as u32 + MIN_SHIFT), BLOCK_ALIGN).unwrap()
}

/// How many idle blocks of a class a thread keeps.
pub fn class_capacity(class: usize) -> usize {
    (CACHE_BYTES_PER_CLASS >> (class as u32 + MIN_SHIFT)).max(MIN_BLOCKS_PER_CLASS)
}

/// One thread's free lists: the first bytes of an idle block point to the next idle block.
struct FreeLists {
    heads: [Cell<*mut u8>; CLASSES],
    counts: [Cell<usize>; CLASSES],
}

impl FreeLists {
    const fn new() -> Self {
        Self { heads: [const { Cell::new(ptr::null_mut()) }; CLASSES], counts: [const { Cell::new(0) }; CLASSES] }
    }

    /// Safety: the list holds only blocks of at least 16 bytes, aligned to 16, owned by it.
    unsafe fn pop(&self, class: usize) -> *mut u8 {
        let head = self.heads[class].get();
        if !head.is_null() {
            self.heads[class].set(unsafe { (head as *mut *mut u8).read() });
            self.counts[class].set(self.counts[class].get() - 1);
        }
        head
    }

    /// Keeps `block` unless the class is full; false when it was not taken.
    /// Safety: `block` is an unused block of `class`, allocated with `class_layout(class)`.
    unsafe fn push(&self, class: usize, block: *mut u8) -> bool {
        let count = self.counts[class].get();
        if count >= class_capacity(class) {
            return false;
        }
        unsafe { (block as *mut *mut u8).write(self.heads[class].get()) };
        self.heads[class].set(block);
        self.counts[class].set(count + 1);
        true
    }
}

thread_local! {
    // Const-initialised and without Drop: reading it never allocates, so the allocator may use it.
    static LISTS: FreeLists = const { FreeLists::new() };
}

/// The calling thread's lists, or None while its thread-local storage is not set up yet.
///
/// wasm-bindgen starts a thread by allocating its stack and its thread-local block with this
/// allocator *before* `__wasm_init_tls` points `__tls_base` at that block. Until then a
/// thread-local's address is computed from `__tls_base`'s initial value, far below the heap,
/// and every thread starting at that moment would share (and race on) one set of lists there.
/// Every thread's block is allocated from the heap, so the lists are usable exactly when their
/// address is in the heap; until then requests go to the inner allocator with the class layout.
#[inline]
fn lists<R>(f: impl FnOnce(&FreeLists) -> R) -> Option<R> {
    LISTS.with(|l| if tls_ready(l as *const FreeLists as usize) { Some(f(l)) } else { None })
}

#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
fn tls_ready(address: usize) -> bool {
    unsafe extern "C" {
        // The linker's first address after the data and the main stack: where the heap starts.
        static __heap_base: u8;
    }
    // Taking an extern static's address reads nothing: no unsafe block (rustc's unused_unsafe).
    address >= core::ptr::addr_of!(__heap_base) as usize
}

/// Natively thread-locals are set up before any code of the thread runs; in wasm without atomics
/// there is one thread and a thread-local is a plain static (below the heap, and always ready).
#[cfg(not(all(target_arch = "wasm32", target_feature = "atomics")))]
fn tls_ready(_address: usize) -> bool {
    true
}

/// Idle blocks the calling thread holds, per class (16 B, 32 B, … 64 KiB): for tests and reports.
pub fn cached_blocks() -> [usize; CLASSES] {
    LISTS.with(|l| core::array::from_fn(|c| l.counts[c].get()))
}

/// `inner` with a per-thread cache of small blocks in front of it (see the module's comment).
pub struct ThreadCache<A> {
    inner: A,
}

impl<A> ThreadCache<A> {
    pub const fn new(inner: A) -> Self {
        Self { inner }
    }
}

unsafe impl<A: GlobalAlloc> GlobalAlloc for ThreadCache<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            Some(class) => {
                let block = lists(|l| unsafe { l.pop(class) }).unwrap_or(ptr::null_mut());
                if block.is_null() {
                    unsafe { self.inner.alloc(class_layout(class)) }
                } else {
                    block
                }
            }
            None => unsafe { self.inner.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            // A cached block was used before: clear what the caller asked for.
            Some(_) => {
                let block = unsafe { self.alloc(layout) };
                if !block.is_null() {
                    unsafe { ptr::write_bytes(block, 0, layout.size()) };
                }
                block
            }
            // Large blocks: the inner allocator knows when its memory is fresh (already zero).
            None => unsafe { self.inner.alloc_zeroed(layout) },
        }
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        match class_of(layout) {
            Some(class) => {
                if !lists(|l| unsafe { l.push(class, block) }).unwrap_or(false) {
                    unsafe { self.inner.dealloc(block, class_layout(class)) }
                }
            }
            None => unsafe { self.inner.dealloc(block, layout) },
        }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // The caller guarantees that new_size rounded up to the alignment does not overflow.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (class_of(layout), class_of(new_layout)) {
            (None, None) => unsafe { self.inner.realloc(block, layout, new_size) },
            // The block already has the class's size.
            (Some(a), Some(b)) if a == b => block,
            _ => {
                let moved = unsafe { self.alloc(new_layout) };
                if !moved.is_null() {
                    unsafe {
                        ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                        self.dealloc(block, layout);
                    }
                }
                moved
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_every_small_request_and_nothing_else() {
        let l = |size, align| Layout::from_size_align(size, align).unwrap();
        assert_eq!(class_of(l(1, 1)), Some(0));
        assert_eq!(class_of(l(16, 16)), Some(0));
        assert_eq!(class_of(l(17, 8)), Some(1));
        assert_eq!(class_of(l(1 << 16, 8)), Some(CLASSES - 1));
        assert_eq!(class_of(l((1 << 16) + 1, 8)), None);
        assert_eq!(class_of(l(8, 32)), None);
        for class in 0..CLASSES {
            assert!(class_layout(class).size() >= 16 && class_layout(class).align() == BLOCK_ALIGN);
            assert!(class_capacity(class) >= MIN_BLOCKS_PER_CLASS);
        }
    }
}
