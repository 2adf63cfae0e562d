// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// A function with arguments, a body and a return of several values.
// CHECK-LABEL: func.func @two_results(%arg0: i32, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT:    return %arg0, %arg1 : i32, f32
// CHECK-NEXT:  }
func.func @two_results(%arg0: i32, %arg1: f32) -> (i32, f32) {
  return %arg0, %arg1 : i32, f32
}

// -----

// Without results; `func.return` is accepted and printed as `return`
// (func is the default dialect inside func.func).
// CHECK-LABEL: func.func @no_results() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @no_results() {
  func.return
}

// -----

// Declarations: private and nested visibility, no body, argument and
// result attributes, a function-typed result (which needs parentheses).
// CHECK:      func.func private @decl(i32 {xd.arg}, memref<4xf32> {xd.n = 1 : i32}) -> (index {xd.res})
// CHECK-NEXT: func.func private @fn_result() -> ((i32) -> i32)
// CHECK-NEXT: func.func nested @nested_vis()
func.func private @decl(i32 {xd.arg}, memref<4xf32> {xd.n = 1 : i32}) -> (index {xd.res})
func.func private @fn_result() -> ((i32) -> i32)
func.func nested @nested_vis()

// -----

// Named arguments with attributes, and the function's own attributes after
// `attributes` (an i64 integer prints with its type). Source names are kept.
// CHECK-LABEL: func.func @with_attrs(%x: i32 {xd.a}) -> (i32 {xd.r = "x"}) attributes {xd.f = 3 : i64} {
// CHECK-NEXT:    return %x : i32
func.func @with_attrs(%x: i32 {xd.a}) -> (i32 {xd.r = "x"}) attributes {xd.f = 3} {
  return %x : i32
}

// -----

// Calls: callee, operands, function type, several results used by #index.
// CHECK-LABEL: func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = call @callee(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1:2 = call @pair() : () -> (i32, f32)
// CHECK-NEXT:    call @sink(%0, %1#1) : (i32, f32) -> ()
// CHECK-NEXT:    return %1#0 : i32
func.func private @callee(i32) -> i32
func.func private @pair() -> (i32, f32)
func.func private @sink(i32, f32)
func.func @caller(%arg0: i32) -> i32 {
  %0 = func.call @callee(%arg0) : (i32) -> i32
  %1:2 = call @pair() : () -> (i32, f32)
  call @sink(%0, %1#1) : (i32, f32) -> ()
  return %1#0 : i32
}

// -----

// Symbol names that are not bare identifiers are quoted.
// CHECK: func.func private @"weird name"()
// CHECK: call @"weird name"() : () -> ()
func.func private @"weird name"()
func.func @call_weird() {
  call @"weird name"() : () -> ()
  return
}

// -----

// Extra call attributes are printed in a dictionary after the operands.
// CHECK-LABEL: func.func @call_attrs
// CHECK-NEXT:    call @callee() {xd.hint = 2 : i32} : () -> ()
func.func private @callee()
func.func @call_attrs() {
  call @callee() {xd.hint = 2 : i32} : () -> ()
  return
}
