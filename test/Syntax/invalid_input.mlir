// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Input that mlir-opt 22 rejects is rejected, on the same line and with
// the same message: integer widths, the element types and shapes of the
// builtin types, alias definitions and locations. Each split shows one;
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

// -----

// An attribute alias cannot stand for itself.
// expected-error @+1 {{undefined symbol alias id 'a'}}
#a = #a

// -----

// Nor a type alias.
// expected-error @+1 {{undefined symbol alias id 't'}}
!t = !t

// -----

// Nor a location alias.
// expected-error @+1 {{undefined symbol alias id 'loc'}}
#loc = loc(#loc)

// -----

// A location alias refers to aliases defined before it only.
// expected-error @+1 {{undefined symbol alias id 'loc2'}}
#loc1 = loc(#loc2)
#loc2 = loc("a.mlir":1:2)

// -----

// Also inside a fused location.
// expected-error @+1 {{undefined symbol alias id 'loc'}}
#loc = loc(fused[#loc])

// -----

// An attribute alias is defined once.
#a = 1
// expected-error @+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// So is a type alias.
!t = i32
// expected-error @+1 {{redefinition of type alias id 't'}}
!t = i64

// -----

// An alias definition has its '='.
// expected-error @+1 {{expected '=' in attribute alias definition}}
#a 1

// -----

// An op's location may name an alias defined later, but it must be
// defined somewhere.
func.func @never_defined() {
  // expected-error @+1 {{operation location alias was never defined}}
  return loc(#nowhere)
}

// -----

// So must a block argument's.
func.func @argument_never_defined() {
  cf.br ^bb1
// expected-error @+1 {{operation location alias was never defined}}
^bb1(%x: i32 loc(#nowhere)):
  return
}

// -----

// The alias must stand for a location.
#one = 1
func.func @not_a_location() {
  // expected-error @+1 {{expected location, but found '1 : i64'}}
  return loc(#one)
}

// -----

// Only the whole location may refer to an alias defined later: one inside
// it must be defined already.
func.func @nested_forward() {
  // expected-error @+1 {{undefined symbol alias id 'later'}}
  return loc(fused[#later])
}
#later = loc("a.mlir":1:2)

// -----

// A location has MLIR's syntax; anything else is not one.
func.func @garbage() {
  // expected-error @+1 {{expected location instance}}
  return loc(garbage)
}

// -----

// The line of a file location is a number.
func.func @line_not_a_number() {
  // expected-error @+1 {{expected integer line number in FileLineColRange}}
  return loc("a.mlir":x:1)
}

// -----

// ... that fits in 32 bits.
func.func @line_too_large() {
  // expected-error @+1 {{expected integer line number in FileLineColRange}}
  return loc("a.mlir":4294967296:1)
}

// -----

// A range ends with `:column` or `line:column`.
func.func @range_without_column() {
  // expected-error @+1 {{expected either integer or `:` post `to` in FileLineColRange}}
  return loc("a.mlir":1:2 to 3)
}

// -----

// A call site names its caller after `at`.
func.func @callsite_without_caller() {
  // expected-error @+1 {{expected 'at' in callsite location}}
  return loc(callsite("a.mlir":1:2))
}

// -----

// The locations of a fused location are separated by commas.
func.func @fused_without_comma() {
  // expected-error @+1 {{expected ']' in fused location}}
  return loc(fused["a.mlir":1:2 "b.mlir":3:4])
}

// -----

// A named location wraps at most one location.
func.func @name_with_two_children() {
  // expected-error @+1 {{expected ')' after child location of NameLoc}}
  return loc("name"("a.mlir":1:2 "b.mlir":3:4))
}

// -----

// Nothing follows the location inside loc(...).
func.func @trailing_text() {
  // expected-error @+1 {{expected ')' in location}}
  return loc("a.mlir":1:2 extra)
}
