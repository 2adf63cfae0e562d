// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | pto-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// %x:N defines N results used as %x#i; a named group keeps its name.
// CHECK-LABEL: func.func @groups()
// CHECK-NEXT:    %pair:2 = "xd.two"() : () -> (i32, f32)
// CHECK-NEXT:    %0:3 = "xd.three"() : () -> (i1, i1, i1)
// CHECK-NEXT:    "xd.use"(%pair#0, %pair#1, %0#2) : (i32, f32, i1) -> ()
func.func @groups() {
  %pair:2 = "xd.two"() : () -> (i32, f32)
  %7:3 = "xd.three"() : () -> (i1, i1, i1)
  "xd.use"(%pair#0, %pair#1, %7#2) : (i32, f32, i1) -> ()
  return
}

// -----

// Several result groups on one op: %a, %b:2.
// CHECK-LABEL: func.func @several_groups()
// CHECK-NEXT:    %a, %b:2 = "xd.three"() : () -> (i32, i32, i32)
// CHECK-NEXT:    "xd.use"(%a, %b#0, %b#1) : (i32, i32, i32) -> ()
func.func @several_groups() {
  %a, %b:2 = "xd.three"() : () -> (i32, i32, i32)
  "xd.use"(%a, %b#0, %b#1) : (i32, i32, i32) -> ()
  return
}

// -----

// Source names are kept; names that clash with an enclosing region's get
// a suffix; numbered names are renumbered in order.
// CHECK-LABEL: func.func @names(%x: i32) {
// CHECK-NEXT:    %sum = arith.addi %x, %x : i32
// CHECK-NEXT:    %0 = arith.muli %sum, %x : i32
// CHECK-NEXT:    %1 = arith.subi %0, %sum : i32
func.func @names(%x: i32) {
  %sum = arith.addi %x, %x : i32
  %42 = arith.muli %sum, %x : i32
  %7 = arith.subi %42, %sum : i32
  return
}

// -----

// Values of a graph-like region (an unregistered op's) may be used before
// their definition; so may values of a later block that dominates the use.
// CHECK-LABEL: func.func @forward_in_region
// CHECK-NEXT:    "xd.graph"() ({
// CHECK-NEXT:      "xd.use"(%0) : (i32) -> ()
// CHECK-NEXT:      %0 = "xd.def"() : () -> i32
// CHECK-NEXT:      "xd.end"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
func.func @forward_in_region() {
  "xd.graph"() ({
    "xd.use"(%0) : (i32) -> ()
    %0 = "xd.def"() : () -> i32
    "xd.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Block labels and arguments: an entry block may be labelled (when the op
// declares no region arguments), later blocks take arguments; blocks are
// renamed ^bbN per region.
// CHECK-LABEL: func.func @blocks() -> i32 {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    cf.br ^bb1(%c1_i32 : i32)
// CHECK-NEXT:  ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:    return %0 : i32
func.func @blocks() -> i32 {
^entry:
  %10 = arith.constant 1 : i32
  cf.br ^next(%10 : i32)
^next(%11: i32):
  return %11 : i32
}

// -----

// A name defined in a region is gone when the region closes: the op that
// holds the region may define it again for its own result.
// CHECK-LABEL: func.func @region_name_reused(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = scf.execute_region -> i32 {
// CHECK-NEXT:      %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : i32
func.func @region_name_reused(%arg0: i32) -> i32 {
  %2 = scf.execute_region -> i32 {
    %2 = arith.addi %arg0, %arg0 : i32
    scf.yield %2 : i32
  }
  return %2 : i32
}
