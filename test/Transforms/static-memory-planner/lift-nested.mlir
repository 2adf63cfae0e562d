// RUN: pto-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{lift-nested=1 algorithm=best-fit}))" \
// RUN:   | FileCheck %s

// lift-nested=1 (beyond upstream): an allocation in a nested region is
// planned too when its buffer lives within one execution of that region:
// every alias and every release inside the block that allocates. Lifetimes
// then come from liveness over the whole function (each program point of
// the nested regions counts), so buffers of one loop body that do not
// overlap share bytes. The arena is allocated in the entry block, before the
// op holding the first planned buffer; the views are created where the
// allocations were. A nested allocation that cannot be lifted gets a
// remark saying why.

// Two scratch buffers per iteration, the first dead before the second is
// allocated: they share offset 0. The arena sits before the loop.
// CHECK-LABEL: func.func @loop_scratch
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<32xi8>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[T:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<32xi8> to memref<8xf32>
// CHECK-NEXT:      memref.store %{{.*}}, %[[T]]
// CHECK-NEXT:      %[[O0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[U:.*]] = memref.view %[[ARENA]][%[[O0B]]][] : memref<32xi8> to memref<4xf32>
// CHECK-NEXT:      memref.store %{{.*}}, %[[U]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @loop_scratch(%lo: index, %hi: index, %st: index, %v: f32) {
  scf.for %i = %lo to %hi step %st {
    %t = memref.alloc() : memref<8xf32>
    memref.store %v, %t[%i] : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
    %u = memref.alloc() : memref<4xf32>
    memref.store %v, %u[%i] : memref<4xf32>
    memref.dealloc %u : memref<4xf32>
  }
  return
}

// -----

// An entry-block buffer live across the loop keeps its own bytes; the
// lifted one goes above it. The arena comes before the entry-block buffer,
// the first planned allocation.
// CHECK-LABEL: func.func @entry_and_lifted
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<24xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[E:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<24xi8> to memref<16xi8>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:      %{{.*}} = memref.view %[[ARENA]][%[[O16]]][] : memref<24xi8> to memref<2xf32>
// CHECK:         }
// CHECK-NEXT:    return
func.func @entry_and_lifted(%lo: index, %hi: index, %st: index, %v: f32) {
  %e = memref.alloc() : memref<16xi8>
  scf.for %i = %lo to %hi step %st {
    %t = memref.alloc() : memref<2xf32>
    memref.store %v, %t[%i] : memref<2xf32>
    %x = memref.load %e[%i] : memref<16xi8>
    memref.dealloc %t : memref<2xf32>
  }
  memref.dealloc %e : memref<16xi8>
  return
}

// -----

// The first planned allocation is nested, and an entry-block one follows
// the loop: the arena goes before the loop (not into its body), and the
// later buffer reuses the loop's bytes, which are dead by then.
// CHECK-LABEL: func.func @nested_first
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<40xi8>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<40xi8> to memref<10xf32>
// CHECK:         }
// CHECK-NEXT:    %[[O0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0B]]][] : memref<40xi8> to memref<3xf32>
// CHECK-NEXT:    return
func.func @nested_first(%lo: index, %hi: index, %st: index) {
  scf.for %i = %lo to %hi step %st {
    %t = memref.alloc() : memref<10xf32>
    memref.dealloc %t : memref<10xf32>
  }
  %a = memref.alloc() : memref<3xf32>
  memref.dealloc %a : memref<3xf32>
  return
}

// -----

// scf.if arms and an scf.while body are lifted the same way; the while
// body's buffer reuses the bytes of the if's, dead by then: 12 bytes.
// CHECK-LABEL: func.func @if_and_while
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<12xi8>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[ARENA]][%[[O0]]][] : memref<12xi8> to memref<6xi16>
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %[[O0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:      memref.view %[[ARENA]][%[[O0B]]][] : memref<12xi8> to memref<5xi8>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @if_and_while(%c: i1, %n: i32) {
  scf.if %c {
    %a = memref.alloc() : memref<6xi16>
    memref.dealloc %a : memref<6xi16>
  }
  %r = scf.while (%k = %n) : (i32) -> i32 {
    %zero = arith.constant 0 : i32
    %more = arith.cmpi sgt, %k, %zero : i32
    scf.condition(%more) %k : i32
  } do {
  ^bb0(%k: i32):
    %b = memref.alloc() : memref<5xi8>
    memref.dealloc %b : memref<5xi8>
    %one = arith.constant 1 : i32
    %k1 = arith.subi %k, %one : i32
    scf.yield %k1 : i32
  }
  return
}

// -----

// Not lifted, with the reason: a buffer yielded out of its region (it
// outlives one execution of it). The entry-block buffers the release of the
// result may free stay too (the guard).
// CHECK-LABEL: func.func @escapes_its_region
// CHECK-NOT:     memref.view
// CHECK:         return
func.func @escapes_its_region(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    memref.dealloc %a : memref<4xf32>
    // expected-remark @below {{not planned: the buffer leaves its region through a result of 'scf.if'}}
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Not lifted: carried to the next iteration through the loop's iter_args.
// CHECK-LABEL: func.func @carried_to_the_next_iteration
// CHECK-NOT:     memref.view
// CHECK:         return
func.func @carried_to_the_next_iteration(%lo: index, %hi: index, %st: index) {
  %a = memref.alloc() : memref<2xf64>
  %r = scf.for %i = %lo to %hi step %st iter_args(%cur = %a) -> memref<2xf64> {
    memref.dealloc %cur : memref<2xf64>
    // expected-remark @below {{not planned: the buffer leaves its region through an argument of 'scf.for'}}
    %n = memref.alloc() : memref<2xf64>
    scf.yield %n : memref<2xf64>
  }
  memref.dealloc %r : memref<2xf64>
  return
}

// -----

// Not lifted: never released (a nested buffer without a release is not an
// error, as upstream skips nested allocations silently).
// CHECK-LABEL: func.func @never_released
// CHECK-NOT:     memref.view
// CHECK:         return
func.func @never_released(%c: i1) {
  scf.if %c {
    // expected-remark @below {{not planned: no deallocation found for this nested allocation}}
    %a = memref.alloc() : memref<4xi32>
  }
  return
}

// -----

// Not lifted: inside an op pto-opt does not know, which may run its
// region any number of times, even concurrently.
// CHECK-LABEL: func.func @inside_an_unknown_op
// CHECK-NOT:     memref.view
// CHECK:         return
func.func @inside_an_unknown_op() {
  "test.parallel_region"() ({
    // expected-remark @below {{not planned: it is inside 'test.parallel_region'}}
    %a = memref.alloc() : memref<4xi32>
    memref.dealloc %a : memref<4xi32>
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Not lifted: in a block reached by a branch, outside the entry block's
// structure (upstream leaves it alone too).
// CHECK-LABEL: func.func @in_a_successor_block
// CHECK-NOT:     memref.view
// CHECK:         return
func.func @in_a_successor_block() {
  cf.br ^next
^next:
  // expected-remark @below {{not planned: it is in a block other than the entry block of the function (unstructured control flow)}}
  %a = memref.alloc() : memref<4xi32>
  memref.dealloc %a : memref<4xi32>
  return
}
