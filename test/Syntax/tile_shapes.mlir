// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Each row of the tile op table says how its result's shape follows from
// its inputs' (the Shape column), and the verifier checks it where the
// shapes are known. Instructions compute on valid regions, so most rules
// compare valid shapes (the valid region, or the whole tile).

// A row reduction gives one value per row: N x 1.
func.func @row_max_square(%t: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.row_max' op result valid shape 64x64 is not 64x1: one value per row of the input's 64x64 valid elements}}
  %m = tile.row_max %t : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// N counts the input's valid rows.
func.func @row_sum_rows(%t: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.row_sum' op result valid shape 48x1 is not 64x1}}
  %s = tile.row_sum %t : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec, valid = 48x1>
  return
}

// -----

// A padded result tile is N x 1 in its valid region.
func.func @row_max_padded(%t: !tile.tile<64x64xf32, vec>) {
  %m = tile.row_max %t : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x8xf32, vec, valid = 64x1>
  return
}

// -----

// An elementwise op computes on equal valid shapes.
func.func @add_shapes(%a: !tile.tile<64x64xf32, vec>, %b: !tile.tile<32x64xf32, vec>) {
  // expected-error @+1 {{'tile.add' op input #1 has valid shape 32x64 and the result 64x64: they must be equal}}
  %c = tile.add %a, %b : (!tile.tile<64x64xf32, vec>, !tile.tile<32x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Valid regions count, not static shapes: a 32x32 tile with 16 valid
// rows is not a 32x32 result.
func.func @exp_valid_regions(%a: !tile.tile<32x32xf32, vec, valid = 16x32>) {
  // expected-error @+1 {{'tile.exp' op input #0 has valid shape 16x32 and the result 32x32}}
  %b = tile.exp %a : (!tile.tile<32x32xf32, vec, valid = 16x32>) -> !tile.tile<32x32xf32, vec>
  return
}

// -----

// A select's mask and tmp are not data: only a and b have the result's
// shape.
func.func @sel_data(%m: !tile.tile<16x16xf32, vec>, %a: !tile.tile<16x16xf32, vec>, %b: !tile.tile<8x16xf32, vec>, %t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.sel' op input #2 has valid shape 8x16 and the result 16x16}}
  %s = tile.sel %m, %a, %b, %t : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A transpose swaps the dimensions.
func.func @transpose_shape(%a: !tile.tile<16x8xf32, vec>) {
  // expected-error @+1 {{'tile.transpose' op the transpose of a 16x8 tile is 8x16, not 16x8}}
  %t = tile.transpose %a : (!tile.tile<16x8xf32, vec>) -> !tile.tile<16x8xf32, vec>
  return
}

// -----

// Left M x K times right K x N is M x N.
func.func @matmul_k(%l: !tile.tile<16x8xf16, left>, %r: !tile.tile<16x32xf16, right>) {
  // expected-error @+1 {{'tile.matmul' op shapes 16x8 x 16x32 do not make 16x32: left M x K times right K x N is M x N}}
  %m = tile.matmul %l, %r : (!tile.tile<16x8xf16, left>, !tile.tile<16x32xf16, right>) -> !tile.tile<16x32xf32, acc>
  return
}

// -----

// matmul_acc's accumulator has the result's shape.
func.func @matmul_acc_accumulator(%a: !tile.tile<16x16xf32, acc>, %l: !tile.tile<16x8xf16, left>, %r: !tile.tile<8x32xf16, right>) {
  // expected-error @+1 {{'tile.matmul_acc' op the accumulator has shapes 16x16, the result 16x32}}
  %m = tile.matmul_acc %a, %l, %r : (!tile.tile<16x16xf32, acc>, !tile.tile<16x8xf16, left>, !tile.tile<8x32xf16, right>) -> !tile.tile<16x32xf32, acc>
  return
}

// -----

// gemv multiplies a vector: one valid row.
func.func @gemv_rows(%l: !tile.tile<16x8xf16, left>, %r: !tile.tile<8x32xf16, right>) {
  // expected-error @+1 {{'tile.gemv' op multiplies a vector: the left operand's valid shape must be 1 x K, not 16x8}}
  %m = tile.gemv %l, %r : (!tile.tile<16x8xf16, left>, !tile.tile<8x32xf16, right>) -> !tile.tile<16x32xf32, acc>
  return
}

// -----

// A row broadcast's column has the result's rows...
func.func @row_expand_rows(%a: !tile.tile<64x64xf32, vec>, %c: !tile.tile<32x1xf32, vec>) {
  // expected-error @+1 {{'tile.row_expand_mul' op input #1 has valid shape 32x1: it must have the result's 64 valid rows (64x64)}}
  %r = tile.row_expand_mul %a, %c : (!tile.tile<64x64xf32, vec>, !tile.tile<32x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// ...a column broadcast's row its columns (an N x 1 column is no row).
func.func @col_expand_columns(%a: !tile.tile<64x64xf32, vec>, %c: !tile.tile<64x64xf32, vec, valid = 64x1>) {
  // expected-error @+1 {{'tile.col_expand_mul' op input #1 has valid shape 64x1: it must have the result's 64 valid columns (64x64)}}
  %r = tile.col_expand_mul %a, %c : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec, valid = 64x1>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// ...and the broadcast result has input 0's shape.
func.func @col_expand_result(%a: !tile.tile<64x64xf32, vec>, %c: !tile.tile<1x32xf32, vec>) {
  // expected-error @+1 {{'tile.col_expand' op input #0 has valid shape 64x64, the result 64x32: the broadcast result has input #0's shape}}
  %r = tile.col_expand %a, %c : (!tile.tile<64x64xf32, vec>, !tile.tile<1x32xf32, vec>) -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// fillpad fills the padding of a tile of its source's shape.
func.func @fillpad_wider_source(%a: !tile.tile<16x32xf32, vec, valid = 16x16>) {
  // expected-error @+1 {{'tile.fillpad' op input #0 has shape 16x32, the result 16x16: the result has its source's shape}}
  %c = tile.fillpad %a : (!tile.tile<16x32xf32, vec, valid = 16x16>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// topk keeps each row: the input's rows, at most its columns.
func.func @topk_rows(%x: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.topk' op result #1 has valid shape 8x4: a row-wise result keeps the input's 16x16 rows and at most its columns}}
  %v:2 = tile.topk %x : (!tile.tile<16x16xf32, vec>) -> (!tile.tile<16x4xf32, vec>, !tile.tile<8x4xi16, vec>)
  return
}

// -----

// A move copies its source's valid region: a 16x16 tile does not fill a
// 32x32 one.
func.func @move_grows(%a: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.move' op input #0 has valid shape 16x16 and the result 32x32: they must be equal}}
  %b = tile.move %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<32x32xf32, vec>
  return
}
