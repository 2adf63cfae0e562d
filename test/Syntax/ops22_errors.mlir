// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// Verifier errors of the claimed dialects, worded and placed as mlir-opt
// words and places them (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too).

// An op's own error comes before its block's missing terminator.
func.func @op_error_first(%m: memref<2x2x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x2x4xf32> into memref<4x4xf32>
}

// -----

// A stack allocation needs an enclosing automatic allocation scope (a
// function, memref.alloca_scope); a module is none.
// expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
%a = memref.alloca() : memref<1xf32>

// -----

// A subview's result type is computed from the source's strides.
func.func @subview_layout(%m: memref<8x16x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<8x16x4xf32, strided<[64, 4, 1], offset: 8>>' or a rank-reduced version. (mismatch of result sizes)}}
  %0 = memref.subview %m[0, 2, 0][8, 16, 4][1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  return
}

// -----

// Collapsed dimensions must be contiguous in memory.
func.func @collapse_non_contiguous(%m: memref<3x4x5xf32, strided<[270, 50, 10]>>) {
  // expected-error @+1 {{invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<3x4x5xf32, strided<[270, 50, 10]>> into memref<12x5xf32, strided<[50, 10]>>
  return
}

// -----

// A global's type is a static shape.
// expected-error @+1 {{type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dynamic : memref<?xf32>

// -----

// reinterpret_cast keeps the element type.
func.func @reinterpret_element(%m: memref<?xf32>) {
  // expected-error @+1 {{different element types specified for source type 'memref<?xf32>' and result memref type 'memref<4xi32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<?xf32> to memref<4xi32>
  return
}

// -----

// One condition per released buffer.
func.func @dealloc_conditions(%m: memref<4xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  "bufferization.dealloc"(%m, %c, %c) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<4xf32>, i1, i1) -> ()
  return
}

// -----

// Case values are distinct.
func.func @duplicate_case(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 2}}
  scf.index_switch %i
  case 2 {
    scf.yield
  }
  case 2 {
    scf.yield
  }
  default {
    scf.yield
  }
  return
}

// -----

// A token that is wrong at the start of a line is reported after the text
// before it, where something was left unfinished.
func.func @unfinished(%m: memref<16xf32>) {
  // expected-error @+1 {{expected ',' or '>' in memref type}}
  memref.dealloc %m : memref<16xf32
  return
}
