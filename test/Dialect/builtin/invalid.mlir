// RUN: pto-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics -o /dev/null

// The builtin ops' verifiers, worded and ordered as mlir-opt's (this file
// passes under `mlir-opt -allow-unregistered-dialect -split-input-file
// -verify-diagnostics` too).

// A module's region takes no arguments (its NoRegionArguments trait),
// checked before its own verifier's attribute check.
func.func @module_args() {
  // expected-error @+1 {{'builtin.module' op region should have no arguments}}
  builtin.module attributes {undotted} {
  ^bb0(%a: i32):
  }
  return
}

// -----

// The arguments are checked before the count of blocks (its SingleBlock
// trait).
func.func @module_args_two_blocks() {
  // expected-error @+1 {{'builtin.module' op region should have no arguments}}
  builtin.module {
  ^bb0(%a: i32):
    "test.a"() : () -> ()
  ^bb1:
    "test.b"() : () -> ()
  }
  return
}

// -----

// An unrealized cast makes at least one value, on entering it.
func.func @cast_no_result() {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"() : () -> ()
}
