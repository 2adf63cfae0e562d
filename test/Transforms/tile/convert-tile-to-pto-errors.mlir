// RUN: pto-opt %s -split-input-file -verify-diagnostics -convert-tile-to-pto

// Unplanned input: a producer without `into` names the missing pass.
func.func @unplanned(%in: !tile.tensor<16x16xf32>) {
  // expected-error @+1 {{'convert-tile-to-pto' requires 'init-memref' to have run first: 'tile.load'}}
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A loop carry that ends in another allocation than it starts in: the
// semantic aliases were not materialized.
func.func @carry_not_materialized(%in: !tile.tensor<16x16xf32>, %n: index) {
  %mem_vec_0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %mem_vec_1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %in into %mem_vec_0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %y = tile.exp %x into %mem_vec_1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    // expected-error @+1 {{'convert-tile-to-pto' requires 'materialize-semantic-aliases' to have run first: result #0 of 'scf.for'}}
    scf.yield %y : !tile.tile<16x16xf32, vec>
  }
  return
}

// -----

// Either every allocation has an address or none has.
func.func @partly_addressed(%in: !tile.tensor<16x16xf32>) {
  %mem_vec_0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  // expected-error @+1 {{%mem_vec_1 has no address while other allocations have one}}
  %mem_vec_1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %mem_vec_0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a into %mem_vec_1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A kernel takes global tensors; an on-chip tile argument has no planned
// buffer to become.
// expected-error @+1 {{argument #0 is an on-chip tile}}
func.func @tile_argument(%t: !tile.tile<16x16xf32, vec>) {
  return
}
