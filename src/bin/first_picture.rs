//! The first picture as a module of its own: the article's map drawn once,
//! while the page's module (over twice its size) is still coming (see
//! `hydraulic_erosion::sketch::builds`). Its one export is the library's
//! `firstPicture`, which the page's start calls, so it has no `main`.
#![cfg_attr(target_arch = "wasm32", no_main)]

use hydraulic_erosion as _;

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

/// The picture's memory, handed out in order and never given back
/// ([`in_order::InOrder`]).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static MEMORY: in_order::InOrder = in_order::InOrder::new();

/// An allocator for a module that draws one picture and is let go: its
/// worker ends once the picture is sent, and on the page it places the
/// picture and takes it down. A picture takes some 6 MB all told, freed or
/// not (`Sketch::new` and its first frame, counted natively at 390 × 219 at
/// a pixel ratio of 3 and at 968 × 545: 6.0 MB, 3.4 MB of it at once), so a
/// general allocator's 7 KB of code (dlmalloc), some 3 KB of the picture's
/// gzipped download, which a phone waits for before the map shows, would
/// buy nothing.
#[cfg(target_arch = "wasm32")]
mod in_order {
    use core::alloc::{GlobalAlloc, Layout};
    use core::arch::wasm32::{memory_grow, memory_size};
    use core::cell::Cell;
    use core::ptr::null_mut;

    /// A page of wasm memory, what it grows by.
    const PAGE: usize = 65_536;

    /// Hands out memory from the end of the module's memory onwards, which
    /// it grows as it needs: `next` is the first byte not handed out, `end`
    /// the end of the memory (0 before the first allocation). Nothing is
    /// given back.
    pub struct InOrder {
        next: Cell<usize>,
        end: Cell<usize>,
    }

    // (one thread: the module runs without shared memory, in a page or in
    // one worker)
    unsafe impl Sync for InOrder {}

    impl InOrder {
        pub const fn new() -> Self {
            InOrder { next: Cell::new(0), end: Cell::new(0) }
        }
    }

    unsafe impl GlobalAlloc for InOrder {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            if self.end.get() == 0 {
                // (what the module's memory holds to begin with is its
                // stack and data: the rest starts after it)
                let end = memory_size(0) * PAGE;
                self.next.set(end);
                self.end.set(end);
            }
            let start = self.next.get().next_multiple_of(layout.align());
            let Some(end) = start.checked_add(layout.size()) else { return null_mut() };
            if end > self.end.get() {
                let pages = (end - self.end.get()).div_ceil(PAGE);
                // (nothing else grows the memory: what it adds follows
                // `end`)
                if memory_grow(0, pages) == usize::MAX {
                    return null_mut();
                }
                self.end.set(self.end.get() + pages * PAGE);
            }
            self.next.set(end);
            start as *mut u8
        }

        unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
    }
}
