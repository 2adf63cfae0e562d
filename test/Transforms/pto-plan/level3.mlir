// RUN: pto-opt %s --target=ascend910b -pto-memory-plan="planner=dsa-rp" | FileCheck %s

// A level-3 kernel's addresses are planned again. Its same-address
// aliases stay one storage: %col (16x1) is written and %row (1x16), at
// the same address, reads those bytes, so the two keep one address; %big,
// at an address of its own in the input, is planned apart from them.
// CHECK-LABEL: func.func @aliases_kept
// CHECK: %col = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK: %row = pto.alloc_tile addr = %[[X]] :
func.func @aliases_kept(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<1x16xf32>) {
  %c0 = arith.constant 0 : i64
  %c8192 = arith.constant 8192 : i64
  %c16384 = arith.constant 16384 : i64
  %big = pto.alloc_tile addr = %c16384 : !pto.tile_buf<vec, 16x16xf32>
  %col = pto.alloc_tile addr = %c8192 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  %row = pto.alloc_tile addr = %c8192 : !pto.tile_buf<vec, 1x16xf32>
  %tmp = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%big : !pto.tile_buf<vec, 16x16xf32>)
  pto.trowsum ins(%big, %tmp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%row : !pto.tile_buf<vec, 1x16xf32>) outs(%dst : !pto.partition_tensor_view<1x16xf32>)
  return
}
