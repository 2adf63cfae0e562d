// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | pto-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// An explicit module with attributes.
// CHECK:      module attributes {xd.version = 3 : i64} {
// CHECK-NEXT:   func.func private @f()
// CHECK-NEXT: }
module attributes {xd.version = 3} {
  func.func private @f()
}

// -----

// A named module, builtin.module spelled out, a nested module.
// CHECK:      module @outer {
// CHECK-NEXT:   module @inner attributes {xd.k} {
// CHECK-NEXT:     func.func private @g()
// CHECK-NEXT:   }
// CHECK-NEXT: }
builtin.module @outer {
  module @inner attributes {xd.k} {
    func.func private @g()
  }
}

// -----

// Ops outside any module are wrapped in one; an empty input is an empty
// module.
// CHECK:      module {
// CHECK-NEXT:   func.func private @a()
// CHECK-NEXT:   func.func private @b()
// CHECK-NEXT: }
func.func private @a()
func.func private @b()

// -----

// CHECK:      module {
// CHECK-NEXT: }

// -----

// Locations: trailing loc(...) on ops, block arguments and function
// arguments are accepted (and not printed without --mlir-print-debuginfo);
// #loc aliases are resolved.
// CHECK-LABEL: func.func @locs(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    cf.br ^bb1(%0 : i32)
// CHECK-NEXT:  ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT:    return %1 : i32
// CHECK-NOT:  loc(
#loc0 = loc("x.mlir":3:4)
func.func @locs(%arg0: i32 loc("x.mlir":1:2)) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32 loc(#loc0)
  cf.br ^bb1(%0 : i32) loc(unknown)
^bb1(%1: i32 loc("y.mlir":5:6)):
  return %1 : i32 loc(callsite("f" at "x.mlir":1:1))
} loc(fused["a", "b"])
