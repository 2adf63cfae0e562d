// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=ffd}))" \
// RUN:   | FileCheck %s
// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" \
// RUN:   | FileCheck %s --check-prefix=BF

// algorithm=ffd (beyond upstream): PyPTO MemoryReuse's first-fit
// decreasing sharing. Buffers are taken largest first; each joins the first
// slot whose buffers all have lifetimes disjoint from its own (liveness
// intervals, not entry-block indices), else opens a slot; a slot is as large
// as its first (largest) member; the slots are then placed.

// x (16 bytes) dies early, y (16) lives to the end, z (32) starts after x
// died. ffd puts z first in slot A, x joins it (disjoint), y overlaps both
// and gets slot B: 32 + 16 = 48 bytes, x and z at 0, y at 32. best-fit,
// placing in allocation order, puts x at 0 and y at 16; the 16-byte hole x
// leaves is too small for z, which goes on top: 64 bytes.
// CHECK-LABEL: func.func @largest_first
// CHECK-NEXT:    arith.constant 1 : index
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<48xi8>
// CHECK-NEXT:    %[[OX:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[X:.*]] = memref.view %[[ARENA]][%[[OX]]][] : memref<48xi8> to memref<4xf32>
// CHECK-NEXT:    %[[OY:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[Y:.*]] = memref.view %[[ARENA]][%[[OY]]][] : memref<48xi8> to memref<4xf32>
// CHECK:         %[[OZ:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[Z:.*]] = memref.view %[[ARENA]][%[[OZ]]][] : memref<48xi8> to memref<8xf32>
// BF-LABEL:      func.func @largest_first
// BF-NEXT:         arith.constant 1 : index
// BF-NEXT:         memref.alloc() {alignment = 1 : i64} : memref<64xi8>
// BF:              arith.constant 16 : index
// BF:              arith.constant 32 : index
// BF-NEXT:         memref.view {{.*}} to memref<8xf32>
func.func @largest_first(%v: f32) {
  %i = arith.constant 1 : index
  %x = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4xf32>
  memref.store %v, %x[%i] : memref<4xf32>
  memref.store %v, %y[%i] : memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  %z = memref.alloc() : memref<8xf32>
  memref.store %v, %z[%i] : memref<8xf32>
  memref.dealloc %z : memref<8xf32>
  memref.store %v, %y[%i] : memref<4xf32>
  memref.dealloc %y : memref<4xf32>
  return
}

// -----

// A slot never grows: the small buffer allocated first (s, 8 bytes) sits
// in the large one's slot (l, 40 bytes, allocated later), so the arena is
// the large buffer alone.
// CHECK-LABEL: func.func @small_in_a_large_slot
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<40xi8>
// CHECK-NEXT:    %[[OS:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[OS]]][] : memref<40xi8> to memref<2xf32>
// CHECK-NEXT:    %[[OL:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[OL]]][] : memref<40xi8> to memref<10xf32>
// CHECK-NEXT:    return
func.func @small_in_a_large_slot() {
  %s = memref.alloc() : memref<2xf32>
  memref.dealloc %s : memref<2xf32>
  %l = memref.alloc() : memref<10xf32>
  memref.dealloc %l : memref<10xf32>
  return
}
