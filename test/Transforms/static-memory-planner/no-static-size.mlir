// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" | FileCheck %s

// A buffer whose element has no static size in the lowered program is not
// planned: it stays on the heap with its deallocation, and a remark (given
// without remarks=1, since it changes what is planned) says why. The other
// buffers are planned as usual.

// A scalable vector's size is a multiple of the hardware's vector length,
// known only at run time.
// CHECK-LABEL: func.func @scalable_vector
// CHECK-NEXT:    %[[ARENA:.*]] = memref.alloc() {alignment = 1 : i64} : memref<16xi8>
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = memref.view %[[ARENA]][%[[O0]]][] : memref<16xi8> to memref<4xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2xvector<[4]xf32>>
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<2xvector<[4]xf32>>
// CHECK-NEXT:    return
func.func @scalable_vector() {
  %a = memref.alloc() : memref<4xf32>
  // expected-remark @below {{not planned: the element type vector<[4]xf32> is scalable: its size is known only at run time, so the buffer has no static size; left on the heap}}
  %s = memref.alloc() : memref<2xvector<[4]xf32>>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %s : memref<2xvector<[4]xf32>>
  return
}

// -----

// One scalable dimension of several is enough.
// CHECK-LABEL: func.func @scalable_inner_dimension
// CHECK-NEXT:    memref.alloc() : memref<1xvector<2x[4]xi8>>
// CHECK-NOT:     memref.view
func.func @scalable_inner_dimension() {
  // expected-remark @below {{not planned: the element type vector<2x[4]xi8> is scalable}}
  %s = memref.alloc() : memref<1xvector<2x[4]xi8>>
  memref.dealloc %s : memref<1xvector<2x[4]xi8>>
  return
}

// -----

// tf32 has no LLVM type (mlir-opt's LLVM lowering leaves such a memref
// unconverted), so it has no LLVM layout either.
// CHECK-LABEL: func.func @no_llvm_type
// CHECK-NEXT:    memref.alloc() : memref<8xtf32>
// CHECK-NOT:     memref.view
func.func @no_llvm_type() {
  // expected-remark @below {{not planned: the element type tf32 has no LLVM type (the LLVM lowering does not convert it), so the buffer has no static size; left on the heap}}
  %s = memref.alloc() : memref<8xtf32>
  memref.dealloc %s : memref<8xtf32>
  return
}

// -----

// Nor does a type of another dialect pto-opt does not size.
// CHECK-LABEL: func.func @other_dialect
// CHECK-NEXT:    memref.alloc() : memref<4x!llvm.ptr>
// CHECK-NOT:     memref.view
func.func @other_dialect() {
  // expected-remark @below {{not planned: the element type !llvm.ptr has no size pto-opt knows in the LLVM lowering, so the buffer has no static size; left on the heap}}
  %s = memref.alloc() : memref<4x!llvm.ptr>
  memref.dealloc %s : memref<4x!llvm.ptr>
  return
}
