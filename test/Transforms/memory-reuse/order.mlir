// RUN: pto-opt %s -init-memref -memory-reuse -check-tile-placement | FileCheck %s

// First fit depends on the order the allocations are taken in, and no one
// order is best: memory-reuse tries several and keeps the packing with the
// smallest footprint, so it never needs more than PyPTO's program order.
//
// Here every tile is 16 KiB. rsqrt and row_max must not write over their
// input, row_expand_mul not over its broadcast operand %m, and %m is live
// while %d is loaded. Shorter lifetimes first (%a, %b, %d, %e, then %m)
// puts %d and %e with %a and %b alone, leaving no buffer for %m: three
// buffers. Program order puts %m with %a and %d, %e with %b: two.
// CHECK-LABEL: func.func @rsqrt_rowmax_rowexpand
// CHECK:      %[[X:.*]] = tile.alloc vec, 16384 : !tile.buf<vec>
// CHECK-NEXT: %[[Y:.*]] = tile.alloc vec, 16384 : !tile.buf<vec>
// CHECK-NOT:  tile.alloc
// CHECK:      %a = tile.load %in into %[[X]]
// CHECK-NEXT: %b = tile.rsqrt %a into %[[Y]]
// CHECK-NEXT: %m = tile.row_max %b into %[[X]]
// CHECK-NEXT: %d = tile.load %in into %[[Y]]
// CHECK-NEXT: %e = tile.row_expand_mul %d, %m into %[[Y]]
func.func @rsqrt_rowmax_rowexpand(%in: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %b = tile.rsqrt %a : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %m = tile.row_max %b : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec, valid = 64x1>
  %d = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %e = tile.row_expand_mul %d, %m : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec, valid = 64x1>) -> !tile.tile<64x64xf32, vec>
  %s = tile.store %e, %out {offsets = [0, 0]} : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}
