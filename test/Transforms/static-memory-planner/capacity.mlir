// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{capacity=64}))" \
// RUN:   | FileCheck %s

// capacity=BYTES (beyond upstream) bounds every arena, one memory space at
// a time. An arena that does not fit is an error on the function naming
// the space, the bytes it needs and the capacity.

// 48 + 16 = 64 bytes fit exactly.
// CHECK-LABEL: func.func @fits
// CHECK-NEXT:    memref.alloc() {alignment = 1 : i64} : memref<64xi8>
func.func @fits() {
  %a = memref.alloc() : memref<12xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<12xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// 68 bytes: over by four.
// expected-error @below {{static-memory-planner: the arena for memory space 'default' needs 68 bytes but the capacity is 64 bytes}}
func.func @over_by_four() {
  %a = memref.alloc() : memref<12xf32>
  %b = memref.alloc() : memref<5xf32>
  memref.dealloc %a : memref<12xf32>
  memref.dealloc %b : memref<5xf32>
  return
}

// -----

// Space 1 needs 80 bytes while the default space (8 bytes) fits.
// expected-error @below {{static-memory-planner: the arena for memory space '1' needs 80 bytes but the capacity is 64 bytes}}
func.func @one_space_over() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<20xf32, 1>
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<20xf32, 1>
  return
}

// -----

// Reuse counts: 48 + 48 bytes one after the other fit in 64 with best-fit
// or any liveness planner; trivial packing (the default) needs 96.
// expected-error @below {{static-memory-planner: the arena for memory space 'default' needs 96 bytes but the capacity is 64 bytes}}
func.func @fits_only_with_reuse() {
  %a = memref.alloc() : memref<12xf32>
  memref.dealloc %a : memref<12xf32>
  %b = memref.alloc() : memref<12xf32>
  memref.dealloc %b : memref<12xf32>
  return
}
