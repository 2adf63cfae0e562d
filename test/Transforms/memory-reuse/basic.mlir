// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement | FileCheck %s

// Tiles whose lifetimes do not overlap share one allocation; the
// allocation nothing uses any more is removed. %c is loaded after %a's
// last use, so it takes %a's buffer, and %mem_vec_2 disappears.
// CHECK-LABEL: func.func @disjoint_lifetimes
// CHECK:      %[[A:.*]] = tile.alloc vec, 16384 : !tile.buf<vec>
// CHECK-NEXT: %[[B:.*]] = tile.alloc vec, 16384 : !tile.buf<vec>
// CHECK-NOT:  tile.alloc
// CHECK:      %a = tile.load %in into %[[A]]
// CHECK-NEXT: %b = tile.add %a, %a into %[[B]]
// CHECK-NEXT: %c = tile.load %in into %[[A]]
// CHECK-NEXT: %d = tile.mul %b, %c into %[[A]]
func.func @disjoint_lifetimes(%in: !tile.tensor<64x64xf32>) {
  %mem_vec_0 = tile.alloc vec, 16384 : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 16384 : !tile.buf<vec>
  %mem_vec_2 = tile.alloc vec, 16384 : !tile.buf<vec>
  %mem_vec_3 = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in into %mem_vec_0 : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %a into %mem_vec_1 : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %c = tile.load %in into %mem_vec_2 : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %d = tile.mul %b, %c into %mem_vec_3 : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Producer-consumer reuse: %a's last use is the statement that defines %b;
// inputs are read before outputs are written, so %b may take %a's buffer.
// CHECK-LABEL: func.func @producer_consumer
// CHECK:      %[[M:.*]] = tile.alloc vec, 1024
// CHECK-NOT:  tile.alloc
// CHECK:      tile.create into %[[M]]
// CHECK-NEXT: tile.muls %a, %s into %[[M]]
func.func @producer_consumer(%s: f32) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.create into %m0 : () -> !tile.tile<16x16xf32, vec>
  %b = tile.muls %a, %s into %m1 : (!tile.tile<16x16xf32, vec>, f32) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// Overlapping lifetimes never share: %a is still read after %b is loaded.
// CHECK-LABEL: func.func @overlapping
// CHECK:      tile.load %in into %[[A:[a-z0-9_]+]]
// CHECK-NEXT: tile.load %in into %[[B:[a-z0-9_]+]]
// CHECK-NOT:  into %[[A]]
// CHECK:      tile.add %a, %b into %[[B]]
func.func @overlapping(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %c = tile.add %a, %b into %m2 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// Sharing stays within one memory space: the mat and vec tiles have
// disjoint lifetimes and equal sizes but keep separate allocations.
// CHECK-LABEL: func.func @spaces_apart
// CHECK: tile.alloc mat, 1024
// CHECK: tile.alloc vec, 1024
// CHECK: tile.load %in into %m0
// CHECK: tile.load %in into %m1
func.func @spaces_apart(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc mat, 1024 : !tile.buf<mat>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, mat>
  %b = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// First-fit decreasing: the larger allocation is packed first, so the
// smaller tiles defined before it still join its buffer (an earlier-only,
// larger-only size gate would have missed this). The buffer is sized by
// its largest member.
// CHECK-LABEL: func.func @smaller_first
// CHECK:      %[[BIG:.*]] = tile.alloc vec, 4096
// CHECK-NOT:  tile.alloc
// CHECK:      tile.load %in into %[[BIG]] : (!tile.tensor<32x32xf32>) -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT: tile.exp %a into %[[BIG]]
// CHECK-NEXT: tile.load %in into %[[BIG]] : (!tile.tensor<32x32xf32>) -> !tile.tile<32x32xf32, vec>
func.func @smaller_first(%in: !tile.tensor<32x32xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 4096 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<32x32xf32>) -> !tile.tile<16x16xf32, vec>
  %s = tile.exp %a into %m0 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %b = tile.load %in into %m1 : (!tile.tensor<32x32xf32>) -> !tile.tile<32x32xf32, vec>
  return
}

// -----

// No shape or dtype gate: a bf16 tile reuses a dead f32 tile's buffer, and
// a fillpad output reuses its input.
// CHECK-LABEL: func.func @cross_dtype
// CHECK:      %[[M:.*]] = tile.alloc vec, 1024
// CHECK-NOT:  tile.alloc
// CHECK:      tile.load %in into %[[M]]
// CHECK-NEXT: tile.cast %a into %[[M]]
// CHECK-NEXT: tile.fillpad %h into %[[M]]
func.func @cross_dtype(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 512 : !tile.buf<vec>
  %m2 = tile.alloc vec, 512 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %h = tile.cast %a into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xbf16, vec>
  %p = tile.fillpad %h into %m2 : (!tile.tile<16x16xbf16, vec>) -> !tile.tile<16x16xbf16, vec>
  return
}

// -----

// Declared (pinned) allocations are closed: nothing joins them, and they
// join nothing, however disjoint the lifetimes.
// CHECK-LABEL: func.func @pinned_closed
// CHECK-DAG: %ping = tile.alloc vec, 1024 {pinned}
// CHECK-DAG: %m1 = tile.alloc vec, 1024 :
// CHECK:     tile.load %in into %ping
// CHECK:     tile.load %in into %m1
func.func @pinned_closed(%in: !tile.tensor<16x16xf32>) {
  %ping = tile.alloc vec, 1024 {pinned} : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %ping : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  return
}
