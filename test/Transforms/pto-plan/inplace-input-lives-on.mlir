// RUN: pto-opt %s --target=ascend910b -pto-memory-plan="planner=pypto" | FileCheck %s
// RUN: pto-opt %s --target=ascend910b -memory-reuse -allocate-addr | FileCheck %s
// RUN: pto-opt %s --target=ascend910b -pto-memory-plan="planner=pypto" --verify-plan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY

// An output nothing reads afterwards (%c) is live only at its op; it
// still may not be written over its input when that input lives on after
// the op (%a, stored afterwards): %c keeps a buffer and an address of
// its own, and the plan computes what the kernel does.
// CHECK-LABEL: func.func @inplace_not_over_an_input_that_lives_on
// CHECK: %a = pto.alloc_tile addr = %[[A:[^ ]*]] :
// CHECK-NOT: %c = pto.alloc_tile addr = %[[A]] :
// CHECK: pto.tmuls ins(%a, %{{.*}}) outs(%c :
// VERIFY: verify-plan: @inplace_not_over_an_input_that_lives_on: the planned function computes what the unplanned one does
func.func @inplace_not_over_an_input_that_lives_on(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<16x16xf32>) {
  %s = arith.constant 2.0 : f32
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tmuls ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%c : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%dst : !pto.partition_tensor_view<16x16xf32>)
  return
}
