// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s

// The default (trivial) planner packs every planned buffer one after the
// other in program order, whatever the lifetimes: each buffer gets its own
// bytes. The arena is an i8 buffer allocated right before the first planned
// allocation; every allocation becomes an offset constant and a view, and
// the allocations and deallocations are gone.

// Lifetimes one after the other: still packed, 200 + 96 bytes.
// CHECK-LABEL: func.func @back_to_back
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<296xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[X:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<296xi8> to memref<50xf32>
// CHECK-NEXT:    %[[O200:.*]] = arith.constant 200 : index
// CHECK-NEXT:    %[[Y:.*]] = memref.view %[[ARENA]][%[[O200]]][] : memref<296xi8> to memref<12xi64>
// CHECK-NEXT:    return
func.func @back_to_back() {
  %x = memref.alloc() : memref<50xf32>
  memref.dealloc %x : memref<50xf32>
  %y = memref.alloc() : memref<12xi64>
  memref.dealloc %y : memref<12xi64>
  return
}

// -----

// Both live at once (alloc, alloc, dealloc, dealloc): 30 + 64 bytes, the
// f64 buffer at 32, the first multiple of f64's alignment (8) after 30.
// CHECK-LABEL: func.func @overlapping
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<96xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<96xi8> to memref<15xi16>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O32]]][] : memref<96xi8> to memref<8xf64>
// CHECK-NEXT:    return
func.func @overlapping() {
  %p = memref.alloc() : memref<15xi16>
  %q = memref.alloc() : memref<8xf64>
  memref.dealloc %p : memref<15xi16>
  memref.dealloc %q : memref<8xf64>
  return
}

// -----

// Interleaved (a b -a c -b -c) and a 2-D buffer: 40 + 24 + 36 bytes, the
// offsets following the allocation order, not the release order.
// CHECK-LABEL: func.func @interleaved
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<100xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<100xi8> to memref<10xi32>
// CHECK-NEXT:    %[[O40:.*]] = arith.constant 40 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O40]]][] : memref<100xi8> to memref<2x3xf32>
// CHECK-NEXT:    %[[O64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O64]]][] : memref<100xi8> to memref<36xi8>
// CHECK-NEXT:    return
func.func @interleaved() {
  %a = memref.alloc() : memref<10xi32>
  %b = memref.alloc() : memref<2x3xf32>
  memref.dealloc %a : memref<10xi32>
  %c = memref.alloc() : memref<36xi8>
  memref.dealloc %b : memref<2x3xf32>
  memref.dealloc %c : memref<36xi8>
  return
}

// -----

// Four short lifetimes in sequence, mixed element types, and the buffers'
// uses rewired to the views: 16 + 6 + 8 + 32 bytes, the f64 buffer moved
// from 30 to 32 (f64's alignment is 8).
// CHECK-LABEL: func.func @four_in_a_row
// CHECK-SAME:    (%[[V:.*]]: f16)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<64xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<64xi8> to memref<4xi32>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O16]]][] : memref<64xi8> to memref<3xf16>
// CHECK-NEXT:    %[[I:.*]] = arith.constant 1 : index
// CHECK-NEXT:    memref.store %[[V]], %[[B]][%[[I]]] : memref<3xf16>
// CHECK-NEXT:    %[[O22:.*]] = arith.constant 22 : index
// CHECK-NEXT:    %[[C:.*]] = memref.view %[[ARENA]][%[[O22]]][] : memref<64xi8> to memref<8xi8>
// CHECK-NEXT:    %[[O32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[D:.*]] = memref.view %[[ARENA]][%[[O32]]][] : memref<64xi8> to memref<4xf64>
// CHECK-NEXT:    return
func.func @four_in_a_row(%v: f16) {
  %a = memref.alloc() : memref<4xi32>
  memref.dealloc %a : memref<4xi32>
  %b = memref.alloc() : memref<3xf16>
  %i = arith.constant 1 : index
  memref.store %v, %b[%i] : memref<3xf16>
  memref.dealloc %b : memref<3xf16>
  %c = memref.alloc() : memref<8xi8>
  memref.dealloc %c : memref<8xi8>
  %d = memref.alloc() : memref<4xf64>
  memref.dealloc %d : memref<4xf64>
  return
}
