// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" \
// RUN:   | FileCheck %s

// algorithm=best-fit: buffers are placed in allocation order; the blocks
// still live at a buffer's allocation leave gaps, and the buffer takes the
// smallest gap it fits in once aligned (the space above the last live block
// up to the arena's current top counts as a gap), else goes on top.

// Disjoint lifetimes: the second buffer reuses the first one's bytes.
// CHECK-LABEL: func.func @reuse
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<40xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<40xi8> to memref<10xf32>
// CHECK-NEXT:    %[[O0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0B]]][] : memref<40xi8> to memref<5xi64>
// CHECK-NEXT:    return
func.func @reuse() {
  %x = memref.alloc() : memref<10xf32>
  memref.dealloc %x : memref<10xf32>
  %y = memref.alloc() : memref<5xi64>
  memref.dealloc %y : memref<5xi64>
  return
}

// -----

// Overlapping lifetimes: no reuse, 40 + 24 bytes.
// CHECK-LABEL: func.func @no_reuse
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<64xi8> to memref<10xf32>
// CHECK-NEXT:    %[[O40:.*]] = arith.constant 40 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O40]]][] : memref<64xi8> to memref<3xi64>
// CHECK-NEXT:    return
func.func @no_reuse() {
  %x = memref.alloc() : memref<10xf32>
  %y = memref.alloc() : memref<3xi64>
  memref.dealloc %x : memref<10xf32>
  memref.dealloc %y : memref<3xi64>
  return
}

// -----

// Smallest gap, not the first: a(200) b(32) c(200) d(48) e(64) at 0, 200,
// 232, 432, 480. With b, d and a released, the live blocks are c and e and
// the gaps are [0, 232) and [432, 480). f (40 bytes) fits both and takes
// the 48-byte one, at 432.
// CHECK-LABEL: func.func @smallest_gap
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<544xi8>
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    arith.constant 200 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    arith.constant 232 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    arith.constant 432 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    arith.constant 480 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    %[[OF:.*]] = arith.constant 432 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[OF]]][] : memref<544xi8> to memref<10xf32>
// CHECK-NEXT:    return
func.func @smallest_gap() {
  %a = memref.alloc() : memref<50xf32>
  %b = memref.alloc() : memref<8xf32>
  %c = memref.alloc() : memref<50xf32>
  %d = memref.alloc() : memref<12xf32>
  %e = memref.alloc() : memref<16xf32>
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %d : memref<12xf32>
  memref.dealloc %a : memref<50xf32>
  %f = memref.alloc() : memref<10xf32>
  memref.dealloc %c : memref<50xf32>
  memref.dealloc %e : memref<16xf32>
  memref.dealloc %f : memref<10xf32>
  return
}

// -----

// The gap above the last live block counts: a(100) b(20) c(60) at 0, 100,
// 120; with a and c released the gaps are [0, 100) and [120, 180) (up to
// the top). d (48 bytes) takes the smaller, at 120, and the arena does not
// grow.
// CHECK-LABEL: func.func @gap_below_the_top
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<180xi8>
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    arith.constant 100 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    arith.constant 120 : index
// CHECK-NEXT:    memref.view
// CHECK-NEXT:    %[[OD:.*]] = arith.constant 120 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[OD]]][] : memref<180xi8> to memref<12xf32>
// CHECK-NEXT:    return
func.func @gap_below_the_top() {
  %a = memref.alloc() : memref<25xf32>
  %b = memref.alloc() : memref<5xf32>
  %c = memref.alloc() : memref<15xf32>
  memref.dealloc %a : memref<25xf32>
  memref.dealloc %c : memref<15xf32>
  %d = memref.alloc() : memref<12xf32>
  memref.dealloc %b : memref<5xf32>
  memref.dealloc %d : memref<12xf32>
  return
}

// -----

// Alignment can rule a gap out: a(64, align 64) at 0, b(40) at 64, c(64,
// align 64) at 128. b's release opens [64, 128): d(32, align 32) fits at
// 64. e(16, align 128) would start at 128 in the remaining gap [96, 128)
// and not fit, so it goes on top, aligned: 256. Arena alignment 128.
// CHECK-LABEL: func.func @alignment_rules_out_a_gap
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 128 : i64} : memref<272xi8>
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    memref.view {{.*}} to memref<64xi8>
// CHECK-NEXT:    arith.constant 64 : index
// CHECK-NEXT:    memref.view {{.*}} to memref<40xi8>
// CHECK-NEXT:    arith.constant 128 : index
// CHECK-NEXT:    memref.view {{.*}} to memref<64xi8>
// CHECK-NEXT:    arith.constant 64 : index
// CHECK-NEXT:    memref.view {{.*}} to memref<8xf32>
// CHECK-NEXT:    arith.constant 256 : index
// CHECK-NEXT:    memref.view {{.*}} to memref<4xf32>
// CHECK-NEXT:    return
func.func @alignment_rules_out_a_gap() {
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
  %b = memref.alloc() : memref<40xi8>
  %c = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
  memref.dealloc %b : memref<40xi8>
  %d = memref.alloc() {alignment = 32 : i64} : memref<8xf32>
  %e = memref.alloc() {alignment = 128 : i64} : memref<4xf32>
  memref.dealloc %a : memref<64xi8>
  memref.dealloc %c : memref<64xi8>
  memref.dealloc %d : memref<8xf32>
  memref.dealloc %e : memref<4xf32>
  return
}
