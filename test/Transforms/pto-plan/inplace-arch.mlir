// RUN: pto-opt %s --target=ascend950 -pto-memory-plan="planner=dsa-rp" | FileCheck %s --check-prefix=A5
// RUN: pto-opt %s --target=ascend910b -pto-memory-plan="planner=dsa-rp" | FileCheck %s --check-prefix=A3

// trecip may write its destination over its dying source on ascend950;
// on ascend910b ptoas requires the two to be different storage (the
// target's trecip.distinct_storage flag), so they stay apart there.
// A5-LABEL: func.func @recip
// A5: %x = pto.alloc_tile addr = %[[X:[^ ]*]] :
// A5: %y = pto.alloc_tile addr = %[[X]] :
// A3-LABEL: func.func @recip
// A3: %x = pto.alloc_tile addr = %[[X:[^ ]*]] :
// A3-NOT: %y = pto.alloc_tile addr = %[[X]] :
// A3: return
func.func @recip(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %x = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%x : !pto.tile_buf<vec, 16x16xf32>)
  pto.trecip ins(%x : !pto.tile_buf<vec, 16x16xf32>) outs(%y : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%y : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}
