// Option values the pass does not know, or out of range, are rejected
// before any IR is touched, with LLVM's command-line parser wording that
// mlir-opt prints, in the pipeline syntax and in the pass-flag syntax alike.

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
// NEG: for the --capacity option: '-1' value invalid for integer argument! Try 0 or more
// NEG-NOT: memref.view

// RUN: not pto-opt %s --static-memory-planner-analysis="time-limit=soon" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TIME
// TIME: for the --time-limit option: 'soon' value invalid for duration argument! Try a duration such as 500ms or 2s, 0 for none
// TIME-NOT: memref.view

// RUN: not pto-opt %s -pass-pipeline="builtin.module(func.func(static-memory-planner-analysis{time-limit=-1s}))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGTIME
// NEGTIME: for the --time-limit option: '-1s' value invalid for duration argument!

// RUN: not pto-opt %s --static-memory-planner-analysis="work=0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WORK
// WORK: for the --work option: '0' value invalid for integer argument! Try 1 or more

func.func @one_buffer() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
