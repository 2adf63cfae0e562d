// Option values the pass does not know are rejected before any IR is
// touched, with LLVM's command-line parser wording that mlir-opt prints,
// in the pipeline syntax and in the pass-flag syntax alike. Values of the
// right type but out of range are errors of the pass, on each function.

// RUN: not pto-opt %s -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{algorithm=first-fit}))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALGO
// ALGO: for the --algorithm option: Cannot find option named 'first-fit'!
// ALGO-NOT: memref.view

// RUN: not pto-opt %s --static-memory-planner-analysis="arena-mode=global" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODE
// MODE: for the --arena-mode option: Cannot find option named 'global'!
// MODE-NOT: memref.view

// RUN: not pto-opt %s --static-memory-planner-analysis="lift-nested=sometimes" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOOL
// BOOL: for the --lift-nested option: 'sometimes' is invalid value for boolean argument! Try 0 or 1

// RUN: not pto-opt %s --static-memory-planner-analysis="capacity=lots" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT
// INT: for the --capacity option: 'lots' value invalid for integer argument!

// RUN: not pto-opt %s --static-memory-planner-analysis="capacity=-1" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEG
// NEG: error: static-memory-planner-analysis: capacity=-1 is not a byte count

// RUN: not pto-opt %s --static-memory-planner-analysis="time-limit=soon" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TIME
// TIME: error: static-memory-planner-analysis: invalid time-limit "soon"

func.func @one_buffer() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
