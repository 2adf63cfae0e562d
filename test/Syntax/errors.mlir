// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Parse and verifier errors. Each split shows one; the message and its
// line are checked by -verify-diagnostics. The messages are mlir-opt's: this
// file passes mlir-opt -verify-diagnostics as well (parser/roundtrip_test.go).

func.func @undeclared() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %x, %x : i32
  return
}

// -----

func.func @redefinition() {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}

// -----

func.func @dominance(%a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %y = arith.addi %z, %a : i32
  cf.br ^bb2
^bb2:
  // expected-note @+1 {{operand defined here}}
  %z = arith.addi %a, %a : i32
  return %y : i32
}

// -----

func.func @dominance_same_block(%a: i32) -> i32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %y = arith.addi %z, %a : i32
  // expected-note @+1 {{operand defined here}}
  %z = arith.addi %a, %a : i32
  return %y : i32
}

// -----

// An op's result used in its own region does not dominate the use; the
// note says where the definition is from the use.
func.func @dominance_own_result(%a: i32) -> i32 {
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %r = scf.execute_region -> i32 {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    scf.yield %r : i32
  }
  return %r : i32
}

// -----

func.func @value_type_mismatch(%a: i32, %b: f32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'f32'}}
  %0 = arith.addi %a, %b : i32
  return
}

// -----

func.func @result_type_mismatch(%x: i32) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i64
  return
}

// -----

func.func @operand_count(%x: f32) {
  // expected-error @+1 {{'arith.addf' op expected 2 operands, but found 1}}
  %0 = "arith.addf"(%x) : (f32) -> f32
  return
}

// -----

func.func @operand_kind(%x: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @cast_kind(%x: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %x : i32 to i64
  return
}

// -----

func.func @missing_predicate(%x: f32) {
  // expected-error @+1 {{'arith.cmpf' op requires attribute 'predicate'}}
  %0 = "arith.cmpf"(%x, %x) : (f32, f32) -> i1
  return
}

// -----

func.func @no_terminator(%a: i32) -> i32 {
  // expected-error @+1 {{block with no terminator}}
  %0 = arith.addi %a, %a : i32
}

// -----

func.func @return_count(%a: i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 0}}
  return %a : i32
}

// -----

func.func @return_type(%a: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32') in function @return_type}}
  return %a : i32
}

// -----

func.func @yield_count(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.if %c -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// -----

func.func @yield_type(%c: i1, %a: i32, %f: f32) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.if %c -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %f : f32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// -----

func.func @for_yield(%a: i32, %i: index) {
  // expected-error @+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %0 = scf.for %k = %i to %i step %i iter_args(%b = %a) -> (i32) {
    scf.yield %b, %b : i32, i32
  }
  return
}

// -----

func.func @yield_parent() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  "scf.yield"() : () -> ()
}

// -----

func.func @while_types(%x: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (i32) -> f32 {
    %t = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%t) %a : i32
  } do {
  ^bb0(%b: f32):
    %c = arith.fptosi %b : f32 to i32
    scf.yield %c : i32
  }
  return
}

// -----

func.func @unregistered_dialect() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "xd.op"() : () -> ()
  return
}

// -----

func.func @unknown_op_of_known_dialect() {
  // expected-error @+1 {{unregistered operation 'arith.frob' found in dialect ('arith') that does not allow unknown operations}}
  "arith.frob"() : () -> ()
  return
}

// -----

func.func @unknown_custom_op() {
  // expected-error @+1 {{custom op 'arith.frob' is unknown}}
  arith.frob
  return
}

// -----

func.func @int_for_float() {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant 3 : f64
  return
}

// -----

func.func @dense_shape() {
  // expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
  %0 = arith.constant dense<[1, 2]> : tensor<3xi32>
  return
}

// -----

func.func @dense_unsigned() {
  // expected-error @+1 {{expected unsigned integer elements, but parsed negative value}}
  %0 = arith.constant dense<-1> : tensor<2xui8>
  return
}

