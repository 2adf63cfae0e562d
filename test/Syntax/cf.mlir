// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// cf.cond_br and cf.br with block arguments; blocks are renamed ^bbN and
// annotated with their predecessors, as mlir-opt prints them.
// CHECK-LABEL: func.func @diamond(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT:  ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%0 : i32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    cf.br ^bb3(%c0_i32 : i32)
// CHECK-NEXT:  ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    return %1 : i32
// CHECK-NEXT:  }
func.func @diamond(%arg0: i1, %arg1: i32) -> i32 {
  cf.cond_br %arg0, ^then(%arg1 : i32), ^else
^then(%0: i32):
  cf.br ^join(%0 : i32)
^else:
  %c0_i32 = arith.constant 0 : i32
  cf.br ^join(%c0_i32 : i32)
^join(%1: i32):
  return %1 : i32
}

// -----

// Forward references: a block used before it is defined, and a value used
// (in a block that the definition dominates) before its definition.
// CHECK-LABEL: func.func @forward(%arg0: i1) -> i32 {
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb1:  // pred: ^bb2
// CHECK-NEXT:    %0 = arith.addi %c1_i32, %c1_i32 : i32
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb3
// CHECK-NEXT:  ^bb3:  // pred: ^bb2
// CHECK-NEXT:    return %c1_i32 : i32
func.func @forward(%arg0: i1) -> i32 {
  cf.br ^exit
^loop:
  %0 = arith.addi %c1_i32, %c1_i32 : i32
  cf.br ^exit
^exit:
  %c1_i32 = arith.constant 1 : i32
  cf.cond_br %arg0, ^loop, ^done
^done:
  return %c1_i32 : i32
}

// -----

// A block without predecessors, a branch to the same block twice, and
// branch weights.
// CHECK-LABEL: func.func @preds(%arg0: i1) {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb2, ^bb2
// CHECK-NEXT:  ^bb1:  // no predecessors
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    cf.cond_br %arg0 weights([3, 5]), ^bb3, ^bb4 {xd.x}
// CHECK-NEXT:  ^bb3:  // pred: ^bb2
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb4:  // pred: ^bb2
// CHECK-NEXT:    return
func.func @preds(%arg0: i1) {
  cf.cond_br %arg0, ^b, ^b
^dead:
  return
^b:
  cf.cond_br %arg0 weights([3, 5]), ^t, ^f {xd.x}
^t:
  return
^f:
  return
}

// -----

// A loop through a block with arguments; cond_br forwards operands to both
// successors.
// CHECK-LABEL: func.func @loop(%arg0: index) -> index {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    cf.br ^bb1(%c0, %c0 : index, index)
// CHECK-NEXT:  ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    %2 = arith.addi %0, %1 : index
// CHECK-NEXT:    %3 = arith.cmpi ult, %2, %arg0 : index
// CHECK-NEXT:    cf.cond_br %3, ^bb1(%2, %0 : index, index), ^bb2(%2 : index)
// CHECK-NEXT:  ^bb2(%4: index):  // pred: ^bb1
// CHECK-NEXT:    return %4 : index
func.func @loop(%arg0: index) -> index {
  %c0 = arith.constant 0 : index
  cf.br ^head(%c0, %c0 : index, index)
^head(%0: index, %1: index):
  %2 = arith.addi %0, %1 : index
  %3 = arith.cmpi ult, %2, %arg0 : index
  cf.cond_br %3, ^head(%2, %0 : index, index), ^exit(%2 : index)
^exit(%4: index):
  return %4 : index
}

// -----

// cf.assert.
// CHECK-LABEL: func.func @assert(%arg0: i1)
// CHECK-NEXT:    cf.assert %arg0, "must hold \22here\22"
func.func @assert(%arg0: i1) {
  cf.assert %arg0, "must hold \"here\""
  return
}

// -----

// cf.switch on integers of any signedness (ODS's AnyInteger): the cases
// print unsigned in the flag's width.
// CHECK-LABEL: func.func @switch_signedness(%arg0: ui8, %arg1: si8) {
// CHECK-NEXT:    cf.switch %arg0 : ui8, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      255: ^bb1,
// CHECK-NEXT:      7: ^bb1
// CHECK-NEXT:    ]
// CHECK:         cf.switch %arg1 : si8, [
// CHECK-NEXT:      default: ^bb2,
// CHECK-NEXT:      255: ^bb2
// CHECK-NEXT:    ]
func.func @switch_signedness(%arg0: ui8, %arg1: si8) {
  cf.switch %arg0 : ui8, [ default: ^bb1, -1: ^bb1, 7: ^bb1 ]
^bb1:
  cf.switch %arg1 : si8, [ default: ^bb2, -1: ^bb2 ]
^bb2:
  return
}

// -----

// Dominance means nothing in a block the entry does not reach: uses there
// may form a cycle.
// CHECK-LABEL: func.func @unreachable_cycle(%arg0: i32) {
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb1:  // pred: ^bb1
// CHECK-NEXT:    %0 = arith.addi %1, %arg0 : i32
// CHECK-NEXT:    %1 = arith.addi %0, %arg0 : i32
// CHECK-NEXT:    cf.br ^bb1
func.func @unreachable_cycle(%arg0: i32) {
  return
^bb1:
  %0 = arith.addi %1, %arg0 : i32
  %1 = arith.addi %0, %arg0 : i32
  cf.br ^bb1
}
