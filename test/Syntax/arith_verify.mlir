// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// The arith verifier in mlir-opt's order and words (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too): the operand,
// result and attribute constraints of the op's declaration, then its
// PredOpTraits, its native traits (and CastOpInterface), then its own
// verifier.

// An integer op takes signless integers or indices: a float operand fails
// the operand constraint.
func.func @int_op_float(%x: f64) {
  // expected-error @+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'f64'}}
  %0 = "arith.muli"(%x, %x) : (f64, f64) -> f64
  return
}

// -----

// A float op's result must be float-like too.
func.func @float_op_int_result(%x: f16) {
  // expected-error @+1 {{'arith.subf' op result #0 must be floating-point-like, but got 'i16'}}
  %0 = "arith.subf"(%x, %x) : (f16, f16) -> i16
  return
}

// -----

// Element-wise ops: a vector operand needs a vector result (the
// SameOperandsAndResultType trait comes first).
func.func @elementwise_scalar_result(%v: vector<2xi8>) {
  // expected-error @+1 {{'arith.ori' op requires the same type for all operands and results}}
  %0 = "arith.ori"(%v, %v) : (vector<2xi8>, vector<2xi8>) -> i8
  return
}

// -----

// SameOperandsAndResultType lets a dynamic size match a static one; the
// result type inferred from the first operand must still be the result's.
func.func @inferred_result(%t: tensor<?xi32>) {
  // expected-error @+2 {{'arith.maxsi' op inferred type(s) 'tensor<?xi32>' are incompatible with return type(s) of operation 'tensor<8xi32>'}}
  // expected-error @+1 {{'arith.maxsi' op failed to infer returned types}}
  %0 = "arith.maxsi"(%t, %t) : (tensor<?xi32>, tensor<?xi32>) -> tensor<8xi32>
  return
}

// -----

// A ranked tensor result's encoding is every operand's.
func.func @encoding(%t: tensor<8xi32>) {
  // expected-error @+1 {{'arith.andi' op requires the same encoding for all operands and results}}
  %0 = "arith.andi"(%t, %t) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32, "e">
  return
}

// -----

// The Elementwise trait: every result is non-scalar when an operand is.
func.func @elementwise_mixed_results(%v: vector<3xi16>) {
  // expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%v, %v) : (vector<3xi16>, vector<3xi16>) -> (vector<3xi16>, i16)
  return
}

// -----

func.func @elementwise_scalar_overflow(%v: tensor<3xi16>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = arith.addui_extended %v, %v : tensor<3xi16>, i1
  return
}

// -----

func.func @elementwise_kinds(%v: tensor<3xi16>) {
  // expected-error @+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %0:2 = arith.addui_extended %v, %v : tensor<3xi16>, vector<3xi1>
  return
}

// -----

// Casts without index take signless fixed-width integers.
func.func @extui_from_index(%i: index) {
  // expected-error @+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extui %i : index to i64
  return
}

// -----

func.func @fptoui_to_index(%f: f32) {
  // expected-error @+1 {{'arith.fptoui' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.fptoui %f : f32 to index
  return
}

// -----

// bitcast takes integers, floats or memrefs of them, not index.
func.func @bitcast_from_index(%i: index) {
  // expected-error @+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = arith.bitcast %i : index to f64
  return
}

// -----

// index_cast takes memrefs of integers or indices, but ranked ones.
func.func @index_cast_unranked(%m: memref<*xindex>) {
  // expected-error @+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'memref<*xindex>'}}
  %0 = arith.index_cast %m : memref<*xindex> to memref<*xi32>
  return
}

// -----

// The PredOpTrait of the casts: tensor dimensions match exactly, a
// dynamic one only a dynamic one; it comes before the shape trait.
func.func @cast_tensor_dims(%t: tensor<?x3xi8>) {
  // expected-error @+1 {{'arith.sitofp' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.sitofp %t : tensor<?x3xi8> to tensor<2x3xf32>
  return
}

// -----

// A tensor cast to a scalar has no tensor dimensions to differ, but its
// shape is not the scalar's.
func.func @cast_tensor_to_scalar(%t: tensor<i8>) {
  // expected-error @+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %t : tensor<i8> to i32
  return
}

// -----

// A scalable dimension matches only a scalable one.
func.func @cast_scalable(%v: vector<2x[8]xf16>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %v : vector<2x[8]xf16> to vector<2x8xf32>
  return
}

// -----

