// RUN: pto-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

// The scf ops' verifiers, in mlir-opt's words and order: counts, then
// structural traits, then operand constraints, then PredOpTraits, then
// region constraints, then the op's verify(); on leaving an op (after its
// nested ops), its region traits (implicit terminator, LoopLikeOpInterface,
// RegionBranchOpInterface) and verifyRegions(). The custom parsers' errors
// carry mlir-opt's "custom op" prefix. This file passes mlir-opt too.

// A bound that is neither an integer nor index fails its ODS constraint.
func.func @for_step_float(%i: index, %f: f64) {
  // expected-error @+1 {{'scf.for' op operand #2 must be signless integer or index, but got 'f64'}}
  "scf.for"(%i, %i, %f) ({
  ^bb0(%x: index):
    scf.yield
  }) : (index, index, f64) -> ()
  return
}

// -----

// AllTypesMatch is checked before the region constraint.
func.func @for_bounds_differ(%i: index, %j: i16) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%j, %i, %i) ({}) : (i16, index, index) -> ()
  return
}

// -----

// SizedRegion<1> names the region.
func.func @for_no_block(%i: index) {
  // expected-error @+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%i, %i, %i) ({}) : (index, index, index) -> ()
  return
}

// -----

// The region count comes before the operand count.
func.func @if_counts() {
  // expected-error @+1 {{'scf.if' op expected 2 regions}}
  "scf.if"() ({}) : () -> ()
  return
}

// -----

// NoRegionArguments is structural: it comes before the condition's type.
func.func @if_region_args(%i: index) {
  // expected-error @+1 {{'scf.if' op region #1 should have no arguments}}
  "scf.if"(%i) ({
    scf.yield
  }, {
  ^bb0(%x: i8):
    scf.yield
  }) : (index) -> ()
  return
}

// -----

// SingleBlock: a second block in the else region.
func.func @if_two_blocks(%c: i1) {
  // expected-error @+1 {{'scf.if' op expects region #1 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  ^bb0:
    scf.yield
  ^bb1:
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

// SingleBlock: an empty block of scf.while, before the block's own check.
func.func @while_empty_blocks() {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  "scf.while"() ({
  ^bb0:
  }, {
  ^bb0:
  }) : () -> ()
  return
}

// -----

// The implicit terminator, once the region verified, with mlir-opt's note
// at the op.
func.func @if_wrong_terminator(%c: i1) {
  // expected-error @+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'test.end'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.if"(%c) ({
    "test.end"() : () -> ()
  }, {}) : (i1) -> ()
  return
}

// -----

// HasParent comes before the check that a terminator ends its block.
func.func @yield_in_func() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
  return
}

// -----

// HasParent comes before the operand constraint.
func.func @condition_in_func(%i: index) {
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%i) : (index) -> ()
  return
}

// -----

// ForOp::verify, on entering the loop: results and inits in number.
func.func @for_results(%i: index, %v: i8) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%i, %i, %i, %v, %v) ({
  ^bb0(%x: index, %a: i8, %b: i8):
    scf.yield %a, %b : i8, i8
  }) : (index, index, index, i8, i8) -> (i8)
  return
}

// -----

// LoopLikeOpInterface, after the body verified: an init and its iter_arg.
func.func @for_init_type(%i: index, %v: i8) {
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i8' != 'i16'}}
  %r = "scf.for"(%i, %i, %i, %v) ({
  ^bb0(%x: index, %a: i16):
    scf.yield %a : i16
  }) : (index, index, index, i8) -> (i8)
  return
}

// -----

// LoopLikeOpInterface: mlir-opt numbers every loop result mismatch 0.
func.func @for_second_result(%i: index, %v: i8) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i8' != 'i32'}}
  %r:2 = "scf.for"(%i, %i, %i, %v, %v) ({
  ^bb0(%x: index, %a: i8, %b: i8):
    scf.yield %a, %b : i8, i8
  }) : (index, index, index, i8, i8) -> (i8, i32)
  return
}

// -----

// LoopLikeOpInterface: a body without arguments has, as MLIR counts, one
// iter_arg less than none.
func.func @for_no_iv(%i: index) {
  // expected-error @+1 {{'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "scf.for"(%i, %i, %i) ({
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

// ForOp::verifyRegions: the induction variable's type.
func.func @for_iv_type(%i: i32) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%i, %i, %i) ({
  ^bb0(%x: i64):
    scf.yield
  }) : (i32, i32, i32) -> ()
  return
}

// -----

// The region branch types are checked once the regions verified: the
// error inside the else region comes first.
func.func @if_nested_first(%c: i1, %v: i8) {
  %r = scf.if %c -> i8 {
    scf.yield %c : i1
  } else {
    // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
    %s = "arith.addi"(%v) : (i8) -> i8
    scf.yield %s : i8
  }
  return
}

// -----

// RegionBranchOpInterface: from the op into its first region.
func.func @while_entry(%v: i8) {
  %t = arith.constant true
  // expected-error @+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i8' should match successor input type #0 'i16'}}
  // expected-note @+1 {{region branch point}}
  "scf.while"(%v) ({
  ^bb0(%a: i16):
    scf.condition(%t)
  }, {
    scf.yield %v : i8
  }) : (i8) -> ()
  return
}

// -----

// WhileOp::verify, with a note at the terminator found.
func.func @while_after_terminator() {
  %t = arith.constant true
  // expected-error @+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  scf.while : () -> () {
    scf.condition(%t)
  } do {
    // expected-note @+1 {{terminator here}}
    "test.end"() : () -> ()
  }
  return
}

// -----

