// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{allow-escaping=1}))" \
// RUN:   | FileCheck %s

// allow-escaping=1 (beyond upstream): a function returning memrefs is
// planned instead of rejected. Every allocation that may reach a
// func.return, directly or through selects, ifs and views, stays on the
// heap (the caller releases it) with a remark; the others are planned.

// The scratch buffer is planned; the returned one is not.
// CHECK-LABEL: func.func @scratch_and_result
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<40xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[S:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<40xi8> to memref<10xf32>
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<10xf32>
// CHECK-NEXT:    memref.copy %[[S]], %[[R]]
// CHECK-NEXT:    return %[[R]] : memref<10xf32>
func.func @scratch_and_result() -> memref<10xf32> {
  %s = memref.alloc() : memref<10xf32>
  // expected-remark @below {{allocation escapes through the function's return; left on the heap}}
  %r = memref.alloc() : memref<10xf32>
  memref.copy %s, %r : memref<10xf32> to memref<10xf32>
  memref.dealloc %s : memref<10xf32>
  return %r : memref<10xf32>
}

// -----

// Escaping through an if and a select: all three may be returned. The
// fourth buffer never reaches the return and is planned.
// CHECK-LABEL: func.func @escape_routes
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<3xi32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<3xi32>
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() : memref<3xi32>
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<12xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<12xi8> to memref<3xi32>
// CHECK-NOT:     memref.alloc
// CHECK:         return
func.func @escape_routes(%p: i1, %q: i1) -> memref<3xi32> {
  // expected-remark @below {{allocation escapes through the function's return; left on the heap}}
  %a = memref.alloc() : memref<3xi32>
  // expected-remark @below {{allocation escapes through the function's return; left on the heap}}
  %b = memref.alloc() : memref<3xi32>
  // expected-remark @below {{allocation escapes through the function's return; left on the heap}}
  %c = memref.alloc() : memref<3xi32>
  %d = memref.alloc() : memref<3xi32>
  memref.copy %d, %a : memref<3xi32> to memref<3xi32>
  memref.dealloc %d : memref<3xi32>
  %s = arith.select %p, %a, %b : memref<3xi32>
  %r = scf.if %q -> memref<3xi32> {
    scf.yield %s : memref<3xi32>
  } else {
    scf.yield %c : memref<3xi32>
  }
  return %r : memref<3xi32>
}

// -----

// Escaping as a view: returning a cast of the buffer returns the buffer.
// CHECK-LABEL: func.func @escapes_as_a_view
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    %[[V:.*]] = memref.cast %[[A]] : memref<8xf32> to memref<?xf32>
// CHECK-NEXT:    return %[[V]]
func.func @escapes_as_a_view() -> memref<?xf32> {
  // expected-remark @below {{allocation escapes through the function's return; left on the heap}}
  %a = memref.alloc() : memref<8xf32>
  %v = memref.cast %a : memref<8xf32> to memref<?xf32>
  return %v : memref<?xf32>
}

// -----

// Functions without memref results are unaffected by the option.
// CHECK-LABEL: func.func @no_memref_result
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<4xi8>
// CHECK-NOT:     memref.dealloc
func.func @no_memref_result() -> i32 {
  %a = memref.alloc() : memref<4xi8>
  memref.dealloc %a : memref<4xi8>
  %z = arith.constant 0 : i32
  return %z : i32
}
