// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Input that mlir-opt 22 rejects is rejected, on the same line and with
// the same message: integer widths, the element types and shapes of the
// builtin types. Each split shows one;
// this file passes mlir-opt -verify-diagnostics as well
// (parser/roundtrip_test.go).

// An integer type is at most 16777215 bits wide.
// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
func.func private @too_wide(i16777216)

// -----

// So is a signed one.
// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
func.func private @too_wide_signed(si16777216)

// -----

// A width beyond 32 bits is not a width at all.
// expected-error @+1 {{invalid integer width}}
func.func private @no_width(i99999999999999999999)

// -----

// A vector holds integers, indices or floats, not vectors.
// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func private @vector_of_vectors(vector<2xvector<2xf32>>)

// -----

// Nor complex numbers.
// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func private @vector_of_complex(vector<2xcomplex<f32>>)

// -----

// Vector dimensions are positive, scalable ones too.
// expected-error @+1 {{vector types must have positive constant sizes but got 2, 0}}
func.func private @empty_vector(vector<2x[0]xf32>)

// -----

// A vector has no dynamic dimension: '?' is read as the element type.
// expected-error @+1 {{expected non-function type}}
func.func private @dynamic_vector(vector<?xf32>)

// -----

// 0x2 in a scalable dimension is the size 0 followed by x2, not a
// hexadecimal size.
// expected-error @+1 {{missing ']' closing scalable dimension}}
func.func private @hex_scalable(vector<1x[0x2]xf32>)

// -----

// A complex number is made of integers or floats.
// expected-error @+1 {{invalid element type for complex}}
func.func private @complex_index(complex<index>)

// -----

// A tensor does not hold memrefs.
// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_memrefs(tensor<2xmemref<f32>>)

// -----

// Nor tensors, ranked or not.
// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_tensors(tensor<*xtensor<f32>>)

// -----

// A memref does not hold tensors.
// expected-error @+1 {{invalid memref element type}}
func.func private @memref_of_tensors(memref<2xtensor<f32>>)

// -----

// Nor tuples.
// expected-error @+1 {{invalid memref element type}}
func.func private @memref_of_tuples(memref<2xtuple<i32>>)
