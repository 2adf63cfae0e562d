// RUN: pto-opt %s -split-input-file -verify-diagnostics

// The tile op table says what each op takes (its Ins column: tiles with
// the spaces they may be in, scalars, tensors; an optional scratch tile;
// window offsets) and where its result lives (Out). The verifier holds
// every op to its row when the kernel is read, so what ptoas would reject
// never reaches it.

// An unary op with an extra operand.
func.func @exp_extra_operand(%a: !tile.tile<64x64xf32, vec>, %b: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.exp' op expects 1 input (a vec tile), got 2}}
  %e = tile.exp %a, %b : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// A binary op with a missing operand.
func.func @div_missing_operand(%e: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.div' op expects 2 inputs (a vec tile, a vec tile), got 1}}
  %d = tile.div %e : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// A row broadcast needs the tile giving the shape and the column it
// broadcasts.
func.func @row_expand_one_operand(%c: !tile.tile<64x1xf32, vec>) {
  // expected-error @+1 {{'tile.row_expand' op expects 2 inputs (a vec tile, a vec tile), got 1}}
  %r = tile.row_expand %c : (!tile.tile<64x1xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// A row reduction takes one input and, optionally, the scratch tile its
// instruction needs; a third is one too many.
func.func @row_sum_three_inputs(%x: !tile.tile<64x64xf32, vec>, %s: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.row_sum' op expects 1 input (a vec tile) and optionally a scratch tile, got 3}}
  %r = tile.row_sum %x, %s, %s : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
  return
}

// -----

// ptoas multiplies left by right into acc: mat tiles must be moved to
// left and right first.
func.func @matmul_on_mat(%a: !tile.tile<64x64xf16, mat>, %b: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.matmul' op input #0 must be a left tile, not a mat tile}}
  %m = tile.matmul %a, %b : (!tile.tile<64x64xf16, mat>, !tile.tile<64x64xf16, mat>) -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// ...and its result is an acc tile.
func.func @matmul_into_vec(%l: !tile.tile<64x64xf16, left>, %r: !tile.tile<64x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul' op result #0 must be an acc tile, not a vec tile}}
  %m = tile.matmul %l, %r : (!tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// The accumulator of matmul_acc is an acc tile too.
func.func @matmul_acc_vec_accumulator(%a: !tile.tile<64x64xf32, vec>, %l: !tile.tile<64x64xf16, left>, %r: !tile.tile<64x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul_acc' op input #0 must be an acc tile, not a vec tile}}
  %m = tile.matmul_acc %a, %l, %r : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>) -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// Vector ops compute on vec tiles.
func.func @muls_on_acc(%m: !tile.tile<64x64xf32, acc>, %f: f32) {
  // expected-error @+1 {{'tile.muls' op input #0 must be a vec tile, not an acc tile}}
  %x = tile.muls %m, %f : (!tile.tile<64x64xf32, acc>, f32) -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// ptoas fills only vec and mat tiles (texpands): an accumulator starts as
// a matmul.
func.func @full_into_acc() {
  // expected-error @+1 {{'tile.full' op result #0 must be a vec or mat tile, not an acc tile}}
  %z = tile.full {value = 0.0 : f32} : () -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// The fill is a scalar input or the `value` attribute, not both...
func.func @full_value_twice(%f: f32) {
  // expected-error @+1 {{'tile.full' op has both a scalar input and the 'value' attribute standing for it; give one}}
  %z = tile.full %f {value = 0.0 : f32} : (f32) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// ...and not neither.
func.func @full_no_value() {
  // expected-error @+1 {{'tile.full' op expects 1 input (a scalar or the 'value' attribute), got 0}}
  %z = tile.full : () -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// The scalar of a tile-scalar op is a scalar.
func.func @adds_tile_scalar(%a: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.adds' op input #1 must be a scalar, got !tile.tile<64x64xf32, vec>}}
  %x = tile.adds %a, %a : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// An explicit scratch tile is overwritten while the op reads its input:
// it cannot be the source itself...
func.func @scratch_is_source(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.row_max' op the scratch tile (input #1) is input #0's bytes: the instruction overwrites its scratch while it reads its inputs}}
  %m = tile.row_max %x, %x : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
  return
}

// -----

// ...nor a view of its bytes.
func.func @scratch_views_source(%x: !tile.tile<64x64xf32, vec>) {
  %v = tile.reshape %x : (!tile.tile<64x64xf32, vec>) -> !tile.tile<32x128xf32, vec>
  // expected-error @+1 {{'tile.transpose' op the scratch tile (input #1) is input #0's bytes}}
  %t = tile.transpose %x, %v : (!tile.tile<64x64xf32, vec>, !tile.tile<32x128xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// The scratch lives in the space of the data it works on.
func.func @scratch_in_mat(%a: !tile.tile<16x16xi16, vec>, %b: !tile.tile<16x16xi16, vec>, %s: !tile.tile<16x16xi16, mat>) {
  // expected-error @+1 {{'tile.xor' op the scratch tile (input #2) must be in vec, as input #0, not in mat}}
  %x = tile.xor %a, %b, %s : (!tile.tile<16x16xi16, vec>, !tile.tile<16x16xi16, vec>, !tile.tile<16x16xi16, mat>) -> !tile.tile<16x16xi16, vec>
  return
}

// -----

// A scratch the author gives (not the source) is taken.
func.func @scratch_given(%x: !tile.tile<64x64xf32, vec>, %s: !tile.tile<64x64xf32, vec>) {
  %m = tile.row_max %x, %s : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec>
  return
}

// -----

// A load takes a tensor and index offsets, nothing else.
func.func @load_tile_operand(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.load' op input #0 must be a !tile.tensor, got !tile.tile<16x16xf32, vec>}}
  %a = tile.load %t : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

func.func @load_float_offset(%in: !tile.tensor<64x16xf32>, %f: f32) {
  // expected-error @+1 {{'tile.load' op input #1 is an offset and must be an index, got f32}}
  %a = tile.load %in, %f {offsets = [16, 0]} : (!tile.tensor<64x16xf32>, f32) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// One index offset (a step) or one per dimension: three for a 2-D tensor
// are neither.
func.func @load_three_offsets(%in: !tile.tensor<64x16xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op has 3 index offsets; expected none, one (a step index) or 2 (one per dimension)}}
  %a = tile.load %in, %i, %i, %i : (!tile.tensor<64x16xf32>, index, index, index) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A store's result is the tensor it writes.
func.func @store_result_type(%t: !tile.tile<16x16xf32, vec>, %out: !tile.tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.store' op result must be the stored tensor's type !tile.tensor<16x16xf32>, got !tile.tensor<32x16xf32>}}
  %s = tile.store %t, %out : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<32x16xf32>
  return
}

// -----

// topk has two results, the values and their indices.
func.func @topk_one_result(%x: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.topk' op expects 2 results, got 1}}
  %v = tile.topk %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}