// -----

// expected-error @+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
func.func private @layout_rank(memref<4x4xf32, affine_map<(d0) -> (d0)>>)

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @strides_rank(memref<4xf32, strided<[1, 1]>>)

// -----

// expected-error @+1 {{entry block of region may not have predecessors}}
func.func @entry_preds() {
^bb0:
  cf.br ^bb0
}

// -----

func.func @labelled_entry(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^entry:
  return
}

// -----

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^nowhere
}

// -----

func.func @branch_args(%a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @call_types(%x: f32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = call @callee(%x) : (f32) -> i32
  return
}

// -----

func.func @call_unknown() {
  // expected-error @+1 {{'func.call' op 'nope' does not reference a valid function}}
  call @nope() : () -> ()
  return
}

// -----

func.func @result_count() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = arith.constant 1 : i32
  return
}

// -----

func.func @bad_result_number() {
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{reference to invalid result number}}
  %1 = arith.addi %0#1, %0 : i32
  return
}

// -----

// expected-error @+1 {{undefined symbol alias id 'nothere'}}
func.func private @alias(!nothere)

// -----

// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'plain'}}
module attributes {plain = 1} {
}

// -----

func.func @memref_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @copy_elements(%m: memref<4xf32>, %n: memref<4xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %n : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @bad_token() {
  // expected-error @+1 {{unexpected character}}
  %0 = arith.constant 1 : i32 ;
  return
}

// -----

func.func @unterminated_string() {
  // expected-error @+1 {{expected '"' in string literal}}
  cf.assert %c, "no end
  return
}

// -----

// A prefix may be dropped only for the default dialect of the enclosing op:
// func inside func.func, none inside scf.if.
func.func private @callee()
func.func @bare_call_in_scf(%c: i1) {
  scf.if %c {
    // expected-error @+2 {{Dialect `' not found for custom op 'call'}}
    // expected-note @+1 {{Available dialects:}}
    call @callee() : () -> ()
  }
  return
}

// -----

// memref.view reinterprets contiguous bytes: the view has the identity
// layout, even a strided layout that spells the identity is refused.
func.func @view_strided_result(%b: memref<2048xi8>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{unsupported map for result memref type 'memref<4x4xf32, strided<[4, 1]>>'}}
  %v = memref.view %b[%c0][] : memref<2048xi8> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

// The base of a memref.view has the identity layout too.
func.func @view_strided_base(%b: memref<2048xi8, strided<[2]>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{unsupported map for base memref type}}
  %v = memref.view %b[%c0][] : memref<2048xi8, strided<[2]>> to memref<4x4xf32>
  return
}

// -----

// A view stays in its base's memory space.
func.func @view_space(%b: memref<2048xi8, 1>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<2048xi8, 1>' and view memref type 'memref<4x4xf32>'}}
  %v = memref.view %b[%c0][] : memref<2048xi8, 1> to memref<4x4xf32>
  return
}

// -----

// An array element must fit its type's width.
// expected-error @+1 {{integer constant out of range}}
module attributes {a.x = array<i8: 300>} {
}

// -----

// -0 is not a negative value of any width (MLIR's rule: the negated bits must have the sign bit).
// expected-error @+1 {{integer constant out of range}}
module attributes {a.x = array<i8: -0>} {
}

// -----

// A signed array element must fit as signed.
// expected-error @+1 {{integer constant out of range}}
module attributes {a.x = array<si8: 128>} {
}

// -----

// i1 arrays take true and false only.
// expected-error @+1 {{expected 'true' or 'false' values for i1 type}}
module attributes {a.x = array<i1: 1>} {
}

// -----

// A float array element is a float literal or hex bits, not a decimal integer.
// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
module attributes {a.x = array<f32: 1>} {
}

// -----

// Hex bits have no sign.
// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
module attributes {a.x = array<f32: -0x3F800000>} {
}

// -----

// Hex bits must fit the type's width.
// expected-error @+1 {{hexadecimal float constant out of range for type}}
module attributes {a.x = array<f16: 0x17C01>} {
}

