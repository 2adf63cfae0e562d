// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{lift-nested=1 algorithm=best-fit}))" \
// RUN:   | FileCheck %s
// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{lift-nested=1 algorithm=dsa-rp time-limit=60s}))" \
// RUN:   | FileCheck %s --check-prefix=DSA
// RUN: pto-opt %s -split-input-file \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{lift-nested=1 algorithm=trivial}))" \
// RUN:   | FileCheck %s --check-prefix=TRIVIAL

// With lift-nested=1 (beyond upstream) the buffers of the two arms of an
// scf.if are planned, and since only one arm runs per execution of the if
// they may take the same bytes. An entry-block buffer live across the if
// keeps bytes of its own. (Trivial packing never shares: its arena is the
// sum, which is what the others are measured against.)

// keep (24 bytes) is read in both arms. then: t (32); else: u and w (16
// each, live together). best-fit: keep at 0, t at 24, u at 24 and w at 40:
// the else arm reuses the then arm's bytes. 56 bytes instead of 88.
// CHECK-LABEL: func.func @arms
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<56xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[KEEP:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<56xi8> to memref<6xf32>
// CHECK-NEXT:    memref.store %{{.*}}, %[[KEEP]]
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %[[O24:.*]] = arith.constant 24 : index
// CHECK-NEXT:      %{{.*}} = memref.view %[[ARENA]][%[[O24]]][] : memref<56xi8> to memref<8xf32>
// CHECK:         } else {
// CHECK-NEXT:      %[[O24B:.*]] = arith.constant 24 : index
// CHECK-NEXT:      %{{.*}} = memref.view %[[ARENA]][%[[O24B]]][] : memref<56xi8> to memref<4xf32>
// CHECK-NEXT:      %[[O40:.*]] = arith.constant 40 : index
// CHECK-NEXT:      %{{.*}} = memref.view %[[ARENA]][%[[O40]]][] : memref<56xi8> to memref<4xf32>
// CHECK:         }
// CHECK-NEXT:    return
// DSA-LABEL:   func.func @arms
// DSA-NEXT:      memref.alloc() {alignment = 1 : i64} : memref<56xi8>
// TRIVIAL-LABEL: func.func @arms
// TRIVIAL-NEXT:    memref.alloc() {alignment = 1 : i64} : memref<88xi8>
func.func @arms(%c: i1, %i: index, %v: f32) {
  %keep = memref.alloc() : memref<6xf32>
  memref.store %v, %keep[%i] : memref<6xf32>
  scf.if %c {
    %t = memref.alloc() : memref<8xf32>
    %x = memref.load %keep[%i] : memref<6xf32>
    memref.store %x, %t[%i] : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
  } else {
    %u = memref.alloc() : memref<4xf32>
    %w = memref.alloc() : memref<4xf32>
    %x = memref.load %keep[%i] : memref<6xf32>
    memref.store %x, %u[%i] : memref<4xf32>
    memref.store %x, %w[%i] : memref<4xf32>
    memref.dealloc %u : memref<4xf32>
    memref.dealloc %w : memref<4xf32>
  }
  memref.dealloc %keep : memref<6xf32>
  return
}

// -----

// Nested ifs: the inner arms share with each other and with the outer
// else arm; the largest single path (64 bytes in the outer else) sets
// the arena.
// CHECK-LABEL: func.func @nested_arms
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<64xi8>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         return
// DSA-LABEL:   func.func @nested_arms
// DSA-NEXT:      memref.alloc() {alignment = 1 : i64} : memref<64xi8>
// TRIVIAL-LABEL: func.func @nested_arms
// TRIVIAL-NEXT:    memref.alloc() {alignment = 1 : i64} : memref<112xi8>
func.func @nested_arms(%c: i1, %d: i1, %i: index, %v: f32) {
  scf.if %c {
    scf.if %d {
      %a = memref.alloc() : memref<4xf32>
      memref.store %v, %a[%i] : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
    } else {
      %b = memref.alloc() : memref<8xf32>
      memref.store %v, %b[%i] : memref<8xf32>
      memref.dealloc %b : memref<8xf32>
    }
  } else {
    %e = memref.alloc() : memref<16xf32>
    memref.store %v, %e[%i] : memref<16xf32>
    memref.dealloc %e : memref<16xf32>
  }
  return
}
