// RUN: pto-opt %s -verify-diagnostics -o /dev/null \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit remarks=1}))"

// remarks=1 (beyond upstream): one remark per function and memory space
// with the arena's size, the lower bound (the most bytes live at one
// point, which no placement can go below; "proven optimal" when the arena
// reaches it), and the bytes saved against no sharing (every buffer in its
// own slot, packed in program order with its alignment, which is what
// algorithm=trivial gives).

// Two 40-byte buffers one after the other share: 40 of 80 bytes.
// expected-remark @below {{static-memory-planner (best-fit): arena of 40 bytes for 2 buffers in memory space 'default'; lower bound 40 bytes, proven optimal; 40 bytes saved against no sharing}}
func.func @sequential() {
  %a = memref.alloc() : memref<10xf32>
  memref.dealloc %a : memref<10xf32>
  %b = memref.alloc() : memref<10xf32>
  memref.dealloc %b : memref<10xf32>
  return
}

// Live together: nothing to save.
// expected-remark @below {{static-memory-planner (best-fit): arena of 24 bytes for 2 buffers in memory space 'default'; lower bound 24 bytes, proven optimal; 0 bytes saved against no sharing}}
func.func @together() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<8xi8>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<8xi8>
  return
}

// Without sharing the 64-byte aligned buffer would need padding after the
// first (68 bytes); with reuse both sit at 0.
// expected-remark @below {{static-memory-planner (best-fit): arena of 4 bytes for 2 buffers in memory space 'default'; lower bound 4 bytes, proven optimal; 64 bytes saved against no sharing}}
func.func @padding_saved() {
  %a = memref.alloc() : memref<4xi8>
  memref.dealloc %a : memref<4xi8>
  %b = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
  memref.dealloc %b : memref<1xf32>
  return
}

// Above the lower bound: best-fit puts a (4) at 0 and b (12) at 4; a dies
// and c (8) does not fit in its 4-byte hole, so it goes on top at 16; b
// dies and d (12) goes to 0. 24 bytes, while at most 20 are live at once
// (b and c, or c and d). No sharing: 4 + 12 + 8 + 12 = 36.
// expected-remark @below {{static-memory-planner (best-fit): arena of 24 bytes for 4 buffers in memory space 'default'; lower bound 20 bytes; 12 bytes saved against no sharing}}
func.func @above_the_bound() {
  %a = memref.alloc() : memref<4xi8>
  %b = memref.alloc() : memref<12xi8>
  memref.dealloc %a : memref<4xi8>
  %c = memref.alloc() : memref<8xi8>
  memref.dealloc %b : memref<12xi8>
  %d = memref.alloc() : memref<12xi8>
  memref.dealloc %c : memref<8xi8>
  memref.dealloc %d : memref<12xi8>
  return
}

// One remark per memory space.
// expected-remark @below {{static-memory-planner (best-fit): arena of 8 bytes for 1 buffers in memory space 'default'; lower bound 8 bytes, proven optimal; 0 bytes saved against no sharing}}
// expected-remark @below {{static-memory-planner (best-fit): arena of 6 bytes for 1 buffers in memory space 'vec'; lower bound 6 bytes, proven optimal; 0 bytes saved against no sharing}}
func.func @two_spaces() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<3xi16, "vec">
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<3xi16, "vec">
  return
}

// Nothing planned, nothing said.
func.func @no_buffers(%n: index) {
  %d = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  return
}
