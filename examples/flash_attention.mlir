// One flash-attention block: O = softmax(Q K^T) V for 64 query rows
// (head dim 128 for Q K^T, 64 for V and O) over a 512-long sequence in 8
// blocks of 64 keys, with the online softmax (running row max %m, running
// row sum %l, rescaled accumulator %o). Per block: S = Q K_j^T on the cube
// (L0A x L0B -> L0C), S moves to UB for the softmax pieces, P is cast to
// f16 and sent back through L1 to L0A for P V_j, whose L0C result joins
// the UB accumulator. The carries %o, %m, %l each keep one UB buffer
// across iterations; %mn is still read after it is computed, so its carry
// needs a copy at the yield.
//
//   go run ./cmd/pto-opt -pto-memory-plan="planner=dsa-rp" --target=ascend910b examples/flash_attention.mlir
//   go run ./cmd/pto-opt -pto-memory-plan="planner=pypto" --target=ascend910b examples/flash_attention.mlir
func.func @flash_attention(%q_gm: !tile.tensor<64x128xf16>, %kt_gm: !tile.tensor<128x512xf16>, %v_gm: !tile.tensor<512x64xf16>, %o_gm: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e38 : f32
  %q = tile.load %q_gm {offsets = [0, 0]} : (!tile.tensor<64x128xf16>) -> !tile.tile<64x128xf16, mat>
  %ql = tile.move %q : (!tile.tile<64x128xf16, mat>) -> !tile.tile<64x128xf16, left>
  %o0 = tile.full %zero : (f32) -> !tile.tile<64x64xf32, vec>
  %m0 = tile.full %ninf : (f32) -> !tile.tile<64x1xf32, vec>
  %l0 = tile.full %zero : (f32) -> !tile.tile<64x1xf32, vec>
  %o, %m, %l = scf.for %j = %c0 to %c8 step %c1 iter_args(%oj = %o0, %mj = %m0, %lj = %l0) -> (!tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) {
    // S = Q K_j^T (K stored transposed: block j is columns [64j, 64j + 64)).
    %kt = tile.load %kt_gm, %j {offsets = [0, 64]} : (!tile.tensor<128x512xf16>, index) -> !tile.tile<128x64xf16, mat>
    %kr = tile.move %kt : (!tile.tile<128x64xf16, mat>) -> !tile.tile<128x64xf16, right>
    %s = tile.matmul %ql, %kr : (!tile.tile<64x128xf16, left>, !tile.tile<128x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %sv = tile.move %s : (!tile.tile<64x64xf32, acc>) -> !tile.tile<64x64xf32, vec>
    // Online softmax: new max, rescale factor, probabilities, new sum.
    %bm = tile.row_max %sv : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %mn = tile.max %mj, %bm : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %dm = tile.sub %mj, %mn : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %alpha = tile.exp %dm : (!tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %ps = tile.row_expand_sub %sv, %mn : (!tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
    %p = tile.exp %ps : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    %bs = tile.row_sum %p : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %ls = tile.mul %lj, %alpha : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    %ln = tile.add %ls, %bs : (!tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x1xf32, vec>
    // P V_j: P (f16) goes UB -> L1 -> L0A, V_j (rows [64j, 64j + 64)) L1 -> L0B.
    %ph = tile.cast %p : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf16, vec>
    %pm = tile.move %ph : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, mat>
    %pl = tile.move %pm : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %v = tile.load %v_gm, %j {offsets = [64, 0]} : (!tile.tensor<512x64xf16>, index) -> !tile.tile<64x64xf16, mat>
    %vr = tile.move %v : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    %pv = tile.matmul %pl, %vr : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %pvv = tile.move %pv : (!tile.tile<64x64xf32, acc>) -> !tile.tile<64x64xf32, vec>
    // O = O * alpha + P V_j.
    %os = tile.row_expand_mul %oj, %alpha : (!tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
    %on = tile.add %os, %pvv : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %on, %mn, %ln : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>, !tile.tile<64x1xf32, vec>
  }
  %out = tile.row_expand_div %o, %l : (!tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
  %res = tile.store %out, %o_gm {offsets = [0, 0]} : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return %res : !tile.tensor<64x64xf32>
}
