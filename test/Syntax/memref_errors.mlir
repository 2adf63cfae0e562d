// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// Verifier errors of memref ops, worded and placed as mlir-opt words and
// places them (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too).

// Expanding a 0-d strided memref gives the new unit dimensions stride 1:
// stride 0 is another type.
func.func @expand_0d_stride_0(%m: memref<f32, strided<[], offset: ?>>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<1xf32, strided<[1], offset: ?>>' but found 'memref<1xf32, strided<[0], offset: ?>>'}}
  %0 = memref.expand_shape %m [] output_shape [1] : memref<f32, strided<[], offset: ?>> into memref<1xf32, strided<[0], offset: ?>>
  return
}
