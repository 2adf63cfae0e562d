// RUN: pto-opt %s -split-input-file -verify-diagnostics -init-memref=planner=ptoas
// RUN: pto-opt %s -split-input-file -init-memref=planner=dsa-rp | FileCheck %s

// ptoas plans memory itself and would not keep a declared allocation
// isolated, so planner=ptoas rejects it; planner=dsa-rp keeps it.
// CHECK-LABEL: func.func @declared
// CHECK:       %p = tile.alloc vec, 16384 {pinned}
func.func @declared(%in: !tile.tensor<64x64xf32>) {
  // expected-error @+1 {{init-memref: declared (pinned) allocations are not supported with planner=ptoas}}
  %p = tile.alloc vec, 16 {pinned} : !tile.buf<vec>
  %a = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Without declared allocations planner=ptoas allocates as the others do.
// CHECK-LABEL: func.func @undeclared
// CHECK:       tile.alloc vec, 16384 :
// CHECK:       tile.load %in into
func.func @undeclared(%in: !tile.tensor<64x64xf32>) {
  %a = tile.load %in : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  return
}
