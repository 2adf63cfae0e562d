// C[128x128] = A[128x512] * B[512x128] in f16 with an f32 L0C accumulator,
// K split into 8 steps of 64. The first step is peeled (tile.matmul seeds
// the accumulator), the other seven run in an scf.for with
// tile.matmul_acc, which writes in place into the carried accumulator:
// materialize-semantic-aliases keeps init, carry and result in one acc
// buffer. Each step stages A/B slices in L1 (mat) and moves them to
// L0A (left) / L0B (right); the result goes L0C -> UB -> global memory.
//
//   go run ./cmd/pto-opt -pto-memory-plan="planner=dsa-rp" --target=ascend910b examples/matmul_kloop.mlir
//   go run ./cmd/pto-opt -pto-memory-plan="planner=dsa-rp" -convert-tile-to-pto --target=ascend910b examples/matmul_kloop.mlir
func.func @matmul_kloop(%a_gm: !tile.tensor<128x512xf16>, %b_gm: !tile.tensor<512x128xf16>, %c_gm: !tile.tensor<128x128xf32>) -> !tile.tensor<128x128xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a0 = tile.load %a_gm {offsets = [0, 0]} : (!tile.tensor<128x512xf16>) -> !tile.tile<128x64xf16, mat>
  %b0 = tile.load %b_gm {offsets = [0, 0]} : (!tile.tensor<512x128xf16>) -> !tile.tile<64x128xf16, mat>
  %l0 = tile.move %a0 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
  %r0 = tile.move %b0 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  %acc0 = tile.matmul %l0, %r0 : (!tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %acc = scf.for %k = %c1 to %c8 step %c1 iter_args(%acc_k = %acc0) -> (!tile.tile<128x128xf32, acc>) {
    // Step %k reads A columns [64k, 64k + 64) and B rows [64k, 64k + 64).
    %ak = tile.load %a_gm, %k {offsets = [0, 64]} : (!tile.tensor<128x512xf16>, index) -> !tile.tile<128x64xf16, mat>
    %bk = tile.load %b_gm, %k {offsets = [64, 0]} : (!tile.tensor<512x128xf16>, index) -> !tile.tile<64x128xf16, mat>
    %lk = tile.move %ak : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
    %rk = tile.move %bk : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
    %next = tile.matmul_acc %acc_k, %lk, %rk : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
    scf.yield %next : !tile.tile<128x128xf32, acc>
  }
  %c = tile.move %acc : (!tile.tile<128x128xf32, acc>) -> !tile.tile<128x128xf32, vec>
  %res = tile.store %c, %c_gm {offsets = [0, 0]} : (!tile.tile<128x128xf32, vec>, !tile.tensor<128x128xf32>) -> !tile.tensor<128x128xf32>
  return %res : !tile.tensor<128x128xf32>
}
