// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// Types at the edges of what MLIR accepts, which pto-opt reads and prints
// as mlir-opt 22 does (parser/roundtrip_test.go compares them). The types
// it refuses are in invalid_input.mlir.

// Integer types may be zero bits wide, and up to 16777215 bits.
// CHECK: func.func private @widths(i0, si0, ui0, i16777215)
func.func private @widths(i0, si0, ui0, i16777215)

// -----

// A zero-width integer holds 0.
// CHECK: %c0_i0 = arith.constant 0 : i0
func.func @zero_width_constant() -> i0 {
  %0 = arith.constant 0 : i0
  return %0 : i0
}

// -----

// A dimension list starting 0x is a zero dimension, whatever follows the
// x: 0x10 is not hexadecimal.
// CHECK: func.func private @zero_dims(memref<0x10xf32>, memref<0x0xi0>, tensor<0xbf16>, memref<0x4x?xf32>)
func.func private @zero_dims(memref<0x10xf32>, memref<0x0xi0>, tensor<0xbf16>, memref<0x4x?xf32>)

// -----

// Memrefs hold memrefs, vectors and complex numbers too.
// CHECK: func.func private @memref_elements(memref<2xmemref<4xf32>>, memref<2xmemref<*xf32>>, memref<2xvector<4xf32>>, memref<2xcomplex<f32>>)
func.func private @memref_elements(memref<2xmemref<4xf32>>, memref<2xmemref<*xf32>>, memref<2xvector<4xf32>>, memref<2xcomplex<f32>>)

// -----

// Tensors hold vectors, complex numbers and indices.
// CHECK: func.func private @tensor_elements(tensor<2xvector<4xf32>>, tensor<2xcomplex<i8>>, tensor<2xindex>)
func.func private @tensor_elements(tensor<2xvector<4xf32>>, tensor<2xcomplex<i8>>, tensor<2xindex>)

// -----

// Types nest; each level is printed as it was read.
// CHECK: func.func private @nested(tuple<tuple<tuple<i1, memref<2xmemref<3xmemref<4xf32>>>>>>, ((i1) -> (i2, i3)) -> ((i4) -> i5))
func.func private @nested(tuple<tuple<tuple<i1, memref<2xmemref<3xmemref<4xf32>>>>>>, ((i1) -> (i2, i3)) -> ((i4) -> i5))
