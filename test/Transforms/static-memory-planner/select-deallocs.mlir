// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s

// Deallocations found through arith.select: the release of a select may
// free any buffer that flows into it, so it counts as a release of each
// of them. Once all of them are planned the release is erased; the selects
// themselves stay and now choose between views.

// A buffer selected with itself and released through the select.
// CHECK-LABEL: func.func @self_select
// CHECK-SAME:    (%[[C:.*]]: i1)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<36xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<36xi8> to memref<9xf32>
// CHECK-NEXT:    %{{.*}} = arith.select %[[C]], %[[A]], %[[A]] : memref<9xf32>
// CHECK-NEXT:    return
func.func @self_select(%c: i1) {
  %a = memref.alloc() : memref<9xf32>
  %s = arith.select %c, %a, %a : memref<9xf32>
  memref.dealloc %s : memref<9xf32>
  return
}

// -----

// A release through a select next to a plain release of another buffer:
// both kinds are found and erased (7 + 14 bytes, the i16 buffer at the
// even offset 8).
// CHECK-LABEL: func.func @select_and_plain_release
// CHECK-SAME:    (%[[C:.*]]: i1)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<22xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<22xi8> to memref<7xi8>
// CHECK-NEXT:    %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O8]]][] : memref<22xi8> to memref<7xi16>
// CHECK-NEXT:    %{{.*}} = arith.select %[[C]], %[[A]], %[[A]] : memref<7xi8>
// CHECK-NEXT:    return
func.func @select_and_plain_release(%c: i1) {
  %a = memref.alloc() : memref<7xi8>
  %b = memref.alloc() : memref<7xi16>
  %s = arith.select %c, %a, %a : memref<7xi8>
  memref.dealloc %s : memref<7xi8>
  memref.dealloc %b : memref<7xi16>
  return
}

// -----

// Two buffers of one type behind one select: the release may free either.
// CHECK-LABEL: func.func @either_of_two
// CHECK-SAME:    (%[[C:.*]]: i1)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<96xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<96xi8> to memref<6xf64>
// CHECK-NEXT:    %[[O48:.*]] = arith.constant 48 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O48]]][] : memref<96xi8> to memref<6xf64>
// CHECK-NEXT:    %{{.*}} = arith.select %[[C]], %[[A]], %[[B]] : memref<6xf64>
// CHECK-NEXT:    return
func.func @either_of_two(%c: i1) {
  %a = memref.alloc() : memref<6xf64>
  %b = memref.alloc() : memref<6xf64>
  %s = arith.select %c, %a, %b : memref<6xf64>
  memref.dealloc %s : memref<6xf64>
  return
}

// -----

// Two selects with the operands swapped, each released: each buffer has
// two possible releases, both erased.
// CHECK-LABEL: func.func @two_selects
// CHECK-SAME:    (%[[C:.*]]: i1)
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<10xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<10xi8> to memref<5xi8>
// CHECK-NEXT:    %[[O5:.*]] = arith.constant 5 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[ARENA]][%[[O5]]][] : memref<10xi8> to memref<5xi8>
// CHECK-NEXT:    %{{.*}} = arith.select %[[C]], %[[A]], %[[B]] : memref<5xi8>
// CHECK-NEXT:    %{{.*}} = arith.select %[[C]], %[[B]], %[[A]] : memref<5xi8>
// CHECK-NEXT:    return
func.func @two_selects(%c: i1) {
  %a = memref.alloc() : memref<5xi8>
  %b = memref.alloc() : memref<5xi8>
  %s1 = arith.select %c, %a, %b : memref<5xi8>
  memref.dealloc %s1 : memref<5xi8>
  %s2 = arith.select %c, %b, %a : memref<5xi8>
  memref.dealloc %s2 : memref<5xi8>
  return
}
