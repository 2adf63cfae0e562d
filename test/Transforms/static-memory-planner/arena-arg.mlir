// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{arena-mode=arg}))" \
// RUN:   | FileCheck %s

// arena-mode=arg: the arena is the function's first argument, a rank-1 i8
// memref the caller provides; no arena is allocated. A static argument
// must hold the plan; a dynamic one's size is the caller's business.
// Functions that cannot use it are errors.

// The views index into the argument; the buffers keep trivial packing.
// CHECK-LABEL: func.func @caller_owns_the_arena
// CHECK-SAME:    (%[[ARENA:.*]]: memref<512xi8>, %{{.*}}: index)
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<512xi8> to memref<16xi32>
// CHECK-NEXT:    %[[O64:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O64]]][] : memref<512xi8> to memref<3xf64>
// CHECK-NEXT:    return
func.func @caller_owns_the_arena(%arena: memref<512xi8>, %n: index) {
  %a = memref.alloc() : memref<16xi32>
  memref.dealloc %a : memref<16xi32>
  %b = memref.alloc() : memref<3xf64>
  memref.dealloc %b : memref<3xf64>
  return
}

// -----

// A dynamically sized i8 argument is fine too.
// CHECK-LABEL: func.func @dynamic_arena
// CHECK-SAME:    (%[[ARENA:.*]]: memref<?xi8>)
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<?xi8> to memref<2xi16>
// CHECK-NEXT:    return
func.func @dynamic_arena(%arena: memref<?xi8>) {
  %a = memref.alloc() : memref<2xi16>
  memref.dealloc %a : memref<2xi16>
  return
}

// -----

// An argument of exactly the plan's size is enough: 80 + 8 bytes in
// memref<88xi8>.
// CHECK-LABEL: func.func @just_enough
// CHECK-SAME:    (%[[ARENA:.*]]: memref<88xi8>)
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<88xi8> to memref<10xf64>
// CHECK-NEXT:    %[[O80:.*]] = arith.constant 80 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O80]]][] : memref<88xi8> to memref<2xi32>
// CHECK-NEXT:    return
func.func @just_enough(%arena: memref<88xi8>) {
  %a = memref.alloc() : memref<10xf64>
  %b = memref.alloc() : memref<2xi32>
  memref.dealloc %a : memref<10xf64>
  memref.dealloc %b : memref<2xi32>
  return
}

// -----

// One byte less and the views would run past the end of the caller's
// buffer: an error at the argument, saying what the plan needs.
// expected-error @below {{arena-mode=arg: the plan needs 88 bytes but the arena argument memref<87xi8> holds 87}}
func.func @one_byte_short(%arena: memref<87xi8>) {
  %a = memref.alloc() : memref<10xf64>
  %b = memref.alloc() : memref<2xi32>
  memref.dealloc %a : memref<10xf64>
  memref.dealloc %b : memref<2xi32>
  return
}

// -----

// The plan counts padding: 3 bytes then an f64 at 8 need 16 bytes, more
// than the 11 the buffers hold.
// expected-error @below {{arena-mode=arg: the plan needs 16 bytes but the arena argument memref<12xi8> holds 12}}
func.func @padding_counts(%arena: memref<12xi8>) {
  %a = memref.alloc() : memref<3xi8>
  %b = memref.alloc() : memref<1xf64>
  memref.dealloc %a : memref<3xi8>
  memref.dealloc %b : memref<1xf64>
  return
}

// -----

// expected-error @below {{arena-mode=arg requires at least one function argument}}
func.func @nothing_to_use() {
  %a = memref.alloc() : memref<16xi32>
  memref.dealloc %a : memref<16xi32>
  return
}

// -----

// The first argument must be an i8 memref of rank 1.
// expected-error @below {{arena-mode=arg requires first argument to be memref<...xi8>}}
func.func @not_bytes(%arena: memref<128xi32>) {
  %a = memref.alloc() : memref<16xi32>
  memref.dealloc %a : memref<16xi32>
  return
}

// -----

// expected-error @below {{arena-mode=arg requires first argument to be memref<...xi8>}}
func.func @not_rank_one(%arena: memref<16x16xi8>) {
  %a = memref.alloc() : memref<16xi32>
  memref.dealloc %a : memref<16xi32>
  return
}

// -----

// Returning a memref is rejected whatever the arena mode.
// expected-error @below {{static-memory-planner does not support functions with memref return types}}
func.func @returns_a_buffer(%arena: memref<512xi8>) -> memref<4xf32> {
  %a = memref.alloc() : memref<16xi32>
  memref.dealloc %a : memref<16xi32>
  %r = memref.alloc() : memref<4xf32>
  return %r : memref<4xf32>
}

// -----

// The argument is the only arena, so every planned buffer must be in its
// memory space (pto-opt plans one arena per space otherwise).
func.func @buffer_in_another_space(%arena: memref<64xi8>) {
  %a = memref.alloc() : memref<4xf32>
  // expected-error @below {{arena-mode=arg: the arena argument is in memory space 'default' but this allocation is in '1'}}
  %b = memref.alloc() : memref<4xf32, 1>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32, 1>
  return
}
