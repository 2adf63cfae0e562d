// RUN: pto-opt %s -split-input-file --target=ascend910b | FileCheck %s
// RUN: pto-opt %s -split-input-file --target=ascend910b | pto-opt -split-input-file --target=ascend910b | FileCheck %s

// The pto dialect allows unknown operations: a pto op the table does not
// have (one of a newer ptoas), written in generic form, reads without
// --allow-unregistered-dialect, keeps its place among the others and
// prints as it came, operands, attributes and results unchanged.
// CHECK-LABEL: func.func @newer_op(
// CHECK:      pto.tadd ins(
// CHECK-NEXT: %[[R:.*]] = "pto.tfuture"(%a, %b) {mode = 1 : i32} : (!pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) -> index
// CHECK-NEXT: "pto.tfuture_sync"(%[[R]]) : (index) -> ()
// CHECK-NEXT: pto.texp ins(
func.func @newer_op(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  %r = "pto.tfuture"(%a, %b) {mode = 1 : i32} : (!pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) -> index
  "pto.tfuture_sync"(%r) : (index) -> ()
  pto.texp ins(%b : !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// An unknown op with a region keeps it, and what is inside is verified
// as usual.
// CHECK-LABEL: func.func @newer_region(
// CHECK:      "pto.section.future"() ({
// CHECK-NEXT:   pto.tadd ins(
// CHECK-NEXT: }) : () -> ()
func.func @newer_region(%a: !pto.tile_buf<vec, 16x16xf32>) {
  "pto.section.future"() ({
    pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  }) : () -> ()
  return
}
