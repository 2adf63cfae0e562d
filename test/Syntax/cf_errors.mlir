// RUN: pto-opt %s -split-input-file -verify-diagnostics -o /dev/null

// Errors of cf ops, worded and placed as mlir-opt words and places them
// (this file passes under `mlir-opt -split-input-file -verify-diagnostics`
// too).

// cf.switch's flag is an integer: the custom form reads no other type.
func.func @switch_index(%i: index) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.integer, but found 'index'}}
  cf.switch %i : index, [ default: ^bb1 ]
^bb1:
  return
}

// -----

// In generic form the type is read, and the flag's constraint refuses it.
func.func @switch_index_generic(%i: index) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be integer, but got 'index'}}
  "cf.switch"(%i) [^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> ()
^bb1:
  return
}
