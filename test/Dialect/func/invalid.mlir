// RUN: pto-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics -o /dev/null

// The func ops' parse and verify errors, worded, placed and ordered as
// mlir-opt's (this file passes under
// `mlir-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics`
// too).

// The signature gives the name, the visibility and the type: the
// attribute dictionary may not. The error is at the `attributes` keyword,
// and the visibility is looked for first, wherever it is in the
// dictionary.
// expected-error @+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @inferred() attributes {function_type = () -> (), sym_name = "g", sym_visibility = "private"}

// -----

// Then the name, before the type.
// expected-error @+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @inferred_name() attributes {function_type = () -> (), sym_name = "g"}

// -----

// The entry block is checked against the signature on entering the
// function, before the ops in it.
// expected-error @+1 {{entry block must have 1 arguments to match function signature}}
func.func @entry_first(i32) {
^bb0:
  "builtin.unrealized_conversion_cast"() : () -> ()
  return
}

// -----

// call_indirect's callee is a function type (its declared constraint).
func.func @indirect_callee(%g: i32) {
  // expected-error @+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  "func.call_indirect"(%g) : (i32) -> ()
  return
}

// -----

// Its results are the callee's (a TypesMatchWith predicate).
func.func @indirect_results(%g: (i32) -> i32, %x: i32) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%g, %x) : ((i32) -> i32, i32) -> f32
  return
}

// -----

// func.constant's result may be of any type; the function's type is
// checked with the symbol.
func.func @constant_type() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = "func.constant"() {value = @constant_type} : () -> i32
  return
}

// -----

// A return's parent is a function (its HasParent trait).
func.func @return_parent() {
  "test.region"() ({
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A terminator is last in its block before its operands are compared with
// the function's results.
func.func @return_last() -> i32 {
  %c = arith.constant 1 : i32
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"(%c, %c) : (i32, i32) -> ()
  %d = arith.constant 2 : i32
}

// -----

// func.func's attributes are declared: checked by name, each against its
// constraint.
// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({
}) {function_type = i32, sym_name = "f"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() ({
}) {sym_name = "f"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() ({
}) {function_type = (i32) -> (), sym_name = "f", sym_visibility = "private", arg_attrs = [3]} : () -> ()

// -----

// The symbol's checks come before the function's: the visibility before
// the entry block.
// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
"func.func"() ({
^bb0(%a: i32, %b: i32):
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "f", sym_visibility = "hidden"} : () -> ()

// -----

// A public declaration before its arguments' attributes.
// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
"func.func"() ({
}) {function_type = (i32) -> (), sym_name = "f", arg_attrs = [{bufferization.access = "x"}]} : () -> ()