// -----

// Array elements are whole bytes (or i1).
// expected-error @+1 {{element type bitwidth must be a multiple of 8}}
module attributes {a.x = array<f4E2M1FN: 1.0>} {
}

// -----

// Array elements are bare literals, without a type.
// expected-error @+1 {{expected '>' to close an array attribute}}
module attributes {a.x = array<i32: 1 : i32>} {
}

// -----

// Arrays are of integers or floats.
// expected-error @+1 {{expected integer or float type, got: 'complex<f32>'}}
module attributes {a.x = array<complex<f32>: 1.0>} {
}

// -----

// cf.switch's case operand segments are counts: none is negative...
func.func @switch_negative_segment(%x: i32) {
  // expected-error @+1 {{'case_operand_segments' attribute cannot have negative elements}}
  "cf.switch"(%x) [^bb1, ^bb1] <{case_operand_segments = array<i32: -1>, case_values = dense<0> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// ...and they add up to the case operands.
func.func @switch_segments_total(%x: i32) {
  // expected-error @+1 {{caseOperands count (0) does not match with the total size (5) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%x) [^bb1, ^bb1] <{case_operand_segments = array<i32: 5>, case_values = dense<0> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// An enum keyword must be one of the enum's.
func.func @bad_predicate(%x: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi less, %x, %x : i32
  return
}

// -----

// Given as a string, it must be one of them too.
func.func @bad_rounding_mode(%x: f32) {
  // expected-error @+1 {{invalid roundingmode attribute specification: "sideways"}}
  %0 = arith.truncf %x "sideways" : f32 to f16
  return
}

// -----

// memref.load's type must be a ranked memref.
func.func @load_not_memref(%x: i32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.memref, but found 'i32'}}
  %0 = memref.load %x[] : i32
  return
}

// -----

// A variadic operand list and its types must be as long as each other;
// the error points at the operands.
func.func @yield_types(%x: i32) {
  scf.execute_region {
    // expected-error @+1 {{number of operands and types do not match: got 2 operands and 1 types}}
    scf.yield %x, %x : i32
  }
  return
}

// -----

// A region sees the names of the regions around it: defining one of them
// again inside is a redefinition.
func.func @redefinition_in_region(%a: i32) {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.addi %a, %a : i32
  %1 = scf.execute_region -> i32 {
    // expected-error @+1 {{redefinition of SSA value '%0'}}
    %0 = arith.addi %a, %a : i32
    scf.yield %0 : i32
  }
  return
}

// -----

// A block argument that does not dominate the use: the note is at the op
// holding the block and says which block it is.
// expected-note @+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @dominance_block_argument(%a: i32, %c: i1) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb2
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %y = arith.addi %x, %a : i32
  return
}

// -----

// A use in a nested region of a value defined later in a parent region.
func.func @dominance_parent_region(%a: i32, %c: i1) {
  scf.if %c {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %z = arith.addi %w, %a : i32
  }
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %w = arith.addi %a, %a : i32
  return
}

// -----

// Uses in an unreachable block are not checked, but those of the ops
// nested in it are, in their own (reachable) blocks.
func.func @dominance_in_unreachable(%a: i32, %c: i1) {
  return
^bb1:
  scf.if %c {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %z = arith.addi %w, %a : i32
  }
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %w = arith.addi %a, %a : i32
  cf.br ^bb1
}

// -----

// builtin.module has the NoRegionArguments trait.
func.func @module_with_arguments() {
  // expected-error @+1 {{'builtin.module' op region should have no arguments}}
  builtin.module {
  ^bb1(%arg: i32):
  }
  return
}

// -----

// A function's attribute dictionary may not give the attributes its
// syntax spells elsewhere; the error is at the dictionary.
// expected-error @+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @inferred_visibility() attributes { sym_visibility = "private" }

// -----

// expected-error @+1 {{'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @inferred_type() attributes { function_type = "x" }
