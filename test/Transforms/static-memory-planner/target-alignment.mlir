// RUN: pto-opt %s --target=%S/../tile/Inputs/vec-align256.json -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=trivial}))" | FileCheck %s
// RUN: pto-opt %s --target=%S/../tile/Inputs/vec-align256.json -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" | FileCheck %s
// RUN: pto-opt %s --target=%S/../tile/Inputs/vec-align256.json -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=ffd}))" | FileCheck %s
// RUN: pto-opt %s --target=%S/../tile/Inputs/vec-align256.json -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=dsa-rp}))" | FileCheck %s

// The target aligns memory space "vec" to 256 bytes: under every
// algorithm each buffer of the vec arena starts at a multiple of 256 and
// the arena is allocated so aligned (its buffers used to sit at 0, 8000
// and 16000 of an arena aligned to 1). Three buffers live together.
// CHECK-LABEL: func.func @vec_three
// CHECK:         memref.alloc() {alignment = 256 : i64} : memref<16656xi8, "vec">
// CHECK-DAG:     arith.constant 0 : index
// CHECK-DAG:     arith.constant 8192 : index
// CHECK-DAG:     arith.constant 16384 : index
func.func @vec_three() {
  %a = memref.alloc() : memref<2000xf32, "vec">
  %b = memref.alloc() : memref<2000xf32, "vec">
  %c = memref.alloc() : memref<68xf32, "vec">
  memref.dealloc %a : memref<2000xf32, "vec">
  memref.dealloc %b : memref<2000xf32, "vec">
  memref.dealloc %c : memref<68xf32, "vec">
  return
}

// -----

// A reserved window of the space cannot be kept clear from inside the
// arena: the pass says so (it used to say nothing).
// RUN: pto-opt %s -split-input-file --target=%S/../tile/Inputs/reserved-ub.json -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=best-fit}))" 2>&1 | FileCheck %s --check-prefix=RESERVED
// RESERVED: warning: static-memory-planner-analysis: target 'reserved-ub' reserves bytes [0, 4096) of memory space 'vec': the arena's address is its allocator's to choose clear of them
func.func @vec_reserved() {
  %a = memref.alloc() : memref<2000xf32, "vec">
  memref.dealloc %a : memref<2000xf32, "vec">
  return
}
