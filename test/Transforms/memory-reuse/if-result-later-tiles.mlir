// RUN: pto-opt %s -memory-reuse -check-tile-placement | FileCheck %s

// An if result needs one place on both arms. Each arm's tile sits in a
// buffer memory-reuse gives to tiles loaded after the if, once %r is dead:
// those later tiles are born after the if, so the arms cannot clobber
// them, and the result takes an arm's buffer instead of a buffer of its
// own (the else arm computes in place there): two buffers in all.
// CHECK-LABEL: func.func @if_result_later_tiles
// CHECK-COUNT-2: tile.alloc vec, 1024
// CHECK-NOT:  tile.alloc
// CHECK:      %a = tile.exp %u into %[[R:[a-z0-9_]+]]
// CHECK:      %b = tile.neg %v into %[[R]]
// CHECK:      tile.load %in into %[[R]]
func.func @if_result_later_tiles(%in: !tile.tensor<16x16xf32>, %c: i1) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m3 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m4 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m5 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m6 = tile.alloc vec, 1024 : !tile.buf<vec>
  %u = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %v = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %a = tile.exp %u into %m2 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %a : !tile.tile<16x16xf32, vec>
  } else {
    %b = tile.neg %v into %m3 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %b : !tile.tile<16x16xf32, vec>
  }
  %s = tile.store %r, %in : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %y = tile.load %in into %m4 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %z = tile.load %in into %m5 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %w = tile.add %y, %z into %m6 : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %s2 = tile.store %w, %in : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}
