// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s

// Buffers that flow through scf.if results (and selects) before being
// released: the forward alias set follows yields into results and on
// through further ifs and selects, so the releases of the results count for
// every buffer that may reach them. The yields are rewired to the views.

// Two ifs pick %a or %b in opposite orders; each result is released.
// CHECK-LABEL: func.func @swapped_results
// CHECK-SAME:    (%[[C:.*]]: i1)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<24xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<24xi8> to memref<3xf32>
// CHECK-NEXT:    %[[O12:.*]] = arith.constant 12 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O12]]][] : memref<24xi8> to memref<3xf32>
// CHECK-NEXT:    %{{.*}} = scf.if %[[C]] -> (memref<3xf32>) {
// CHECK-NEXT:      scf.yield %[[A]] : memref<3xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[B]] : memref<3xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %{{.*}} = scf.if %[[C]] -> (memref<3xf32>) {
// CHECK-NEXT:      scf.yield %[[B]] : memref<3xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[A]] : memref<3xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @swapped_results(%c: i1) {
  %a = memref.alloc() : memref<3xf32>
  %b = memref.alloc() : memref<3xf32>
  %x = scf.if %c -> memref<3xf32> {
    scf.yield %a : memref<3xf32>
  } else {
    scf.yield %b : memref<3xf32>
  }
  %y = scf.if %c -> memref<3xf32> {
    scf.yield %b : memref<3xf32>
  } else {
    scf.yield %a : memref<3xf32>
  }
  memref.dealloc %x : memref<3xf32>
  memref.dealloc %y : memref<3xf32>
  return
}

// -----

// A chain: %a or %b into %x, %x or %a into %y, and only %y is released.
// CHECK-LABEL: func.func @chained_ifs
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<32xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<32xi8> to memref<16xi8>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O16]]][] : memref<32xi8> to memref<16xi8>
// CHECK-NEXT:    %[[X:.*]] = scf.if
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[B]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %{{.*}} = scf.if
// CHECK-NEXT:      scf.yield %[[X]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @chained_ifs(%p: i1, %q: i1) {
  %a = memref.alloc() : memref<16xi8>
  %b = memref.alloc() : memref<16xi8>
  %x = scf.if %p -> memref<16xi8> {
    scf.yield %a : memref<16xi8>
  } else {
    scf.yield %b : memref<16xi8>
  }
  %y = scf.if %q -> memref<16xi8> {
    scf.yield %x : memref<16xi8>
  } else {
    scf.yield %a : memref<16xi8>
  }
  memref.dealloc %y : memref<16xi8>
  return
}

// -----

// A select feeding an if: select(%a, %b) or %a, released once.
// CHECK-LABEL: func.func @select_then_if
// CHECK-SAME:    (%[[P:.*]]: i1, %{{.*}}: i1)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<40xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<40xi8> to memref<5xi32>
// CHECK-NEXT:    %[[O20:.*]] = arith.constant 20 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O20]]][] : memref<40xi8> to memref<5xi32>
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[P]], %[[A]], %[[B]] : memref<5xi32>
// CHECK-NEXT:    %{{.*}} = scf.if
// CHECK-NEXT:      scf.yield %[[S]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @select_then_if(%p: i1, %q: i1) {
  %a = memref.alloc() : memref<5xi32>
  %b = memref.alloc() : memref<5xi32>
  %s = arith.select %p, %a, %b : memref<5xi32>
  %r = scf.if %q -> memref<5xi32> {
    scf.yield %s : memref<5xi32>
  } else {
    scf.yield %a : memref<5xi32>
  }
  memref.dealloc %r : memref<5xi32>
  return
}
