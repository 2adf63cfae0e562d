// What ptoas would reject is refused by pto-opt, at the op, naming the
// rule: nothing convert-tile-to-pto prints with exit status 0 is rejected
// by the real ptoas (test/tile_examples_test.go runs it when present).
// RUN: pto-opt %s -split-input-file -verify-diagnostics -convert-tile-to-pto
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend950 -convert-tile-to-pto

// ptoas's row reductions take a scratch (tmp) tile that pto-opt does not
// plan yet: refused rather than given an invented address.
func.func @row_max_needs_scratch(%in: !tile.tensor<8x64xf32>) {
  %mem_vec_0 = tile.alloc vec, 2048 {addr = 0} : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 32 {addr = 2048} : !tile.buf<vec>
  %x = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<8x64xf32>) -> !tile.tile<8x64xf32, vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas's pto.trowmax needs a scratch (tmp) tile: run -materialize-scratch before planning (pto-memory-plan does)}}
  %m = tile.row_max %x into %mem_vec_1 : (!tile.tile<8x64xf32, vec>) -> !tile.tile<8x1xf32, vec>
  return
}

// -----

// ptoas has no top-k instruction.
func.func @topk_has_no_instruction(%in: !tile.tensor<8x64xf32>) {
  %mem_vec_0 = tile.alloc vec, 2048 {addr = 0} : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 256 {addr = 2048} : !tile.buf<vec>
  %mem_vec_2 = tile.alloc vec, 256 {addr = 4096} : !tile.buf<vec>
  %x = tile.load %in into %mem_vec_0 {offsets = [0, 0]} : (!tile.tensor<8x64xf32>) -> !tile.tile<8x64xf32, vec>
  // expected-error @+1 {{convert-tile-to-pto: no ptoas lowering for 'tile.topk'}}
  %v, %i = tile.topk %x into %mem_vec_1, %mem_vec_2 : (!tile.tile<8x64xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xi32, vec>)
  return
}

// -----

// ptoas's tiles are two-dimensional.
func.func @rank_three(%in: !tile.tensor<2x8x8xf32>) {
  %mem_vec_0 = tile.alloc vec, 512 {addr = 0} : !tile.buf<vec>
  // expected-error @+1 {{convert-tile-to-pto: ptoas tiles have two dimensions; !tile.tile<2x8x8xf32, vec> is rank 3}}
  %x = tile.load %in into %mem_vec_0 {offsets = [0, 0, 0]} : (!tile.tensor<2x8x8xf32>) -> !tile.tile<2x8x8xf32, vec>
  return
}

// -----

// tile.tpop_from_aic lowers to a ptoas op that returns a tile in the C2V
// pipe's own buffer after the pipe is set up, which the lowering does not
// emit yet.
func.func @pop(%out: !tile.tensor<16x16xf32>) attributes {tile.split_aiv} {
  %mem_vec_0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  // expected-error @+1 {{convert-tile-to-pto: no ptoas lowering for 'tile.tpop_from_aic'}}
  %t = tile.tpop_from_aic into %mem_vec_0 : () -> !tile.tile<16x16xf32, vec>
  %r = tile.store %t, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}

// -----

// A ptoas kernel returns nothing: results are written to global tensors.
// expected-error @+1 {{convert-tile-to-pto: result #0 is a f32; a ptoas kernel returns nothing (write results to a global tensor)}}
func.func @returns_a_scalar(%f: f32) -> f32 {
  return %f : f32
}
