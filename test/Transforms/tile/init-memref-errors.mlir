// RUN: pto-opt %s -split-input-file -verify-diagnostics -init-memref

// A tile of dynamic shape has no static size to allocate.
func.func @dynamic_shape(%in: !tile.tensor<64x64xf32>) {
  // expected-error @+1 {{init-memref: tile !tile.tile<?x64xf32, vec> of 'tile.load'}}
  %a = tile.load %in : (!tile.tensor<64x64xf32>) -> !tile.tile<?x64xf32, vec>
  return
}

// -----

// A dynamic tile bound to a declared allocation cannot size it either.
func.func @dynamic_pinned(%in: !tile.tensor<64x64xf32>) {
  %p = tile.alloc vec, 64 {pinned} : !tile.buf<vec>
  // expected-error @+1 {{bound to declared allocation has a dynamic shape}}
  %a = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<?x64xf32, vec>
  return
}

// -----

// Binding the result of a view to an allocation is rejected (a view lives
// in its source's allocation).
func.func @bound_view(%in: !tile.tensor<64x64xf32>) {
  %m = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  // expected-error @+1 {{'tile.reshape' op does not take an 'into' destination}}
  %r = "tile.reshape"(%a, %m) {operandSegmentSizes = array<i32: 1, 1>} : (!tile.tile<64x64xf32, vec>, !tile.buf<vec>) -> !tile.tile<32x128xf32, vec>
  return
}
