// RUN: pto-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

// The cf ops' verifiers, in mlir-opt's words and order: the ODS
// constraints, then BranchOpInterface (successor operands, reported
// without the op's name), then WeightedBranchOpInterface, then the op's
// own verify(). This file passes mlir-opt too.

// An op with successors must end its block: checked on entering the
// block, before the op's own checks.
func.func @branch_not_last(%c: i1) {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  "cf.br"(%c) [^bb1] : (i1) -> ()
  "test.after"() : () -> ()
^bb1:
  return
}

// -----

// BranchOpInterface: the count of forwarded values, without "'cf.br' op".
func.func @br_count(%v: i8) {
  // expected-error-re @+1 {{{{^}}branch has 1 operands for successor #0, but target block has 2}}
  cf.br ^bb1(%v : i8)
^bb1(%a: i8, %b: i8):
  return
}

// -----

// BranchOpInterface: a forwarded value's type.
func.func @br_type(%v: i8) {
  // expected-error-re @+1 {{{{^}}type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%v : i8)
^bb1(%a: i16):
  return
}

// -----

// BranchOpInterface comes before the branch weights.
func.func @cond_br_operands_first(%c: i1, %v: i8) {
  // expected-error-re @+1 {{{{^}}branch has 1 operands for successor #1, but target block has 0}}
  "cf.cond_br"(%c, %v) [^bb1, ^bb1] {branch_weights = array<i32: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 1>} : (i1, i8) -> ()
^bb1:
  return
}

// -----

// WeightedBranchOpInterface: one weight per successor.
func.func @cond_br_weights(%c: i1) {
  // expected-error-re @+1 {{{{^}}expects number of branch weights to match number of successors: 3 vs 2}}
  "cf.cond_br"(%c) [^bb1, ^bb1] {branch_weights = array<i32: 1, 2, 3>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  return
}

// -----

// A dense array attribute of the wrong element type fails its constraint.
func.func @cond_br_weights_type(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op attribute 'branch_weights' failed to satisfy constraint: i32 dense array attribute}}
  "cf.cond_br"(%c) [^bb1, ^bb1] {branch_weights = array<i8: 1, 2>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  return
}

// -----

// cf.switch's flag is an integer (ODS's AnyInteger).
func.func @switch_flag_float(%f: f16) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be integer, but got 'f16'}}
  "cf.switch"(%f) [^bb1] {case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (f16) -> ()
^bb1:
  return
}

// -----

// SwitchOp::verify, after BranchOpInterface: the case values' type.
func.func @switch_case_type(%i: i16) {
  // expected-error @+1 {{'cf.switch' op 'flag' type ('i16') should match case value type ('i8')}}
  "cf.switch"(%i) [^bb1, ^bb1] {case_values = dense<[4]> : vector<1xi8>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i16) -> ()
^bb1:
  return
}

// -----

// BranchOpInterface comes before SwitchOp::verify.
func.func @switch_operands_first(%i: i16) {
  // expected-error-re @+1 {{{{^}}branch has 0 operands for successor #0, but target block has 1}}
  "cf.switch"(%i) [^bb1, ^bb1] {case_values = dense<[4]> : vector<1xi8>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i16) -> ()
^bb1(%a: i16):
  return
}

// -----

// With segment sizes, the count of the single operands comes first.
func.func @cond_br_no_condition() {
  // expected-error @+1 {{'cf.cond_br' op expected 1 or more operands, but found 0}}
  "cf.cond_br"() [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : () -> ()
^bb1:
  return
}

// -----

// The format's own errors name the op: a successor's operands and types.
func.func @br_types_count(%v: i8) {
  // expected-error @+1 {{custom op 'cf.br' number of operands and types do not match: got 2 operands and 1 types}}
  cf.br ^bb1(%v, %v : i8)
^bb1(%a: i8):
  return
}

// -----

// cf.switch's cases: a count mismatch is reported where the cases begin.
func.func @switch_case_types_count(%i: i32) {
  cf.switch %i : i32, [
    // expected-error @+1 {{custom op 'cf.switch' number of operands and types do not match: got 2 operands and 1 types}}
    default: ^bb1,
    7: ^bb1(%i, %i : i32)
  ]
^bb1:
  return
}

// -----

// cf.switch's flag type is read as an integer type.
func.func @switch_flag_type(%f: f32) {
  // expected-error @+1 {{custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  cf.switch %f : f32, [
    default: ^bb1
  ]
^bb1:
  return
}
