// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s

// Allocations the planner leaves alone without complaint: dynamic shapes
// (their size is not known when planning) and, by default, allocations
// inside nested regions (only the entry block is planned). Neither needs a
// deallocation for the pass to succeed.

// A lone dynamic allocation: no arena, nothing rewritten.
// CHECK-LABEL: func.func @only_dynamic
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK-NEXT:    %{{.*}} = memref.alloc(%[[N]]) : memref<?x4xf32>
// CHECK-NEXT:    return
func.func @only_dynamic(%n: index) {
  %d = memref.alloc(%n) : memref<?x4xf32>
  return
}

// -----

// Static and dynamic together: the static one goes to a 12-byte arena, the
// dynamic one and its deallocation stay as they are.
// CHECK-LABEL: func.func @static_and_dynamic
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<12xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<12xi8> to memref<3xi32>
// CHECK-NEXT:    %[[D:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
// CHECK-NEXT:    memref.dealloc %[[D]] : memref<?xi32>
// CHECK-NEXT:    return
func.func @static_and_dynamic(%n: index) {
  %s = memref.alloc() : memref<3xi32>
  %d = memref.alloc(%n) : memref<?xi32>
  memref.dealloc %s : memref<3xi32>
  memref.dealloc %d : memref<?xi32>
  return
}

// -----

// An allocation in an scf.if arm is not planned, even with its
// deallocation next to it.
// CHECK-LABEL: func.func @inside_if
// CHECK-NOT:     memref.view
// CHECK:         scf.if
// CHECK-NEXT:      %[[B:.*]] = memref.alloc() : memref<64xi8>
// CHECK-NEXT:      memref.dealloc %[[B]] : memref<64xi8>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @inside_if(%c: i1) {
  scf.if %c {
    %b = memref.alloc() : memref<64xi8>
    memref.dealloc %b : memref<64xi8>
  }
  return
}

// -----

// The same in an scf.for body.
// CHECK-LABEL: func.func @inside_for
// CHECK-NOT:     memref.view
// CHECK:         scf.for
// CHECK-NEXT:      %[[B:.*]] = memref.alloc() : memref<7xf64>
// CHECK-NEXT:      memref.dealloc %[[B]] : memref<7xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @inside_for(%lo: index, %hi: index, %st: index) {
  scf.for %i = %lo to %hi step %st {
    %b = memref.alloc() : memref<7xf64>
    memref.dealloc %b : memref<7xf64>
  }
  return
}

// -----

// A nested allocation next to planned entry-block ones: only the entry
// block's are in the arena (8 + 8 bytes), the loop keeps its own.
// CHECK-LABEL: func.func @entry_and_nested
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<16xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<16xi8> to memref<2xf32>
// CHECK:         scf.for
// CHECK-NEXT:      %[[B:.*]] = memref.alloc() : memref<5xi16>
// CHECK-NEXT:      memref.dealloc %[[B]] : memref<5xi16>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O8]]][] : memref<16xi8> to memref<8xi8>
// CHECK-NEXT:    return
func.func @entry_and_nested(%lo: index, %hi: index, %st: index) {
  %a = memref.alloc() : memref<2xf32>
  scf.for %i = %lo to %hi step %st {
    %b = memref.alloc() : memref<5xi16>
    memref.dealloc %b : memref<5xi16>
  }
  memref.dealloc %a : memref<2xf32>
  %z = memref.alloc() : memref<8xi8>
  memref.dealloc %z : memref<8xi8>
  return
}
