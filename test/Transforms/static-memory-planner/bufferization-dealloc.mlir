// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" | FileCheck %s

// The ownership-based deallocation leaves bufferization.dealloc ops: a
// buffer released under the constant true is released like by
// memref.dealloc and planned; its entry leaves the list, the other
// entries stay (here a function argument under the constant false).
// A buffer released through its base pointer counts.
// CHECK-LABEL: func.func @constant_true
//       CHECK:   %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<32xi8>
//       CHECK:   memref.view %[[ARENA]]
//       CHECK:   memref.view %[[ARENA]]
//   CHECK-NOT:   memref.alloc
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<8xf32>) if (%false)
//  CHECK-NEXT:   return
func.func @constant_true(%arg: memref<8xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %b : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %base, %arg : memref<4xf32>, memref<f32>, memref<8xf32>) if (%true, %true, %false)
  return
}

// -----

// A dealloc left with nothing to release goes.
// CHECK-LABEL: func.func @emptied
//   CHECK-NOT:   bufferization.dealloc
func.func @emptied() {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  return
}

// -----

// Buffers released one after the other share bytes, as with
// memref.dealloc.
// CHECK-LABEL: func.func @sequential
//       CHECK:   memref.alloc() {alignment = 1 : i64} : memref<16xi8>
func.func @sequential() {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  %b = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%b : memref<4xf32>) if (%true)
  return
}

// -----

// A condition known only at run time: the buffer may outlive the
// function (its ownership moved elsewhere), so it stays on the heap.
// CHECK-LABEL: func.func @runtime_condition
//       CHECK:   memref.alloc() : memref<4xf32>
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<4xf32>) if (%{{.*}})
func.func @runtime_condition(%c: i1) {
  // expected-remark @below {{not planned: 'bufferization.dealloc' at}}
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%c)
  return
}

// -----

// The dealloc also retains the buffer: the ownership it reports depends
// on the entry, which planning would remove.
// CHECK-LABEL: func.func @retained
//       CHECK:   memref.alloc() : memref<4xf32>
func.func @retained() -> i1 {
  %true = arith.constant true
  // expected-remark @below {{also retains a result of 'memref.alloc'}}
  %a = memref.alloc() : memref<4xf32>
  %r = bufferization.dealloc (%a : memref<4xf32>) if (%true) retain (%a : memref<4xf32>)
  return %r : i1
}
