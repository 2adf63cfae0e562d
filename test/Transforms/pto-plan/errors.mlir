// RUN: pto-opt %s -split-input-file --target=ascend910b -pto-memory-plan="planner=dsa-rp" -allow-unregistered-dialect -verify-diagnostics

// An op pto-opt does not know that uses a tile: its effects on the bytes
// are unknown, so no plan can be proven.
func.func @unknown_op(%src: !pto.partition_tensor_view<16x16xf32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  // expected-error @+1 {{cannot plan memory: 'mystery.use' is not an op pto-opt knows, and it uses tile %a}}
  "mystery.use"(%a) : (!pto.tile_buf<vec, 16x16xf32>) -> ()
  return
}

// -----

// A pto op the dialect does not have reads (in generic form) and is kept,
// but planning refuses it by name rather than guess what it does to the
// tile.
func.func @unknown_pto_op(%src: !pto.partition_tensor_view<16x16xf32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  // expected-error @+1 {{cannot plan memory: 'pto.tmystery' is not an op pto-opt knows, and it uses tile %a}}
  "pto.tmystery"(%a) : (!pto.tile_buf<vec, 16x16xf32>) -> ()
  return
}

// -----

// A space over its capacity even at the lower bound: two 96 KiB tiles
// live at once do not fit the 184 KiB of vec.
func.func @over_capacity(%src: !pto.partition_tensor_view<96x256xf32>, %dst: !pto.partition_tensor_view<96x256xf32>) {
  // expected-error @+1 {{memory space 'vec' overflows: capacity 188416 bytes on target 'ascend910b', and the buffers live at once need 196608 bytes}}
  %a = pto.alloc_tile : !pto.tile_buf<vec, 96x256xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 96x256xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<96x256xf32>) outs(%a : !pto.tile_buf<vec, 96x256xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<96x256xf32>) outs(%b : !pto.tile_buf<vec, 96x256xf32>)
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 96x256xf32>, !pto.tile_buf<vec, 96x256xf32>) outs(%a : !pto.tile_buf<vec, 96x256xf32>)
  pto.tstore ins(%a : !pto.tile_buf<vec, 96x256xf32>) outs(%dst : !pto.partition_tensor_view<96x256xf32>)
  return
}

// -----

// A tile rebound to a run-time address (tassign): the planner cannot tell
// which bytes it names.
func.func @rebound(%addr: i64) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error @+1 {{cannot plan memory: 'pto.tassign' makes a buffer of tile %a whose bytes the memory planner cannot tell}}
  %b = pto.tassign %a, %addr : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x16xf16>
  pto.tprint ins(%b : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

// A local buffer at an address the input fixes other than by an
// alloc_tile: the planned tiles could land on its bytes.
func.func @fixed_buffer(%src: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : i64
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error @+1 {{cannot plan memory: 'pto.pointer_cast' makes a buffer of 'vec' at an address the input fixes, which the planned tiles would not be kept off}}
  %m = pto.pointer_cast(%c0) : memref<16x16xf32, #pto.address_space<vec>>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}
