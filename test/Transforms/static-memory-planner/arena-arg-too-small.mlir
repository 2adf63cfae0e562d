// RUN: not pto-opt %s -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{arena-mode=arg}))" 2>&1 \
// RUN:   | FileCheck %s

// The issue's case: 88 bytes of views do not fit a memref<16xi8> arena
// argument. The pass fails (status 1, nothing printed) with an error at
// the argument, its source line and a caret, naming the bytes the plan
// needs; nothing is rewritten.

// CHECK: arena-arg-too-small.mlir:[[@LINE+4]]:31: error: arena-mode=arg: the plan needs 88 bytes but the arena argument memref<16xi8> holds 16
// CHECK-NEXT: {{^}}func.func @eighty_eight_bytes(%arena: memref<16xi8>) {
// CHECK-NEXT: {{^                              \^$}}
// CHECK-NOT:  memref.view
func.func @eighty_eight_bytes(%arena: memref<16xi8>) {
  %a = memref.alloc() : memref<10xf64>
  %b = memref.alloc() : memref<2xi32>
  memref.dealloc %a : memref<10xf64>
  memref.dealloc %b : memref<2xi32>
  return
}
