// A plan the input brings that is already wrong is the input's error, at
// the op the validator names, for every pass that takes a planned input
// (each used to say "internal error" at the function, blaming itself).
// RUN: pto-opt %s -split-input-file -verify-diagnostics -materialize-semantic-aliases
// RUN: pto-opt %s -split-input-file -verify-diagnostics -memory-reuse
// RUN: pto-opt %s -split-input-file -verify-diagnostics -allocate-addr=planner=sequential
// RUN: pto-opt %s -split-input-file -verify-diagnostics -allocate-addr=planner=dsa-rp
// RUN: pto-opt %s -split-input-file -verify-diagnostics -allocate-addr=planner=best-fit

// The second load overwrites %x while the add still needs it.
func.func @clobbered(%in: !tile.tensor<64x64xf32>) {
  %m = tile.alloc vec, 4096 : !tile.buf<vec>
  %m2 = tile.alloc vec, 4096 : !tile.buf<vec>
  %x = tile.load %in into %m : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  // expected-note @+1 {{the bytes are overwritten here}}
  %y = tile.load %in into %m : (!tile.tensor<64x64xf32>) -> !tile.tile<32x32xf32, vec>
  // expected-error @+1 {{the input's plan is wrong: 'tile.add' reads tile %x, but its bytes [0, 4096) were overwritten by 'tile.load'}}
  %z = tile.add %x, %y into %m2 : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> !tile.tile<32x32xf32, vec>
  %s = tile.store %z, %in : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
  return
}

// -----

// A row reduction may not write its output over its input.
func.func @no_alias(%in: !tile.tensor<8x16xf32>, %out: !tile.tensor<8x1xf32>) {
  %m = tile.alloc vec, 512 : !tile.buf<vec>
  %t = tile.load %in into %m : (!tile.tensor<8x16xf32>) -> !tile.tile<8x16xf32, vec>
  // expected-error @+1 {{the input's plan is wrong: 'tile.row_max' at}}
  %x = tile.row_max %t into %m : (!tile.tile<8x16xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %s = tile.store %x, %out : (!tile.tile<8x1xf32, vec>, !tile.tensor<8x1xf32>) -> !tile.tensor<8x1xf32>
  return
}
