// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement --target=ascend910b | FileCheck %s --check-prefix=A2
// RUN: pto-opt %s -split-input-file -memory-reuse -check-tile-placement --target=ascend950 | FileCheck %s --check-prefix=A5

// The Ascend910B load + tpop_from_aic hazard, in split-AIV functions: a
// writer that reads both a loaded tile and a tile popped from the cube core
// must not write over the loaded tile's buffer, although the loaded tile
// dies there. Other targets (A5) allow the in-place reuse.
// A2-LABEL: func.func @load_tpop
// A2:      %l = tile.load %in into %[[L:[a-z0-9_]+]] :
// A2-NOT:  tile.add %l, %p into %[[L]] :
// A2:      %w = tile.add %l, %p into
// A5-LABEL: func.func @load_tpop
// A5:      %l = tile.load %in into %[[L:[a-z0-9_]+]] :
// A5:      %w = tile.add %l, %p into %[[L]] :
func.func @load_tpop(%in: !tile.tensor<16x16xf32>) attributes {tile.split_aiv} {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 : !tile.buf<vec>
  %l = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %p = tile.tpop_from_aic into %m1 : () -> !tile.tile<16x16xf32, vec>
  %w = tile.add %l, %p into %m2 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %z = tile.add %w, %p into %m3 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// Only split-AIV functions are affected: without tile.split_aiv the reuse
// is allowed on the 910B too.
// A2-LABEL: func.func @not_split
// A2:      %l = tile.load %in into %[[L:[a-z0-9_]+]] :
// A2:      %w = tile.add %l, %p into %[[L]] :
func.func @not_split(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 : !tile.buf<vec>
  %l = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %p = tile.tpop_from_aic into %m1 : () -> !tile.tile<16x16xf32, vec>
  %w = tile.add %l, %p into %m2 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %z = tile.add %w, %p into %m3 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// The popped tile may reach the writer through a loop carry, produced after
// its use in the body: the iter_arg is classified by its buffer's taint, so
// the hazard still holds.
// A2-LABEL: func.func @carried_tpop
// A2:      %l = tile.load %in into %[[L:[a-z0-9_]+]] :
// A2-NOT:  tile.add %l, %pc into %[[L]] :
// A2:      %w = tile.add %l, %pc into
func.func @carried_tpop(%in: !tile.tensor<16x16xf32>, %o: !tile.tensor<16x16xf32>, %n: index) attributes {tile.split_aiv} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %init = tile.create into %m1 : () -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%pc = %init) -> (!tile.tile<16x16xf32, vec>) {
    %l = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
    %w = tile.add %l, %pc into %m2 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %w, %o : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
    %p = tile.tpop_from_aic into %m1 : () -> !tile.tile<16x16xf32, vec>
    scf.yield %p : !tile.tile<16x16xf32, vec>
  }
  return
}
