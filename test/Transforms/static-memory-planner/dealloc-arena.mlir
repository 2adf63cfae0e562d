// RUN: pto-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{dealloc-arena=true}))" \
// RUN:   | FileCheck %s
// RUN: pto-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM

// dealloc-arena=true frees the arena the pass allocates before the
// function returns, as the planner's own write-up shows; by default the
// arena stays allocated, as upstream's pass leaves it.

// The arena is freed right before the return, after every view's use.
// CHECK-LABEL: func.func @freed_before_return
// CHECK:         %[[ARENA:.*]] = memref.alloc() {{.*}} : memref<128xi8>
// CHECK:         "test.use"
// CHECK-NEXT:    memref.dealloc %[[ARENA]] : memref<128xi8>
// CHECK-NEXT:    return
// UPSTREAM-LABEL: func.func @freed_before_return
// UPSTREAM-NOT:   memref.dealloc
// UPSTREAM:       return
func.func @freed_before_return() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "test.use"(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// One arena per memory space, each freed.
// CHECK-LABEL: func.func @one_free_per_arena
// CHECK-DAG:     %[[A0:.*]] = memref.alloc() {{.*}} : memref<64xi8>
// CHECK-DAG:     %[[A1:.*]] = memref.alloc() {{.*}} : memref<64xi8, 1>
// CHECK:         "test.use"
// CHECK-DAG:     memref.dealloc %[[A0]] : memref<64xi8>
// CHECK-DAG:     memref.dealloc %[[A1]] : memref<64xi8, 1>
// CHECK:         return
func.func @one_free_per_arena() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32, 1>
  "test.use"(%a, %b) : (memref<16xf32>, memref<16xf32, 1>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32, 1>
  return
}

// -----

// Nothing planned, nothing allocated, nothing freed.
// CHECK-LABEL: func.func @nothing_planned
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @nothing_planned() {
  return
}
