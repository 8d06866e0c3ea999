//! The threaded wasm build's allocator (src/thread_cache.rs), natively over the system
//! allocator: contents survive every move between classes, blocks freed on one thread serve
//! another, nothing handed out overlaps, zeroed requests are zero even from a dirty cached block,
//! larger alignments are honoured, and a thread keeps no more idle blocks than its capacity.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use zkplay_wasm_runtime::thread_cache::{cached_blocks, class_capacity, ThreadCache};
use zkplay_wasm_runtime::xorshift::XorShift;

static A: ThreadCache<System> = ThreadCache::new(System);

/// A block size: mostly small, sometimes across the 64 KiB boundary.
fn size(rng: &mut XorShift) -> usize {
    match rng.next_u64() % 10 {
        0 => 60_000 + (rng.next_u64() % 20_000) as usize,
        1..=3 => 1 + (rng.next_u64() % 4096) as usize,
        _ => 1 + (rng.next_u64() % 200) as usize,
    }
}

struct Block {
    ptr: *mut u8,
    layout: Layout,
    fill: u8,
}

unsafe fn fill(b: &Block) {
    unsafe { std::ptr::write_bytes(b.ptr, b.fill, b.layout.size()) }
}

unsafe fn check(b: &Block, len: usize) {
    let bytes = unsafe { std::slice::from_raw_parts(b.ptr, len) };
    assert!(bytes.iter().all(|&x| x == b.fill), "block of {} bytes lost its contents", b.layout.size());
}

/// No two live blocks overlap.
fn assert_disjoint(blocks: &[Block]) {
    let mut spans: BTreeMap<usize, usize> = BTreeMap::new();
    for b in blocks {
        spans.insert(b.ptr as usize, b.ptr as usize + b.layout.size());
    }
    let mut end = 0;
    for (start, stop) in spans {
        assert!(start >= end, "two live blocks overlap");
        end = stop;
    }
}

#[test]
fn contents_survive_alloc_realloc_and_reuse() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut live: Vec<Block> = Vec::new();
    for round in 0..20_000u32 {
        match rng.next_u64() % 4 {
            // allocate
            0 | 1 => {
                let layout =
                    Layout::from_size_align(size(&mut rng), [1, 2, 4, 8, 16][(rng.next_u64() % 5) as usize]).unwrap();
                let ptr = unsafe { A.alloc(layout) };
                assert!(!ptr.is_null());
                assert_eq!(ptr as usize % layout.align(), 0, "misaligned block");
                let b = Block { ptr, layout, fill: round as u8 };
                unsafe { fill(&b) };
                live.push(b);
            }
            // grow or shrink, across classes and across the cached/uncached boundary
            2 if !live.is_empty() => {
                let i = (rng.next_u64() as usize) % live.len();
                let new_size = size(&mut rng);
                let b = &mut live[i];
                let keep = b.layout.size().min(new_size);
                let ptr = unsafe { A.realloc(b.ptr, b.layout, new_size) };
                assert!(!ptr.is_null());
                b.ptr = ptr;
                b.layout = Layout::from_size_align(new_size, b.layout.align()).unwrap();
                unsafe { check(b, keep) };
                b.fill = b.fill.wrapping_add(1);
                unsafe { fill(b) };
            }
            // free
            _ if !live.is_empty() => {
                let b = live.swap_remove((rng.next_u64() as usize) % live.len());
                unsafe {
                    check(&b, b.layout.size());
                    A.dealloc(b.ptr, b.layout);
                }
            }
            _ => {}
        }
        if round % 1000 == 0 {
            assert_disjoint(&live);
        }
    }
    for b in &live {
        unsafe { check(b, b.layout.size()) };
    }
    assert_disjoint(&live);
    for b in live {
        unsafe { A.dealloc(b.ptr, b.layout) };
    }
}

#[test]
fn zeroed_blocks_are_zero_even_when_reused() {
    let layout = Layout::from_size_align(100, 8).unwrap();
    unsafe {
        let dirty = A.alloc(layout);
        std::ptr::write_bytes(dirty, 0xAB, 100);
        A.dealloc(dirty, layout);
        let again = A.alloc_zeroed(layout);
        assert_eq!(again, dirty, "the freed block is reused by this thread");
        assert!(std::slice::from_raw_parts(again, 100).iter().all(|&x| x == 0));
        A.dealloc(again, layout);
    }
}

#[test]
fn large_alignments_bypass_the_cache_and_are_honoured() {
    for align in [32, 64, 4096] {
        let layout = Layout::from_size_align(24, align).unwrap();
        let before = cached_blocks();
        unsafe {
            let p = A.alloc(layout);
            assert_eq!(p as usize % align, 0);
            A.dealloc(p, layout);
        }
        assert_eq!(cached_blocks(), before, "a block aligned to {align} must not enter the cache");
    }
}

#[test]
fn a_thread_keeps_at_most_its_capacity() {
    let layout = Layout::from_size_align(48, 8).unwrap(); // class 2 (64 B)
    let n = class_capacity(2) + 50;
    let blocks: Vec<*mut u8> = (0..n).map(|_| unsafe { A.alloc(layout) }).collect();
    for p in blocks {
        unsafe { A.dealloc(p, layout) };
    }
    assert_eq!(cached_blocks()[2], class_capacity(2));
}

#[test]
fn blocks_freed_on_one_thread_serve_another() {
    // A producer allocates and fills, a consumer checks and frees, then allocates from what it freed.
    let (tx, rx) = std::sync::mpsc::channel::<(usize, usize, u8)>();
    let producer = std::thread::spawn(move || {
        let mut rng = XorShift(7);
        for i in 0..5000u32 {
            let size = size(&mut rng);
            let layout = Layout::from_size_align(size, 8).unwrap();
            let p = unsafe { A.alloc(layout) };
            unsafe { std::ptr::write_bytes(p, i as u8, size) };
            tx.send((p as usize, size, i as u8)).unwrap();
        }
    });
    let consumer = std::thread::spawn(move || {
        let mut held = Vec::new();
        for (p, size, byte) in rx {
            let layout = Layout::from_size_align(size, 8).unwrap();
            let b = Block { ptr: p as *mut u8, layout, fill: byte };
            unsafe {
                check(&b, size);
                A.dealloc(b.ptr, layout);
            }
            // Reuse on this thread what the other one allocated.
            let q = unsafe { A.alloc(layout) };
            let mine = Block { ptr: q, layout, fill: byte ^ 0xFF };
            unsafe { fill(&mine) };
            held.push(mine);
            if held.len() > 64 {
                let old = held.remove(0);
                unsafe {
                    check(&old, old.layout.size());
                    A.dealloc(old.ptr, old.layout);
                }
            }
        }
        assert_disjoint(&held);
        for b in held {
            unsafe {
                check(&b, b.layout.size());
                A.dealloc(b.ptr, b.layout);
            }
        }
    });
    producer.join().unwrap();
    consumer.join().unwrap();
}
