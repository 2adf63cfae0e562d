// RUN: pto-opt %s -init-memref -memory-reuse -check-tile-placement | FileCheck %s

// memory-reuse without materialize-semantic-aliases before it: the if
// result is put on one place first, then shared. Deciding the sharing
// first let the fixup after retarget %d's producer onto a buffer the row
// reduction writes, which it may not alias ("memory-reuse: internal error:
// the sharing breaks a rule"); -check-tile-placement accepts the plan.
// CHECK-LABEL: func.func @if_result_then_no_alias
// CHECK:       %x = tile.row_max %r into
func.func @if_result_then_no_alias(%in: !tile.tensor<8x16xf32>, %out: !tile.tensor<8x1xf32>, %b: i1) {
  %t = tile.load %in : (!tile.tensor<8x16xf32>) -> !tile.tile<8x16xf32, vec>
  %d = tile.div %t, %t : (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
  %r = scf.if %b -> (!tile.tile<8x16xf32, vec>) {
    %m = tile.exp %d : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x16xf32, vec>
    scf.yield %m : !tile.tile<8x16xf32, vec>
  } else {
    scf.yield %d : !tile.tile<8x16xf32, vec>
  }
  %x = tile.row_max %r : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %s = tile.store %x, %out : (!tile.tile<8x1xf32, vec>, !tile.tensor<8x1xf32>) -> !tile.tensor<8x1xf32>
  return
}
