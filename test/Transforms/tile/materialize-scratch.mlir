// RUN: pto-opt %s -split-input-file -materialize-scratch | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=ascend950 -pto-memory-plan=planner=pypto -check-tile-placement --verify-plan | FileCheck %s --check-prefix=PLAN

// An op whose ptoas instruction needs a scratch tile (a row reduction) gets
// a tile.create of its input's type, appended to its inputs; it is then
// planned like any tile: its own allocation, live only up to the op.
// CHECK-LABEL: func.func @row_max(
// CHECK:       %[[X:.*]] = tile.load
// CHECK-NEXT:  %[[S:.*]] = tile.create : () -> !tile.tile<8x64xf32, vec>
// CHECK-NEXT:  tile.row_max %[[X]], %[[S]] : (!tile.tile<8x64xf32, vec>, !tile.tile<8x64xf32, vec>) -> !tile.tile<8x1xf32, vec>
// PLAN-LABEL: func.func @row_max(
// PLAN-DAG:   tile.alloc vec, 2048 {addr = 0}
// PLAN-DAG:   tile.alloc vec, 2048 {addr = 2048}
// PLAN-DAG:   tile.alloc vec, 32 {addr = 4096}
// PLAN:       tile.create into
func.func @row_max(%in: !tile.tensor<8x64xf32>, %out: !tile.tensor<8x1xf32>) {
  %x = tile.load %in {offsets = [0, 0]} : (!tile.tensor<8x64xf32>) -> !tile.tile<8x64xf32, vec>
  %m = tile.row_max %x : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %r = tile.store %m, %out {offsets = [0, 0]} : (!tile.tile<8x1xf32, vec>, !tile.tensor<8x1xf32>) -> !tile.tensor<8x1xf32>
  return
}

// -----

// Binary ops (xor) keep both inputs before the scratch; an op that already
// has its scratch is left alone, and ops that need none are untouched.
// CHECK-LABEL: func.func @xor_and_others(
// CHECK:       %[[S:.*]] = tile.create : () -> !tile.tile<8x64xi32, vec>
// CHECK-NEXT:  %[[Z:.*]] = tile.xor %[[A:.*]], %[[B:.*]], %[[S]] :
// CHECK-NOT:   tile.create
// CHECK:       tile.add %[[Z]], %[[Z]] :
func.func @xor_and_others(%ia: !tile.tensor<8x64xi32>, %ib: !tile.tensor<8x64xi32>, %out: !tile.tensor<8x64xi32>) {
  %a = tile.load %ia {offsets = [0, 0]} : (!tile.tensor<8x64xi32>) -> !tile.tile<8x64xi32, vec>
  %b = tile.load %ib {offsets = [0, 0]} : (!tile.tensor<8x64xi32>) -> !tile.tile<8x64xi32, vec>
  %z = tile.xor %a, %b : (!tile.tile<8x64xi32, vec>, !tile.tile<8x64xi32, vec>) -> !tile.tile<8x64xi32, vec>
  %w = tile.add %z, %z : (!tile.tile<8x64xi32, vec>, !tile.tile<8x64xi32, vec>) -> !tile.tile<8x64xi32, vec>
  %r = tile.store %w, %out {offsets = [0, 0]} : (!tile.tile<8x64xi32, vec>, !tile.tensor<8x64xi32>) -> !tile.tensor<8x64xi32>
  return
}
