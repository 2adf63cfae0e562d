// RUN: not pto-opt %s --target=ascend910b \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=A2
// RUN: pto-opt %s --target=ascend950 \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))" \
// RUN:   | FileCheck %s --check-prefix=A5
// RUN: pto-opt %s --target=ascend910b \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{capacity=200000}))" \
// RUN:   | FileCheck %s --check-prefix=A5

// Without capacity=, the selected target's capacity of each memory space
// bounds its arena (the default space has none). Two live 96000-byte
// buffers in "vec" need 192000 bytes: more than Ascend910B's 184 KiB
// (188416 bytes), less than Ascend950's 240 KiB; capacity= overrides the
// target.

// A2: error: static-memory-planner: the arena for memory space 'vec' needs 192000 bytes but the capacity is 188416 bytes
// A5-LABEL: func.func @vec_pair
// A5-NEXT:    memref.alloc() {alignment = 32 : i64} : memref<192000xi8, "vec">
func.func @vec_pair() {
  %a = memref.alloc() : memref<24000xf32, "vec">
  %b = memref.alloc() : memref<24000xf32, "vec">
  memref.dealloc %a : memref<24000xf32, "vec">
  memref.dealloc %b : memref<24000xf32, "vec">
  return
}
