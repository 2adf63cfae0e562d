// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// A module inside a function keeps its dialect prefix: func is the
// default dialect there, and `module` alone would be read as func.module.
// CHECK:      func.func @f() {
// CHECK-NEXT:   builtin.module {
// CHECK-NEXT:   }
// CHECK-NEXT:   return
func.func @f() {
  builtin.module {
  }
  return
}

// -----

// In a module the prefix is dropped, as at the top level.
// CHECK:      module {
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:   }
// CHECK-NEXT: }
module {
  builtin.module @inner {
  }
}
