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

// -----

// Without addresses each pto tile type of an allocation is a
// pto.alloc_tile of its own, which ptoas plans apart. The if result %r is
// the filled-pad tile %p (a type of its own) in one arm and a plain one
// in the other, in one allocation: lowered without addresses, the store
// would read bytes the fillpad never wrote. Refused, at the tile.
func.func @types_share_bytes_without_addr(%c: i1, %in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %x = tile.load %in into %m0 {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec, valid = 8x16>
  %p = tile.fillpad %x into %m1 : (!tile.tile<16x16xf32, vec, valid = 8x16>) -> !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{tile %r (!pto.tile_buf<vec, 16x16xf32>) shares the bytes of its allocation with a tile of type !pto.tile_buf<vec, 16x16xf32, pad=1>; without addresses ptoas would plan the two apart}}
  %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    scf.yield %p : !tile.tile<16x16xf32, vec>
  } else {
    %y = tile.exp %p into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %y : !tile.tile<16x16xf32, vec>
  }
  %s = tile.store %r, %out {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}
