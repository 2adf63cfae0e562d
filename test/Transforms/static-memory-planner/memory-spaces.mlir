// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" \
// RUN:   | FileCheck %s

// One arena per memory space (beyond upstream, which has one arena for
// everything): buffers only share bytes with buffers of their own space.
// Each arena is an i8 memref in that space, allocated before the first
// buffer of the space, aligned to the lcm of that space's alignments, and
// planned on its own.

// Default space: a (16) and b (8) overlap: 24 bytes. Space 1: c (32,
// align 16) dies before d (8) is allocated, so d reuses offset 0: 32 bytes
// aligned to 16. Space "vec": e alone, 6 bytes, aligned to the 32 bytes the
// (generic) target gives the space. b and d do not overlap in
// time but are in different spaces, so nothing is shared across.
// CHECK-LABEL: func.func @three_spaces
// CHECK-NEXT:    %[[DEF:.*]] = memref.alloc() {alignment = 1 : i64} : memref<24xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[DEF]][%[[O0]]][] : memref<24xi8> to memref<4xf32>
// CHECK-NEXT:    %[[S1:.*]] = memref.alloc() {alignment = 16 : i64} : memref<32xi8, 1>
// CHECK-NEXT:    %[[O0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[S1]][%[[O0B]]][] : memref<32xi8, 1> to memref<8xf32, 1>
// CHECK-NEXT:    %[[O16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[DEF]][%[[O16]]][] : memref<24xi8> to memref<2xf32>
// CHECK-NEXT:    %[[VEC:.*]] = memref.alloc() {alignment = 32 : i64} : memref<6xi8, "vec">
// CHECK-NEXT:    %[[O0C:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[VEC]][%[[O0C]]][] : memref<6xi8, "vec"> to memref<3xi16, "vec">
// CHECK-NEXT:    %[[O0D:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[S1]][%[[O0D]]][] : memref<32xi8, 1> to memref<2xf32, 1>
// CHECK-NEXT:    return
func.func @three_spaces() {
  %a = memref.alloc() : memref<4xf32>
  %c = memref.alloc() {alignment = 16 : i64} : memref<8xf32, 1>
  %b = memref.alloc() : memref<2xf32>
  %e = memref.alloc() : memref<3xi16, "vec">
  memref.dealloc %c : memref<8xf32, 1>
  %d = memref.alloc() : memref<2xf32, 1>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<2xf32>
  memref.dealloc %d : memref<2xf32, 1>
  memref.dealloc %e : memref<3xi16, "vec">
  return
}
