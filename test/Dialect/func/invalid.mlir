// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// func.func's parse and verify errors, worded, placed and ordered as
// mlir-opt's (this file passes under
// `mlir-opt -split-input-file -verify-diagnostics` too).

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
