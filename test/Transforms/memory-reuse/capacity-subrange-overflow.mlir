// RUN: pto-opt %s -verify-diagnostics --target=%S/../tile/Inputs/tight.json -pto-memory-plan=planner=pypto
// RUN: pto-opt %s -verify-diagnostics --target=%S/../tile/Inputs/tight.json -init-memref -materialize-semantic-aliases -memory-reuse -allocate-addr

// A kernel from the tile kernel generator (seed 27, big tiles) that overflows
// an 8 KiB UB even with subranges. memory-reuse tried the subrange packing,
// found it too big, and went on with the whole-buffer packing, but with the
// member offsets the subrange packing had left: tiles were written past the
// end of their allocation, and the validator stopped it with an internal
// error. It is now refused as what it is: a tile larger than the whole
// space, at that tile.
module {
  func.func @k27(%in0: !tile.tensor<256x64xf16>, %out1: !tile.tensor<256x1xf16>, %in2: !tile.tensor<4x64xf16>, %flag3: i1, %out4: !tile.tensor<256x16xf16>, %out5: !tile.tensor<1x64xf16>, %in6: !tile.tensor<64x256xf16>, %in7: !tile.tensor<512x64xf16>, %out8: !tile.tensor<64x64xf16>, %out9: !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %cst3 = arith.constant 1.5 : f32
    %t1 = tile.load %in0 {offsets = [64, 0]} : (!tile.tensor<256x64xf16>) -> !tile.tile<64x64xf16, vec>
    %r2 = scf.for %i3 = %c0 to %c3 step %c1 iter_args(%x4 = %t1) -> (!tile.tile<64x64xf16, vec>) {
      %t5 = tile.row_min %x4 : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x1xf16, vec>
      %t6 = tile.sub %x4, %t1 : (!tile.tile<64x64xf16, vec>, !tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, vec>
      %s7 = tile.store %t5, %out1, %i3 {offsets = [64, 0]} : (!tile.tile<64x1xf16, vec>, !tile.tensor<256x1xf16>, index) -> !tile.tensor<256x1xf16>
      scf.yield %t6 : !tile.tile<64x64xf16, vec>
    }
    %t8 = tile.load %in2 {offsets = [2, 0]} : (!tile.tensor<4x64xf16>) -> !tile.tile<1x64xf16, vec>
    %t9 = tile.col_expand_add %r2, %t8 : (!tile.tile<64x64xf16, vec>, !tile.tile<1x64xf16, vec>) -> !tile.tile<64x64xf16, vec>
    %r10 = scf.if %flag3 -> (!tile.tile<64x64xf16, vec>) {
      %t11 = tile.reshape %t9 : (!tile.tile<64x64xf16, vec>) -> !tile.tile<128x32xf16, vec>
      %t12 = tile.reshape %t11 : (!tile.tile<128x32xf16, vec>) -> !tile.tile<256x16xf16, vec>
      %t13 = tile.log %r2 : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, vec>
      %s14 = tile.store %t12, %out4 {offsets = [0, 0]} : (!tile.tile<256x16xf16, vec>, !tile.tensor<256x16xf16>) -> !tile.tensor<256x16xf16>
      scf.yield %t13 : !tile.tile<64x64xf16, vec>
    } else {
      %t15 = tile.min %t8, %t8 : (!tile.tile<1x64xf16, vec>, !tile.tile<1x64xf16, vec>) -> !tile.tile<1x64xf16, vec>
      %t16 = tile.sqrt %t9 : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, vec>
      %s17 = tile.store %t15, %out5 {offsets = [0, 0]} : (!tile.tile<1x64xf16, vec>, !tile.tensor<1x64xf16>) -> !tile.tensor<1x64xf16>
      scf.yield %t16 : !tile.tile<64x64xf16, vec>
    }
    %t18 = tile.relu %r10 : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, vec>
    %t19 = tile.load %in0 {offsets = [64, 0]} : (!tile.tensor<256x64xf16>) -> !tile.tile<64x64xf16, vec>
    %t20 = tile.sub %t18, %t19 : (!tile.tile<64x64xf16, vec>, !tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, vec>
    %t21 = tile.load %in6 {offsets = [0, 0]} : (!tile.tensor<64x256xf16>) -> !tile.tile<64x64xf16, mat>
    %t22 = tile.move %t21 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %t23 = tile.load %in7 {offsets = [384, 0]} : (!tile.tensor<512x64xf16>) -> !tile.tile<128x64xf16, mat>
    %t24 = tile.slice %t23 {offsets = [64, 0], sizes = [64, 64]} : (!tile.tile<128x64xf16, mat>) -> !tile.tile<64x64xf16, mat>
    %t25 = tile.move %t24 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    %t26 = tile.load %in6 {offsets = [0, 64]} : (!tile.tensor<64x256xf16>) -> !tile.tile<64x64xf16, mat>
    %t27 = tile.move %t26 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %t28 = tile.load %in0 {offsets = [192, 0]} : (!tile.tensor<256x64xf16>) -> !tile.tile<64x64xf16, mat>
    %t29 = tile.move %t28 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    // expected-error @+1 {{allocate-addr: tile %t30 needs 16384 bytes of memory space 'vec', more than all 8192 bytes the space has on target 'tight': no placement can fit it}}
    %t30 = tile.full %cst3 : (f32) -> !tile.tile<64x64xf32, vec>
    %t31 = tile.cast %t30 : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf16, vec>
    %t32 = tile.move %t31 : (!tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf16, mat>
    %t33 = tile.move %t32 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    %t34 = tile.load %in6 {offsets = [0, 192]} : (!tile.tensor<64x256xf16>) -> !tile.tile<64x64xf16, mat>
    %t35 = tile.move %t34 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %t36 = tile.load %in0 {offsets = [128, 0]} : (!tile.tensor<256x64xf16>) -> !tile.tile<64x64xf16, mat>
    %t37 = tile.move %t36 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, right>
    %t38 = tile.load %in6 {offsets = [0, 0]} : (!tile.tensor<64x256xf16>) -> !tile.tile<64x64xf16, mat>
    %t39 = tile.move %t38 : (!tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf16, left>
    %t40 = tile.matmul %t22, %t25 : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %t41 = tile.matmul_acc %t40, %t27, %t29 : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %t42 = tile.matmul_acc %t41, %t22, %t25 : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %t43 = tile.matmul_acc %t42, %t22, %t33 : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %t44 = tile.matmul_acc %t43, %t35, %t37 : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %t45 = tile.matmul_acc %t44, %t39, %t29 : (!tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
    %t46 = tile.move %t45 : (!tile.tile<64x64xf32, acc>) -> !tile.tile<64x64xf32, vec>
    %s47 = tile.store %t20, %out8 {offsets = [0, 0]} : (!tile.tile<64x64xf16, vec>, !tile.tensor<64x64xf16>) -> !tile.tensor<64x64xf16>
    %s48 = tile.store %t46, %out9 {offsets = [0, 0]} : (!tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
    return
  }
}
