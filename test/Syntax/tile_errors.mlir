// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Errors in the tile dialect's types and ops.

// expected-error @+1 {{unknown memory space "l3"}}
func.func private @bad_space(!tile.tile<64x64xf32, l3>)

// -----

func.func @space_mismatch(%t: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc mat, 16384 : !tile.buf<mat>
  // expected-error @+1 {{'tile.exp' op destination space 'mat' does not match the result space 'vec'}}
  %e = "tile.exp"(%t, %b) <{operandSegmentSizes = array<i32: 1, 1>}> : (!tile.tile<64x64xf32, vec>, !tile.buf<mat>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

func.func @alloc_type() {
  // expected-error @+1 {{memory space 'vec' does not match the result type !tile.buf<mat>}}
  %b = tile.alloc vec, 16384 : !tile.buf<mat>
  return
}

// -----

func.func @operand_types(%t: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{2 operands present, but expected 1}}
  %e = tile.add %t, %t : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}
