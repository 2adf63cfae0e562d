// ptoas's rules on the shapes of particular operands, checked by
// convert-tile-to-pto at the tile op that would break them (the pto
// dialect's rules of trowexpandadd, ttrans, tcolexpandadd and tcvt).
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend950 -pto-memory-plan=planner=pypto -convert-tile-to-pto
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend950 -pto-memory-plan=planner=ptoas -convert-tile-to-pto

// trowexpandadd reads its operand 1 as one scalar per row. A vec tile is
// row-major, and ptoas then takes exactly one 32-byte block per row: an
// N x 1 column of f32 is refused, on every target.
func.func @row_expand_add_column(%x: !tile.tensor<32x64xf32>, %v: !tile.tensor<32x1xf32>, %out: !tile.tensor<32x64xf32>) -> !tile.tensor<32x64xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<32x64xf32>) -> !tile.tile<32x64xf32, vec>
  %b = tile.load %v {offsets = [0, 0]} : (!tile.tensor<32x1xf32>) -> !tile.tile<32x1xf32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.trowexpandadd' op expects src1 valid_shape[1] to be 8 (one 32-byte block per row of f32)}}
  %c = tile.row_expand_add %a, %b : (!tile.tile<32x64xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<32x64xf32, vec>
  %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<32x64xf32, vec>, !tile.tensor<32x64xf32>) -> !tile.tensor<32x64xf32>
  return %r : !tile.tensor<32x64xf32>
}

// -----

// The block is 32 bytes whatever the element type: 16 columns of f16.
func.func @row_expand_add_f16(%x: !tile.tensor<16x64xf16>, %v: !tile.tensor<16x8xf16>, %out: !tile.tensor<16x64xf16>) -> !tile.tensor<16x64xf16> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x64xf16>) -> !tile.tile<16x64xf16, vec>
  %b = tile.load %v {offsets = [0, 0]} : (!tile.tensor<16x8xf16>) -> !tile.tile<16x8xf16, vec>
  // expected-error @+1 {{expects src1 valid_shape[1] to be 16 (one 32-byte block per row of f16)}}
  %c = tile.row_expand_add %a, %b : (!tile.tile<16x64xf16, vec>, !tile.tile<16x8xf16, vec>) -> !tile.tile<16x64xf16, vec>
  %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<16x64xf16, vec>, !tile.tensor<16x64xf16>) -> !tile.tensor<16x64xf16>
  return %r : !tile.tensor<16x64xf16>
}

// -----

// On A5 (ascend950) ttrans needs the rows of its source and result to be
// whole 32-byte multiples: a 64x1xf32 column has 4-byte rows.
func.func @transpose_narrow_source(%x: !tile.tensor<64x1xf32>, %out: !tile.tensor<1x64xf32>) -> !tile.tensor<1x64xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<64x1xf32>) -> !tile.tile<64x1xf32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.ttrans' op expects src cols x element size (1 x 4 bytes) to be a multiple of 32 bytes on A5}}
  %t = tile.transpose %a : (!tile.tile<64x1xf32, vec>) -> !tile.tile<1x64xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<1x64xf32, vec>, !tile.tensor<1x64xf32>) -> !tile.tensor<1x64xf32>
  return %r : !tile.tensor<1x64xf32>
}

// -----

// The result counts too: 8x16xf16 has 32-byte rows, its transpose
// 16x8xf16 has 16-byte rows.
func.func @transpose_narrow_result(%x: !tile.tensor<8x16xf16>, %out: !tile.tensor<16x8xf16>) -> !tile.tensor<16x8xf16> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<8x16xf16>) -> !tile.tile<8x16xf16, vec>
  // expected-error @+1 {{expects dst cols x element size (8 x 2 bytes) to be a multiple of 32 bytes on A5}}
  %t = tile.transpose %a : (!tile.tile<8x16xf16, vec>) -> !tile.tile<16x8xf16, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<16x8xf16, vec>, !tile.tensor<16x8xf16>) -> !tile.tensor<16x8xf16>
  return %r : !tile.tensor<16x8xf16>
}

// -----

// The binary tcolexpand ops need their full operand 0 to be the result's
// shape, not only its valid region.
func.func @col_expand_add_wider_source(%x: !tile.tensor<16x32xf32>, %v: !tile.tensor<1x16xf32>, %out: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x32xf32>) -> !tile.tile<16x32xf32, vec, valid = 16x16>
  %b = tile.load %v {offsets = [0, 0]} : (!tile.tensor<1x16xf32>) -> !tile.tile<1x16xf32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.tcolexpandadd' op expects src0/dst to have same shape}}
  %c = tile.col_expand_add %a, %b : (!tile.tile<16x32xf32, vec, valid = 16x16>, !tile.tile<1x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return %r : !tile.tensor<16x16xf32>
}

// -----

// So does tcvt.
func.func @cast_wider_source(%x: !tile.tensor<16x32xf32>, %out: !tile.tensor<16x16xf16>) -> !tile.tensor<16x16xf16> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x32xf32>) -> !tile.tile<16x32xf32, vec, valid = 16x16>
  // expected-error @+1 {{convert-tile-to-pto: ptoas would reject it: 'pto.tcvt' op expects src and dst to have compatible shapes}}
  %c = tile.cast %a : (!tile.tile<16x32xf32, vec, valid = 16x16>) -> !tile.tile<16x16xf16, vec>
  %r = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<16x16xf16, vec>, !tile.tensor<16x16xf16>) -> !tile.tensor<16x16xf16>
  return %r : !tile.tensor<16x16xf16>
}

// -----

// tile.store writes the whole tile; ptoas's tstore writes only its valid
// region, into a window of exactly that many elements. A partly valid
// tile is refused at the store.
func.func @store_partly_valid(%x: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %a = tile.load %x {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec, valid = 8x16>
  // expected-error @+1 {{convert-tile-to-pto: ptoas's pto.tstore writes only the valid region (8x16) of a tile, and tile.store writes all of it (16x16)}}
  %r = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec, valid = 8x16>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return %r : !tile.tensor<16x16xf32>
}
