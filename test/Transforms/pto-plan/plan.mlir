// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan="planner=dsa-rp" | FileCheck %s

// Tiles whose lifetimes do not meet share bytes: %a dies at the tadd
// that writes %c (an output does not share an input without in-place),
// and %d, written after, takes %a's bytes. Every alloc_tile gets an
// addr, an i64 constant.
// CHECK-LABEL: func.func @reuse
// CHECK: %[[A:.*]] = pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK: %[[B:.*]] = pto.alloc_tile addr = %[[Y:[^ ]*]] :
// CHECK: %[[C:.*]] = pto.alloc_tile addr = %[[W:[^ ]*]] :
// CHECK: %[[D:.*]] = pto.alloc_tile addr = %[[X]] :
func.func @reuse(%src: !pto.partition_tensor_view<32x32xf32>, %dst: !pto.partition_tensor_view<32x32xf32>) {
  %s = arith.constant 2.0 : f32
  %a = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%a : !pto.tile_buf<vec, 32x32xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%b : !pto.tile_buf<vec, 32x32xf32>)
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%c : !pto.tile_buf<vec, 32x32xf32>)
  pto.tmuls ins(%c, %s : !pto.tile_buf<vec, 32x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 32x32xf32>)
  pto.tadd ins(%d, %b : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%c : !pto.tile_buf<vec, 32x32xf32>)
  pto.tstore ins(%c : !pto.tile_buf<vec, 32x32xf32>) outs(%dst : !pto.partition_tensor_view<32x32xf32>)
  return
}

// -----

// A view keeps its source alive: %a is read through its bitcast %v after
// %b is loaded, so %b cannot take %a's bytes although %a itself is not
// named again.
// CHECK-LABEL: func.func @view_keeps_source
// CHECK: pto.alloc_tile addr = %[[X:[^ ]*]] :
// CHECK-NOT: pto.alloc_tile addr = %[[X]] :
// CHECK: return
func.func @view_keeps_source(%src: !pto.partition_tensor_view<32x32xf32>, %dst: !pto.partition_tensor_view<32x32xi32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi32>
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%a : !pto.tile_buf<vec, 32x32xf32>)
  %v = pto.bitcast %a : !pto.tile_buf<vec, 32x32xf32> -> !pto.tile_buf<vec, 32x32xi32>
  pto.tload ins(%src : !pto.partition_tensor_view<32x32xf32>) outs(%b : !pto.tile_buf<vec, 32x32xi32>)
  pto.tadd ins(%v, %b : !pto.tile_buf<vec, 32x32xi32>, !pto.tile_buf<vec, 32x32xi32>) outs(%c : !pto.tile_buf<vec, 32x32xi32>)
  pto.tstore ins(%c : !pto.tile_buf<vec, 32x32xi32>) outs(%dst : !pto.partition_tensor_view<32x32xi32>)
  return
}
