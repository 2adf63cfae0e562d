// RUN: pto-opt %s -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis))"

// Upstream's refusal of a function returning a memref, with the option
// that plans the rest of it instead (allow-escaping=true).
// expected-error @below {{static-memory-planner does not support functions with memref return types (allow-escaping=true plans the allocations that do not escape)}}
func.func @returns_a_buffer() -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  return %a : memref<16xf32>
}
