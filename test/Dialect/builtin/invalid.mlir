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

// -----

// In generic form an empty region stays empty: a module's body is one
// block (ODS's SizedRegion<1>, checked after its region traits).
func.func @module_no_block() {
  // expected-error @+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
  "builtin.module"() ({
  }) : () -> ()
  return
}

// -----

// Its name is a string (its declared attribute's constraint).
// expected-error @+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({
^bb0:
}) {sym_name = 3} : () -> ()

// -----

// The declared attribute's constraint comes before the Symbol trait's
// check of the parent.
func.func @module_name_nested() {
  // expected-error @+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
  "builtin.module"() ({
  ^bb0:
  }) {sym_name = 3} : () -> ()
  return
}
