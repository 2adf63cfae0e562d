// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// Builtin types that do not parse or verify, reported in mlir-opt's words
// at mlir-opt's place (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too).

// A memref's parameters after its element type are a list: not empty.
// expected-error @+1 {{expected list element}}
func.func private @empty_list(memref<2xi8, >)

// -----

// Layouts, then one memory space: a second space is refused at it.
// expected-error @+1 {{multiple memory spaces specified in memref type}}
func.func private @two_spaces(memref<2xi8, 1, "b">)

// -----

// A layout after the memory space is refused.
// expected-error @+1 {{expected memory space to be last in memref type}}
func.func private @space_not_last(memref<2xi8, 1, strided<[1]>>)

// -----

// An unranked memref takes no layout.
// expected-error @+1 {{cannot have affine map for unranked memref type}}
func.func private @unranked_layout(memref<*xi8, strided<[1]>>)

// -----

// Of the layouts, the last one counts (and must fit the rank).
// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @last_layout(memref<2xi8, strided<[1]>, strided<[1, 1]>>)

// -----

// A builtin attribute other than an integer, a string or a dictionary is
// no memory space.
// expected-error @+1 {{unsupported memory space Attribute}}
func.func private @float_space(memref<2xi8, 1.0>)

// -----

// Nor for an unranked memref.
// expected-error @+1 {{unsupported memory space Attribute}}
func.func private @type_space(memref<*xi8, f32>)

// -----

// A dictionary is a memory space.
func.func private @dict_space(memref<2xi8, {kind = "l1"}>)

// -----

// strided's parts, each missing one named as mlir-opt names it.
// expected-error @+1 {{expected '<' after 'strided'}}
func.func private @strided_open(memref<2xi8, strided>)

// -----

// A stride is a 64-bit integer or '?': an unclosed list is read up to
// where it breaks, although its brackets do not balance.
// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @strided_unclosed(memref<2xi8, strided<[>>

// -----

// Nor beyond 64 bits (the error is at the sign).
// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @strided_too_big(memref<2xi8, strided<[-9223372036854775808]>>)

// -----

// After the strides, '>' or a comma.
// expected-error @+1 {{expected ','}}
func.func private @strided_comma(memref<2xi8, strided<[1] offset: 0>>)

// -----

// expected-error @+1 {{expected 'offset' after comma}}
func.func private @strided_offset(memref<2xi8, strided<[1], >>)

// -----

// expected-error @+1 {{expected ':' after 'offset'}}
func.func private @strided_colon(memref<2xi8, strided<[1], offset>>)

// -----

// expected-error @+1 {{expected '>'}}
func.func private @strided_close(memref<2xi8, strided<[1], offset: 0)>)

// -----

// complex's brackets are named with it; its closing one is read before
// its element type is judged.
// expected-error @+1 {{expected '>' in complex type}}
func.func private @complex_close(complex<memref<2xi8>)

// -----

// expected-error @+1 {{expected '<' in complex type}}
func.func private @complex_open(complex i32>)

// -----

// So are tuple's.
// expected-error @+1 {{expected '>' in tuple type}}
func.func private @tuple_close(tuple<i32)
