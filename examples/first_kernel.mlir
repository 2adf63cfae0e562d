// examples/first_kernel.mlir: a row softmax, y[r] = exp(x[r] - max(x[r])) / sum(exp(x[r] - max(x[r]))),
// over a 128x128 f32 matrix, 32 rows (16 KiB) at a time.
func.func @row_softmax(%x: !tile.tensor<128x128xf32>, %y: !tile.tensor<128x128xf32>) -> !tile.tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // Four blocks of 32 rows; the output tensor is carried through the loop.
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %y) -> (!tile.tensor<128x128xf32>) {
    // Rows [32 * %i, 32 * %i + 32) of %x into the vector unit's memory (vec, the UB).
    %t = tile.load %x, %i {offsets = [32, 0]} : (!tile.tensor<128x128xf32>, index) -> !tile.tile<32x128xf32, vec>
    %m = tile.row_max %t : (!tile.tile<32x128xf32, vec>) -> !tile.tile<32x1xf32, vec>
    %d = tile.row_expand_sub %t, %m : (!tile.tile<32x128xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x128xf32, vec>
    %e = tile.exp %d : (!tile.tile<32x128xf32, vec>) -> !tile.tile<32x128xf32, vec>
    %s = tile.row_sum %e : (!tile.tile<32x128xf32, vec>) -> !tile.tile<32x1xf32, vec>
    %p = tile.row_expand_div %e, %s : (!tile.tile<32x128xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x128xf32, vec>
    // The same rows of the output; the store yields the updated tensor.
    %acc2 = tile.store %p, %acc, %i {offsets = [32, 0]} : (!tile.tile<32x128xf32, vec>, !tile.tensor<128x128xf32>, index) -> !tile.tensor<128x128xf32>
    scf.yield %acc2 : !tile.tensor<128x128xf32>
  }
  return %res : !tile.tensor<128x128xf32>
}
