// RUN: pto-opt %s -split-input-file -verify-diagnostics

// ptoas's verifier rules that hold on every arch, checked on any pto IR
// pto-opt reads (no target needed). Binary ops take tiles of one element
// type...
func.func @binary_elem(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @+1 {{'pto.tadd' op expects src0 and src1 to have the same element type}}
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf16>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// ...of one valid shape...
func.func @binary_valid(%a: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32, valid=8x16>) {
  // expected-error @+1 {{'pto.tadd' op expects src0 and dst to have the same valid_shape}}
  pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=8x16>)
  return
}

// -----

// ...laid out row by row.
func.func @binary_layout(%a: !pto.tile_buf<vec, 16x16xf32, blayout=col_major>) {
  // expected-error @+1 {{'pto.tmul' op expects src0, src1, and dst to use row-major layout}}
  pto.tmul ins(%a, %a : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>, !pto.tile_buf<vec, 16x16xf32, blayout=col_major>) outs(%a : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>)
  return
}

// -----

// A tile's valid region fits in it.
func.func @valid_fits(%a: !pto.tile_buf<vec, 16x16xf32, valid=32x16>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.texp' op expects src to satisfy valid_shape[0] <= shape[0]}}
  pto.texp ins(%a : !pto.tile_buf<vec, 16x16xf32, valid=32x16>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// The transcendental ops take f16 or f32.
func.func @exp_elem(%a: !pto.tile_buf<vec, 16x16xi32>) {
  // expected-error @+1 {{'pto.texp' op expects src element type to be f16/f32}}
  pto.texp ins(%a : !pto.tile_buf<vec, 16x16xi32>) outs(%a : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

// Vector ops read vec tiles.
func.func @exp_space(%a: !pto.tile_buf<mat, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.texp' op expects src to be in the vec address space}}
  pto.texp ins(%a : !pto.tile_buf<mat, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// A row reduction writes one valid column.
func.func @rowsum(%a: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x2xf32>) {
  // expected-error @+1 {{'pto.trowsum' op expects dst valid_shape[1] to be 1}}
  pto.trowsum ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x2xf32>)
  return
}

// -----

// tcvt keeps the static shape (corpus tcvt_verify_invalid's first rule).
func.func @tcvt_shape(%a: !pto.tile_buf<vec, 16x32xf32, valid=16x16>, %d: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @+1 {{'pto.tcvt' op expects src and dst to have compatible shapes}}
  pto.tcvt ins(%a {rmode = #pto<round_mode RINT>} : !pto.tile_buf<vec, 16x32xf32, valid=16x16>) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

// tstore writes as many elements as the valid region holds.
func.func @tstore_count(%t: !pto.tile_buf<vec, 32x32xf32, valid=32x16>, %p: !pto.partition_tensor_view<32x32xf32>) {
  // expected-error @+1 {{'pto.tstore' op expects dst static element count (1024) to match src valid_shape static element count (512)}}
  pto.tstore ins(%t : !pto.tile_buf<vec, 32x32xf32, valid=32x16>) outs(%p : !pto.partition_tensor_view<32x32xf32>)
  return
}

// -----

// ...and a 1 x 1024 window takes a 32 x 32 tile.
// expected-no-diagnostics
func.func @tstore_reinterpret(%t: !pto.tile_buf<vec, 32x32xf32>, %p: !pto.partition_tensor_view<1x1024xf32>) {
  pto.tstore ins(%t : !pto.tile_buf<vec, 32x32xf32>) outs(%p : !pto.partition_tensor_view<1x1024xf32>)
  return
}

// -----

// tquant's INT8_ASYM form takes an offset tile (checked on memrefs too).
func.func @tquant_offset(%s: memref<16x16xf32, #pto.address_space<vec>>, %d: memref<16x16xui8, #pto.address_space<vec>>) {
  // expected-error @+1 {{'pto.tquant' op INT8_ASYM quantization requires an offset operand}}
  pto.tquant ins(%s, %s : memref<16x16xf32, #pto.address_space<vec>>, memref<16x16xf32, #pto.address_space<vec>>) outs(%d : memref<16x16xui8, #pto.address_space<vec>>) {quant_type = #pto<quant_type INT8_ASYM>}
  return
}

// -----

// Other rules are ptoas's on tile buffers only: an op with a memref
// operand is lowered IR, whose tile rules ptoas no longer checks.
// expected-no-diagnostics
func.func @memref_bypass(%a: memref<16x16xf32, #pto.address_space<vec>>, %b: memref<16x16xf16, #pto.address_space<vec>>) {
  pto.tadd ins(%a, %b : memref<16x16xf32, #pto.address_space<vec>>, memref<16x16xf16, #pto.address_space<vec>>) outs(%a : memref<16x16xf32, #pto.address_space<vec>>)
  return
}

// -----

// A `?` valid extent of an alloc_tile comes with its operand...
func.func @alloc_dynamic() {
  // expected-error @+1 {{'pto.alloc_tile' op valid_row operand is required because result type v_row is ?}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=?x16>
  return
}

// -----

// ...and a static one without.
func.func @alloc_static(%r: index) {
  // expected-error @+1 {{'pto.alloc_tile' op valid_row operand must be absent because result type v_row is 16}}
  %t = pto.alloc_tile valid_row = %r : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

// A tensor view has one shape and one stride value per dimension.
func.func @view_rank(%p: !pto.ptr<f32>, %c: index) {
  // expected-error @+1 {{'pto.make_tensor_view' op shape/strides operand counts must match tensor_view rank=2}}
  %v = pto.make_tensor_view %p, shape = [%c], strides = [%c] : !pto.tensor_view<?x?xf32>
  return
}

// -----

// A partition stays inside a static source.
func.func @partition(%v: !pto.tensor_view<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pto.partition_view' op size at dim 0 (64) exceeds static source dim (32)}}
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c32] : !pto.tensor_view<32x32xf32> -> !pto.partition_tensor_view<64x32xf32>
  return
}

// -----

// tpop_from_aic with valid operands makes a tile of `?` valid extents
// (corpus tpush_tpop_dynamic_validshape_invalid).
func.func @tpop_valid(%r: index, %c: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpop_from_aic' op expects tile result to have dynamic validShape (?, ?) when valid_row/valid_col operands are provided}}
  %t = pto.tpop_from_aic(%r, %c) {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

// Async DMA moves flat global memory (corpus async_put_invalid_non_1d).
func.func @tput(%d: memref<4x32xf32, #pto.address_space<gm>>, %s: memref<4x32xf32, #pto.address_space<gm>>, %session: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects dst to be a static flat contiguous logical 1D GM memref}}
  %e = pto.tput_async(%d, %s, %session : memref<4x32xf32, #pto.address_space<gm>>, memref<4x32xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

// sync.set's ffts_mode is 0 to 2.
func.func @ffts() {
  // expected-error @+1 {{'pto.sync.set' op requires ffts_mode in range [0, 2], but got 3}}
  pto.sync.set <PIPE_MTE3>, 1 {ffts_mode = 3 : i32}
  return
}

// -----

// tmov moves between the spaces with the same shape from mat.
func.func @tmov_mat(%m: !pto.tile_buf<mat, 32x32xf16>, %l: !pto.tile_buf<left, 16x32xf16>) {
  // expected-error @+1 {{'pto.tmov' op expects mat-source tmov to use matching src/dst shapes}}
  pto.tmov ins(%m : !pto.tile_buf<mat, 32x32xf16>) outs(%l : !pto.tile_buf<left, 16x32xf16>)
  return
}

// -----

// tmatmul reads left and right tiles into acc...
func.func @matmul_spaces(%a: !pto.tile_buf<vec, 16x16xf16>, %b: !pto.tile_buf<right, 16x16xf16>, %c: !pto.tile_buf<acc, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul' op expects lhs, rhs, and dst to use the left, right, and acc address spaces}}
  pto.tmatmul ins(%a, %b : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%c : !pto.tile_buf<acc, 16x16xf32>)
  return
}

// -----

// ...of shapes M x K, K x N into M x N.
func.func @matmul_shapes(%a: !pto.tile_buf<left, 16x32xf16>, %b: !pto.tile_buf<right, 16x16xf16>, %c: !pto.tile_buf<acc, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul' op expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N]}}
  pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%c : !pto.tile_buf<acc, 16x16xf32>)
  return
}

// -----

// tands writes another tile than it reads.
func.func @tands_storage(%a: !pto.tile_buf<vec, 16x16xi16>, %s: i16) {
  // expected-error @+1 {{'pto.tands' op expects src and dst to use different storage}}
  pto.tands ins(%a, %s : !pto.tile_buf<vec, 16x16xi16>, i16) outs(%a : !pto.tile_buf<vec, 16x16xi16>)
  return
}

// -----

// treshape keeps the byte size.
func.func @reshape(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.treshape' op expects src and dst to have the same total byte size}}
  %r = pto.treshape %a : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x32xf32>
  return
}

// -----

// bitcast changes the element type (treshape changes the rest).
func.func @bitcast(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.bitcast' op expects src/result to have different element types; use pto.treshape for shape/config changes}}
  %r = pto.bitcast %a : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

// tfillpad's destination names the value it pads with (ptoas words this
// one without the op's name).
func.func @fillpad(%a: !pto.tile_buf<vec, 16x16xf32, valid=8x8>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{expects dst PadVal != Null for tfillpad}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x16xf32, valid=8x8>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// tdivs divides a tile by a scalar or a scalar by a tile, not two tiles.
func.func @tdivs(%a: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tdivs' op expects one tile-like operand and one scalar operand in ins(...)}}
  pto.tdivs ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// tci's start value has the tile's element type.
func.func @tci(%s: i16, %d: !pto.tile_buf<vec, 1x16xi32>) {
  // expected-error @+1 {{'pto.tci' op expects S and dst element type to be exactly the same type}}
  pto.tci ins(%s : i16) outs(%d : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

// The compare form of tgather takes a tmp tile.
func.func @tgather_tmp(%a: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %d: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op compare-form tgather expects dst, cdst, kValue, and tmp}}
  pto.tgather ins(%a, %k : !pto.tile_buf<vec, 1x32xf16>, f16) outs(%d, %d : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

// Operand types are ptoas's constraints: a tile operand is a tile-like
// type.
func.func @operand_type(%a: !pto.tile_buf<vec, 16x16xf32>, %x: i64) {
  // expected-error @+1 {{'pto.tabs' op operand #0 must be a ranked tensor, memref, !pto.partition_tensor_view or !pto.tile_buf, but got 'i64'}}
  pto.tabs ins(%x : i64) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// A required attribute.
func.func @required(%s: memref<16x16xf32, #pto.address_space<vec>>, %d: memref<16x16xi8, #pto.address_space<vec>>) {
  // expected-error @+1 {{'pto.tquant' op requires attribute 'quant_type'}}
  pto.tquant ins(%s, %s : memref<16x16xf32, #pto.address_space<vec>>, memref<16x16xf32, #pto.address_space<vec>>) outs(%d : memref<16x16xi8, #pto.address_space<vec>>)
  return
}
