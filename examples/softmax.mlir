// Row softmax over a 256x256xf32 matrix, 32 rows (32 KiB) per iteration:
//   m = row_max(x); e = exp(x - m); y = e / row_sum(e)
// row_max / row_sum must not write over their input and the row_expand
// ops must not overwrite their broadcast operand (operand 1), so the
// planners keep those pairs apart even where lifetimes would allow reuse.
//
//   go run ./cmd/pto-opt -pto-memory-plan="planner=dsa-rp" --target=ascend910b examples/softmax.mlir
//   go run ./cmd/pto-opt -pto-memory-plan="planner=pypto" --target=ascend910b examples/softmax.mlir
func.func @softmax_rows(%x_gm: !tile.tensor<256x256xf32>, %y_gm: !tile.tensor<256x256xf32>) -> !tile.tensor<256x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %res = scf.for %i = %c0 to %c8 step %c1 iter_args(%y = %y_gm) -> (!tile.tensor<256x256xf32>) {
    // Row block %i: rows [32 * i, 32 * i + 32).
    %x = tile.load %x_gm, %i {offsets = [32, 0]} : (!tile.tensor<256x256xf32>, index) -> !tile.tile<32x256xf32, vec>
    %m = tile.row_max %x : (!tile.tile<32x256xf32, vec>) -> !tile.tile<32x1xf32, vec>
    %xs = tile.row_expand_sub %x, %m : (!tile.tile<32x256xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x256xf32, vec>
    %e = tile.exp %xs : (!tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
    %s = tile.row_sum %e : (!tile.tile<32x256xf32, vec>) -> !tile.tile<32x1xf32, vec>
    %p = tile.row_expand_div %e, %s : (!tile.tile<32x256xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x256xf32, vec>
    %y2 = tile.store %p, %y, %i {offsets = [32, 0]} : (!tile.tile<32x256xf32, vec>, !tile.tensor<256x256xf32>, index) -> !tile.tensor<256x256xf32>
    scf.yield %y2 : !tile.tensor<256x256xf32>
  }
  return %res : !tile.tensor<256x256xf32>
}
