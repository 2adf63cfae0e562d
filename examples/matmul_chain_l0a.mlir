// Six unrolled K steps of C[128x128] += A_k[128x64] * B_k[64x128] (f16,
// f32 accumulator), each step with its own L0A (left) and L0B (right)
// tile of 16 KiB. Only one step's pair is live at a time, but a bump
// allocator that never reuses a freed range (allocate-addr
// planner=sequential, PyPTO issue #1908) needs 6 x 16 KiB = 96 KiB of
// the 64 KiB L0A and L0B on Ascend 910B and overflows; planner=dsa-rp
// reuses the dead ranges and fits.
//
//   go run ./cmd/pto-opt -init-memref -materialize-semantic-aliases -allocate-addr="planner=sequential" --target=ascend910b examples/matmul_chain_l0a.mlir
//     (error: memory space 'left' overflows: 98304 bytes needed, capacity 65536 bytes)
//   go run ./cmd/pto-opt -pto-memory-plan="planner=dsa-rp" --target=ascend910b examples/matmul_chain_l0a.mlir
func.func @matmul_chain_l0a(%a_gm: !tile.tensor<128x384xf16>, %b_gm: !tile.tensor<384x128xf16>, %c_gm: !tile.tensor<128x128xf32>) -> !tile.tensor<128x128xf32> {
  %a0 = tile.load %a_gm {offsets = [0, 0]} : (!tile.tensor<128x384xf16>) -> !tile.tile<128x64xf16, mat>
  %b0 = tile.load %b_gm {offsets = [0, 0]} : (!tile.tensor<384x128xf16>) -> !tile.tile<64x128xf16, mat>
  %l0 = tile.move %a0 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
  %r0 = tile.move %b0 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  %c0 = tile.matmul %l0, %r0 : (!tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a1 = tile.load %a_gm {offsets = [0, 64]} : (!tile.tensor<128x384xf16>) -> !tile.tile<128x64xf16, mat>
  %b1 = tile.load %b_gm {offsets = [64, 0]} : (!tile.tensor<384x128xf16>) -> !tile.tile<64x128xf16, mat>
  %l1 = tile.move %a1 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
  %r1 = tile.move %b1 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  %c1 = tile.matmul_acc %c0, %l1, %r1 : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a2 = tile.load %a_gm {offsets = [0, 128]} : (!tile.tensor<128x384xf16>) -> !tile.tile<128x64xf16, mat>
  %b2 = tile.load %b_gm {offsets = [128, 0]} : (!tile.tensor<384x128xf16>) -> !tile.tile<64x128xf16, mat>
  %l2 = tile.move %a2 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
  %r2 = tile.move %b2 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  %c2 = tile.matmul_acc %c1, %l2, %r2 : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a3 = tile.load %a_gm {offsets = [0, 192]} : (!tile.tensor<128x384xf16>) -> !tile.tile<128x64xf16, mat>
  %b3 = tile.load %b_gm {offsets = [192, 0]} : (!tile.tensor<384x128xf16>) -> !tile.tile<64x128xf16, mat>
  %l3 = tile.move %a3 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
  %r3 = tile.move %b3 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  %c3 = tile.matmul_acc %c2, %l3, %r3 : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a4 = tile.load %a_gm {offsets = [0, 256]} : (!tile.tensor<128x384xf16>) -> !tile.tile<128x64xf16, mat>
  %b4 = tile.load %b_gm {offsets = [256, 0]} : (!tile.tensor<384x128xf16>) -> !tile.tile<64x128xf16, mat>
  %l4 = tile.move %a4 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
  %r4 = tile.move %b4 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  %c4 = tile.matmul_acc %c3, %l4, %r4 : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a5 = tile.load %a_gm {offsets = [0, 320]} : (!tile.tensor<128x384xf16>) -> !tile.tile<128x64xf16, mat>
  %b5 = tile.load %b_gm {offsets = [320, 0]} : (!tile.tensor<384x128xf16>) -> !tile.tile<64x128xf16, mat>
  %l5 = tile.move %a5 : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, left>
  %r5 = tile.move %b5 : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, right>
  %c5 = tile.matmul_acc %c4, %l5, %r5 : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %cv = tile.move %c5 : (!tile.tile<128x128xf32, acc>) -> !tile.tile<128x128xf32, vec>
  %res = tile.store %cv, %c_gm {offsets = [0, 0]} : (!tile.tile<128x128xf32, vec>, !tile.tensor<128x128xf32>) -> !tile.tensor<128x128xf32>
  return %res : !tile.tensor<128x128xf32>
}
