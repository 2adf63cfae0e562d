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

// -----

// Binding the result of an in-place op: matmul_acc writes into its
// accumulator's allocation and takes no `into`.
func.func @bound_in_place(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: !tile.tile<16x16xf32, acc>) {
  %m = tile.alloc acc, 1024 : !tile.buf<acc>
  // expected-error @+1 {{'tile.matmul_acc' op does not take an 'into' destination}}
  %d = "tile.matmul_acc"(%c, %l, %r, %m) {operandSegmentSizes = array<i32: 3, 1>} : (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>, !tile.buf<acc>) -> !tile.tile<16x16xf32, acc>
  return
}

// -----

// A tile bound to an allocation of another space.
func.func @space_mismatch(%in: !tile.tensor<64x64xf32>) {
  %m = tile.alloc vec, 16384 : !tile.buf<vec>
  // expected-error @+1 {{destination space 'vec' does not match the result space 'mat'}}
  %a = "tile.load"(%in, %m) {operandSegmentSizes = array<i32: 1, 1>} : (!tile.tensor<64x64xf32>, !tile.buf<vec>) -> !tile.tile<64x64xf32, mat>
  return
}

// -----

// Two tiles bound independently to one declared allocation and live at
// the same time: the second load would destroy the first while the add
// still needs it.
func.func @pinned_colive(%in: !tile.tensor<64x64xf32>) {
  %p = tile.alloc vec, 16384 {pinned} : !tile.buf<vec>
  %a = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  // expected-note @+1 {{the bytes are overwritten here}}
  %b = tile.load %in into %p : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  // expected-error @+1 {{init-memref: tiles bound to a declared allocation conflict: 'tile.add' reads tile %a, but its bytes [0, 16384) were overwritten by 'tile.load'}}
  %c = tile.add %a, %b : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// The same with an allocation that is not declared: any tiles the input
// binds are the author's, and a clash is the input's error at the op that
// reads clobbered bytes (the passes after used to report it as their own
// internal error at the function).
func.func @bound_colive(%in: !tile.tensor<64x64xf32>) {
  %m = tile.alloc vec, 16384 : !tile.buf<vec>
  %a = tile.load %in into %m : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  // expected-note @+1 {{the bytes are overwritten here}}
  %b = tile.load %in into %m : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  // expected-error @+1 {{init-memref: tiles the input binds to allocations clash: 'tile.add' reads tile %a, but its bytes [0, 16384) were overwritten by 'tile.load'}}
  %c = tile.add %a, %b : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}
