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

// In the custom form `into %b` takes its type from the result's space, so
// an allocation of another space is reported at the op as what it is: the
// op writes a vec tile into a mat allocation (both spaces named), with a
// note at the allocation.
func.func @into_other_space(%t: !tile.tile<64x64xf32, vec>) {
  // expected-note @+1 {{%b is defined here}}
  %b = tile.alloc mat, 16384 : !tile.buf<mat>
  // expected-error @+1 {{tile.exp writes a vec tile into %b, an allocation of memory space 'mat': the result of an op lives in its own space; give it a vec allocation (tile.alloc vec, ...), or copy the tile to mat with tile.move}}
  %e = tile.exp %t into %b : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// `into` a value that is no allocation at all.
// expected-note @+1 {{%x is defined here}}
func.func @into_tensor(%t: !tile.tile<64x64xf32, vec>, %x: !tile.tensor<64x64xf32>) {
  // expected-error @+1 {{tile.exp writes a vec tile into %x, which is a '!tile.tensor<64x64xf32>', not an allocation (tile.alloc vec, ...)}}
  %e = tile.exp %t into %x : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// An input's type is written out: a mismatch there keeps the generic
// message.
func.func @input_type(%t: !tile.tile<64x64xf32, vec>) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%t' expects different type than prior uses: '!tile.tile<64x64xf32, mat>' vs '!tile.tile<64x64xf32, vec>'}}
  %e = tile.exp %t : (!tile.tile<64x64xf32, mat>) -> !tile.tile<64x64xf32, mat>
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
