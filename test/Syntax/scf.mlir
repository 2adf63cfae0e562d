// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// scf.for with one and with two iter_args: the loop results are the final
// iter_args; the yield is printed because it carries values.
// CHECK-LABEL: func.func @for_iter_args(%arg0: index, %arg1: index, %arg2: index, %arg3: f32) -> f32 {
// CHECK-NEXT:    %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (f32) {
// CHECK-NEXT:      %2 = arith.addf %arg5, %arg5 : f32
// CHECK-NEXT:      scf.yield %2 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3, %arg6 = %arg0) -> (f32, index) {
// CHECK-NEXT:      scf.yield %arg5, %arg6 : f32, index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %1#0 : f32
func.func @for_iter_args(%arg0: index, %arg1: index, %arg2: index, %arg3: f32) -> f32 {
  %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (f32) {
    %2 = arith.addf %arg5, %arg5 : f32
    scf.yield %2 : f32
  }
  %1:2 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3, %arg6 = %arg0) -> (f32, index) {
    scf.yield %arg5, %arg6 : f32, index
  }
  return %1#0 : f32
}

// -----

// Without iter_args the empty yield is implicit (elided when printing,
// added when parsing); integer bounds print their type, `unsigned` is kept.
// CHECK-LABEL: func.func @for_plain(%arg0: index, %arg1: i32, %arg2: memref<8xi32>)
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c8 = arith.constant 8 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c8 step %c1 {
// CHECK-NEXT:      memref.store %arg1, %arg2[%arg3] : memref<8xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    scf.for %arg3 = %c0_i32 to %arg1 step %arg1  : i32 {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for unsigned %arg3 = %c0_i32 to %arg1 step %arg1  : i32 {
// CHECK-NEXT:    }
func.func @for_plain(%arg0: index, %arg1: i32, %arg2: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %arg3 = %c0 to %c8 step %c1 {
    memref.store %arg1, %arg2[%arg3] : memref<8xi32>
    scf.yield
  }
  %c0_i32 = arith.constant 0 : i32
  scf.for %arg3 = %c0_i32 to %arg1 step %arg1 : i32 {
  }
  scf.for unsigned %arg3 = %c0_i32 to %arg1 step %arg1 : i32 {
  }
  return
}

// -----

// Nested loops: each region starts numbering where its parent region
// ended, sibling regions reuse names (as mlir-opt prints them).
// CHECK-LABEL: func.func @nested(%arg0: index) -> index {
// CHECK-NEXT:    %0 = scf.for %arg1 = %arg0 to %arg0 step %arg0 iter_args(%arg2 = %arg0) -> (index) {
// CHECK-NEXT:      %2 = scf.for %arg3 = %arg0 to %arg0 step %arg0 iter_args(%arg4 = %arg2) -> (index) {
// CHECK-NEXT:        %3 = arith.addi %arg4, %arg3 : index
// CHECK-NEXT:        scf.yield %3 : index
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %2 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = scf.for %arg1 = %arg0 to %arg0 step %arg0 iter_args(%arg2 = %0) -> (index) {
// CHECK-NEXT:      %2 = arith.muli %arg2, %arg1 : index
// CHECK-NEXT:      scf.yield %2 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %1 : index
func.func @nested(%arg0: index) -> index {
  %0 = scf.for %arg1 = %arg0 to %arg0 step %arg0 iter_args(%arg2 = %arg0) -> (index) {
    %1 = scf.for %arg3 = %arg0 to %arg0 step %arg0 iter_args(%arg4 = %arg2) -> (index) {
      %2 = arith.addi %arg4, %arg3 : index
      scf.yield %2 : index
    }
    scf.yield %1 : index
  }
  %3 = scf.for %arg1 = %arg0 to %arg0 step %arg0 iter_args(%arg2 = %0) -> (index) {
    %4 = arith.muli %arg2, %arg1 : index
    scf.yield %4 : index
  }
  return %3 : index
}

// -----

// scf.if with results (both yields printed), without results (the else
// region is optional, empty yields implicit), and with two results.
// CHECK-LABEL: func.func @if_results(%arg0: i1, %arg1: f32) -> f32 {
// CHECK-NEXT:    %0 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:      scf.yield %arg1 : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %2 = arith.negf %arg1 : f32
// CHECK-NEXT:      scf.yield %2 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      %2 = arith.negf %arg1 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:    } else {
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.if %arg0 -> (f32, i1) {
// CHECK-NEXT:      scf.yield %arg1, %arg0 : f32, i1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %0, %arg0 : f32, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    return %1#0 : f32
func.func @if_results(%arg0: i1, %arg1: f32) -> f32 {
  %0 = scf.if %arg0 -> (f32) {
    scf.yield %arg1 : f32
  } else {
    %2 = arith.negf %arg1 : f32
    scf.yield %2 : f32
  }
  scf.if %arg0 {
    %2 = arith.negf %arg1 : f32
  }
  scf.if %arg0 {
    scf.yield
  } else {
  }
  %1:2 = scf.if %arg0 -> (f32, i1) {
    scf.yield %arg1, %arg0 : f32, i1
  } else {
    scf.yield %0, %arg0 : f32, i1
  }
  return %1#0 : f32
}

// -----

// scf.while with two carried values: the before region ends with
// scf.condition, the after region (with its block arguments) with yield.
// CHECK-LABEL: func.func @while_loop(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT:    %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:      %1 = arith.cmpi slt, %arg2, %arg2 : i32
// CHECK-NEXT:      scf.condition(%1) %arg2, %arg3 : i32, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg2: i32, %arg3: f32):
// CHECK-NEXT:      %1 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT:      scf.yield %1, %arg3 : i32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#0 : i32
func.func @while_loop(%arg0: i32, %arg1: f32) -> i32 {
  %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i32, f32) {
    %1 = arith.cmpi slt, %arg2, %arg2 : i32
    scf.condition(%1) %arg2, %arg3 : i32, f32
  } do {
  ^bb0(%arg2: i32, %arg3: f32):
    %1 = arith.addi %arg2, %arg2 : i32
    scf.yield %1, %arg3 : i32, f32
  }
  return %0#0 : i32
}

// -----

// scf.while without operands, yielding one result; trailing attributes
// follow `attributes`.
// CHECK-LABEL: func.func @while_no_inits() -> i32 {
// CHECK-NEXT:    %0 = scf.while : () -> i32 {
// CHECK-NEXT:      %true = arith.constant true
// CHECK-NEXT:      %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:      scf.condition(%true) %c0_i32 : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg0: i32):
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } attributes {xd.w}
func.func @while_no_inits() -> i32 {
  %0 = scf.while : () -> i32 {
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    scf.condition(%true) %c0_i32 : i32
  } do {
  ^bb0(%arg0: i32):
    scf.yield
  } attributes {xd.w}
  return %0 : i32
}

// -----

// Attributes on scf.for and scf.if go after the region.
// CHECK-LABEL: func.func @region_attrs(%arg0: index, %arg1: i1)
// CHECK-NEXT:    scf.for %arg2 = %arg0 to %arg0 step %arg0 {
// CHECK-NEXT:    } {xd.loop = 1 : i64}
// CHECK-NEXT:    scf.if %arg1 {
// CHECK-NEXT:    } {xd.cond}
func.func @region_attrs(%arg0: index, %arg1: i1) {
  scf.for %arg2 = %arg0 to %arg0 step %arg0 {
  } {xd.loop = 1}
  scf.if %arg1 {
  } {xd.cond}
  return
}

// -----

// A name defined inside an op's region is out of scope once the region
// ends: the op's own result may take it (its result is defined after its
// regions, as mlir-opt defines it).
// CHECK-LABEL: func.func @result_name_reused(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = scf.execute_region -> i32 {
// CHECK-NEXT:      %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : i32
func.func @result_name_reused(%arg0: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    scf.yield %0 : i32
  }
  return %0 : i32
}