// CastOpInterface: an extension widens.
func.func @extsi_same_width(%v: vector<4xi8>) {
  // expected-error @+1 {{'arith.extsi' op operand type 'vector<4xi8>' and result type 'vector<4xi8>' are cast incompatible}}
  %0 = arith.extsi %v : vector<4xi8> to vector<4xi8>
  return
}

// -----

// Ranked tensors cast only within one encoding.
func.func @cast_encoding(%t: tensor<4xi32, "a">) {
  // expected-error @+1 {{'arith.uitofp' op operand type 'tensor<4xi32, "a">' and result type 'tensor<4xf32, "b">' are cast incompatible}}
  %0 = arith.uitofp %t : tensor<4xi32, "a"> to tensor<4xf32, "b">
  return
}

// -----

// The scaling casts name every operand type.
func.func @scaling_truncf_wider(%x: f16, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_truncf' op operand types 'f16', 'f8E8M0FNU' and result type 'f32' are cast incompatible}}
  %0 = arith.scaling_truncf %x, %s : f16, f8E8M0FNU to f32
  return
}

// -----

// A constant's value has the result's type (a string's type is none).
func.func @constant_string() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = "text"} : () -> i8
  return
}

// -----

// A constant's integer is signless.
func.func @constant_unsigned() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 7 : ui16
  return
}

// -----

// A scalable vector constant is a splat: a list of equal values is one.
func.func @constant_scalable() {
  %ok = arith.constant dense<[4, 4]> : vector<[2]xi8>
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[4, 5]> : vector<[2]xi8>
  return
}

// -----

// An index literal is a signed 64-bit value: 2^63 is out of range.
func.func @index_literal() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 9223372036854775808 : index
  return
}

// -----

// A comparison's result type is derived from its operands' through a
// transform, so the parser checks the operand constraint first.
func.func @cmpf_of_int(%x: i8) {
  // expected-error @+1 {{'lhs' must be floating-point-like, but got 'i8'}}
  %0 = arith.cmpf ole, %x, %x : i8
  return
}

// -----

// The comparisons' PredOpTrait: the result is the operands' shape of i1.
func.func @cmpi_result_shape(%v: vector<4xi8>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%v, %v) {predicate = 1} : (vector<4xi8>, vector<4xi8>) -> vector<2xi1>
  return
}

// -----

// An enum attribute's constraint is checked before the operands'.
func.func @cmpi_predicate(%x: f32) {
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 10} : (f32, f32) -> i1
  return
}

// -----

// The flags' attribute constraints, in ODS's summaries.
func.func @flags(%x: f32) {
  // expected-error @+1 {{'arith.mulf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.mulf"(%x, %x) {fastmath = 3 : i32} : (f32, f32) -> f32
  return
}

// -----

// select: the condition is bool-like...
func.func @select_condition(%c: i8, %x: f32) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i8'}}
  %0 = "arith.select"(%c, %x, %x) : (i8, f32, f32) -> f32
  return
}

// -----

// ... shaped like the result...
func.func @select_condition_shape(%c: vector<3xi1>, %x: vector<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %x, %x : vector<3xi1>, vector<4xf32>
  return
}

// -----

// ... and of the result's type, an encoding included (the op's own
// verifier, after the Elementwise trait).
func.func @select_condition_encoding(%c: tensor<4xi1, "e">, %x: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<4xi1>', but got 'tensor<4xi1, "e">'}}
  %0 = arith.select %c, %x, %x : tensor<4xi1, "e">, tensor<4xf32>
  return
}

// -----

// The count traits come in ODS's order: the results' before the operands'.
func.func @counts_results_first(%x: i32) {
  // expected-error @+1 {{'arith.xori' op requires one result}}
  "arith.xori"(%x) : (i32) -> ()
  return
}

// -----

// Two results are "expected 2 results", without a count found.
func.func @counts_two_results(%x: i32) {
  // expected-error @+1 {{'arith.mului_extended' op expected 2 results}}
  %0 = "arith.mului_extended"(%x) : (i32) -> i32
  return
}

// -----

// A constant's value is a typed attribute.
func.func @constant_untyped() {
  // expected-error @+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = [1, 2]} : () -> i32
  return
}

// -----

// The errors a custom op's parser reports itself name the op.
func.func @custom_op_prefix(%x: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate'}}
  %0 = arith.cmpi %x, %x : i32
  return
}

// -----

func.func @custom_op_prefix_derived(%x: index) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'index'}}
  %0 = arith.cmpf oeq, %x, %x : index
  return
}
