// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect --mlir-print-op-generic | pto-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// The generic form of registered ops reads like their pretty form; with
// --mlir-print-op-generic every op is printed generically, properties in
// <{...}>, regions in (...), the entry block with its arguments.
// CHECK-LABEL: func.func @g(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
// GENERIC-LABEL: "func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
// GENERIC-NEXT:  ^bb0(%arg0: i32):
// GENERIC-NEXT:    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:    "func.return"(%0) : (i32) -> ()
// GENERIC-NEXT:  }) : () -> ()
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Inherent attributes written in the discardable dictionary of a generic
// op become properties.
// CHECK-LABEL: func.func @inherent
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// GENERIC:       %0 = "arith.constant"() <{value = 7 : i32}> : () -> i32
func.func @inherent() {
  %0 = "arith.constant"() {value = 7 : i32} : () -> i32
  return
}

// -----

// Unregistered ops (with --allow-unregistered-dialect) keep the generic
// form: several results, properties, attributes, regions with labelled
// blocks and arguments, successors.
// CHECK-LABEL: func.func @unregistered(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0:2 = "xd.multi"(%arg0) {xd.attr = 1 : i32} : (i32) -> (i32, i32)
// CHECK-NEXT:    "xd.region"(%0#0) ({
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      "xd.term"() : () -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      "xd.inner"() : () -> ()
// CHECK-NEXT:    ^bb1:  // no predecessors
// CHECK-NEXT:      "xd.br"()[^bb2] : () -> ()
// CHECK-NEXT:    ^bb2(%2: i32):  // pred: ^bb1
// CHECK-NEXT:      "xd.term"(%2) : (i32) -> ()
// CHECK-NEXT:    }) : (i32) -> ()
// CHECK-NEXT:    "xd.props"() <{p = 1 : i64}> {d = 2 : i64} : () -> ()
// CHECK-NEXT:    cf.br ^bb1(%0#1 : i32)
// CHECK-NEXT:  ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT:    return %1 : i32
func.func @unregistered(%arg0: i32) -> i32 {
  %1:2 = "xd.multi"(%arg0) {xd.attr = 1 : i32} : (i32) -> (i32, i32)
  "xd.region"(%1#0) ({
  ^bb0(%arg1: i32):
    "xd.term"() : () -> ()
  }, {
    "xd.inner"() : () -> ()
  ^bb1:
    "xd.br"()[^bb2] : () -> ()
  ^bb2(%2: i32):
    "xd.term"(%2) : (i32) -> ()
  }) : (i32) -> ()
  "xd.props"() <{p = 1 : i64}> {d = 2 : i64} : () -> ()
  "cf.br"(%1#1)[^bb1] : (i32) -> ()
^bb1(%5: i32):
  "func.return"(%5) : (i32) -> ()
}

// -----

// An unregistered op with a function-typed result and an empty region; an
// empty block keeps its label in the generic form.
// CHECK:      %0 = "xd.fn"() ({
// CHECK-NEXT: }) : () -> ((i32) -> i32)
// CHECK-NEXT: "xd.b"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
// GENERIC:      %0 = "xd.fn"() ({
// GENERIC-NEXT: }) : () -> ((i32) -> i32)
// GENERIC-NEXT: "xd.b"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
%0 = "xd.fn"() ({
}) : () -> ((i32) -> i32)
"xd.b"() ({
^bb0:
}) : () -> ()

// -----

// Top-level ops that are not a module are wrapped in one; the module's
// attributes print after `attributes`.
// CHECK:      module attributes {xd.top} {
// CHECK-NEXT:   "xd.noresult"() : () -> ()
// GENERIC:    "builtin.module"() ({
// GENERIC:    }) {xd.top} : () -> ()
"builtin.module"() ({
  "xd.noresult"() : () -> ()
}) {xd.top} : () -> ()
