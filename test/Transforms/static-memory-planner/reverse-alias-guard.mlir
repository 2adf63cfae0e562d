// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s

// The reverse-alias guard: a release is only erased if every buffer it may
// free is in the arena. When a release may also free a buffer allocated in
// a nested region (left on the heap), the entry-block buffers it may free
// are not planned: erasing it would leak the nested one, keeping it would
// free a view. Loops are where this shows up.

// The if frees %a and yields a fresh nested buffer, or yields %a; the
// release of the result may free either.
// CHECK-LABEL: func.func @if_swaps_in_a_nested_buffer
// CHECK-NOT:     memref.view
// CHECK:         %[[A:.*]] = memref.alloc() : memref<6xf32>
// CHECK-NEXT:    %[[R:.*]] = scf.if
// CHECK-NEXT:      memref.dealloc %[[A]] : memref<6xf32>
// CHECK-NEXT:      %[[B:.*]] = memref.alloc() : memref<6xf32>
// CHECK-NEXT:      scf.yield %[[B]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<6xf32>
// CHECK-NEXT:    return
func.func @if_swaps_in_a_nested_buffer(%c: i1) {
  %a = memref.alloc() : memref<6xf32>
  %r = scf.if %c -> memref<6xf32> {
    memref.dealloc %a : memref<6xf32>
    %b = memref.alloc() : memref<6xf32>
    scf.yield %b : memref<6xf32>
  } else {
    scf.yield %a : memref<6xf32>
  }
  memref.dealloc %r : memref<6xf32>
  return
}

// -----

// A loop carries the buffer in its iter_args, frees the incoming one and
// yields a new one each iteration.
// CHECK-LABEL: func.func @loop_replaces_carried_buffer
// CHECK-NOT:     memref.view
// CHECK:         %[[A:.*]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT:    %[[R:.*]] = scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[A]]) -> (memref<2xi64>) {
// CHECK-NEXT:      memref.dealloc %[[CUR]] : memref<2xi64>
// CHECK-NEXT:      %[[N:.*]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT:      scf.yield %[[N]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<2xi64>
// CHECK-NEXT:    return
func.func @loop_replaces_carried_buffer(%lo: index, %hi: index, %st: index) {
  %a = memref.alloc() : memref<2xi64>
  %r = scf.for %i = %lo to %hi step %st iter_args(%cur = %a) -> memref<2xi64> {
    memref.dealloc %cur : memref<2xi64>
    %n = memref.alloc() : memref<2xi64>
    scf.yield %n : memref<2xi64>
  }
  memref.dealloc %r : memref<2xi64>
  return
}

// -----

// The loop yields a new buffer without freeing the carried one (a leak if
// it runs): the release of the loop result may free either.
// CHECK-LABEL: func.func @loop_yields_without_freeing
// CHECK-NOT:     memref.view
// CHECK:         %[[A:.*]] = memref.alloc() : memref<9xi8>
// CHECK-NEXT:    %[[R:.*]] = scf.for
// CHECK-NEXT:      %[[N:.*]] = memref.alloc() : memref<9xi8>
// CHECK-NEXT:      scf.yield %[[N]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<9xi8>
// CHECK-NEXT:    return
func.func @loop_yields_without_freeing(%lo: index, %hi: index, %st: index) {
  %a = memref.alloc() : memref<9xi8>
  %r = scf.for %i = %lo to %hi step %st iter_args(%cur = %a) -> memref<9xi8> {
    %n = memref.alloc() : memref<9xi8>
    scf.yield %n : memref<9xi8>
  }
  memref.dealloc %r : memref<9xi8>
  return
}

// -----

// The loop frees %a itself (not the iter_arg) and yields a new buffer.
// CHECK-LABEL: func.func @loop_frees_the_original
// CHECK-NOT:     memref.view
// CHECK:         %[[A:.*]] = memref.alloc() : memref<3xf64>
// CHECK-NEXT:    %[[R:.*]] = scf.for
// CHECK-NEXT:      memref.dealloc %[[A]] : memref<3xf64>
// CHECK-NEXT:      %[[N:.*]] = memref.alloc() : memref<3xf64>
// CHECK-NEXT:      scf.yield %[[N]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[R]] : memref<3xf64>
// CHECK-NEXT:    return
func.func @loop_frees_the_original(%lo: index, %hi: index, %st: index) {
  %a = memref.alloc() : memref<3xf64>
  %r = scf.for %i = %lo to %hi step %st iter_args(%cur = %a) -> memref<3xf64> {
    memref.dealloc %a : memref<3xf64>
    %n = memref.alloc() : memref<3xf64>
    scf.yield %n : memref<3xf64>
  }
  memref.dealloc %r : memref<3xf64>
  return
}

// -----

// No guard needed: the loop only reads and writes entry-block buffers,
// released after it. Both are planned and the loop body uses the views.
// CHECK-LABEL: func.func @loop_uses_entry_buffers
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<48xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[SRC:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<48xi8> to memref<6xf32>
// CHECK-NEXT:    %[[O24:.*]] = arith.constant 24 : index
// CHECK-NEXT:    %[[DST:.*]] = memref.view %[[ARENA]][%[[O24]]][] : memref<48xi8> to memref<6xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.copy %[[SRC]], %[[DST]] : memref<6xf32> to memref<6xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @loop_uses_entry_buffers(%lo: index, %hi: index, %st: index) {
  %src = memref.alloc() : memref<6xf32>
  %dst = memref.alloc() : memref<6xf32>
  scf.for %i = %lo to %hi step %st {
    memref.copy %src, %dst : memref<6xf32> to memref<6xf32>
  }
  memref.dealloc %src : memref<6xf32>
  memref.dealloc %dst : memref<6xf32>
  return
}

// -----

// Where pto-opt is stricter than upstream: a release that may free a
// function argument (or a dynamic-shape buffer) stays too, so the buffer
// selected against it is not planned; upstream guards nested allocations
// only, and would erase the release and never free the argument.
// CHECK-LABEL: func.func @select_against_an_argument
// CHECK-SAME:    (%[[C:.*]]: i1, %[[ARG:.*]]: memref<4xi32>)
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4xi32>
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[C]], %[[A]], %[[ARG]] : memref<4xi32>
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<4xi32>
// CHECK-NEXT:    return
func.func @select_against_an_argument(%c: i1, %arg: memref<4xi32>) {
  %a = memref.alloc() : memref<4xi32>
  %s = arith.select %c, %a, %arg : memref<4xi32>
  memref.dealloc %s : memref<4xi32>
  return
}

// -----

// The guard applies per release: %b, released on its own, is planned
// while %a, which shares a release with a nested buffer, stays.
// CHECK-LABEL: func.func @guard_is_per_buffer
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<6xf32>
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<8xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<8xi8> to memref<8xi8>
// CHECK-NEXT:    %[[R:.*]] = scf.if
// CHECK-NEXT:      memref.dealloc %[[A]] : memref<6xf32>
// CHECK:         memref.dealloc %[[R]] : memref<6xf32>
// CHECK-NEXT:    return
func.func @guard_is_per_buffer(%c: i1) {
  %a = memref.alloc() : memref<6xf32>
  %b = memref.alloc() : memref<8xi8>
  %r = scf.if %c -> memref<6xf32> {
    memref.dealloc %a : memref<6xf32>
    %n = memref.alloc() : memref<6xf32>
    scf.yield %n : memref<6xf32>
  } else {
    scf.yield %a : memref<6xf32>
  }
  memref.dealloc %b : memref<8xi8>
  memref.dealloc %r : memref<6xf32>
  return
}
