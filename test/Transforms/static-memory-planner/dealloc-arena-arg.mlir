// RUN: pto-opt %s -verify-diagnostics \
// RUN:   -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{arena-mode=arg dealloc-arena=true}))"

// dealloc-arena=true frees an arena the pass allocates; an arena the
// caller passes in (arena-mode=arg) is the caller's to free.
// expected-error @below {{dealloc-arena=true frees an arena the pass allocates; with arena-mode=arg the arena is the caller's}}
func.func @caller_arena(%arena: memref<512xi8>) {
  %a = memref.alloc() : memref<16xi32>
  memref.dealloc %a : memref<16xi32>
  return
}