// ParallelOp::verify runs on entering the loop, before the nested yield
// says it has the wrong parent.
func.func @parallel_iv_type(%i: index) {
  // expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%i, %i, %i) ({
  ^bb0(%x: i64):
    scf.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

// ParallelOp::verify: a constant step, of any integer constant, is positive.
func.func @parallel_negative_step(%i: index) {
  %s = arith.constant -2 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%x) = (%i) to (%i) step (%s) {
  }
  return
}

// -----

// ParallelOp::verify: the terminator, with a note where it is.
func.func @parallel_terminator(%i: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%i, %i, %i) ({
  ^bb0(%x: index):
    // expected-note @+1 {{terminator here}}
    "test.end"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

// A reduction's type is reported at scf.reduce, types quoted.
func.func @reduce_type(%i: index, %v: i8) {
  %r = scf.parallel (%x) = (%i) to (%i) step (%i) init (%v) -> i8 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'i8'}}
    scf.reduce(%x : index) {
    ^bb0(%a: index, %b: index):
      scf.reduce.return %a : index
    }
  }
  return
}

// -----

// scf.reduce's regions are SizedRegion<1>, variadic: each is named.
func.func @reduce_empty_region(%i: index, %v: i8) {
  %r = scf.parallel (%x) = (%i) to (%i) step (%i) init (%v) -> i8 {
    // expected-error @+1 {{'scf.reduce' op region #0 ('reductions') failed to verify constraint: region with 1 blocks}}
    "scf.reduce"(%v) ({}) : (i8) -> ()
  }
  return
}

// -----

// scf.index_switch checks its regions' yields on entry, types quoted.
func.func @switch_yield_type(%i: index, %v: i8) {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'i16'}}
  %r = scf.index_switch %i -> i16
  default {
    // expected-note @+1 {{default region returns 'i8' here}}
    scf.yield %v : i8
  }
  return
}

// -----

// A custom parser's error names the op: scf.parallel's bound lists.
func.func @parallel_bounds(%i: index) {
  // expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%x, %y) = (%i, %i) to (%i) step (%i, %i) {
  }
  return
}

// -----

// scf.parallel's result types need as many init values, checked once the
// body is read.
func.func @parallel_inits(%i: index, %v: i8) {
  // expected-error @+1 {{custom op 'scf.parallel' number of operands and types do not match: got 1 operands and 2 types}}
  %r:2 = scf.parallel (%x) = (%i) to (%i) step (%i) init (%v) -> (i8, i8) {
  }
  return
}

// -----

// scf.for's iter_args and result types, at the op's name.
func.func @for_iter_arg_types(%i: index, %v: i8) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  scf.for %x = %i to %i step %i iter_args(%a = %v) -> (i8, i8) {
    scf.yield %a, %a : i8, i8
  }
  return
}

// -----

// ForallOp::verify: the loops' block arguments are indices.
func.func @forall_iv_type(%n: index) {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"(%n) ({
  ^bb0(%x: i32):
    scf.forall.in_parallel {}
  }) {staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>, operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (index) -> ()
  return
}

// -----

// ForallOp::verify: the dynamic bounds the static ones call for, reported
// without the op's name.
func.func @forall_dynamic_bounds(%n: index) {
  // expected-error-re @+1 {{{{^}}expected 0 dynamic upper bound values}}
  "scf.forall"(%n) ({
  ^bb0(%x: index):
    scf.forall.in_parallel {}
  }) {staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 8>, staticStep = array<i64: 1>, operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (index) -> ()
  return
}

// -----

// Segment sizes that do not add up to the operands.
func.func @parallel_segments(%i: index) {
  // expected-error @+1 {{'scf.parallel' op operand count (3) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  "scf.parallel"(%i, %i, %i) ({
  ^bb0(%x: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (index, index, index) -> ()
  return
}

// -----

// Segment sizes of another length count as none: all zeros.
func.func @parallel_segments_length(%i: index) {
  // expected-error @+1 {{'scf.parallel' op operand count (3) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "scf.parallel"(%i, %i, %i) ({
  ^bb0(%x: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (index, index, index) -> ()
  return
}

// -----

// scf.while's type must be a function type, reported at the colon.
func.func @while_not_function_type(%v: i8) {
  // expected-error @+1 {{custom op 'scf.while' invalid kind of type specified: expected builtin.function, but found 'i8'}}
  scf.while (%x = %v) : i8 {
    %t = arith.constant true
    scf.condition(%t) %x : i8
  } do {
  ^bb0(%y: i8):
    scf.yield %y : i8
  }
  return
}

// -----

// scf.forall's shared_outs and result types, checked by its parser.
func.func @forall_shared_outs(%n: index, %t: tensor<2xi8>) {
  // expected-error @+1 {{custom op 'scf.forall' number of operands and types do not match: got 1 operands and 2 types}}
  %r:2 = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<2xi8>, tensor<2xi8>) {
  }
  return
}

// -----

// scf.forall's bound lists are counted by its verifier, not its parser.
func.func @forall_bounds(%n: index) {
  // expected-error-re @+1 {{{{^}}expected 2 upper bound values, got 1}}
  scf.forall (%i, %j) in (%n) {
  }
  return
}

// -----

// A case region of scf.index_switch gets no implicit terminator.
func.func @switch_empty_case(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks}}
  scf.index_switch %i
  case 1 {
  }
  default {
  }
  return
}

// -----

// A block of scf.execute_region without a terminator, reported (as
// mlir-opt does) without naming the op found last.
func.func @execute_region_no_terminator() {
  %r = scf.execute_region -> i8 {
    // expected-error-re @+1 {{{{^}}block with no terminator, has}}
    %x = arith.constant 1 : i8
  }
  return
}
