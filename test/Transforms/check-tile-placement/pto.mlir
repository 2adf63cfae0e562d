// RUN: pto-opt %s -split-input-file --target=ascend910b -check-tile-placement -verify-diagnostics

// A plan without faults: %a and %b live at once on bytes of their own,
// %c reuses %a's bytes after %a's last read. Nothing is reported.
func.func @fine(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
  %a = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile addr = %c1024 : !pto.tile_buf<vec, 16x16xf32>
  %c = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  pto.tadd ins(%b, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%c : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%c : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

// A view of a tile shares its bytes by construction: %v, a treshape of
// %a, is %a's storage, not a second buffer on the same bytes.
func.func @view_alias(%src: !pto.partition_tensor_view<16x16xi32>, %dst: !pto.partition_tensor_view<16x16xi32>) {
  %c0 = arith.constant 0 : i64
  %a = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xi32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xi32>) outs(%a : !pto.tile_buf<vec, 16x16xi32>)
  %v = pto.treshape %a : !pto.tile_buf<vec, 16x16xi32> -> !pto.tile_buf<vec, 16x16xi32>
  pto.tstore ins(%v : !pto.tile_buf<vec, 16x16xi32>) outs(%dst : !pto.partition_tensor_view<16x16xi32>)
  return
}

// -----

// Two tiles live at once on shared bytes: %b, at 512, overwrites the
// second half of %a before %a is read. The error is at the later tile,
// with a note at the other.
func.func @overlap(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : i64
  %c512 = arith.constant 512 : i64
  // expected-note @+1 {{%a is placed here}}
  %a = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  // expected-error @+1 {{check-tile-placement: %b at [512, 1536) and %a at [0, 1024) share bytes [512, 1024) of memory space 'vec' while both are live}}
  %b = pto.alloc_tile addr = %c512 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

// ptoas's fallback address: %src is read but never written, so ptoas
// puts it at 0, where it also puts %dst. No root wrote the bytes %src
// reads, so it is no alias of %dst: the two are live at the same op on
// the same bytes.
func.func @never_written(%out: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : i64
  // expected-note @+1 {{%src is placed here}}
  %src = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf16>
  // expected-error @+1 {{%dst at [0, 1024) and %src at [0, 512) share bytes [0, 512) of memory space 'vec' while both are live}}
  %dst = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  %cst = arith.constant 2.0 : f16
  pto.taxpy ins(%src, %cst : !pto.tile_buf<vec, 16x16xf16>, f16) outs(%dst : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%dst : !pto.tile_buf<vec, 16x16xf32>) outs(%out : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

// A memref placed by pto.pointer_cast is checked too: its 1024 bytes at
// 188000 end past the 188416 bytes of vec on ascend910b.
func.func @capacity(%src: memref<16x16xf32>) {
  %c188000 = arith.constant 188000 : i64
  // expected-error @+1 {{check-tile-placement: %m at [188000, 189024) exceeds the 188416-byte capacity of memory space 'vec'}}
  %m = pto.pointer_cast(%c188000) : memref<16x16xf32, #pto.address_space<vec>>
  return
}

// -----

// An address that is not a multiple of the space's alignment (32 bytes
// for vec, ptoas's and the target's).
func.func @alignment(%src: !pto.partition_tensor_view<16x16xf32>) {
  %c16 = arith.constant 16 : i64
  // expected-error @+1 {{check-tile-placement: %a at address 16 is not a multiple of 32, the alignment of memory space 'vec'}}
  %a = pto.alloc_tile addr = %c16 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// A reserved region is no buffer's, whenever the buffer is live: %a,
// live only at its load, still may not use the region's bytes.
func.func @reserve_region(%src: !pto.partition_tensor_view<16x16xf32>) {
  %c4096 = arith.constant 4096 : i64
  // expected-note @+1 {{is placed here}}
  %fifo = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space<vec>, auto = false, base = 4096} -> i32
  // expected-error @+1 {{%a at [4096, 5120) and pto.reserve_buffer at}}
  %a = pto.alloc_tile addr = %c4096 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// A tile without an address: there is no plan of it to check.
func.func @unplanned(%src: !pto.partition_tensor_view<16x16xf32>) {
  // expected-error @+1 {{check-tile-placement: %a has no address: there is no plan of it to check}}
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// An output written in place over an input that dies at its op (tadds
// may write over its source) shares the input's bytes rightly: %b is at
// %a's address.
func.func @in_place(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : i64
  %one = arith.constant 1.0 : f32
  %a = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tadds ins(%a, %one : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%b : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

// PyPTO carries a loop's value in a tile at the carried tile's address:
// %acc_mv, the same size at the same address as %acc, writes the value
// the next iteration reads through %acc. The two are one storage.
func.func @loop_carried(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a0 = arith.constant 0 : i64
  %a1024 = arith.constant 1024 : i64
  %acc = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%acc : !pto.tile_buf<vec, 16x16xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    %t = pto.alloc_tile addr = %a1024 : !pto.tile_buf<vec, 16x16xf32>
    pto.tadd ins(%acc, %acc : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
    %acc_mv = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x16xf32>
    pto.tmov ins(%t : !pto.tile_buf<vec, 16x16xf32>) outs(%acc_mv : !pto.tile_buf<vec, 16x16xf32>)
  }
  pto.tstore ins(%acc : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

// A tile written after another is read, at an address overlapping it but
// not the same, clobbers it: %t's write reaches %acc's next read, and
// they are not one value carried round.
func.func @loop_clobber(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a0 = arith.constant 0 : i64
  %a512 = arith.constant 512 : i64
  // expected-note @+1 {{%acc is placed here}}
  %acc = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%acc : !pto.tile_buf<vec, 16x16xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @+1 {{%t at [512, 1536) and %acc at [0, 1024) share bytes [512, 1024) of memory space 'vec' while both are live}}
    %t = pto.alloc_tile addr = %a512 : !pto.tile_buf<vec, 16x16xf32>
    pto.tadd ins(%acc, %acc : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  }
  return
}
