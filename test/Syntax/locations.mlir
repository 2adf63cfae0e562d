// RUN: pto-opt %s -split-input-file --mlir-print-debuginfo | FileCheck %s

// The location forms of MLIR 22, read and printed back. pto-opt prints a
// location with its aliases written out (mlir-opt prints the aliases
// after the module instead). The forms it refuses are in
// invalid_input.mlir.

// File locations with a line only, a column, or a range.
// CHECK: arith.constant 1 : i32 loc("a.mlir":3)
// CHECK: arith.constant 2 : i32 loc("a.mlir":3:4)
// CHECK: arith.constant 3 : i32 loc("a.mlir":3:4 to 5:6)
// CHECK: arith.constant 4 : i32 loc("a.mlir":3:4 to :6)
func.func @file_locations() {
  %0 = arith.constant 1 : i32 loc("a.mlir":3)
  %1 = arith.constant 2 : i32 loc("a.mlir":3:4)
  %2 = arith.constant 3 : i32 loc("a.mlir":3:4 to 5:6)
  %3 = arith.constant 4 : i32 loc("a.mlir":3:4 to :6)
  return
}

// -----

// Names, call sites, fused locations with and without metadata, unknown.
// CHECK: arith.constant 1 : i32 loc("name"("a.mlir":1:2))
// CHECK: arith.constant 2 : i32 loc(callsite("a.mlir":1:2 at "b.mlir":3:4))
// CHECK: arith.constant 3 : i32 loc(fused<"m">["a.mlir":1:2, unknown])
// CHECK: arith.constant 4 : i32 loc(fused[])
func.func @composite_locations() {
  %0 = arith.constant 1 : i32 loc("name"("a.mlir":1:2))
  %1 = arith.constant 2 : i32 loc(callsite("a.mlir":1:2 at "b.mlir":3:4))
  %2 = arith.constant 3 : i32 loc(fused<"m">["a.mlir":1:2, unknown])
  %3 = arith.constant 4 : i32 loc(fused[])
  return
}

// -----

// Aliases: defined before use inside another alias, and after the module
// for an op's location, as mlir-opt prints them.
// CHECK: return loc(callsite("callee.mlir":1:2 at fused["a.mlir":5:6, "b.mlir":7:8]))
#caller = loc(fused["a.mlir":5:6, "b.mlir":7:8])
func.func @aliases() {
  return loc(#site)
}
#site = loc(callsite("callee.mlir":1:2 at #caller))
