// RUN: pto-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{arena-mode=arg remarks=1}))" | FileCheck %s

// With arena-mode=arg the caller provides the arena, and nothing says how
// it is aligned (it need not come from malloc): the views' offsets are
// aligned relative to its start, so with remarks=1 a remark at the
// argument says the alignment they assume, the largest of the buffers'.

// An f64 buffer after three bytes starts at 8 and assumes 8 (24 bytes).
// CHECK-LABEL: func.func @f64_after_bytes
// CHECK:         %[[O8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    memref.view %{{.*}}[%[[O8]]][] : memref<64xi8> to memref<2xf64>
// expected-remark @below {{static-memory-planner (trivial): arena of 24 bytes for 2 buffers}}
// expected-remark @below {{arena-mode=arg: the views assume the arena argument is aligned to 8 bytes}}
func.func @f64_after_bytes(%arena: memref<64xi8>) {
  %a = memref.alloc() : memref<3xi8>
  %b = memref.alloc() : memref<2xf64>
  memref.dealloc %a : memref<3xi8>
  memref.dealloc %b : memref<2xf64>
  return
}

// -----

// A vector<8xf32> buffer assumes 32, an alignment attribute more (the
// 4 bytes at 64, 68 in all).
// CHECK-LABEL: func.func @vector_and_attribute
// expected-remark @below {{static-memory-planner (trivial): arena of 68 bytes for 2 buffers}}
// expected-remark @below {{arena-mode=arg: the views assume the arena argument is aligned to 64 bytes}}
func.func @vector_and_attribute(%arena: memref<?xi8>) {
  %a = memref.alloc() : memref<1xvector<8xf32>>
  %b = memref.alloc() {alignment = 64 : i64} : memref<4xi8>
  memref.dealloc %a : memref<1xvector<8xf32>>
  memref.dealloc %b : memref<4xi8>
  return
}
